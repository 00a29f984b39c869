"""The test suite as ``make test`` runs it: whole-process CPU time, wall time, the slowest tests.

    .venv/bin/python benchmarks/bench_test_suite.py [NAME=CHECKOUT ...] [--workers auto]
        [--durations 10] [--rounds 1] [-- PYTEST_ARGS ...]

Each contender is a checkout with its own virtualenv (``make test`` run there once, so the
test extras are installed and the catalogs compiled); without one, this checkout. Its suite
runs as ``make test`` runs it: ``CHECKOUT/.venv/bin/python -m pytest -n WORKERS --dist
loadfile``, from the checkout (the tests import the checkout's code, ``pythonpath = ["."]``),
plus ``--durations``. Contenders run round-robin, one run each per round (``--rounds``); there
is no untimed warm-up run (a suite takes minutes), so run each checkout's suite once before if
its bytecode caches are cold.

The figures per run: CPU time, user + system of the whole process tree (pytest, its xdist
workers, every process a test starts, waited for by :data:`measure.SUBREAPER`), the figure to
compare on this shared machine; wall time (noise when the machine is busy: the load average
is printed before and after); peak memory of the largest process; pytest's own summary; the
slowest test phases in wall time (pytest's ``--durations``) and, where the checkout has the
CPU limit's plugin (``tests/cpu_limit.py``), the heaviest in CPU time (``--cpu-durations``).

Example, the branch beside main (a worktree of main with its own venv):

    .venv/bin/python benchmarks/bench_test_suite.py main=/tmp/main-checkout branch=.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from measure import Finished, execute, load

ROOT = Path(__file__).resolve().parent.parent

_SUMMARY = re.compile(r"^=*\s*(?P<counts>\d+ \w+.*?) in (?P<seconds>[\d.]+)s")
_DURATION = re.compile(
    r"^(?P<seconds>[\d.]+)s (?P<cpu>cpu )?(?P<phase>setup|call|teardown)\s+(?P<test>\S.*)$"
)


@dataclass(frozen=True)
class Contender:
    name: str
    checkout: Path

    @property
    def python(self) -> Path:
        return self.checkout / ".venv" / "bin" / "python"


@dataclass(frozen=True)
class Duration:
    seconds: float
    phase: str
    test: str
    cpu: bool  # CPU time (--cpu-durations), else wall time (--durations)


@dataclass(frozen=True)
class SuiteRun:
    contender: Contender
    finished: Finished

    @property
    def summary(self) -> str:
        """pytest's last line: '1787 passed, 3 deselected' (without its wall time)."""
        for line in reversed(self.finished.stdout.splitlines()):
            match = _SUMMARY.match(line.strip())
            if match:
                return match["counts"]
        return "no summary (see the output)"

    def slowest(self, cpu: bool) -> list[Duration]:
        found = [
            Duration(float(m["seconds"]), m["phase"], m["test"], bool(m["cpu"]))
            for m in map(_DURATION.match, self.finished.stdout.splitlines())
            if m
        ]
        return [d for d in found if d.cpu == cpu]


def contender(text: str) -> Contender:
    name, _, folder = text.rpartition("=")
    checkout = Path(folder).resolve()
    found = Contender(name or checkout.name, checkout)
    if not found.python.is_file():
        raise argparse.ArgumentTypeError(f"{found.python} is missing: run 'make test' there once")
    return found


def run_suite(who: Contender, workers: str, durations: int, extra: list[str]) -> SuiteRun:
    command = [
        str(who.python),
        "-m",
        "pytest",
        "-n",
        workers,
        "--dist",
        "loadfile",
        f"--durations={durations}",
        *extra,
    ]
    if (who.checkout / "tests" / "cpu_limit.py").is_file():
        command.append(f"--cpu-durations={durations}")
    return SuiteRun(who, execute(command, cwd=who.checkout, env=_environment()))


def _environment() -> dict[str, str]:
    """This process's environment, as ``make test`` would see it (bytecode caches on)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def report(runs: list[SuiteRun]) -> None:
    print(f"{'contender':<12} {'CPU':>9} {'wall':>9} {'peak MiB':>9}  pytest")
    for run in runs:
        sample = run.finished.sample
        print(
            f"{run.contender.name:<12} {sample.cpu:>7.1f} s {sample.wall:>7.1f} s "
            f"{sample.peak_mib:>9.0f}  {run.summary} (exit {run.finished.returncode})"
        )
    for run in runs:
        for cpu, kind in ((False, "wall"), (True, "CPU")):
            phases = run.slowest(cpu)
            if phases:
                print(f"\nheaviest test phases in {kind} time, {run.contender.name}:")
            for d in phases:
                print(f"  {d.seconds:>7.2f} s  {d.phase:<8}  {d.test}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "contenders",
        nargs="*",
        type=contender,
        metavar="NAME=CHECKOUT",
        help="checkouts to run (default: this one)",
    )
    parser.add_argument("--workers", default="auto", help="pytest-xdist's -n (make test: auto)")
    parser.add_argument("--durations", type=int, default=10, help="how many slowest phases")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("pytest_args", nargs=argparse.REMAINDER, help="after --: for pytest")
    args = parser.parse_args()
    contenders = args.contenders or [contender(f"this={ROOT}")]
    extra = [a for a in args.pytest_args if a != "--"]

    print(f"before the runs: {load()}", flush=True)
    runs = [
        run_suite(who, args.workers, args.durations, extra)
        for _ in range(args.rounds)
        for who in contenders
    ]
    print(f"after the runs: {load()}\n")
    report(runs)
    return max(run.finished.returncode for run in runs)


if __name__ == "__main__":
    sys.exit(main())
