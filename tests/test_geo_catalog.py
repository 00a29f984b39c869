"""Where candidate places come from: embedded data, stored fetched sets, pnp data fetch."""

from __future__ import annotations

import json
import os
import re

import pytest

from generator.core.errors import UserError
from generator.games.oucedonc.coords import Precision, printed_grid
from generator.geo import catalog, embedded
from generator.geo.model import Place
from generator.geo.regions import resolve_region
from generator.geo.selection import decidable
from tests.conftest import pnp
from tests.geo_http_helpers import quick_http
from tests.test_geo_sources import COMMUNES_33, DEPARTEMENTS, SPARQL

SITES = (
    Place(
        id="wd:Q1236",
        name="Dune du Pilat",
        kind="site",
        lat=44.5892,
        lon=-1.2125,
        departement="33",
        region="75",
        wikidata="Q1236",
        site_kind="dune",
        familiarity=1.0,
    ),
    Place(
        id="wd:Q1322",
        name="Pointe du Raz",
        kind="site",
        lat=48.0397,
        lon=-4.7411,
        departement="29",
        region="53",
        wikidata="Q1322",
        site_kind="cape",
        familiarity=0.5,
    ),
)


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


@pytest.fixture
def server(httpserver, monkeypatch, folders):
    root = httpserver.url_for("").rstrip("/")
    for variable, path in (
        ("PNP_APIGEO_URL", "/geo"),
        ("PNP_WIKIDATA_URL", "/sparql"),
        ("PNP_CONTOURS_URL", "/contours"),
        ("PNP_OVERPASS_URL", "/api/interpreter"),
        ("PNP_GEONAMES_URL", "/dump"),
    ):
        monkeypatch.setenv(variable, root + path)
    return httpserver


@pytest.fixture
def with_sites(monkeypatch):
    monkeypatch.setattr(embedded, "landmarks", lambda: SITES)


def test_round_trip_of_stored_places(tmp_path):
    places = (
        SITES[0],
        Place(
            id="gn:1",
            name='Quote "and", comma',
            kind="town",
            lat=-12.5,
            lon=45.25,
            population=12,
            geonames_id=1,
            familiarity=12.0,
            country="YT",
        ),
    )
    path = catalog.write_places(tmp_path / "x.csv", places)
    assert catalog.read_places(path) == places


