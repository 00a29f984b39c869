"""The one path from a deck to its files: sheets, faces, images.

Every deck of every game (:class:`~generator.render.deck.CardDeck`) is turned into files here
and nowhere else:

* :func:`impose`: the print-and-play sheets, through the imposition engine
  (:func:`generator.render.imposition.render_deck`): several decks may share one PDF (the
  Pronostiques race deck and its prediction cards);
* :func:`faces_document`: one face per page, page = card plus bleed, TrimBox = the card, the
  format print-on-demand services ask for; a round piece's front carries its die line (its
  image does not: nobody cuts an image);
* :func:`face_images`: one PNG per face, at a resolution (``ImageSize(dpi=300)``) or at an
  exact pixel size (``ImageSize(pixels=(825, 1125))``, what a shop's template asks), sized so
  that no pixel of the face is ever lost: a size a hair over a whole number of pixels (825.0000001
  from 2.75 in at 300 dpi) is that number, anything more is one pixel more. A deck whose backs
  are all alike has one back image; a deck of unique backs has one per card.

Painters draw a face upright: a card (:attr:`Shape.CARD`) with the canvas origin at its trim's
lower-left corner, its art clipped to the bleed; a round piece (:attr:`Shape.ROUND`) about its
centre, unclipped (its art is a disc within the bleed), its cut circle drawn here.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.render.deck import Backs, CardDeck, Shape
from generator.render.document import DocInfo, PdfDocument
from generator.render.imposition import (
    Card,
    CardBox,
    Painter,
    SheetSpec,
    credit_in_subject,
    render_deck,
    render_face_pages,
    render_faces,
)
from generator.render.palette import MARKS
from generator.render.profile import HOME, PrintProfile

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: A face image's resolution is 30 to 1200 dpi; an exact size, at most this many pixels a side.
DPI_RANGE = (30, 1200)
MAX_PIXELS = 20000
#: How far over a whole number of pixels a face may measure and still be that number (float
#: error: 2.75 in at 300 dpi is 825.0000000001 px).
PIXEL_TOLERANCE = 1e-6


# --------------------------------------------------------------------------------- sheets


def _cards(decks: Sequence[CardDeck]) -> tuple[Card, ...]:
    return tuple(card for deck in decks for card in deck.cards)


def _one_format(decks: Sequence[CardDeck]) -> CardDeck:
    """The first of ``decks``, after checking that they all have its size, bleed and shape."""
    if not decks:
        raise UserError(_("there are no cards to print; check the deck's parameters"))
    first = decks[0]
    for deck in decks[1:]:
        if (deck.size, deck.bleed, deck.shape) != (first.size, first.bleed, first.shape):
            raise ValueError(f"decks {first.key} and {deck.key} differ in size, bleed or shape")
    return first


def impose(
    decks: Sequence[CardDeck], spec: SheetSpec, info: DocInfo, credit_font: str | None = None
) -> PdfDocument:
    """The print-and-play sheets of ``decks``, one after the other (fronts, then backs behind
    them as ``spec.duplex`` says); ``spec`` gives the paper and the flip, the decks their card
    size and bleed (which must be ``spec``'s)."""
    first = _one_format(decks)
    if first.shape is not Shape.CARD:
        raise ValueError(f"deck {first.key}: round pieces are imposed by their game's sheet")
    if (first.size, first.bleed) != (spec.card, spec.bleed):
        raise ValueError(f"deck {first.key} is not cut to the sheet's card size and bleed")
    return render_deck(_cards(decks), spec, info, credit_font)


# --------------------------------------------------------------------------------- faces


def faces_document(
    decks: Sequence[CardDeck],
    info: DocInfo | None = None,
    profile: PrintProfile = HOME,
    back_first: bool = False,
) -> PdfDocument:
    """Every card of ``decks`` one face per page, front then back (back then front with
    ``back_first``); ``info`` defaults to the first deck's."""
    first = _one_format(decks)
    info = info or first.info
    cards = _cards(decks)
    if first.shape is Shape.CARD:
        return render_faces(cards, first.size, first.bleed, info, profile, back_first)
    pages = [
        (painter, front)
        for card in cards
        for painter, front in (
            ((card.back, False), (card.front, True))
            if back_first
            else ((card.front, True), (card.back, False))
        )
    ]
    return _round_faces(first, pages, info, profile)


def round_boxes(
    canvas: Canvas, centres: Sequence[tuple[float, float]], radius: float, bleed: float
) -> None:
    """A page of round pieces: TrimBox the box around their cut circles, BleedBox that box grown
    by the bleed (mm)."""
    from generator.render.units import pt

    left = min(x for x, _ in centres) - radius
    bottom = min(y for _, y in centres) - radius
    right = max(x for x, _ in centres) + radius
    top = max(y for _, y in centres) + radius
    canvas.setTrimBox((pt(left), pt(bottom), pt(right), pt(top)))
    canvas.setBleedBox((pt(left - bleed), pt(bottom - bleed), pt(right + bleed), pt(top + bleed)))


def die_lines(canvas: Canvas, centres: Sequence[tuple[float, float]], radius: float) -> None:
    """The cut circles of round pieces as die lines: a stroke in the spot colour
    ``CutContour``, overprinting (the art under it stays whole), which a shop's cutter follows
    and its press does not print."""
    from generator.render.colour import set_stroke
    from generator.render.units import pt

    canvas.saveState()
    canvas.setStrokeOverprint(True)
    canvas.setOverprintMask(True)
    set_stroke(canvas, MARKS.die_line)
    canvas.setLineWidth(0.25)
    for x, y in centres:
        canvas.circle(pt(x), pt(y), pt(radius), stroke=1, fill=0)
    canvas.restoreState()


def paint_round(canvas: Canvas, x: float, y: float, painter: Painter, box: CardBox) -> None:
    """A round piece's face centred on (x, y) mm."""
    from generator.render.units import pt

    canvas.saveState()
    canvas.translate(pt(x), pt(y))
    painter(canvas, box)
    canvas.restoreState()


def _round_faces(
    deck: CardDeck,
    pages: Sequence[tuple[Painter, bool]],
    info: DocInfo,
    profile: PrintProfile,
    die_line: bool = True,
) -> PdfDocument:
    """Round pieces one face per page (page = the piece's square plus the bleed); ``pages`` are
    (painter, is a front): with ``die_line``, a front carries the cut circle a shop's cutter
    follows (an image, which nobody cuts, has none)."""
    from generator.render.document import new_document

    radius = deck.size.width / 2
    side = radius + deck.bleed
    doc = new_document(2 * side, 2 * side, info, profile)
    canvas, box = doc.canvas, deck.box
    for painter, front in pages:
        paint_round(canvas, side, side, painter, box)
        if front and die_line:
            die_lines(canvas, [(side, side)], radius)
        round_boxes(canvas, [(side, side)], radius, deck.bleed)
        canvas.showPage()
    credit_in_subject(canvas, info)
    return doc


# --------------------------------------------------------------------------------- images


class ImageSize(Struct, frozen=True):
    """The size of face images: ``dpi`` (the face's size at that resolution), or ``pixels``
    (width, height: exactly that, the face stretched by at most a pixel to fill it)."""

    dpi: float | None = None
    pixels: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if (self.dpi is None) == (self.pixels is None):
            raise ValueError("an image size is a dpi or a pixel size, one of the two")
        low, high = DPI_RANGE
        if self.dpi is not None and not low <= self.dpi <= high:
            raise UserError(
                _(
                    "PNG resolution {dpi} dpi is out of range; use 30 to 1200 (300 for print)"
                ).format(dpi=f"{self.dpi:g}")
            )
        if self.pixels is not None and not all(1 <= side <= MAX_PIXELS for side in self.pixels):
            raise UserError(
                _("image size {width}×{height} px is out of range; use 1 to {most} a side").format(
                    width=self.pixels[0], height=self.pixels[1], most=MAX_PIXELS
                )
            )

    def for_page(self, width_pt: float, height_pt: float) -> tuple[int, int]:
        """The pixel size of a face ``width_pt`` × ``height_pt`` points."""
        if self.pixels is not None:
            return self.pixels
        assert self.dpi is not None
        scale = self.dpi / 72.0
        return (
            math.ceil(width_pt * scale - PIXEL_TOLERANCE),
            math.ceil(height_pt * scale - PIXEL_TOLERANCE),
        )


class FaceImage(Struct, frozen=True):
    """One face as a PNG: ``name`` its file name (``P01_front.png``; a deck of alike backs has
    one back, ``back-KEY.png``), ``card`` the card's id ("" for a shared back)."""

    name: str
    card: str
    side: str  # "front" or "back"
    width: int  # pixels
    height: int
    data: bytes


def _image_pages(deck: CardDeck) -> Iterator[tuple[Painter, bool, str, str]]:
    """(painter, is a front, card id, file name) of every face image of ``deck``."""
    for card in deck.cards:
        yield card.front, True, card.id, f"{card.id}_front.png"
        if deck.backs is Backs.UNIQUE:
            yield card.back, False, card.id, f"{card.id}_back.png"
    if deck.backs is Backs.ALIKE:
        yield deck.cards[0].back, False, "", f"back-{deck.key}.png"


def face_images(decks: Sequence[CardDeck], size: ImageSize) -> tuple[FaceImage, ...]:
    """Every face image of ``decks`` (RGB, at ``size``), in deck order, fronts before backs."""
    images: list[FaceImage] = []
    for deck in decks:
        pages = list(_image_pages(deck))
        info = DocInfo(title=deck.title)
        if deck.shape is Shape.CARD:
            painters = [painter for painter, *_ in pages]
            document = render_face_pages(painters, deck.size, deck.bleed, info)
        else:
            faces = [(painter, front) for painter, front, *_ in pages]
            document = _round_faces(deck, faces, info, HOME, die_line=False)
        rendered = rasterise(document.to_bytes(), size)
        for (_painter, front, card, name), (width, height, data) in zip(
            pages, rendered, strict=True
        ):
            images.append(FaceImage(name, card, "front" if front else "back", width, height, data))
    return tuple(images)


def rasterise(pdf: bytes, size: ImageSize) -> list[tuple[int, int, bytes]]:
    """Every page of ``pdf`` as (width, height, PNG bytes): white behind, RGB, its resolution
    recorded, and pnp's ``Software`` mark (how a later run knows the file is its own)."""
    import io

    import pypdfium2
    import pypdfium2.raw as pdfium
    from PIL.PngImagePlugin import PngInfo

    from generator.core.outputs import PNG_SOFTWARE

    info = PngInfo()
    info.add_text("Software", PNG_SOFTWARE)
    document = pypdfium2.PdfDocument(pdf)
    images = []
    try:
        for index in range(len(document)):
            page = document[index]
            width_pt, height_pt = page.get_size()
            width, height = size.for_page(width_pt, height_pt)
            bitmap = pypdfium2.PdfBitmap.new_native(width, height, pdfium.FPDFBitmap_BGR)
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
            pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, pdfium.FPDF_ANNOT)
            dpi = (width * 72.0 / width_pt, height * 72.0 / height_pt)
            if size.dpi is not None:
                dpi = (size.dpi, size.dpi)
            buffer = io.BytesIO()
            bitmap.to_pil().save(buffer, format="PNG", dpi=dpi, pnginfo=info)
            images.append((width, height, buffer.getvalue()))
            page.close()
    finally:
        document.close()
    return images
