"""Shared helpers for tests that run the online sources against a local HTTP server."""

from __future__ import annotations

from pathlib import Path

from werkzeug import Response

from generator.geo.http import Http, HttpConfig


def quick_http(
    cache: Path, *, offline: bool = False, retries: int = 2, read_timeout: float = 2.0
) -> Http:
    """An Http client with tiny back-off, short timeouts and its cache under ``cache``."""
    return Http(
        HttpConfig(
            connect_timeout=2.0,
            read_timeout=read_timeout,
            retries=retries,
            backoff_factor=0.001,
            backoff_max=0.01,
            offline=offline,
        ),
        cache,
    )


def truncated(body: bytes, claimed: int, content_type: str = "application/json") -> Response:
    """A response that announces ``claimed`` bytes but sends only ``body`` and closes."""
    return Response(
        iter([body]), headers={"Content-Length": str(claimed), "Content-Type": content_type}
    )
