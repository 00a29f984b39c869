"""Deck composition (pure): card counts, place choice, names and ids; the CLI contract."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import UserError
from generator.games.oucedonc.coords import Precision, to_units
from generator.games.oucedonc.deck import (
    compose_deck,
    default_place_count,
    display_names,
    familiar_first,
    minimum_places,
    other_cards,
)
from generator.games.oucedonc.deckfile import deck_from_json, deck_to_json
from generator.geo.model import Place


def place(index: int, lat: float, lon: float, name: str | None = None, kind: str = "town",
          familiarity: float | None = None, departement: str = "35") -> Place:
    return Place(id=f"x:{index}", name=name or f"Lieu {index}", kind=kind, lat=lat, lon=lon,
                 departement=departement, region="53", population=1000 + index if kind == "town" else None,
                 familiarity=float(familiarity if familiarity is not None else 10_000 - index))


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
    assert kinds.count("intermede") == 2 and kinds.count("direction") == 1 and kinds.count("rule") == 6
    assert [card.name for card in other_cards() if card.kind == "rule"] == [
        "Oucédonc", "Mise en place", "Un tour", "Le doute", "Le décompte", "Fin de partie"]


def test_homonyms_get_their_departement():
    places = [place(1, 48.9, 2.35, "Saint-Denis", departement="93"),
              place(2, 46.0, 1.0, "Saint-Denis", departement="11"), place(3, 45.0, 3.0, "Rennes")]
    names = display_names(places)
    assert names == {"x:1": "Saint-Denis (93)", "x:2": "Saint-Denis (11)", "x:3": "Rennes"}


coordinates = st.tuples(st.floats(41.0, 51.0), st.floats(-5.0, 9.5))


@settings(max_examples=40, deadline=None)
@given(points=st.lists(coordinates, min_size=60, max_size=200), seed=st.integers(0, 10_000))
def test_chosen_places_are_pairwise_decidable(points, seed):
    """Every two chosen places differ in printed latitude AND printed longitude, or the choice
    fails with a UserError suggesting a finer precision."""
    candidates = [place(i, lat, lon) for i, (lat, lon) in enumerate(points)]
    try:
        chosen = familiar_first(candidates, 48, seed, Precision.MINUTE, sites_share=0.0)
    except UserError as error:
        assert "precision" in str(error)
        return
    assert len(chosen) == 48 and len({p.id for p in chosen}) == 48
    for a, b in combinations(chosen, 2):
        assert to_units(a.lat, Precision.MINUTE) != to_units(b.lat, Precision.MINUTE)
        assert to_units(a.lon, Precision.MINUTE) != to_units(b.lon, Precision.MINUTE)


def test_familiar_first_prefers_known_places_and_mixes_sites():
    towns = [place(i, 42.0 + i * 0.05, -4.0 + i * 0.07) for i in range(200)]
    sites = [place(1000 + i, 42.01 + i * 0.05, -3.99 + i * 0.07, kind="site", familiarity=1 / (i + 1))
             for i in range(60)]
    chosen = familiar_first(towns + sites, 50, seed=3, precision=Precision.MINUTE, sites_share=0.2)
    assert sum(p.kind == "site" for p in chosen) == 10
    assert max(int(p.id.split(":")[1]) for p in chosen if p.kind == "town") < 2 * 40 * 2  # from the best-known
    assert chosen == familiar_first(towns + sites, 50, seed=3, precision=Precision.MINUTE, sites_share=0.2)
    assert chosen != familiar_first(towns + sites, 50, seed=4, precision=Precision.MINUTE, sites_share=0.2)


def test_too_few_decidable_places_suggests_a_finer_precision():
    cramped = [place(i, 48.0 + i * 0.001, -1.0 + i * 0.001) for i in range(100)]  # all within 6′
    with pytest.raises(UserError, match="finer --precision"):
        familiar_first(cramped, 48, 1, Precision.MINUTE)
    assert len(familiar_first(cramped, 48, 1, Precision.SECOND)) == 48


def test_composed_deck_ids_follow_the_alphabet_and_round_trip():
    places = [place(i, 42.0 + i * 0.1, -4.0 + i * 0.2, name=name) for i, name in enumerate(
        ["Zonza", "Évreux", "abbeville", "Foix"] + [f"Lieu {n:02d}" for n in range(44)])]
    deck = compose_deck(places, title="Oucédonc en Test", region="test", seed=5, precision=Precision.MINUTE,
                        departement_names={"35": "Ille-et-Vilaine"}, region_names={"53": "Bretagne"})
    names = [card.name for card in deck.places]
    assert names[:3] == ["abbeville", "Évreux", "Foix"] and names[-1] == "Zonza"
    assert [card.id for card in deck.places][:3] == ["P01", "P02", "P03"]
    assert deck.places[0].departement_name == "Ille-et-Vilaine" and deck.places[0].region_name == "Bretagne"
    again = deck_from_json(deck_to_json(deck))
    assert again.places == deck.places and again.others == deck.others


def test_too_few_cards_is_refused():
    with pytest.raises(UserError, match="--cards 48"):
        compose_deck([place(i, 42 + i, 0) for i in range(10)], title="t", region="r", seed=1,
                     precision=Precision.MINUTE, departement_names={}, region_names={})


# ----------------------------------------------------------------------------- CLI


def run_pnp(*args: str, cwd=None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True,
                          timeout=120)


def test_cli_writes_pdf_and_json(tmp_path):
    out = tmp_path / "deck" / "bzh.pdf"
    result = run_pnp("oucedonc", "deck", "--region", "bretagne", "--cards", "48", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "Oucédonc en Bretagne" in result.stdout
    assert out.read_bytes().startswith(b"%PDF")
    deck = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert deck["region"] == "bretagne" and deck["params"]["duplex"] == "long"
    assert sorted(p.name for p in out.parent.iterdir()) == ["bzh.json", "bzh.pdf"]  # no temporary left


MISTAKES = [
    ({"region": "atlantide"}, "unknown region"),
    ({"cards": 10}, "--cards 48"),
    ({"duplex": "sideways"}, "duplex"),
    ({"paper": "b5"}, "paper"),
    ({"card_size": "huge"}, "card size"),
    ({"back_offset": "1;2"}, "back offset"),
    ({"precision": "furlong"}, "precision"),
    ({"bleed": 9.0}, "bleed"),
    ({"png_dpi": 5}, "PNG"),
    ({"font": "/nonexistent.ttf"}, "font file"),
    ({"templates": "/nonexistent-folder"}, "template folder"),
    ({"source": "carrier-pigeon"}, "source"),
    ({"sites_share": 1.5}, "sites share"),
]


@pytest.mark.parametrize(("options", "fragment"), MISTAKES)
def test_mistakes_are_one_line_user_errors_and_write_nothing(tmp_path, options, fragment):
    from pathlib import Path

    from generator.oucedonc_deck import DeckOptions, make_deck

    paths = {key: Path(value) for key, value in options.items() if key in ("font", "templates")}
    with pytest.raises(UserError) as caught:
        make_deck(DeckOptions(out=tmp_path / "deck.pdf", **{**options, **paths}))
    assert fragment in str(caught.value) and "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("args", "fragment"), [(["--region", "atlantide"], "unknown region"),
                                                (["--duplex", "sideways"], "duplex")])
def test_cli_mistakes_exit_2_with_one_line(tmp_path, args, fragment):
    out = tmp_path / "deck.pdf"
    result = run_pnp("oucedonc", "deck", "--out", str(out), *args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: ") and fragment in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_kit_builds_the_deck(tmp_path):
    from generator.kit import KitParams
    from generator.oucedonc_deck import build_kit_deck

    paths = build_kit_deck(KitParams(out=tmp_path, region="bretagne"))
    assert [p.suffix for p in paths] == [".pdf", ".json"] and all(p.is_file() for p in paths)
