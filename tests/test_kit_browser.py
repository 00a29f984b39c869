"""The gallery in a real browser: headless Chromium loads index.html over http://127.0.0.1.

The page's own script records, for every image, whether it loaded and its natural width; the
test reads them from the DOM Chromium dumps, and fetches every link from the same server.
Skipped only when Chromium is absent and CI is unset; under CI=true it must run.
"""

from __future__ import annotations

import functools
import os
import shutil
import struct
import subprocess
import threading
import urllib.request
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from generator.kit.model import KitParams
from generator.kit.run import make_kit
from tests.kit_sample_builders import AWKWARD, CARDS, NO_DATASETS, POSTER, REFUSED

CHROMIUM = next(
    (
        path
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (path := shutil.which(name))
    ),
    None,
)
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None and not IN_CI,
        reason="chromium is not installed (apt-get install chromium); "
        "CI=true makes this test mandatory",
    ),
    pytest.mark.slow,  # a headless browser per test
]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture
def serve():
    servers = []

    def start(folder: Path) -> str:
        handler = functools.partial(QuietHandler, directory=str(folder))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


class Dom(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str]] = []
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.body: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        attributes = {key: value or "" for key, value in attrs}
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "img":
            self.images.append(attributes)
        elif tag == "a" and "href" in attributes:
            self.links.append(attributes["href"])
        elif tag == "body":
            self.body = attributes


def browse(url: str, profile: Path) -> Dom:
    assert CHROMIUM, "CI=true but chromium is not installed: apt-get install -y chromium"
    completed = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            f"--user-data-dir={profile}",
            "--virtual-time-budget=10000",
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    dom = Dom()
    dom.feed(completed.stdout)
    return dom


def png_width(path: Path) -> int:
    return struct.unpack(">I", path.read_bytes()[16:20])[0]


def test_every_thumbnail_loads_and_every_link_resolves(tmp_path, serve):
    out = tmp_path / "kit"
    make_kit(KitParams(out=out), (CARDS, REFUSED, POSTER, AWKWARD), datasets_dir=NO_DATASETS)
    base = serve(out)
    dom = browse(base + "index.html", tmp_path / "profile")

    assert dom.body.get("data-thumbnails") == "checked"
    assert len(dom.images) == len(list((out / "thumbnails").glob("*.png"))) == 6
    for image in dom.images:
        assert image["data-state"] == "loaded", image["src"]
        assert int(image["data-natural-width"]) == png_width(out / unquote(image["src"]))

    assert len(dom.links) >= 7
    for href in dom.links:
        url = urljoin(base + "index.html", href)
        parts = urlsplit(url)
        assert url.startswith(base), f"{href} leaves the kit folder"
        if parts.fragment and not parts.fragment.startswith("page="):
            assert parts.fragment in dom.ids, href
        relative = unquote(parts.path[1:])
        assert (out / relative).is_file(), href
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200


def test_a_missing_thumbnail_is_seen_by_the_browser(tmp_path, serve):
    out = tmp_path / "kit"
    make_kit(KitParams(out=out), (POSTER,), datasets_dir=NO_DATASETS)
    (out / "thumbnails" / "poster-p001.png").unlink()
    dom = browse(serve(out) + "index.html", tmp_path / "profile")
    assert dom.body.get("data-thumbnails") == "checked"
    assert [image["data-state"] for image in dom.images] == ["broken"]
