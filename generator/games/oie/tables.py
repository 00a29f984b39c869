"""Precomputed move tables: every (square, points) resolved once, read by the engine's hot loop."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from generator.games.oie.resolver import first_throw_target, resolve_points
from generator.games.oie.squares import BOARD, LAST

#: The 36 equally likely throws of two dice, indexed 0..35: index = 6*(d1-1) + (d2-1).
THROWS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


def resting_squares() -> tuple[int, ...]:
    """Squares a pawn can end a move on (geese and squares that send elsewhere excluded)."""
    return tuple(
        n for n in range(LAST + 1) if BOARD[n].target is None and BOARD[n].kind.value != "goose"
    )


@dataclass(frozen=True)
class MoveTables:
    """Flat lists indexed ``square * 13 + points``: final square and stakes paid on the way."""

    final: tuple[int, ...]
    stakes: tuple[int, ...]
    first_final: tuple[int, ...]  # indexed by throw index: the square reached on a first throw
    first_stakes: tuple[int, ...]


@lru_cache(maxsize=1)
def move_tables() -> MoveTables:
    final = [-1] * ((LAST + 1) * 13)
    stakes = [0] * ((LAST + 1) * 13)
    for square in resting_squares():
        if square == LAST:
            continue
        for points in range(1, 13):
            resolution = resolve_points(square, points)
            final[square * 13 + points] = resolution.final
            stakes[square * 13 + points] = resolution.stakes
    first_final, first_stakes = [], []
    for d1, d2 in THROWS:
        target = first_throw_target(d1, d2)
        if target is None:
            first_final.append(final[d1 + d2])
            first_stakes.append(stakes[d1 + d2])
        else:
            first_final.append(target)
            first_stakes.append(0)
    return MoveTables(tuple(final), tuple(stakes), tuple(first_final), tuple(first_stakes))
