"""Benchmark of the referee at the table: a move in `pnp oucedonc play`, and a one-shot command.

1. The session (no process start per move): a physical game with a 63-card deck, 3 players, is
   played line by line through the referee's :class:`generator.products.referee.session.Session`
   exactly as typed (parse, lock, read and replay the file, apply, atomic write), the board
   redrawn at 80 columns as :class:`generator.cli.oucedonc_play.Loop` does:
   the time of each move, median and slowest, wall and CPU.
2. The one-shot `pnp oucedonc game place` on a file at the last card of pack 3: whole-process
   CPU time (user + system of the child, from getrusage) and wall time, median of 5; and
   `game show`, for reference.

Run:  python benchmarks/bench_oucedonc_play.py
"""

from __future__ import annotations

import io
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console

from generator.cli.oucedonc_play import Loop, PipedTerminal
from generator.core.atomic import write_text
from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.deckfile import Deck, OtherCard, make_place_card
from generator.games.oucedonc.game import Phase, physical
from generator.games.oucedonc.gamefile import game_from_json, game_to_json, new_game
from generator.games.oucedonc.rules import RuleOptions
from generator.products.referee.session import Played, Session

PLAYERS = ("Ana", "Ben", "Chloé")


def deck() -> Deck:
    places = tuple(
        make_place_card(
            f"P{i:02d}",
            f"Lieu numéro {i}",
            "town",
            42.3 + (i * 37 % 63) * 0.14,
            -4.7 + (i * 23 % 63) * 0.19,
            Precision.MINUTE,
        )
        for i in range(1, 64)
    )
    others = (OtherCard("I1", "intermede", "Intermède"), OtherCard("I2", "intermede", "Intermède"))
    return Deck("bench", "france", 1, Precision.MINUTE, places, others)


def lines() -> list[str]:
    """A whole game as typed: start cards, each card laid next to the start card (north, south,
    west, east in turn), a doubt every third card by the next player."""
    typed = []
    cards = [f"P{i:02d}" for i in range(1, 64)]
    turn = 0
    for _ in range(3):
        start = cards.pop()
        typed.append(start)  # the start card, its name alone
        for number in range(15):
            card = cards.pop()
            typed.append(f"{card} {'nsoe'[number % 4]} {start}")
            if number % 3 == 0:
                typed.append(f"doute {PLAYERS[(turn + 1) % 3]} {start}")
            turn += 1
        typed.append("compte ana=1 ben=2 chloé=3")
    return typed


def session_moves(folder: Path) -> tuple[list[float], list[float]]:
    path = folder / "session.json"
    write_text(path, game_to_json(new_game(physical(PLAYERS, deck(), RuleOptions()))))
    console = Console(file=io.StringIO(), width=80)
    session = Session.open(path)
    loop = Loop(session, PipedTerminal(iter(()), console), console)
    wall, cpu = [], []
    for line in lines():
        start, start_cpu = time.perf_counter(), time.process_time()
        reply = session.respond(line)
        if isinstance(reply, Played):
            loop.say(reply.said, "bold")
            loop.draw(reply.game)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    game = session.game
    assert game.state.phase(game.setup) is Phase.OVER, game.state.phase(game.setup)
    return wall, cpu


def child(args: list[str], repeat: int, restore: tuple[Path, str] | None = None):
    walls, cpus = [], []
    for _ in range(repeat):
        if restore:
            restore[0].write_text(restore[1], encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "generator", *args], capture_output=True, text=True
        )
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        assert result.returncode == 0, result.stderr
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-play-"))
    try:
        wall, cpu = session_moves(folder)
        print(
            f"`pnp oucedonc play`, {len(wall)} moves of a whole game (parse, lock, replay, write, "
            f"redraw): median {statistics.median(wall) * 1000:.1f} ms wall, "
            f"{statistics.median(cpu) * 1000:.1f} ms CPU; slowest {max(wall) * 1000:.1f} ms wall"
        )
        game = game_from_json((folder / "session.json").read_text(encoding="utf-8"))
        late = game
        while len(late.journal) and not (
            late.state.phase(late.setup) is Phase.PLAY
            and late.state.pack_number(late.setup) == 3
            and late.state.in_pack == 14
        ):
            late, _ = late.undo()
        path = folder / "partie.json"
        text = game_to_json(late)
        write_text(path, text)
        table = late.state.table
        played = set(late.state.out_of_play) | set(table.cards())
        card = next(c.id for c in late.setup.deck.places if c.id not in played)
        place = child(
            ["oucedonc", "game", "place", str(path), card, "--east-of", table.row[-1]],
            repeat=5,
            restore=(path, text),
        )
        show = child(["oucedonc", "game", "show", str(path)], repeat=5)
        print(
            f"`pnp oucedonc game place` (last card of pack 3, {len(late.journal)} moves), whole "
            f"process: median {place[1] * 1000:.0f} ms CPU, {place[0] * 1000:.0f} ms wall"
        )
        print(
            f"`pnp oucedonc game show`, whole process: median {show[1] * 1000:.0f} ms CPU, "
            f"{show[0] * 1000:.0f} ms wall"
        )
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
