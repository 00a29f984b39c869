"""The product contract on every product, the table of decks, and the one path from a deck to its
faces and images.

Every product is built once per module (small options: a deck of 48 hand-made places, the
default sheets), in memory; the tests then write those builds where they like.
"""

from __future__ import annotations

import io
import math
import os
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader

from generator.core.errors import UserError
from generator.games.catalog import GAMES, game
from generator.products import catalog
from generator.products.contract import FACE_PNG, PDF, Built, BuiltFile, write
from generator.products.options import FaceFiles, Imposition
from generator.render.card_size import card_size
from generator.render.deck import Backs, Shape
from generator.render.deck_files import ImageSize, face_images, faces_document
from generator.render.units import pt
from tests.conftest import one_line_error, pnp
from tests.test_oucedonc_deck import grid_places


def options_of(key: str) -> object:
    """Small options of each product: what a user would ask for, quick to build."""
    from generator.products.calibration import CalibrationOptions
    from generator.products.oie_board import OieBoardOptions
    from generator.products.otcho_sheets import OtchoOptions
    from generator.products.oucedonc_deck import OucedoncDeckOptions
    from generator.products.oucedonc_map import MapOptions
    from generator.products.oucedonc_referee_page import RefereePageOptions
    from generator.products.pronostiques_sheets import PronostiquesOptions
    from generator.products.territoires_sheets import TerritoiresOptions
    from tests.referee_fixtures import make_deck

    return {
        "oucedonc-deck": OucedoncDeckOptions(places=tuple(grid_places(())), area="Test"),
        "oucedonc-referee-page": RefereePageOptions(make_deck()),
        "oucedonc-map": MapOptions(make_deck()),
        "oie-board": OieBoardOptions(),
        "territoires-sheets": TerritoiresOptions(),
        "otcho-sheets": OtchoOptions(),
        "pronostiques-sheets": PronostiquesOptions(),
        "calibration": CalibrationOptions(),
    }[key]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Built[object]]:
    """Every product built in memory, in an empty working folder that must stay empty."""
    folder = tmp_path_factory.mktemp("nothing-written")
    before = Path.cwd()
    os.chdir(folder)
    try:
        made = {key: product.build(options_of(key)) for key, product in catalog.PRODUCTS.items()}
    finally:
        os.chdir(before)
    assert list(folder.iterdir()) == []  # building writes nothing
    return made


def target(built_product: Built[object], folder: Path) -> Path:
    """Where a product goes in ``folder``: its main file's name there, or the folder itself."""
    return folder / built_product.main if built_product.main else folder


# ------------------------------------------------------------------------ the contract


def test_every_product_is_in_the_table_with_its_game():
    assert list(catalog.PRODUCTS) == [
        "oucedonc-deck",
        "oucedonc-referee-page",
        "oucedonc-map",
        "oie-board",
        "territoires-sheets",
        "otcho-sheets",
        "pronostiques-sheets",
        "calibration",
    ]
    for product in catalog.PRODUCTS.values():
        assert product.game == "" or game(product.game).key == product.game


@pytest.mark.parametrize("key", list(catalog.PRODUCTS))
def test_a_build_holds_every_file_in_memory_with_its_kind_and_pages(built, key):
    made = built[key]
    assert made.product == key and made.files
    for file in made.files:
        if file.kind is PDF:
            assert file.data.startswith(b"%PDF-") and file.pages >= 1
            assert len(PdfReader(io.BytesIO(file.data)).pages) == file.pages
    if made.main:
        assert made.file(made.main).name == made.main


@pytest.mark.parametrize("key", list(catalog.PRODUCTS))
def test_write_puts_every_file_where_it_says_byte_for_byte(built, key, tmp_path):
    made = built[key]
    written = write(made, target(made, tmp_path / "out"))
    assert len(written.paths) == len(made.files)
    for file, path in zip(made.files, written.paths, strict=True):
        assert path.read_bytes() == file.data
        assert written.path(file.name) == path
    leftovers = [p.name for p in (tmp_path / "out").rglob("*") if p.name.startswith(".")]
    assert leftovers == []  # no staging folder, no .part file left behind


@pytest.mark.parametrize("key", list(catalog.PRODUCTS))
def test_write_refuses_to_replace_a_users_file_without_force(built, key, tmp_path):
    made = built[key]
    out = target(made, tmp_path)
    written = write(made, out)  # the names, as written
    mine = written.paths[-1]
    for path in written.paths:
        path.unlink()
    mine.write_text("my notes")
    with pytest.raises(UserError, match=r"exists and is not a .* made by pnp; nothing was written"):
        write(made, out)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == [mine]
    assert mine.read_text() == "my notes"
    write(made, out, force=True)
    assert mine.read_bytes() == made.files[-1].data
    write(made, out)  # now pnp's own: replaced without force


