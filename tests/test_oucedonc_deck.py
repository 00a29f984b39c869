"""The Oucédonc deck, checked on the PDF and JSON it writes (pdfplumber, pypdf)."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.core.typography import printed_name
from generator.games.oucedonc.deckfile import deck_from_json
from generator.products.contract import FACE_PNG
from generator.render.card_size import card_size
from generator.render.imposition import SAFE_INSET, Duplex, SheetSpec, plan_sheet
from generator.render.paper import paper
from generator.render.units import to_mm
from tests.conftest import embedded_fonts
from tests.product_helpers import oucedonc_deck, oucedonc_options

CARD_W, CARD_H = 63.0, 88.0
SAMPLE_PAGES = (
    0,
    1,
    14,
    15,
)  # pdfplumber is slow: the first sheet (places) and the last (the other cards)


# ----------------------------------------------------------------------------- helpers


def build_deck(tmp: Path, name: str, **options) -> tuple[Path, dict]:
    written = oucedonc_deck(tmp / f"{name}.pdf", **options)
    pdf = written.path("oucedonc.pdf")
    return pdf, json.loads(written.path("oucedonc.json").read_text(encoding="utf-8"))


def layout_for(deck_json: dict, duplex: str = "long", back_offset=(0.0, 0.0)):
    params = deck_json["params"]
    spec = SheetSpec(
        paper=paper(params["paper"]),
        card=card_size(params["card_size"]),
        bleed=params["bleed_mm"],
        duplex=Duplex(duplex),
        back_offset=tuple(back_offset),
    )
    return plan_sheet(spec)


def text_centre(
    textpage, text: str, min_size: float, band: tuple[float, float] | None = None
) -> tuple[float, float]:
    """Centre (mm from the page's lower-left) of ``text`` drawn at ``min_size`` pt or more
    (and, if ``band`` is given, between those heights in mm), read with pdfium.

    Characters are taken in content-stream order, so a name broken over lines or turned 180°
    is still found; spaces are ignored (a line break may replace one).
    """
    import pypdfium2.raw as pdfium_c

    chars = []
    for index in range(textpage.count_chars()):
        char = textpage.get_text_range(index, 1)
        if char.isspace() or pdfium_c.FPDFText_GetFontSize(textpage.raw, index) < min_size:
            continue
        left, bottom, right, top = (to_mm(v) for v in textpage.get_charbox(index, loose=True))
        if band is not None and not band[0] <= (bottom + top) / 2 <= band[1]:
            continue
        chars.append(
            ("-" if char in "\x02\ufffe" else char, left, bottom, right, top)
        )  # line-end hyphen
    joined = "".join(c[0] for c in chars)
    key = "".join(text.split())
    index = joined.find(key)
    assert index >= 0, f"{text!r} not printed at {min_size} pt or more"
    found = chars[index : index + len(key)]
    x0, x1 = min(c[1] for c in found), max(c[3] for c in found)
    y0, y1 = min(c[2] for c in found), max(c[4] for c in found)
    return (x0 + x1) / 2, (y0 + y1) / 2


def containing(slots, point):
    x, y = point
    hits = [s for s in slots if s.trim.x <= x <= s.trim.right and s.trim.y <= y <= s.trim.top]
    assert len(hits) == 1, f"point {point} is in {len(hits)} card slots"
    return hits[0].trim


def pdfium_pages(pdf: Path):
    """(page height in pt, text page) for every page, read with pdfium (fast, for whole decks)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    return document, [
        (document[i].get_height(), document[i].get_textpage()) for i in range(len(document))
    ]


def region_text(textpage, rect) -> str:
    """Text inside a rectangle given in mm from the page's lower-left corner."""
    from generator.render.units import pt

    return textpage.get_text_bounded(pt(rect.x), pt(rect.y), pt(rect.right), pt(rect.top))


def squeeze(text: str) -> str:
    """Text without whitespace; pdfium reports a hyphen ending a line as U+0002."""
    return "".join(text.replace("\x02", "-").replace("\ufffe", "-").split())


# ----------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def long_deck(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("long")
    pdf, deck = build_deck(tmp, "bretagne", region="bretagne")
    return pdf, deck


@pytest.fixture(scope="module")
def long_plumber(long_deck):
    with pdfplumber.open(long_deck[0]) as document:
        yield document


# ----------------------------------------------------------------------------- the PDF


def test_default_deck_fills_eight_sheets_plus_tokens(long_deck):
    pdf, deck = long_deck
    reader = PdfReader(pdf)
    assert len(reader.pages) == 8 * 2 + 2  # 72 cards, 9 a sheet, front + back; tokens front + back
    for page in reader.pages:
        assert to_mm(float(page.mediabox.width)) == pytest.approx(210.0, abs=0.01)
        assert to_mm(float(page.mediabox.height)) == pytest.approx(297.0, abs=0.01)
    kinds = [card["kind"] for card in deck["cards"]]
    assert kinds.count("place") == 63 and kinds.count("intermede") == 2
    assert kinds.count("direction") == 1 and kinds.count("rule") == 6


def test_letter_paper_page_size(tmp_path):
    """Letter holds 3 × 3 poker cards too (with the default 1 mm bleed): 48 + 9 cards = 7 sheets."""
    pdf, _ = build_deck(tmp_path, "letter", region="bretagne", paper_name="letter", cards=48)
    pages = PdfReader(pdf).pages
    assert len(pages) == 7 * 2 + 2
    for page in pages:
        assert to_mm(float(page.mediabox.width)) == pytest.approx(215.9, abs=0.01)
        assert to_mm(float(page.mediabox.height)) == pytest.approx(279.4, abs=0.01)


def test_every_card_background_is_trim_plus_bleed(long_deck, long_plumber):
    """Each card fills its bleed box; that box minus the bleed is the trim, 63 × 88 mm ± 0.1."""
    _, deck = long_deck
    bleed = deck["params"]["bleed_mm"]
    for page in (long_plumber.pages[i] for i in SAMPLE_PAGES):
        boxes = [
            r
            for r in page.rects
            if abs(to_mm(r["width"]) - (CARD_W + 2 * bleed)) < 0.5
            and abs(to_mm(r["height"]) - (CARD_H + 2 * bleed)) < 0.5
        ]
        assert len(boxes) == 9, f"page {page.page_number}: {len(boxes)} card backgrounds"
        for rect in boxes:
            assert to_mm(rect["width"]) - 2 * bleed == pytest.approx(CARD_W, abs=0.1)
            assert to_mm(rect["height"]) - 2 * bleed == pytest.approx(CARD_H, abs=0.1)


def test_crop_marks_lie_outside_every_card(long_deck, long_plumber):
    _pdf, deck = long_deck
    layout = layout_for(deck)
    bleed = deck["params"]["bleed_mm"]
    for page in (long_plumber.pages[i] for i in SAMPLE_PAGES[::2]):
        marks = [line for line in page.lines if abs(line["linewidth"] - 0.25) < 0.01]
        assert len(marks) >= 16
        for line in marks:
            x0, x1 = to_mm(line["x0"]), to_mm(line["x1"])
            y0, y1 = to_mm(page.height - line["bottom"]), to_mm(page.height - line["top"])
            for slot in layout.fronts:
                box = slot.bleed_box(bleed)
                overlaps = x0 < box.right and x1 > box.x and y0 < box.top and y1 > box.y
                assert not overlaps, f"crop mark {line['x0'], line['top']} touches a card"


def test_fonts_are_embedded_subsets(long_deck):
    assert "Fraunces-Bold" in embedded_fonts(long_deck[0], subset=True)  # the names


def test_locator_map_is_one_form_reused(long_deck):
    reader = PdfReader(long_deck[0])
    forms = set()
    for page in reader.pages[1:14:2]:  # the back pages of the seven sheets of places
        xobjects = page["/Resources"]["/XObject"]
        forms.add(xobjects.raw_get("/FormXob.OucedoncLocatorMap").idnum)
        assert (
            page.get_contents().get_data().count(b"/FormXob.OucedoncLocatorMap Do") == 9
        )  # one per card
    assert len(forms) == 1  # one object, shared by every page


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_every_back_lies_behind_its_front(tmp_path, duplex):
    from generator.render.oucedonc.cards import BACK_PICTURE

    """Compare text positions: the name on the front and the name in the back's header must be in
    the same card once the sheet is flipped as chosen, the back turned the way the flip turns it."""
    pdf, deck = build_deck(tmp_path, duplex, region="bretagne", duplex=duplex, cards=48)
    layout = layout_for(deck, duplex)
    names = [card["name"] for card in deck["cards"] if card["kind"] == "place"][: layout.per_sheet]
    width, height = layout.page_width, layout.page_height
    document, pages = pdfium_pages(pdf)
    front_page = pages[0][1]
    back_page = front_page if duplex == "fold" else pages[1][1]
    for name in names:
        front = text_centre(
            front_page, name, 13.5, (height / 2, height) if duplex == "fold" else None
        )
        trim = containing(layout.fronts, front)
        assert front[0] == pytest.approx(trim.x + trim.width / 2, abs=0.2)  # centred on the card
        if duplex == "long":  # turned over left-right: x mirrored, upright
            expected, upright = (width - trim.right, trim.y), True
        elif duplex == "short":  # turned over top-bottom: y mirrored, upside down on the page
            expected, upright = (trim.x, height - trim.top), False
        else:  # folded along the page's middle: y mirrored across the fold, upside down
            expected, upright = (trim.x, height - trim.top), False
        band = (0.0, height / 2) if duplex == "fold" else None  # fold: the backs are below the fold
        back = text_centre(back_page, name, 8.5, band)
        # the back's name is centred in the header beside its picture: half the picture's room
        # to the right of the card's middle, to the left when the back is turned
        shift = (BACK_PICTURE + 3.0) / 2 * (1 if upright else -1)
        assert back[0] == pytest.approx(expected[0] + trim.width / 2 + shift, abs=0.2)
        assert expected[1] <= back[1] <= expected[1] + trim.height
        in_top_half = back[1] > expected[1] + trim.height / 2
        assert in_top_half is upright  # the header is at the top of the back when upright
    document.close()


def test_back_offset_moves_backs_only(tmp_path):
    pdf0, deck = build_deck(tmp_path, "zero", region="bretagne", cards=48)
    pdf1, _ = build_deck(tmp_path, "shifted", region="bretagne", cards=48, back_offset="1.5,-2")
    name = deck["cards"][0]["name"]
    (doc_a, a), (doc_b, b) = pdfium_pages(pdf0), pdfium_pages(pdf1)
    assert text_centre(a[0][1], name, 13.5) == pytest.approx(
        text_centre(b[0][1], name, 13.5), abs=0.01
    )
    (x0, y0), (x1, y1) = text_centre(a[1][1], name, 8.5), text_centre(b[1][1], name, 8.5)
    assert (x1 - x0, y1 - y0) == pytest.approx((1.5, -2.0), abs=0.05)
    doc_a.close()
    doc_b.close()


def test_all_card_text_stays_in_the_safe_zone(long_deck):
    """No character of any card face (names, coordinates, rules) crosses its card's safe zone."""
    layout = layout_for(long_deck[1])
    margin = min(s.trim.y for s in layout.fronts) - long_deck[1]["params"]["bleed_mm"]
    document, pages = pdfium_pages(long_deck[0])
    for number, (_, textpage) in enumerate(pages[:16]):
        slots = layout.fronts if number % 2 == 0 else layout.backs
        safes = [s.trim.inset(SAFE_INSET - 0.05) for s in slots]
        credit = ""
        for index in range(textpage.count_chars()):
            if textpage.get_text_range(index, 1).isspace():
                continue
            left, bottom, right, top = (to_mm(v) for v in textpage.get_charbox(index))
            if number % 2 == 0 and top < margin:  # the icons' credit under the fronts
                credit += textpage.get_text_range(index, 1)
                continue
            inside = any(
                s.x <= left and right <= s.right and s.y <= bottom and top <= s.top for s in safes
            )
            char = textpage.get_text_range(index, 1)
            assert inside, (
                f"page {number + 1}: {char!r} at ({left:.1f}, {bottom:.1f}) mm leaves the safe zone"
            )
        if number % 2 == 0:  # every front sheet credits the deck's icons
            assert credit.startswith("Images:FluentEmoji") and "MIT" in credit, credit
    document.close()


def test_json_matches_the_printed_cards(long_deck):
    """Every place card: its front prints the JSON's name, the back behind it exactly the name,
    coordinates, decimal degrees, id and population of the JSON."""
    from generator.games.oucedonc.coords import format_decimal

    pdf, deck = long_deck
    layout = layout_for(deck)
    document, pages = pdfium_pages(pdf)
    places = [card for card in deck["cards"] if card["kind"] == "place"]
    for index, card in enumerate(places):
        sheet, slot = divmod(index, layout.per_sheet)
        front = squeeze(region_text(pages[2 * sheet][1], layout.fronts[slot].trim))
        back = squeeze(region_text(pages[2 * sheet + 1][1], layout.backs[slot].trim))
        name = printed_name(card["name"])  # the JSON keeps the data's ', the card prints ’
        assert squeeze(name) in front
        assert squeeze(name) in back
        assert squeeze(card["lat_text"]) in back and squeeze(card["lon_text"]) in back
        assert (
            squeeze(format_decimal(card["lat"], 4).replace("-", "−")) in back
            and squeeze(format_decimal(card["lon"], 4).replace("-", "−")) in back
        )
        assert card["id"] in back
        if card["population"]:
            assert (
                f"{card['population']}habitants" in back
            )  # thousands spaced (narrow no-break space)
    document.close()
    parsed = deck_from_json(Path(pdf).with_suffix(".json").read_text(encoding="utf-8"))
    assert len(parsed.places) == 63 and parsed.packs == 3 and parsed.pack_size == 15


def test_same_seed_same_bytes_other_seed_other_deck(tmp_path):
    from generator.products.oucedonc_deck import select_deck

    a, deck_a = build_deck(tmp_path, "a", region="bretagne", cards=48, seed=7)
    b, _ = build_deck(tmp_path, "b", region="bretagne", cards=48, seed=7)
    assert a.read_bytes() == b.read_bytes()
    assert a.with_suffix(".json").read_bytes() == b.with_suffix(".json").read_bytes()
    options = oucedonc_options(region="bretagne", cards=48, seed=8)
    other = select_deck(options).deck
    assert {card["name"] for card in deck_a["cards"]} != {card.name for card in other.places}


def test_png_faces_for_print_on_demand(tmp_path):
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    folder = tmp_path / "pod_png"  # left by an earlier, larger deck: its extra faces must go
    folder.mkdir()
    ours = PngInfo()
    ours.add_text("Software", "pnp")
    for name in ("P49_front.png", "P49_back.png"):  # faces pnp wrote: stale, deleted
        Image.new("RGB", (2, 2)).save(folder / name, pnginfo=ours)
    for name in ("P50_front.png", "cover.png", "notes.txt"):  # not pnp's: kept
        (folder / name).write_bytes(b"old")
    written = oucedonc_deck(tmp_path / "pod.pdf", region="bretagne", cards=48, png=30, bleed=3.0)
    pngs = written.of_kind(FACE_PNG)
    assert len(pngs) == 2 * (48 + 9)
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [p.name for p in pngs] + ["P50_front.png", "cover.png", "notes.txt"]
    )
    names = {path.name for path in pngs}
    assert {"P01_front.png", "P01_back.png", "R6_back.png", "D1_front.png"} <= names
    with Image.open(tmp_path / "pod_png" / "P01_front.png") as image:
        expected = (round((63 + 6) / 25.4 * 30), round((88 + 6) / 25.4 * 30))
        assert abs(image.size[0] - expected[0]) <= 1 and abs(image.size[1] - expected[1]) <= 1


