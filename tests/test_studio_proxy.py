"""The studio behind a reverse proxy (docs/deploy.md, "A public site"): ``pnp serve --host
127.0.0.1 --access-code CODE --public-url https://jeux.example.org``. The QA pass found the code
never asked on 127.0.0.1 (every visitor of a proxy on the same machine is "loopback"), a proxy
keeping the ``Host`` refused, the QR code giving ``https://localhost/referee/…``, and one
person's wrong codes locking everyone out (the proxy's address was the one counted)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from generator.web.security import MAX_FAILURES
from tests.conftest import one_line_error, pnp
from tests.studio_helpers import studio_client

CODE = "8642 9753"
PUBLIC = "https://jeux.example.org"
PROXY = "127.0.0.1"
KEY = "ab" * 16


def proxied(cache: Path, peer: str = PROXY, **options):
    return studio_client(
        cache, code=CODE, base="http://127.0.0.1:8000", public_url=PUBLIC, proxies=(PROXY,),
        peer=peer, **options,
    )  # fmt: skip


def stored_deck(cache: Path) -> None:
    """A deck in the cache, as another server built it."""
    folder = cache / "studio" / "decks" / KEY
    folder.mkdir(parents=True)
    for language in ("fr", "en"):
        (folder / f"summary.{language}.json").write_text(
            json.dumps({"id": KEY, "title": "Oucédonc", "cards": []})
        )


def test_the_code_is_asked_behind_a_proxy_on_this_machine(tmp_path):
    with proxied(tmp_path) as client:
        asked = client.get("/oucedonc", follow_redirects=False)
        assert asked.status_code == 303 and asked.headers["location"].startswith("/login")
        assert client.get("/api/regions?q=bre").status_code == 403
        # a proxy that keeps the visitor's Host: asked for the code, not refused
        kept = client.get("/oucedonc", headers={"host": "jeux.example.org"}, follow_redirects=False)
        assert kept.status_code == 303


def test_the_qr_code_gives_the_public_address(tmp_path):
    stored_deck(tmp_path)
    with proxied(tmp_path) as client:
        client.headers["x-access-code"] = CODE
        phone = client.get(f"/phone/{KEY}", headers={"x-forwarded-host": "localhost"}).text
        assert f"{PUBLIC}/referee/{KEY}" in phone and "localhost/referee" not in phone
        assert "<svg" in phone


def test_a_sign_in_through_the_proxy_is_taken(tmp_path):
    """Over HTTPS a browser sends Sec-Fetch-Site; a proxy serving plain HTTP leaves the Origin,
    the public address's, while the Host is the proxy's own."""
    with proxied(tmp_path) as client:
        for headers in ({"sec-fetch-site": "same-origin"}, {"origin": PUBLIC}):
            answer = client.post(
                "/login", data={"code": CODE}, headers=headers, follow_redirects=False
            )
            assert answer.status_code == 303, (headers, answer.text)
        for origin in ("https://evil.example", "null", "http://jeux.example.org"):
            refused = client.post("/login", data={"code": CODE}, headers={"origin": origin})
            assert refused.status_code == 403, origin


def test_the_access_cookie_is_secure_over_https_only(tmp_path):
    """Behind a proxy serving HTTPS (its X-Forwarded-Proto believed) the cookie is marked
    Secure; over plain HTTP (a classroom) a Secure cookie would never come back."""
    with proxied(tmp_path) as client:
        for proto, secure in (("https", True), ("http", False)):
            answer = client.post(
                "/login",
                data={"code": CODE},
                headers={
                    "origin": PUBLIC,
                    "x-forwarded-proto": proto,
                    "x-forwarded-for": "1.2.3.4",
                },
                follow_redirects=False,
            )
            assert answer.status_code == 303, answer.text
            cookie = answer.headers["set-cookie"].lower()
            assert ("; secure" in cookie) is secure, (proto, cookie)


def test_wrong_codes_lock_out_the_visitor_the_proxy_names_not_everyone(tmp_path):
    with proxied(tmp_path) as client:
        guesser = {"x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https"}
        for _ in range(MAX_FAILURES):
            assert client.post("/login", data={"code": "1"}, headers=guesser).status_code == 403
        assert client.post("/login", data={"code": CODE}, headers=guesser).status_code == 429
        other = {"x-forwarded-for": "198.51.100.20", "x-forwarded-proto": "https"}
        answer = client.post("/login", data={"code": CODE}, headers=other, follow_redirects=False)
        assert answer.status_code == 303


def test_forwarded_headers_from_anyone_else_are_ignored(tmp_path):
    """A client that is not the proxy cannot choose the address its wrong codes count against."""
    with proxied(tmp_path, peer="192.0.2.50") as client:
        for attempt in range(MAX_FAILURES):
            headers = {"x-forwarded-for": f"203.0.113.{attempt}"}
            assert client.post("/login", data={"code": "1"}, headers=headers).status_code == 403
        fresh = {"x-forwarded-for": "198.51.100.20"}
        assert client.post("/login", data={"code": CODE}, headers=fresh).status_code == 429


def test_without_proxies_no_forwarded_header_is_believed(tmp_path):
    with studio_client(tmp_path, code=CODE, base="http://192.0.2.10:8000", peer=PROXY) as client:
        for attempt in range(MAX_FAILURES):
            headers = {"x-forwarded-for": f"203.0.113.{attempt}"}
            assert client.post("/login", data={"code": "1"}, headers=headers).status_code == 403
        fresh = {"x-forwarded-for": "198.51.100.20"}
        assert client.post("/login", data={"code": CODE}, headers=fresh).status_code == 429


def test_the_proxy_options_are_checked():
    serve = ("--lang", "en", "serve", "--no-browser")
    one_line_error(
        pnp(*serve, "--public-url", "jeux.example.org"), "--public-url jeux.example.org is not"
    )
    one_line_error(
        pnp(*serve, "--public-url", "https://jeux.example.org/pnp/"), "scheme and host only"
    )
    one_line_error(
        pnp(*serve, "--trusted-proxy", "10.0.0.1"), "--trusted-proxy goes with --public-url"
    )
    one_line_error(
        pnp(*serve, "--public-url", PUBLIC, "--trusted-proxy", "proxy.lan"),
        "--trusted-proxy proxy.lan is not an IP address",
    )


@pytest.mark.slow  # a server process
def test_the_public_site_command_of_deploy_md(tmp_path):
    """docs/deploy.md's command, run: the code asked on 127.0.0.1, the proxy's word believed,
    the QR code's address the public one."""
    stored_deck(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", "--lang", "en", "serve", "--host", "127.0.0.1",
         "--port", "0", "--workers", "1", "--cache", str(tmp_path), "--access-code", CODE,
         "--public-url", PUBLIC, "--no-browser"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    try:
        lines = [process.stdout.readline() for _ in range(3)]
        found = re.search(r"http://127\.0\.0\.1:\d+", lines[0])
        assert found, lines
        assert lines[1].strip() == f"Its public address: {PUBLIC}", lines
        assert lines[2].strip() == f"Access code: {CODE}", lines
        address = found.group(0)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{address}/api/regions?q=bre")
        assert refused.value.code == 403
        asked = urllib.request.Request(
            f"{address}/phone/{KEY}",
            headers={"x-access-code": CODE, "x-forwarded-for": "203.0.113.7"},
        )
        with urllib.request.urlopen(asked) as answer:
            assert f"{PUBLIC}/referee/{KEY}" in answer.read().decode()
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert "Traceback" not in process.stderr.read()
