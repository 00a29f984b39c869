"""A journey across a region for a themed board: which places, in which order.

The ordinary squares of a themed board carry place names in the order of a route. The places
are chosen by the deck selection of the place pipeline (familiar and spread out); here they are
put in order: a nearest-neighbour path from the north-west corner, improved by 2-opt moves until
no reversal of a stretch shortens it. Pure computation on coordinates.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.games.oie.squares import BOARD, Kind
from generator.geo.model import Place

EARTH_KM = 6371.0


def ordinary_squares() -> tuple[int, ...]:
    """The squares that carry a place name on a themed board."""
    return tuple(sq.number for sq in BOARD if sq.kind == Kind.ORDINARY)


@dataclass(frozen=True)
class Journey:
    places: tuple[Place, ...]  # in route order
    length_km: float


def _projector(places: Sequence[Place]) -> Callable[[Place], tuple[float, float]]:
    lat0 = math.radians(sum(p.lat for p in places) / len(places))
    scale = math.cos(lat0)

    def xy(place: Place) -> tuple[float, float]:
        return (math.radians(place.lon) * scale * EARTH_KM, math.radians(place.lat) * EARTH_KM)

    return xy


def _path_length(order: list[int], d: list[list[float]]) -> float:
    return sum(d[a][b] for a, b in itertools.pairwise(order))


def _two_opt(order: list[int], d: list[list[float]]) -> list[int]:
    """Reverse segments while it shortens the open path; the first stop stays first."""
    n = len(order)
    improved = True
    while improved:
        improved = False
        for i in range(1, n - 1):
            a, b = order[i - 1], order[i]
            for j in range(i + 1, n):
                c = order[j]
                after = order[j + 1] if j + 1 < n else None
                before = d[a][b] + (d[c][after] if after is not None else 0.0)
                now = d[a][c] + (d[b][after] if after is not None else 0.0)
                if now < before - 1e-9:
                    order[i : j + 1] = reversed(order[i : j + 1])
                    improved = True
                    b = order[i]
    return order


def plan_route(places: Sequence[Place]) -> Journey:
    """All of ``places`` in route order, from the north-westernmost one (2-opt local optimum)."""
    stops = sorted(places, key=lambda p: p.id)  # the same route whatever the input order
    if len({p.id for p in stops}) != len(stops) or not stops:
        raise ValueError("a route needs one or more distinct places")
    xy = _projector(stops)
    points = [xy(p) for p in stops]
    n = len(stops)
    d = [[math.hypot(ax - bx, ay - by) for bx, by in points] for ax, ay in points]
    start = min(
        range(n), key=lambda i: (points[i][0] - points[i][1], stops[i].id)
    )  # west and north
    order, left = [start], set(range(n)) - {start}
    while left:
        here = order[-1]
        nearest = min(left, key=lambda j: (d[here][j], stops[j].id))
        order.append(nearest)
        left.remove(nearest)
    order = _two_opt(order, d)
    return Journey(tuple(stops[i] for i in order), _path_length(order, d))


def square_labels(journey: Journey) -> tuple[str, ...]:
    """Labels for squares 1..62: the journey's names on the ordinary squares, "" elsewhere."""
    names = iter(p.name for p in journey.places)
    wanted = set(ordinary_squares())
    return tuple(next(names) if n in wanted else "" for n in range(1, 63))
