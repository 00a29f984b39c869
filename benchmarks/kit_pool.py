"""`pnp kit` on both cores: wall time beside the same kit one component after the other.

    .venv/bin/python benchmarks/kit_pool.py [--rounds 3] [--before /path/to/old/.venv/bin/python]

Contenders, each a fresh ``python -m generator kit`` process writing into an empty folder,
run round-robin (see :mod:`measure`): ``--jobs 1`` (one component after the other, in one
process), the default (one worker process per CPU) and, with ``--before``, another
checkout's interpreter (its own default). The figure is the ratio of median wall times,
pool / before (target at most 0.65 on an idle 2-core machine); CPU time (workers included)
and peak memory are printed beside it, and every run's folder is checked to hold the same
bytes as the first (the kit is the same whatever the number of workers).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from measure import Sample, load, round_robin, run

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.65


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", help="another checkout's python (e.g. main's venv)")
    parser.add_argument("--region", default="france")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-kit-pool-") as scratch:
        runs = 0
        trees: dict[str, dict[str, bytes]] = {}

        def kit(python: str, *extra: str, name: str):
            def measure() -> Sample:
                nonlocal runs
                runs += 1
                out = Path(scratch) / f"run{runs}"
                command = [python, "-m", "generator", "kit", "--out", str(out)]
                sample = run([*command, "--region", args.region, *extra])
                trees.setdefault(name, tree(out))
                if tree(out) != trees[name]:
                    raise SystemExit(f"{name}: a rerun wrote other bytes")
                return sample

            return measure

        contenders = {}
        if args.before:
            contenders["before (main)"] = kit(args.before, name="before (main)")
        contenders["--jobs 1"] = kit(sys.executable, "--jobs", "1", name="--jobs 1")
        contenders["default (pool)"] = kit(sys.executable, name="default (pool)")
        print(f"before the runs: {load()}")
        series = round_robin(contenders, args.rounds)
        print(f"after the runs: {load()}")
        same = all(t == trees["--jobs 1"] for t in trees.values())

    print(
        f"{'contender':<16} {'wall median':>11} {'wall min':>9} {'CPU median':>10} {'peak MiB':>9}"
    )
    for s in series.values():
        print(
            f"{s.name:<16} {s.wall_median():>9.2f} s {s.wall_min():>7.2f} s "
            f"{s.cpu_median():>8.2f} s {s.peak():>9.0f}"
        )
    reference = series["before (main)" if args.before else "--jobs 1"]
    ratio = series["default (pool)"].wall_median() / reference.wall_median()
    print(
        f"wall, pool / {reference.name}: {ratio:.2f} (target at most {TARGET}); "
        f"same bytes in every run: {'yes' if same else 'NO'}"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
