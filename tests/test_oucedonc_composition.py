"""Deck composition (pure): card counts, place choice, names and ids; the CLI contract."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import UserError
from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.deck import (
    compose_deck,
    default_place_count,
    minimum_places,
    other_cards,
)
from generator.games.oucedonc.deckfile import deck_from_json, deck_to_json
from generator.geo.model import Place
from tests.conftest import one_line_error, pnp
from tests.product_helpers import oucedonc_deck, oucedonc_options


def place(
    index: int,
    lat: float,
    lon: float,
    name: str | None = None,
    kind: str = "town",
    familiarity: float | None = None,
    departement: str = "35",
) -> Place:
    return Place(
        id=f"x:{index}",
        name=name or f"Lieu {index}",
        kind=kind,
        lat=lat,
        lon=lon,
        departement=departement,
        region="53",
        population=1000 + index if kind == "town" else None,
        familiarity=float(familiarity if familiarity is not None else 10_000 - index),
    )


def test_default_deck_fills_whole_sheets():
    others = len(other_cards())
    assert others == 2 + 1 + 6
    assert default_place_count(9) == 63  # 72 cards = 8 sheets of 9 poker cards
    for slots in (4, 8, 9, 10, 16, 18):
        count = default_place_count(slots)
        assert (count + others) % slots == 0
        assert count >= minimum_places()
    assert minimum_places() == 3 * 15 + 3


def test_other_cards_follow_the_packs():
    kinds = [card.kind for card in other_cards()]
    assert (
        kinds.count("intermede") == 2 and kinds.count("direction") == 1 and kinds.count("rule") == 6
    )
    assert [card.name for card in other_cards() if card.kind == "rule"] == [
        "Oucédonc",
        "Mise en place",
        "Un tour",
        "Le doute",
        "Le décompte",
        "Fin de partie",
    ]


def test_compose_refuses_two_cards_with_one_name():
    places = [place(i, 42.0 + i * 0.1, -4.0 + i * 0.2) for i in range(48)]
    places[1] = place(1, 42.1, -3.8, name="Lieu 0")
    with pytest.raises(ValueError, match="Lieu 0"):
        compose_deck(
            places,
            title="t",
            region="r",
            seed=1,
            precision=Precision.MINUTE,
            departement_names={},
            region_names={},
        )


@pytest.mark.parametrize(
    ("region", "difficulty", "precision"),
    [
        ("france", "hard", "minute"),
        ("france", "normal", "second"),
        ("bretagne", "normal", "second"),
    ],
)
def test_auto_precision_is_minute_when_the_region_allows_it(
    tmp_path, region, difficulty, precision
):
    """Every two cards of the deck differ in printed latitude and longitude, at the precision the
    deck file records. A hard France deck gets whole minutes; the normal one falls back to seconds
    (Montpellier's chef-lieu shares Toulouse's minute of latitude, 43°36′ N), as does a région."""
    from generator.products.oucedonc_deck import select_deck

    options = oucedonc_options(region=region, difficulty=difficulty)
    deck = select_deck(options).deck
    assert deck.precision.value == precision
    assert len(deck.places) == 63
    assert len({card.lat_units for card in deck.places}) == 63
    assert len({card.lon_units for card in deck.places}) == 63
    sites = sum(card.place_kind == "site" for card in deck.places)
    if region == "france":
        assert sites == round(63 * 0.2)
    else:  # a région deals its floor of sites, above the share (docs/rules/oucedonc-deck.md)
        from generator.games.oucedonc.deck import SITES_FLOOR

        assert sites == SITES_FLOOR["region"]


def test_explicit_minute_precision_on_a_small_region_says_what_to_do(tmp_path):
    from generator.products.oucedonc_deck import select_deck

    options = oucedonc_options(region="976", precision="minute")  # Mayotte: 9 cards at the minute
    with pytest.raises(UserError, match="--precision second"):
        select_deck(options)


def test_composed_deck_ids_follow_the_alphabet_and_round_trip():
    places = [
        place(i, 42.0 + i * 0.1, -4.0 + i * 0.2, name=name)
        for i, name in enumerate(
            ["Zonza", "Évreux", "abbeville", "Foix"] + [f"Lieu {n:02d}" for n in range(44)]
        )
    ]
    deck = compose_deck(
        places,
        title="Oucédonc en Test",
        region="test",
        seed=5,
        precision=Precision.MINUTE,
        departement_names={"35": "Ille-et-Vilaine"},
        region_names={"53": "Bretagne"},
    )
    names = [card.name for card in deck.places]
    assert names[:3] == ["abbeville", "Évreux", "Foix"] and names[-1] == "Zonza"
    assert [card.id for card in deck.places][:3] == ["P01", "P02", "P03"]
    assert (
        deck.places[0].departement_name == "Ille-et-Vilaine"
        and deck.places[0].region_name == "Bretagne"
    )
    again = deck_from_json(deck_to_json(deck))
    assert again.places == deck.places and again.others == deck.others


def test_too_few_cards_is_refused():
    """The rules refuse (no option named); the command line says which option to give."""
    from generator.cli.refusals import sentence
    from generator.core.refusal import Refusal
    from generator.games.oucedonc.refusals import Why

    with pytest.raises(Refusal, match="ask for 48 or more") as caught:
        compose_deck(
            [place(i, 42 + i, 0) for i in range(10)],
            title="t",
            region="r",
            seed=1,
            precision=Precision.MINUTE,
            departement_names={},
            region_names={},
        )
    assert caught.value.reason is Why.TOO_FEW_PLACES
    assert sentence(caught.value).endswith("; ask for --cards 48 or more")


# ----------------------------------------------------------------------------- CLI


run_pnp = pnp


def test_cli_writes_pdf_and_json(tmp_path):
    out = tmp_path / "deck" / "bzh.pdf"
    result = run_pnp("oucedonc", "deck", "--region", "bretagne", "--cards", "48", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "Oucédonc en Bretagne" in result.stdout
    assert out.read_bytes().startswith(b"%PDF")
    deck = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert deck["region"] == "bretagne" and deck["params"]["duplex"] == "long"
    assert sorted(p.name for p in out.parent.iterdir()) == [
        "bzh-referee.html",
        "bzh.json",
        "bzh.pdf",
    ]  # no temporary left


MISTAKES = [
    ({"region": "atlantide"}, "unknown region"),
    ({"cards": 10}, "--cards 15"),  # packs of 4 at the smallest: 3 packs + 3 start cards
    ({"bleed": 9.0}, "bleed"),
    ({"png": 5}, "PNG"),
    ({"font": "/nonexistent.ttf"}, "font file"),
    ({"templates": "/nonexistent-folder"}, "template folder"),
    ({"source": "carrier-pigeon"}, "source"),
    ({"sites_share": 1.5}, "sites share"),
    ({"tokens_each": 30}, "tokens each"),
]


@pytest.mark.parametrize(("options", "fragment"), MISTAKES)
def test_mistakes_are_one_line_user_errors_and_write_nothing(tmp_path, options, fragment):
    """A user error, or a refusal of the rules, as the command line says it."""
    from pathlib import Path

    from generator.cli.refusals import sentence
    from generator.core.refusal import Refusal

    paths = {key: Path(value) for key, value in options.items() if key in ("font", "templates")}
    with pytest.raises((UserError, Refusal)) as caught:
        oucedonc_deck(tmp_path / "deck.pdf", **{**options, **paths})
    error = caught.value
    said = sentence(error) if isinstance(error, Refusal) else str(error)
    assert fragment in said and "\n" not in said
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("option", "value", "fragment"),
    [
        ("--duplex", "sideways", "duplex"),
        ("--paper", "b5", "paper"),
        ("--card-size", "huge", "unknown card size 'huge'"),
        ("--card-size", "10x10", "out of range"),
        ("--back-offset", "1;2", "back offset '1;2' is not X,Y"),
        ("--precision", "furlong", "precision"),
    ],
)
def test_options_that_do_not_parse_stop_the_command_line(tmp_path, option, value, fragment):
    """What the command line parses into objects is refused there: one line, nothing written."""
    result = run_pnp("oucedonc", "deck", "--out", str(tmp_path / "deck.pdf"), option, value)
    one_line_error(result, fragment)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "fragment"),
    [(["--region", "atlantide"], "unknown region"), (["--duplex", "sideways"], "duplex")],
)
def test_cli_mistakes_exit_2_with_one_line(tmp_path, args, fragment):
    out = tmp_path / "deck.pdf"
    result = run_pnp("oucedonc", "deck", "--out", str(out), *args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: ") and fragment in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_kit_builds_the_deck(tmp_path):
    from generator.kit.builders import build_oucedonc_deck as build_kit_deck
    from generator.kit.model import KitParams

    files = build_kit_deck(KitParams(out=tmp_path, region="bretagne"))
    assert [f.path.suffix for f in files] == [".pdf", ".json", ".html"] and all(
        f.path.is_file() for f in files
    )
    assert files[0].print_notes.duplex == "long" and "Oucédonc en Bretagne" in files[0].title


# ----------------------------------------------------------------------------- name fitting

WORDS = st.sampled_from(
    [
        "Saint",
        "Rémy",
        "de",
        "Provence",
        "sur",
        "la",
        "Montagne",
        "lès",
        "Châlons",
        "L'Isle",
        "Y",
        "Aulnay",
        "Villeneuve",
        "Boulogne",
        "Billancourt",
        "W",
    ]
)
SEPARATORS = st.sampled_from(["-", " ", "-", "'"])


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(WORDS, min_size=1, max_size=7),
    separators=st.lists(SEPARATORS, min_size=6, max_size=6),
    width=st.floats(60, 200),
    height=st.floats(30, 120),
)
def test_fitted_names_never_overflow_and_lose_nothing(words, separators, width, height):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from generator.render.draw.fit_text import fit_text
    from generator.render.fonts import register_fonts

    name = words[0] + "".join(sep + word for sep, word in zip(separators, words[1:], strict=False))
    font = register_fonts().condensed_bold
    try:
        fitted = fit_text(name, font, width, height, max_size=34.0, min_size=5.0)
    except UserError:
        return  # a word too long even at 5 pt: refused, never drawn
    assert all(stringWidth(line, font, fitted.size) <= width + 1e-6 for line in fitted.lines)
    assert fitted.height <= height + 1e-6
    assert 5.0 <= fitted.size <= 34.0
    assert "".join(fitted.lines).replace(" ", "") == name.replace(
        " ", ""
    )  # only spaces vanish at breaks


@pytest.mark.parametrize(
    ("blocker", "png", "fragment"),
    [
        ("deck.json", None, "deck.json is a folder"),
        ("deck.pdf", None, "deck.pdf is a folder"),
        ("deck_png", 30, "deck_png is a file"),
    ],
)
def test_an_unwritable_companion_file_stops_the_deck_before_anything_is_written(
    tmp_path, blocker, png, fragment
):
    """The PDF must never be replaced when its deck file (or PNG folder) cannot be: the referee
    would read another deck than the one printed."""
    (tmp_path / blocker).mkdir() if blocker != "deck_png" else (tmp_path / blocker).write_text("x")
    with pytest.raises(UserError, match=fragment):
        oucedonc_deck(tmp_path / "deck.pdf", png=png)
    assert [p.name for p in tmp_path.iterdir()] == [blocker]


def test_a_region_too_small_for_any_deck_says_so_instead_of_asking_for_fewer_cards(tmp_path):
    from generator.products.oucedonc_deck import select_deck

    options = oucedonc_options(region="MT")  # Malta: 15 places or more, 12 cards at most
    with pytest.raises(UserError) as caught:
        select_deck(options)
    message = str(caught.value)
    assert (
        message.startswith("Malte gives at most ")
        and "a deck needs 15" in message
        and "larger region" in message
    )
    assert "fewer cards" not in message


def test_paris_deals_its_sites_and_says_they_stand_close(tmp_path):
    from generator.products.oucedonc_deck import select_deck

    # Paris (75) is one commune: its card would be the whole deck and would take every site
    # within 2 km of the Hôtel de Ville with it. The deck deals the sites, which stand closer
    # than 2 km to one another in a city of 105 km², and says so.
    selected = select_deck(oucedonc_options(region="75"))
    names = [place.name for place in selected.deck.places]
    assert "Paris" not in names
    assert {"Tour Eiffel", "Cathédrale Notre-Dame de Paris", "Musée du Louvre"} <= set(names)
    assert len(names) >= 15 and all(place.place_kind == "site" for place in selected.deck.places)
    assert selected.note is not None and "too small for its cards to stand 2 km apart" in (
        selected.note
    )


def test_a_dense_departement_deals_its_towns_4_km_apart_where_it_can(tmp_path):
    from generator.geo.selection import AGGLOMERATION_KM, near_pairs
    from generator.products.oucedonc_deck import select_deck

    def town_pairs(places):  # town cards less than 4 km apart
        return near_pairs([p for p in places if p.place_kind == "town"], AGGLOMERATION_KM)

    # the Val-de-Marne and the Territoire de Belfort hold a deck whose towns stand 4 km apart
    # (smaller than their crowded deal); the Hauts-de-Seine does not, and says so
    for region in ("94", "90"):
        selected = select_deck(oucedonc_options(region=region))
        places = selected.deck.places
        assert len(places) >= 15
        assert town_pairs(places) == 0 and near_pairs(places) == 0
        assert selected.note is None or "built-up" not in selected.note
    selected = select_deck(oucedonc_options(region="92"))
    assert town_pairs(selected.deck.places) > 0
    assert selected.note is not None and "is one built-up area" in selected.note


def test_mayotte_gets_the_largest_deck_it_holds_and_says_so(tmp_path):
    from generator.products.oucedonc_deck import select_deck

    options = oucedonc_options(region="976")
    selected = select_deck(options)
    deck, note = selected.deck, selected.note
    # neither 63 nor 54 (the whole-sheet decks) fits: Mayotte gets the most it holds, and a note
    count = len(deck.places)
    assert 15 <= count < 54
    assert note == (
        f"Mayotte holds at most {count} place cards, fewer than a whole-sheet deck (54): the deck "
        f"has {count}, and its last sheet is not full."
    )
    # one card more: the one-place rule's distances cannot deal it; the crowded deal (cards
    # closer than those distances, for a region that holds no deck otherwise) may, and then
    # says so (Mayotte's 23 since the Port de Longoni and the mosque of Antana Bé), else the
    # advice names the count that deals
    more = oucedonc_options(region="976", cards=count + 1)
    try:
        crowded = select_deck(more)
    except UserError as error:
        assert f"gives at most {count} of the {count + 1} cards" in str(error)
    else:
        assert len(crowded.deck.places) == count + 1
        assert crowded.note is not None
        assert "built-up area" in crowded.note or "too small for its cards" in crowded.note


def test_the_at_most_advice_is_a_count_that_works(tmp_path):
    """Ask for too many cards, then follow the advice: the deck is dealt."""
    from generator.products.oucedonc_deck import select_deck

    options = oucedonc_options(region="bretagne", cards=150, precision="minute")
    with pytest.raises(UserError, match=r"ask for (\d+) cards or --precision second") as error:
        select_deck(options)
    advised = int(re.search(r"ask for (\d+) cards", str(error.value)).group(1))
    assert 48 <= advised < 150
    options = oucedonc_options(region="bretagne", cards=advised, precision="minute")
    deck = select_deck(options).deck
    assert len(deck.places) == advised


def test_a_precision_too_coarse_for_any_deck_says_use_a_finer_one(tmp_path):
    from generator.products.oucedonc_deck import select_deck

    options = oucedonc_options(region="75", precision="minute")  # Paris: 4 cards at the minute
    with pytest.raises(UserError, match=r"a deck needs 15; use --precision second"):
        select_deck(options)


def test_places_count_and_deck_share_their_defaults():
    """'pnp places --count 63' prints the places of the default 'pnp oucedonc deck'."""
    import inspect

    from generator.cli import oucedonc, places
    from generator.games.oucedonc.deck import SITES_SHARE
    from generator.products.oucedonc_deck import OucedoncDeckOptions, select_deck

    deck = inspect.signature(oucedonc.deck).parameters
    assert deck["precision"].default == OucedoncDeckOptions().precision == "auto"
    assert deck["sites_share"].default == OucedoncDeckOptions().sites_share == SITES_SHARE
    assert deck["seed"].default == OucedoncDeckOptions().seed == 1
    assert deck["difficulty"].default == OucedoncDeckOptions().difficulty == "normal"
    listed = run_places("--count", "63", "--format", "json")
    options = OucedoncDeckOptions()

    composed = select_deck(options).deck
    assert sorted(p["id"] for p in listed) == sorted(c.source_id for c in composed.places)
    assert places.PrecisionChoice.AUTO.value == "auto"


def run_places(*args):
    done = pnp("places", *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
