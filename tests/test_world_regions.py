"""Subdivisions abroad as regions, their outlines and names, country aliases, and the names a
deck abroad prints (issue 26)."""

from __future__ import annotations

import csv
import gzip
import io

import pytest
import shapely
from msgspec.structs import replace
from shapely.geometry import shape

from generator.core.errors import UserError
from generator.geo import embedded
from generator.geo.abroad import display_in, unsuffixed
from generator.geo.databuild.names import clean_name
from generator.geo.databuild.subdivisions import decode_polygons, encode_polygons
from generator.geo.model import Place
from generator.geo.regions import _subdivision_index, resolve_region

#: The countries of the issue's table (UN Tourism's most visited, with the neighbours of today).
COUNTRIES = [
    "ES",
    "US",
    "TR",
    "IT",
    "MX",
    "GB",
    "CN",
    "DE",
    "JP",
    "GR",
    "TH",
    "AT",
    "AE",
    "PT",
    "SA",
    "MY",
    "HK",
    "NL",
    "PL",
    "IN",
    "BR",
    "CA",
    "KR",
    "EG",
    "CZ",
    "BE",
    "CH",
    "LU",
]


@pytest.mark.parametrize(
    ("typed", "country", "admin1"),
    [
        ("Bavaria", "DE", "02"),
        ("Bavière", "DE", "02"),
        ("bayern", "DE", "02"),
        ("DE-BY", "DE", "02"),
        ("England", "GB", "ENG"),
        ("Angleterre", "GB", "ENG"),
        ("Scotland", "GB", "SCT"),
        ("ecosse", "GB", "SCT"),
        ("Wales", "GB", "WLS"),
        ("Northern Ireland", "GB", "NIR"),
        ("California", "US", "CA"),
        ("Californie", "US", "CA"),
        ("us-ca", "US", "CA"),
        ("Tuscany", "IT", "16"),
        ("Toscane", "IT", "16"),
        ("Toscana", "IT", "16"),
        ("Andalousie", "ES", "51"),
        ("Quebec", "CA", "10"),
        ("Québec", "CA", "10"),
    ],
)
def test_subdivisions_resolve_in_both_languages_their_own_and_by_code(typed, country, admin1):
    selection = resolve_region(typed)
    assert (selection.kind, selection.subdivision) == ("subdivision", (country, admin1))


@pytest.mark.parametrize(
    ("typed", "code"),
    [("USA", "US"), ("UK", "GB"), ("Great Britain", "GB"), ("Holland", "NL"), ("Hollande", "NL")],
)
def test_common_country_names_resolve(typed, code):
    assert (resolve_region(typed).kind, resolve_region(typed).code) == ("world", code)


def test_a_country_name_wins_over_a_state_and_a_french_departement_over_both():
    assert (resolve_region("Georgia").kind, resolve_region("Georgia").code) == ("world", "GE")
    assert resolve_region("US-GA").subdivision == ("US", "GA")
    assert resolve_region("Jura").kind == "departement"


def test_a_name_two_subdivisions_share_asks_for_the_code():
    shared = sorted(
        name for name, pairs in _subdivision_index().items() if len(pairs) > 1 and "-" not in name
    )
    assert shared  # there are some (a Distrito Federal in several countries…)
    with pytest.raises(UserError) as raised:
        resolve_region(shared[0])
    assert "give its code" in str(raised.value)


def test_a_subdivision_holds_only_its_own_towns_and_sites():
    selection = resolve_region("Bavaria")
    towns = embedded.world_towns("DE")
    inside = selection.filter(towns)
    assert 0 < len(inside) < len(towns)
    assert all(t.region == "02" for t in inside)
    munich = next(t for t in inside if t.name == "Munich")
    assert selection.contains(munich)
    assert selection.label == "Bavière (Allemagne)"
    assert selection.key == "sub-de-02"


def _outlines() -> list[list[str]]:
    text = gzip.decompress(
        embedded.dataset_path(embedded.SUBDIVISION_OUTLINES_FILE).read_bytes()
    ).decode("utf-8")
    return list(csv.reader(io.StringIO(text)))[1:]


