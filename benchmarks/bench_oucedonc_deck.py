"""Benchmark: a 63-card Oucédonc deck, data to PDF, beside two peers making a plain deck.

    python benchmarks/bench_oucedonc_deck.py [--repeat 5] [--protograf-python
    /tmp/protograf-venv/bin/python]

Three contenders, each run ``--repeat`` times in a fresh process, one after the other:

* **pnp**: the Oucédonc deck product for France with the defaults: embedded data read from the
  CSV files (cold), place selection, composition, templates, glyph check, the full card design
  with the locator map, imposition with crop marks and bleed, the token sheet, PDF + JSON
  written.
* **reportlab**: a bare reportlab script (``oucedonc_peers/reportlab_deck.py``): the same 63
  names on the fronts and coordinates on mirrored backs, plain frames, the deck's faces
  (Fraunces, Fira Sans) embedded.
* **protograf**: the same plain deck with protograf (``oucedonc_peers/protograf_deck.py``),
  run by protograf's own interpreter (install it in a separate venv:
  ``python -m venv /tmp/protograf-venv && /tmp/protograf-venv/bin/pip install protograf``).

Reported per contender: *work* time inside the process (imports done beforehand, best and
median), *process* wall time (interpreter start + imports + work, median), peak resident
memory of the process (largest of the runs) and the PDF's size. Target: pnp's work time under
0.5 s and below protograf's.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PEERS = Path(__file__).resolve().parent / "oucedonc_peers"


def child_pnp(out: str) -> None:
    """Run inside the child process: imports first, then data to PDF, timed."""
    sys.path.insert(0, str(ROOT))
    import importlib

    for module in (
        "jinja2.sandbox",
        "numpy",
        "reportlab.pdfgen.canvas",
        "reportlab.platypus",
        "generator.geo.catalog",
        "generator.geo.selection",
        "generator.render.imposition",
        "generator.render.oucedonc.cards",
    ):
        importlib.import_module(module)  # imports outside the timing, as for the peers
    from generator.products.oucedonc_deck import PRODUCT, OucedoncDeckOptions

    start = time.perf_counter()
    written = PRODUCT.make(OucedoncDeckOptions(), Path(out))
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(
        json.dumps(
            {
                "work_s": seconds,
                "peak_rss": peak,
                "bytes": written.paths[0].stat().st_size,
                "cards": len(written.built.detail.places),
            }
        )
    )


def run(command: list[str]) -> dict:
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{command[1]} failed:\n{result.stderr[-2000:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    report["process_s"] = wall
    return report


def summarise(name: str, runs: list[dict]) -> str:
    work = [r["work_s"] for r in runs]
    process = [r["process_s"] for r in runs]
    peak = max(r["peak_rss"] for r in runs) / 2**20
    size = runs[-1]["bytes"] / 1024
    return (
        f"{name:<10} work best {min(work):6.3f} s  median {statistics.median(work):6.3f} s   "
        f"process median {statistics.median(process):6.3f} s   peak RSS {peak:6.1f} MiB   PDF "
        f"{size:7.1f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--protograf-python", default="/tmp/protograf-venv/bin/python")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.child == "pnp":
        child_pnp(rest[0])
        return

    with tempfile.TemporaryDirectory(prefix="bench-oucedonc-") as folder:
        tmp = Path(folder)
        # The peers print the very names and coordinates of pnp's deck.
        first = run([sys.executable, __file__, "--child", "pnp", str(tmp / "pnp.pdf")])
        deck = json.loads((tmp / "pnp.json").read_text(encoding="utf-8"))
        cards = [card for card in deck["cards"] if card["kind"] == "place"]
        (tmp / "cards.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")

        contenders = {
            "pnp": [sys.executable, __file__, "--child", "pnp", str(tmp / "pnp.pdf")],
            "reportlab": [
                sys.executable,
                str(PEERS / "reportlab_deck.py"),
                str(tmp / "cards.json"),
                str(tmp / "reportlab.pdf"),
            ],
        }
        if Path(args.protograf_python).exists():
            contenders["protograf"] = [
                args.protograf_python,
                str(PEERS / "protograf_deck.py"),
                str(tmp / "cards.json"),
                str(tmp / "protograf.pdf"),
            ]
        else:
            print(
                f"protograf skipped: no interpreter at {args.protograf_python} (see the module "
                "docstring)"
            )
        results: dict[str, list[dict]] = {name: [] for name in contenders}
        results["pnp"].append(first)
        for _ in range(args.repeat):  # interleaved, so machine load affects all three alike
            for name, command in contenders.items():
                results[name].append(run(command))
        print(f"63-card deck, A4, duplex long edge; {args.repeat} runs each (+1 warm-up for pnp)")
        for name, runs in results.items():
            print(summarise(name, runs))


if __name__ == "__main__":
    main()
