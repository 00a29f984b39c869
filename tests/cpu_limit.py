"""No test over 3 s unless it says it is heavy: a pytest plugin (loaded by ``tests/conftest.py``).

Each phase of a test (setup, call, teardown) is measured in **CPU time**, not wall time:
user + system time of the pytest process (all its threads: a local HTTP server's included)
and of every process it started during the phase (``pnp_process``, a kit's pool workers, a
browser): :func:`os.times` for this process and the children it waited for, ``/proc`` for the
live ones (:func:`cpu_seconds`). On a machine shared with other work, wall time grows with the
load (three to five times at a load average of 12 on this project's 2-core machines) where CPU
time barely moves (up to 1.4 times, measured: caches and cores are shared too), so the limit
does not make the suite flaky as long as a test keeps some margin under it. A test that only
waits (a sleep, a stuck socket) costs nothing here and is a defect of its own
(``tests/test_no_wall_clock.py``).

A phase over the limit (``cpu_limit_seconds`` in ``pyproject.toml``, 3 s) fails the test,
unless the test is marked ``slow`` (heavy by nature: whole kits, browsers, many processes) or
``fuzz`` (the harness's big runs, ``make fuzz``). Setup counts on its own: a module fixture is
charged to the first test that uses it, whichever that is (a test run alone pays for it), so a
fixture over the limit makes every test that uses it ``slow``. ``-o cpu_limit_seconds=0`` turns
the check off (a profiler or coverage run, whose tracing multiplies every figure).

``--cpu-durations=N`` lists the N phases that used the most CPU at the end of the run
(``benchmarks/bench_test_suite.py`` passes it), beside pytest's ``--durations`` (wall time).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path

import pytest

HEAVY_MARKERS = ("slow", "fuzz")
_PROPERTY = "cpu_seconds_"  # + phase: the figure travels with the report (pytest-xdist too)


def cpu_seconds() -> float:
    """CPU time, user + system, of this process (all its threads), of the children it has
    waited for, and of its live descendants with theirs (:func:`_descendants_cpu`)."""
    times = os.times()
    own = times.user + times.system + times.children_user + times.children_system
    return own + sum(_descendants_cpu(child) for child in _children(os.getpid()))


# Linux's /proc: a process pool's fork server (the kit's) is a child that lives on between
# tests and waits for the workers it forks itself, so their time shows only in its own figures.
# Elsewhere (no /proc) only this process and the children it waited for count.
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _children(pid: int) -> list[int]:
    """The live children of ``pid`` (each of its threads lists those it started)."""
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    children = []
    for thread in threads:
        with contextlib.suppress(OSError):
            children += map(int, Path(f"/proc/{pid}/task/{thread}/children").read_text().split())
    return children


def _descendants_cpu(pid: int) -> float:
    """utime + stime + cutime + cstime of ``pid`` (0 once gone), and of its live descendants."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2 :].split()  # from field 3 on: state, ppid, ...
    ticks = sum(int(value) for value in fields[11:15])  # fields 14 to 17 of proc(5)
    return ticks / _TICKS + sum(_descendants_cpu(child) for child in _children(pid))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "cpu_limit_seconds",
        "CPU seconds a test phase may use unless the test is marked slow (0: no limit)",
        default="3",
    )
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=0,
        metavar="N",
        help="show the N test phases that used the most CPU time",
    )


def _measure(item: pytest.Item, phase: str) -> Generator[None, object, object]:
    started = cpu_seconds()
    try:
        result = yield
    finally:
        used = cpu_seconds() - started
        item.user_properties.append((_PROPERTY + phase, round(used, 3)))
    limit = float(item.config.getini("cpu_limit_seconds"))
    heavy = any(item.get_closest_marker(name) for name in HEAVY_MARKERS)
    if limit and used > limit and not heavy:
        pytest.fail(
            f"{item.nodeid} used {used:.2f} s of CPU in its {phase}, over the limit of "
            f"{limit:g} s: make it faster (build once per module, read only the pages it "
            "checks) or, if it is heavy by nature, mark it @pytest.mark.slow (tests/README.md)",
            pytrace=False,
        )
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _measure(item, "setup"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _measure(item, "call"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _measure(item, "teardown"))


# --- the report of the heaviest phases -------------------------------------------------------


@dataclass(frozen=True)
class PhaseCost:
    seconds: float
    phase: str
    nodeid: str


class HeaviestPhases:
    """``--cpu-durations=N``: the figures of every report (each reaches the controlling process,
    with pytest-xdist too), the N largest printed at the end."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.costs: list[PhaseCost] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == _PROPERTY + report.when and isinstance(value, float | int):
                self.costs.append(PhaseCost(float(value), report.when, report.nodeid))

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        terminalreporter.write_sep("=", f"{self.count} heaviest test phases in CPU time")
        for cost in sorted(self.costs, key=lambda c: -c.seconds)[: self.count]:
            terminalreporter.write_line(f"{cost.seconds:.2f}s cpu {cost.phase:<8} {cost.nodeid}")


def pytest_configure(config: pytest.Config) -> None:
    count = config.getoption("cpu_durations")
    if count and not hasattr(config, "workerinput"):  # an xdist worker sends its reports up
        config.pluginmanager.register(HeaviestPhases(count), "cpu-durations")
