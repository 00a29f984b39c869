"""What the studio's tests share: an app on a fresh cache, a client that speaks as a browser or
a script does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from starlette.testclient import TestClient

from generator.web.app import create_app
from generator.web.studio import Studio

LOCAL = "http://127.0.0.1:8000"
FINISTERE = {"region": "dep:29"}


@contextmanager
def studio_client(
    cache: Path,
    code: str | None = None,
    base: str = LOCAL,
    public_url: str | None = None,
    proxies: tuple[str, ...] = (),
    peer: str = "testclient",
) -> Iterator[TestClient]:
    """The studio's app (jobs in this process) answering ``base``; ``code``: on a network;
    ``public_url`` and ``proxies``: behind a reverse proxy; ``peer``: the address the requests
    come from."""
    app = create_app(Studio(cache, workers=0, code=code, public_url=public_url, proxies=proxies))
    with TestClient(
        app, base_url=base, raise_server_exceptions=False, client=(peer, 50000)
    ) as client:
        yield client
