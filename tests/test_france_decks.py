"""Decks of France as issue 31 asked: overseas départements, small regions in smaller packs,
known places first, no suburb beside its city, no rounded point printed as seconds."""

from __future__ import annotations

import math

import pytest

from generator.games.oucedonc.coords import Precision, printed_grid
from generator.geo import embedded
from generator.geo.familiarity import WELL_KNOWN, town_familiarity, well_known
from generator.geo.model import Place
from generator.geo.pick import PickRequest, pick_places
from generator.geo.precision import too_coarse_for_seconds
from generator.geo.regions import resolve_region
from generator.geo.selection import beside_km, deal
from tests.conftest import one_line_error, pnp

SECOND = printed_grid(Precision.SECOND)
MINUTE = printed_grid(Precision.MINUTE)


def km(a: Place, b: Place) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


# --- regions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "kind", "code", "departements"),
    [
        ("974", "departement", "974", {"974"}),
        ("Réunion", "region", "04", {"974"}),
        ("la reunion", "region", "04", {"974"}),
        ("Guyane", "region", "03", {"973"}),
        ("region:06", "region", "06", {"976"}),
        ("dep:971", "departement", "971", {"971"}),
    ],
)
def test_the_overseas_departements_are_regions(typed, kind, code, departements):
    selection = resolve_region(typed)
    assert (selection.kind, selection.code, set(selection.departements)) == (
        kind,
        code,
        departements,
    )


def test_france_is_metropolitan_and_the_overseas_collectivities_are_refused():
    assert not any(code.startswith("97") for code in resolve_region("france").departements)
    result = pnp("places", "--region", "975")
    one_line_error(result, "overseas collectivity")


# --- the familiarity of a French commune -----------------------------------------------------


def test_titles_come_before_population_and_suburbs_count_less():
    guéret = town_familiarity(13_000, "prefecture", False)
    brest = town_familiarity(140_000, "subprefecture", False)
    roscoff = town_familiarity(3_500, "known", False)
    landivisiau = town_familiarity(9_000, "canton", False)
    lanester = town_familiarity(23_000, "canton", True)  # a suburb loses its canton title
    village = town_familiarity(900, "", False)
    assert brest > guéret > roscoff > landivisiau > WELL_KNOWN > lanester > village
    assert not well_known(lanester) and well_known(landivisiau)


def test_the_embedded_communes_carry_their_titles():
    by_code = embedded.communes_by_insee()
    assert well_known(by_code["29232"].familiarity)  # Quimper, préfecture
    assert well_known(by_code["29239"].familiarity)  # Roscoff, curated
    assert not well_known(by_code["56098"].familiarity)  # Lanester, Lorient's suburb
    assert by_code["56098"].agglomeration == by_code["56121"].agglomeration


# --- the deal -----------------------------------------------------------------------------------


def test_a_departement_deck_holds_its_famous_towns_and_no_suburb_beside_its_city():
    picked = pick_places(PickRequest(region="29", count=63), [MINUTE, SECOND])
    names = {p.name for p in picked.places}
    assert {"Brest", "Quimper", "Morlaix", "Concarneau", "Roscoff"} <= names
    assert not names & {"Guipavas", "Lanester"}
    towns = [p for p in picked.places if p.kind == "town"]
    assert all(km(a, b) >= 4.0 for i, a in enumerate(towns) for b in towns[i + 1 :])
    cards = picked.places
    assert all(km(a, b) >= 2.0 for i, a in enumerate(cards) for b in cards[i + 1 :])


def test_a_region_deck_deals_no_suburb_beside_its_city():
    picked = pick_places(PickRequest(region="bretagne", count=63), [MINUTE, SECOND])
    names = {p.name for p in picked.places}
    assert {"Rennes", "Brest", "Lorient"} <= names
    assert not names & {"Lanester", "Cesson-Sévigné", "Guipavas"}


def test_easy_deals_well_known_places_only():
    picked = pick_places(
        PickRequest(region="29", difficulty="easy"), [MINUTE, SECOND], default_counts=(63, 54)
    )
    towns = [p for p in picked.places if p.kind == "town"]
    assert towns and all(well_known(p.familiarity) for p in towns)
    assert "Roscoff" in {p.name for p in picked.places}
    assert not {"Berrien", "Roscanvel"} & {p.name for p in picked.places}


def test_easy_fills_with_the_next_best_known_where_too_few_are_well_known():
    """The Ardennes' well-known places (one préfecture, three sous-préfectures, its canton towns
    and its sites) make an easy deck of 15 cards in small packs, not one in the seed's packs (48
    places, ``--pack-size 15``): that deck is dealt all the same, from the best known, and a line
    says so. The Seine-Saint-Denis' easy deck says that its town cards lie beside each other (the
    département is one built-up area)."""
    picked = pick_places(
        PickRequest(region="08", difficulty="easy"),
        [SECOND],
        default_counts=(63, 54),
        min_count=48,
    )
    assert len(picked.places) >= 48
    assert picked.note is not None and "too few well-known places" in picked.note
    crowded = pick_places(
        PickRequest(region="93", difficulty="easy"), [SECOND], default_counts=(63, 54), min_count=15
    )
    assert crowded.note is not None and "one built-up area" in crowded.note
    normal = pick_places(PickRequest(region="29"), [SECOND], default_counts=(63,))
    assert normal.note is None  # Finistère: neither filled nor crowded


