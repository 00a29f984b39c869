"""The imposition engine: every deck of every game goes through it.

Layouts are data, drawing is separate (the lesson of Squib's "sprues"):

* :func:`plan_sheet` computes, in millimetres, where the cards of one sheet go: the front slots
  from paper, card size, bleed, gap and margins, and the back slots *derived* from the fronts —
  mirrored for a long-edge flip, turned 180° for a short-edge flip, folded across a gutter for
  fold-and-glue. There is never a second hand-written layout.
* :func:`render_deck` paints cards into those slots with reportlab: bleed-extended backgrounds
  clipped to each card's bleed box, crop marks in the margins only (never on a card), TrimBox and
  BleedBox on every page, and viewer preferences that tell the printer the duplex edge and to print
  at 100 % (``PrintScaling /None``).

A card is two painters (front and back). A painter draws one face upright with the canvas origin at
the card's trim lower-left corner, in PDF points (convert with :func:`generator.render.units.pt`);
it fills its background over ``box.bleed`` and keeps text inside ``box.safe``. The engine turns
backs as the flip requires.

Example::

    spec = SheetSpec(paper=paper("a4"), card=POKER, bleed=1.0, duplex=Duplex.LONG)
    doc = render_deck([Card(front, back, "Le Havre")], spec, DocInfo(title="Oucédonc"))
    doc.save("deck.pdf")
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, P_, Language, _, number
from generator.render.card_size import NO_OFFSET, BackOffset, CardSize
from generator.render.colour import set_fill, set_stroke
from generator.render.duplex import Duplex as Duplex  # re-exported: the engine's vocabulary
from generator.render.duplex import parse_duplex as parse_duplex
from generator.render.palette import MARKS
from generator.render.paper import Paper
from generator.render.profile import HOME, PrintProfile

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.document import DocInfo, PdfDocument

#: Smallest distance from a card's bleed edge to the paper edge: most printers cannot print the
#: last 4 mm or so (laser printers: 1/6 in), and the crop marks need room there.
MIN_MARGIN = 4.0
#: Inset of the safe zone (where text may go) from the trim edge: print shops cut within
#: ±1 mm and ask for 4 mm; a frame or border is either in the bleed or at least this far in.
SAFE_INSET = 4.0
#: Crop marks: they start this far outside the outermost bleed and are this long (at most).
MARK_OFFSET = 1.0
MARK_LENGTH = 4.0


class SheetSpec(Struct, frozen=True):
    """What to impose: paper, card, bleed and gap (mm), duplex mode and back offset (mm)."""

    paper: Paper
    card: CardSize
    bleed: float = 1.0
    duplex: Duplex = Duplex.LONG
    back_offset: BackOffset = NO_OFFSET
    gap: float = 0.0  # extra space between neighbouring cards' bleed edges
    margin: float = MIN_MARGIN
    profile: PrintProfile = HOME  # home (RGB) or shop (CMYK, PDF/X-4)
    language: Language = MATERIAL_DEFAULT  # of the words printed among the marks ("pli")

    def __post_init__(self) -> None:
        if not 0 <= self.bleed <= 6:
            raise UserError(
                _("bleed {bleed} mm is out of range; use 0 to 6 mm (3 mm for print shops)").format(
                    bleed=number(self.bleed)
                )
            )
        if not 0 <= self.gap <= 30:
            raise UserError(
                _("gap {gap} mm is out of range; use 0 to 30 mm").format(gap=number(self.gap))
            )


class Rect(Struct, frozen=True):
    """A rectangle in millimetres, origin at its lower-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def centre_x(self) -> float:
        return self.x + self.width / 2

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.width - 2 * d, self.height - 2 * d)

    def union(self, other: Rect) -> Rect:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.right, other.right) - x, max(self.top, other.top) - y)


class Slot(Struct, frozen=True):
    """Where one card face goes: its trim rectangle on the page and its turn (0 or 180°)."""

    trim: Rect
    rotation: int = 0

    def bleed_box(self, bleed: float) -> Rect:
        return self.trim.inset(-bleed)