def test_a_single_file_products_companions_take_the_name_out_gives(built, tmp_path):
    written = write(built["oucedonc-deck"], tmp_path / "classe.pdf")
    assert [path.name for path in written.paths] == [
        "classe.pdf",
        "classe.json",
        "classe-referee.html",
    ]


def test_out_must_carry_the_main_files_suffix(built, tmp_path):
    with pytest.raises(UserError, match=r"must end in \.pdf; .* e\.g\. --out oie-board\.pdf"):
        write(built["oie-board"], tmp_path / "board.txt")
    assert list(tmp_path.iterdir()) == []


def test_a_built_product_names_every_file_after_its_main_file():
    pdf = BuiltFile("deck.pdf", PDF, b"%PDF-")
    with pytest.raises(ValueError, match=r"named after deck\.pdf"):
        Built("x", (pdf, BuiltFile("other.json", PDF, b"{}")), None, main="deck.pdf")
    with pytest.raises(ValueError, match="two files of the same name"):
        Built("x", (pdf, pdf), None)


# ------------------------------------------------------------------------ the table of decks


def test_each_game_is_named_once_and_its_command_group_says_that_name():
    from generator.cli.commands import COMMANDS, SUMMARIES
    from generator.kit.components import COMPONENTS

    for info in GAMES:
        assert info.key in COMMANDS
        assert SUMMARIES[info.key].startswith(f"{info.name}: ")
    games = {component.group for component in COMPONENTS}
    assert {info.name for info in GAMES} <= games


def test_the_table_of_decks_and_the_games_agree():
    assert {entry.key for entry in catalog.DECKS} == {key for info in GAMES for key in info.decks}
    for entry in catalog.DECKS:
        assert entry.key in game(entry.game).decks
        assert entry.key in catalog.product(entry.product).deck_keys


@pytest.mark.parametrize("entry", catalog.DECKS, ids=lambda entry: entry.key)
def test_every_deck_of_the_table_is_built_by_its_product(built, entry):
    product = catalog.product(entry.product)
    assert product.decks is not None
    decks = product.decks(options_of(entry.product))
    assert [deck.key for deck in decks] == list(product.deck_keys)
    assert [deck.key for deck in built[entry.product].decks] == list(product.deck_keys)
    deck = built[entry.product].deck(entry.key)
    assert deck.game == entry.game and deck.cards
    assert len({card.id for card in deck.cards}) == len(deck.cards)
    assert all(card.name and card.kind for card in deck.cards)


@pytest.mark.parametrize("entry", catalog.DECKS, ids=lambda entry: entry.key)
def test_each_decks_faces_are_its_cards_one_face_a_page(built, entry):
    """The faces PDF of every deck has two pages per card (front, back), each the card and its
    bleed, TrimBox the card: the card counts of the table are the PDFs'."""
    deck = built[entry.product].deck(entry.key)
    reader = PdfReader(io.BytesIO(faces_document([deck]).to_bytes()))
    assert len(reader.pages) == 2 * len(deck.cards)
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(pt(deck.size.width + 2 * deck.bleed))
    trim = [float(v) for v in page.trimbox]
    assert trim[2] - trim[0] == pytest.approx(pt(deck.size.width), abs=0.01)


EXPECTED_COUNTS = {  # what the game's rules hold (the default options above)
    "oucedonc-cards": 48 + 9,  # 48 places, 2 Intermèdes, the Direction card, 6 rules
    "oucedonc-tokens": 35,
    "territoires-lenormand": 36,
    "otcho-players": 4,
    "pronostiques-race": 54,
    "pronostiques-predictions": 4,
}


def test_the_decks_hold_the_cards_the_rules_count(built):
    counts = {deck.key: len(deck.cards) for made in built.values() for deck in made.decks}
    assert counts == EXPECTED_COUNTS


def test_the_imposed_pdfs_hold_every_card(built):
    """The sheets: ceil(cards / 9) sheets of poker cards on A4, front and back pages."""
    pronostiques = built["pronostiques-sheets"].file("pronostiques-cards.pdf")
    assert pronostiques.pages == 2 * math.ceil((54 + 4) / 9)
    territoires = built["territoires-sheets"].file("territoires-jeu-lenormand.pdf")
    assert territoires.pages == 2 * math.ceil(36 / 9)
    oucedonc = built["oucedonc-deck"].file("oucedonc.pdf")
    assert oucedonc.pages == 2 * math.ceil(57 / 9) + 2  # and the tokens' front and back


# ------------------------------------------------------------------------ face images


def first_cards(deck, count=2):
    return msgspec.structs.replace(deck, cards=deck.cards[:count])


