"""Issue #15, bad data kept and unbounded: fault injection of the HTTP sources over a local server.

Each hostile server (wrong shape, trickle, endless body, garbage Retry-After, a dump that is not
one) gets one line naming the source, and nothing it sent is cached or kept.
"""

from __future__ import annotations

import io
import json
import sqlite3
import threading
import zipfile

import pytest
from werkzeug import Response

from generator.core.errors import UserError
from generator.geo import http as http_module
from generator.geo.http import Http, HttpConfig
from generator.geo.sources import Area, apigeo, contours, geonames, overpass, wikidata
from tests.conftest import one_line_error, pnp
from tests.geo_http_helpers import RecordingClock
from tests.test_geo_sources import COMMUNES_33, FR_ROWS, _zip

PLACED = sum(1 for record in COMMUNES_33 if record.get("mairie") or record.get("centre"))


@pytest.fixture
def server(httpserver, monkeypatch, tmp_path):
    root = httpserver.url_for("").rstrip("/")
    monkeypatch.setenv("PNP_APIGEO_URL", root + "/geo")
    monkeypatch.setenv("PNP_GEONAMES_URL", root + "/dump")
    monkeypatch.setenv("PNP_WIKIDATA_URL", root + "/sparql")
    monkeypatch.setenv("PNP_OVERPASS_URL", root + "/api/interpreter")
    monkeypatch.setenv("PNP_CONTOURS_URL", root + "/contours")
    return httpserver


def client(tmp_path, offline=False, **config):
    settings = {
        "connect_timeout": 2.0,
        "read_timeout": 2.0,
        "retries": 1,
        "backoff_factor": 0.001,
        "backoff_max": 0.01,
        "offline": offline,
    }
    settings.update(config)
    return Http(HttpConfig(**settings), tmp_path / "cache")


def fetchers():
    return {
        "apigeo": lambda http: list(apigeo.fetch(http, Area(departements=("33",)))),
        "wikidata": lambda http: list(wikidata.fetch(http, Area(country="FR"))),
        "overpass": lambda http: list(overpass.fetch(http, Area(bbox=(-2, 44, 0, 45)))),
        "contours": lambda http: contours.fetch_areas(http, "departements"),
    }


