"""The HTTP module against a real server on 127.0.0.1: retries, time-outs, cache, dumps."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from werkzeug import Response

from generator.core.errors import UserError
from generator.geo import http as http_module
from generator.geo.http import USER_AGENT, base_url
from generator.geo.sources.schemas import decoder
from tests.geo_http_helpers import RecordingClock, quick_http, truncated

ANY = decoder(Any, "the test service", "PNP_TEST_URL")  # any JSON: the Http layer's own tests


@pytest.fixture
def cache(tmp_path):
    return tmp_path / "cache"


def test_429_with_retry_after_is_honoured_then_cached(httpserver, cache):
    httpserver.expect_oneshot_request("/a").respond_with_data(
        "slow down", status=429, headers={"Retry-After": "1"}
    )
    httpserver.expect_oneshot_request("/a").respond_with_json({"ok": 1})
    clock = RecordingClock()
    with quick_http(cache, clock=clock) as http:
        assert http.get_json(httpserver.url_for("/a"), what="A", parse=ANY) == {"ok": 1}
    assert clock.slept == [1.0]  # the Retry-After second, not the tiny back-off
    assert len(httpserver.log) == 2
    # Now cached: offline, with no handler left on the server, the answer still comes back.
    with quick_http(cache, offline=True) as http:
        assert http.get_json(httpserver.url_for("/a"), what="A", parse=ANY) == {"ok": 1}
    assert len(httpserver.log) == 2


def test_retry_after_is_capped(httpserver, cache):
    httpserver.expect_oneshot_request("/a").respond_with_data(
        "", status=503, headers={"Retry-After": "3600"}
    )
    httpserver.expect_oneshot_request("/a").respond_with_json([1])
    clock = RecordingClock()
    with quick_http(cache, clock=clock) as http:
        assert http.get_json(httpserver.url_for("/a"), what="A", parse=ANY) == [1]
    assert clock.slept == [http_module.MAX_RETRY_AFTER_S] == [120.0]


def test_failures_back_off_on_the_clock_and_a_cut_body_too(httpserver, cache):
    """urllib3's back-off after a 500, then the client's own after a body cut short: both
    waited on the client's clock (factor 0.001: urllib3 waits nothing before the 2nd attempt)."""
    httpserver.expect_oneshot_request("/b").respond_with_data("oops", status=500)
    httpserver.expect_oneshot_request("/b").respond_with_data("oops", status=500)
    httpserver.expect_oneshot_request("/b").respond_with_handler(
        lambda request: truncated(b"[1,", 400)
    )
    httpserver.expect_oneshot_request("/b").respond_with_json([1, 2])
    clock = RecordingClock()
    with quick_http(cache, retries=3, clock=clock) as http:
        assert http.get_json(httpserver.url_for("/b"), what="B", parse=ANY) == [1, 2]
    assert clock.slept == [0.002, 0.001]


def test_500_then_success(httpserver, cache):
    httpserver.expect_oneshot_request("/b").respond_with_data("oops", status=500)
    httpserver.expect_oneshot_request("/b").respond_with_data("bad gateway", status=502)
    httpserver.expect_oneshot_request("/b").respond_with_json([1, 2])
    with quick_http(cache) as http:
        assert http.get_json(httpserver.url_for("/b"), what="B", parse=ANY) == [1, 2]
    assert len(httpserver.log) == 3


def test_persistent_500_is_one_line_error_and_not_cached(httpserver, cache):
    httpserver.expect_request("/b").respond_with_data("oops", status=500)
    with (
        quick_http(cache, retries=1) as http,
        pytest.raises(UserError, match=r"HTTP 500.*2 attempts"),
    ):
        http.get_json(httpserver.url_for("/b"), what="B", parse=ANY)
    assert len(httpserver.log) == 2
    with (
        quick_http(cache, offline=True) as http,
        pytest.raises(UserError, match="not in the cache"),
    ):
        http.get_json(httpserver.url_for("/b"), what="B", parse=ANY)