@pytest.mark.parametrize("entry", catalog.DECKS, ids=lambda entry: entry.key)
def test_every_deck_has_png_faces_of_its_size_at_a_dpi(built, entry):
    deck = first_cards(built[entry.product].deck(entry.key))
    images = face_images([deck], ImageSize(dpi=40))
    fronts = [image for image in images if image.side == "front"]
    backs = [image for image in images if image.side == "back"]
    assert [image.card for image in fronts] == [card.id for card in deck.cards]
    assert len(backs) == (1 if deck.backs is Backs.ALIKE else len(deck.cards))
    width = math.ceil((deck.size.width + 2 * deck.bleed) / 25.4 * 40 - 1e-6)
    height = math.ceil((deck.size.height + 2 * deck.bleed) / 25.4 * 40 - 1e-6)
    for image in images:
        with Image.open(io.BytesIO(image.data)) as png:
            assert png.size == (image.width, image.height) == (width, height)
            assert png.mode == "RGB" and png.info.get("Software") == "pnp"
            assert png.info["dpi"] == pytest.approx((40, 40), abs=0.01)


@pytest.mark.parametrize("entry", catalog.DECKS, ids=lambda entry: entry.key)
def test_every_deck_has_png_faces_at_an_exact_pixel_size(built, entry):
    deck = first_cards(built[entry.product].deck(entry.key), 1)
    for image in face_images([deck], ImageSize(pixels=(201, 277))):
        with Image.open(io.BytesIO(image.data)) as png:
            assert png.size == (201, 277)
            # the face fills the image: a card's background reaches its four corners
            if deck.shape is Shape.CARD and image.side == "back":
                assert png.getpixel((0, 0)) != (255, 255, 255)
                assert png.getpixel((200, 276)) != (255, 255, 255)


def test_a_round_piece_is_a_disc_its_image_without_the_cut_circle(built):
    from generator.render.deck_files import rasterise

    def magenta(data: bytes) -> int:
        with Image.open(io.BytesIO(data)) as png:
            rgb = png.convert("RGB")
            pixels = (rgb.getpixel((x, y)) for x in range(rgb.width) for y in range(rgb.height))
            return sum(1 for r, g, b in pixels if r > 180 and g < 60 and b > 110)

    tokens = first_cards(built["oucedonc-deck"].deck("oucedonc-tokens"), 1)
    size = ImageSize(pixels=(400, 400))
    front = face_images([tokens], size)[0]
    with Image.open(io.BytesIO(front.data)) as png:
        assert png.getpixel((0, 0)) == (255, 255, 255)  # outside the disc
    shop_file = faces_document([tokens]).to_bytes()
    assert b"/CutContour" in shop_file  # the shop's file keeps the die line...
    assert magenta(rasterise(shop_file, size)[0][2]) > 100
    assert magenta(front.data) == 0  # ...the image has none


def test_a_shops_poker_face_is_exactly_its_template_never_one_pixel_more():
    """The Game Crafter's poker card: 2.5 × 3.5 in plus 1/8 in bleed at 300 dpi is 825 × 1125
    px; the millimetres give 825.0000000001, which is 825, not 826."""
    card = card_size("2.5x3.5in")
    bleed = 25.4 / 8
    size = ImageSize(dpi=300)
    assert size.for_page(pt(card.width + 2 * bleed), pt(card.height + 2 * bleed)) == (825, 1125)


@settings(max_examples=100, deadline=None)
@given(
    st.floats(min_value=20, max_value=300),
    st.floats(min_value=20, max_value=300),
    st.integers(min_value=30, max_value=1200),
)
def test_face_images_never_lose_a_pixel_nor_add_a_whole_one(width_mm, height_mm, dpi):
    width, height = ImageSize(dpi=dpi).for_page(pt(width_mm), pt(height_mm))
    for pixels, mm in ((width, width_mm), (height, height_mm)):
        exact = pt(mm) * dpi / 72
        assert exact - 1e-6 <= pixels < exact + 1


def test_an_image_size_is_a_dpi_or_pixels_in_range():
    with pytest.raises(UserError, match="30 to 1200"):
        ImageSize(dpi=20)
    with pytest.raises(UserError, match="out of range"):
        ImageSize(pixels=(0, 100))
    with pytest.raises(ValueError):
        ImageSize()


def test_stale_face_images_of_a_larger_deck_go_and_the_users_files_stay(built, tmp_path):
    from generator.products.territoires_sheets import PRODUCT, TerritoiresOptions

    options = TerritoiresOptions(sheets=False, files=FaceFiles(images=ImageSize(dpi=30)))
    folder = tmp_path / "territoires-jeu-lenormand_png"
    folder.mkdir()
    stale = folder / "L99_front.png"
    Image.new("RGB", (2, 2)).save(stale, pnginfo=_ours())
    (folder / "cover.png").write_bytes(b"mine")
    written = PRODUCT.make(options, tmp_path)
    images = written.of_kind(FACE_PNG)
    assert len(images) == 36 + 1  # every front, the one back they share
    assert not stale.exists() and (folder / "cover.png").read_bytes() == b"mine"
    assert folder / "back-territoires-lenormand.png" in images


