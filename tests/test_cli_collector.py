"""The collector's pace and the process's end: the ``pnp`` program collects rarely and, its
command done, leaves without Python's teardown (unless a thread is still to be waited for: then
it freezes what it made first); a server (``pnp serve``) lives long and collects at Python's own
pace."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from generator.cli import main


def _program(prelude: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """``pnp argv`` run by :func:`main.main` in a process of its own, after ``prelude``; an
    exit handler of the process prints the collector's state (if Python's own exit runs it),
    and the process's end prints its thresholds as it leaves."""
    script = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('python exit', gc.get_freeze_count() > 0))\n"
        "from generator.cli import main\n"
        "end = main._end_process\n"
        "def ending(code):\n"
        "    print('ending', code, gc.get_threshold())\n"
        "    end(code)\n"
        "main._end_process = ending\n"
        f"{prelude}\n"
        f"sys.argv = ['pnp', *{list(argv)!r}]\n"
        "main.main()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )


def test_the_program_collects_rarely_and_leaves_without_pythons_teardown():
    shown = _program("", "about")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert "pnp" in shown.stdout.lower() and len(lines) > 3  # the command's output, flushed
    assert lines[-1] == f"ending 0 {main.GC_THRESHOLDS}"  # and nothing after: no Python exit


def test_the_program_leaves_with_the_commands_exit_code_and_its_error_line():
    shown = _program("", "--lang", "en", "oucedonc", "deck", "--cards", "many")
    assert shown.returncode == 2
    assert shown.stdout.splitlines()[-1] == f"ending 2 {main.GC_THRESHOLDS}"
    assert shown.stderr.startswith("pnp: error: ") and "many" in shown.stderr
    assert "Traceback" not in shown.stderr


def test_a_thread_still_running_is_waited_for_by_pythons_own_exit_frozen_first():
    started = "import threading, time\nthreading.Thread(target=time.sleep, args=(0.5,)).start()"
    shown = _program(started, "about")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[-2:] == [f"ending 0 {main.GC_THRESHOLDS}", "python exit True"]


def test_the_studio_collects_at_pythons_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.web import server

    seen = []
    monkeypatch.setattr(server, "serve", lambda options, listening: seen.append(gc.get_threshold()))
    before = gc.get_threshold()
    gc.set_threshold(*main.GC_THRESHOLDS)  # as main() leaves it
    try:
        main.run(["serve", "--no-browser", "--port", "0"])
    except SystemExit as exc:
        assert exc.code in (0, None)
    finally:
        gc.set_threshold(*before)
    assert seen == [main.PYTHON_GC_THRESHOLDS]
