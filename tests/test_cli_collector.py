"""The collector's pace: a one-shot command collects rarely and freezes what it made at exit; a
server (``pnp serve``) lives long and collects at Python's own pace."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from generator.cli import main


def test_a_command_in_its_own_process_collects_rarely_and_freezes_at_exit():
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import atexit, gc, sys\n"
            "atexit.register(lambda: print(gc.get_threshold(), gc.get_freeze_count() > 0))\n"
            "sys.argv = ['pnp', 'about']\n"
            "from generator.cli.main import run\n"
            "run()\n",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[-1] == f"{main.GC_THRESHOLDS} True"


def test_the_studio_collects_at_pythons_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.web import server

    seen = []
    monkeypatch.setattr(server, "serve", lambda options, listening: seen.append(gc.get_threshold()))
    before = gc.get_threshold()
    gc.set_threshold(*main.GC_THRESHOLDS)  # as run() leaves it
    try:
        main.run(["serve", "--no-browser", "--port", "0"])
    except SystemExit as exc:
        assert exc.code in (0, None)
    finally:
        gc.set_threshold(*before)
    assert seen == [main.PYTHON_GC_THRESHOLDS]
