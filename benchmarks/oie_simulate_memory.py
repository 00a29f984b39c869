"""`pnp oie simulate`: peak memory by number of games, whole process, beside another checkout.

    .venv/bin/python benchmarks/oie_simulate_memory.py [--games 10000 100000 1000000]
                                                        [--before /path/to/old/.venv/bin/python]

Each count is a fresh ``pnp oie simulate --players 4 --games N --json`` process (see
:mod:`measure`); the figure is its peak resident memory, which must not grow with N (target:
flat; main kept every result, 338 MiB at 1 M games). With ``--before``, the same commands run
by the other interpreter, and their outputs must be the same bytes (same seed, same summary).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from measure import environment, load, run

ROOT_COMMAND = ["-m", "generator", "oie", "simulate", "--players", "4", "--json"]


def output(python: str, games: int) -> bytes:
    command = [python, *ROOT_COMMAND, "--games", str(games)]
    return subprocess.run(command, env=environment(), capture_output=True, check=True).stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--before", help="another checkout's python (e.g. main's venv)")
    args = parser.parse_args()
    pythons = {"after": sys.executable} | ({"before": args.before} if args.before else {})
    print(f"before the runs: {load()}")
    print(
        f"{'games':>9} " + " ".join(f"{name + ' MiB':>11} {name + ' CPU':>10}" for name in pythons)
    )
    same = True
    for games in args.games:
        cells = []
        for python in pythons.values():
            sample = run([python, *ROOT_COMMAND, "--games", str(games)])
            cells.append(f"{sample.peak_mib:>11.1f} {sample.cpu:>8.1f} s")
        if args.before and games <= 100_000:
            same &= output(sys.executable, games) == output(args.before, games)
        print(f"{games:>9} " + " ".join(cells))
    if args.before:
        print(f"same output as before (counts up to 100,000): {'yes' if same else 'NO'}")
    print(f"after the runs: {load()}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
