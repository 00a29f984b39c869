"""`pnp oucedonc verify`: verdicts on printed coordinates, names typed any way, gaps in minutes and
km."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction, EqualCoordinates, parse_direction
from generator.games.oucedonc.coords import Precision, PrecisionChoice
from generator.games.oucedonc.distance import meridian_km, parallel_km
from generator.games.oucedonc.names import Entry, Named, name_key, resolve
from generator.games.oucedonc.referee import (
    card_entries,
    located_card,
    measure,
    verify_cards,
    verify_places,
)
from generator.games.oucedonc.refusals import Hint
from generator.geo.model import Place
from tests.conftest import pnp_process
from tests.referee_fixtures import deck_json, make_deck, pnp


def plain(a_units: int, b_units: int, direction: Direction, equal_ok: bool) -> bool:
    """The verdict written out the obvious way, independently of the library."""
    if a_units == b_units:
        return equal_ok
    if direction in (Direction.NORTH_OF, Direction.EAST_OF):
        return a_units > b_units
    return a_units < b_units


@pytest.mark.parametrize("precision", list(Precision))
def test_every_ordered_pair_in_all_four_directions_matches_a_plain_comparison(
    precision: Precision,
) -> None:
    deck = make_deck(precision=precision)
    # Every card is found by its name (as players type it) and by its id.
    entries = card_entries(deck)
    for card in deck.places:
        assert (
            resolve(card.name.upper(), entries, Named.CARD, Hint.DECK_CARD)
            == card
            == resolve(card.id, entries, Named.CARD, Hint.DECK_CARD)
        )
    checked = equal_seen = 0
    for a, b in itertools.permutations(deck.places, 2):
        for direction in Direction:
            units = (
                (a.lat_units, b.lat_units)
                if direction.axis == "lat"
                else (a.lon_units, b.lon_units)
            )
            for equal in EqualCoordinates:
                gap = measure(located_card(a), direction, located_card(b), deck.precision, equal)
                assert gap.verdict.correct is plain(
                    *units, direction, equal is EqualCoordinates.WELL_PLACED
                )
                assert gap.verdict.a.lat_text == a.lat_text and gap.verdict.b.lon_text == b.lon_text
                assert gap.km >= 0 and (gap.km == 0) == (units[0] == units[1])
                checked += 1
                equal_seen += units[0] == units[1]
    assert checked == 50 * 49 * 4 * 2
    if precision is Precision.MINUTE:
        assert (
            equal_seen > 0
        )  # the fixture deck has equal printed values, so both options are exercised


def test_printed_units_decide_even_when_true_coordinates_disagree() -> None:
    # Montpellier 43.6108 and Colomiers 43.6112 print the same latitude (43°37′ N): the referee
    # never disagrees with the cards, so by default Colomiers counts as north *and* south of it.
    deck = make_deck()
    for direction in (Direction.NORTH_OF, Direction.SOUTH_OF):
        gap = verify_cards(
            "Colomiers", direction, "Montpellier", deck, EqualCoordinates.WELL_PLACED
        )
        assert gap.verdict.correct and gap.verdict.gap_units == 0
        assert not verify_cards(
            "Colomiers", direction, "Montpellier", deck, EqualCoordinates.MISPLACED
        ).verdict.correct


@pytest.mark.parametrize("typed", ["evreux", "EVREUX", "Évreux", "  évreux ", "P01"])
def test_names_resolve_ignoring_accents_case_and_spaces(typed: str) -> None:
    gap = verify_cards(typed, Direction.NORTH_OF, "foix", make_deck(), EqualCoordinates.WELL_PLACED)
    assert gap.verdict.a.name == "Évreux" and gap.verdict.correct


def test_hyphens_and_apostrophes_are_ignored() -> None:
    assert (
        name_key("L'Isle-sur-la-Sorgue")
        == name_key("l isle sur la sorgue")
        == name_key("L’ISLE SUR LA SORGUE")
    )
    gap = verify_cards(
        "lisle sur la sorgue".replace("lisle", "l isle"),
        Direction.EAST_OF,
        "avignon",
        make_deck(),
        EqualCoordinates.WELL_PLACED,
    )
    assert gap.verdict.correct


def test_unknown_card_lists_the_closest_candidates() -> None:
    with pytest.raises(Refusal, match=r"unknown card 'Evrex'.*closest: Évreux"):
        verify_cards("Evrex", Direction.NORTH_OF, "Foix", make_deck(), EqualCoordinates.WELL_PLACED)


def homonyms() -> list[Place]:
    return [
        Place(
            id="insee:93066",
            name="Saint-Denis",
            kind="town",
            lat=48.9362,
            lon=2.3574,
            departement="93",
            population=113000,
        ),
        Place(
            id="insee:97411",
            name="Saint-Denis",
            kind="town",
            lat=-20.8789,
            lon=55.4481,
            departement="974",
            population=150000,
        ),
        Place(
            id="insee:27229", name="Évreux", kind="town", lat=49.0241, lon=1.1508, departement="27"
        ),
        Place(
            id="insee:09122", name="Foix", kind="town", lat=42.9653, lon=1.6069, departement="09"
        ),
        Place(
            id="wd:Q1048",
            name="Dune du Pilat",
            kind="site",
            lat=44.5894,
            lon=-1.2128,
            departement="33",
        ),
        Place(
            id="insee:50353",
            name="Le Mont-Saint-Michel",
            kind="town",
            lat=48.6360,
            lon=-1.5110,
            departement="50",
        ),
    ]


def test_homonyms_are_ambiguous_and_show_their_departement() -> None:
    with pytest.raises(Refusal) as info:
        verify_places(
            "saint denis",
            Direction.NORTH_OF,
            "Foix",
            homonyms(),
            Precision.MINUTE,
            EqualCoordinates.WELL_PLACED,
        )
    message = str(info.value)
    assert (
        "ambiguous" in message and "Saint-Denis (93)" in message and "Saint-Denis (974)" in message
    )


def test_a_homonym_is_picked_by_its_departement() -> None:
    gap = verify_places(
        "Saint-Denis (974)",
        Direction.SOUTH_OF,
        "Foix",
        homonyms(),
        Precision.MINUTE,
        EqualCoordinates.WELL_PLACED,
    )
    assert gap.verdict.correct and gap.verdict.a.lat_text == "20°53′ S"


def test_sites_and_towns_resolve_from_embedded_like_data() -> None:
    gap = verify_places(
        "dune du pilat",
        Direction.NORTH_OF,
        "FOIX",
        homonyms(),
        Precision.MINUTE,
        EqualCoordinates.WELL_PLACED,
    )
    assert gap.verdict.correct
    assert gap.verdict.a.lat_text == "44°35′ N" and gap.verdict.b.lat_text == "42°58′ N"
    # 44°35′ − 42°58′ = 97 minutes of latitude, about 97 nautical miles.
    assert gap.verdict.gap_minutes == 97
    assert gap.km == pytest.approx(97 * 1.852, rel=0.01)


def test_resolve_generic_entries() -> None:
    entries = [Entry(name="Chloé", value=3), Entry(name="Ana", value=1)]
    assert resolve("CHLOE", entries, Named.PLAYER, Hint.TYPE_MORE) == 3
    with pytest.raises(Refusal, match="empty player"):
        resolve(" - ", entries, Named.PLAYER, Hint.TYPE_MORE)


def test_meridian_and_parallel_distances_match_pyproj_geodesics() -> None:
    from pyproj import Geod

    geod = Geod(ellps="WGS84")
    # A meridian arc is a geodesic: pyproj's inverse problem gives it directly.
    assert meridian_km(43.0, 49.0) == pytest.approx(
        geod.inv(1.0, 43.0, 1.0, 49.0)[2] / 1000, rel=1e-9
    )
    # A parallel is not a geodesic: compare with a finely sampled polyline along it.
    lons = [-4.5 + i * (12.0 / 2000) for i in range(2001)]
    along = geod.line_length(lons, [46.0] * len(lons)) / 1000
    assert parallel_km(-4.5, 7.5, 46.0) == pytest.approx(along, rel=1e-6)
    # One minute of arc on the equator of WGS84 is 1.8553 km.
    assert parallel_km(0.0, 1 / 60, 0.0) == pytest.approx(1.8553, abs=1e-3)


def test_parse_direction_accepts_the_cli_spelling() -> None:
    assert parse_direction("north-of") is Direction.NORTH_OF
    assert parse_direction("--West_Of") is Direction.WEST_OF
    with pytest.raises(Refusal, match="north-of, south-of, east-of, west-of"):
        parse_direction("above")


# --------------------------------------------------------------------------- CLI


@pytest.fixture()
def deck_file(tmp_path: Path) -> Path:
    path = tmp_path / "deck.json"
    path.write_text(deck_json(), encoding="utf-8")
    return path


def test_cli_verify_prints_verdict_coordinates_and_gap(deck_file: Path) -> None:
    result = pnp("oucedonc", "verify", "EVREUX", "east-of", "foix", "--deck", str(deck_file))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("NO: Évreux is not east of Foix")
    assert "1°09′ E" in result.stdout and "1°36′ E" in result.stdout
    assert "27′ of longitude apart" in result.stdout and "km" in result.stdout
    result = pnp("oucedonc", "verify", "Lille", "north-of", "Paris", "--deck", str(deck_file))
    # 50°38′ − 48°51′ = 107′ = 1°47′ of latitude, about 198 km.
    assert (
        result.stdout.startswith("YES: Lille is north of Paris")
        and "107′ (1°47′) of latitude apart, 198." in result.stdout
    )


def test_cli_verify_json_and_exit_zero_whatever_the_verdict(deck_file: Path) -> None:
    for run, direction, expected in ((pnp_process, "north-of", True), (pnp, "south-of", False)):
        result = run(
            "oucedonc", "verify", "Évreux", direction, "Foix", "--deck", str(deck_file), "--json"
        )
        assert result.returncode == 0
        document = json.loads(result.stdout)
        assert (
            document["a"] == "Évreux"
            and document["b"] == "Foix"
            and document["direction"] == direction
        )
        assert document["correct"] is expected
        assert (
            document["a_coordinates"]["lat"] == "49°01′ N"
            and document["b_coordinates"]["lat"] == "42°58′ N"
        )
        assert abs(document["gap_minutes"]) == 2941 - 2578


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("Évreux", "above", "Foix"), "unknown direction"),
        (("Evrex", "north-of", "Foix"), "closest: Évreux"),
        (("Évreux", "north-of", "Foix", "--equal-coordinates", "maybe"), "well-placed, misplaced"),
        (("Évreux", "north-of", "Foix", "--precision", "second"), "drop --precision"),
    ],
)
def test_cli_verify_bad_input_is_one_line_exit_2(
    deck_file: Path, args: tuple[str, ...], fragment: str
) -> None:
    result = pnp("oucedonc", "verify", *args, "--deck", str(deck_file))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: ") and fragment in lines[0]


def test_cli_verify_refuses_a_broken_deck_file(tmp_path: Path) -> None:
    broken = tmp_path / "deck.json"
    broken.write_text('{"schema": "pnp.oucedonc.deck", "version": 1, "cards": [', encoding="utf-8")
    result = pnp("oucedonc", "verify", "A", "north-of", "B", "--deck", str(broken))
    assert result.returncode == 2 and "not valid JSON" in result.stderr
    result = pnp(
        "oucedonc", "verify", "A", "north-of", "B", "--deck", str(tmp_path / "missing.json")
    )
    assert result.returncode == 2 and "does not exist" in result.stderr


def test_cli_verify_without_deck_uses_the_embedded_data() -> None:
    try:
        import generator.geo.embedded  # noqa: F401  (built by the data branch)
    except ImportError:
        result = pnp("oucedonc", "verify", "evreux", "north-of", "foix")
        assert result.returncode == 2 and "--deck" in result.stderr
        return
    result = pnp_process("oucedonc", "verify", "evreux", "north-of", "FOIX", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["correct"] is True


@pytest.mark.parametrize(
    "typed", ["lisle sur la sorgue", "LISLE-SUR-LA-SORGUE", "l'isle sur la sorgue"]
)
def test_an_apostrophe_typed_as_nothing_still_finds_the_place(typed: str) -> None:
    gap = verify_cards(
        typed, Direction.EAST_OF, "avignon", make_deck(), EqualCoordinates.WELL_PLACED
    )
    assert gap.verdict.a.name == "L'Isle-sur-la-Sorgue" and gap.verdict.correct
    gap = verify_cards(
        "saintetienne", Direction.WEST_OF, "Lyon", make_deck(), EqualCoordinates.WELL_PLACED
    )
    assert gap.verdict.a.name == "Saint-Étienne"


def test_dropping_separators_never_hides_an_ambiguity() -> None:
    entries = [
        Entry(name="Le Pin", value=1, qualifier="03"),
        Entry(name="Lepin", value=2, qualifier="73"),
    ]
    assert (
        resolve("le pin", entries, Named.PLACE, Hint.FRENCH_PLACE) == 1
        and resolve("lepin", entries, Named.PLACE, Hint.FRENCH_PLACE) == 2
    )
    with pytest.raises(Refusal, match="ambiguous: Le Pin \\(03\\), Lepin \\(73\\)"):
        resolve(
            "lep in", entries, Named.PLACE, Hint.FRENCH_PLACE
        )  # no exact key; both names drop to "lepin"


@pytest.mark.parametrize("pair", [("Ajaccio", "ajaccio"), ("P14", "Ajaccio")])
def test_a_place_compared_with_itself_is_refused(pair: tuple[str, str]) -> None:
    with pytest.raises(Refusal, match="both Ajaccio"):
        verify_cards(
            pair[0], Direction.NORTH_OF, pair[1], make_deck(), EqualCoordinates.WELL_PLACED
        )
    with pytest.raises(Refusal, match="both Foix"):
        verify_places(
            "foix",
            Direction.NORTH_OF,
            "FOIX",
            homonyms(),
            Precision.MINUTE,
            EqualCoordinates.WELL_PLACED,
        )


def printed_minutes(text: str) -> int:
    """``48°07′ N`` / ``1°41′ O`` read back as a player reads the card: signed arc-minutes."""
    import re

    match = re.fullmatch(r"(\d+)°(\d{2})′ ([NSEO])", text)
    assert match, text
    value = int(match.group(1)) * 60 + int(match.group(2))
    return -value if match.group(3) in "SO" else value


def test_a_generated_deck_read_back_from_its_file_never_disagrees_with_its_printed_backs(
    tmp_path,
) -> None:
    """The default France deck, as `pnp oucedonc deck` selects it and the referee reads it from the
    JSON: every ordered pair, in all four directions, gets the verdict of the printed texts."""
    from generator.games.oucedonc.deckfile import deck_from_json, deck_to_json
    from generator.products.oucedonc_deck import OucedoncDeckOptions, select_deck

    # minutes asked for: France's default deck prints seconds since Montpellier's IGN chef-lieu
    # shares Toulouse's printed minute of latitude (43°36′)
    selected = select_deck(OucedoncDeckOptions(precision=PrecisionChoice.MINUTE)).deck
    deck = deck_from_json(deck_to_json(selected))
    assert deck.precision is Precision.MINUTE and len(deck.places) == 63
    printed = {
        card.id: {"lat": printed_minutes(card.lat_text), "lon": printed_minutes(card.lon_text)}
        for card in deck.places
    }
    for a, b in itertools.permutations(deck.places, 2):
        for direction in Direction:
            verdict_ = measure(
                located_card(a),
                direction,
                located_card(b),
                deck.precision,
                EqualCoordinates.WELL_PLACED,
            ).verdict
            mine, theirs = printed[a.id][direction.axis], printed[b.id][direction.axis]
            assert mine != theirs  # the selection makes every doubt decidable on the printed values
            assert verdict_.correct is plain(mine, theirs, direction, True)
            assert verdict_.gap_minutes == (mine - theirs) * direction.sign
