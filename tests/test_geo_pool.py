"""A pick's candidates prepared once (selection.Pool) deal what every grid dealt from scratch did.

The pick tries each printed grid, coarsest first, and each count; it prepares the candidates
once for all of them, passes over a grid whose anchors tie when a finer one follows
(``Pool.anchors_tie``), and reuses the embedded candidates of a named region in a long-running
process. The oracle below is the pick as it was: every grid dealt from scratch by
``selection.deal``, in order, the first that loses nothing kept.
"""

from __future__ import annotations

import pytest

from generator.core.errors import UserError
from generator.games.oucedonc.coords import Precision, printed_grid
from generator.geo import pick, selection
from generator.geo.abroad import suffixes_for
from generator.geo.pick import PickRequest, pick_places, region_candidates

GRIDS = (printed_grid(Precision.MINUTE), printed_grid(Precision.SECOND))


def plain_attempt(
    request: PickRequest, count: int, crowded: selection.Crowding
) -> tuple[int, selection.Dealt] | int:
    """The pick's attempt of one count before the pool: each grid dealt from scratch."""
    _, candidates = region_candidates(request)
    best = None
    most = 0
    for index, grid in enumerate(GRIDS):
        try:
            result = selection.deal(
                candidates,
                count,
                request.seed,
                request.sites_share,
                request.difficulty,
                grid,
                suffixes_for(candidates),
                (),
                request.sites_floor,
                crowded,
            )
        except selection.SelectionShortfall as shortfall:
            most = max(most, shortfall.dealt)
            continue
        if not result.tied_anchors:
            return index, result
        best = best or (index, result)
    return best if best is not None else most


CASES = [
    # (region, count, seed, difficulty, sites floor): ties on the minute grid, shortfalls,
    # easy windows, small regions, a floor of sites, abroad
    ("29", 63, 1, "normal", 6),
    ("29", 45, 3, "easy", 6),
    ("2A", 28, 2, "normal", 6),
    ("2A", 63, 1, "normal", 0),
    ("974", 30, 5, "hard", 6),
    ("bretagne", 63, 7, "normal", 15),
    ("93", 30, 1, "normal", 6),
    ("BE", 63, 2, "normal", 0),
    ("bretagne", 63, 7, "normal", 0),
    ("IT", 90, 1, "normal", 0),
    ("33", 45, 2, "normal", 0),
    ("69", 63, 1, "easy", 0),
]
#: a crowded deal (selection.Terms.crowded) of the same cases where it differs: the dense
#: départements
CROWDED = {("93", 30, 1, "normal", 6), ("2A", 28, 2, "normal", 6)}
CROWDINGS = (selection.Crowding.PAIRS, selection.Crowding.SUBURBS)


@pytest.mark.parametrize(
    ("region", "count", "seed", "difficulty", "floor", "crowded"),
    [(*case, selection.Crowding.NONE) for case in CASES]
    + [(*case, crowding) for case in CASES if case in CROWDED for crowding in CROWDINGS],
)
def test_the_pool_deals_what_every_grid_from_scratch_dealt(
    region, count, seed, difficulty, floor, crowded
):
    request = PickRequest(
        region=region, count=count, seed=seed, difficulty=difficulty, sites_floor=floor
    )
    expected = plain_attempt(request, count, crowded)
    found = region_candidates(request)
    dealer = pick._Dealer(request, GRIDS, pick._pool(request, found), crowded)
    assert dealer.attempt(count) == expected


def test_france_passes_over_the_minute_grid_whose_anchors_tie():
    # Toulouse and Montpellier print one latitude to the minute (43°36′ N): the pick deals
    # the second grid without dealing the minute's in full, and deals what it always did
    request = PickRequest(count=63)
    found = region_candidates(request)
    pool = pick._pool(request, found)
    assert pool.anchors_tie(selection.Terms(63, 1, 0.2, "normal", GRIDS[0]))
    assert not pool.anchors_tie(selection.Terms(63, 1, 0.2, "normal", GRIDS[1]))
    tied = selection.deal(found[1], 63, 1, 0.2, "normal", GRIDS[0])
    assert {p.name for p in tied.tied_anchors} & {"Toulouse", "Montpellier"}
    picked = pick_places(request, GRIDS)
    assert picked.grid == 1
    assert picked.places == selection.deal(found[1], 63, 1, 0.2, "normal", GRIDS[1]).places


