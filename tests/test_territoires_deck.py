"""The printable Lenormand deck of Les territoires, parsed back from the PDF."""

import pdfplumber
import pikepdf
import pytest
from pypdf import PdfReader

from generator.games.territoires import LENORMAND, Role, role_of
from generator.render.card_size import card_size
from generator.render.deck_files import impose
from generator.render.icons import picture_credit
from generator.render.imposition import Duplex, SheetSpec, plan_sheet
from generator.render.paper import paper
from generator.render.territoires.deck import lenormand_deck
from generator.render.territoires.rule_texts import role_effect
from generator.render.units import to_mm
from tests.conftest import embedded_fonts
from tests.pdf_forms import icon_name, icon_uses

SPEC = SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=2.0, duplex=Duplex.LONG)


def render_lenormand_deck(spec):
    """The deck imposed by the one deck path, as the product does."""
    deck = lenormand_deck(spec.card, spec.bleed, spec.language)
    return impose([deck], spec, deck.info)


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory):
    return render_lenormand_deck(SPEC).save(tmp_path_factory.mktemp("deck") / "deck.pdf")


@pytest.fixture(scope="module")
def icons_by_page(deck_pdf):
    with pikepdf.open(deck_pdf) as pdf:
        return [icon_uses(page) for page in pdf.pages]


@pytest.fixture(scope="module")
def pages(deck_pdf):
    with pdfplumber.open(deck_pdf) as pdf:
        return [(to_mm(p.height), p.chars, p.extract_words()) for p in pdf.pages]


def _inside(chars, rect, page_height, tolerance=0.05):
    """The characters whose box lies inside ``rect`` (mm, origin lower left)."""
    found = []
    for c in chars:
        x0, x1 = to_mm(c["x0"]), to_mm(c["x1"])
        y0, y1 = page_height - to_mm(c["bottom"]), page_height - to_mm(c["top"])
        if (
            x0 >= rect.x - tolerance
            and x1 <= rect.right + tolerance
            and y0 >= rect.y - tolerance
            and y1 <= rect.top + tolerance
        ):
            found.append(c)
    return found


def test_four_sheets_front_then_back(pages):
    layout = plan_sheet(SPEC)
    assert layout.per_sheet == 9
    assert len(pages) == 2 * 4


