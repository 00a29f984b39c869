"""The journey of a themed board: spread places, north-west start, a 2-opt local optimum."""

import math
import random

import pytest

from generator.errors import UserError
from generator.games.oie.route import ordinary_squares, plan_journey, square_labels
from generator.games.oie.squares import BOARD, Kind
from generator.geo.model import Place


def towns(n, seed=1):
    rng = random.Random(seed)
    return [Place(f"t{i}", f"Ville {i}", "town", rng.uniform(47.0, 49.0), rng.uniform(-5.0, -1.0),
                  familiarity=rng.random()) for i in range(n)]


def km(a, b):
    lat0 = math.radians(48.0)
    return math.hypot(math.radians(a.lon - b.lon) * math.cos(lat0), math.radians(a.lat - b.lat)) * 6371


def test_ordinary_squares_are_the_unnamed_ones():
    squares = ordinary_squares()
    assert len(squares) == 41
    assert all(BOARD[n].kind == Kind.ORDINARY for n in squares)


def test_journey_has_distinct_places_and_starts_north_west():
    journey = plan_journey(towns(300), 41)
    assert len(journey.places) == 41 and len({p.id for p in journey.places}) == 41
    first = journey.places[0]
    # no chosen place is both further west and further north than the start
    assert not any(p.lon < first.lon and p.lat > first.lat for p in journey.places)


def test_route_is_a_two_opt_local_optimum():
    stops = plan_journey(towns(200, seed=5), 30).places
    n = len(stops)
    total = sum(km(a, b) for a, b in zip(stops, stops[1:]))
    for i in range(1, n - 1):
        for j in range(i + 1, n):
            candidate = list(stops[:i]) + list(reversed(stops[i:j + 1])) + list(stops[j + 1:])
            assert sum(km(a, b) for a, b in zip(candidate, candidate[1:])) >= total - 0.5


def test_route_is_deterministic_and_prefers_known_places():
    places = towns(300)
    assert plan_journey(places, 41) == plan_journey(list(reversed(places)), 41)
    chosen = plan_journey(places, 41).places
    best = max(places, key=lambda p: p.familiarity)
    assert best in chosen


def test_duplicate_names_count_once_and_too_few_places_is_a_user_error():
    places = towns(20) + [Place("dup", "Ville 3", "town", 48.0, -3.0)]
    with pytest.raises(UserError):
        plan_journey(places, 41)


def test_square_labels_fill_the_ordinary_squares():
    journey = plan_journey(towns(100), 41)
    labels = square_labels(journey)
    assert len(labels) == 62
    named = [n for n, label in enumerate(labels, start=1) if label]
    assert named == list(ordinary_squares())
    assert [labels[n - 1] for n in named] == [p.name for p in journey.places]
