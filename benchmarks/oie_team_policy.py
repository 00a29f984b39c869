"""Team variant of the Jeu de l'Oie: how well each pawn policy plays (the figures of
docs/rules/oie.md, "Team policy").

python benchmarks/oie_team_policy.py [--games 10000] [--seed 20]

For 2, 4 and 6 players (4, 2 and 2 pawns each, the defaults):

- mean rounds: every seat plays the same policy; mean length of the games (rounds until the first
  player brings all his pawns home), with its standard error;
- head to head: the seats alternate between two policies (A B A B ...), and in half of the games
  the order is reversed (B A B A ...), so each policy holds each seat equally often; the share
  of the games won by policy A's seats, with a 95 % interval (50 % = as good as B).

Then the exact expected turns of one player alone with two pawns (prison: 3 turns), per policy.
Every figure comes from ``pnp oie simulate`` with the same options, e.g.
``pnp oie simulate --teams --players 4 --games 5000 --policy team,best --seed 20``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parents[1])
)  # run from any folder, on this checkout

from generator.games.oie.rules import Teams, default_pawns
from generator.games.oie.simulate import simulate
from generator.games.oie.team_values import TeamModel, policy_turns

POLICIES = ("team", "best", "random")
DUELS = (("team", "best"), ("team", "random"), ("best", "random"))
PLAYERS = (2, 4, 6)


def mean_rounds(players: int, policy: str, games: int, seed: int) -> tuple[float, float]:
    summary = simulate(players, games, seed, teams=Teams(default_pawns(players), policy))
    assert summary.finished == games, "a game hit --max-rounds"
    return summary.mean_rounds, summary.stdev_rounds / math.sqrt(summary.finished)


def head_to_head(players: int, a: str, b: str, games: int, seed: int) -> tuple[float, int]:
    """Share of the games won by ``a``'s seats, and the number of games."""
    won, played = 0, 0
    for k, order in enumerate(((a, b), (b, a))):
        seats = tuple(order[seat % 2] for seat in range(players))
        half = games // 2 if k == 0 else games - games // 2
        summary = simulate(
            players,
            half,
            seed + k,
            teams=Teams(default_pawns(players), seats[0], seat_policies=seats),
        )
        won += sum(w for seat, w in enumerate(summary.wins_by_seat) if seats[seat] == a)
        played += summary.finished
    return won / played, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    start = time.process_time()
    print(f"## Mean rounds, every seat the same policy ({args.games} games each)\n")
    print("| players (pawns) | " + " | ".join(POLICIES) + " |")
    print("|---|" + "---:|" * len(POLICIES))
    for players in PLAYERS:
        cells = []
        for policy in POLICIES:
            mean, error = mean_rounds(players, policy, args.games, args.seed)
            cells.append(f"{mean:.2f} ± {error:.2f}")
        print(f"| {players} ({default_pawns(players)}) | " + " | ".join(cells) + " |")
    print(
        f"\n## Head to head: share of the games won by the first policy ({args.games} games each)\n"
    )
    print("| players (pawns) | " + " | ".join(f"{a} vs {b}" for a, b in DUELS) + " |")
    print("|---|" + "---:|" * len(DUELS))
    for players in PLAYERS:
        cells = []
        for a, b in DUELS:
            share, played = head_to_head(players, a, b, args.games, args.seed)
            margin = 1.96 * math.sqrt(share * (1 - share) / played)
            cells.append(f"{share:.1%} ± {margin:.1%}")
        print(f"| {players} ({default_pawns(players)}) | " + " | ".join(cells) + " |")
    print("\n## One player alone, two pawns: exact expected turns\n")
    for policy in POLICIES:
        print(f"- {policy}: {policy_turns(TeamModel(), policy):.4f}")
    print(f"\n({time.process_time() - start:.0f} s CPU)")


if __name__ == "__main__":
    main()
