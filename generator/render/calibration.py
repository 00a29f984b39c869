"""`pnp calibrate`: a one-sheet duplex test that measures a printer's front/back drift.

The front carries five targets (a fine cross in a circle). The back carries, exactly behind each
target *as the engine places backs*, a millimetre grid whose zero lines cross there. Printed duplex
and held
against a window (or pricked through the cross centre with a pin), each front cross shows on the
back grids at the printer's drift; the numbers read there are the ``--back-offset X,Y`` to pass,
with no sign to work out: positive X moves backs right, positive Y moves them up, as seen on the
back page, which is what :class:`generator.render.imposition.SheetSpec` ``back_offset`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language
from generator.render.colour import set_fill, set_stroke
from generator.render.document import DocInfo, PdfDocument, new_document
from generator.render.fonts import register_fonts
from generator.render.imposition import Duplex, point_behind
from generator.render.palette import CALIBRATION
from generator.render.paper import Paper
from generator.render.units import pt

#: Half-width of each grid (mm): drifts beyond this are a printer fault, not a calibration.
RULER_HALF = 8.0

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class Target:
    x: float  # mm, front page coordinates
    y: float
    label: str


#: The targets' distance (mm) from the top and the bottom edge: the same both ways, so that
#: once turned over either edge the grids still sit below the back's instructions.
TARGET_ROW = 75.0


def targets(page: Paper) -> tuple[Target, ...]:
    """Centre and four corners: drift often differs across the sheet (skew). The rows sit as far
    from the bottom as from the top, so a short-edge flip (which swaps top and bottom) leaves the
    instructions of both sides clear."""
    inset = 35.0
    top = page.height - TARGET_ROW
    return (
        Target(inset, top, "A"),
        Target(page.width - inset, top, "B"),
        Target(page.width / 2, page.height / 2, "C"),
        Target(inset, TARGET_ROW, "D"),
        Target(page.width - inset, TARGET_ROW, "E"),
    )


def _front(canvas: Canvas, page: Paper, duplex: Duplex, language: Language) -> None:
    fonts = register_fonts()
    set_fill(canvas, CALIBRATION.ink)
    canvas.setFont(fonts.title, 18)
    canvas.drawCentredString(
        pt(page.width / 2), pt(page.height - 22), P_(language, "Calibrage recto verso")
    )
    canvas.setFont(fonts.regular, 9)
    if duplex is Duplex.LONG:
        first = P_(
            language,
            "Imprimez cette feuille en recto verso, retournement sur le bord long, à 100 % "
            "(sans ajustement).",
        )
    else:
        first = P_(
            language,
            "Imprimez cette feuille en recto verso, retournement sur le bord court, à 100 % "
            "(sans ajustement).",
        )
    lines = [
        first,
        P_(
            language,
            "Regardez la feuille à contre-jour, ou piquez une aiguille au centre de chaque croix.",
        ),
        P_(
            language,
            "Au verso, lisez sur le quadrillage où tombe chaque croix : X en bas, Y à gauche.",
        ),
        P_(
            language,
            "Passez la moyenne à l’option --back-offset X,Y (par exemple --back-offset 0.5,-1).",
        ),
    ]
    for i, line in enumerate(lines):
        canvas.drawCentredString(pt(page.width / 2), pt(page.height - 32 - 5 * i), line)
    for target in targets(page):
        x, y = pt(target.x), pt(target.y)
        set_stroke(canvas, CALIBRATION.ink)
        canvas.setLineWidth(0.3)
        canvas.line(x - pt(6), y, x + pt(6), y)
        canvas.line(x, y - pt(6), x, y + pt(6))
        set_stroke(canvas, CALIBRATION.accent)
        canvas.circle(x, y, pt(2.5), stroke=1, fill=0)
        set_fill(canvas, CALIBRATION.accent)
        canvas.setFont(fonts.bold, 9)
        canvas.drawString(x + pt(3.5), y + pt(3.5), target.label)
    set_fill(canvas, CALIBRATION.muted)
    canvas.setFont(fonts.regular, 7)
    side = P_(language, "recto")
    canvas.drawCentredString(
        pt(page.width / 2), pt(10), f"pnp calibrate · {page.name} · {duplex.value} · {side}"
    )


def _grid(canvas: Canvas, x: float, y: float) -> None:
    """Millimetre graph paper centred on (x, y) mm: a line every mm, bolder every 2 mm, the zero
    lines in colour and thickest. X is read on the numbers below it, Y on the numbers left of it
    (outside the grid, so no label hides a line); the numbers go without signs, 7 pt, every
    4 mm (the bold lines between count the even millimetres), and a large − and + at the ends of
    each axis say which side is which."""
    fonts = register_fonts()
    half = RULER_HALF
    for i in range(-int(half), int(half) + 1):
        zero, bold = i == 0, i % 2 == 0
        set_stroke(
            canvas,
            (CALIBRATION.accent if zero else (CALIBRATION.ink if bold else CALIBRATION.muted)),
        )
        canvas.setLineWidth(0.6 if zero else (0.35 if bold else 0.2))
        canvas.line(pt(x + i), pt(y - half), pt(x + i), pt(y + half))
        canvas.line(pt(x - half), pt(y + i), pt(x + half), pt(y + i))
        if i % 4 == 0:
            set_fill(canvas, (CALIBRATION.accent if zero else CALIBRATION.ink))
            canvas.setFont(fonts.bold if zero else fonts.regular, 7)
            canvas.drawCentredString(pt(x + i), pt(y - half - 3.4), str(abs(i)))
            canvas.drawRightString(pt(x - half - 1.2), pt(y + i) - 2.3, str(abs(i)))
    set_fill(canvas, CALIBRATION.ink)
    canvas.setFont(fonts.bold, 11)
    canvas.drawCentredString(pt(x - half - 3.2), pt(y - half - 3.8), "−")
    canvas.drawCentredString(pt(x + half + 3.2), pt(y - half - 3.8), "+")
    canvas.drawCentredString(pt(x - half - 5.2), pt(y + half + 0.2), "+")
    canvas.drawCentredString(pt(x - half - 5.2), pt(y - half - 1.0), "−")
    set_fill(canvas, CALIBRATION.muted)
    canvas.setFont(fonts.bold, 7)
    canvas.drawCentredString(pt(x), pt(y - half - 7.4), "X (mm)")
    canvas.drawCentredString(pt(x - half - 5.2), pt(y + half + 4.4), "Y (mm)")


def _back(canvas: Canvas, page: Paper, duplex: Duplex, language: Language) -> None:
    fonts = register_fonts()
    for target in targets(page):
        bx, by = point_behind(target.x, target.y, duplex, page.width, page.height)
        _grid(canvas, bx, by)
        set_fill(canvas, CALIBRATION.accent)
        canvas.setFont(fonts.bold, 9)
        canvas.drawString(pt(bx + RULER_HALF + 2), pt(by + RULER_HALF - 3), target.label)
    set_fill(canvas, CALIBRATION.ink)
    canvas.setFont(fonts.title, 14)
    canvas.drawCentredString(
        pt(page.width / 2),
        pt(page.height - 22),
        P_(language, "Verso : lisez X et Y sous chaque croix"),
    )
    canvas.setFont(fonts.regular, 9)
    canvas.drawCentredString(
        pt(page.width / 2),
        pt(page.height - 31),
        P_(
            language,
            "Toutes les croix sur 0 : rien à corriger. Sinon, --back-offset X,Y (moyenne des "
            "cinq lectures).",
        ),
    )
    set_fill(canvas, CALIBRATION.muted)
    canvas.setFont(fonts.regular, 7)
    side = P_(language, "verso")
    canvas.drawCentredString(
        pt(page.width / 2), pt(10), f"pnp calibrate · {page.name} · {duplex.value} · {side}"
    )


def calibration_sheet(
    page: Paper, duplex: Duplex, language: Language = MATERIAL_DEFAULT
) -> PdfDocument:
    """Two pages (front, back) for ``duplex`` LONG or SHORT on ``page``, printed in ``language``."""
    doc = new_document(
        page.width,
        page.height,
        DocInfo(title=P_(language, "Calibrage recto verso"), subject="pnp calibrate"),
        duplex=duplex.value,
    )
    canvas = doc.canvas
    _front(canvas, page, duplex, language)
    canvas.showPage()
    _back(canvas, page, duplex, language)
    canvas.showPage()
    return doc