class SheetLayout(Struct, frozen=True):
    """One sheet: page size, the front slots, and behind each the back slot (same index)."""

    page_width: float
    page_height: float
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    spec: SheetSpec

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)

    @property
    def backs_on_front_page(self) -> bool:
        return self.spec.duplex is Duplex.FOLD

    @property
    def fold_y(self) -> float | None:
        """The fold line (fold-and-glue only), in mm from the page bottom."""
        if self.spec.duplex is not Duplex.FOLD:
            return None
        return (self.fronts[0].trim.y + self.backs[0].trim.top) / 2


def _fit(length: float, cell: float, spacing: float, margin: float) -> int:
    """How many cells of ``cell`` mm separated by ``spacing`` fit in ``length`` minus margins."""
    usable = length - 2 * margin
    return max(0, math.floor((usable + spacing) / (cell + spacing) + 1e-9))


def _grid(
    width: float, height: float, spec: SheetSpec, cols: int, rows: int, bottom: float
) -> list[Rect]:
    """Trim rectangles of a centred ``cols``×``rows`` grid whose lowest bleed edge is ``bottom``.

    Reading order: top row first, left to right.
    """
    cell_w = spec.card.width + 2 * spec.bleed
    cell_h = spec.card.height + 2 * spec.bleed
    grid_w = cols * cell_w + (cols - 1) * spec.gap
    left = (width - grid_w) / 2
    rects = []
    for row in range(rows):
        y = bottom + (rows - 1 - row) * (cell_h + spec.gap) + spec.bleed
        for col in range(cols):
            x = left + col * (cell_w + spec.gap) + spec.bleed
            rects.append(Rect(round(x, 6), round(y, 6), spec.card.width, spec.card.height))
    return rects


def point_behind(
    x: float, y: float, duplex: Duplex, page_width: float, page_height: float
) -> tuple[float, float]:
    """Where a point of a front page lies on the back page (back page coordinates, mm), once the
    printer has turned the sheet over its long (LONG) or short (SHORT) edge."""
    if duplex is Duplex.LONG:
        return page_width - x, y
    if duplex is Duplex.SHORT:
        return x, page_height - y
    raise ValueError("fold-and-glue puts backs on the front page; there is no back page")


def _duplex_layout(spec: SheetSpec) -> SheetLayout:
    width, height = spec.paper.width, spec.paper.height
    cell_w = spec.card.width + 2 * spec.bleed
    cell_h = spec.card.height + 2 * spec.bleed
    cols = _fit(width, cell_w, spec.gap, spec.margin)
    rows = _fit(height, cell_h, spec.gap, spec.margin)
    if cols * rows == 0:
        raise UserError(
            _(
                "a {name} card with {bleed} mm bleed does not fit on {paper}; choose a smaller "
                "card, less bleed or larger paper"
            ).format(name=spec.card.name, bleed=number(spec.bleed), paper=spec.paper.name)
        )
    grid_h = rows * cell_h + (rows - 1) * spec.gap
    fronts = [Slot(rect) for rect in _grid(width, height, spec, cols, rows, (height - grid_h) / 2)]
    dx, dy = spec.back_offset
    backs = []
    # Long edge: mirrored left-right, faces upright. Short edge: the long-edge back page turned
    # 180°, so each back is upright when its card is turned over sideways.
    rotation = 0 if spec.duplex is Duplex.LONG else 180
    for slot in fronts:
        t = slot.trim
        corners = [
            point_behind(x, y, spec.duplex, width, height)
            for x, y in ((t.x, t.y), (t.right, t.top))
        ]
        x = min(c[0] for c in corners)
        y = min(c[1] for c in corners)
        backs.append(Slot(Rect(round(x + dx, 6), round(y + dy, 6), t.width, t.height), rotation))
    return SheetLayout(width, height, tuple(fronts), tuple(backs), spec)


