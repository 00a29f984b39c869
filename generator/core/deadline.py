"""A hard limit on the wall time of a block of code: network exchanges and templates.

``requests`` times out one socket operation, not an answer: a server sending one byte every
two seconds keeps a download alive for ever, and so does a template looping ten billion
times. :func:`time_limit` arms a POSIX interval timer (``SIGALRM``) whose handler raises
:class:`DeadlineExceeded` in the main thread, wherever it is: a blocking ``recv``, a
``time.sleep``, the Python loop of a template. The caller turns it into a one-line
:class:`~generator.core.errors.UserError` that names the limit.

:class:`DeadlineExceeded` derives from :class:`BaseException` so that no library's generic
``except Exception`` swallows it. Outside the main thread (or on a system without
``setitimer``) no timer can interrupt the code: the block runs unarmed, and callers also check
:func:`expired` between steps they control (each chunk of a download).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator


class DeadlineExceeded(BaseException):
    """The wall-time limit of a :func:`time_limit` block has passed."""


def _can_arm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _raise(signum: int, frame: object) -> None:
    raise DeadlineExceeded()


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Run the block for at most ``seconds`` of wall time, else raise :class:`DeadlineExceeded`.

    Not re-entrant: an inner block shortens nothing and the outer timer is restored after it.
    """
    if seconds <= 0:
        raise DeadlineExceeded()
    if not _can_arm():
        yield
        return
    outer_handler = signal.signal(signal.SIGALRM, _raise)
    outer_delay, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, outer_handler)
        if outer_delay > 0:  # an outer timer was armed: give it back what is left of it
            left = outer_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3))


def expired(at: float) -> bool:
    """True once ``time.monotonic()`` has reached ``at``."""
    return time.monotonic() >= at