# ----------------------------------------------------------------------------- hand-made decks


LONG_NAMES = (
    "Saint-Rémy-de-Provence",
    "Villeneuve-lès-Avignon",
    "Châlons-en-Champagne",
    "L'Isle-sur-la-Sorgue",
    "Saint-Germain-des-Fossés-sur-la-Montagne-de-Reims",
    "Aulnay-sous-Bois-et-Villepinte",
    "Ponts & Chaussées <Nord>",
)


def grid_places(names, count=48):
    """``count`` places on a grid (all printed coordinates distinct), the first ones named
    ``names``."""
    from generator.geo.model import Place

    places = []
    for index in range(count):
        name = names[index] if index < len(names) else f"Lieu {index:02d}"
        kind = "site" if index % 5 == 4 else "town"
        places.append(
            Place(
                id=f"t:{index}",
                name=name,
                kind=kind,
                lat=43.0 + index * 0.09,
                lon=-1.0 + index * 0.13,
                departement="13",
                region="93",
                population=1000 + index if kind == "town" else None,
                site_kind="castle" if kind == "site" else None,
            )
        )
    return places


def render_custom(tmp: Path, places, area="Pays & <Mer>", **options):
    """A deck of one's own places, through the product (as the Python API makes it)."""
    from generator.products.contract import write
    from generator.products.oucedonc_deck import build

    options = oucedonc_options(places=tuple(places), area=area, precision="minute", **options)
    built = build(options)
    pdf = tmp / "custom.pdf"
    write(built, pdf)
    return pdf, built