def _ours():
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Software", "pnp")
    return info


# ------------------------------------------------------------------------ the command line


def test_sheets_commands_write_png_faces_and_faces_files(tmp_path):
    result = pnp("pronostiques", "sheets", "--png", "30", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "pronostiques-cards_png"
    assert len(list(folder.iterdir())) == 54 + 1 + 4 + 1  # fronts, and each deck's one back
    assert f"wrote 60 PNG faces in {folder}" in result.stdout
    result = pnp("otcho", "sheets", "--players", "3", "--faces", "--out", str(tmp_path / "o"))
    assert result.returncode == 0, result.stderr
    faces = PdfReader(tmp_path / "o" / "otcho-cards-faces.pdf")
    assert len(faces.pages) == 2 * 3


def test_a_card_size_in_inches_reaches_the_deck_file(tmp_path):
    import json

    out = tmp_path / "d.pdf"
    result = pnp(
        "oucedonc", "deck", "--region", "bretagne", "--cards", "48", "--card-size", "2.5x3.5in",
        "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    params = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))["params"]
    assert params["card_size"] == "2.5x3.5in"
    assert params["card_mm"] == pytest.approx([63.5, 88.9])


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("territoires", "sheets", "--card", "2x3cm"), "unknown card size '2x3cm'"),
        (("oie", "board", "--tiles", "a4", "--grid", "3y2"), "grid '3y2' is not COLSxROWS"),
        (("pronostiques", "sheets", "--back-offset", "30,0"), "within ±20 mm"),
        (("otcho", "sheets", "--back-first"), "add --faces"),
        (("territoires", "sheets", "--no-deck", "--png", "30"), "drop --no-deck"),
    ],
)
def test_options_are_parsed_once_by_the_command_line(tmp_path, args, fragment):
    one_line_error(pnp(*args, "--out", str(tmp_path / "x")), fragment)
    assert not (tmp_path / "x").exists()


# ------------------------------------------------------------------------ your own places


def test_a_deck_of_your_own_places_refuses_two_that_print_the_same_coordinate(tmp_path):
    from generator.games.oucedonc.coords import PrecisionChoice
    from generator.products.oucedonc_deck import PRODUCT, OucedoncDeckOptions

    places = grid_places(())
    twin = msgspec.structs.replace(places[1], lat=places[0].lat + 0.001, name="Jumelle")
    options = OucedoncDeckOptions(
        places=(*places[:1], twin, *places[2:]), precision=PrecisionChoice.MINUTE
    )
    with pytest.raises(UserError, match=r"Lieu 00 and Jumelle print the same latitude, 43°00′ N"):
        PRODUCT.build(options)
    renamed = msgspec.structs.replace(places[1], name=places[0].name)
    with pytest.raises(UserError, match="two places are both called Lieu 00"):
        PRODUCT.build(OucedoncDeckOptions(places=(places[0], renamed, *places[2:])))


def test_a_deck_of_your_own_places_takes_the_finer_precision_when_it_must(built):
    from generator.products.oucedonc_deck import PRODUCT, OucedoncDeckOptions

    places = grid_places(())
    twin = msgspec.structs.replace(places[1], lat=places[0].lat + 0.003, name="Voisine")
    made = PRODUCT.build(OucedoncDeckOptions(places=(places[0], twin, *places[2:])))
    assert made.detail.precision.value == "second"  # auto: minute could not tell them apart
    assert made.detail.region == "custom" and made.detail.title == "Oucédonc"


def test_options_hold_objects_and_check_what_goes_together():
    from generator.render.paper import paper
    from generator.render.profile import HOME, SHOP

    with pytest.raises(UserError, match="add --faces"):
        FaceFiles(back_first=True).check(HOME)
    FaceFiles(back_first=True).check(SHOP)  # a shop deck is one face per page anyway
    assert FaceFiles().faces_for(SHOP) and not FaceFiles().imposed_for(SHOP)
    assert FaceFiles(imposed=True).imposed_for(SHOP) and not FaceFiles().faces_for(HOME)
    imposition = Imposition(card=card_size("bridge"))
    assert imposition.spec(paper("a4"), SHOP, home_bleed=1.0).bleed == 3.0  # a shop's bleed
    assert imposition.spec(paper("a4"), HOME, home_bleed=2.0).bleed == 2.0
    with pytest.raises(UserError, match="too little for a print shop"):
        Imposition(bleed=1.0).spec(paper("a4"), SHOP, home_bleed=1.0)
