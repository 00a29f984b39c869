"""One throw of one pawn, alone on the board: the movement rules of the seed.

- Advance by the points; past 63 the excess is counted backward from 63 (the bounce).
- A goose repeats the same number of points in the direction of travel (backward after a
  bounce), and chains.
- The bridge (6) flies to 12, the labyrinth (42) sends to 30, death (58) to the start.
- The first-throw rule: on a player's first throw, 6+3 flies to 26 and 5+4 to 53.

Interactions with other pawns (occupied squares, inn, well, prison, pot) are the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.core.refusal import Refusal
from generator.games.oie.refusals import SquareName, Why
from generator.games.oie.squares import BOARD, FIRST_THROWS, GOOSE_SET, LAST, START

STEP_GOOSE = "goose"
STEP_BOUNCE = "bounce"
STEP_BRIDGE = "bridge"
STEP_LABYRINTH = "labyrinth"
STEP_DEATH = "death"
STEP_FIRST_THROW = "first-throw"


@dataclass(frozen=True)
class Step:
    square: int
    reason: str  # "move", "goose", "bounce", "bridge", "labyrinth", "death", "first-throw"

    def to_json(self) -> dict[str, object]:
        return {"square": self.square, "reason": self.reason}


@dataclass(frozen=True)
class Resolution:
    start: int
    points: int
    steps: tuple[Step, ...]

    @property
    def final(self) -> int:
        return self.steps[-1].square if self.steps else self.start

    @property
    def path(self) -> tuple[int, ...]:
        """The start square and every square the pawn landed on, in order."""
        return (self.start, *(step.square for step in self.steps))

    @property
    def reasons(self) -> tuple[str, ...]:
        return tuple(step.reason for step in self.steps)

    @property
    def stakes(self) -> int:
        """Stakes paid on the way (the bridge and the labyrinth each take one)."""
        return sum(1 for step in self.steps if step.reason in (STEP_BRIDGE, STEP_LABYRINTH))


@dataclass(frozen=True)
class ThrowResult:
    """A throw as asked (the one-throw resolver): the pawn's square, the dice, whether the
    first-throw rule applies, and where the pawn ends."""

    start: int
    dice: tuple[int, int]
    first_throw: bool
    resolution: Resolution

    def to_json(self) -> dict[str, object]:
        return {
            "from": self.start,
            "dice": list(self.dice),
            "first_throw": self.first_throw,
            "path": list(self.resolution.path),
            "final": self.resolution.final,
            "steps": [step.to_json() for step in self.resolution.steps],
            "stakes": self.resolution.stakes,
        }


def _check_square(square: int) -> None:
    if not 0 <= square <= LAST:
        raise Refusal(Why.SQUARE_OFF_BOARD, {"square": square, "last": LAST})
    if BOARD[square].target is not None:
        raise Refusal(Why.SQUARE_SENDS_ON, {"square": square, "name": SquareName(square)})
    if square in GOOSE_SET:
        raise Refusal(Why.GOOSE_SQUARE, {"square": square})


def _check_die(die: int) -> None:
    if not 1 <= die <= 6:
        raise Refusal(Why.BAD_DIE, {"die": die})


@cache
def resolve_points(start: int, points: int) -> Resolution:
    """Move a pawn from ``start`` by ``points`` (1..12), applying bounce, geese and squares."""
    _check_square(start)
    if start == LAST:
        raise Refusal(Why.FINISHED, {"last": LAST})
    if not 1 <= points <= 12:
        raise Refusal(Why.BAD_POINTS, {"points": points})
    steps: list[Step] = []
    position, direction = start, 1
    while True:
        position += direction * points
        reason = "move" if not steps else STEP_GOOSE
        if position > LAST:
            position = 2 * LAST - position
            direction = -1
            reason = STEP_BOUNCE
        # Backward goose chains never pass below the start on this board (a test checks it).
        steps.append(Step(position, reason))
        if position in GOOSE_SET:
            continue
        square = BOARD[position]
        if square.target is not None:
            steps.append(Step(square.target, square.kind.value))
        break
    return Resolution(start, points, tuple(steps))


def first_throw_target(d1: int, d2: int) -> int | None:
    """The square the first-throw rule sends ``d1``+``d2`` to, or None."""
    for rule in FIRST_THROWS:
        if sorted((d1, d2)) == sorted(rule.dice):
            return rule.target
    return None


def throw(start: int, d1: int, d2: int, first_throw: bool = False) -> ThrowResult:
    """:func:`resolve_throw` with the throw it answers."""
    return ThrowResult(start, (d1, d2), first_throw, resolve_throw(start, d1, d2, first_throw))


def resolve_throw(start: int, d1: int, d2: int, first_throw: bool = False) -> Resolution:
    """One throw of two dice; ``first_throw`` applies the 6+3 / 5+4 rule (from the start only)."""
    _check_die(d1)
    _check_die(d2)
    if first_throw:
        if start != START:
            raise Refusal(Why.FIRST_THROW_FROM_START)
        target = first_throw_target(d1, d2)
        if target is not None:
            return Resolution(start, d1 + d2, (Step(target, STEP_FIRST_THROW),))
    return resolve_points(start, d1 + d2)