def test_hard_deals_the_lesser_known():
    easy = pick_places(PickRequest(region="29", count=30, difficulty="easy"), [SECOND])
    hard = pick_places(PickRequest(region="29", count=30, difficulty="hard"), [SECOND])
    median = sorted(p.population or 0 for p in hard.places if p.kind == "town")
    assert median[len(median) // 2] < 5_000
    assert not {p.id for p in easy.places} & {p.id for p in hard.places if p.kind == "town"}


def town(name: str, lat: float, lon: float, population: int, agglomeration: str | None) -> Place:
    return Place(
        f"t:{name}",
        name,
        "town",
        lat,
        lon,
        departement="00",
        population=population,
        familiarity=float(population),
        agglomeration=agglomeration,
    )


def test_a_town_is_not_dealt_beside_a_larger_town_of_its_agglomeration():
    # a line of towns 10 km apart; a suburb 6 km from the city, in its agglomeration
    # (no point on the minute grid: a deck printing seconds would leave it out)
    towns = [
        town(f"T{i}", 45.0013 + 0.011 * i, 1.0027 + 0.127 * i, 5_000 - i, None) for i in range(12)
    ]
    city = town("City", 45.3013, 1.5027, 200_000, "A")
    suburb = town("Suburb", 45.3113, 1.5787, 40_000, "A")  # 6 km east, in A
    neighbour = town("Neighbour", 45.2913, 1.4267, 40_000, "B")  # 6 km west, elsewhere
    spacing = 20.0
    assert beside_km(spacing) == 10.0
    dealt = deal([city, suburb, neighbour, *towns], 8, grid=SECOND)
    names = {p.name for p in dealt.places}
    assert {"City", "Neighbour"} <= names and "Suburb" not in names


def test_a_deck_printing_seconds_leaves_out_a_point_rounded_to_minutes():
    sites = [
        Place(f"s:{i}", f"Site {i}", "site", 45.0 + 0.1 * i + 0.00123, 1.0 + 0.1 * i + 0.00234)
        for i in range(6)
    ]
    rounded = Place("s:r", "Rounded", "site", 46.5, 2.5, familiarity=10.0)
    assert "Rounded" not in {p.name for p in deal([rounded, *sites], 5, grid=SECOND).places}
    assert "Rounded" in {p.name for p in deal([rounded, *sites], 5, grid=MINUTE).places}


def test_a_deck_printing_seconds_leaves_out_a_site_given_to_the_hundredth_of_a_degree():
    # the Bassin d'Arcachon's reference gives 44.70, -1.15 (about 1 km): it printed
    # 44°42′00″ N 1°09′00″ W as if exact. A site so given is left out of a deck printing
    # seconds; a town's point on that grid by chance (once in a million) is not
    sites = [
        Place(f"s:{i}", f"Site {i}", "site", 45.0 + 0.1 * i + 0.00123, 1.0 + 0.1 * i + 0.00234)
        for i in range(6)
    ]
    coarse = Place("s:c", "Coarse", "site", 41.56, 9.32, familiarity=10.0)
    town = Place("t:c", "Town", "town", 41.26, 9.02, population=50_000, familiarity=10.0)
    dealt = {p.name for p in deal([coarse, town, *sites], 5, grid=SECOND).places}
    assert "Coarse" not in dealt and "Town" in dealt
    assert "Coarse" in {p.name for p in deal([coarse, town, *sites], 5, grid=MINUTE).places}
    landmarks = {p.name: p for p in embedded.landmarks()}
    assert too_coarse_for_seconds(landmarks["Bassin d'Arcachon"])
    assert not too_coarse_for_seconds(landmarks["Tour Eiffel"])


# --- decks: overseas, small packs ------------------------------------------------------------


@pytest.fixture(scope="module")
def reunion(tmp_path_factory):
    from generator.games.oucedonc.deckfile import deck_from_json

    out = tmp_path_factory.mktemp("reunion") / "reunion.pdf"
    result = pnp("oucedonc", "deck", "--region", "974", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out, deck_from_json(out.with_suffix(".json").read_text(encoding="utf-8")), result


def test_an_overseas_deck_prints_southern_latitudes_in_smaller_packs(reunion):
    out, deck, result = reunion
    assert len(deck.places) < 48 and deck.pack_size == (len(deck.places) - 3) // 3
    assert all(
        card.lat_text.endswith(" S") and card.lon_text.endswith(" E") for card in deck.places
    )
    assert "holds at most" in result.stdout
    import pypdf

    reader = pypdf.PdfReader(out)
    rules = "".join(page.extract_text() for page in reader.pages)
    assert f"3 paquets de {deck.pack_size} cartes" in rules


def test_the_referee_reads_the_small_packs_from_the_deck_file(reunion, tmp_path):
    import json

    out, deck, _ = reunion
    game = tmp_path / "partie.json"
    result = pnp(
        "oucedonc", "game", "new", str(game), "--deck", str(out.with_suffix(".json")),
        "--players", "Ana,Ben", "--deal", "--seed", "3",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    document = json.loads(game.read_text(encoding="utf-8"))
    assert (document["packs"], document["pack_size"]) == (3, deck.pack_size)


def test_a_small_region_gets_a_deck_and_pack_size_follows_it(tmp_path):
    result = pnp(
        "oucedonc", "deck", "--region", "2A", "--cards", "28", "--out", str(tmp_path / "d.pdf")
    )
    assert result.returncode == 0, result.stderr
    from generator.games.oucedonc.deckfile import deck_from_json

    deck = deck_from_json((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert (len(deck.places), deck.packs, deck.pack_size) == (28, 3, 8)
    result = pnp(
        "oucedonc", "deck", "--region", "2A", "--cards", "28", "--pack-size", "15",
        "--out", str(tmp_path / "e.pdf"),
    )  # fmt: skip
    one_line_error(result, "too few for 3 packs of 15")
