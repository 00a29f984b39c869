"""Speed of the Neo Otcho and Pronostiques helpers and sheets.

Run from the repository root:  python benchmarks/otcho_pronostiques.py
Prints the time per call of the table referees (what a player waits for) and of each sheet build,
and the peak memory of the largest build (the 58-card deck).
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from itertools import permutations
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parent.parent)
)  # this checkout's package, not an installed one


def per_call(fn, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    from generator.games.otcho import FACES, classify
    from generator.games.pronostiques import SUITS, check_piles, score_order

    orders = list(permutations(SUITS))
    t_roll = per_call(lambda: [classify(a, b) for a in FACES for b in FACES], 300) / 36
    t_score = per_call(lambda: [score_order(o) for o in orders], 300) / 24
    t_piles = per_call(lambda: check_piles((7, 4, 3, 2)), 3000)
    print(f"otcho roll classification: {t_roll * 1e6:8.1f} µs per roll")
    print(f"pronostiques score (4 predictions): {t_score * 1e6:8.1f} µs per finishing order")
    print(f"pronostiques check-piles: {t_piles * 1e6:8.1f} µs per check")

    from generator.products import otcho_sheets, pronostiques_sheets

    def otcho(out: Path, players: int) -> tuple[Path, ...]:
        options = otcho_sheets.OtchoOptions(players=players)
        return otcho_sheets.PRODUCT.make(options, out).paths

    def pronostiques(out: Path) -> tuple[Path, ...]:
        options = pronostiques_sheets.PronostiquesOptions(players=4)
        return pronostiques_sheets.PRODUCT.make(options, out).paths

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        otcho(out / "warm", 2)  # font registration, imports
        start = time.perf_counter()
        paths = otcho(out / "otcho", 6)
        t_otcho = time.perf_counter() - start
        print(
            f"otcho sheets (6 players, 4 PDFs): {t_otcho:6.2f} s, "
            f"{sum(p.stat().st_size for p in paths) / 1024:.0f} KiB"
        )
        start = time.perf_counter()
        pronostiques(out / "untraced")
        t_pron = time.perf_counter() - start
        tracemalloc.start()
        paths = pronostiques(out / "pronostiques")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        sizes = ", ".join(f"{p.name} {p.stat().st_size / 1024:.0f} KiB" for p in paths)
        print(
            f"pronostiques sheets (58 cards + pad + aid): {t_pron:6.2f} s, peak Python memory "
            f"{peak / 2**20:.1f} MiB; {sizes}"
        )


if __name__ == "__main__":
    main()
