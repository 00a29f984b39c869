"""The skeleton of the A4/Letter game sheets: laid out once, each sheet drawing only its body.

:class:`SheetFrame` holds, by name, where every sheet's common parts go: the margin, the accent
band and the title and subtitle under it, where the body starts, the footer and the licence
credit line. :func:`open_sheet` starts a sheet (the document, its title band) and gives the
height where the body starts; :func:`close_sheet` ends it with its footer. Neo Otcho's sheets
and Pronostiques' score pad and rules aid are drawn this way; Les territoires' sheets set their
own title in their body (the game's serif title over its houses' colours) and take the frame's
margin and credit line. Also here: the papers the sheets are laid out for, and how they print
a share and a fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from generator.core.errors import UserError
from generator.core.i18n import Language, _
from generator.render.colour import Colour, set_fill
from generator.render.palette import SHEET
from generator.render.paper import HOME_PAPERS, Paper
from generator.render.profile import HOME, PrintProfile
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.document import PdfDocument
    from generator.render.fonts import FontSet


@dataclass(frozen=True)
class SheetFrame:
    """Where a game sheet's common parts go: millimetres from the page's edges, sizes in
    points."""

    margin: float = 12.0  # around every sheet, beyond what home printers reach
    band: float = 1.6  # the accent band's height, under the top margin
    title_drop: float = 9.5  # the title's baseline, below the top margin
    title_size: float = 17.0
    subtitle_drop: float = 15.0  # the subtitle's baseline, below the top margin
    subtitle_size: float = 8.5
    body_drop: float = 20.0  # where the body starts, below the top margin
    footer_drop: float = 4.0  # the footer's baseline, below the bottom margin
    footer_size: float = 7.0

    def body_top(self, paper: Paper) -> float:
        """The height (mm) where a sheet's body starts."""
        return paper.height - self.margin - self.body_drop


FRAME = SheetFrame()
MARGIN = FRAME.margin
SHEET_PAPERS = HOME_PAPERS  # the layouts are designed for these; A3 would only add blank space


@dataclass(frozen=True)
class SheetHeading:
    """What a sheet says of itself: its PDF's ``title`` and ``subject``, and the ``heading`` and
    ``subtitle`` printed in its band of ``accent`` colour."""

    title: str
    heading: str
    subtitle: str
    accent: Colour
    subject: str = ""


def sheet_paper(sheet: Paper, sheets: str) -> Paper:
    """``sheet`` if the game sheets are laid out for it, or a UserError naming ``sheets`` (e.g.
    "Neo Otcho sheets")."""
    if sheet.name not in SHEET_PAPERS:
        raise UserError(
            _("the {sheets} are laid out for {names}, not {name}; pass {names2}").format(
                sheets=sheets,
                names=" or ".join(SHEET_PAPERS),
                name=sheet.name,
                names2=" or ".join(f"--paper {p}" for p in SHEET_PAPERS),
            )
        )
    return sheet


def open_sheet(
    paper: Paper, heading: SheetHeading, profile: PrintProfile = HOME, frame: SheetFrame = FRAME
) -> tuple[PdfDocument, FontSet, float]:
    """A one-page sheet on ``paper`` with its title band drawn: the document, the fonts, and the
    height (mm) where its body starts."""
    from generator.render.document import DocInfo, new_document
    from generator.render.fonts import register_fonts

    fonts = register_fonts()
    info = DocInfo(title=heading.title, subject=heading.subject)
    document = new_document(paper.width, paper.height, info, profile)
    top = page_header(document.canvas, paper, heading, fonts, frame)
    return document, fonts, top


def close_sheet(
    document: PdfDocument, paper: Paper, text: str, fonts: FontSet, frame: SheetFrame = FRAME
) -> PdfDocument:
    """The sheet's footer (``text``), and its page finished."""
    footer(document.canvas, paper.width, text, fonts.regular, frame)
    document.canvas.showPage()
    return document


def page_header(
    canvas: Canvas,
    paper: Paper,
    heading: SheetHeading,
    fonts: FontSet,
    frame: SheetFrame = FRAME,
) -> float:
    """The title band of a sheet; returns the height (mm) where its body starts."""
    top = paper.height - frame.margin
    set_fill(canvas, heading.accent)
    canvas.rect(
        pt(frame.margin),
        pt(top - frame.band),
        pt(paper.width - 2 * frame.margin),
        pt(frame.band),
        stroke=0,
        fill=1,
    )
    set_fill(canvas, SHEET.ink)
    canvas.setFont(fonts.title, frame.title_size)
    canvas.drawString(pt(frame.margin), pt(top - frame.title_drop), heading.heading)
    set_fill(canvas, SHEET.muted)
    canvas.setFont(fonts.regular, frame.subtitle_size)
    canvas.drawString(pt(frame.margin), pt(top - frame.subtitle_drop), heading.subtitle)
    return frame.body_top(paper)


def footer(
    canvas: Canvas, page_width: float, text: str, font: str, frame: SheetFrame = FRAME
) -> None:
    """A sheet's footer line, centred under its bottom margin."""
    set_fill(canvas, SHEET.muted)
    canvas.setFont(font, frame.footer_size)
    canvas.drawCentredString(pt(page_width / 2), pt(frame.margin - frame.footer_drop), text)


def credit_line(canvas: Canvas, page_width: float, y: float, text: str, font: str) -> None:
    """A licence's attribution, small (6 pt, the smallest type we print) and centred on baseline
    ``y`` (mm), in the footer's grey."""
    from generator.render.fonts import MIN_TEXT_PT

    set_fill(canvas, SHEET.muted)
    canvas.setFont(font, MIN_TEXT_PT)
    canvas.drawCentredString(pt(page_width / 2), pt(y), text)


def percent(value: Fraction | float, language: Language, digits: int = 1) -> str:
    """A share as the sheets print it: "38,9 %" in French (a narrow no-break space before the
    sign, as French typography sets it), "38.9%" in English."""
    if language == "fr":
        return f"{float(value) * 100:.{digits}f}".replace(".", ",") + "\u202f%"
    from generator.core.i18n import percent as babel_percent

    return babel_percent(float(value), language, digits)


def fraction_text(value: Fraction) -> str:
    """``7/18``."""
    return f"{value.numerator}/{value.denominator}"
