"""Waiting for a condition in a test: poll it, with a deadline, never a fixed sleep.

A test that must wait for another process or thread to reach a point (a command that has opened
the game file and waits for its lock, a server that accepts) asks :func:`wait_until` for that
condition itself: it returns as soon as the condition holds, and fails the test, saying what
never happened, when the deadline passes (a generous one: it is only reached by a bug, never by a
loaded machine).
"""

from __future__ import annotations

import time
from collections.abc import Callable

POLL_S = 0.01


def wait_until(condition: Callable[[], bool], what: str, deadline_s: float = 60.0) -> None:
    """Return once ``condition()`` is true; fail with ``what`` (the condition, in words) if it
    is still false after ``deadline_s`` seconds."""
    ends = time.monotonic() + deadline_s
    while not condition():
        if time.monotonic() > ends:
            raise AssertionError(f"after {deadline_s:g} s, still not: {what}")
        time.sleep(POLL_S)
