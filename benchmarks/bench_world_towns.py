"""Benchmark: what a foreign-country deck costs to read its towns from the embedded data.

    python benchmarks/bench_world_towns.py [--root PATH] [--countries IT US CH]

Each country runs in a fresh process that imports the catalogue first, then loads the
country's candidates (``load_places("embedded", CODE)``). Reported: the CPU time of the load
(user + system, ``resource.getrusage``) and the process's peak resident memory
(``ru_maxrss``) minus what it held after the imports. ``--root`` points at another checkout
(e.g. main) to compare before and after.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, resource, sys
sys.path.insert(0, {root!r})
from generator.geo import catalog, embedded  # imports before the measure
def usage():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime, r.ru_maxrss
cpu0, rss0 = usage()
places = catalog.load_places("embedded", {code!r})
cpu1, rss1 = usage()
print(json.dumps({{"towns": len(places), "cpu_s": cpu1 - cpu0, "peak_mib": rss1 / 1024,
                  "added_mib": (rss1 - rss0) / 1024}}))
"""


def measure(root: Path, code: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(root), code=code)],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--countries", nargs="+", default=["IT", "US", "CH"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for code in args.countries:
        runs = [measure(args.root, code) for _ in range(args.repeat)]
        best = min(runs, key=lambda r: r["cpu_s"])
        print(
            f"{code}: {best['towns']:6} towns  load CPU {best['cpu_s']:.3f} s (best of "
            f"{args.repeat})  peak RSS {max(r['peak_mib'] for r in runs):.0f} MiB "
            f"(+{max(r['added_mib'] for r in runs):.0f} MiB for the load)"
        )


if __name__ == "__main__":
    main()
