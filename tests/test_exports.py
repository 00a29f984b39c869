"""The exports read back: every image (size, mode, sRGB profile), every Tabletop Simulator saved
object against the structure its knowledge base documents (object names, CustomDeck fields, grid
limits, card ids), the Tabletopia and Screentop files, and each deck's cards against the PDF its
product prints."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pypdfium2
import pytest
from conftest import pnp
from PIL import Image, ImageCms

from generator.exports import faces, screentop, tabletopia, tts
from generator.exports.images import srgb_profile
from generator.exports.source import Game
from generator.products.contract import Built, write
from generator.products.options import DeckFormat, FaceFiles
from generator.products.territoires_sheets import PRODUCT as TERRITOIRES
from generator.products.territoires_sheets import TerritoiresOptions
from generator.render.card_size import card_size
from generator.render.palette import SHEET

# The fields the knowledge base's save-file-format gives a CustomDeckState, and the card shape
# ("Type") that later versions of TTS save beside them.
CUSTOM_DECK_FIELDS = {
    "FaceURL",
    "BackURL",
    "NumWidth",
    "NumHeight",
    "BackIsHidden",
    "UniqueBack",
    "Type",
}
OBJECT_NAMES = {"DeckCustom", "Card", "Custom_Board", "PlayerPawn", "Die_6", "Counter"}
SAVE_FIELDS = {"SaveName", "GameMode", "Date", "Table", "Sky", "Note", "Rules", "ObjectStates"}


def read_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def is_srgb(image: Image.Image) -> bool:
    profile = image.info.get("icc_profile")
    if not profile:
        return False
    description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile)))
    return "sRGB" in description


# ----------------------------------------------------------------------------- shop templates


@pytest.mark.parametrize(
    ("shop", "pixels"),
    [
        (faces.ShopKey.TGC, (825, 1125)),
        (faces.ShopKey.MPC, (822, 1122)),
        (faces.ShopKey.GENERIC, (815, 1111)),
    ],
)
def test_each_shop_template_gives_its_exact_pixels(
    shop: faces.ShopKey, pixels: tuple[int, int]
) -> None:
    assert faces.SHOPS[shop].pixels == pixels


def test_pixels_from_the_shops_figures_never_miss_or_add_a_pixel() -> None:
    tgc = faces.SHOPS[faces.ShopKey.TGC]
    poker_in = card_size("2.5x3.5in")
    # 63.5 x 88.9 mm with 1/8 in bleed at 300 dpi: exactly 825 x 1125 (the old path said 826)
    assert tgc.pixels_for(poker_in.width, poker_in.height) == (825, 1125)
    # a 63 x 88 mm card: 69.35 mm = 819.09 px, so 820 (never a pixel short)
    assert tgc.pixels_for(63.0, 88.0) == (820, 1115)
    assert tgc.bleed_mm == pytest.approx(3.175)


def test_the_srgb_profile_is_the_same_bytes_every_time() -> None:
    profile = srgb_profile()
    assert profile[36:40] == b"acsp"  # an ICC profile
    assert ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile)))
    assert srgb_profile.__wrapped__() == profile  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- faces


@pytest.fixture(scope="module")
def tgc_faces(tmp_path_factory: pytest.TempPathFactory) -> tuple[Built[None], Path]:
    options = faces.FacesOptions((Game.TERRITOIRES, Game.OTCHO))
    built = faces.build(options)
    out = tmp_path_factory.mktemp("faces")
    write(built, out)
    return built, out


@pytest.mark.slow  # the Lenormand deck at 825 x 1125 px
def test_every_face_image_is_rgb_srgb_at_the_manifests_size(
    tgc_faces: tuple[Built[None], Path],
) -> None:
    built, out = tgc_faces
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["schema"] == "pnp-export-manifest/1"
    assert manifest["template"]["pixels"] == [825, 1125]
    rows = manifest["files"]
    assert {row["file"] for row in rows} == {
        file.name for file in built.files if file.name.endswith(".png")
    }
    for row in rows:
        image = Image.open(out / row["file"])
        assert image.mode == "RGB"
        assert list(image.size) == row["pixels"]
        assert is_srgb(image), row["file"]
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


@pytest.mark.slow  # the Lenormand deck at 825 x 1125 px
def test_a_deck_cut_to_the_shop_card_fills_its_template(
    tgc_faces: tuple[Built[None], Path],
) -> None:
    _, out = tgc_faces
    rows = json.loads((out / "manifest.json").read_text())["files"]
    lenormand = [row for row in rows if row["deck"] == "territoires-lenormand"]
    assert all(row["pixels"] == [825, 1125] and row["template"] for row in lenormand)
    # Neo Otcho's player cards keep their own size (92 x 78 mm + 1/8 in bleed at 300 dpi)
    otcho = [row for row in rows if row["deck"] == "otcho-players"]
    assert all(row["pixels"] == [1162, 997] and not row["template"] for row in otcho)


@pytest.mark.slow  # the Lenormand deck at 825 x 1125 px
def test_the_faces_hold_the_decks_of_the_pdf(tgc_faces: tuple[Built[None], Path]) -> None:
    """The Lenormand deck's fronts are the cards its faces PDF prints: as many, named alike."""
    _, out = tgc_faces
    rows = json.loads((out / "manifest.json").read_text())["files"]
    fronts = [
        row for row in rows if row["deck"] == "territoires-lenormand" and row["side"] == "front"
    ]
    printed = TERRITOIRES.build(TerritoiresOptions(sheets=False, files=FaceFiles(faces=True)))
    pdf = pypdfium2.PdfDocument(printed.file("territoires-jeu-lenormand-faces.pdf").data)
    try:
        assert len(fronts) == len(pdf) // 2 == 36
        for index, row in enumerate(fronts):
            text = pdf[2 * index].get_textpage().get_text_range()
            assert row["name"].split()[-1] in text, row
    finally:
        pdf.close()
    assert (out / "territoires-lenormand" / "back-territoires-lenormand.png").is_file()
    assert "Upload:" in (out / "README.txt").read_text()


