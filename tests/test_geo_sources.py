"""Every online source against a real HTTP server on 127.0.0.1 answering in the service's format."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from generator.core.errors import UserError
from generator.geo.sources import Area, apigeo, contours, geonames, overpass, wikidata
from tests.geo_http_helpers import quick_http, truncated


@pytest.fixture
def server(httpserver, monkeypatch, tmp_path):
    root = httpserver.url_for("").rstrip("/")
    monkeypatch.setenv("PNP_APIGEO_URL", root + "/geo")
    monkeypatch.setenv("PNP_GEONAMES_URL", root + "/dump")
    monkeypatch.setenv("PNP_WIKIDATA_URL", root + "/sparql")
    monkeypatch.setenv("PNP_OVERPASS_URL", root + "/api/interpreter")
    monkeypatch.setenv("PNP_CONTOURS_URL", root + "/contours")
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return httpserver


@pytest.fixture
def http(tmp_path):
    with quick_http(tmp_path / "cache") as client:
        yield client


# --- API Géo ------------------------------------------------------------------------------------

# The API's answer format (fields=nom,code,centre,mairie,…&format=json): ``centre`` is a point
# inside the outline (La Teste-de-Buch's lies 8.8 km from the town, in the forest), ``mairie``
# the town hall; both GeoJSON points, longitude first.
COMMUNES_33 = [
    {
        "nom": "Bordeaux",
        "code": "33063",
        "codeDepartement": "33",
        "codeRegion": "75",
        "population": 261804,
        "centre": {"type": "Point", "coordinates": [-0.6216, 44.8572]},
        "mairie": {"type": "Point", "coordinates": [-0.5792, 44.8378]},
    },
    {
        "nom": "La Teste-de-Buch",
        "code": "33529",
        "codeDepartement": "33",
        "codeRegion": "75",
        "population": 27000,
        "centre": {"type": "Point", "coordinates": [-1.1446, 44.5621]},
        "mairie": {"type": "Point", "coordinates": [-1.1451, 44.6307]},
    },
    {
        "nom": "Sans mairie",
        "code": "33998",
        "codeDepartement": "33",
        "codeRegion": "75",
        "population": 40,
        "centre": {"type": "Point", "coordinates": [-0.2, 44.9]},
    },
    {
        "nom": "Sans centre",
        "code": "33999",
        "population": 3,
        "codeDepartement": "33",
        "codeRegion": "75",
    },
]
API_GEO_400 = {
    "code": 400,
    "message": "Le paramètre geometry=contour n'est pas supporté sans filtre",
}
# What the service really sends for the unfiltered contour request: a plain-text 400.
API_GEO_400_TEXT = "Bad Request"


def test_apigeo_communes_longitude_first(server, http):
    server.expect_request(
        "/geo/communes",
        query_string={
            "fields": apigeo.FIELDS,
            "format": "json",
            "geometry": "centre",
            "codeDepartement": "33",
        },
    ).respond_with_json(COMMUNES_33)
    places = list(apigeo.fetch(http, Area(departements=("33",))))
    assert [p.name for p in places] == ["Bordeaux", "La Teste-de-Buch", "Sans mairie"]
    bordeaux, la_teste, no_hall = places
    assert (bordeaux.lat, bordeaux.lon) == (44.8378, -0.5792)  # the town hall, not the centre
    assert (la_teste.lat, la_teste.lon) == (44.6307, -1.1451)
    assert (no_hall.lat, no_hall.lon) == (44.9, -0.2)  # no town hall: the centre
    assert bordeaux.id == "insee:33063" and bordeaux.insee == "33063"
    assert (bordeaux.departement, bordeaux.region, bordeaux.population) == ("33", "75", 261804)
    assert bordeaux.kind == "town" and bordeaux.familiarity == 261804


def test_apigeo_400_is_one_line_with_the_api_message(server, http):
    server.expect_request("/geo/communes").respond_with_json(API_GEO_400, status=400)
    with pytest.raises(UserError, match="HTTP 400: Le paramètre geometry=contour") as info:
        apigeo.commune_contours(http, "")
    assert "\n" not in str(info.value)
    assert len(server.log) == 1  # a 400 is not retried


def test_apigeo_plain_text_400_is_one_line_too(server, http):
    server.expect_request("/geo/communes").respond_with_data(
        API_GEO_400_TEXT, status=400, content_type="text/plain; charset=utf-8"
    )
    with pytest.raises(UserError, match=r"HTTP 400: Bad Request; the request was refused") as info:
        apigeo.commune_contours(http, "")
    assert "\n" not in str(info.value)


def test_apigeo_contours_are_requested_per_departement(server, http):
    def contour_answer(request):
        from werkzeug import Response

        code = request.args.get("codeDepartement")
        if not code:  # the real API refuses the unfiltered contour request, in plain text
            return Response(API_GEO_400_TEXT, status=400, content_type="text/plain")
        feature = {
            "type": "Feature",
            "properties": {"nom": f"Commune {code}", "code": f"{code}001"},
            "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]},
        }
        return Response(
            json.dumps({"type": "FeatureCollection", "features": [feature]}),
            content_type="application/json",
        )

    server.expect_request("/geo/departements").respond_with_json(
        [
            {"nom": "Ain", "code": "01", "codeRegion": "84"},
            {"nom": "Gironde", "code": "33", "codeRegion": "75"},
        ]
    )
    server.expect_request("/geo/communes").respond_with_handler(contour_answer)
    features = list(apigeo.all_commune_contours(http))
    assert [f.properties["code"] for f in features] == ["01001", "33001"]
    assert all(
        request.args.get("codeDepartement")
        for request, _ in server.log
        if request.path == "/geo/communes"
    )


def test_apigeo_refuses_other_countries(http):
    with pytest.raises(UserError, match="France only"):
        list(apigeo.fetch(http, Area(country="IT")))


# --- GeoNames -----------------------------------------------------------------------------------


def _row(gid, name, alt, lat, lon, fclass, fcode, cc, a1="", a2="", a4="", pop=0):
    cols = [
        str(gid),
        name,
        name,
        alt,
        str(lat),
        str(lon),
        fclass,
        fcode,
        cc,
        "",
        a1,
        a2,
        "",
        a4,
        str(pop),
        "",
        "10",
        "Europe/Paris",
        "2024-01-01",
    ]
    assert len(cols) == 19
    return "\t".join(cols)


FR_ROWS = [
    _row(
        3031582,
        "Bordeaux",
        "BOD,Bordeaux,Bordeu,Burdeos",
        44.84044,
        -0.5805,
        "P",
        "PPLA",
        "FR",
        "75",
        "33",
        "33063",
        260958,
    ),
    _row(
        2988507,
        "Paris",
        "Lutece,Paname,Parigi,Parijs,Paris",
        48.85341,
        2.3488,
        "P",
        "PPLC",
        "FR",
        "11",
        "75",
        "75056",
        2138551,
    ),
    _row(
        6545270, "Paris 01 Louvre", "", 48.86, 2.34, "P", "PPLX", "FR", "11", "75", "75101", 17000
    ),
    _row(
        3019283,
        "Dune du Pilat",
        "Dune du Pyla,Grande Dune du Pilat",
        44.5894,
        -1.2133,
        "T",
        "DUNE",
        "FR",
        "75",
        "33",
    ),
    _row(
        3181986,
        "Mont Blanc",
        "Monte Bianco,Mont Blanc,Montblanc",
        45.8326,
        6.8652,
        "T",
        "MT",
        "FR",
        "84",
        "74",
    ),
    _row(1111111, "Ruisseau quelconque", "", 45.0, 3.0, "H", "STM", "FR", "84", "43"),
    _row(
        3169070, "Roma", "Rome,Rom", 41.89193, 12.51133, "P", "PPLC", "IT", "07", "RM", "", 2318895
    ),
]


def _zip(name: str, member: str, rows: list[str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, "".join(row + "\n" for row in rows))
        archive.writestr("readme.txt", "GeoNames readme")
    return buffer.getvalue()


def test_geonames_dump_is_streamed_and_classified(server, http, tmp_path):
    server.expect_oneshot_request("/dump/FR.zip").respond_with_data(
        _zip("FR.zip", "FR.txt", FR_ROWS), content_type="application/zip"
    )
    places = {p.name: p for p in geonames.fetch(http, Area(country="FR"))}
    assert set(places) == {"Bordeaux", "Paris", "Dune du Pilat", "Mont Blanc"}
    bordeaux, dune, blanc = places["Bordeaux"], places["Dune du Pilat"], places["Mont Blanc"]
    assert (
        bordeaux.kind,
        bordeaux.population,
        bordeaux.insee,
        bordeaux.departement,
        bordeaux.region,
    ) == ("town", 260958, "33063", "33", "75")
    assert (bordeaux.lat, bordeaux.lon) == (44.84044, -0.5805)
    assert (dune.kind, dune.site_kind, dune.population, dune.insee) == ("site", "dune", None, None)
    assert blanc.site_kind == "mountain" and blanc.familiarity == 3  # three alternate names
    # the dump is kept: a second fetch does not download again
    assert len(list(geonames.fetch(http, Area(country="FR", bbox=(-2, 44, 0, 45))))) == 2
    assert len(server.log) == 1


def test_geonames_truncated_dump_leaves_no_file(server, http, tmp_path):
    body = _zip("FR.zip", "FR.txt", FR_ROWS)
    server.expect_request("/dump/FR.zip").respond_with_handler(
        lambda request: truncated(body[: len(body) // 2], len(body), "application/zip")
    )
    with pytest.raises(UserError, match=r"GeoNames FR\.zip"):
        list(geonames.fetch(http, Area(country="FR")))
    folder = tmp_path / "cache" / "geonames"
    assert not folder.exists() or list(folder.iterdir()) == []


def test_geonames_parse_lines_filters_country_lazily():
    places = list(geonames.parse_lines(iter(row + "\n" for row in FR_ROWS), "IT"))
    assert [(p.name, p.country, p.departement, p.insee) for p in places] == [
        ("Roma", "IT", None, None)
    ]
    assert list(geonames.parse_lines(["garbage\n", "\n"])) == []


def test_geonames_not_a_zip_is_user_error(tmp_path):
    path = tmp_path / "FR.zip"
    path.write_bytes(b"<html>not found</html>")
    with pytest.raises(UserError, match="not a readable GeoNames zip"):
        list(geonames.read_dump(path))


# --- Wikidata -----------------------------------------------------------------------------------


def _binding(qid, label, wkt, sitelinks, kind):
    return {
        "item": {"type": "uri", "value": f"http://www.wikidata.org/entity/{qid}"},
        "itemLabel": {"xml:lang": "fr", "type": "literal", "value": label},
        "coord": {
            "datatype": "http://www.opengis.net/ont/geosparql#wktLiteral",
            "type": "literal",
            "value": wkt,
        },
        "sitelinks": {
            "datatype": "http://www.w3.org/2001/XMLSchema#integer",
            "type": "literal",
            "value": str(sitelinks),
        },
        "kind": {"type": "literal", "value": kind},
    }


SPARQL = {
    "head": {"vars": ["item", "itemLabel", "coord", "sitelinks", "kind"]},
    "results": {
        "bindings": [
            _binding("Q583", "Mont Blanc", "Point(6.865 45.832777777)", 98, "mountain"),
            _binding(
                "Q583", "Mont Blanc", "Point(6.8651 45.8326)", 98, "mountain"
            ),  # second coordinate
            _binding("Q1236", "Dune du Pilat", "Point(-1.2125 44.5892)", 31, "dune"),
            _binding("Q99999", "Q99999", "Point(1 45)", 7, "castle"),  # no label in fr/en
            _binding(
                "Q405x",
                "Cratère lunaire",
                "<http://www.wikidata.org/entity/Q405> Point(3 40)",
                12,
                "volcano",
            ),
        ]
    },
}


def test_wikidata_sparql_results(server, http):
    server.expect_request(
        "/sparql", headers={"Accept": "application/sparql-results+json"}
    ).respond_with_json(SPARQL, content_type="application/sparql-results+json")
    places = list(wikidata.fetch(http, Area(country="FR", bbox=(-5.5, 41.0, 10.0, 51.5))))
    assert [(p.id, p.name, p.site_kind, p.familiarity) for p in places] == [
        ("wd:Q583", "Mont Blanc", "mountain", 98.0),
        ("wd:Q1236", "Dune du Pilat", "dune", 31.0),
    ]
    assert (places[0].lat, places[0].lon) == (45.832777777, 6.865)  # WKT is longitude first
    sent = server.log[0][0].args["query"]
    assert 'wdt:P297 "FR"' in sent and "cornerSouthWest" in sent and "Point(-5.5 41.0)" in sent


def test_wikidata_500_then_success(server, http):
    server.expect_oneshot_request("/sparql").respond_with_data(
        "java.util.concurrent.TimeoutException\n\tat com.bigdata...", status=500
    )
    server.expect_oneshot_request("/sparql").respond_with_json(SPARQL)
    assert len(list(wikidata.fetch(http, Area(country="FR")))) == 2


def test_wikidata_persistent_error_shows_first_line(server, http):
    server.expect_request("/sparql").respond_with_data(
        "SPARQL-QUERY: queryStr=...\njava.util.concurrent.TimeoutException\n\tat x", status=500
    )
    with pytest.raises(UserError, match="HTTP 500: SPARQL-QUERY"):
        list(wikidata.fetch(http, Area(country="FR")))


def test_wikidata_rejects_bad_country():
    with pytest.raises(UserError, match="ISO country code"):
        wikidata.query(Area(country='FR" } DROP'))


# --- Overpass -----------------------------------------------------------------------------------

OVERPASS = {
    "version": 0.6,
    "generator": "Overpass API 0.7.62.1 084b4234",
    "osm3s": {
        "timestamp_osm_base": "2024-05-01T12:00:00Z",
        "copyright": (
            "The data included in this document is from www.openstreetmap.org. The data is made "
            "available under ODbL."
        ),
    },
    "elements": [
        {
            "type": "node",
            "id": 26862619,
            "lat": 45.8325,
            "lon": 6.8644,
            "tags": {
                "natural": "peak",
                "name": "Mont Blanc",
                "name:it": "Monte Bianco",
                "name:de": "Montblanc",
                "wikidata": "Q583",
                "wikipedia": "fr:Mont Blanc",
                "ele": "4805",
            },
        },
        {
            "type": "relation",
            "id": 3015678,
            "center": {"lat": 44.5892, "lon": -1.2125},
            "tags": {"natural": "dune", "name": "Dune du Pilat", "wikidata": "Q1236"},
        },
        {
            "type": "way",
            "id": 1,
            "center": {"lat": 44.0, "lon": 1.0},
            "tags": {"natural": "peak", "name": "Mont Blanc", "wikidata": "Q583"},
        },  # same feature again
        {"type": "node", "id": 2, "lat": 44.0, "lon": 1.0, "tags": {"natural": "peak"}},  # no name
    ],
}


def test_overpass_out_center(server, http):
    server.expect_request("/api/interpreter", method="POST").respond_with_json(OVERPASS)
    places = list(overpass.fetch(http, Area(country="FR", bbox=(-5.5, 41.0, 10.0, 51.5))))
    assert [(p.name, p.site_kind, p.lat, p.lon) for p in places] == [
        ("Mont Blanc", "mountain", 45.8325, 6.8644),
        ("Dune du Pilat", "dune", 44.5892, -1.2125),
    ]
    assert places[0].familiarity > places[1].familiarity
    sent = server.log[0][0].form["data"]
    assert "out center" in sent and "(41.0,-5.5,51.5,10.0)" in sent


def test_overpass_remark_error_is_failure_and_not_cached(server, http, tmp_path):
    failed = dict(
        OVERPASS,
        elements=[],
        remark='runtime error: Query timed out in "query" at line 3 after 181 seconds.',
    )
    server.expect_oneshot_request("/api/interpreter").respond_with_json(failed)
    area = Area(country="FR", bbox=(-5.5, 41.0, 10.0, 51.5))
    with pytest.raises(UserError, match="Overpass failed: runtime error: Query timed out"):
        list(overpass.fetch(http, area))
    with (
        quick_http(tmp_path / "cache", offline=True) as offline,
        pytest.raises(UserError, match="not in the cache"),
    ):
        list(overpass.fetch(offline, area))


def test_overpass_429_retry_after_then_success(server, http):
    server.expect_oneshot_request("/api/interpreter").respond_with_data(
        "rate_limited", status=429, headers={"Retry-After": "1"}
    )
    server.expect_oneshot_request("/api/interpreter").respond_with_json(OVERPASS)
    assert len(list(overpass.fetch(http, Area(country="FR", bbox=(-2, 40, 10, 50))))) == 2


def test_overpass_needs_a_box():
    with pytest.raises(UserError, match="bounded region"):
        overpass.query(Area(country="FR"))


# --- Contours -----------------------------------------------------------------------------------

DEPARTEMENTS = {
    "type": "FeatureCollection",
    "features": [
        {
            "type": "Feature",
            "properties": {"code": "33", "nom": "Gironde", "region": "75"},
            "geometry": {
                "type": "Polygon",
                "coordinates": [
                    [[-1.3, 44.2], [0.3, 44.2], [0.3, 45.6], [-1.3, 45.6], [-1.3, 44.2]]
                ],
            },
        },
        {
            "type": "Feature",
            "properties": {"code": "74", "nom": "Haute-Savoie", "region": "84"},
            "geometry": {
                "type": "MultiPolygon",
                "coordinates": [
                    [[[5.8, 45.6], [7.1, 45.6], [7.1, 46.5], [5.8, 46.5], [5.8, 45.6]]]
                ],
            },
        },
    ],
}


def test_contours_and_annotation(server, http):
    server.expect_request("/contours/departements-100m.geojson").respond_with_json(DEPARTEMENTS)
    areas = contours.fetch_areas(http, "departements")
    assert [(a.code, a.name, a.region) for a in areas] == [
        ("33", "Gironde", "75"),
        ("74", "Haute-Savoie", "84"),
    ]
    sites = list(wikidata.parse_results(wikidata.parse_answer(json.dumps(SPARQL).encode()), "FR"))
    annotated = contours.annotate(sites, areas)
    assert [(p.name, p.departement, p.region) for p in annotated] == [
        ("Mont Blanc", "74", "84"),
        ("Dune du Pilat", "33", "75"),
    ]


def test_contours_body_cut_short_is_not_cached(server, http, tmp_path):
    body = json.dumps(DEPARTEMENTS).encode()
    server.expect_request("/contours/regions-100m.geojson").respond_with_handler(
        lambda request: truncated(body[:50], len(body))
    )
    with pytest.raises(UserError, match="cut short"):
        contours.fetch_areas(http, "regions")
    with (
        quick_http(tmp_path / "cache", offline=True) as offline,
        pytest.raises(UserError, match="not in the cache"),
    ):
        contours.fetch_areas(offline, "regions")


# Codes the project asks for that no GeoNames page stored by the project's search tool was found
# to show (the fixture lists only codes whose GeoNames page was read); a code confirmed later
# moves to the fixture, and this set must shrink with it.
UNCONFIRMED_GEONAMES_CODES = frozenset(
    {"S.DAM", "S.AMTH", "P.PPLH", "P.PPLW", "P.PPLCH", "P.PPLA5"}
)


def test_every_geonames_code_asked_for_is_one_of_geonames_own():
    """The site table, the excluded town codes and the town ranking use GeoNames' feature codes
    (tests/data/geonames_feature_codes.tsv: each code with GeoNames' name for it and the GeoNames
    page that shows it)."""
    from pathlib import Path

    from generator.geo.databuild.join import _FEATURE_RANK
    from generator.geo.databuild.tables import NOT_TOWNS
    from generator.geo.sources.geonames import EXCLUDED_TOWN_CODES, SITE_KINDS

    fixture = Path(__file__).parent / "data" / "geonames_feature_codes.tsv"
    rows = [
        line.split("\t")
        for line in fixture.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert all(len(row) == 3 for row in rows)
    for code, name, reference in rows:
        assert code[0] in "HLPSTV" and code[1] == "." and code[2:].isupper(), code
        assert name and name == name.lower(), code
        assert reference.startswith(("https://www.geonames.org/", "https://geonames.org/")), code
    codes = {row[0] for row in rows}
    assert len(codes) == len(rows)
    asked = (
        set(SITE_KINDS)
        | {f"P.{code}" for code in EXCLUDED_TOWN_CODES | NOT_TOWNS}
        | {f"P.{code}" for code in _FEATURE_RANK}
    )
    assert sorted(asked - codes) == sorted(UNCONFIRMED_GEONAMES_CODES)
    assert not codes & UNCONFIRMED_GEONAMES_CODES
    assert codes <= asked  # the fixture lists the codes the project uses, no others
    # the codes the table used to ask for are not GeoNames' (caves are S.CAVE, abbeys S.MSTY)
    assert "T.CAVE" not in SITE_KINDS and "S.ABB" not in SITE_KINDS
    assert {"S.CAVE", "S.MSTY"} <= codes


def test_caves_and_abbeys_come_from_a_geonames_dump():
    from generator.geo.sources.geonames import parse_lines

    def row(gid, name, klass, code):
        return "\t".join(
            [
                str(gid),
                name,
                name,
                "a,b,c",
                "44.0",
                "1.0",
                klass,
                code,
                "FR",
                "",
                "76",
                "46",
                "",
                "",
                "0",
                "",
                "",
                "Europe/Paris",
                "2024-01-01",
            ]
        )

    places = list(
        parse_lines(
            [row(1, "Gouffre de Padirac", "S", "CAVE"), row(2, "Abbaye de Conques", "S", "MSTY")]
        )
    )
    assert [(p.name, p.site_kind) for p in places] == [
        ("Gouffre de Padirac", "cave"),
        ("Abbaye de Conques", "abbey"),
    ]


IT_ALTERNATE_NAMES = [
    # alternateNameId, geonameid, isolanguage, name, preferred, short, colloquial, historic, from,
    # to
    "1\t3164603\tfr\tVenise\t1\t\t\t\t\t",
    "2\t3164603\ten\tVenice\t1\t\t\t\t\t",
    "3\t3164603\tfr\tLa Sérénissime\t\t\t1\t\t\t",  # colloquial: never printed
    "4\t3176959\tfr\tFlorence\t\t\t\t\t\t",
    "5\t3176959\tfr\tFlorenzia\t\t\t\t1\t\t",  # historic
    "6\t3173435\tfr\tMilano\t\t\t\t\t\t",
    "7\t3173435\tfr\tMilan\t1\t\t\t\t\t",  # the preferred name wins over the first listed
    "8\t3176219\tfr\tGênes\t\t\t\t\t1000\t1900",  # a name with a period is not today's name
]


def test_geonames_alternate_names_give_the_french_name_abroad(server, http):
    rows = [
        _row(3164603, "Venice", "", 45.43713, 12.33265, "P", "PPLA", "IT", "20", "VE", "", 51298),
        _row(
            3176959, "Florence", "", 43.77925, 11.24626, "P", "PPLA", "IT", "16", "FI", "", 349296
        ),
        _row(3173435, "Milan", "", 45.46427, 9.18951, "P", "PPLA", "IT", "09", "MI", "", 1236837),
        _row(3176219, "Genoa", "", 44.40478, 8.94439, "P", "PPLA", "IT", "08", "GE", "", 580097),
    ]
    server.expect_request("/dump/IT.zip").respond_with_data(
        _zip("IT.zip", "IT.txt", rows), content_type="application/zip"
    )
    server.expect_request("/dump/alternatenames/IT.zip").respond_with_data(
        _zip("IT.zip", "IT.txt", IT_ALTERNATE_NAMES), content_type="application/zip"
    )
    names = sorted(p.name for p in geonames.fetch(http, Area(country="IT")))
    assert names == ["Florence", "Genoa", "Milan", "Venise"]