def all_text(pdf: Path) -> str:
    document, pages = pdfium_pages(pdf)
    text = "".join(textpage.get_text_range() for _, textpage in pages)
    document.close()
    return text


def test_long_names_wrap_or_shrink_inside_the_safe_zone(tmp_path):
    pdf, built = render_custom(tmp_path, grid_places(LONG_NAMES))
    layout = layout_for(json.loads(built.file("oucedonc.json").data))
    document, pages = pdfium_pages(pdf)
    margin = min(s.trim.y for s in layout.fronts) - layout.spec.bleed
    for number in (0, 1):  # the first sheet holds the long names, front and back
        slots = layout.fronts if number == 0 else layout.backs
        safes = [s.trim.inset(SAFE_INSET - 0.05) for s in slots]
        textpage = pages[number][1]
        for index in range(textpage.count_chars()):
            if textpage.get_text_range(index, 1).isspace():
                continue
            left, bottom, right, top = (to_mm(v) for v in textpage.get_charbox(index))
            if number == 0 and top < margin:
                continue  # the icons' credit, under the cards between the crop marks
            assert any(
                s.x <= left and right <= s.right and s.y <= bottom and top <= s.top for s in safes
            )
    # and the names are large: readable across a table, even the longest
    for card in built.detail.places[:7]:
        front = text_centre(pages[0][1], printed_name(card.name), 12.0)
        assert front is not None
    document.close()