def _fold_layout(spec: SheetSpec, landscape: bool) -> SheetLayout:
    page = spec.paper.landscape() if landscape else spec.paper
    width, height = page.width, page.height
    cell_w = spec.card.width + 2 * spec.bleed
    cell_h = spec.card.height + 2 * spec.bleed
    gutter = max(spec.gap, 2.0)  # between the front row's bleed and the back row's bleed
    cols = _fit(width, cell_w, spec.gap, spec.margin)
    half = (height - gutter) / 2
    rows = max(0, math.floor((half - spec.margin + spec.gap) / (cell_h + spec.gap) + 1e-9))
    if cols * rows == 0:
        raise UserError(
            _(
                "a {name} card with {bleed} mm bleed does not fit twice on {paper} for "
                "fold-and-glue; choose a smaller card, less bleed, or duplex long/short"
            ).format(name=spec.card.name, bleed=number(spec.bleed), paper=spec.paper.name)
        )
    fold = height / 2
    fronts = [Slot(rect) for rect in _grid(width, height, spec, cols, rows, fold + gutter / 2)]
    dx, dy = spec.back_offset
    backs = tuple(
        Slot(
            Rect(
                round(s.trim.x + dx, 6),
                round(2 * fold - s.trim.top + dy, 6),
                s.trim.width,
                s.trim.height,
            ),
            180,
        )
        for s in fronts
    )
    return SheetLayout(width, height, tuple(fronts), backs, spec)


def plan_sheet(spec: SheetSpec) -> SheetLayout:
    """The slots of one sheet. Duplex modes use portrait paper; fold picks the orientation that
    holds more cards (portrait on a tie)."""
    if spec.duplex is not Duplex.FOLD:
        return _duplex_layout(spec)
    options = []
    for landscape in (False, True):
        try:
            options.append(_fold_layout(spec, landscape))
        except UserError as exc:
            error = exc
    if not options:
        raise error
    return max(options, key=lambda layout: layout.per_sheet)  # max keeps the first on ties


# --------------------------------------------------------------------------------------------
# Drawing


class CardBox(Struct, frozen=True):
    """What a painter knows of the face it draws (mm). Origin: the trim's lower-left corner."""

    width: float
    height: float
    bleed: float

    @property
    def safe(self) -> Rect:
        return Rect(0, 0, self.width, self.height).inset(SAFE_INSET)


Painter = Callable[["Canvas", CardBox], None]


class Card(Struct, frozen=True):
    """One card: its two painters, its name (what tests and messages call it; the printed name
    where it has one), a stable id (``P01``, ``L12``: the same in every language, the name of
    its face images) and its kind (``place``, ``rule``, ``race``…)."""

    front: Painter
    back: Painter
    name: str = ""
    id: str = ""
    kind: str = ""


def _pt_rect(rect: Rect) -> tuple[float, float, float, float]:
    from generator.render.units import pt

    return pt(rect.x), pt(rect.y), pt(rect.width), pt(rect.height)


def _paint(canvas: Canvas, slot: Slot, painter: Painter, box: CardBox) -> None:
    from generator.render.units import pt

    canvas.saveState()
    canvas.translate(pt(slot.trim.x), pt(slot.trim.y))
    if slot.rotation == 180:
        canvas.translate(pt(box.width), pt(box.height))
        canvas.rotate(180)
    clip = canvas.beginPath()
    clip.rect(
        pt(-box.bleed),
        pt(-box.bleed),
        pt(box.width + 2 * box.bleed),
        pt(box.height + 2 * box.bleed),
    )
    canvas.clipPath(clip, stroke=0, fill=0)
    painter(canvas, box)
    canvas.restoreState()


