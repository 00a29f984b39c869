"""An Oucédonc deck's whole-process CPU time beside the bare reportlab floor, in one run.

    .venv/bin/python benchmarks/deck_floor.py [--rounds 9] [--before /path/to/old/.venv/bin/python]

Contenders, each a fresh process (see :mod:`measure`), round-robin:

* ``pnp oucedonc deck --out D.pdf`` (France, the defaults: the embedded data read, the places
  selected, the full card design, imposition, the token sheet, PDF + JSON + referee page);
* the floor: ``oucedonc_peers/reportlab_deck.py``, a bare reportlab script printing the same 63
  names and coordinates on plain duplex cards in the deck's own faces (Fraunces, Fira Sans),
  imports included;
* with ``--before``, the same ``pnp`` command run by another checkout's interpreter;
* ``pnp oucedonc deck --cards 504`` (``--large N``; 0 leaves it out): how the cost grows with
  the cards.

The figures are pnp's CPU time over the floor's, and the large deck's over pnp's default one:
smallest run over smallest run (the least disturbed runs), median over median, and the median of
the ratios round by round (each round runs the contenders one after the other, so a slow spell of
the machine weighs on both sides of a pair: the steadiest of the three on a shared machine).
Targets (issues #14 and #30): at most 5, and at most 2. The PDF of every pnp run is checked to
be the same bytes as the first (and as ``--before``'s, when given).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from measure import Sample, load, round_robin, run

ROOT = Path(__file__).resolve().parent.parent
PEER = Path(__file__).resolve().parent / "oucedonc_peers" / "reportlab_deck.py"
TARGET = 5.0
LARGE_TARGET = 2.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--before", help="another checkout's python (e.g. main's venv)")
    parser.add_argument("--large", type=int, default=504, help="cards of the large deck (0: none)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-deck-floor-") as scratch:
        tmp = Path(scratch)
        pdfs: dict[str, bytes] = {}

        def deck(python: str, name: str, cards: int | None = None):
            def measure() -> Sample:
                out = tmp / f"{name}.pdf"
                more = ["--cards", str(cards)] if cards else []
                command = [python, "-m", "generator", "oucedonc", "deck", "--out", str(out), *more]
                sample = run(command)
                data = out.read_bytes()
                if pdfs.setdefault(name, data) != data:
                    raise SystemExit(f"{name}: a rerun wrote another PDF")
                return sample

            return measure

        # the peer prints pnp's own names and coordinates
        deck(sys.executable, "pnp")()
        document = json.loads((tmp / "pnp.json").read_text(encoding="utf-8"))
        cards = [card for card in document["cards"] if card["kind"] == "place"]
        (tmp / "cards.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
        contenders = {
            "pnp": deck(sys.executable, "pnp"),
            "floor": lambda: run(
                [sys.executable, str(PEER), str(tmp / "cards.json"), str(tmp / "floor.pdf")]
            ),
        }
        if args.before:
            contenders["before"] = deck(args.before, "before")
        if args.large:
            contenders[f"pnp-{args.large}"] = deck(sys.executable, "large", args.large)
        print(f"before the runs: {load()}")
        series = round_robin(contenders, args.rounds)
        print(f"after the runs: {load()}")

    floor = series["floor"]
    header = f"{'contender':<10} {'CPU min':>8} {'median':>8} {'x floor (min)':>14}"
    print(f"{header} {'(median)':>9} {'peak MiB':>9}")
    for s in series.values():
        print(
            f"{s.name:<10} {s.cpu_min():>6.3f} s {s.cpu_median():>6.3f} s "
            f"{s.cpu_min() / floor.cpu_min():>13.2f}x {s.cpu_median() / floor.cpu_median():>8.2f}x "
            f"{s.peak():>9.1f}"
        )
    pnp = series["pnp"]
    if args.large:
        large = series[f"pnp-{args.large}"]
        print(
            f"pnp {args.large} cards / pnp: {large.cpu_min() / pnp.cpu_min():.2f} "
            f"(median {large.cpu_median() / pnp.cpu_median():.2f}, round by round "
            f"{large.paired_ratio(pnp):.2f}; target at most {LARGE_TARGET:g})"
        )
    same = "before" not in pdfs or pdfs["before"] == pdfs["pnp"]
    figures = (
        f"pnp / floor: {pnp.cpu_min() / floor.cpu_min():.2f} (median "
        f"{pnp.cpu_median() / floor.cpu_median():.2f}, round by round "
        f"{pnp.paired_ratio(floor):.2f}; target at most {TARGET:g})"
    )
    if args.before:
        before = series["before"]
        figures += (
            f"; before / floor: {before.cpu_min() / floor.cpu_min():.2f} (round by round "
            f"{before.paired_ratio(floor):.2f}); same PDF as before: {'yes' if same else 'NO'}"
        )
    print(figures)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
