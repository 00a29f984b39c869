"""The selection's deals by latitude band, its early-stopping bisections (and the deals they
tell from others' outcomes) and its hand-written hull give the very deck of the plain
computation: every dealt card compared with every candidate, every bisection run to its end with
every deal made, shapely's hull. Same floats, same places, same order."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.oucedonc.coords import AUTO_PRECISIONS, Precision, printed_grid
from generator.geo import selection
from generator.geo.catalog import load_places
from generator.geo.regions import resolve_region


def plain_deal(columns, quota, min_km, limit, flexible=False, give_up=False):
    """The deal as first written: after each dealt card, its dot product with every one of the
    ``limit`` candidates, the one-place rule over all of them (and always to the end: a deal
    that gives up early must tell the same; and so whether it came to the relaxed pass)."""
    left = dict(quota)
    wanted = sum(left.values())
    max_dot = math.cos(min(math.pi, min_km / selection.EARTH_RADIUS_KM)) + 1e-12
    closest = np.full(limit, -2.0)
    blocked = np.zeros(limit, dtype=bool)
    xs, ys, zs = columns.xyz[:limit].T
    towns = columns.is_town[:limit]
    used_lat, used_lon, used_names = set(), set(), set()
    dealt_commune, dealt, tied = {}, [], []
    for relaxed in (False, True) if flexible else (False,):
        for i in range(limit):
            if (left[columns.kinds[i]] == 0 and not relaxed) or blocked[i]:
                continue
            if i >= columns.anchors and closest[i] > max_dot:
                continue
            if columns.names[i] in used_names:
                continue
            town = bool(towns[i])
            code = columns.commune[i]
            other = dealt_commune.get((code, not town)) if code is not None else None
            if other is not None and (
                xs[i] * xs[other] + ys[i] * ys[other] + zs[i] * zs[other] > columns.commune_dot
            ):
                continue
            if columns.lat_units is not None:
                if columns.lat_units[i] in used_lat or columns.lon_units[i] in used_lon:
                    if i < columns.anchors and not relaxed:
                        tied.append(i)
                    continue
                used_lat.add(columns.lat_units[i])
                used_lon.add(columns.lon_units[i])
            dealt.append(i)
            left[columns.kinds[i]] -= 1
            used_names.add(columns.names[i])
            if code is not None:
                dealt_commune[(code, town)] = i
            if len(dealt) == wanted:
                return selection._Dealing(dealt, tied, relaxed)
            dots = xs * xs[i] + ys * ys[i] + zs * zs[i]
            if min_km > 0:
                np.maximum(closest, dots, out=closest)
            same = (towns != town) & (dots > columns.site_town_dot)
            same |= dots > columns.near_dot
            if town:
                smaller = columns.size[:limit] * selection.SUBURB_RATIO <= columns.size[i]
                near = (dots > columns.suburb_dot) | (smaller & (dots > columns.suburb_floor_dot))
                near |= dots > columns.town_pair_dot
                agglomeration = columns.agglomeration[i]
                if agglomeration >= 0:
                    near |= (columns.agglomeration[:limit] == agglomeration) & (
                        dots > columns.beside_dot
                    )
                same |= towns & near
            blocked |= same
            for j in columns.named_after.get(i, ()):
                if j < limit:
                    blocked[j] = True
    return selection._Dealing(dealt, tied, flexible)


def plain_largest_distance(outcomes, limit, diameter, flexible, enough=0.0):
    """The bisection run to its end, whatever the caller needs, every deal made."""
    columns, quota = outcomes.columns, outcomes.quota
    wanted = sum(quota.values())
    if len(selection._deal(columns, quota, 0.0, limit, flexible)[0]) < wanted:
        return 0.0
    low, high = 0.0, diameter
    for _attempt in range(selection.BISECTIONS):
        middle = (low + high) / 2
        if len(selection._deal(columns, quota, middle, limit, flexible)[0]) >= wanted:
            low = middle
        else:
            high = middle
    return low


CASES = [
    ("france", "normal", 1, 63, 0),
    ("france", "easy", 5, 126, 0),
    ("france", "normal", 2, 504, -1),
    ("bretagne", "hard", 4, 63, 0),
    ("33", selection.EASY_FILLED, 2, 36, 0),
    ("IT", "normal", 3, 63, 0),
    ("CH", "hard", 2, 45, 0),
]


@pytest.mark.slow
@pytest.mark.parametrize(("region", "difficulty", "seed", "count", "precision"), CASES)
def test_band_deals_and_short_bisections_deal_the_plain_deck(
    monkeypatch, region, difficulty, seed, count, precision
):
    candidates = load_places("embedded", resolve_region(region))
    grid = printed_grid(AUTO_PRECISIONS[precision])
    fast = selection.deal(candidates, count, seed, 0.2, difficulty, grid)
    monkeypatch.setattr(selection, "_deal", plain_deal)
    monkeypatch.setattr(selection, "_largest_distance", plain_largest_distance)
    plain = selection.deal(candidates, count, seed, 0.2, difficulty, grid)
    assert fast == plain


# the deal's bookkeeping (blocks of candidates, near places one by one or all at once) never
# changes the deck
@pytest.mark.parametrize(("block", "one_by_one"), [(64, 24), (1, 0), (1000, 10**9)])
def test_a_small_region_deals_the_plain_deck(monkeypatch, block, one_by_one):
    candidates = load_places("embedded", resolve_region("29"))
    grid = printed_grid(AUTO_PRECISIONS[0])
    monkeypatch.setattr(selection, "BLOCK", block)
    monkeypatch.setattr(selection, "ONE_BY_ONE", one_by_one)
    fast = selection.deal(candidates, 36, 7, 0.2, "normal", grid)
    monkeypatch.setattr(selection, "_deal", plain_deal)
    monkeypatch.setattr(selection, "_largest_distance", plain_largest_distance)
    assert fast == selection.deal(candidates, 36, 7, 0.2, "normal", grid)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(  # km, to 25 m (GEOS is not robust to subnormal floats)
            st.integers(-40000, 40000).map(lambda v: v / 40),
            st.integers(-40000, 40000).map(lambda v: v / 40),
        ),
        min_size=3,
        max_size=60,
    )
)
def test_the_hull_area_is_shapelys(points):
    import shapely

    expected = shapely.convex_hull(shapely.multipoints(points)).area
    assert selection.polygon_area(selection.convex_hull(points)) == pytest.approx(
        expected, rel=1e-9, abs=1e-6
    )


def test_the_points_left_for_the_hull_keep_its_corners():
    rng = random.Random(5)
    points = [(rng.uniform(-500, 500), rng.uniform(-300, 300)) for _ in range(3000)]
    kept = selection._hull_candidates(points)
    assert len(kept) < len(points) / 4
    assert selection.convex_hull(kept) == selection.convex_hull(points)


def test_the_hull_of_a_grid_is_its_corners():
    rng = random.Random(3)
    points = [(x, y) for x in range(5) for y in range(4)]
    rng.shuffle(points)
    assert selection.convex_hull(points) == [(0, 0), (4, 0), (4, 3), (0, 3)]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(list(Precision)),
    st.lists(
        st.one_of(
            st.floats(-180, 180, allow_nan=False),
            # a hair from half a unit, both ways: where rounding is in doubt
            st.tuples(st.integers(-648000, 648000), st.integers(-3, 3)).map(
                lambda pair: (pair[0] + 0.5) / 3600 + pair[1] * 1e-13
            ),
            st.tuples(st.integers(-10800, 10800), st.integers(-3, 3)).map(
                lambda pair: (pair[0] + 0.5) / 60 + pair[1] * 1e-13
            ),
        ),
        min_size=1,
        max_size=40,
    ),
)
def test_a_column_of_printed_units_is_the_cards_own(precision, values):
    grid = printed_grid(precision)
    assert grid.per_degree is not None
    degrees = np.array(values)
    assert selection._grid_units(grid, degrees) == [grid.units(v) for v in values]
    plain = selection.Grid(grid.name, grid.units)
    assert selection._grid_units(plain, degrees) == [grid.units(v) for v in values]


@pytest.mark.parametrize(
    ("region", "count", "seed"),
    [("france", 63, 1), ("bretagne", 63, 4), ("IT", 63, 3), ("29", 36, 7)],
)
def test_too_few_cells_only_when_the_deal_fails(monkeypatch, region, count, seed):
    """The cell count is a proof: whenever it says a distance is too large, the deal fails."""
    told = []
    plain = selection._Outcomes.too_few_cells

    def checked(self, min_km, limit):
        sure = plain(self, min_km, limit)
        if sure:
            for flexible in (False, True):
                dealt = selection._deal(self.columns, self.quota, min_km, limit, flexible)[0]
                assert len(dealt) < self.wanted, (min_km, limit, flexible)
            told.append(min_km)
        return sure

    monkeypatch.setattr(selection._Outcomes, "too_few_cells", checked)
    candidates = load_places("embedded", resolve_region(region))
    selection.deal(candidates, count, seed, 0.2, "normal", printed_grid(AUTO_PRECISIONS[0]))
    assert told  # the far too large distances were told without a deal
