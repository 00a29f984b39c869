"""`pnp places` and `pnp data`: formats, region resolution, errors (one line, exit code 2)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import UserError
from generator.geo import embedded, listing
from generator.geo.regions import resolve_region
from tests.conftest import Result, pnp


def run_pnp(*args: str, columns: int = 80) -> Result:
    return pnp(*args, env={"COLUMNS": str(columns)}, own_pnp_env=True)


@pytest.mark.parametrize(
    ("text", "kind", "code"),
    [
        ("bretagne", "region", "53"),
        ("BRETAGNE", "region", "53"),
        ("region:53", "region", "53"),
        ("Île-de-France", "region", "11"),
        ("ile de france", "region", "11"),
        ("Provence-Alpes-Côte d'Azur", "region", "93"),
        ("53", "departement", "53"),
        ("Gironde", "departement", "33"),
        ("33", "departement", "33"),
        ("2A", "departement", "2A"),
        ("2b", "departement", "2B"),
        ("dep:75", "departement", "75"),
        ("cotes d'armor", "departement", "22"),
        ("1", "departement", "01"),
        ("France", "country", "FR"),
    ],
)
def test_resolve_region(text, kind, code):
    selection = resolve_region(text)
    assert (selection.kind, selection.code) == (kind, code)


def test_region_selection_filters_by_departement():
    bretagne = resolve_region("bretagne")
    assert bretagne.departements == frozenset({"22", "29", "35", "56"})
    towns = listing.select_places("bretagne", "towns")
    assert towns and all(p.departement in bretagne.departements for p in towns)
    assert towns[0].name == "Rennes"


@pytest.mark.parametrize("text", ["bretgne", "Atlantis", "region:99", "dep:99", "977", "dep:975"])
def test_unknown_region_is_a_user_error(text):
    with pytest.raises(UserError):
        resolve_region(text)


def test_unknown_region_suggests_close_names():
    with pytest.raises(UserError, match="Bretagne"):
        resolve_region("bretgne")


def test_json_output():
    result = run_pnp(
        "places", "--region", "Gironde", "--kind", "towns", "--limit", "3", "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    # Best known first: the préfecture, the sous-préfecture, then a town that is no one's suburb
    # (Mérignac and Pessac, Bordeaux's suburbs, come later).
    assert [d["name"] for d in data] == ["Bordeaux", "Libourne", "Saint-Médard-en-Jalles"]
    for d in data:
        assert {"name", "lat", "lon", "kind", "departement", "region", "population"} <= set(d)
        assert d["kind"] == "town" and d["departement"] == "33" and d["region"] == "75"
        assert isinstance(d["population"], int)


def test_csv_output_all_towns():
    result = run_pnp("places", "--kind", "towns", "--format", "csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) > 8_300
    assert rows[0]["name"] == "Paris" and rows[0]["insee"] == "75056"


def test_geojson_output():
    result = run_pnp("places", "-r", "2A", "-k", "towns", "-f", "geojson")
    assert result.returncode == 0, result.stderr
    collection = json.loads(result.stdout)
    assert collection["type"] == "FeatureCollection"
    ajaccio = collection["features"][0]
    assert ajaccio["properties"]["name"] == "Ajaccio"
    lon, lat = ajaccio["geometry"]["coordinates"]
    assert 8.7 < lon < 8.8 and 41.9 < lat < 42.0


def _widest(text: str) -> int:
    from rich.cells import cell_len

    return max(cell_len(line) for line in text.splitlines())


def test_table_of_long_names_fits_80_columns():
    result = run_pnp("places", "--kind", "sites", "--limit", "300")
    assert result.returncode == 0, result.stderr
    assert _widest(result.stdout) <= 80
    line = next(line for line in result.stdout.splitlines() if "Cimetière américain" in line)
    assert "Colleville-sur-Mer" not in line and "…" in line  # 43 characters, cut with an ellipsis


def test_deck_table_fits_80_columns_with_a_one_line_title_and_whole_kinds():
    result = run_pnp(
        "places",
        "--count",
        "60",
        "--sites-share",
        "1",
        "--difficulty",
        "hard",
        "--precision",
        "second",
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "France: deck of 60 (seed 1, hard, embedded, second)"
    assert _widest(result.stdout) <= 80
    assert " fortification " in result.stdout
    # every commune and site of France (its départements': not the collectivities overseas)
    france = resolve_region("france")
    everything = len(embedded.communes_in(france.departements)) + len(
        france.filter(embedded.landmarks())
    )
    assert lines[-1] == f"Chosen among {everything:,} candidates."


def test_listing_alternates_towns_and_sites_in_a_box_too():
    result = run_pnp("places", "--region", "-5.2,47.2,-1,48.9", "--limit", "6", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert [d["kind"] for d in json.loads(result.stdout)] == ["town", "site"] * 3


def test_kind_chooses_the_kind_of_every_card_of_a_deck():
    for kind in ("towns", "sites"):
        result = run_pnp(
            "places", "--region", "Gironde", "--kind", kind, "--count", "4", "--format", "json"
        )
        assert result.returncode == 0, result.stderr
        assert {d["kind"] for d in json.loads(result.stdout)} == {kind[:-1]}


def test_table_title_counts_in_english():
    assert run_pnp("places", "--limit", "1").stdout.splitlines()[0].strip() == "France: 1 place"
    # 1,200 of its 4,022 towns: the thousands grouped, at a quarter of the table's cost
    many = run_pnp("places", "--region", "region:84", "--kind", "towns", "--limit", "1200")
    assert many.stdout.splitlines()[0].strip() == "Auvergne-Rhône-Alpes (région 84): 1,200 places"


def test_table_fits_80_columns():
    result = run_pnp("places", "--kind", "towns", "--limit", "15", columns=200)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any("Paris" in line for line in lines)
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize(
    "args",
    [
        ("places", "--region", "bretgne"),
        ("places", "--limit", "abc"),
        ("places", "--limit", "0"),
        ("places", "--kind", "castles"),
        ("places", "--format", "xml"),
        ("places", "--count", "3", "--limit", "2"),
        ("places", "--difficulty", "hard"),
        ("places", "--seed", "4", "--precision", "second"),
        ("places", "--region", "33", "--kind", "sites", "--count", "50"),
    ],
)
def test_errors_are_one_line_exit_2(args):
    result = run_pnp(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: ")
    assert "Traceback" not in result.stderr


def test_offline_and_refresh_contradict(tmp_path):
    result = run_pnp("data", "fetch", "apigeo", "--offline", "--refresh")
    assert result.returncode == 2
    assert result.stderr.startswith("pnp: error: --refresh downloads again and --offline")


def test_data_build_without_npm_is_one_line(tmp_path):
    env = {"PATH": str(tmp_path), "PYTHONIOENCODING": "utf-8"}  # no npm on this PATH
    result = subprocess.run(
        [sys.executable, "-m", "generator", "data", "build", "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1].startswith("pnp: error: npm is not installed")


# --- properties of region resolution ---------------------------------------------------

REGION_NAMES = frozenset(r.name for r in embedded.regions())
AREA_NAMES = [(r.name, "region", r.code) for r in embedded.regions()] + [
    (d.name, "departement", d.code) for d in embedded.departements()
]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(AREA_NAMES), st.randoms(use_true_random=False))
def test_names_resolve_whatever_the_case_accents_and_dashes(area, rnd):
    name, kind, code = area
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    mangled = "".join(ch.upper() if rnd.random() < 0.5 else ch.lower() for ch in plain)
    mangled = mangled.replace("-", rnd.choice(["-", " ", "  "])).replace(
        "'", rnd.choice(["'", " ", "’"])
    )
    selection = resolve_region(f" {mangled} ")
    if kind == "departement" and name in REGION_NAMES:
        # An overseas région and its one département share a name (Guyane): the name is the
        # région, which holds that département and no other.
        assert selection.kind == "region" and selection.departements == frozenset({code})
    else:
        assert (selection.kind, selection.code) == (kind, code)


def test_regions_partition_the_communes():
    communes = embedded.communes()
    counts = [len(resolve_region(f"region:{r.code}").filter(communes)) for r in embedded.regions()]
    assert sum(counts) == len(communes) and min(counts) > 0
    for departement in embedded.departements():
        selection = resolve_region(departement.code)
        assert all(p.departement == departement.code for p in selection.filter(communes))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("971", "Guadeloupe"),
        ("972", "Martinique"),
        ("973", "Guyane"),
        ("974", "La Réunion"),
        ("976", "Mayotte"),
    ],
)
def test_overseas_departements_are_regions_of_their_own(text, name):
    departement = resolve_region(text)
    assert (departement.kind, departement.code) == ("departement", text)
    region = resolve_region(name)
    assert region.kind == "region" and region.departements == frozenset({text})
    communes = region.filter(embedded.communes())
    assert communes and all(p.departement == text for p in communes)
