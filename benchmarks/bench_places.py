"""Wall time of `pnp places --format json` on the embedded data (target: well under 1 s).

Runs the real command in a fresh interpreter each time (so the cost of starting Python,
importing the CLI and reading the CSV files is included), a few times, and prints the best,
median and worst wall times, plus the in-process time of the library call alone.

    python benchmarks/bench_places.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def time_command(args: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(args, cwd=ROOT, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
        assert result.stdout.startswith(b"["), "expected a JSON list"
    return times


def time_library() -> float:
    sys.path.insert(0, str(ROOT))
    from generator.geo import listing

    start = time.perf_counter()
    text = listing.to_json(listing.select_places("france", "all"))
    elapsed = time.perf_counter() - start
    assert text.startswith("[")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    baseline = time_command([sys.executable, "-c", "print('[')"], runs)
    for label, args in [
        ("pnp places --format json (8,521 towns + 266 sites)", ["places", "--format", "json"]),
        (
            "pnp places --region bretagne --format json",
            ["places", "--region", "bretagne", "--format", "json"],
        ),
    ]:
        times = time_command([sys.executable, "-m", "generator", *args], runs)
        print(
            f"{label}: best {min(times):.3f} s, median {statistics.median(times):.3f} s, "
            f"worst {max(times):.3f} s over {runs} runs"
        )
    print(f"bare 'python -c' start-up for comparison: median {statistics.median(baseline):.3f} s")
    print(f"library only, in process, cold caches: {time_library():.3f} s")


if __name__ == "__main__":
    main()
