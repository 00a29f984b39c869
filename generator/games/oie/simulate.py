"""Monte-Carlo simulation of many games: length, wins by seat, pot.

Throws come from ``random.Random(seed)`` in batches, so the same seed gives the same summary.
One player alone is the solitaire of the exact statistics (prison = 3 lost turns).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from generator.core.refusal import Number, Refusal
from generator.games.oie.engine import GameResult, play_classic, play_teams
from generator.games.oie.refusals import Why
from generator.games.oie.rules import SOLITAIRE_PRISON_TURNS, Rules, Teams, check_players
from generator.games.oie.tables import THROWS

PERCENTILES = (10, 25, 50, 75, 90, 99)
MAX_GAMES = 10_000_000


def random_throws(rng: random.Random, batch: int = 4096) -> Iterator[tuple[int, int]]:
    """An endless stream of fair throws of two dice."""
    indices = range(36)
    while True:
        for index in rng.choices(indices, k=batch):
            yield THROWS[index]


def percentile(sorted_values: list[int], p: float) -> int:
    """Nearest-rank percentile of an already sorted list."""
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


@dataclass(frozen=True)
class Summary:
    players: int
    games: int
    seed: int
    teams: int | None  # pawns per player in the team variant
    finished: int
    mean_rounds: float
    stdev_rounds: float
    percentiles: dict[int, int]  # of rounds, over finished games
    min_rounds: int
    max_rounds: int
    wins_by_seat: tuple[int, ...]
    mean_pot: float
    max_pot: int

    @property
    def median_rounds(self) -> int:
        return self.percentiles[50]

    def to_json(self) -> dict[str, object]:
        return {
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "teams": self.teams,
            "finished": self.finished,
            "rounds": {
                "mean": round(self.mean_rounds, 4),
                "stdev": round(self.stdev_rounds, 4),
                "median": self.percentiles.get(50),
                "percentiles": {str(p): v for p, v in self.percentiles.items()},
                "min": self.min_rounds,
                "max": self.max_rounds,
            },
            "wins_by_seat": list(self.wins_by_seat),
            "pot": {"mean": round(self.mean_pot, 4), "max": self.max_pot},
        }


@dataclass(frozen=True)
class PlayedGame:
    """One game played with random dice, its whole log recorded."""

    players: int
    seed: int
    teams: Teams | None
    result: GameResult

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "seed": self.seed, **self.result.to_json()}


@dataclass(frozen=True)
class SolitaireSample:
    """Solitaire statistics estimated from simulated games (when not computed exactly)."""

    games: int
    seed: int
    summary: Summary

    @property
    def expected_turns(self) -> float:
        return self.summary.mean_rounds

    @property
    def standard_error(self) -> float:
        root: float = self.summary.finished**0.5  # typeshed: a power may be complex
        return self.summary.stdev_rounds / root

    def to_json(self) -> dict[str, object]:
        return {
            "mode": "simulated",
            "games": self.games,
            "seed": self.seed,
            "expected_turns": self.expected_turns,
            "standard_error": self.standard_error,
            "median": self.summary.percentiles[50],
            "percentiles": {str(p): v for p, v in self.summary.percentiles.items()},
        }


def solitaire_rules(rules: Rules) -> Rules:
    """A lone player cannot be freed from prison: it costs a fixed number of turns."""
    if rules.prison_turns is None:
        return replace(rules, prison_turns=SOLITAIRE_PRISON_TURNS)
    return rules


def play_many(
    players: int, games: int, seed: int, rules: Rules, teams: Teams | None
) -> Iterator[GameResult]:
    """The ``games`` games of ``seed``, one after the other (checked now, played as read)."""
    check_players(players)
    if not 1 <= games <= MAX_GAMES:
        raise Refusal(Why.GAMES_OUT_OF_RANGE, {"games": Number(games), "most": Number(MAX_GAMES)})
    if players == 1:
        rules = solitaire_rules(rules)
    rng = random.Random(seed)
    dice = random_throws(rng)
    if teams is None:
        return (play_classic(players, rules, dice) for _ in range(games))
    return (play_teams(players, teams, rules, dice, rng) for _ in range(games))


class _Tally:
    """What a summary needs of the games, kept in memory flat in their number: rounds are small
    integers, so a count per value gives the exact percentiles, mean and spread."""

    def __init__(self, players: int) -> None:
        self.games = 0
        self.rounds: Counter[int] = Counter()  # rounds -> finished games that lasted them
        self.wins = [0] * players
        self.pot_total = 0
        self.max_pot: int | None = None

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.pot_total += result.pot
        self.max_pot = result.pot if self.max_pot is None else max(self.max_pot, result.pot)
        if result.winner is not None:
            self.rounds[result.rounds] += 1
            self.wins[result.winner] += 1

    def sorted_rounds(self) -> Iterator[tuple[int, int]]:
        """(rounds, games) in increasing rounds."""
        return iter(sorted(self.rounds.items()))


def percentile_of_counts(counts: list[tuple[int, int]], total: int, p: float) -> int:
    """Nearest-rank percentile of the sorted list that ``counts`` ((value, times) in increasing
    value) stands for: the same value :func:`percentile` gives on that list."""
    rank = max(1, math.ceil(p / 100 * total))
    seen = 0
    for value, times in counts:
        seen += times
        if seen >= rank:
            return value
    raise ValueError("rank beyond the counted values")


def summarize(
    results: Iterable[GameResult], players: int, seed: int, teams: Teams | None
) -> Summary:
    tally = _Tally(players)
    for result in results:
        tally.add(result)
    if tally.games == 0 or tally.max_pot is None:
        raise ValueError("summarize needs at least one game")
    counts = list(tally.sorted_rounds())
    count = sum(times for _, times in counts)
    mean = sum(value * times for value, times in counts) / count if count else math.nan
    # the squares added one game at a time in increasing rounds, as over the sorted list: the
    # same floating-point sum, so the same figures for the same seed
    squares = 0.0
    for value, times in counts:
        square = (value - mean) ** 2
        for _ in range(times):
            squares += square
    variance = squares / (count - 1) if count > 1 else 0.0
    return Summary(
        players=players,
        games=tally.games,
        seed=seed,
        teams=teams.pawns if teams else None,
        finished=count,
        mean_rounds=mean,
        stdev_rounds=math.sqrt(variance),
        percentiles={p: percentile_of_counts(counts, count, p) for p in PERCENTILES}
        if counts
        else {},
        min_rounds=counts[0][0] if counts else 0,
        max_rounds=counts[-1][0] if counts else 0,
        wins_by_seat=tuple(tally.wins),
        mean_pot=tally.pot_total / tally.games,
        max_pot=tally.max_pot,
    )


def simulate(
    players: int, games: int, seed: int = 1, rules: Rules = Rules(), teams: Teams | None = None
) -> Summary:
    """Play ``games`` games and summarise them."""
    return summarize(play_many(players, games, seed, rules, teams), players, seed, teams)


def play_one(players: int, seed: int, rules: Rules, teams: Teams | None) -> PlayedGame:
    """One game with the dice of ``seed``, every event recorded (a lone player: solitaire)."""
    if players == 1:
        rules = solitaire_rules(rules)
    rng = random.Random(seed)
    if teams is None:
        game = play_classic(players, rules, random_throws(rng), record=True)
    else:
        game = play_teams(players, teams, rules, random_throws(rng), rng, record=True)
    return PlayedGame(players, seed, teams, game)


def solitaire_sample(games: int, seed: int) -> SolitaireSample:
    """The solitaire's length estimated from ``games`` simulated games."""
    return SolitaireSample(games, seed, simulate(1, games, seed, Rules(), None))
