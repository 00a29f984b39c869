"""Throughput of the Jeu de l'Oie simulator (games per CPU second), classic and team variants.

python benchmarks/oie_simulate.py [--games 100000]

Time is the process's CPU time (``time.process_time``), so other work on the machine does not
change the figures much; wall time is printed beside it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parents[1])
)  # run from any folder, on this checkout

from generator.games.oie.rules import Rules, Teams
from generator.games.oie.simulate import simulate


def measure(label: str, players: int, games: int, teams: Teams | None = None) -> None:
    start, wall = time.process_time(), time.perf_counter()
    summary = simulate(players, games, seed=1, rules=Rules(), teams=teams)
    elapsed, wall = time.process_time() - start, time.perf_counter() - wall
    print(
        f"{label:<38} {games:>8} games  {elapsed:6.2f} s CPU ({wall:6.2f} s wall)"
        f"  {games / elapsed:>9.0f} games/s  (mean {summary.mean_rounds:.2f} rounds)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    measure("classic, 4 players", 4, args.games)
    measure("solitaire (1 player)", 1, args.games)
    measure("classic, 6 players", 6, args.games)
    team_games = max(1, args.games // 10)
    for policy in ("best", "team"):  # the engine alone, then with the default team policy
        measure(f"teams, 4 players x 2 pawns, {policy}", 4, team_games, Teams(2, policy))
        measure(f"teams, 3 players x 4 pawns, {policy}", 3, team_games, Teams(4, policy))


if __name__ == "__main__":
    main()