def test_read_timeout_becomes_user_error_and_caches_nothing(httpserver, cache):
    answer = threading.Event()  # the server answers once the client has given up

    def slow(request):
        answer.wait(timeout=10)
        return Response("[1]", content_type="application/json")

    httpserver.expect_request("/slow").respond_with_handler(slow)
    try:
        with (
            quick_http(cache, retries=1, read_timeout=0.2) as http,
            pytest.raises(UserError, match="did not answer in time after 2 attempts"),
        ):
            http.get_json(httpserver.url_for("/slow"), what="Slow", parse=ANY)
    finally:
        answer.set()
    with (
        quick_http(cache, offline=True) as http,
        pytest.raises(UserError, match="not in the cache"),
    ):
        http.get_json(httpserver.url_for("/slow"), what="Slow", parse=ANY)


def test_body_cut_short_is_retried_then_succeeds(httpserver, cache):
    httpserver.expect_oneshot_request("/cut").respond_with_handler(
        lambda request: truncated(b'{"ok": [1, 2', 400)
    )
    httpserver.expect_oneshot_request("/cut").respond_with_json({"ok": [1, 2, 3]})
    with quick_http(cache) as http:
        assert http.get_json(httpserver.url_for("/cut"), what="Cut", parse=ANY) == {"ok": [1, 2, 3]}


def test_body_always_cut_short_is_never_cached(httpserver, cache):
    httpserver.expect_request("/cut").respond_with_handler(lambda request: truncated(b"[1,2", 400))
    with quick_http(cache, retries=1) as http, pytest.raises(UserError, match="cut short"):
        http.get_json(httpserver.url_for("/cut"), what="Cut", parse=ANY)
    with (
        quick_http(cache, offline=True) as http,
        pytest.raises(UserError, match="not in the cache"),
    ):
        http.get_json(httpserver.url_for("/cut"), what="Cut", parse=ANY)


def test_invalid_json_is_never_cached(httpserver, cache):
    httpserver.expect_oneshot_request("/j").respond_with_data(
        "<html>maintenance</html>", content_type="application/json"
    )
    httpserver.expect_oneshot_request("/j").respond_with_json({"fine": True})
    with quick_http(cache) as http:
        with pytest.raises(UserError, match="not valid JSON"):
            http.get_json(httpserver.url_for("/j"), what="J", parse=ANY)
        # the bad answer was not cached: the next call goes to the server and gets the good one
        assert http.get_json(httpserver.url_for("/j"), what="J", parse=ANY) == {"fine": True}


def test_failed_check_is_never_cached(httpserver, cache):
    httpserver.expect_request("/c").respond_with_json({"remark": "runtime error"})

    def check(payload):
        raise UserError("bad payload")

    with quick_http(cache) as http, pytest.raises(UserError, match="bad payload"):
        http.get_json(httpserver.url_for("/c"), what="C", parse=check)
    with (
        quick_http(cache, offline=True) as http,
        pytest.raises(UserError, match="not in the cache"),
    ):
        http.get_json(httpserver.url_for("/c"), what="C", parse=ANY)


def test_user_agent_and_query_parameters_are_sent(httpserver, cache):
    httpserver.expect_request(
        "/ua", query_string={"q": "é x"}, headers={"User-Agent": USER_AGENT}
    ).respond_with_json("yes")
    with quick_http(cache) as http:
        assert http.get_json(httpserver.url_for("/ua"), {"q": "é x"}, what="UA", parse=ANY) == "yes"
    assert "pnp-generator/" in USER_AGENT


def test_unreachable_host_is_one_line(cache):
    with (
        quick_http(cache, retries=0) as http,
        pytest.raises(UserError, match="cannot reach") as info,
    ):
        http.get_json("http://127.0.0.1:9/nothing", what="Nothing", parse=ANY)
    assert "\n" not in str(info.value)


def test_base_urls_come_from_environment(monkeypatch):
    monkeypatch.setenv("PNP_APIGEO_URL", "http://mirror.example/geo/")
    assert base_url("apigeo") == "http://mirror.example/geo"
    monkeypatch.delenv("PNP_APIGEO_URL")
    assert base_url("apigeo") == "https://geo.api.gouv.fr"


@pytest.mark.parametrize(
    "value", ["notaurl", "geo.api.gouv.fr", "ftp://mirror.example/geo", "http://"]
)
def test_a_base_url_that_is_not_http_is_a_user_error(monkeypatch, value):
    monkeypatch.setenv("PNP_APIGEO_URL", value)
    with pytest.raises(UserError, match=r"PNP_APIGEO_URL=.*not an http"):
        base_url("apigeo")


