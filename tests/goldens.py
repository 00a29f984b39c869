"""Golden files: what a test expects, written out in ``tests/goldens/``, readable and diffable.

A test that pins an output byte for byte (a page, a game's log) compares it with its golden file
through the ``golden`` fixture; when they differ the failure shows a unified diff (long lines
broken after commas for the eye, the comparison itself exact), not two hashes. A change made on
purpose is taken by running the tests again with ``--update-goldens``, which writes the new
outputs in place of the goldens (then read ``git diff tests/goldens`` before committing them).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parent / "goldens"
WIDTH = 120  # longer lines are broken after a comma or a space in the diff shown
MOST_LINES = 200  # of the diff shown


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="write each golden file (tests/goldens/) from what the test produced",
    )


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """``golden(name, text)``: ``text`` is the content of ``tests/goldens/NAME`` (or, with
    ``--update-goldens``, becomes it)."""
    update = bool(request.config.getoption("update_goldens"))

    def check(name: str, text: str) -> None:
        path = FOLDER / name
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
            return
        if not path.is_file():
            pytest.fail(f"no golden file {path}: run the test with --update-goldens", False)
        expected = path.read_bytes().decode("utf-8")
        if text != expected:
            pytest.fail(
                f"differs from {path} (--update-goldens takes it):\n" + diff(expected, text)
            )

    return check


def diff(expected: str, actual: str) -> str:
    """A unified diff of the two texts, long lines broken for the eye, at most MOST_LINES."""
    lines = list(
        difflib.unified_diff(
            _broken(expected), _broken(actual), "golden", "this run", n=2, lineterm=""
        )
    )
    cut = [f"... {len(lines) - MOST_LINES} more lines"] if len(lines) > MOST_LINES else []
    return "\n".join(lines[:MOST_LINES] + cut)


def _broken(text: str) -> list[str]:
    pieces: list[str] = []
    for line in text.splitlines():
        while len(line) > WIDTH:
            cut = max(line.rfind(",", 0, WIDTH), line.rfind(" ", 0, WIDTH))
            cut = cut + 1 if cut > 0 else WIDTH
            pieces.append(line[:cut] + " ⏎")
            line = line[cut:]
        pieces.append(line)
    return pieces
