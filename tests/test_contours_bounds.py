"""Issue 28, item 7: contours answers under the 256 MiB size limit used gigabytes (1.6 million
small polygons: 8 GB; one polygon of 8 million vertices: 4.4 GB, accepted). An Etalab contours
answer is now held to what such a file can mean, in bytes while it streams in, in areas and
vertices before any geometry is built; the real format still passes. Replayed from a local
server."""

from __future__ import annotations

import pytest
from werkzeug import Response

from generator.core.errors import UserError
from generator.geo.http import Http, HttpConfig
from generator.geo.sources import contours
from tests.conftest import one_line_error, pnp
from tests.contour_answers import collection, feature, like_the_real_file, one_polygon, streamed

PATH = "/contours/departements-100m.geojson"


@pytest.fixture
def server(httpserver, monkeypatch):
    monkeypatch.setenv("PNP_CONTOURS_URL", httpserver.url_for("/contours"))
    return httpserver


def client(tmp_path, offline=False):
    config = HttpConfig(connect_timeout=2.0, read_timeout=5.0, retries=0, offline=offline)
    return Http(config, tmp_path / "cache")


def refused(server, tmp_path, answer, match):
    server.expect_request(PATH).respond_with_response(answer)
    with client(tmp_path) as http, pytest.raises(UserError, match=match) as info:
        contours.fetch_areas(http, "departements")
    assert "\n" not in str(info.value)
    with client(tmp_path, offline=True) as http, pytest.raises(UserError, match="not in the cache"):
        contours.fetch_areas(http, "departements")  # nothing was cached


def test_an_answer_like_the_real_file_passes(server, tmp_path):
    body = like_the_real_file(vertices=400)  # the real one's shape; the harness runs full size
    server.expect_request(PATH).respond_with_data(body, content_type="application/json")
    with client(tmp_path) as http:
        areas = contours.fetch_areas(http, "departements")
    assert len(areas) == 101 and areas[0].code == "01"
    with client(tmp_path, offline=True) as http:  # cached, and replayed within the bounds
        assert len(contours.fetch_areas(http, "departements")) == 101


def test_an_answer_of_too_many_areas_is_refused_before_decoding(server, tmp_path):
    body = collection([feature(str(n), 4) for n in range(contours.MAX_AREAS + 1)])
    answer = Response(body, content_type="application/json")
    refused(server, tmp_path, answer, "holds more than 1,000 areas, more than such a file can mean")


def test_an_answer_of_too_many_vertices_is_refused_before_decoding(server, tmp_path, monkeypatch):
    monkeypatch.setattr(contours, "MAX_VERTICES", 10_000)
    body = collection([feature(str(n), 2_000) for n in range(6)])
    answer = Response(body, content_type="application/json")
    refused(server, tmp_path, answer, "holds more than 10,000 vertices")


def test_one_area_of_too_many_vertices_is_refused(server, tmp_path, monkeypatch):
    monkeypatch.setattr(contours, "MAX_AREA_VERTICES", 1_000)
    body = collection([feature("33", 1_001), feature("74", 900)])
    answer = Response(body, content_type="application/json")
    refused(server, tmp_path, answer, "holds an area of more than 1,000 vertices")


@pytest.mark.parametrize(
    "body", [lambda: streamed(100_000, 5), lambda: one_polygon(8_000_000)], ids=["many", "one"]
)
def test_a_huge_answer_is_stopped_while_it_streams_in(server, tmp_path, monkeypatch, body):
    """The two reproductions' shapes (many small polygons; one polygon of 8 million vertices),
    stopped at the contours' own size bound (lowered here to keep the test fast)."""
    monkeypatch.setattr(contours, "MAX_ANSWER_BYTES", 2 << 20)
    answer = Response(body(), content_type="application/json")
    refused(server, tmp_path, answer, "larger than 2 MiB, more than such an answer can hold")


def test_data_fetch_contours_says_it_in_one_line(server, tmp_path):
    body = collection([feature(str(n), 4) for n in range(contours.MAX_AREAS + 1)])
    server.expect_request("/contours/regions-100m.geojson").respond_with_data(body)
    result = pnp("data", "fetch", "contours", cwd=tmp_path,
                 env={"PNP_CACHE_DIR": str(tmp_path / "cache"),
                      "PNP_DATA_DIR": str(tmp_path / "data")})  # fmt: skip
    one_line_error(result, "Etalab regions contours: the answer holds more than 1,000 areas")
    assert not (tmp_path / "data" / "contours").exists()
