"""Benchmark of the Oucédonc referee: how long a move takes at the table, on a full-length game.

Builds a 63-place-card deck and a complete game (3 packs of 15, a doubt after every other card,
3 counts), then measures:

- load + replay of the finished game file (what every command does first),
- one `pnp oucedonc game place` on a game file at the last card of pack 3 (wall time, child process,
  median of 5), and `game show`, `verify --deck` the same way,
- peak memory of the replay (tracemalloc).

Run:  python benchmarks/bench_oucedonc_referee.py
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.core.atomic import write_text
from generator.games.oucedonc.compare import Direction, EqualCoordinates
from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.count import walk
from generator.games.oucedonc.deckfile import Deck, OtherCard, deck_to_json, make_place_card
from generator.games.oucedonc.game import Count, Doubt, Phase, Place, deal
from generator.games.oucedonc.gamefile import game_from_json, game_to_json, new_game
from generator.games.oucedonc.rules import CountPreceding, RuleOptions
from generator.games.oucedonc.table import Slot


def big_deck() -> Deck:
    places = tuple(
        make_place_card(
            f"P{i:02d}",
            f"Lieu {i}",
            "town",
            42.3 + (i * 37 % 63) * 0.14,
            -4.7 + (i * 23 % 63) * 0.19,
            Precision.MINUTE,
        )
        for i in range(1, 64)
    )
    others = (OtherCard("I1", "intermede", "Intermède"), OtherCard("I2", "intermede", "Intermède"))
    return Deck(
        title="bench",
        region="france",
        seed=1,
        precision=Precision.MINUTE,
        places=places,
        others=others,
    )


def full_game(stop_before_last: bool):
    setup = deal(["Ana", "Ben", "Chloé", "Dan"], big_deck(), 7, RuleOptions())
    game = new_game(setup)
    turn = 0
    while not game.state.over:
        state = game.state
        phase = state.phase(setup)
        if phase is Phase.PLAY:
            if stop_before_last and state.cards_left(setup) == 1:
                return game
            anchor = state.table.column[0] if turn % 2 else state.table.row[-1]
            direction = Direction.NORTH_OF if turn % 2 else Direction.EAST_OF
            game, _ = game.play(
                Place(setup.players[state.turn], state.drawn(setup), Slot.beside(direction, anchor))
            )
            if turn % 2 == 0:
                game, _ = game.play(
                    Doubt(setup.players[game.state.turn], game.state.pending.card, anchor)
                )
            turn += 1
        else:
            n = len(
                walk(
                    state.table, setup.units, EqualCoordinates.WELL_PLACED, CountPreceding.ON_TABLE
                ).set_aside
            )
            game, _ = game.play(Count(tuple((p, n + i) for i, p in enumerate(setup.players))))
    return game


def wall(args: list[str], repeat: int = 5, restore: tuple[Path, str] | None = None) -> float:
    times = []
    for _ in range(repeat):
        if restore:
            restore[0].write_text(restore[1], encoding="utf-8")
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "generator", *args], capture_output=True, text=True
        )
        times.append(time.perf_counter() - start)
        assert result.returncode == 0, result.stderr
    return statistics.median(times)


def main() -> None:
    finished = full_game(stop_before_last=False)
    text = game_to_json(finished)
    print(
        f"finished game: {len(finished.journal)} journal entries, file "
        f"{len(text.encode()) / 1024:.1f} KiB"
    )
    runs = []
    for _ in range(20):
        start = time.perf_counter()
        game_from_json(text)
        runs.append(time.perf_counter() - start)
    print(
        f"load + validate + replay a finished game: median {statistics.median(runs) * 1000:.1f} ms "
        "(20 runs)"
    )
    tracemalloc.start()
    game_from_json(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of that replay (tracemalloc): {peak / 1024:.0f} KiB")

    folder = Path(tempfile.mkdtemp(prefix="bench-referee-"))
    try:
        late = full_game(stop_before_last=True)
        path = folder / "partie.json"
        late_text = game_to_json(late)
        write_text(path, late_text)
        deck_path = folder / "deck.json"
        write_text(deck_path, deck_to_json(late.setup.deck))
        setup, state = late.setup, late.state
        card = state.drawn(setup)
        place = wall(
            ["oucedonc", "game", "place", str(path), card, "--east-of", state.table.row[-1]],
            restore=(path, late_text),
        )
        show = wall(["oucedonc", "game", "show", str(path)])
        verify = wall(["oucedonc", "verify", "P01", "north-of", "P02", "--deck", str(deck_path)])
        helptime = wall(["--help"])
        print(
            f"`pnp oucedonc game place` on the last card of pack 3 ({len(late.journal)} moves): "
            f"median {place * 1000:.0f} ms wall"
        )
        print(f"`pnp oucedonc game show`: median {show * 1000:.0f} ms wall")
        print(f"`pnp oucedonc verify --deck`: median {verify * 1000:.0f} ms wall")
        print(
            f"`pnp --help` (interpreter + CLI start, for reference): median {helptime * 1000:.0f} "
            "ms wall"
        )
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
