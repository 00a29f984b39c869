"""The Oucédonc place fronts, rendered and measured: the picture of the place fills the lower half
(at least 20 mm high on a poker card, 17 mm at most before), the name stands above it and the
kind's label under it, none touching, for short and long names of towns and sites in both
languages."""

from __future__ import annotations

import pypdfium2
import pytest

from generator.products.options import FaceFiles
from generator.products.oucedonc_deck import FACES, OucedoncDeckOptions, build
from generator.render.units import to_mm

DPI = 100
GAP_MM = 2.0  # at least this much paper between the picture and the texts around it


@pytest.fixture(scope="module", params=["fr", "en"])
def fronts(request):
    """Each place front's page as (card, page, pdfium document) of a Finistère deck."""
    options = OucedoncDeckOptions(
        region="dep:29", cards=15, files=FaceFiles(faces=True), language=request.param
    )
    built = build(options)
    document = pypdfium2.PdfDocument(built.file(FACES).data)
    order = [card.id for card in built.decks[0].cards]
    places = sorted(built.detail.places, key=lambda card: len(card.name))
    picks = {places[0].id, places[-1].id}  # the shortest and the longest name
    picks |= {next(c.id for c in places if c.place_kind != "town")}  # a site
    yield [(card, document[2 * order.index(card.id)]) for card in places if card.id in picks]
    document.close()


def _picture_rows(page, texts: list[tuple[float, float, float, float]]) -> tuple[float, float]:
    """The picture's bottom and top (mm from the page's bottom): the rows of strongly coloured
    pixels in the card's middle, inside its frame, away from every text's box."""
    image = page.render(scale=DPI / 72).to_pil().convert("HSV")
    width, height = image.size
    pixels = image.load()
    px_per_pt = DPI / 72
    _x0, trim_bottom, _x1, trim_top = page.get_trimbox()
    inset = 5.0 * 72 / 25.4  # inside the coloured frame (4 mm from the trim)
    rows = []
    for y in range(height):
        y_pt = (height - y) / px_per_pt
        if not trim_bottom + inset < y_pt < trim_top - inset:
            continue
        if any(bottom <= y_pt <= top for _l, bottom, _r, top in texts):
            continue
        if any(pixels[x, y][1] > 120 for x in range(width // 3, 2 * width // 3)):
            rows.append(y_pt)
    assert rows, "no picture found"
    return to_mm(min(rows)), to_mm(max(rows))


def test_the_picture_fills_the_lower_half_under_the_name(fronts):
    for card, page in fronts:
        text = page.get_textpage()
        boxes = [text.get_charbox(i, loose=True) for i in range(text.count_chars())]
        chars = [text.get_text_range(i, 1) for i in range(text.count_chars())]
        texts = [box for box, char in zip(boxes, chars, strict=True) if char.strip()]
        bottom, top = _picture_rows(page, texts)
        name = [box for box in texts if to_mm(box[1]) > top]  # the name stands over it
        label = [box for box in texts if to_mm(box[3]) < bottom]
        page_mm = to_mm(page.get_height())
        assert top - bottom >= 20.0, (card.name, top - bottom)
        assert name and min(to_mm(box[1]) for box in name) - top >= GAP_MM, card.name
        assert label and bottom - max(to_mm(box[3]) for box in label) >= GAP_MM, card.name
        assert top < page_mm / 2 + 2.0, card.name  # in the lower half
