"""`pnp oucedonc map`: the poster of a deck's places, read back from the PDF it writes.

Every card's id and name is on the sheet, no two labels overlap and none leaves the map (the
text boxes pdfplumber finds, checked pair by pair), the graticule is labelled as the backs print
coordinates, the sheet is the paper asked for (turned to show the region largest), a print-shop
file passes `pnp preflight`, the same deck gives the same bytes, and the labels' placement keeps
its promise on random points (hypothesis).
"""

from __future__ import annotations

import io
import re
from itertools import combinations
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.oucedonc.deckfile import Deck, deck_from_json
from generator.products.oucedonc_map import MAIN, MapOptions, build, map_data
from generator.render.draw.labels import Point, overlaps, place_labels
from generator.render.paper import PAPERS
from generator.render.profile import SHOP
from tests.conftest import one_line_error
from tests.referee_fixtures import make_deck, pnp

MM = 72 / 25.4


@pytest.fixture(scope="module")
def france(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("deck") / "france.pdf"
    assert pnp("oucedonc", "deck", "--out", str(out)).returncode == 0
    return out.with_suffix(".json")


def poster(options: MapOptions) -> bytes:
    """The poster's PDF, built in memory."""
    return build(options).file(MAIN).data


def read(path: Path) -> Deck:
    return deck_from_json(path.read_text(encoding="utf-8"))


def labels(pdf: bytes) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each place label on the page (an id such as P07 and the name after it on its line), with
    its box in mm (left, bottom, right, top)."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0].dedupe_chars()  # a label's halo is the same text, stroked
        height = page.height
        words = page.extract_words(keep_blank_chars=True, x_tolerance=1.5, y_tolerance=1)
    found = []
    for word in words:
        label = re.fullmatch(r"(P\d+)(\S.*)", word["text"])
        if label and "numéro" not in word["text"]:  # not the legend's "P07: the card's number"
            box = (word["x0"], height - word["bottom"], word["x1"], height - word["top"])
            found.append((f"{label[1]} {label[2]}", tuple(v / MM for v in box)))
    return found  # type: ignore[return-value]


@pytest.mark.slow  # a whole deck and its map through the CLI, every label read back
def test_every_card_is_on_the_map_and_no_two_labels_overlap(france: Path, tmp_path: Path) -> None:
    deck = read(france)
    out = tmp_path / "carte.pdf"
    said = pnp("oucedonc", "map", "--deck", str(france), "--out", str(out))
    assert said.returncode == 0 and f"wrote {out}" in said.stdout, said.stderr
    pdf = out.read_bytes()
    found = labels(pdf)
    assert sorted(text for text, _box in found) == sorted(
        f"{card.id} {card.name}" for card in deck.places
    )
    for (a, box_a), (b, box_b) in combinations(found, 2):
        assert not overlaps(box_a, box_b), (a, b)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        assert (round(page.width / MM), round(page.height / MM)) == (210, 297)  # France: portrait
        text = page.extract_text()
    for label in ("2° O", "0°", "4° E", "ville", "site", "km"):  # (latitudes run upwards)
        assert label in text, label
    assert "IGN Admin Express 2018" in text and "Natural Earth" in text


def test_a_wide_region_turns_the_sheet_and_outlines_its_departements() -> None:
    deck = make_deck()
    bretagne = Deck(
        title="Oucédonc en Bretagne",
        region="bretagne",
        seed=1,
        precision=deck.precision,
        places=tuple(card for card in deck.places if card.departement in ("29", "35", "22", "56")),
    )
    data = map_data(bretagne, "fr")
    assert data.region and data.areas and data.home and data.abroad
    pdf = poster(MapOptions(bretagne, PAPERS["a3"]))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        assert (round(page.width / MM), round(page.height / MM)) == (420, 297)  # landscape A3
        assert re.search(r"\d+°30′ O", page.extract_text())  # half degrees: a small area


@pytest.mark.parametrize("paper", ["a4", "a3", "letter"])
def test_the_sheet_is_the_paper_asked_for(paper: str) -> None:
    pdf = poster(MapOptions(make_deck(), PAPERS[paper]))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        size = sorted((page.width / MM, page.height / MM))
    expected = sorted((PAPERS[paper].width, PAPERS[paper].height))
    assert size == pytest.approx(expected, abs=0.5)


def test_a_shop_file_passes_preflight_and_the_same_deck_gives_the_same_bytes(
    tmp_path: Path,
) -> None:
    deck = make_deck()
    shop = poster(MapOptions(deck, PAPERS["a3"], SHOP))
    assert shop == poster(MapOptions(deck, PAPERS["a3"], SHOP))
    path = tmp_path / "shop.pdf"
    path.write_bytes(shop)
    checked = pnp("preflight", str(path), "--profile", "shop")
    assert checked.returncode == 0 and "all rules pass" in checked.stdout, checked.stdout


def test_an_english_map_writes_w_for_west(tmp_path: Path) -> None:
    pdf = poster(MapOptions(make_deck(), language="en"))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        text = document.pages[0].extract_text()
    assert "2° W" in text and "° O" not in text
    assert "town" in text and "The deck's 50 places" in text
    for french in ("ville", "lieux", "numéro", "Contours"):
        assert french not in text, french


def test_bad_output_is_one_line_and_a_users_file_is_kept(tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    from tests.referee_fixtures import deck_json

    deck.write_text(deck_json(), encoding="utf-8")
    one_line_error(pnp("oucedonc", "map", "--deck", str(deck), "--out", str(tmp_path / "x.txt")),
                   "must end in .pdf")  # fmt: skip
    mine = tmp_path / "mine.pdf"
    mine.write_bytes(b"my own notes")
    one_line_error(pnp("oucedonc", "map", "--deck", str(deck), "--out", str(mine)), "--force")
    assert mine.read_bytes() == b"my own notes"
    assert (
        pnp("oucedonc", "map", "--deck", str(deck), "--out", str(mine), "--force").returncode == 0
    )
    assert mine.read_bytes()[:5] == b"%PDF-"
    default = pnp("oucedonc", "map", "--deck", str(deck))
    assert default.returncode == 0 and (tmp_path / "deck-map.pdf").is_file()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(5, 195), st.floats(5, 135), st.floats(4, 40), st.floats(2, 3)),
        min_size=1,
        max_size=60,
    )
)
def test_placed_labels_never_overlap_each_other_a_dot_or_the_frame(points) -> None:
    frame = (0.0, 0.0, 200.0, 140.0)
    items = [Point(x, y, width, height, 0.9) for x, y, width, height in points]
    placed = place_labels(items, frame)
    boxes = [p.box for p in placed if p is not None]
    for a, b in combinations(boxes, 2):
        assert not overlaps(a, b)
    for box in boxes:
        assert (
            frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3]
        )
        for item in items:
            dot = (item.x - 0.9, item.y - 0.9, item.x + 0.9, item.y + 0.9)
            assert not overlaps(box, dot)
