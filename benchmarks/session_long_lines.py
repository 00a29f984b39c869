"""Long lines typed into `pnp oucedonc play` (issue 28, item 4): whole-process CPU time and peak
memory by line length and shape, beside another checkout.

    .venv/bin/python benchmarks/session_long_lines.py [--sizes 3000 10000 100000 1000000]
                                                      [--shapes w between no-and]
                                                      [--before /path/to/old/.venv/bin/python]
                                                      [--limit 60] [--memory 2048]

Each case is a fresh ``pnp oucedonc play game.json`` process (see :mod:`measure`: CPU of the
whole process, its peak resident memory) reading one line on its standard input, then the end
of input: ``brest w rennes w w w …`` (a direction word repeated: every split of the line is a
candidate for the old parser), ``brest between lyon lyon … and paris paris …`` (the two anchors
of a "between", cut at "and") and ``brest between lyon lyon …`` (no "and": the old parser built
every cut of the anchors, a quadratic list). The game (physical, three players, a 50-card deck
of French towns) and the lines are made first; the game file must be byte for byte the same
afterwards (a line that long is never a move). A case still running after ``--limit`` seconds,
or needing more than ``--memory`` MiB of address space (``ulimit -v``: main's quadratic cuts
would take the machine's memory), is stopped and shown as such (main took 34 s for a 10 KB line
and 2.1 GB for a 1.1 MB one).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
from pathlib import Path

from measure import load, run

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.referee_fixtures import deck_json  # noqa: E402


def w_line(size: int) -> str:
    return "brest w rennes" + " w" * max(0, (size - 14) // 2)


def between_line(size: int) -> str:
    half = max(0, size - 24) // 2
    return (
        "brest between "
        + " ".join(["lyon"] * (half // 5))
        + " and "
        + " ".join(["paris"] * (half // 6))
    )


def between_without_and(size: int) -> str:
    return "brest between " + " ".join(["lyon"] * max(0, (size - 14) // 5))


SHAPES = {"w": w_line, "between": between_line, "no-and": between_without_and}


def prepare(folder: Path, python: str) -> bytes:
    """The deck and the game file (made by ``python``'s pnp); the game's bytes."""
    import subprocess

    (folder / "deck.json").write_text(deck_json(), encoding="utf-8")
    subprocess.run(
        [python, "-m", "generator", "oucedonc", "game", "new", "game.json", "--deck", "deck.json",
         "--players", "Ana,Ben,Chloé", "--start", "Lyon"],
        cwd=folder, check=True, capture_output=True,
    )  # fmt: skip
    return (folder / "game.json").read_bytes()


def measure_case(python: str, folder: Path, line_file: Path, limit: float, memory: int) -> str:
    command = (
        f"ulimit -v {memory * 1024}; timeout {limit:g} {shlex.quote(python)} -m generator "
        f"oucedonc play game.json < {shlex.quote(str(line_file))}"
    )
    try:
        sample = run(["sh", "-c", command], cwd=folder)
    except SystemExit:
        return f"{f'over {limit:g} s or {memory} MiB':>22}"
    return f"{sample.cpu:>8.2f} s {sample.peak_mib:>8.1f} MiB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[3_000, 10_000, 100_000, 1_000_000])
    parser.add_argument("--before", help="another checkout's python (e.g. main's venv)")
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--memory", type=int, default=2048, help="MiB of address space at most")
    args = parser.parse_args()
    pythons = {"after": sys.executable} | ({"before": args.before} if args.before else {})
    print(f"before the runs: {load()}")
    print(f"{'shape':>8} {'bytes':>9} " + " ".join(f"{name:>22}" for name in pythons))
    intact = True
    with tempfile.TemporaryDirectory(prefix="bench-lines-") as scratch:
        root = Path(scratch)
        for shape in args.shapes:
            make = SHAPES[shape]
            for size in args.sizes:
                line_file = root / f"{shape}-{size}.txt"
                line_file.write_text(make(size) + "\n", encoding="utf-8")
                cells = []
                for name, python in pythons.items():
                    folder = root / f"{name}-{shape}-{size}"
                    folder.mkdir()
                    game = prepare(folder, python)
                    cells.append(measure_case(python, folder, line_file, args.limit, args.memory))
                    intact &= (folder / "game.json").read_bytes() == game
                print(f"{shape:>8} {line_file.stat().st_size:>9} " + " ".join(cells))
    print(f"every game file intact: {'yes' if intact else 'NO'}")
    print(f"after the runs: {load()}")
    return 0 if intact else 1


if __name__ == "__main__":
    sys.exit(main())
