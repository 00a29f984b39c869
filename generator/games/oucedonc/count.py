"""The interim count: walk the four arms from the start card, set misplaced cards aside, reward
estimates."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import EqualCoordinates, is_placed_correctly
from generator.games.oucedonc.refusals import Why
from generator.games.oucedonc.rules import ClosestTie, CountPreceding, ExactTie
from generator.games.oucedonc.table import Arm, Table


@dataclass(frozen=True)
class Check:
    """One card checked during a count: against which card, and whether it was set aside."""

    arm: Arm
    card: str
    against: str
    set_aside: bool


@dataclass(frozen=True)
class CountWalk:
    checks: tuple[Check, ...]

    @property
    def set_aside(self) -> tuple[str, ...]:
        return tuple(check.card for check in self.checks if check.set_aside)


def walk(
    table: Table,
    units: Callable[[str, str], int],
    equal: EqualCoordinates,
    preceding: CountPreceding,
) -> CountWalk:
    """Check every card of the four arms outward from the start card.

    ``units(card, axis)`` gives a card's printed coordinate on ``"lat"`` or ``"lon"``. The start
    card is the reference of every arm and is never checked, so never set aside.
    """
    checks: list[Check] = []
    for arm in Arm:
        direction = arm.outward
        reference = table.start
        for card in table.arm(arm):
            correct = is_placed_correctly(
                units(card, direction.axis), units(reference, direction.axis), direction, equal
            )
            checks.append(Check(arm=arm, card=card, against=reference, set_aside=not correct))
            if correct or preceding is CountPreceding.ORIGINAL:
                reference = card
    return CountWalk(checks=tuple(checks))


def checked_estimates(pairs: Iterable[tuple[str, int]], on_table: int) -> dict[str, int]:
    """Each player's estimate (names as the players are named), refused if a player gives two,
    or one below 0 or above ``on_table`` (no count can reach more than every card of the
    table)."""
    estimates: dict[str, int] = {}
    for player, estimate in pairs:
        if player in estimates:
            raise Refusal(Why.TWO_ESTIMATES, {"player": player})
        if estimate < 0:
            raise Refusal(Why.NEGATIVE_ESTIMATE, {"player": player, "estimate": estimate})
        if estimate > on_table:
            raise Refusal(
                Why.ESTIMATE_TOO_HIGH, {"player": player, "estimate": estimate, "n": on_table}
            )
        estimates[player] = estimate
    return estimates


@dataclass(frozen=True)
class Rewards:
    misplaced: int
    exact: tuple[str, ...]  # players whose estimate was exact
    closest: tuple[str, ...]  # when none was exact: the players equally closest
    won: Mapping[str, int]  # tokens won from the reserve, per player (0 for the others)


def rewards(
    misplaced: int,
    estimates: Mapping[str, int],
    players: Sequence[str],
    tie: ClosestTie,
    exact_tie: ExactTie,
) -> Rewards:
    """Exact estimates win 2 tokens each (several exact: see ``exact_tie``); if none is exact, the
    closest win 1 (several closest: see ``tie``)."""
    exact = tuple(p for p in players if estimates[p] == misplaced)
    won = dict.fromkeys(players, 0)
    if exact:
        winners = players if len(exact) > 1 and exact_tie is ExactTie.EVERYONE else exact
        for player in winners:
            won[player] = 2
        return Rewards(misplaced=misplaced, exact=exact, closest=(), won=won)
    best = min(abs(estimates[p] - misplaced) for p in players)
    closest = tuple(p for p in players if abs(estimates[p] - misplaced) == best)
    if len(closest) == 1 or tie is ClosestTie.ALL:
        for player in closest:
            won[player] = 1
    return Rewards(misplaced=misplaced, exact=(), closest=closest, won=won)