def crop_mark_segments(
    slots: Sequence[Slot], bleed: float, page_width: float, page_height: float
) -> list[tuple[float, float, float, float]]:
    """Crop-mark line segments (x1, y1, x2, y2 in mm) for the given slots.

    Marks extend every trim edge into the page margins, beyond the outermost bleed, so they never
    touch a card: vertical marks above and below the grid, horizontal marks left and right of it.
    """
    if not slots:
        return []
    extent = slots[0].bleed_box(bleed)
    for slot in slots[1:]:
        extent = extent.union(slot.bleed_box(bleed))
    xs = sorted({x for s in slots for x in (s.trim.x, s.trim.right)})
    ys = sorted({y for s in slots for y in (s.trim.y, s.trim.top)})
    segments = []
    for x in xs:
        top_len = min(MARK_LENGTH, page_height - extent.top - MARK_OFFSET)
        bottom_len = min(MARK_LENGTH, extent.y - MARK_OFFSET)
        if top_len > 0.5:
            segments.append((x, extent.top + MARK_OFFSET, x, extent.top + MARK_OFFSET + top_len))
        if bottom_len > 0.5:
            segments.append((x, extent.y - MARK_OFFSET - bottom_len, x, extent.y - MARK_OFFSET))
    for y in ys:
        right_len = min(MARK_LENGTH, page_width - extent.right - MARK_OFFSET)
        left_len = min(MARK_LENGTH, extent.x - MARK_OFFSET)
        if right_len > 0.5:
            segments.append(
                (extent.right + MARK_OFFSET, y, extent.right + MARK_OFFSET + right_len, y)
            )
        if left_len > 0.5:
            segments.append((extent.x - MARK_OFFSET - left_len, y, extent.x - MARK_OFFSET, y))
    return segments


def _draw_marks(canvas: Canvas, segments: Sequence[tuple[float, float, float, float]]) -> None:
    from generator.render.units import pt

    canvas.saveState()
    set_stroke(canvas, MARKS.crop)
    canvas.setLineWidth(0.25)
    for x1, y1, x2, y2 in segments:
        canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    canvas.restoreState()


def _draw_fold_guides(canvas: Canvas, layout: SheetLayout, slots: Sequence[Slot]) -> None:
    """Dashed fold line in the side margins only, labelled, never across a card."""
    from generator.render.fonts import REGULAR, register_face
    from generator.render.units import pt

    fold = layout.fold_y
    if fold is None:  # a sheet with no fold line
        return
    bleed = layout.spec.bleed
    left = min(s.trim.x for s in slots) - bleed - MARK_OFFSET
    right = max(s.trim.right for s in slots) + bleed + MARK_OFFSET
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setDash(2, 1.5)
    set_stroke(canvas, MARKS.fold_guide)
    canvas.line(pt(max(left - 8, 1)), pt(fold), pt(left), pt(fold))
    canvas.line(pt(right), pt(fold), pt(min(right + 8, layout.page_width - 1)), pt(fold))
    set_fill(canvas, MARKS.fold_guide)
    canvas.setFont(register_face(REGULAR), 6)
    canvas.drawString(pt(max(left - 8, 1)), pt(fold) + 2, P_(layout.spec.language, "pli"))
    canvas.restoreState()


def _set_boxes(canvas: Canvas, slots: Sequence[Slot], bleed: float) -> None:
    trim = slots[0].trim
    for slot in slots[1:]:
        trim = trim.union(slot.trim)
    x, y, w, h = _pt_rect(trim)
    canvas.setTrimBox((x, y, x + w, y + h))
    x, y, w, h = _pt_rect(trim.inset(-bleed))
    canvas.setBleedBox((x, y, x + w, y + h))


CREDIT_SIZE = 6.0  # pt (MIN_TEXT_PT): the attribution lines in the bottom margin
CREDIT_LEADING = 2.3  # mm between their baselines (6 pt is 2.1 mm)


