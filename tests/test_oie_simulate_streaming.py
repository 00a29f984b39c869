"""The simulator's summary is streamed (a count per number of rounds, not every game kept):
the same figures as computed over the list of every game, and no list of games is built."""

from __future__ import annotations

import math
import tracemalloc

from hypothesis import given
from hypothesis import strategies as st

from generator.games.oie.engine import GameResult
from generator.games.oie.rules import Rules
from generator.games.oie.simulate import (
    PERCENTILES,
    percentile,
    percentile_of_counts,
    play_many,
    simulate,
    summarize,
)


def _by_list(results: list[GameResult], players: int) -> dict[str, object]:
    """The summary as the simulator computed it before streaming: over the sorted rounds."""
    finished = [r for r in results if r.winner is not None]
    rounds = sorted(r.rounds for r in finished)
    mean = sum(rounds) / len(rounds)
    variance = sum((x - mean) ** 2 for x in rounds) / (len(rounds) - 1) if len(rounds) > 1 else 0.0
    wins = [0] * players
    for r in finished:
        wins[r.winner] += 1  # type: ignore[index]
    return {
        "mean": mean,
        "stdev": math.sqrt(variance),
        "percentiles": {p: percentile(rounds, p) for p in PERCENTILES},
        "min": rounds[0],
        "max": rounds[-1],
        "wins": tuple(wins),
        "mean_pot": sum(r.pot for r in results) / len(results),
        "max_pot": max(r.pot for r in results),
    }


@given(st.lists(st.integers(1, 400), min_size=1, max_size=300), st.floats(0.1, 100.0))
def test_percentile_of_counts_is_the_nearest_rank_of_the_list(values: list[int], p: float) -> None:
    ordered = sorted(values)
    counts = sorted((v, values.count(v)) for v in set(values))
    assert percentile_of_counts(counts, len(values), p) == percentile(ordered, p)


@given(
    st.lists(
        st.tuples(st.integers(1, 300), st.one_of(st.none(), st.integers(0, 3)), st.integers(0, 90)),
        min_size=2,
        max_size=200,
    ).filter(lambda games: sum(w is not None for _, w, _ in games) >= 1)
)
def test_streamed_summary_equals_the_list_summary_bit_for_bit(
    games: list[tuple[int, int | None, int]],
) -> None:
    results = [GameResult(rounds, winner, pot, (), ()) for rounds, winner, pot in games]
    summary = summarize(iter(results), 4, 1, None)
    expected = _by_list(results, 4)
    assert summary.mean_rounds == expected["mean"]  # exact: same float operations, same order
    assert summary.stdev_rounds == expected["stdev"]
    assert summary.percentiles == expected["percentiles"]
    assert (summary.min_rounds, summary.max_rounds) == (expected["min"], expected["max"])
    assert summary.wins_by_seat == expected["wins"]
    assert (summary.mean_pot, summary.max_pot) == (expected["mean_pot"], expected["max_pot"])
    assert summary.games == len(results)


def test_simulate_equals_the_summary_of_every_game_kept() -> None:
    kept = list(play_many(3, 3000, 11, Rules(), None))
    summary = simulate(3, 3000, seed=11)
    expected = _by_list(kept, 3)
    assert summary.mean_rounds == expected["mean"]
    assert summary.stdev_rounds == expected["stdev"]
    assert summary.percentiles == expected["percentiles"]
    assert summary.wins_by_seat == expected["wins"]


def test_memory_does_not_grow_with_the_number_of_games() -> None:
    def peak(games: int) -> int:
        tracemalloc.start()
        simulate(2, games, seed=3)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(500), peak(8000)
    # 16 times the games: the old list of results grew by ~300 bytes a game (2.2 MB here)
    assert large < small + 200_000, (small, large)
