"""Time the Les territoires calculator and the rendering of its PDFs.

PYTHONPATH=. python benchmarks/territoires_bench.py   (from the repository root)
"""

from __future__ import annotations

import tempfile
import time
import tracemalloc
from itertools import combinations
from pathlib import Path

from generator.games.territoires import House, InvalidCombination, Player, readings
from generator.products.territoires_sheets import PRODUCT, TerritoiresOptions
from generator.render.card_size import card_size
from generator.render.deck_files import impose
from generator.render.imposition import SheetSpec
from generator.render.paper import paper
from generator.render.territoires.deck import lenormand_deck


def render_lenormand_deck(spec: SheetSpec):  # type: ignore[no-untyped-def]
    deck = lenormand_deck(spec.card, spec.bleed)
    return impose([deck], spec, deck.info)


def _timed(label: str, action, repeat: int = 1) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        action()
    elapsed = (time.perf_counter() - start) / repeat
    print(f"{label}: {elapsed * 1000:.1f} ms")


def all_combinations() -> int:
    count = 0
    for house in House:
        player = Player(2, house)
        for size in (2, 3):
            for cards in combinations(range(1, 21), size):
                try:
                    readings(cards, player)
                    count += 1
                except InvalidCombination:
                    pass
    return count


def main() -> None:
    _timed(
        f"calculator, all 2- and 3-card sets for both houses ({all_combinations()} valid)",
        all_combinations,
        5,
    )
    spec = SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=2.0)
    deck = render_lenormand_deck(spec).to_bytes()
    print(f"deck: {len(deck) / 1024:.0f} KiB")
    _timed("deck, 36 cards on 8 A4 pages", lambda: render_lenormand_deck(spec).to_bytes(), 3)
    with tempfile.TemporaryDirectory() as folder:
        _timed(
            "sheets (trackers, résumé, setup) for 2 players",
            lambda: PRODUCT.make(TerritoiresOptions(deck=False), Path(folder)),
            3,
        )
    tracemalloc.start()
    render_lenormand_deck(spec).to_bytes()
    _, peak = tracemalloc.get_traced_memory()
    print(f"deck peak Python memory: {peak / 1024 / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
