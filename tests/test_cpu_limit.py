"""The limit of CPU time per test phase (tests/cpu_limit.py), run on small suites of its own
(pytester) with a limit of 0.05 s and tests that burn 0.2 s."""

from __future__ import annotations

import sys

import pytest

LIMIT = ("-p", "tests.cpu_limit", "-o", "cpu_limit_seconds=0.05", "-p", "no:cacheprovider")

BURN = """
import subprocess, sys, threading, time
import pytest

def burn(seconds=0.2):
    started = time.process_time()
    while time.process_time() - started < seconds:
        pass

CHILD = "import time\\nt = time.process_time()\\nwhile time.process_time() - t < 0.2: pass"
"""


def _run(pytester: pytest.Pytester, tests: str, *args: str) -> pytest.RunResult:
    pytester.makepyfile(test_suite=BURN + tests)
    return pytester.runpytest(*LIMIT, *args)


def test_a_phase_over_the_limit_fails_and_says_how_to_mend_it(pytester):
    result = _run(
        pytester,
        """
@pytest.fixture
def heavy_fixture():
    burn()

def test_burns():
    burn()

def test_burns_in_setup(heavy_fixture):
    pass

def test_burns_in_a_child_process():
    subprocess.run([sys.executable, "-c", CHILD], check=True)

def test_already_failing():
    burn()
    assert 1 == 2
""",
    )
    result.assert_outcomes(failed=3, errors=1)
    for line in (
        "*::test_burns used 0.* s of CPU in its call, over the limit of 0.05 s*mark it*slow*",
        "*::test_burns_in_setup used 0.* s of CPU in its setup*",
        "*::test_burns_in_a_child_process used 0.* s of CPU in its call*",
        "E       assert 1 == 2",  # the test's own failure, not the limit's
    ):
        result.stdout.fnmatch_lines([line])
    assert "test_already_failing used" not in result.stdout.str()


def test_slow_tests_waits_and_a_limit_of_zero_pass(pytester):
    tests = """
@pytest.mark.slow
def test_heavy_by_nature():
    burn()

def test_waits_without_working():
    threading.Event().wait(0.2)
"""
    _run(pytester, tests).assert_outcomes(passed=2)
    unmarked = tests.replace("@pytest.mark.slow\n", "")
    _run(pytester, unmarked).assert_outcomes(passed=1, failed=1)
    _run(pytester, unmarked, "-o", "cpu_limit_seconds=0").assert_outcomes(passed=2)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc: Linux only")
def test_a_child_still_running_at_the_end_of_the_phase_counts(pytester):
    """As the kit's fork server, which outlives the test that started it."""
    result = _run(
        pytester,
        """
CHILDREN = []

@pytest.fixture(scope="module", autouse=True)
def stop_children():
    yield
    for child in CHILDREN:
        child.kill()
        child.wait()

def test_leaves_a_busy_child():
    code = CHILD + "\\nimport signal\\nsignal.pause()"
    CHILDREN.append(subprocess.Popen([sys.executable, "-c", code]))
    while open(f"/proc/{CHILDREN[0].pid}/stat").read().split()[2] != "S":
        pass  # until it has burnt its 0.2 s and sleeps
""",
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*test_leaves_a_busy_child used 0.* s of CPU in its call*"])


def test_the_heaviest_phases_are_listed(pytester):
    result = _run(
        pytester,
        """
def test_burns():
    burn()

def test_light():
    pass
""",
        "--cpu-durations=1",
        "-o",
        "cpu_limit_seconds=0",
    )
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(
        # 0.2 s by process_time, read back in clock ticks (10 ms): 0.19 s at times
        ["*1 heaviest test phases in CPU time*", "0.[12]*s cpu call     test_suite.py::test_burns"]
    )
