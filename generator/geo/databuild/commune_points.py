"""The point of every commune: its chef-lieu, checked against its IGN 2018 outline.

A commune's card shows where its town hall's settlement lies. For each current commune (Etalab)
the first of these that gives a point good to the arc-second, inside the commune, is kept; the
``point`` column of ``communes.csv`` records which:

1. ``ign-chef-lieu``: the IGN Admin Express 2020 chef-lieu (:mod:`chefs_lieux`) entered under
   the commune's code (Corsica's communes under their 1943 code, 20xxx), else the chef-lieu of
   the 2020 commune that carried the code (a commune nouvelle, Chaponnay's 38 code before 1968);
2. ``wikipedia``: a commune restored or created since 2020 has the coordinates of its former
   commune's Wikipedia article, when they are good to the second (:func:`supports_seconds`);
3. ``town-hall``: the commune's Hôtel de Ville from the hand-curated table of :mod:`town_halls`
   (Paris, Lyon and Marseille, whose chefs-lieux are those of their municipal arrondissements);
4. ``geonames``: the GeoNames place of the commune (the join of :mod:`join`), when its point is
   not rounded to whole minutes (Orée d'Anjou and Porte des Pierres Dorées, whose code's only
   chef-lieu is a Wikipedia point to three decimals);
5. ``ign-interior``: the pole of inaccessibility of the commune's outline, for the six villages
   of the Meuse destroyed in 1916 that have no chef-lieu (population 0).

A point is kept when it lies inside the commune's IGN 2018 outline (the union of the outlines of
the communes merged into it) or within :data:`TOLERANCE_M` of it. A chef-lieu up to
:data:`MOVE_LIMIT_M` outside (Château-Chinon (Campagne), whose town hall stands in
Château-Chinon (Ville)) is moved :data:`MOVE_INSIDE_M` inside the outline, and its source gets
``-moved`` (a curated town hall or a GeoNames place outside is not moved: the next source is
tried). A commune with no 2018 outline (restored since) keeps its point unchecked. Every
point kept is good to the second: no commune prints a rounding as if it were exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.geo.databuild.chefs_lieux import IGN, WIKIPEDIA, ChefsLieux
from generator.geo.databuild.chefs_lieux import supports_seconds as fine_enough
from generator.geo.databuild.etalab import EtalabCommune
from generator.geo.databuild.ign_outlines import (
    TOLERANCE_M,
    Outline,
    commune_geometry,
    interior_point,
    moved_inside,
    outside_m,
)
from generator.geo.databuild.join import JoinedCommune
from generator.geo.databuild.town_halls import TownHall
from generator.geo.precision import on_minute_grid

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

POINT_SOURCES = (
    "ign-chef-lieu",
    "ign-chef-lieu-moved",
    "wikipedia",
    "wikipedia-moved",
    "town-hall",
    "geonames",
    "ign-interior",
)
MOVE_LIMIT_M = 2_000.0
MOVE_INSIDE_M = 150.0
UNMOVED = ("town-hall", "geonames")  # a point chosen for the commune itself: outside, it is wrong


@dataclass(frozen=True, slots=True)
class CommunePoint:
    commune: EtalabCommune
    lat_e5: int
    lon_e5: int
    source: str  # one of POINT_SOURCES
    geonames_id: int | None  # the commune's GeoNames place, when the join found one
    outside_m: float  # how far outside its outline the source point was (0: inside)


@dataclass(frozen=True)
class PointsReport:
    points: tuple[CommunePoint, ...]  # by INSEE code
    without_point: tuple[EtalabCommune, ...]  # no source gives them a point

    def counts(self) -> dict[str, int]:
        counted = Counter(p.source for p in self.points)
        return {source: counted.get(source, 0) for source in POINT_SOURCES}


def _e5(value: float) -> int:
    return round(value * 100_000)


def _old_corsican(code: str) -> str:
    """Corsica's communes were entered under their 1943 code: 2A004 -> 20004."""
    return "20" + code[2:] if code[:2] in ("2A", "2B") else code


def _chef_lieu_candidates(code: str, chefs: ChefsLieux) -> list[tuple[str, float, float]]:
    """(source, lat, lon) of the chefs-lieux the commune may have, best first."""
    own = [*chefs.by_code0.get(code, ()), *chefs.by_code0.get(_old_corsican(code), ())]
    held = [p for p in chefs.by_code.get(code, ()) if p not in own]
    found = [("ign-chef-lieu", *p.point) for p in [*own, *held] if p.source == IGN]
    found += [
        ("wikipedia", *p.point) for p in own if p.source == WIKIPEDIA and fine_enough(p.lat, p.lon)
    ]
    return found


def _geonames_candidates(joined: JoinedCommune | None) -> list[tuple[str, float, float, int]]:
    if joined is None:
        return []
    return [
        ("geonames", place.lat, place.lon, place.geonames_id)
        for place in joined.candidates
        if not (on_minute_grid(place.lat) and on_minute_grid(place.lon))
    ]


def place_communes(
    communes: Sequence[EtalabCommune],
    chefs: ChefsLieux,
    outlines: Mapping[str, Outline],
    joined: Iterable[JoinedCommune] = (),
    town_halls: Mapping[str, TownHall] | None = None,
) -> PointsReport:
    """Every commune's point (see the module text); ``town_halls`` by INSEE code."""
    halls = town_halls or {}
    by_code = {entry.commune.code: entry for entry in joined}
    points: list[CommunePoint] = []
    missing: list[EtalabCommune] = []
    for commune in communes:
        entry = by_code.get(commune.code)
        shape = commune_geometry(outlines, commune.code, commune.former_codes)
        own = _chef_lieu_candidates(commune.code, chefs)
        hall = halls.get(commune.code)
        if hall is not None:
            own.append(("town-hall", *hall.point))
        point = _checked(commune, shape, own, entry)
        if point is None:
            missing.append(commune)
        else:
            points.append(point)
    return PointsReport(tuple(points), tuple(missing))


def _checked(
    commune: EtalabCommune,
    shape: BaseGeometry | None,
    own: list[tuple[str, float, float]],  # its chefs-lieux, then its curated town hall
    entry: JoinedCommune | None,
) -> CommunePoint | None:
    geonames_id = entry.place.geonames_id if entry is not None else None
    candidates: list[tuple[str, float, float, int | None]] = [
        (source, lat, lon, geonames_id) for source, lat, lon in own
    ]
    candidates += _geonames_candidates(entry)
    for source, lat, lon, gid in candidates:
        if shape is None:
            return CommunePoint(commune, _e5(lat), _e5(lon), source, gid, 0.0)
        outside = outside_m(shape, lat, lon)
        if outside <= TOLERANCE_M:
            return CommunePoint(commune, _e5(lat), _e5(lon), source, gid, outside)
        if source not in UNMOVED and outside <= MOVE_LIMIT_M:
            moved = moved_inside(shape, lat, lon, MOVE_INSIDE_M)
            if moved is not None:
                return CommunePoint(
                    commune, _e5(moved[0]), _e5(moved[1]), f"{source}-moved", gid, outside
                )
    if shape is None:
        return None
    lat, lon = interior_point(shape)
    return CommunePoint(commune, _e5(lat), _e5(lon), "ign-interior", geonames_id, 0.0)