@pytest.mark.parametrize(("region", "count", "seed", "difficulty", "floor"), CASES)
def test_anchors_tie_only_when_the_full_deal_loses_an_anchor(
    region, count, seed, difficulty, floor
):
    request = PickRequest(region=region)
    _, candidates = region_candidates(request)
    pool = selection.Pool(candidates, suffixes_for(candidates))
    for grid in GRIDS:
        try:
            ties = pool.anchors_tie(selection.Terms(count, seed, 0.2, difficulty, grid, floor))
        except UserError:
            continue  # the deal refuses the same way
        if not ties:
            continue
        try:
            dealt = selection.deal(candidates, count, seed, 0.2, difficulty, grid, None, (), floor)
        except UserError:
            continue  # it fails: no loss to pass it over
        assert dealt.tied_anchors


def test_a_named_regions_embedded_candidates_are_made_once_per_process():
    first = region_candidates(PickRequest(region="Finistère"))
    again = region_candidates(PickRequest(region="29", count=40, seed=9))
    assert first[1] is again[1]
    assert pick._pool(PickRequest(region="29"), again) is pick._pool(
        PickRequest(region="finistere"), first
    )


def test_a_users_choice_or_another_source_gets_its_own_candidates(tmp_path):
    from generator.geo.own_places import OwnChoice

    plain = region_candidates(PickRequest(region="29"))[1]
    chosen = region_candidates(PickRequest(region="29", choice=OwnChoice(exclude=("Brest",))))[1]
    assert chosen is not plain
    assert "Brest" not in {p.name for p in chosen}
    assert "Brest" in {p.name for p in plain}


def test_a_pool_deals_the_same_terms_once_and_keeps_the_last_few():
    """A deck made again with other print options (the studio's paper, card size) is the same
    deal: the pool gives it again, not a deal made anew; other terms are dealt afresh."""
    candidates = region_candidates(PickRequest(region="29"))[1]
    pool = selection.Pool(candidates, suffixes_for(candidates))
    terms = selection.Terms(40, 1, 0.2, "normal", GRIDS[1])
    first = pool.deal(terms)
    assert pool.deal(selection.Terms(40, 1, 0.2, "normal", printed_grid(Precision.SECOND))) is first
    other = pool.deal(selection.Terms(40, 2, 0.2, "normal", GRIDS[1]))
    assert other is not first and other.places != first.places
    fresh = selection.Pool(candidates, suffixes_for(candidates)).deal(terms)
    assert fresh is not first and fresh == first  # what it keeps is what a new deal gives
    for seed in range(3, 3 + selection.DEALS_KEPT):
        pool.deal(selection.Terms(40, seed, 0.2, "normal", GRIDS[1]))
    assert pool.deal(terms) is not first  # the first let go: dealt again
    assert pool.deal(terms) == first


@pytest.mark.parametrize(
    ("region", "count", "seed"), [("france", 63, 1), ("france", 252, 3), ("bretagne", 63, 7)]
)
def test_a_bisection_step_that_gives_up_early_tells_what_the_whole_deal_tells(
    monkeypatch, region, count, seed
):
    """A step of the distance bisection stops as soon as the deck surely cannot be dealt: its
    answer (dealt or not) is the whole deal's, at every step of real decks; and some steps do
    stop early."""
    whole = selection._deal
    stopped_early = []

    def both(columns, quota, min_km, limit, flexible=False, give_up=False):
        found = whole(columns, quota, min_km, limit, flexible, give_up)
        if give_up:
            full = whole(columns, quota, min_km, limit, flexible)
            wanted = sum(quota.values())
            assert (len(found[0]) >= wanted) == (len(full[0]) >= wanted)
            if len(found[0]) >= wanted:
                assert found == full  # a deal that succeeds never gives up
            stopped_early.append(len(found[0]) < len(full[0]))
        return found

    monkeypatch.setattr(selection, "_deal", both)
    pick._embedded_pool.cache_clear()  # a pool kept from another test keeps its deals
    request = PickRequest(region=region, count=count, seed=seed)
    pick_places(request)
    assert stopped_early and any(stopped_early)


def test_a_pool_tells_whether_the_anchors_tie_once_for_the_same_terms(monkeypatch):
    """A deck made again (another print option) asks the same terms again: the answer kept is
    the one a new pool gives, and the deck is not prepared again for it."""
    candidates = region_candidates(PickRequest(region="france"))[1]
    pool = selection.Pool(candidates, suffixes_for(candidates))
    minute = selection.Terms(63, 1, 0.2, "normal", GRIDS[1])
    first = pool.anchors_tie(minute)
    prepared = []
    monkeypatch.setattr(
        selection.Pool, "_deck", lambda self, terms: prepared.append(terms) or (None, 1)
    )
    assert pool.anchors_tie(minute) is first and prepared == []
    monkeypatch.undo()
    assert selection.Pool(candidates, suffixes_for(candidates)).anchors_tie(minute) == first
