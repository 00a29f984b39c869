"""Whole-process measurements for the side-by-side benchmarks: CPU time, wall time, peak memory.

Every command is a fresh process, started by a small wrapper that waits for it and for every
process it left behind (:data:`SUBREAPER`): the CPU time is user + system of the whole tree
(worker processes included) and the peak memory the resident set of its largest process.
Bytecode caches are on, as pip leaves them (without them every run would compile the sources
again); ``PNP_OFFLINE=1``, ``COLUMNS=100``.
Contenders run round-robin, so a burst of someone else's load on this shared machine touches
them all alike.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["COLUMNS"] = "100"
    env["PNP_OFFLINE"] = "1"
    return env


@dataclass(frozen=True)
class Sample:
    cpu: float  # s, user + system of the process and the children it waited for
    wall: float  # s
    peak_mib: float  # largest resident set of the process or of one of its waited-for children


# Runs a command as a "child subreaper" (Linux prctl): processes it starts that outlive their
# parent, such as multiprocessing's fork server and the workers it forks, are reparented to
# this wrapper instead of init, and waited for here, so their CPU time is counted too.
SUBREAPER = """
import ctypes, os, resource, sys
ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
child = os.fork()
if child == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
_, status = os.waitpid(child, 0)
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stderr.write(f"\\nSUBREAPER {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss}\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""


@dataclass(frozen=True)
class Finished:
    sample: Sample
    returncode: int
    stdout: str
    stderr: str  # the command's own (the wrapper's line taken off)


def execute(
    argv: Sequence[str], cwd: Path | None = None, env: dict[str, str] | None = None
) -> Finished:
    """Run ``argv`` to the end and keep what it printed, whatever its exit code.

    The default working folder is the system's temporary folder, never a checkout: ``python -m
    generator`` puts the working folder first on ``sys.path``, so another checkout's interpreter
    run from this one would import this one's code."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", SUBREAPER, *argv],
            cwd=cwd or tempfile.gettempdir(),
            env=env or environment(),
            stdout=out,
            stderr=err,
        )
        _, status = os.waitpid(child.pid, 0)
        wall = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    stderr, last = stderr.rstrip().rsplit("\n", 1)
    _, cpu, peak_kib = last.split()
    sample = Sample(float(cpu), wall, int(peak_kib) / 1024)
    return Finished(sample, os.waitstatus_to_exitcode(status), stdout, stderr)


def run(argv: Sequence[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> Sample:
    """Run ``argv`` to the end (see :func:`execute`); a failure stops the benchmark with the
    command's error."""
    finished = execute(argv, cwd, env)
    if finished.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{finished.stderr[-2000:]}")
    return finished.sample


@dataclass
class Series:
    name: str
    samples: list[Sample] = field(default_factory=list)

    def cpu_min(self) -> float:
        return min(s.cpu for s in self.samples)

    def cpu_median(self) -> float:
        return statistics.median(s.cpu for s in self.samples)

    def wall_min(self) -> float:
        return min(s.wall for s in self.samples)

    def wall_median(self) -> float:
        return statistics.median(s.wall for s in self.samples)

    def peak(self) -> float:
        return max(s.peak_mib for s in self.samples)

    def paired_ratio(self, other: Series) -> float:
        """The median over rounds of this CPU time over ``other``'s in the same round (the two
        ran one after the other, so a slow spell of a shared machine weighs on both)."""
        return statistics.median(
            a.cpu / b.cpu for a, b in zip(self.samples, other.samples, strict=True)
        )


def round_robin(
    contenders: dict[str, Callable[[], Sample]], rounds: int, warm_up: bool = True
) -> dict[str, Series]:
    """Each contender once per round, in turn; one untimed run of each first (caches)."""
    if warm_up:
        for measure in contenders.values():
            measure()
    series = {name: Series(name) for name in contenders}
    for _ in range(rounds):
        for name, measure in contenders.items():
            series[name].samples.append(measure())
    return series


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"