def _draw_credit(
    canvas: Canvas,
    layout: SheetLayout,
    slots: Sequence[Slot],
    credit: str,
    font: str | None,
) -> bool:
    """``credit`` at 6 pt in a margin, never on a card nor on a crop mark: the first place it
    fits of (bottom margin, then top) the gap between crop marks that the page's centre line
    crosses, the full width below (above) the crop marks, any other gap between crop marks;
    no nearer the paper's edge than :data:`MIN_MARGIN` (what home printers print). Left out
    only when none fits (a sheet filled to its margins): then False, and the caller puts it in
    the document's subject (:func:`credit_in_subject`)."""
    import itertools

    from generator.render.draw.text import split_lines
    from generator.render.fonts import REGULAR, register_face
    from generator.render.units import pt, to_mm

    if not credit:
        return True
    font = font or register_face(REGULAR)
    cap, descent = to_mm(CREDIT_SIZE * 0.76), to_mm(CREDIT_SIZE * 0.24)
    edges = sorted({x for s in slots for x in (s.trim.x, s.trim.right)})
    centre = layout.page_width / 2
    gaps = sorted(
        itertools.pairwise(edges),
        key=lambda gap: (not gap[0] <= centre <= gap[1], gap[0] - gap[1]),
    )
    bleed = layout.spec.bleed
    bottom = min(s.trim.y for s in slots) - bleed  # the lowest bleed edge
    top = max(s.trim.top for s in slots) + bleed
    below_marks = MARK_OFFSET + MARK_LENGTH + 0.8
    full = (MIN_MARGIN, layout.page_width - MIN_MARGIN)
    # (left, right, the distance from the bleed to the first line, the room there in mm)
    places = []
    for room in (bottom - MIN_MARGIN, layout.page_height - MIN_MARGIN - top):
        places += [(*gaps[0], MARK_OFFSET, room)] if gaps else []
        places.append((*full, below_marks, room))
        places += [(a, b, MARK_OFFSET, room) for a, b in gaps[1:]]
    for index, (left, right, offset, room) in enumerate(places):
        width = right - left - 3.0
        lines = split_lines(credit, font, CREDIT_SIZE, pt(width)) if width > 0 else []
        height = offset + cap + (len(lines) - 1) * CREDIT_LEADING + descent
        if not lines or height > room:
            continue
        at_top = index >= len(places) // 2
        first = (
            top + offset + (len(lines) - 1) * CREDIT_LEADING if at_top else bottom - offset - cap
        )
        canvas.saveState()
        set_fill(canvas, MARKS.credit)
        canvas.setFont(font, CREDIT_SIZE)
        for row, line in enumerate(lines):
            y = first - row * CREDIT_LEADING
            canvas.drawCentredString(pt((left + right) / 2), pt(y), line)
        canvas.restoreState()
        return True
    return False


def _place_credit(
    canvas: Canvas, layout: SheetLayout, slots: Sequence[Slot], credit: str, font: str | None
) -> bool:
    """The credit as it is, or else without its parenthesised parts (the licence's address): then
    False, so that the whole credit also goes in the document's subject."""
    import re

    if _draw_credit(canvas, layout, slots, credit, font):
        return True
    short = re.sub(r"\s*\([^)]*\)", "", credit)
    if short != credit:
        _draw_credit(canvas, layout, slots, short, font)
    return False


def credit_in_subject(canvas: Canvas, info: DocInfo) -> None:
    """The attribution where no page has room for it (faces files, full sheets): the subject of
    the document information, which every PDF viewer shows."""
    if info.credit:
        canvas.setSubject(f"{info.subject} · {info.credit}" if info.subject else info.credit)


