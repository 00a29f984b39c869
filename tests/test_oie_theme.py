"""Themed board from the embedded place data: a journey through a real region."""

import pdfplumber
import pytest

from generator.core.errors import UserError
from generator.core.typography import printed_text
from generator.games.oie.route import ordinary_squares
from generator.products.oie_board import load_theme
from generator.render.oie.board import BoardOptions, board_document


@pytest.fixture(scope="module")
def bretagne():
    return load_theme("bretagne")


def test_theme_picks_distinct_places_of_the_region(bretagne):
    places = bretagne.journey.places
    assert len(places) == len(ordinary_squares()) == 41
    assert len({p.name for p in places}) == 41
    assert all(p.departement in {"22", "29", "35", "56"} for p in places)
    assert bretagne.title == "Bretagne"
    assert load_theme("bretagne") == bretagne  # same seed, same journey


def test_themed_board_prints_the_journey(bretagne, tmp_path):
    from dataclasses import replace

    options = replace(
        BoardOptions(), theme=bretagne.title, labels=bretagne.labels, route=bretagne.route
    )
    path = board_document(options).save(tmp_path / "bzh.pdf")
    with pdfplumber.open(path) as pdf:
        text = " ".join(pdf.pages[0].extract_text(y_tolerance=1).split())
    assert printed_text(f"{bretagne.route[0]} → {bretagne.route[1]}", "fr") in text
    single_words = [
        p.name for p in bretagne.journey.places if " " not in p.name and "-" not in p.name
    ]
    assert single_words and all(name in text for name in single_words)


def test_unknown_region_is_a_user_error():
    with pytest.raises(UserError):
        load_theme("atlantide")


def test_a_region_too_small_for_the_board_says_so():
    with pytest.raises(UserError, match="themed board names 41 squares; choose a larger region"):
        load_theme("75")


def test_a_departement_works_too():
    theme = load_theme("gironde")
    assert all(p.departement == "33" for p in theme.journey.places)