def test_every_card_is_in_its_slot_with_number_name_inset_role_and_house(pages):
    layout = plan_sheet(SPEC)
    for index, card in enumerate(LENORMAND):
        page_height, chars, _ = pages[2 * (index // 9)]
        slot = layout.fronts[index % 9].trim
        inside = _inside(chars, slot, page_height)
        content = "".join(c["text"] for c in inside)
        assert str(card.number) in content
        assert card.name in content
        assert card.playing_card.french in content
        assert role_of(card.number).french.upper() in content
        assert role_effect(card.number) in content
        assert ("Paire" if card.number % 2 == 0 else "Impaire") in content
        # the rank of the playing card is printed in the inset, top right of the card
        rank_chars = [
            c
            for c in inside
            if c["size"] > 10
            and card.playing_card.rank.startswith(c["text"])
            and to_mm(c["x0"]) > slot.x + slot.width / 2
        ]
        assert rank_chars, card


def _unspaced(text: str) -> str:
    """``text`` without its spaces, the no-break ones of French typography too."""
    return "".join(ch for ch in text if ch not in " \u00a0\u202f")


def test_all_text_stays_in_the_safe_zone_but_the_credit_between_the_marks(pages, deck_pdf):
    """The credit at 6 pt between the middle column's marks, in the margin above what home
    printers print; a credit too long for it is printed without its parenthesised parts and
    whole in the document's subject."""
    layout = plan_sheet(SPEC)
    lowest = min(slot.trim.y for slot in layout.fronts) - SPEC.bleed
    middle = layout.fronts[1].trim  # the credit sits between the middle column's marks
    full = picture_credit()
    assert _unspaced(full).startswith("Images:FluentEmoji(Microsoft,licenceMIT)")
    subject = str(PdfReader(deck_pdf).metadata["/Subject"])
    for sheet in range(4):
        page_height, chars, _ = pages[2 * sheet]
        placed = 0
        for slot in layout.fronts:
            safe = slot.trim.inset(3.0)
            placed += len(_inside(chars, safe, page_height))
        margin = [c for c in chars if page_height - to_mm(c["top"]) < lowest]
        assert placed + len(margin) == len(chars)
        printed = _unspaced("".join(c["text"] for c in margin))
        assert printed in (_unspaced(full), _unspaced(_without_parentheses(full)))
        # shortened on the sheets: whole in the document's subject
        assert printed == _unspaced(full) or full in subject
        for c in margin:
            assert c["size"] == pytest.approx(6.0)
            # no nearer the paper's edge than home printers print (MIN_MARGIN, 4 mm)
            assert page_height - to_mm(c["bottom"]) >= 4.0 - 0.3
            assert middle.x < to_mm(c["x0"]) and to_mm(c["x1"]) < middle.right


def _without_parentheses(text: str) -> str:
    import re

    return re.sub(r" \([^()]*\)", "", text)


def _front_pictures(layout, icons_by_page, index):
    """The pictures drawn inside the front slot of card ``index``."""
    slot = layout.fronts[index % 9].trim
    return slot, [
        use
        for use in icons_by_page[2 * (index // 9)]
        if use.inside(slot.x, slot.y, slot.right, slot.top)
    ]


def test_each_card_shows_the_picture_its_subject_is_mapped_to(icons_by_page):
    layout = plan_sheet(SPEC)
    for index, card in enumerate(LENORMAND):
        slot, pictures = _front_pictures(layout, icons_by_page, index)
        assert [icon_name(use) for use in pictures] == [card.picture], card
        # the first thing seen: the largest thing on the card, in its upper two thirds
        (use,) = pictures
        assert max(use.x1 - use.x0, use.y1 - use.y0) >= 0.45 * slot.width
        assert (use.y0 + use.y1) / 2 > slot.y + slot.height * 0.45
    assert all(not uses for uses in icons_by_page[1::2])  # the backs have no picture


def test_no_text_touches_the_picture(pages, icons_by_page):
    """The picture's box against the box of every character printed on the card."""
    layout = plan_sheet(SPEC)
    checked = 0
    for index, card in enumerate(LENORMAND):
        page_height, chars, _ = pages[2 * (index // 9)]
        slot, (picture,) = _front_pictures(layout, icons_by_page, index)
        inside = _inside(chars, slot, page_height)
        assert len(inside) > 40
        for c in inside:
            x0, x1 = to_mm(c["x0"]), to_mm(c["x1"])
            y0, y1 = page_height - to_mm(c["bottom"]), page_height - to_mm(c["top"])
            apart = x1 <= picture.x0 or x0 >= picture.x1 or y1 <= picture.y0 or y0 >= picture.y1
            assert apart, (card.name, c["text"])
            checked += 1
    assert checked > 36 * 40


def test_backs_are_behind_their_fronts(pages):
    layout = plan_sheet(SPEC)
    page_height, chars, words = pages[1]
    titles = [w for w in words if w["text"] == "territoires"]
    assert len(titles) == 9
    for slot in layout.backs:
        assert len(list(_inside(chars, slot.trim, page_height))) == len("Les" + "territoires")


def test_roles_printed_match_the_rules():
    assert "avec 11\u202f: −3" in role_effect(10) and "maison paire −2" in role_effect(10)
    assert role_effect(9).startswith("maison impaire −2") and role_effect(4).endswith("impaire 0")
    assert "maison impaire +2" in role_effect(13) and "maison paire +2" in role_effect(16)
    assert role_effect(36) == "un point de vie de la maison paire"
    assert {role_of(n) for n in range(21, 37)} == {Role.LIFE}


def test_fonts_embedded_and_trim_box(deck_pdf):
    with pdfplumber.open(deck_pdf) as pdf:
        used = {c["fontname"].split("+")[-1] for page in pdf.pages for c in page.chars}
    assert used and all(name.startswith(("Fraunces", "FiraSans")) for name in used)
    assert used <= embedded_fonts(deck_pdf)
    for page in PdfReader(deck_pdf).pages:
        assert "/TrimBox" in page and "/BleedBox" in page


def test_deck_is_deterministic():
    assert render_lenormand_deck(SPEC).to_bytes() == render_lenormand_deck(SPEC).to_bytes()


@pytest.mark.slow
@pytest.mark.parametrize(
    "duplex, size, paper_name", [("short", "bridge", "letter"), ("fold", "tarot", "a4")]
)
def test_other_sizes_and_flips_keep_every_card(tmp_path, duplex, size, paper_name):
    spec = SheetSpec(
        paper=paper(paper_name), card=card_size(size), bleed=3.0, duplex=Duplex(duplex)
    )
    path = render_lenormand_deck(spec).save(tmp_path / "deck.pdf")
    with pdfplumber.open(path) as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages)
    for card in LENORMAND:
        assert card.name in text


@pytest.mark.parametrize(
    "duplex, size, paper_name", [("short", "bridge", "letter"), ("fold", "tarot", "a4")]
)
def test_other_sizes_keep_the_picture_clear_of_every_text(tmp_path, duplex, size, paper_name):
    spec = SheetSpec(
        paper=paper(paper_name), card=card_size(size), bleed=3.0, duplex=Duplex(duplex)
    )
    path = render_lenormand_deck(spec).save(tmp_path / "deck.pdf")
    layout = plan_sheet(spec)
    step = 1 if layout.backs_on_front_page else 2
    with pdfplumber.open(path) as pdf, pikepdf.open(path) as forms:
        for index, card in enumerate(LENORMAND[: layout.per_sheet * 2]):
            page = step * (index // layout.per_sheet)
            slot = layout.fronts[index % layout.per_sheet].trim
            (picture,) = [
                use
                for use in icon_uses(forms.pages[page])
                if use.inside(slot.x, slot.y, slot.right, slot.top)
            ]
            assert icon_name(picture) == card.picture
            height = to_mm(pdf.pages[page].height)
            for c in _inside(pdf.pages[page].chars, slot, height):
                x0, x1 = to_mm(c["x0"]), to_mm(c["x1"])
                y0, y1 = height - to_mm(c["bottom"]), height - to_mm(c["top"])
                assert (
                    x1 <= picture.x0 or x0 >= picture.x1 or y1 <= picture.y0 or y0 >= picture.y1
                ), (card.name, c["text"])
