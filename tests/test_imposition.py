"""The imposition engine, checked on the PDFs it writes."""

import io

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.core.errors import UserError
from generator.render.card_size import back_offset, card_size
from generator.render.document import DocInfo
from generator.render.fonts import register_fonts
from generator.render.imposition import (
    Card,
    Duplex,
    SheetSpec,
    crop_mark_segments,
    plan_sheet,
    render_deck,
    render_faces,
)
from generator.render.paper import paper
from generator.render.units import pt, to_mm
from tests.conftest import embedded_fonts

FONTS = register_fonts()


def labelled_card(i: int) -> Card:
    """Fills its bleed, writes its label at the card's centre and a marker near its top edge."""

    def face(prefix: str, colour: tuple[float, float, float]):
        def paint(canvas, box):
            canvas.setFillColorRGB(*colour)
            canvas.rect(
                pt(-box.bleed),
                pt(-box.bleed),
                pt(box.width + 2 * box.bleed),
                pt(box.height + 2 * box.bleed),
                stroke=0,
                fill=1,
            )
            canvas.setFillColorRGB(0, 0, 0)
            canvas.setFont(FONTS.bold, 10)
            canvas.drawCentredString(pt(box.width / 2), pt(box.height / 2), f"{prefix}{i}")
            canvas.setFont(FONTS.regular, 6)
            canvas.drawCentredString(pt(box.width / 2), pt(box.height - 8), f"top{prefix}{i}")

        return paint

    return Card(face("F", (0.8, 0.9, 1.0)), face("B", (1.0, 0.9, 0.7)), str(i))


def words_by_text(page) -> dict[str, tuple[float, float]]:
    """Centre (mm, from the page's lower-left) of every word on a pdfplumber page. Text turned
    180° is extracted right to left, so each word is also filed under its reversed spelling."""
    height = page.height
    found = {}
    for w in page.extract_words():
        centre = (to_mm((w["x0"] + w["x1"]) / 2), to_mm(height - (w["top"] + w["bottom"]) / 2))
        found.setdefault(w["text"][::-1], centre)
        found[w["text"]] = centre
    return found


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_poker_fits_three_by_three_portrait(paper_name):
    layout = plan_sheet(SheetSpec(paper=paper(paper_name), card=card_size("poker")))
    assert layout.per_sheet == 9
    assert layout.page_width < layout.page_height
    xs = sorted({s.trim.x for s in layout.fronts})
    ys = sorted({s.trim.y for s in layout.fronts})
    assert len(xs) == 3 and len(ys) == 3


@pytest.mark.parametrize(
    "name,size",
    [
        ("poker", (63, 88)),
        ("bridge", (57, 89)),
        ("mini", (44, 63)),
        ("tarot", (70, 120)),
        ("70x100", (70, 100)),
    ],
)
def test_card_sizes(name, size):
    card = card_size(name)
    assert (card.width, card.height) == size


@pytest.mark.parametrize(
    ("text", "name", "size"),
    [
        ("2.5x3.5in", "2.5x3.5in", (63.5, 88.9)),  # The Game Crafter's poker card
        ('2.75 x 3.75"', "2.75x3.75in", (69.85, 95.25)),
        ("63.5x88.9mm", "63.5x88.9", (63.5, 88.9)),
        ("POKER", "poker", (63.0, 88.0)),
    ],
)
def test_card_sizes_in_inches_and_millimetres(text, name, size):
    card = card_size(text)
    assert card.name == name and str(card) == name
    assert (card.width, card.height) == pytest.approx(size)


@pytest.mark.parametrize("bad", ["huge", "10x10", "63x", "axb", "1.2.3x4", "12x13in", "2x3cm"])
def test_bad_card_size_is_a_user_error(bad):
    with pytest.raises(UserError):
        card_size(bad)


def test_bad_offset_is_a_user_error():
    assert back_offset("0.5,-1") == (0.5, -1.0)
    with pytest.raises(UserError):
        back_offset("1;2")
    with pytest.raises(UserError):
        back_offset("50,0")


def test_card_too_large_for_paper():
    with pytest.raises(UserError, match="does not fit"):
        plan_sheet(SheetSpec(paper=paper("a4"), card=card_size("300x300")))


def physical_back(
    x: float, y: float, duplex: Duplex, width: float, height: float
) -> tuple[float, float]:
    """Where a point of the front page is seen on the back page, once the sheet is turned over
    as the printer's duplex mode turns it."""
    if duplex is Duplex.LONG:
        return width - x, y
    return x, height - y


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
def test_every_back_lies_behind_its_front(duplex):
    spec = SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=1.0, duplex=duplex)
    cards = [labelled_card(i) for i in range(9)]
    data = render_deck(cards, spec, DocInfo("test")).to_bytes()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2
        front, back = words_by_text(pdf.pages[0]), words_by_text(pdf.pages[1])
        width, height = to_mm(pdf.pages[0].width), to_mm(pdf.pages[0].height)
    for i in range(9):
        fx, fy = front[f"F{i}"]
        bx, by = physical_back(fx, fy, duplex, width, height)
        assert back[f"B{i}"] == pytest.approx((bx, by), abs=0.1)
        # A card turned over sideways shows its back upright: the back's top marker is on the same
        # side as the front's once the sheet is flipped.
        front_up = front[f"topF{i}"][1] - fy
        back_up = back[f"topB{i}"][1] - back[f"B{i}"][1]
        assert front_up > 0
        assert back_up > 0 if duplex is Duplex.LONG else back_up < 0


