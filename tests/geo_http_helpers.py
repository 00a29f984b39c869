"""Shared helpers for tests that run the online sources against a local HTTP server."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from werkzeug import Response

from generator.geo.http import SYSTEM_CLOCK, Clock, Http, HttpConfig


@dataclass
class RecordingClock:
    """A :class:`generator.geo.http.Clock` whose waits are written down, not slept: its time
    moves only by them. A test reads what the client chose to wait, never the wall clock."""

    now: float = 0.0
    slept: list[float] = field(default_factory=list)

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def quick_http(
    cache: Path,
    *,
    offline: bool = False,
    retries: int = 2,
    read_timeout: float = 2.0,
    clock: Clock = SYSTEM_CLOCK,
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
        clock=clock,
    )


def truncated(body: bytes, claimed: int, content_type: str = "application/json") -> Response:
    """A response that announces ``claimed`` bytes but sends only ``body`` and closes."""
    return Response(
        iter([body]), headers={"Content-Length": str(claimed), "Content-Type": content_type}
    )