def test_damaged_stored_set_is_user_error(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    with pytest.raises(UserError, match="not a stored place set"):
        catalog.read_places(bad)


def test_embedded_candidates_mix_towns_and_sites(with_sites):
    places = catalog.load_places("embedded", "bretagne")
    assert places[0].name == "Rennes"
    assert [p.name for p in places if p.kind == "site"] == ["Pointe du Raz"]
    assert all(p.departement in {"22", "29", "35", "56"} for p in places)


def test_embedded_country_code_and_box(with_sites):
    italy = catalog.load_places("embedded", "IT")
    assert italy[0].country == "IT" and {p.country for p in italy} == {"IT"}
    # a box over the Franco-Swiss border around Geneva holds French communes and Swiss towns
    around_geneva = catalog.load_places("embedded", "5.9,46.0,6.4,46.4")
    assert {"FR", "CH"} <= {p.country for p in around_geneva}
    inland_brittany = catalog.load_places("embedded", "-3.5,47.8,-2,48.4")
    assert {p.country for p in inland_brittany} == {"FR"} and "Pontivy" in {
        p.name for p in inland_brittany
    }


def test_world_towns_in_a_box_are_those_of_the_countries_it_covers():
    box = (5.5, 45.5, 7.5, 46.5)  # over France, Switzerland and Italy only
    expected = sorted(
        p.id
        for code in ("CH", "IT")
        for p in embedded.world_towns(code)
        if 45.5 <= p.lat <= 46.5 and 5.5 <= p.lon <= 7.5
    )
    found = embedded.world_towns_in_box(box)
    assert sorted(p.id for p in found) == expected and len(expected) > 100
    assert {"Genève", "Aoste", "Montreux"} <= {p.name for p in found}
    assert {p.id for p in found} == {
        p.id for p in embedded.world_towns_in_box(box, skip_country="XX") if p.country != "FR"
    }


def test_unknown_source_and_missing_fetch(folders):
    with pytest.raises(UserError, match="unknown source"):
        catalog.load_places("osm", "france")
    with pytest.raises(UserError, match="pnp data fetch wikidata --region 33"):
        catalog.load_places("wikidata", "Gironde")
    with pytest.raises(UserError, match="need no fetch"):
        catalog.fetch_places("embedded", "france", None)  # type: ignore[arg-type]


def test_fetch_apigeo_then_load_and_select(server):
    server.expect_request("/geo/communes").respond_with_json(COMMUNES_33)
    with quick_http(folders_cache(server)) as http:
        result = catalog.fetch_places("apigeo", "33", http)
    assert result.path.name == "dep-33.csv" and result.summary == "3 towns and 0 sites"
    places = catalog.load_places("apigeo", "gironde")
    # a commune without a town hall point is placed at its centre; one with neither is left out
    assert [p.name for p in places] == ["Bordeaux", "La Teste-de-Buch", "Sans mairie"]


def folders_cache(server):
    return __import__("pathlib").Path(os.environ["PNP_CACHE_DIR"])


def test_wikidata_fetch_for_france_serves_departements(server):
    server.expect_request("/sparql").respond_with_json(SPARQL)
    server.expect_request("/contours/departements-100m.geojson").respond_with_json(DEPARTEMENTS)
    with quick_http(folders_cache(server)) as http:
        result = catalog.fetch_places("wikidata", "france", http)
    assert result.path.name == "fr.csv"
    # the France-wide set also serves a département, thanks to the contours
    assert [p.name for p in catalog.load_places("wikidata", "Haute-Savoie")] == ["Mont Blanc"]
    assert [p.name for p in catalog.load_places("wikidata", "region:75")] == ["Dune du Pilat"]


def test_without_contours_the_nearest_commune_gives_the_departement(server):
    server.expect_request("/sparql").respond_with_json(SPARQL)
    server.expect_request("/contours/departements-100m.geojson").respond_with_data(
        "gone", status=404
    )
    with quick_http(folders_cache(server)) as http:
        catalog.fetch_places("wikidata", "france", http)
    stored = catalog.read_places(catalog.stored_path("wikidata", resolve_region("france")))
    assert {p.name: p.departement for p in stored} == {"Mont Blanc": "74", "Dune du Pilat": "33"}


def test_features_across_the_border_are_not_french(server):
    # the box around France holds Swiss and German features: without contours, they must not
    # borrow the département of the nearest French commune (Évian, Strasbourg)
    def node(number, name, lat, lon):
        return {
            "type": "node",
            "id": number,
            "lat": lat,
            "lon": lon,
            "tags": {"natural": "peak", "name": name, "wikidata": f"Q{number}"},
        }

    answer = {
        "version": 0.6,
        "elements": [
            node(1, "Mont Blanc", 45.8326, 6.8652),  # on the border: French
            node(2, "Dent du Midi", 46.1606, 6.9233),  # Switzerland, 13 km from a French commune
            node(3, "Rive d'Ouchy", 46.505, 6.627),  # Lausanne, across the lake from Évian
            node(4, "Rheininsel", 48.58, 7.81),  # Kehl, across the Rhine from Strasbourg
            node(5, "Île de Groix", 47.638, -3.46),  # French island the outline leaves out
        ],
    }
    server.expect_request("/api/interpreter").respond_with_json(answer)
    server.expect_request("/contours/departements-100m.geojson").respond_with_data(
        "gone", status=404
    )
    with quick_http(folders_cache(server)) as http:
        catalog.fetch_places("overpass", "france", http)
    french = {p.name: p.departement for p in catalog.load_places("overpass", "france")}
    assert french == {"Mont Blanc": "74", "Île de Groix": "56"}
    assert [p.name for p in catalog.load_places("overpass", "Haute-Savoie")] == ["Mont Blanc"]


def test_failed_fetch_writes_nothing(server, folders):
    server.expect_request("/sparql").respond_with_data("busy", status=503)
    with (
        quick_http(folders_cache(server), retries=1) as http,
        pytest.raises(UserError, match="HTTP 503"),
    ):
        catalog.fetch_places("wikidata", "france", http)
    assert not (folders / "data").exists() or not any((folders / "data").rglob("*.csv"))


def test_fetch_contours_stores_geojson_usable_as_region(server, folders, with_sites):
    server.expect_request("/contours/departements-100m.geojson").respond_with_json(DEPARTEMENTS)
    regions = {"type": "FeatureCollection", "features": []}
    server.expect_request("/contours/regions-100m.geojson").respond_with_json(regions)
    with quick_http(folders_cache(server)) as http:
        result = catalog.fetch_places("contours", "france", http)
    assert result.summary == "0 régions and 2 départements"
    stored = result.path / "departements.geojson"
    assert json.loads(stored.read_text()) == DEPARTEMENTS
    names = {p.name for p in catalog.load_places("embedded", str(stored))}
    assert {"Bordeaux", "Annecy", "Dune du Pilat"} <= names


# --- the commands --------------------------------------------------------------------------------


def run_pnp(*args, env_extra=None):
    return pnp(*args, env={"COLUMNS": "80", **(env_extra or {})}, own_pnp_env=True)


def test_cli_data_fetch_and_offline(server, folders):
    server.expect_request("/geo/communes").respond_with_json(COMMUNES_33)
    env = {k: os.environ[k] for k in os.environ if k.startswith("PNP_")}
    done = run_pnp("data", "fetch", "apigeo", "--region", "Gironde", env_extra=env)
    assert done.returncode == 0, done.stderr
    assert "apigeo: 3 towns and 0 sites for Gironde (département 33)" in done.stdout
    listed = run_pnp(
        "places", "--source", "apigeo", "--region", "33", "--format", "json", env_extra=env
    )
    assert [p["name"] for p in json.loads(listed.stdout)] == [
        "Bordeaux",
        "La Teste-de-Buch",
        "Sans mairie",
    ]
    env["PNP_CACHE_DIR"] = str(folders / "empty-cache")
    offline = run_pnp("data", "fetch", "apigeo", "--region", "29", "--offline", env_extra=env)
    assert offline.returncode == 2
    assert offline.stderr.startswith("pnp: error: API Géo communes of 29 is not in the cache")
    assert offline.stderr.count("\n") == 1


def test_cli_deck_for_a_country():
    done = run_pnp("places", "--region", "IT", "--count", "25", "--seed", "5", "--format", "json")
    assert done.returncode == 0, done.stderr
    deck = json.loads(done.stdout)
    assert len(deck) == 25 and len({p["name"] for p in deck}) == 25
    places = [
        Place(id=p["id"], name=p["name"], kind=p["kind"], lat=p["lat"], lon=p["lon"]) for p in deck
    ]
    # the command prints the library's deck (the one path, precision auto): same seed, same deck
    from generator.games.oucedonc.coords import AUTO_PRECISIONS, printed_grid
    from generator.geo.pick import PickRequest, pick_places

    grids = [printed_grid(p) for p in AUTO_PRECISIONS]
    expected = pick_places(PickRequest(region="IT", count=25, seed=5), grids)
    assert decidable(places, grids[expected.grid])
    assert [p["id"] for p in deck] == [p.id for p in expected.places]


def test_deck_larger_than_a_country_allows_is_user_error():
    from generator.geo.selection import select_places

    luxembourg = catalog.load_places("embedded", "LU")  # about 150 towns in 80 km by 60
    with pytest.raises(UserError, match="offers only"):
        select_places(luxembourg, len(luxembourg) + 1, seed=1)
    from generator.geo.pick import PickRequest, pick_places

    minute = [printed_grid(Precision.MINUTE)]
    with pytest.raises(UserError, match=r"ask for (\d+) cards or --precision second") as error:
        pick_places(PickRequest(region="LU", count=100), minute, finer="--precision second")
    # the advice works: the suggested count deals
    advised = int(re.search(r"ask for (\d+) cards", str(error.value)).group(1))
    assert len(pick_places(PickRequest(region="LU", count=advised), minute).places) == advised


def test_cli_deck_table_and_errors():
    table = run_pnp("places", "--region", "BE", "--count", "12", "--precision", "0.01")
    assert table.returncode == 0, table.stderr
    assert "Belgique: deck of 12" in table.stdout and "Closest cards" in table.stdout
    assert all(len(line) <= 80 for line in table.stdout.splitlines())
    bad = run_pnp("places", "--count", "5", "--difficulty", "nightmare")
    assert bad.returncode == 2 and "nightmare" in bad.stderr


def test_attributions_name_the_licence():
    assert any("GeoNames" in line for line in catalog.attributions("embedded"))
    assert catalog.attributions("overpass") == (
        "Sites : © les contributeurs d’OpenStreetMap, ODbL",
    )
    with pytest.raises(UserError):
        catalog.attributions("nope")


def test_fetch_geonames_for_a_departement(server):
    from tests.test_geo_sources import FR_ROWS, _zip

    server.expect_request("/dump/FR.zip").respond_with_data(
        _zip("FR.zip", "FR.txt", FR_ROWS), content_type="application/zip"
    )
    with quick_http(folders_cache(server)) as http:
        result = catalog.fetch_places("geonames", "Gironde", http)
    assert result.summary == "1 town and 1 site"
    assert [(p.name, p.kind) for p in catalog.load_places("geonames", "33")] == [
        ("Bordeaux", "town"),
        ("Dune du Pilat", "site"),
    ]
    # the dump stays in the cache: Haute-Savoie comes from the same file, offline
    with quick_http(folders_cache(server), offline=True) as http:
        catalog.fetch_places("geonames", "74", http)
    assert [p.name for p in catalog.load_places("geonames", "Haute-Savoie")] == ["Mont Blanc"]