PATHS = {
    "apigeo": "/geo/communes",
    "wikidata": "/sparql",
    "overpass": "/api/interpreter",
    "contours": "/contours/departements-100m.geojson",
}
NAMES = {
    "apigeo": "API Géo communes of 33",
    "wikidata": "Wikidata sites",
    "overpass": "Overpass natural features",
    "contours": "Etalab departements contours",
}
SHAPES = [
    ("apigeo", [1, 2, 3]),
    ("apigeo", [None]),
    ("apigeo", [{"nom": "Sans code"}]),
    ("apigeo", [{**COMMUNES_33[0], "population": "many"}]),
    ("apigeo", [{**COMMUNES_33[0], "nom": "Evil\x1b[2J"}]),
    ("apigeo", {"communes": []}),
    ("overpass", {"elements": [1]}),
    ("overpass", {"elements": [{"type": "node", "id": "x"}]}),
    ("wikidata", {"results": {"bindings": [1]}}),
    ("wikidata", {"head": {}}),
    ("contours", {"type": "FeatureCollection", "features": 5}),
    ("contours", {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": 3}]}),
]


@pytest.mark.parametrize(("source", "answer"), SHAPES)
def test_a_wrong_shaped_answer_is_one_line_and_never_cached(server, tmp_path, source, answer):
    server.expect_request(PATHS[source]).respond_with_json(answer)
    with client(tmp_path) as http, pytest.raises(UserError) as info:
        fetchers()[source](http)
    message = str(info.value)
    assert message.startswith(NAMES[source]) and "nothing was cached" in message
    assert "\n" not in message and "\x1b" not in message
    with client(tmp_path, offline=True) as http, pytest.raises(UserError, match="not in the cache"):
        fetchers()[source](http)


def test_a_4300_digit_number_is_one_line(server, tmp_path):
    server.expect_request("/geo/communes").respond_with_data(
        '[{"nom": "X", "code": "1", "population": ' + "9" * 5000 + "}]",
        content_type="application/json",
    )
    with client(tmp_path) as http, pytest.raises(UserError, match="out of range"):
        fetchers()["apigeo"](http)


def test_a_4300_digit_number_in_an_error_body_keeps_the_status(server, tmp_path):
    server.expect_request("/geo/communes").respond_with_data(
        '{"code": ' + "9" * 5000 + "}", status=400, content_type="application/json"
    )
    with client(tmp_path) as http, pytest.raises(UserError, match="HTTP 400"):
        fetchers()["apigeo"](http)


def test_a_trickled_answer_ends_at_the_deadline_with_a_line_saying_so(server, tmp_path):
    """A byte every tenth of a second (each within the 2 s read time-out) for 4 s: the 1 s
    deadline stops the client long before the end of the body."""
    sent: list[bytes] = []
    stop = threading.Event()

    def trickle(request):
        def body():
            for _ in range(40):
                sent.append(b" ")
                yield b" "
                if stop.wait(0.1):  # the pace of the trickle, cut short once the test is done
                    return

        return Response(body(), content_type="application/json")

    server.expect_request("/geo/communes").respond_with_handler(trickle)
    try:
        with client(tmp_path, deadline=1.0) as http, pytest.raises(UserError) as info:
            fetchers()["apigeo"](http)
        assert len(sent) < 40  # the client gave up before the server's last byte
    finally:
        stop.set()
    assert "within 1 s" in str(info.value) and "PNP_HTTP_DEADLINE" in str(info.value)


def test_an_endless_answer_stops_at_the_size_limit(server, tmp_path):
    def endless(request):
        def body():
            yield b"["
            for _ in range(10_000):  # 640 MB if nobody stopped reading
                yield b"1," * 32768

        return Response(body(), content_type="application/json")

    server.expect_request("/geo/communes").respond_with_handler(endless)
    with client(tmp_path, max_answer_bytes=1 << 20) as http, pytest.raises(UserError) as info:
        fetchers()["apigeo"](http)
    assert "larger than 1 MiB" in str(info.value) and "PNP_MAX_ANSWER_MB" in str(info.value)


def test_a_locked_cache_is_a_clear_error_even_offline(server, tmp_path):
    (tmp_path / "cache").mkdir()
    with client(tmp_path) as http:  # create the database
        server.expect_request("/geo/communes").respond_with_json(COMMUNES_33)
        fetchers()["apigeo"](http)
    holder = sqlite3.connect(tmp_path / "cache" / "http-cache.sqlite", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        for offline in (False, True):  # sqlite's busy wait and the deadline end in "locked"
            with (
                pytest.raises(UserError, match="locked"),
                client(tmp_path, offline=offline, cache_lock_timeout=0.5) as http,
            ):
                fetchers()["apigeo"](http)
    finally:
        holder.rollback()
        holder.close()


def test_retry_after_is_capped_and_announced(server, tmp_path):
    server.expect_oneshot_request("/geo/communes").respond_with_data(
        "slow down", status=429, headers={"Retry-After": "100000"}
    )
    server.expect_oneshot_request("/geo/communes").respond_with_json(COMMUNES_33)
    lines = []
    settings = {"connect_timeout": 2.0, "read_timeout": 2.0, "retries": 1, "backoff_factor": 0.001}
    clock = RecordingClock()
    config = HttpConfig(**settings)
    with Http(config, tmp_path / "cache", notice=lines.append, clock=clock) as http:
        assert len(fetchers()["apigeo"](http)) == PLACED
    assert clock.slept == [http_module.MAX_RETRY_AFTER_S] == [120.0]
    assert lines == [f"waiting 120 s for {server.host}:{server.port} as it asked (Retry-After)"]


def test_a_garbage_retry_after_is_retried_not_called_unreachable(server, tmp_path):
    server.expect_oneshot_request("/geo/communes").respond_with_data(
        "busy", status=503, headers={"Retry-After": "soon, maybe"}
    )
    server.expect_oneshot_request("/geo/communes").respond_with_json(COMMUNES_33)
    with client(tmp_path) as http:
        assert len(fetchers()["apigeo"](http)) == PLACED


# --------------------------------------------------------------------------- GeoNames dumps


def _dump_is_refused(server, tmp_path, respond, match, **config):
    server.expect_request("/dump/FR.zip").respond_with_handler(respond)
    with client(tmp_path, **config) as http, pytest.raises(UserError, match=match):
        list(geonames.fetch(http, Area(country="FR")))
    folder = tmp_path / "cache" / "geonames"
    assert not folder.exists() or list(folder.iterdir()) == []


def test_an_html_page_with_status_200_is_not_kept_as_a_dump(server, tmp_path):
    page = Response("<html><body>Service unavailable</body></html>", content_type="text/html")
    _dump_is_refused(server, tmp_path, lambda request: page, "not a readable GeoNames zip")


def test_a_dump_cut_short_without_content_length_is_not_kept(server, tmp_path):
    body = _zip("FR.zip", "FR.txt", FR_ROWS * 50)

    def cut(request):
        return Response(iter([body[: len(body) // 2]]), content_type="application/zip")

    _dump_is_refused(server, tmp_path, cut, "not a readable GeoNames zip")


def test_a_dump_of_zeros_is_stopped_at_the_size_limit(server, tmp_path):
    def zeros(request):
        return Response(iter([b"\0" * (1 << 16)] * 64), content_type="application/zip")

    _dump_is_refused(server, tmp_path, zeros, "larger than 1 MiB", max_dump_bytes=1 << 20)
    _dump_is_refused(server, tmp_path, zeros, "not a readable GeoNames zip")


def test_a_zip_holding_one_enormous_line_is_refused_in_bounded_memory(server, tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("FR.txt", "x" * (3 << 20))  # 3 MiB, more than MAX_LINE (1 MiB)
    data = buffer.getvalue()
    assert len(data) < 20_000
    page = Response(data, content_type="application/zip")
    _dump_is_refused(server, tmp_path, lambda request: page, "longer than 1 MiB")


def test_a_zip_of_other_rows_is_refused(server, tmp_path):
    data = _zip("FR.zip", "FR.txt", ["id,name,lat,lon", "1,Paris,48.8,2.3"])
    page = Response(data, content_type="application/zip")
    _dump_is_refused(server, tmp_path, lambda request: page, "not a GeoNames dump")


def test_a_good_dump_is_still_kept(server, tmp_path):
    server.expect_oneshot_request("/dump/FR.zip").respond_with_data(
        _zip("FR.zip", "FR.txt", FR_ROWS), content_type="application/zip"
    )
    with client(tmp_path) as http:
        assert len(list(geonames.fetch(http, Area(country="FR")))) == 4
    assert [p.name for p in (tmp_path / "cache" / "geonames").iterdir()] == ["FR.zip"]


def test_overpass_remark_is_still_a_failure_and_not_cached(server, tmp_path):
    server.expect_request("/api/interpreter", method="POST").respond_with_json(
        {"elements": [], "remark": "runtime error: Query timed out"}
    )
    with client(tmp_path) as http, pytest.raises(UserError, match="Overpass failed"):
        fetchers()["overpass"](http)
    assert json.dumps  # keep the import honest for readers: answers are JSON


def _with_header_fields(data: bytes, flags: int = 0, method: int | None = None) -> bytes:
    """A real zip with its one entry's general purpose ``flags`` or compression ``method`` set
    in both its local and its central header (as an encrypting or other zip tool sets them)."""
    blob = bytearray(data)
    for header, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = blob.find(header) + offset
        blob[at] |= flags
        if method is not None:
            blob[at + 2 : at + 4] = method.to_bytes(2, "little")
    return bytes(blob)


@pytest.mark.parametrize(
    ("flags", "method", "match"),
    [
        (0x1, None, r"is encrypted \(a password protects FR\.txt\)"),
        (0, 9, "compressed in a way pnp cannot read"),  # Deflate64
        (0, 99, "compressed in a way pnp cannot read"),  # WinZip AES
    ],
)
def test_an_encrypted_or_oddly_compressed_dump_is_one_line_and_not_kept(
    server, tmp_path, flags, method, match
):
    data = _with_header_fields(_zip("FR.zip", "FR.txt", FR_ROWS), flags, method)
    page = Response(data, content_type="application/zip")
    _dump_is_refused(server, tmp_path, lambda request: page, match)


def test_an_encrypted_dump_is_one_line_from_the_cli(server, tmp_path):
    data = _with_header_fields(_zip("FR.zip", "FR.txt", FR_ROWS), flags=0x1)
    server.expect_request("/dump/FR.zip").respond_with_data(data, content_type="application/zip")
    result = pnp("data", "fetch", "geonames", "--region", "bretagne", cwd=tmp_path,
                 env={"PNP_GEONAMES_URL": server.url_for("/dump"),
                      "PNP_CACHE_DIR": str(tmp_path / "cache")})  # fmt: skip
    one_line_error(result, "is encrypted")
    assert not (tmp_path / "cache" / "geonames").exists() or not any(
        (tmp_path / "cache" / "geonames").iterdir()
    )
