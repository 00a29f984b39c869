"""Benchmark: pick a 60-card Oucédonc deck for France from the embedded data.

    python benchmarks/bench_select_places.py [--count 60] [--region france] [--repeat 7]

Prints the time to load the candidates (first call, cached afterwards), the selection time
(best and median of --repeat runs, in-process; target < 0.3 s), and the spread of the deck
against random samples of the same candidates: smallest distance between two cards (bigger is
better) and largest empty circle centred on a candidate (smaller is better).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.geo.catalog import load_places
from generator.geo.selection import select_places, spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--region", default="france")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--samples", type=int, default=100, help="random decks to compare with")
    args = parser.parse_args()

    start = time.perf_counter()
    candidates = load_places("embedded", args.region)
    load_s = time.perf_counter() - start
    towns = sum(p.kind == "town" for p in candidates)
    print(
        f"candidates: {len(candidates):,} ({towns:,} towns, {len(candidates) - towns:,} sites), "
        f"loaded in {load_s:.3f} s (first call; cached afterwards)"
    )

    for difficulty in ("easy", "normal", "hard"):
        times = []
        for seed in range(1, args.repeat + 1):
            start = time.perf_counter()
            deck = select_places(candidates, args.count, seed=seed, difficulty=difficulty)
            times.append(time.perf_counter() - start)
        figures = spread(deck, candidates)
        print(
            f"{difficulty:>6}: select {args.count} in best {min(times):.3f} s, median "
            f"{statistics.median(times):.3f} s; closest pair {figures.min_pair_km:.0f} km, "
            f"largest empty circle {figures.largest_gap_km:.0f} km "
            f"({sum(p.kind == 'site' for p in deck)} sites)"
        )

    rng = random.Random(0)
    randoms = [spread(rng.sample(candidates, args.count), candidates) for _ in range(args.samples)]
    pairs = sorted(s.min_pair_km for s in randoms)
    gaps = sorted(s.largest_gap_km for s in randoms)
    print(
        f"random {args.count} of the same candidates ({args.samples} samples): closest pair median "
        f"{statistics.median(pairs):.1f} km (best {pairs[-1]:.1f}), largest empty circle median "
        f"{statistics.median(gaps):.0f} km (best {gaps[0]:.0f})"
    )


if __name__ == "__main__":
    main()
