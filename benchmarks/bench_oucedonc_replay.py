"""Benchmark: reading a game file replays its whole journal; that must stay linear in the moves.

Builds a dealt game of 2,001 moves (a deck of 2,100 place cards, one pack of 2,000, every card
placed at the north end of the column, then the final count), writes it, and times
``game_from_json`` (parse, validate, replay) and ``history`` (replay again, for the board):
median of 5, in this process (CPU time). Then the same number of moves as a game of packs of 15
with a count after each (the table never holds more than a pack, as at a real table), to show
the time per move does not grow with the journal.

Run:  python benchmarks/bench_oucedonc_replay.py [MOVES]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.deckfile import Deck, OtherCard, make_place_card
from generator.games.oucedonc.game import Count, Phase, Place, deal
from generator.games.oucedonc.gamefile import (
    game_from_json,
    game_to_json,
    history,
    new_game,
)
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot


def big_game(places: int, pack_size: int | None = None):
    pack_size = pack_size or places
    packs = -(-places // pack_size)
    cards = tuple(
        make_place_card(
            f"P{i:04d}",
            f"Lieu {i}",
            "town",
            40 + (i * 37 % 997) * 0.01,
            -5 + (i * 23 % 991) * 0.013,
            Precision.SECOND,
        )
        for i in range(1, places + 101)
    )
    others = tuple(OtherCard(f"I{n}", "intermede", "Intermède") for n in range(1, packs))
    deck = Deck(
        "bench", "france", 1, Precision.SECOND, cards + _spare(packs), others, packs, pack_size
    )
    setup = deal(["Ana", "Ben", "Chloé"], deck, 7, RuleOptions(), packs=packs, pack_size=pack_size)
    game = new_game(setup)
    while not game.state.over:
        state = game.state
        if state.phase(setup) is Phase.PLAY:
            top = state.table.column[0]
            player = setup.players[state.turn]
            drawn = setup.pile[state.next_draw]
            game, _ = game.play(Place(player, drawn, Slot.beside(Direction.NORTH_OF, top)))
        else:
            game, _ = game.play(Count(tuple((p, 0) for p in setup.players)))
    return game


def _spare(packs: int):
    """One more start card per pack."""
    return tuple(
        make_place_card(
            f"S{i:04d}", f"Départ {i}", "town", 50 + i * 0.01, 3 + i * 0.01, Precision.SECOND
        )
        for i in range(packs)
    )


def cpu(function, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 2001
    game = big_game(moves - 1)
    text = game_to_json(game)
    print(f"game file: {len(game.journal)} moves, {len(text.encode()) / 1024:.0f} KiB")
    load = cpu(lambda: game_from_json(text))
    print(f"game_from_json (parse + validate + replay): median {load * 1000:.0f} ms CPU")
    loaded = game_from_json(text)
    replayed = cpu(lambda: history(loaded))
    print(f"history (replay for the board): median {replayed * 1000:.0f} ms CPU")
    packed = big_game(moves * 15 // 16, pack_size=15)
    text = game_to_json(packed)
    load = cpu(lambda: game_from_json(text))
    print(
        f"{len(packed.journal)} moves in packs of 15: game_from_json "
        f"median {load * 1000:.0f} ms CPU "
        f"({load * 1e6 / len(packed.journal):.0f} µs a move)"
    )


if __name__ == "__main__":
    main()
