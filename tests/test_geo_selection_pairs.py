"""The selection's pair matrices (every pair's dot product and one-place test, computed once)
give the very deal of the card-by-card computation: same floats, same places, same order."""

from __future__ import annotations

import pytest

from generator.games.oucedonc.coords import AUTO_PRECISIONS, printed_grid
from generator.geo import selection
from generator.geo.catalog import load_places
from generator.geo.regions import resolve_region


@pytest.mark.parametrize(
    ("region", "difficulty", "seed", "count"),
    [
        ("france", "normal", 1, 63),
        ("bretagne", "hard", 4, 63),
        ("france", "easy", 2, 36),
        ("IT", "normal", 3, 63),
    ],
)
def test_the_pair_matrices_deal_the_same_deck(monkeypatch, region, difficulty, seed, count):
    candidates = load_places("embedded", resolve_region(region))
    grid = printed_grid(AUTO_PRECISIONS[0])
    calls = []
    real = selection._pairs
    monkeypatch.setattr(selection, "_pairs", lambda c: calls.append(1) or real(c))
    with_pairs = selection.deal(candidates, count, seed, 0.2, difficulty, grid)
    assert calls, "the matrices were not used"
    monkeypatch.setattr(selection, "PAIRS_MAX", 0)
    without = selection.deal(candidates, count, seed, 0.2, difficulty, grid)
    assert with_pairs == without
