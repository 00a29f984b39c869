"""Exact solitaire statistics: an absorbing Markov chain solved with exact fractions.

One player alone: nobody can free him, so the well costs 2 lost turns, the inn 1 and the prison
3 (see docs/rules/oie.md). A *turn* is one of the player's turns, played or lost. States are
``(square, turns still to lose)`` plus the opening state, where the first-throw rule applies.
The garden (63) absorbs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from generator.core.refusal import Refusal
from generator.games.oie.refusals import Why
from generator.games.oie.rules import SOLITAIRE_PRISON_TURNS
from generator.games.oie.squares import INN, LAST, PRISON, START, WELL
from generator.games.oie.tables import THROWS, move_tables, resting_squares

State = tuple[int, int]  # (square, lost turns pending); (START, -1) is the opening state
OPENING: State = (START, -1)
LOST_ON_ARRIVAL = {INN: 1, WELL: 2, PRISON: SOLITAIRE_PRISON_TURNS}


def _arrive(square: int) -> State:
    return (square, LOST_ON_ARRIVAL.get(square, 0))


@lru_cache(maxsize=1)
def transitions() -> dict[State, dict[State, Fraction]]:
    """Transient states and their one-turn transition probabilities (absorbing state omitted)."""
    tables = move_tables()
    chain: dict[State, dict[State, Fraction]] = {}
    sixth_squared = Fraction(1, 36)

    def roll(targets: Callable[[int], int]) -> dict[State, Fraction]:
        row: dict[State, Fraction] = {}
        for index in range(36):
            final = targets(index)
            if final == LAST:
                continue
            state = _arrive(final)
            row[state] = row.get(state, Fraction(0)) + sixth_squared
        return row

    chain[OPENING] = roll(lambda i: tables.first_final[i])
    for square in resting_squares():
        if square == LAST:
            continue

        def final_after(throw: int, start: int = square) -> int:
            return tables.final[start * 13 + sum(THROWS[throw])]

        chain[(square, 0)] = roll(final_after)
        for pending in range(1, LOST_ON_ARRIVAL.get(square, 0) + 1):
            chain[(square, pending)] = {(square, pending - 1): Fraction(1)}
    return chain


def _solve(
    chain: dict[State, dict[State, Fraction]], rhs: dict[State, Fraction]
) -> dict[State, Fraction]:
    """Solve (I - Q) x = rhs exactly by Gauss-Jordan elimination over fractions."""
    states = list(chain)
    index = {state: i for i, state in enumerate(states)}
    n = len(states)
    matrix = [[Fraction(0)] * n + [rhs[state]] for state in states]
    for state, row in chain.items():
        i = index[state]
        matrix[i][i] += 1
        for target, probability in row.items():
            matrix[i][index[target]] -= probability
    for col in range(n):
        pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        pivot_row = matrix[col]
        inverse = 1 / pivot_row[col]
        pivot_row[:] = [value * inverse for value in pivot_row]
        for r in range(n):
            if r != col and matrix[r][col] != 0:
                factor = matrix[r][col]
                target_row = matrix[r]
                for c in range(col, n + 1):
                    if pivot_row[c]:
                        target_row[c] -= factor * pivot_row[c]
    return {state: matrix[index[state]][n] for state in states}


@lru_cache(maxsize=1)
def expected_turns_by_state() -> dict[State, Fraction]:
    """Exact expected number of turns to reach the garden from every transient state."""
    chain = transitions()
    return _solve(chain, {state: Fraction(1) for state in chain})


def expected_turns() -> Fraction:
    """Exact expected length, in turns, of a solitaire game from the opening throw."""
    return expected_turns_by_state()[OPENING]


def expected_remaining_turns() -> dict[int, float]:
    """Expected turns left for a lone pawn just arrived on each resting square (garden: 0)."""
    values = expected_turns_by_state()
    remaining = {
        square: float(values[_arrive(square)]) for square, pending in values if pending == 0
    }
    for square, pending in LOST_ON_ARRIVAL.items():
        remaining[square] = float(values[(square, pending)])
    remaining[LAST] = 0.0
    return remaining


@dataclass(frozen=True)
class Distribution:
    """P(the game ends on turn t) for t = 1..len(pmf), exactly, and the mass left beyond."""

    pmf: tuple[Fraction, ...]
    tail: Fraction  # P(T > len(pmf))

    def cdf(self, turns: int) -> Fraction:
        return sum(self.pmf[:turns], Fraction(0))

    def quantile(self, q: Fraction) -> int | None:
        """Smallest t with P(T <= t) >= q, or None if beyond the computed horizon."""
        total = Fraction(0)
        for turn, probability in enumerate(self.pmf, start=1):
            total += probability
            if total >= q:
                return turn
        return None


HORIZONS = (10, 400)  # the turns an exact distribution may be computed over


def check_horizon(horizon: int) -> int:
    low, high = HORIZONS
    if not low <= horizon <= high:
        raise Refusal(Why.HORIZON, {"horizon": horizon, "low": low, "high": high})
    return horizon


QUANTILES = (10, 25, 50, 75, 90, 99)


@dataclass(frozen=True)
class ExactStats:
    """The solitaire's exact expected length and length distribution."""

    expected_turns: Fraction
    distribution: Distribution

    @property
    def horizon(self) -> int:
        return len(self.distribution.pmf)

    @property
    def percentiles(self) -> dict[int, int | None]:
        return {p: self.distribution.quantile(Fraction(p, 100)) for p in QUANTILES}

    def to_json(self, fractions: bool = False) -> dict[str, object]:
        """``fractions``: each probability as an exact fraction too."""
        mean, dist, percentiles = self.expected_turns, self.distribution, self.percentiles
        return {
            "mode": "exact",
            "expected_turns": float(mean),
            "expected_turns_fraction": f"{mean.numerator}/{mean.denominator}",
            "median": percentiles[50],
            "percentiles": {str(p): q for p, q in percentiles.items()},
            "distribution": [
                {
                    "turn": t,
                    "probability": float(p),
                    "cumulative": float(dist.cdf(t)),
                    **({"exact": f"{p.numerator}/{p.denominator}"} if fractions else {}),
                }
                for t, p in enumerate(dist.pmf, start=1)
            ],
            "beyond_horizon": float(dist.tail),
        }


def exact_stats(horizon: int) -> ExactStats:
    return ExactStats(expected_turns(), distribution(check_horizon(horizon)))


def distribution(horizon: int) -> Distribution:
    """The exact distribution of the game length over the first ``horizon`` turns."""
    chain = transitions()
    current: dict[State, Fraction] = {OPENING: Fraction(1)}
    pmf: list[Fraction] = []
    for _turn in range(horizon):
        following: dict[State, Fraction] = {}
        absorbed = Fraction(0)
        for state, mass in current.items():
            row = chain[state]
            kept = Fraction(0)
            for target, probability in row.items():
                share = mass * probability
                following[target] = following.get(target, Fraction(0)) + share
                kept += probability
            absorbed += mass * (1 - kept)
        pmf.append(absorbed)
        current = following
    return Distribution(tuple(pmf), sum(current.values(), Fraction(0)))
