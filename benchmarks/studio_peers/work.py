"""The CPU-bound job of the framework peers: about as long as drawing a deck (0.2 s)."""

import time


def burn(seconds: float = 0.2) -> float:
    """Pure-Python arithmetic for ``seconds`` of CPU time, holding the GIL as reportlab does."""
    end = (
        time.thread_time() + seconds
    )  # this thread's CPU: threads of one server each burn their own
    total = 0.0
    while time.thread_time() < end:
        for i in range(1000):
            total += i * 0.5
    return total
