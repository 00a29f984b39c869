"""What the tests share: two ways to run ``pnp``, the one-line error check, the fonts check of a
PDF; and the plugins: the limit of 3 s of CPU per test unless it is marked ``slow``
(:mod:`tests.cpu_limit`) and the golden files (:mod:`tests.goldens`), tests/README.md.

Import the helpers with ``from tests.conftest import pnp, one_line_error, embedded_fonts``.

- :func:`pnp` runs the CLI in this process through :func:`generator.cli.main.run`, the code
  path of the console script: use it for every command test (it is about ten times faster).
- :func:`pnp_process` runs ``python -m generator`` in a child process: only for what needs a
  real process (the entry point itself, exit codes seen by a shell, several processes at once,
  outputs compared across processes).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pytest

pytest_plugins = ("pytester", "tests.cpu_limit", "tests.goldens")


@dataclass(frozen=True)
class Result:
    returncode: int
    stdout: str
    stderr: str


def pnp(
    *args: str,
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
    own_pnp_env: bool = False,
) -> Result:
    """Run ``pnp ARGS`` in this process (same code path as the console script, faster), in
    folder ``cwd`` and with ``env`` added to the environment for the run; ``own_pnp_env``:
    the ``PNP_*`` variables are only those of ``env`` (none of the developer's)."""
    from generator.cli import main

    changes: dict[str, str | None] = {}
    if own_pnp_env:
        changes.update(dict.fromkeys(name for name in os.environ if name.startswith("PNP_")))
    changes.update(env or {})
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with (
        _environment(changes),
        contextlib.chdir(cwd or os.getcwd()),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            main.run(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    return Result(code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _environment(changes: dict[str, str | None]) -> Iterator[None]:
    """``os.environ`` with these variables set (None: unset) for the block, then restored."""
    saved = {name: os.environ.get(name) for name in changes}
    for name, value in changes.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def pnp_process(
    *args: str,
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m generator ARGS`` in a child process (``env`` is added to this one's)."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
    )


class _Ran(Protocol):
    returncode: int
    stdout: str
    stderr: str


def one_line_error(result: _Ran, fragment: str = "") -> str:
    """Assert that ``pnp`` failed as bad input must: exit code 2 and one line on stderr,
    ``pnp: error: ...`` (``pnp : erreur : ...`` in French) holding ``fragment``. Returns that
    line."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(("pnp: error: ", "pnp\u00a0: erreur\u00a0: ")), (
        result.stderr
    )
    assert fragment in lines[0], lines[0]
    return lines[0]


def embedded_fonts(pdf: str | Path | bytes, subset: bool = False) -> set[str]:
    """The fonts of every page of ``pdf``, by name (subset tag dropped), after asserting that
    each one is an embedded TrueType font (``/FontFile2``), none a base-14 font such as
    Helvetica (not embedded, Latin-1 only) and, with ``subset``, each one a subset."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    names = set()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for reference in fonts.values():
            font = reference.get_object()
            base = str(font["/BaseFont"]).lstrip("/")
            descendant = (
                font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            )
            assert "/FontDescriptor" in descendant, f"{base} has no descriptor: a base-14 font"
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object(), (
                f"{base} is not embedded"
            )
            assert "Helvetica" not in base, base
            if subset:
                assert "+" in base, f"{base} is not a subset"
            names.add(base.split("+")[-1])
    assert names, "no font at all"
    return names


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """The system's headless Chromium, driven by Playwright (tests/referee_page.py)."""
    from tests.referee_page import launched

    yield from launched()


@pytest.fixture(autouse=True, scope="session")
def _own_user_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The tests never read or write the user's own folders: a data set rebuilt there by
    'pnp data build' would be read instead of the repository's, and a cache could answer for a
    local test server. Child processes inherit the same folders."""
    with _environment(
        {
            "PNP_DATA_DIR": str(tmp_path_factory.mktemp("user-data")),
            "PNP_CACHE_DIR": str(tmp_path_factory.mktemp("user-cache")),
        }
    ):
        yield