def test_the_player_cards_at_a_shop_are_its_size_in_srgb() -> None:
    built = faces.build(faces.FacesOptions((Game.OTCHO,), faces.SHOPS[faces.ShopKey.GENERIC]))
    images = [read_png(f.data) for f in built.files if f.name.endswith(".png")]
    assert len(images) == 5  # four players and their common back
    # 92 x 78 mm with 3 mm bleed at 300 dpi: 1157.48 and 992.13 px, so 1158 x 993
    assert {(image.size, image.mode, is_srgb(image)) for image in images} == {
        ((1158, 993), "RGB", True)
    }


def test_an_export_is_byte_identical_from_one_run_to_the_next() -> None:
    first = tabletopia.build(tabletopia.TabletopiaOptions(Game.OTCHO))
    second = tabletopia.build(tabletopia.TabletopiaOptions(Game.OTCHO))
    assert [f.data for f in first.files] == [f.data for f in second.files]


def test_a_game_without_cards_is_refused_in_one_line(tmp_path: Path) -> None:
    result = pnp("export", "faces", "oie", "--out", str(tmp_path / "x"))
    assert result.returncode == 2
    assert "oie prints no cards" in result.stderr
    assert not (tmp_path / "x").exists()


# ----------------------------------------------------------------------------- Tabletop Simulator


def load_save(out: Path, name: str) -> dict[str, Any]:
    document = json.loads((out / f"{name}.json").read_text(encoding="utf-8"))
    assert document.keys() >= SAVE_FIELDS
    assert isinstance(document["ObjectStates"], list)
    return document