def test_name_fitting_measures_every_line():
    """The fitted lines are never wider than the zone, measured with the font's own metrics."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from generator.render.draw.fit_text import fit_text
    from generator.render.fonts import register_fonts

    font = register_fonts().condensed_bold
    for name in (*LONG_NAMES, "Y", "Le Havre", "Aix-en-Provence"):
        fitted = fit_text(name, font, 150.0, 90.0, max_size=34.0)
        assert all(stringWidth(line, font, fitted.size) <= 150.0 + 1e-6 for line in fitted.lines)
        assert fitted.height <= 90.0 + 1e-6
        assert "".join(fitted.lines).replace(" ", "") == name.replace(" ", "")
    assert fit_text("Le Havre", font, 150.0, 90.0, max_size=34.0).lines == ("Le Havre",)
    assert len(fit_text("Saint-Rémy-de-Provence", font, 150.0, 90.0, max_size=34.0).lines) >= 2


def test_ampersand_and_angle_brackets_print_as_written(tmp_path):
    """A place named "Ponts & Chaussées <Nord>" and a region "Pays & <Mer>" go through the
    templates (escaped in markup) and come out of the PDF and the JSON unchanged."""
    pdf, built = render_custom(tmp_path, grid_places(LONG_NAMES))
    text = squeeze(all_text(pdf))
    assert squeeze("Ponts & Chaussées <Nord>") in text
    assert squeeze("Oucédonc · Pays & <Mer>") in text
    assert "&amp;" not in text and "&lt;" not in text
    names = {card.name for card in built.detail.places}
    assert "Ponts & Chaussées <Nord>" in names


def test_a_missing_glyph_names_the_place_and_the_character(tmp_path):
    from generator.core.errors import UserError

    with pytest.raises(UserError) as caught:
        render_custom(tmp_path, grid_places(("Tōkyō 東京",)))
    message = str(caught.value)
    assert "Tōkyō 東京" in message and "U+6771" in message and "--font" in message
    assert not (tmp_path / "custom.pdf").exists()


def test_templates_folder_overrides_one_file(tmp_path):
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "rule_setup.j2").write_text(
        "## title\nPréparatifs\n## body\nUne règle maison pour {{ deck.region_name }} : "
        "<b>tout</b> mélanger.\n",
        encoding="utf-8",
    )
    pdf, _ = render_custom(tmp_path, grid_places(()), templates=folder)
    text = squeeze(all_text(pdf))
    assert squeeze("Préparatifs") in text
    assert squeeze("Une règle maison pour Pays & <Mer> : tout mélanger.") in text
    assert squeeze("Un tour") in text  # the other templates still come from the package


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("## title\nX\n## body\n{{ deck.nope }}\n", "rule_setup.j2"),
        ("## title\nX\n## body\n{{ ''.__class__.__mro__ }}\n", "unsafe"),
        ("## title\nX\n", "no section '## body'"),
        ("## title\nX\n## body\n<b>never closed\n", "markup"),
    ],
)
def test_broken_templates_are_one_line_user_errors(tmp_path, content, expected):
    from generator.core.errors import UserError

    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "rule_setup.j2").write_text(content, encoding="utf-8")
    with pytest.raises(UserError) as caught:
        render_custom(tmp_path, grid_places(()), templates=folder)
    assert expected in str(caught.value)
    assert "\n" not in str(caught.value)


def test_font_option_prints_every_text_in_the_users_font(tmp_path):
    """--font: the names and texts use the given TrueType font, embedded; a character that
    font lacks is refused before drawing, naming the place and the character."""
    from generator.core.errors import UserError
    from generator.render.fonts import FONT_DIR

    serif = FONT_DIR / "DejaVuSans-Bold.ttf"  # a real font, without Chinese
    pdf, _ = render_custom(tmp_path, grid_places(("Saint-Rémy-de-Provence",)), font=serif)
    fonts = {
        str(font.get_object()["/BaseFont"]).split("+")[1]
        for page in PdfReader(pdf).pages[:2]
        for font in page["/Resources"]["/Font"].values()
    }
    assert fonts == {"DejaVuSans-Bold"}  # nothing printed in any other font
    with pytest.raises(UserError, match=r"U\+6771.*--font"):
        render_custom(tmp_path, grid_places(("Tōkyō 東京",)), font=serif)


def test_a_users_font_without_no_break_spaces_prints_them_as_its_word_space(tmp_path):
    """French spacing sets U+202F before ":" (and babel U+00A0/U+202F in numbers): a user's font
    without those characters gets them mapped to its word space, not its missing-glyph box."""
    from fontTools.ttLib import TTFont as FontFile
    from reportlab.pdfbase import pdfmetrics

    from generator.render.fonts import FONT_DIR, register_user_font

    font = FontFile(FONT_DIR / "DejaVuSans-Bold.ttf")
    for table in font["cmap"].tables:
        if table.isUnicode() and table.format != 14:
            table.cmap.pop(0x202F, None)
            table.cmap.pop(0x00A0, None)
    for record in font["name"].names:  # a face of its own (reportlab shares faces by name)
        if record.nameID == 6:
            record.string = "PnpLackingSpaces"
    lacking = tmp_path / "Lacking.ttf"
    font.save(lacking)
    glyphs = pdfmetrics.getFont(register_user_font(str(lacking)).regular).face.charToGlyph
    assert glyphs[0x202F] == glyphs[0x00A0] == glyphs[0x20] != 0
    pdf, _ = render_custom(tmp_path, grid_places(("Saint-Rémy-de-Provence",)), font=lacking)
    assert "\u202f:" in all_text(pdf)  # the French colon, printed in that font


def test_token_backs_lie_behind_their_fronts(long_deck, long_plumber):
    """The 35 tokens: cut circles on the front page, discs on the back page, mirrored for the
    long-edge flip (x → page width − x)."""
    front, back = long_plumber.pages[16], long_plumber.pages[17]
    width = to_mm(front.width)

    def centres(page, radius_mm):
        found = []
        for curve in page.curves:
            w, h = to_mm(curve["x1"] - curve["x0"]), to_mm(curve["bottom"] - curve["top"])
            if abs(w - 2 * radius_mm) < 0.3 and abs(h - 2 * radius_mm) < 0.3:
                found.append(
                    (
                        round(to_mm((curve["x0"] + curve["x1"]) / 2), 1),
                        round(to_mm(page.height - (curve["top"] + curve["bottom"]) / 2), 1),
                    )
                )
        return sorted(set(found))

    from generator.render.oucedonc.token_sheet import plan_tokens

    bleed = 1.0  # the deck's, at home by default: the discs reach that far beyond the cut
    sheet = plan_tokens(210.0, 297.0, 35, bleed)
    cuts = centres(front, sheet.radius)
    discs = centres(back, sheet.radius + bleed)
    assert len(cuts) == 35 and len(discs) == 35
    mirrored = sorted((round(width - x, 1), y) for x, y in cuts)
    assert all(
        abs(a[0] - b[0]) <= 0.15 and abs(a[1] - b[1]) <= 0.15
        for a, b in zip(mirrored, discs, strict=True)
    )


@pytest.mark.parametrize(
    ("region_name", "title"),
    [
        ("Bretagne", "Oucédonc en Bretagne"),
        ("Grand Est", "Oucédonc dans le Grand Est"),
        ("Hauts-de-France", "Oucédonc dans les Hauts-de-France"),
        ("Pays de la Loire", "Oucédonc dans les Pays de la Loire"),
        ("Île-de-France", "Oucédonc en Île-de-France"),
    ],
)
def test_the_title_uses_the_preposition_french_uses(region_name, title):
    from generator.render.card_templates import load_templates
    from generator.render.oucedonc.texts import render_title

    assert render_title(load_templates("oucedonc"), region_name, "region") == title


# ----------------------------------------------------------------------------- locator map abroad


def map_form_paths(pdf: Path, page: int = 1) -> list[list[tuple[float, float]]]:
    """The subpaths (moveTo … lineTo, PDF points in the form's space) of the locator map form."""
    form = (
        PdfReader(pdf)
        .pages[page]["/Resources"]["/XObject"]["/FormXob.OucedoncLocatorMap"]
        .get_object()
    )
    tokens = form.get_data().split()
    paths: list[list[tuple[float, float]]] = []
    for index, token in enumerate(tokens):
        if token in (b"m", b"l"):
            point = (float(tokens[index - 2]), float(tokens[index - 1]))
            if token == b"m":
                paths.append([point])
            else:
                paths[-1].append(point)
    return paths


def test_an_italian_deck_draws_italy_on_every_back_and_builds_the_same_twice(tmp_path):
    from shapely.geometry import Polygon

    first, deck = build_deck(tmp_path, "it1", region="IT", cards=48)
    again, _ = build_deck(tmp_path, "it2", region="IT", cards=48)
    assert first.read_bytes() == again.read_bytes()
    form = (
        PdfReader(first)
        .pages[1]["/Resources"]["/XObject"]["/FormXob.OucedoncLocatorMap"]
        .get_object()
    )
    width, height = float(form["/BBox"][2]), float(form["/BBox"][3])
    paths = map_form_paths(first)
    assert sum(len(path) for path in paths) > 300  # a coastline, not a few dots (dots are curves)
    rings = sorted((Polygon(path) for path in paths if len(path) >= 3), key=lambda ring: -ring.area)
    # the peninsula, then Sicily and Sardinia: three large islands of land, in proportion
    assert (
        len(rings) >= 3
        and rings[0].area > 4 * rings[1].area
        and rings[2].area > 0.3 * rings[1].area
    )
    # framed on Italy: the outline reaches close to every edge of the map, leaving the margin
    west, south, east, north = shapely_bounds(rings)
    assert west < 0.15 * width or east > 0.85 * width
    assert south < 0.12 * height and north > 0.88 * height
    # every card's dot lies on the land drawn (the form's dots are the deck's places)
    assert all(
        0 <= x <= width and 0 <= y <= height for ring in rings for x, y in ring.exterior.coords
    )
    assert deck["region"] == "IT"


def shapely_bounds(rings) -> tuple[float, float, float, float]:
    from shapely.ops import unary_union

    return unary_union(rings).bounds


def test_country_rings_keep_the_mainland_and_nearby_islands_and_drop_far_overseas_parts():
    from shapely.geometry import Point, Polygon

    from generator.products.oucedonc_places import country_rings

    mainland = [
        (12.4964, 41.9028),
        (9.19, 45.4642),
        (16.8719, 41.1171),
        (7.6869, 45.0703),
    ]  # Rome, Milan, Bari, Turin
    rings = [Polygon(ring) for ring in country_rings("IT", mainland)]
    assert any(
        ring.contains(Point(9.1217, 39.2238)) for ring in rings
    )  # Sardinia, with no card there
    assert any(ring.contains(Point(13.3615, 38.1157)) for ring in rings)  # Sicily
    france = [
        Polygon(ring)
        for ring in country_rings("FR", [(2.35, 48.85), (4.84, 45.76), (-1.55, 47.22)])
    ]
    assert france and all(ring.bounds[0] > -6 for ring in france)  # French Guiana, Réunion… dropped
    guiana = [Polygon(ring) for ring in country_rings("GF", [(-52.33, 4.94), (-54.0, 5.5)])]
    assert guiana and all(
        ring.bounds[2] < -50 for ring in guiana
    )  # only Guiana, not metropolitan France
    assert country_rings("TV", [(179.2, -8.5)]) == ()  # no outline embedded: dots only


@pytest.mark.parametrize(
    ("region", "data_credit"),
    [("bretagne", "Insee via Etalab"), ("IT", "Villes : GeoNames (geonames.org), CC BY 4.0")],
)
def test_the_direction_card_credits_the_data_and_the_pictures_inside_the_trim(
    tmp_path, region, data_credit
):
    # CC BY asks for the credit with the printed cards: a shop trims the sheet margins off, so
    # it is on a card (the Direction card's back, not a rule card), inside the safe zone, in the
    # shop's faces file as on the home sheets
    pdf, _ = build_deck(tmp_path, "d", region=region, imposed=True, profile="shop")
    faces = pdf.with_name("d-faces.pdf")
    for path in (pdf, faces):
        _, pages = pdfium_pages(path)  # pdfium finds the page; pdfplumber reads it in lines
        found = [
            i for i, (_, text) in enumerate(pages) if "Posez cette carte" in text.get_text_range()
        ]
        assert len(found) == 1, path
        with pdfplumber.open(path, pages=[found[0] + 1]) as document:
            page = document.pages[0]
            text = " ".join(page.extract_text().split())
            assert data_credit in text and "Fluent Emoji" in text and "MIT" in text
            if path == faces:  # one card a page: every word lies inside the trim box
                left, _, right, _ = (float(v) for v in page.trimbox)
                words = page.extract_words()
                assert any(w["text"] == "Emoji" for w in words)
                assert all(left <= w["x0"] and w["x1"] <= right for w in words)
                rules = [
                    t.get_text_range() for _, t in pages if "Fin de partie" in t.get_text_range()
                ]
                assert rules and "Fluent" not in rules[0]  # no credit block on the rules


def test_a_deck_made_again_with_other_print_options_renders_its_texts_once(monkeypatch):
    """The studio makes a deck again when its user changes the paper: the same deal, the same
    texts (rendered and checked once); another seed or language renders its own. The PDF
    made from the kept texts is the one a fresh process makes."""
    from msgspec.structs import replace

    from generator.products import oucedonc_deck
    from generator.products.oucedonc_deck import MAIN, OucedoncDeckOptions, build
    from generator.render.oucedonc import texts

    rendered = []
    render = texts.render_deck_texts

    def counted(*args, **kwargs):
        rendered.append(args[1].seed)
        return render(*args, **kwargs)

    monkeypatch.setattr(texts, "render_deck_texts", counted)
    oucedonc_deck._deck_texts.cache_clear()
    options = OucedoncDeckOptions(region="29", cards=20, seed=11)
    first = build(options).file(MAIN).data
    letter = replace(options, paper=oucedonc_deck.PAPERS["letter"])
    kept = build(letter).file(MAIN).data
    assert rendered == [11]
    build(replace(options, seed=12))
    build(replace(options, language="en"))
    assert rendered == [11, 12, 11]
    oucedonc_deck._deck_texts.cache_clear()
    assert build(letter).file(MAIN).data == kept  # rendered afresh: the same bytes
    assert build(options).file(MAIN).data == first
    assert rendered == [11, 12, 11, 11]  # a4 after letter: the texts kept