def test_every_subdivision_outline_holds_its_towns():
    """The build matched each Natural Earth unit to the admin1 code of the towns it holds: each
    outline holds most of its own towns (a 1 km simplification and the coast let a few fall
    out), and every outline is a valid area with a name."""
    rows = _outlines()
    assert len(rows) > 3000
    names = embedded.admin1_names()
    weak, unnamed = [], []
    for country, admin1, towns, agreement, polygons in rows:
        geometry = shape({"type": "MultiPolygon", "coordinates": decode_polygons(polygons)})
        assert geometry.is_valid or geometry.buffer(0).area > 0, (country, admin1)
        assert geometry.area > 0, (country, admin1)
        if int(towns) >= 20 and float(agreement) < 0.75:
            weak.append((country, admin1, agreement))
        if (country, admin1) not in names:
            unnamed.append((country, admin1))
    # codes GeoNames' 2021 admin1 table no longer has (India's merged union territories, South
    # Sudan's ids) print as codes; none of a big country's
    assert len(unnamed) <= 20, unnamed
    assert not [u for u in unnamed if u[0] in ("US", "DE", "IT", "ES", "GB", "JP", "BR", "CN")]
    # Croatia's and Cyprus' coastal units, Micronesia's atolls: about 20 of 3,400
    assert len(weak) <= 25, weak
    held = sum(int(r[2]) * float(r[3]) for r in rows) / sum(int(r[2]) for r in rows)
    assert held > 0.95


def test_the_subdivisions_of_the_tables_countries_have_outlines():
    drawn = embedded.subdivision_codes()
    # Luxembourg's towns carry their canton; Natural Earth draws its three former districts
    for country in set(COUNTRIES) - {"LU"}:
        codes = {t.region for t in embedded.world_towns(country) if t.region}
        kept = {c for c in codes if (country, c) in drawn}
        assert len(kept) >= 0.8 * len(codes), country


def test_outline_encoding_round_trips():
    square = shapely.geometry.box(2.0, 41.0, 2.5, 41.25)
    (ring,) = decode_polygons(encode_polygons(square))[0]
    assert shapely.geometry.Polygon(ring).equals_exact(square.normalize(), 1e-3) or (
        shapely.geometry.Polygon(ring).symmetric_difference(square).area < 1e-6
    )


def test_every_subdivision_name_has_a_reference():
    rows = list(csv.DictReader(embedded.dataset_path(embedded.ADMIN1_NAMES_FILE).open()))
    assert len(rows) > 3500
    for row in rows:
        assert row["name"].strip() and row["name_en"].strip(), row
        assert row["reference"].startswith("GeoNames admin1"), row
    by_code = {(r["country"], r["admin1"]): r for r in rows}
    assert by_code[("US", "CA")]["name"] == "Californie"
    assert by_code[("BR", "16")]["name"] == "Pará"  # not iso-codes' "Para"
    assert by_code[("BR", "27")]["name"] == "São Paulo"  # not iso-codes' "Sôo Paulo"
    assert by_code[("DE", "02")]["name_local"] == "Bayern"


@pytest.mark.parametrize(
    ("country", "name", "clean"),
    [
        ("JP", "Fukui-shi", "Fukui"),
        ("JP", "Yoshino-chō", "Yoshino"),
        ("KR", "Uijeongbu-si", "Uijeongbu"),
        ("JP", "Tokyo", "Tokyo"),
        ("US", "Fukui-shi", "Fukui-shi"),  # only where GeoNames leaves such suffixes
        ("JP", "-shi", "-shi"),
    ],
)
def test_geonames_administrative_suffixes_are_dropped(country, name, clean):
    assert clean_name(country, name) == clean


def test_no_japanese_town_keeps_an_administrative_suffix():
    assert not [t.name for t in embedded.world_towns("JP") if t.name.endswith(("-shi", "-chō"))]


def _town(gid: int, name: str, country: str = "BR", region: str = "16") -> Place:
    return Place(f"gn:{gid}", name, "town", -1.0, -48.0, region=region, geonames_id=gid,
                 country=country)  # fmt: skip


def test_a_suffix_stays_only_where_two_cards_would_read_the_same():
    belem, other, lone = _town(1, "Belém"), _town(2, "Belém", region="02"), _town(3, "Palmas")
    printed = [replace(belem, name="Belém (Pará)"), replace(lone, name="Palmas (Tocantins)")]
    assert [p.name for p in unsuffixed(printed, [belem, other, lone])] == ["Belém", "Palmas"]
    both = [printed[0], replace(other, name="Belém (Alagoas)")]
    assert [p.name for p in unsuffixed(both, [belem, other])] == [
        "Belém (Pará)",
        "Belém (Alagoas)",
    ]
    french = Place("insee:93066", "Saint-Denis (93)", "town", 48.9, 2.35, departement="93")
    assert unsuffixed([french], [replace(french, name="Saint-Denis")])[0].name == (
        "Saint-Denis (93)"  # French homonyms keep the French deal's rule
    )


def test_display_in_french_keeps_the_places_and_drops_needless_suffixes():
    belem, other = _town(1, "Belém"), _town(2, "Belém", region="02")
    dealt = [replace(belem, name="Belém (Pará)")]
    assert [p.name for p in display_in(dealt, [belem, other], "fr")] == ["Belém"]