def render_deck(
    cards: Sequence[Card], spec: SheetSpec, info: DocInfo, credit_font: str | None = None
) -> PdfDocument:
    """Impose ``cards`` on sheets: front page then back page per sheet (one page per sheet for
    fold-and-glue). Empty slots of the last sheet stay blank, without crop marks. ``info.credit``
    goes under the cards (:func:`_draw_credit`), in ``credit_font`` (default: DejaVu Sans): on
    every sheet, or the first one only for fold-and-glue (then in the subject as well)."""
    from generator.render.document import new_document

    if not cards:
        raise UserError(_("there are no cards to print; check the deck's parameters"))
    layout = plan_sheet(spec)
    duplex = "simplex" if spec.duplex is Duplex.FOLD else spec.duplex.value
    doc = new_document(layout.page_width, layout.page_height, info, spec.profile, duplex)
    canvas = doc.canvas
    box = CardBox(spec.card.width, spec.card.height, spec.bleed)
    per_sheet = layout.per_sheet
    # A fold-and-glue sheet holds half the cards of a duplex one (fronts and backs on one
    # page): its 6 pt credit line on every sheet came to 10-14 % of a deck's characters, over
    # the tenth under 7 pt that issue 30 allows. It credits on its first sheet only, and the
    # whole credit goes in the document's subject too.
    credited = spec.duplex is not Duplex.FOLD
    for start in range(0, len(cards), per_sheet):
        sheet = cards[start : start + per_sheet]
        fronts = layout.fronts[: len(sheet)]
        backs = layout.backs[: len(sheet)]
        for card, slot in zip(sheet, fronts, strict=True):
            _paint(canvas, slot, card.front, box)
        if layout.backs_on_front_page:
            for card, slot in zip(sheet, backs, strict=True):
                _paint(canvas, slot, card.back, box)
            both = fronts + backs
            _draw_marks(
                canvas, crop_mark_segments(both, spec.bleed, layout.page_width, layout.page_height)
            )
            _draw_fold_guides(canvas, layout, both)
            if start == 0:
                credited &= _place_credit(canvas, layout, both, info.credit, credit_font)
            _set_boxes(canvas, fronts + backs, spec.bleed)
            canvas.showPage()
            continue
        _draw_marks(
            canvas, crop_mark_segments(fronts, spec.bleed, layout.page_width, layout.page_height)
        )
        credited &= _place_credit(canvas, layout, fronts, info.credit, credit_font)
        _set_boxes(canvas, fronts, spec.bleed)
        canvas.showPage()
        for card, slot in zip(sheet, backs, strict=True):
            _paint(canvas, slot, card.back, box)
        _set_boxes(canvas, backs, spec.bleed)
        canvas.showPage()
    if not credited:
        credit_in_subject(canvas, info)
    return doc


class FaceAt(Struct, frozen=True):
    """Where one face of a card lies in the PDF :func:`render_deck` writes: its page (from 0),
    its trim rectangle (mm from the page's lower left corner) and its turn (0 or 180°)."""

    page: int
    trim: Rect
    rotation: int = 0


def faces_at(layout: SheetLayout, index: int) -> tuple[FaceAt, FaceAt]:
    """The front and the back of the ``index``-th card (from 0) as :func:`render_deck` imposes
    them on ``layout``'s sheets: a picture of a face is that rectangle of that page."""
    sheet, slot = divmod(index, layout.per_sheet)
    front, back = layout.fronts[slot], layout.backs[slot]
    if layout.backs_on_front_page:
        return FaceAt(sheet, front.trim, front.rotation), FaceAt(sheet, back.trim, back.rotation)
    return (
        FaceAt(2 * sheet, front.trim, front.rotation),
        FaceAt(2 * sheet + 1, back.trim, back.rotation),
    )


def render_faces(
    cards: Sequence[Card],
    card: CardSize,
    bleed: float,
    info: DocInfo,
    profile: PrintProfile = HOME,
    back_first: bool = False,
) -> PdfDocument:
    """One face per page, page = card plus bleed, TrimBox = the card: the format print-on-demand
    services ask for. Pages go front, back, front, back… (back, front… with ``back_first``)."""
    faces = [
        painter
        for item in cards
        for painter in ((item.back, item.front) if back_first else (item.front, item.back))
    ]
    return render_face_pages(faces, card, bleed, info, profile)


def render_face_pages(
    faces: Sequence[Painter],
    card: CardSize,
    bleed: float,
    info: DocInfo,
    profile: PrintProfile = HOME,
) -> PdfDocument:
    """A page per painter of ``faces``, each page a ``card`` plus ``bleed`` (TrimBox the card)."""
    from generator.render.document import new_document

    doc = new_document(card.width + 2 * bleed, card.height + 2 * bleed, info, profile)
    canvas = doc.canvas
    box = CardBox(card.width, card.height, bleed)
    slot = Slot(Rect(bleed, bleed, card.width, card.height))
    for painter in faces:
        _paint(canvas, slot, painter, box)
        _set_boxes(canvas, [slot], bleed)
        canvas.showPage()
    credit_in_subject(canvas, info)  # a face has no margin to carry it
    return doc
