"""Exact solitaire statistics: the chain's solution is exact, and the simulator agrees with it."""

import math
from fractions import Fraction

import pytest

from generator.games.oie.resolver import resolve_throw
from generator.games.oie.rules import Rules
from generator.games.oie.simulate import play_many
from generator.games.oie.stats import (
    OPENING,
    distribution,
    expected_turns,
    expected_turns_by_state,
    transitions,
)


def test_chain_rows_are_probability_distributions_over_known_states():
    chain = transitions()
    for row in chain.values():
        assert sum(row.values()) <= 1
        assert all(target in chain for target in row)
    # the opening throw: 6+3 and 5+4 fly to 26 and 53; nothing reaches the garden at once
    assert chain[OPENING][(26, 0)] == Fraction(2, 36)
    assert chain[OPENING][(53, 0)] == Fraction(2, 36)
    assert sum(chain[OPENING].values()) == 1


def test_expected_turns_solve_the_linear_system_exactly():
    chain = transitions()
    e = expected_turns_by_state()
    for state, row in chain.items():
        assert e[state] == 1 + sum(p * e[t] for t, p in row.items())


def test_distribution_is_exact_and_sums_to_one():
    d = distribution(60)
    assert sum(d.pmf) + d.tail == 1
    assert d.pmf[0] == 0  # no throw from the start reaches 63 on the first throw
    # turn 2 by hand: from the squares reached on the first throw, the throws that end in 63
    by_hand = Fraction(0)
    for a in range(1, 7):
        for b in range(1, 7):
            first = resolve_throw(0, a, b, first_throw=True).final
            if first in (19, 31, 52, 63):
                continue
            for c in range(1, 7):
                for e in range(1, 7):
                    if resolve_throw(first, c, e).final == 63:
                        by_hand += Fraction(1, 36 * 36)
    assert d.pmf[1] == by_hand


@pytest.mark.slow
def test_simulator_agrees_with_the_exact_chain():
    games = 20_000
    results = list(play_many(1, games, seed=2024, rules=Rules(), teams=None))
    turns = [r.rounds for r in results]
    assert all(r.winner == 0 for r in results)
    mean = sum(turns) / games
    exact = float(expected_turns())
    sd = math.sqrt(sum((t - mean) ** 2 for t in turns) / (games - 1))
    assert abs(mean - exact) < 5 * sd / math.sqrt(games)
    d = distribution(40)
    for horizon in (5, 10, 20, 40):
        p = float(d.cdf(horizon))
        observed = sum(t <= horizon for t in turns) / games
        assert abs(observed - p) < 5 * math.sqrt(p * (1 - p) / games) + 1e-9, horizon
