"""A print shop's deck is one face per page: every product of the table of decks, built with the
shop profile, parsed (page count = faces, page = card + 3 mm bleed, TrimBox on the card,
BleedBox on the page, every page passing the shop preflight), its imposed sheets only with
``--imposed``, and ``--imposed`` refused at home in one line."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

import msgspec
import pikepdf
import pytest

from generator.preflight.report import preflight
from generator.preflight.rules import FAIL, Limits
from generator.products.catalog import PRODUCTS
from generator.products.contract import PDF, Built
from generator.products.options import DeckFormat, FaceFiles
from generator.render.profile import HOME, SHOP
from generator.render.units import to_mm
from tests.conftest import pnp

BLEED = 3.0  # mm, the shop profile's
#: A small deck of a département for Oucédonc (France's whole deck is four times slower).
SMALLER: dict[str, dict[str, Any]] = {"oucedonc-deck": {"region": "dep:29", "cards": 24}}
DECK_PRODUCTS = tuple(product for product in PRODUCTS.values() if product.deck_keys)


def replace(options: Any, **changes: Any) -> Any:
    """``options`` with ``changes``: a product's options are a frozen dataclass, or a msgspec
    Struct (Oucédonc's deck: the modules a deck imports define their records so)."""
    if isinstance(options, msgspec.Struct):
        return msgspec.structs.replace(options, **changes)
    return dataclasses.replace(options, **changes)


def _options(product: Any, files: FaceFiles) -> Any:
    options = product.deck_options(DeckFormat())
    return replace(options, profile=SHOP, files=files, **SMALLER.get(product.key, {}))


@pytest.fixture(scope="module", params=DECK_PRODUCTS, ids=lambda product: product.key)
def shop_built(request) -> Built[Any]:
    product = request.param
    return product.build(_options(product, FaceFiles()))


def _faces(built: Built[Any]) -> list[Any]:
    return [file for file in built.files if file.name.endswith("-faces.pdf")]


def test_every_shop_deck_is_one_face_per_page_and_no_imposed_sheet(shop_built):
    faces = _faces(shop_built)
    assert faces, f"{shop_built.product} wrote no faces file"
    cards = sum(len(deck.cards) for deck in shop_built.decks)
    pages = 0
    for file in faces:
        with pikepdf.open(io.BytesIO(file.data)) as pdf:
            pages += len(pdf.pages)
            assert len(pdf.pages) == file.pages
    assert pages == 2 * cards  # a front and a back per card, nothing else
    imposed = {file.name.removesuffix("-faces.pdf") + ".pdf" for file in faces}
    assert not imposed & {file.name for file in shop_built.files}


def test_each_face_page_is_the_card_and_its_bleed_with_its_boxes(shop_built):
    sizes = {(deck.size.width, deck.size.height) for deck in shop_built.decks}
    for file in _faces(shop_built):
        with pikepdf.open(io.BytesIO(file.data)) as pdf:
            for page in pdf.pages:
                media = [to_mm(float(v)) for v in page.MediaBox]
                trim = [to_mm(float(v)) for v in page.TrimBox]
                bleed = [to_mm(float(v)) for v in page.BleedBox]
                width, height = trim[2] - trim[0], trim[3] - trim[1]
                assert any(abs(width - w) < 0.01 and abs(height - h) < 0.01 for w, h in sizes), (
                    file.name,
                    width,
                    height,
                )
                assert trim[:2] == pytest.approx([BLEED, BLEED], abs=0.01)
                assert media == pytest.approx(
                    [0, 0, width + 2 * BLEED, height + 2 * BLEED], abs=0.01
                )
                assert bleed == pytest.approx(media, abs=0.01)


def test_every_faces_file_passes_the_shop_preflight(shop_built, tmp_path):
    for file in _faces(shop_built):
        path = tmp_path / file.name
        path.write_bytes(file.data)
        report = preflight(path, Limits("shop", 300.0))
        assert report.passed, [r for r in report.results if r.status == FAIL]


def test_imposed_adds_the_sheets_beside_the_faces():
    product = next(p for p in DECK_PRODUCTS if p.key == "territoires-sheets")
    built = product.build(_options(product, FaceFiles(imposed=True)))
    names = [file.name for file in built.files if file.kind is PDF]
    assert names == ["territoires-jeu-lenormand.pdf", "territoires-jeu-lenormand-faces.pdf"]


def test_a_shop_deck_without_sheets_names_its_files_after_out(tmp_path):
    from generator.products.oucedonc_deck import OucedoncDeckOptions

    product = next(p for p in DECK_PRODUCTS if p.key == "oucedonc-deck")
    options = OucedoncDeckOptions(region="dep:29", cards=24, profile=SHOP)
    written = product.make(options, tmp_path / "finistere.pdf")
    assert sorted(path.name for path in written.paths) == [
        "finistere-faces.pdf",
        "finistere-referee.html",
        "finistere-tokens-faces.pdf",
        "finistere.json",
    ]
    assert written.built.pages == 2 * len(written.built.decks[0].cards)


def test_a_shop_deck_without_sheets_leaves_a_file_at_out_alone(tmp_path):
    # it writes no file at --out itself: a file of the user's there is neither refused nor
    # touched; a home deck, which writes it, still refuses it
    from generator.core.errors import UserError
    from generator.products.oucedonc_deck import OucedoncDeckOptions

    product = next(p for p in DECK_PRODUCTS if p.key == "oucedonc-deck")
    mine = tmp_path / "finistere.pdf"
    mine.write_text("my own notes", encoding="utf-8")
    shop = OucedoncDeckOptions(region="dep:29", cards=24, profile=SHOP)
    written = product.make(shop, mine)
    assert mine.read_text(encoding="utf-8") == "my own notes"
    assert (tmp_path / "finistere-faces.pdf").is_file() and mine not in written.paths
    with pytest.raises(UserError, match="is not a PDF made by pnp; nothing was written"):
        product.make(replace(shop, profile=HOME), mine)
    assert mine.read_text(encoding="utf-8") == "my own notes"


@pytest.mark.parametrize(
    "command",
    [
        ("oucedonc", "deck", "--region", "dep:29", "--cards", "24"),
        ("territoires", "sheets"),
        ("pronostiques", "sheets"),
        ("otcho", "sheets"),
        ("kit",),
    ],
)
def test_imposed_at_home_is_refused_in_one_line(command, tmp_path):
    out = tmp_path / ("d.pdf" if command[0] == "oucedonc" else "out")
    result = pnp(*command, "--imposed", "--out", str(out))
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "--imposed" in result.stderr and "home deck always has them" in result.stderr
    assert not out.exists() or not any(out.iterdir())


def test_back_first_needs_no_faces_option_in_the_shop(tmp_path: Path):
    result = pnp(
        "otcho",
        "sheets",
        "--players",
        "6",
        "--profile",
        "shop",
        "--back-first",
        "--out",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    with pikepdf.open(tmp_path / "otcho-cards-faces.pdf") as pdf:
        assert len(pdf.pages) == 12
    assert not (tmp_path / "otcho-cards.pdf").exists()


def test_a_shop_recipe_takes_imposed_from_the_command_line(tmp_path):
    import json

    recipe = tmp_path / "r.json"
    recipe.write_text(json.dumps({"region": "dep:29", "cards": 24, "profile": "shop"}))
    out = tmp_path / "d.pdf"
    result = pnp("oucedonc", "deck", "--recipe", str(recipe), "--imposed", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert out.exists() and (tmp_path / "d-faces.pdf").exists()  # the recipe's profile: shop
