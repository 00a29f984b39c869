"""Benchmark of `pnp kit`: wall time and peak memory of the whole command, as a user runs it.

Each run is a fresh `python -m generator kit` process (imports included) writing into its own
empty folder; peak memory is the process's maximum resident set size and CPU time its user +
system time, both from os.wait4 (on a shared machine, wall time includes waiting for a core:
compare it with the CPU time and the load average printed). The runs' folders are then
compared byte for byte (same parameters must give identical files).

    python benchmarks/bench_kit.py [--runs 3] [--region france] [--paper a4] [--seed 1]
        [--profile home|shop]

Targets (issue 9): under 5 s and under 500 MiB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 5.0
TARGET_MIB = 500.0


def run_once(
    out: Path, region: str, paper: str, seed: int, profile: str = "home"
) -> tuple[float, float, int, float]:
    command = [
        sys.executable,
        "-m",
        "generator",
        "kit",
        "--out",
        str(out),
        "--region",
        region,
        "--paper",
        paper,
        "--seed",
        str(seed),
        "--profile",
        profile,
    ]
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode() if process.stderr else ""
    if process.returncode != 0:
        print(f"run failed with exit code {process.returncode}:\n{error}", file=sys.stderr)
    cpu = usage.ru_utime + usage.ru_stime
    return elapsed, usage.ru_maxrss / 1024, process.returncode, cpu  # ru_maxrss is in KiB on Linux


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--region", default="france")
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", choices=("home", "shop"), default="home")
    args = parser.parse_args()

    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-kit-") as scratch:
        results = [
            run_once(Path(scratch) / f"run{i}", args.region, args.paper, args.seed, args.profile)
            for i in range(args.runs)
        ]
        trees = [tree(Path(scratch) / f"run{i}") for i in range(args.runs)]
    times = [elapsed for elapsed, _, _, _ in results]
    peaks = [peak for _, peak, _, _ in results]
    cpus = [cpu for _, _, _, cpu in results]
    files = trees[0]
    pdfs = [name for name in files if name.endswith(".pdf")]
    identical = all(other == files for other in trees[1:])
    print(
        f"kit --profile {args.profile}: {len(files)} files ({len(pdfs)} PDFs, "
        f"{sum(len(files[name]) for name in pdfs) / 1e6:.1f} MB of PDF, "
        f"{sum(map(len, files.values())) / 1e6:.1f} MB in all), "
        f"exit codes {sorted({code for _, _, code, _ in results})}"
    )
    print(
        f"wall time: median {statistics.median(times):.2f} s, min {min(times):.2f} s, "
        f"max {max(times):.2f} s over {args.runs} runs (target < {TARGET_SECONDS:.0f} s)"
    )
    print(
        f"CPU time (user + system): median {statistics.median(cpus):.2f} s; "
        f"load average before the runs {load[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"peak memory: max {max(peaks):.0f} MiB (target < {TARGET_MIB:.0f} MiB)")
    print(f"byte-identical across runs: {'yes' if identical else 'NO'}")
    ok = (
        statistics.median(times) < TARGET_SECONDS
        and max(peaks) < TARGET_MIB
        and identical
        and all(code == 0 for _, _, code, _ in results)
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