def test_download_streams_into_place(httpserver, tmp_path, cache):
    blob = bytes(range(256)) * 1000
    httpserver.expect_oneshot_request("/dump.zip").respond_with_data(blob)
    target = tmp_path / "dumps" / "dump.zip"
    with quick_http(cache) as http:
        assert http.download(httpserver.url_for("/dump.zip"), target, what="Dump") == target
        assert target.read_bytes() == blob
        # already there: reused, no second request
        http.download(httpserver.url_for("/dump.zip"), target, what="Dump")
    assert len(httpserver.log) == 1


def test_truncated_download_leaves_nothing(httpserver, tmp_path, cache):
    httpserver.expect_request("/dump.zip").respond_with_handler(
        lambda request: truncated(b"PK" + b"x" * 5000, 100_000, "application/zip")
    )
    target = tmp_path / "dumps" / "dump.zip"
    with quick_http(cache, retries=0) as http, pytest.raises(UserError, match="download"):
        http.download(httpserver.url_for("/dump.zip"), target, what="Dump")
    assert not target.exists()
    assert list((tmp_path / "dumps").iterdir()) == []


def test_offline_download_missing_is_user_error(tmp_path, cache):
    with quick_http(cache, offline=True) as http, pytest.raises(UserError, match="--offline"):
        http.download("http://127.0.0.1:9/x.zip", tmp_path / "x.zip", what="X")


def test_download_reports_progress(httpserver, tmp_path, cache):
    blob = b"x" * 300_000
    httpserver.expect_request("/big.zip").respond_with_data(blob)
    seen = []
    with quick_http(cache) as http:
        http.progress = lambda what, done, total: seen.append((what, done, total))
        http.download(httpserver.url_for("/big.zip"), tmp_path / "big.zip", what="Big")
    assert seen[-1] == ("Big", 300_000, 300_000)
    assert [done for _, done, _ in seen] == sorted(done for _, done, _ in seen)


def test_404_names_the_variable_to_check(httpserver, cache, monkeypatch):
    monkeypatch.setenv("PNP_CONTOURS_URL", httpserver.url_for("/mirror"))
    httpserver.expect_request("/mirror/regions-100m.geojson").respond_with_data("no", status=404)
    with (
        quick_http(cache) as http,
        pytest.raises(UserError, match=r"HTTP 404; nothing at .*; check PNP_CONTOURS_URL"),
    ):
        http.get_json(
            httpserver.url_for("/mirror/regions-100m.geojson"), what="Contours", parse=ANY
        )


def test_post_answers_are_cached_by_body(httpserver, cache):
    httpserver.expect_oneshot_request("/q", method="POST", data="data=one").respond_with_json(
        {"n": 1}
    )
    httpserver.expect_oneshot_request("/q", method="POST", data="data=two").respond_with_json(
        {"n": 2}
    )
    with quick_http(cache) as http:
        assert http.get_json(
            httpserver.url_for("/q"), method="POST", data={"data": "one"}, what="Q", parse=ANY
        ) == {"n": 1}
        assert http.get_json(
            httpserver.url_for("/q"), method="POST", data={"data": "two"}, what="Q", parse=ANY
        ) == {"n": 2}
    with quick_http(cache, offline=True) as http:
        assert http.get_json(
            httpserver.url_for("/q"), method="POST", data={"data": "one"}, what="Q", parse=ANY
        ) == {"n": 1}
        assert http.get_json(
            httpserver.url_for("/q"), method="POST", data={"data": "two"}, what="Q", parse=ANY
        ) == {"n": 2}


def test_damaged_cache_database_is_user_error(httpserver, cache):
    cache.mkdir(parents=True)
    (cache / "http-cache.sqlite").write_bytes(b"this is not a sqlite database" * 100)
    httpserver.expect_request("/a").respond_with_json([1])
    with (
        quick_http(cache) as http,
        pytest.raises(UserError, match=r"HTTP cache .* is unusable.*delete it"),
    ):
        http.get_json(httpserver.url_for("/a"), what="A", parse=ANY)
