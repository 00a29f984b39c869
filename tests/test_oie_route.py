"""The journey of a themed board: north-west start, a 2-opt local optimum, labels on ordinary
squares."""

import itertools
import math
import random

from generator.games.oie.route import ordinary_squares, plan_route, square_labels
from generator.games.oie.squares import BOARD, Kind
from generator.geo.model import Place


def towns(n, seed=1):
    rng = random.Random(seed)
    return [
        Place(
            f"t{i}",
            f"Ville {i}",
            "town",
            rng.uniform(47.0, 49.0),
            rng.uniform(-5.0, -1.0),
            familiarity=rng.random(),
        )
        for i in range(n)
    ]


def km(a, b, lat0):
    return (
        math.hypot(math.radians(a.lon - b.lon) * math.cos(lat0), math.radians(a.lat - b.lat))
        * 6371.0
    )


def test_ordinary_squares_are_the_unnamed_ones():
    squares = ordinary_squares()
    assert len(squares) == 41
    assert all(BOARD[n].kind == Kind.ORDINARY for n in squares)


def test_route_visits_every_place_once_from_the_north_west():
    places = towns(41)
    journey = plan_route(places)
    assert sorted(p.id for p in journey.places) == sorted(p.id for p in places)
    first = journey.places[0]
    # no place is both further west and further north than the start
    assert not any(p.lon < first.lon and p.lat > first.lat for p in places)


def test_route_is_a_two_opt_local_optimum_and_its_length_is_right():
    places = towns(30, seed=5)
    stops = plan_route(places).places
    lat0 = math.radians(sum(p.lat for p in places) / len(places))
    total = sum(km(a, b, lat0) for a, b in itertools.pairwise(stops))
    assert abs(plan_route(places).length_km - total) < 1e-6 * total
    n = len(stops)
    for i in range(1, n - 1):
        for j in range(i + 1, n):
            candidate = list(stops[:i]) + list(reversed(stops[i : j + 1])) + list(stops[j + 1 :])
            assert sum(km(a, b, lat0) for a, b in itertools.pairwise(candidate)) >= total - 1e-6


def test_route_is_much_shorter_than_a_random_order():
    places = towns(41, seed=9)
    lat0 = math.radians(sum(p.lat for p in places) / len(places))
    shuffled = places[:]
    random.Random(3).shuffle(shuffled)
    random_length = sum(km(a, b, lat0) for a, b in itertools.pairwise(shuffled))
    assert plan_route(places).length_km < 0.4 * random_length


def test_route_does_not_depend_on_the_input_order():
    places = towns(41)
    assert plan_route(places) == plan_route(list(reversed(places)))


def test_square_labels_fill_the_ordinary_squares():
    journey = plan_route(towns(41))
    labels = square_labels(journey)
    assert len(labels) == 62
    named = [n for n, label in enumerate(labels, start=1) if label]
    assert named == list(ordinary_squares())
    assert [labels[n - 1] for n in named] == [p.name for p in journey.places]
