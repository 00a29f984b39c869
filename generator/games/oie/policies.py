"""Team variant: which pawn takes which die (docs/rules/oie.md, "Team variant").

A chooser gets the player's movable pawns, every pawn's square, the two dice and the player's
pawns; it returns ``(a, b)``: pawn ``a`` takes ``d1`` and moves first, pawn ``b`` takes ``d2``.

- ``team`` (default): values computed for the team variant itself (``team_values``).
- ``best``: each pawn valued alone by the classic game's two-dice chain (the policy before
  issue #20, kept for comparison).
- ``random``: a seeded random choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from generator.games.oie.rules import (
    OWN_PAWNS_RELEASE,
    POLICY_BEST,
    POLICY_RANDOM,
    POLICY_TEAM,
    Rules,
    Teams,
)
from generator.games.oie.squares import INN, LAST, PRISON, START, WELL
from generator.games.oie.tables import move_tables

#: movable pawns, every pawn's square, d1, d2, the player's pawns -> (pawn for d1, pawn for d2)
Chooser = Callable[[list[int], list[int], int, int, tuple[int, ...]], tuple[int, int]]


def shared_squares(own_pawns: str) -> frozenset[int]:
    """Squares where a pawn of the same player does not send the newcomer back: the start and the
    garden hold any number of pawns; with the own-pawn rule ``release`` the inn, the well and the
    prison apply their own rules to an own pawn too."""
    if own_pawns == OWN_PAWNS_RELEASE:
        return frozenset((START, LAST, INN, WELL, PRISON))
    return frozenset((START, LAST))


def make_chooser(policy: str, teams: Teams, rules: Rules, rng: random.Random) -> Chooser:
    if policy == POLICY_RANDOM:
        return _random_chooser(rng)
    if policy == POLICY_BEST:
        return _best_chooser(shared_squares(teams.own_pawns))
    if policy == POLICY_TEAM:
        from generator.games.oie.team_values import team_chooser

        return team_chooser(teams, rules)
    raise ValueError(f"unknown policy {policy!r}")  # Teams validated it: a programming error


def _random_chooser(rng: random.Random) -> Chooser:
    def choose(
        movable: list[int], pos: list[int], d1: int, d2: int, mine: tuple[int, ...]
    ) -> tuple[int, int]:
        options = [(a, b) for a in movable for b in movable if a != b]
        return options[rng.randrange(len(options))]

    return choose


@lru_cache(maxsize=1)
def classic_gains() -> tuple[float, ...]:
    """``gain[square * 7 + die]``: expected turns a lone pawn of the classic game saves by moving
    ``die`` from ``square`` (the two-dice solitaire chain)."""
    from generator.games.oie.stats import expected_remaining_turns

    remaining = expected_remaining_turns()
    tables = move_tables()
    gain = [0.0] * ((LAST + 1) * 7)
    for square, value in remaining.items():
        if square == LAST:
            continue
        for die in range(1, 7):
            final = tables.final[square * 13 + die]
            gain[square * 7 + die] = value - remaining[final]
    return tuple(gain)


def _best_chooser(shared: frozenset[int]) -> Chooser:
    """Of all the ways to give the two dice to two pawns, the one that saves the most expected
    turns of the classic chain; a die that lands a pawn on another of the player's pawns (which
    sends it back) counts as no move. Ties go to the lower-numbered pawns."""
    gain = classic_gains()
    final = move_tables().final

    def choose(
        movable: list[int], pos: list[int], d1: int, d2: int, mine: tuple[int, ...]
    ) -> tuple[int, int]:
        held_by = {pos[p]: p for p in mine if pos[p] not in shared}
        best, best_value = (movable[0], movable[1]), -1e9
        for a in movable:
            to_a = final[pos[a] * 13 + d1]
            a_blocked = held_by.get(to_a, a) != a
            first = 0.0 if a_blocked else gain[pos[a] * 7 + d1]
            a_now = pos[a] if a_blocked else to_a
            for b in movable:
                if b != a:
                    to_b = final[pos[b] * 13 + d2]
                    if to_b in shared:
                        b_blocked = False
                    elif to_b == a_now:
                        b_blocked = True
                    else:
                        b_blocked = held_by.get(to_b, b) not in (a, b)
                    value = first + (0.0 if b_blocked else gain[pos[b] * 7 + d2])
                    if value > best_value + 1e-12:
                        best, best_value = (a, b), value
        return best

    return choose
