"""Benchmark of `pnp kit`: wall time and peak memory of the whole command, as a user runs it.

Each run is a fresh `python -m generator kit` process (imports included) writing into its own
empty folder; peak memory is the largest resident set of its processes and CPU time the user
+ system time of all of them, workers included (``measure.run``). On a shared machine wall
time includes waiting for a core: compare it with the CPU time and the load average printed.
The runs' folders are then compared byte for byte (same parameters must give identical files).

    python benchmarks/bench_kit.py [--runs 3] [--region france] [--paper a4] [--seed 1]
        [--profile home|shop]

Targets (issue 9): under 5 s and under 500 MiB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from measure import run

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
    # through measure.py's wrapper: the kit's workers are forked by a fork server, which is not
    # this script's child, so os.wait4 alone would miss their CPU time
    sample = run(command)  # stops the benchmark with the error if the kit fails
    return sample.wall, sample.peak_mib, 0, sample.cpu


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