def test_fold_puts_backs_mirrored_across_the_fold_and_turned():
    spec = SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=1.0, duplex=Duplex.FOLD)
    layout = plan_sheet(spec)
    fold = layout.fold_y
    assert layout.per_sheet == 4  # landscape A4: four across, one row each side of the fold
    data = render_deck([labelled_card(i) for i in range(4)], spec, DocInfo("test")).to_bytes()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 1
        words = words_by_text(pdf.pages[0])
    for i in range(4):
        fx, fy = words[f"F{i}"]
        bx, by = words[f"B{i}"]
        assert (bx, by) == pytest.approx((fx, 2 * fold - fy), abs=0.1)
        assert words[f"topB{i}"][1] < by  # printed upside down, upright once folded
    for slot in layout.fronts:
        assert slot.trim.y - spec.bleed > fold
    for slot in layout.backs:
        assert slot.trim.top + spec.bleed < fold


def test_back_offset_shifts_backs_only():
    plain = plan_sheet(SheetSpec(paper=paper("a4"), card=card_size("poker")))
    shifted = plan_sheet(
        SheetSpec(paper=paper("a4"), card=card_size("poker"), back_offset=(0.5, -1.0))
    )
    assert plain.fronts == shifted.fronts
    for a, b in zip(plain.backs, shifted.backs, strict=True):
        assert (b.trim.x - a.trim.x, b.trim.y - a.trim.y) == pytest.approx((0.5, -1.0))


@pytest.mark.parametrize("duplex", list(Duplex))
@pytest.mark.parametrize("bleed", [0.0, 1.0, 3.0])
def test_crop_marks_never_touch_a_card(duplex, bleed):
    layout = plan_sheet(
        SheetSpec(paper=paper("letter"), card=card_size("poker"), bleed=bleed, duplex=duplex)
    )
    slots = layout.fronts + (layout.backs if duplex is Duplex.FOLD else ())
    segments = crop_mark_segments(slots, bleed, layout.page_width, layout.page_height)
    assert segments
    for x1, y1, x2, y2 in segments:
        assert min(x1, x2) >= 0 and max(x1, x2) <= layout.page_width
        assert min(y1, y2) >= 0 and max(y1, y2) <= layout.page_height
        for slot in slots:
            box = slot.bleed_box(bleed)
            overlap_x = min(x2, box.right) - max(x1, box.x)
            overlap_y = min(y2, box.top) - max(y1, box.y)
            assert overlap_x < 0 or overlap_y < 0, "a crop mark crosses a card"
    # every trim edge gets its marks
    for slot in layout.fronts:
        assert any(abs(x1 - slot.trim.x) < 1e-6 and x1 == x2 for x1, _, x2, _ in segments)


def test_pdf_boxes_viewer_preferences_and_fonts():
    spec = SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=2.0, duplex=Duplex.SHORT)
    layout = plan_sheet(spec)
    data = render_deck(
        [labelled_card(i) for i in range(layout.per_sheet + 1)], spec, DocInfo("t")
    ).to_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 4  # two sheets, front and back each
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
    first = reader.pages[0]
    trim = [to_mm(float(v)) for v in first.trimbox]
    bleed = [to_mm(float(v)) for v in first.bleedbox]
    left = min(s.trim.x for s in layout.fronts)
    top = max(s.trim.top for s in layout.fronts)
    assert trim[0] == pytest.approx(left, abs=0.01) and trim[3] == pytest.approx(top, abs=0.01)
    assert bleed[0] == pytest.approx(left - 2.0, abs=0.01)
    embedded_fonts(data)


def test_faces_one_card_per_page_with_trimbox():
    data = render_faces([labelled_card(0)], card_size("poker"), 3.0, DocInfo("t")).to_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    page = reader.pages[0]
    assert to_mm(float(page.mediabox.width)) == pytest.approx(69.0, abs=0.01)
    trim = page.trimbox
    assert to_mm(float(trim.width)) == pytest.approx(63.0, abs=0.01)
    assert to_mm(float(trim.left)) == pytest.approx(3.0, abs=0.01)


def test_same_cards_same_bytes():
    spec = SheetSpec(paper=paper("a4"), card=card_size("poker"))
    first = render_deck([labelled_card(i) for i in range(5)], spec, DocInfo("t")).to_bytes()
    second = render_deck([labelled_card(i) for i in range(5)], spec, DocInfo("t")).to_bytes()
    assert first == second