def local_file(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file"
    return Path(unquote(parts.path))


def check_deck(deck: dict[str, Any]) -> list[dict[str, Any]]:
    """One DeckCustom against the documented structure; its cards."""
    assert deck["Name"] == "DeckCustom"
    cards = deck["ContainedObjects"]
    assert deck["DeckIDs"] == [card["CardID"] for card in cards]
    for key, entry in deck["CustomDeck"].items():
        assert set(entry) == CUSTOM_DECK_FIELDS
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        slots = entry["NumWidth"] * entry["NumHeight"]
        face = Image.open(local_file(entry["FaceURL"]))
        assert face.mode == "RGB" and max(face.size) <= 4096
        assert face.width % entry["NumWidth"] == 0 and face.height % entry["NumHeight"] == 0
        cell = (face.width // entry["NumWidth"], face.height // entry["NumHeight"])
        hidden = face.crop((face.width - cell[0], face.height - cell[1], face.width, face.height))
        neutral = tuple(round(c * 255) for c in (SHEET.rule.red, SHEET.rule.green, SHEET.rule.blue))
        assert hidden.getcolors() == [(cell[0] * cell[1], neutral)]  # the last slot: hidden image
        back = Image.open(local_file(entry["BackURL"]))
        assert back.mode == "RGB"
        assert back.size == (face.size if entry["UniqueBack"] else cell)
        mine = [card for card in cards if str(card["CardID"] // 100) == key]
        assert mine and all(card["CustomDeck"] == {key: entry} for card in mine)
        assert all(card["CardID"] % 100 < slots - 1 for card in mine)  # never the hidden slot
        assert [card["CardID"] % 100 for card in mine] == list(range(len(mine)))
    assert all(card["Name"] == "Card" for card in cards)
    return cards


@pytest.fixture(scope="module")
def territoires_tts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    url = tts.images_url(out.as_uri(), None, "territoires")
    write(tts.build(tts.TtsOptions(Game.TERRITOIRES, url)), out)
    return out


@pytest.mark.slow  # the tracker sheet at 4096 px
def test_the_territoires_saved_object_is_what_tts_reads(territoires_tts: Path) -> None:
    save = load_save(territoires_tts, "territoires")
    objects = save["ObjectStates"]
    assert {obj["Name"] for obj in objects} <= OBJECT_NAMES
    decks = [obj for obj in objects if obj["Name"] == "DeckCustom"]
    assert len(decks) == 1
    cards = check_deck(decks[0])
    entry = next(iter(decks[0]["CustomDeck"].values()))
    assert (entry["UniqueBack"], entry["BackIsHidden"], entry["Type"]) == (False, True, 0)
    printed = TERRITOIRES.decks_in(DeckFormat(None, 0.0))[0]
    assert [card["Nickname"] for card in cards] == [card.name for card in printed.cards]
    counters = [obj for obj in objects if obj["Name"] == "Counter"]
    assert [c["Counter"]["value"] for c in counters] == [8, 8]
    thumbnail = Image.open(territoires_tts / "territoires.png")
    assert thumbnail.size == (256, 256) and thumbnail.mode == "RGB"


@pytest.mark.slow  # the board at 4096 px
def test_the_oie_saved_object_is_a_board_six_pawns_and_two_dice(tmp_path: Path) -> None:
    built = tts.build(tts.TtsOptions(Game.OIE, "https://example.org/oie/"))
    save = json.loads(built.file("oie.json").data)
    names = [obj["Name"] for obj in save["ObjectStates"]]
    assert names.count("Custom_Board") == 1
    assert names.count("PlayerPawn") == 6 and names.count("Die_6") == 2
    board = next(obj for obj in save["ObjectStates"] if obj["Name"] == "Custom_Board")
    assert board["CustomImage"]["ImageURL"] == "https://example.org/oie/board.png"
    image = read_png(built.file("oie_images/board.png").data)
    assert max(image.size) == 4096 and image.mode == "RGB" and is_srgb(image)
    guids = [obj["GUID"] for obj in save["ObjectStates"]]
    assert len(set(guids)) == len(guids)


@pytest.mark.slow
def test_oucedonc_backs_are_unique_and_never_shown_in_a_hand(tmp_path: Path) -> None:
    url = tts.images_url(tmp_path.as_uri(), None, "oucedonc")
    write(tts.build(tts.TtsOptions(Game.OUCEDONC, url)), tmp_path)
    save = load_save(tmp_path, "oucedonc")
    cards_deck, tokens = [obj for obj in save["ObjectStates"] if obj["Name"] == "DeckCustom"]
    cards = check_deck(cards_deck)
    for entry in cards_deck["CustomDeck"].values():
        assert (entry["UniqueBack"], entry["BackIsHidden"]) == (True, False)
    assert len(cards_deck["CustomDeck"]) == 2  # 72 cards: 69 on a full sheet, 3 on the next
    assert len(cards) == 72 and cards[69]["CardID"] == 200
    assert cards_deck["Transform"]["rotZ"] == 0.0  # face up: the answer is the back
    check_deck(tokens)
    assert next(iter(tokens["CustomDeck"].values()))["Type"] == 4  # round tokens: circles


def test_a_base_url_that_is_not_a_web_address_is_refused(tmp_path: Path) -> None:
    result = pnp("export", "tts", "oie", "--out", str(tmp_path / "t"), "--base-url", "ftp://x")
    assert result.returncode == 2
    assert "--base-url 'ftp://x' is not a web address" in result.stderr
    assert not (tmp_path / "t").exists()


def test_the_command_writes_file_urls_to_the_written_images(tmp_path: Path) -> None:
    out = tmp_path / "with space"
    result = pnp("export", "tts", "otcho", "--out", str(out))
    assert result.returncode == 0, result.stderr
    save = load_save(out, "otcho")
    deck = next(obj for obj in save["ObjectStates"] if obj["Name"] == "DeckCustom")
    check_deck(deck)  # opens every image through its file:/// URL
    assert [obj["Name"] for obj in save["ObjectStates"]].count("PlayerPawn") == 4 * 10


# ------------------------------------------------------------------------ Tabletopia, Screentop


@pytest.mark.slow  # 58 cards
def test_tabletopia_faces_are_10_px_per_mm_front_and_back_alike() -> None:
    built = tabletopia.build(tabletopia.TabletopiaOptions(Game.PRONOSTIQUES))
    sizes = {read_png(f.data).size for f in built.files if f.name.endswith(".png")}
    assert sizes == {(630, 880)}  # 63 x 88 mm
    race = [f.name for f in built.files if f.name.startswith("pronostiques-race/")]
    assert len(race) == 54 + 1  # the fronts and their common back


@pytest.mark.slow  # 58 cards
def test_screentop_grids_and_card_list_agree() -> None:
    built = screentop.build(screentop.ScreentopOptions(Game.PRONOSTIQUES))
    rows = list(csv.DictReader(io.StringIO(built.file("pronostiques-race.csv").data.decode())))
    assert len(rows) == 54
    grids = {name: read_png(built.file(name).data) for name in {row["image"] for row in rows}}
    for row in rows:
        grid = grids[row["image"]]
        columns, grid_rows = int(row["columns"]), int(row["rows"])
        assert columns <= 10 and grid_rows <= 7 and max(grid.size) <= 4096
        assert grid.width % columns == 0 and grid.height % grid_rows == 0
        assert 0 <= int(row["face"]) < int(row["back"]) < columns * grid_rows


def test_an_export_zips_in_memory_for_a_download() -> None:
    from generator.exports.bundle import zip_bytes

    built = tabletopia.build(tabletopia.TabletopiaOptions(Game.OTCHO))
    data = zip_bytes(built, "otcho-tabletopia")
    assert data == zip_bytes(built, "otcho-tabletopia")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        names = archive.namelist()
        assert names == [f"otcho-tabletopia/{file.name}" for file in built.files]
        assert archive.read(names[0]) == built.files[0].data


# ----------------------------------------------------------------------------- the kit


def kit_component(name: str) -> Any:
    from generator.kit.components import COMPONENTS

    return next(component for component in COMPONENTS if component.name == name)


def test_the_kit_holds_online_play_only_when_asked() -> None:
    from generator.kit.model import KitParams

    online = kit_component("Online play")
    assert not online.in_kit(KitParams(out=Path("k")))
    assert online.in_kit(KitParams(out=Path("k"), exports=True))


@pytest.mark.slow  # five saved objects, the Oucédonc deck among them
def test_the_kit_exports_name_their_images_where_the_kit_puts_them(tmp_path: Path) -> None:
    from generator.kit.model import KitParams
    from generator.kit.run import make_kit

    out = tmp_path / "kit"
    outcome = make_kit(KitParams(out=out, exports=True), (kit_component("Online play"),), jobs=1)
    assert not outcome.result.failures
    save = load_save(out / "exports" / "tts", "otcho")
    deck = next(obj for obj in save["ObjectStates"] if obj["Name"] == "DeckCustom")
    check_deck(deck)  # its images open at their file:/// URLs, in the kit, not in its staging
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Objects &gt; Saved Objects" in page and 'href="exports/tts/otcho.json"' in page
    listed = {entry["path"] for entry in json.loads((out / "manifest.json").read_text())["files"]}
    assert "exports/tts/otcho_images/otcho-players-1.png" in listed


def test_kit_png_adds_the_face_images_at_its_dpi(tmp_path: Path) -> None:
    from generator.kit.model import KitParams
    from generator.kit.run import make_kit

    out = tmp_path / "kit"
    outcome = make_kit(KitParams(out=out, png=60), (kit_component("Neo Otcho"),), jobs=1)
    assert not outcome.result.failures
    faces_png = sorted((out / "otcho-cards_png").iterdir())
    assert [path.name for path in faces_png][-1] == "back-otcho-players.png"
    assert len(faces_png) == 6 + 1  # the six player cards of the kit and their back
    # 92 x 78 mm and 1 mm bleed at 60 dpi: 94 mm = 222.05 px, so 223; 80 mm = 188.98, so 189
    assert Image.open(faces_png[0]).size == (223, 189)


def test_kit_png_out_of_range_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    result = pnp("kit", "--out", str(tmp_path / "kit"), "--png", "5")
    assert result.returncode == 2
    assert "PNG resolution 5 dpi is out of range" in result.stderr
    assert not (tmp_path / "kit").exists()
