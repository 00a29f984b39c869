"""Check every commune point against its IGN 2018 outline and repair the points that lie outside.

A GeoNames point is kept when it lies inside its commune's outline or within
:data:`~generator.geo.databuild.ign_outlines.TOLERANCE_M` of it (the outline is simplified by
about 80 m). The outline of a current commune is its own 2018 outline, or the union of the 2018
outlines of the communes merged into it (Etalab's former codes). A point farther out is
repaired by the first rule that gives a point inside, and the rule is recorded in the
``point`` column of ``communes.csv``:

1. ``geonames-other``: another GeoNames place carrying the commune's code, in the join's order
   of preference (official name first, then the administrative rank, population, id);
2. ``geonames-fixed``: the GeoNames point with one typing slip undone: the longitude's sign
   flipped, or one whole degree added to or taken from the latitude or the longitude
   (Sainte-Marie-de-Gosse is filed at −0.23333 for −1.23333, Louplande at −0.05 for +0.05);
   a slip is accepted only when the corrected point lies inside the outline, which a random
   error almost never does;
3. ``geonames-moved``: a point at most :data:`MOVE_LIMIT_M` outside (a town centre next to its
   border, put a few hundred metres across it) moves to the nearest point that lies
   :data:`MOVE_INSIDE_M` inside the outline: the town stays where GeoNames saw it, on the right
   side of the border;
4. ``ign-interior``: the pole of inaccessibility of the outline (the point farthest inside),
   when GeoNames gives nothing usable (Buxerolles, filed 7 km away inside Poitiers).

Kept points are ``geonames``; communes with no 2018 outline (none today) keep their point as
``geonames-unchecked``. The build reports how many points each rule repaired.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from generator.geo.databuild.cities_pbf import GeoNamesCity
from generator.geo.databuild.ign_outlines import (
    TOLERANCE_M,
    Outline,
    commune_geometry,
    interior_point,
    moved_inside,
    outside_m,
)
from generator.geo.databuild.join import JoinedCommune

POINT_SOURCES = (
    "geonames",
    "geonames-other",
    "geonames-fixed",
    "geonames-moved",
    "ign-interior",
    "geonames-unchecked",
)
MOVE_LIMIT_M = 2_000.0
MOVE_INSIDE_M = 150.0


@dataclass(frozen=True, slots=True)
class CheckedCommune:
    joined: JoinedCommune
    lat_e5: int
    lon_e5: int
    geonames_id: int
    point: str  # one of POINT_SOURCES
    outside_before_m: float  # how far outside its outline the GeoNames point was (0 = inside)
    outside_after_m: float


@dataclass(frozen=True)
class RepairReport:
    communes: tuple[CheckedCommune, ...]

    def counts(self) -> dict[str, int]:
        counted = Counter(c.point for c in self.communes)
        return {source: counted.get(source, 0) for source in POINT_SOURCES}

    def repaired(self) -> tuple[CheckedCommune, ...]:
        return tuple(c for c in self.communes if c.point not in ("geonames", "geonames-unchecked"))


def _slips(city: GeoNamesCity) -> list[tuple[int, int]]:
    lat, lon = city.lat_e5, city.lon_e5
    degree = 100_000
    return [
        (lat, -lon),
        (lat, lon + degree),
        (lat, lon - degree),
        (lat + degree, lon),
        (lat - degree, lon),
    ]


def check_communes(
    joined: tuple[JoinedCommune, ...], outlines: Mapping[str, Outline]
) -> RepairReport:
    """Every joined commune with its checked (and, where needed, repaired) point."""
    checked = []
    for entry in joined:
        shape = commune_geometry(outlines, entry.commune.code, entry.commune.former_codes)
        place = entry.place
        if shape is None:
            checked.append(
                CheckedCommune(
                    entry, place.lat_e5, place.lon_e5, place.geonames_id, "geonames-unchecked", 0, 0
                )
            )
            continue
        before = outside_m(shape, place.lat, place.lon)
        if before <= TOLERANCE_M:
            checked.append(
                CheckedCommune(
                    entry, place.lat_e5, place.lon_e5, place.geonames_id, "geonames", before, before
                )
            )
            continue
        checked.append(_repair(entry, shape, before))
    return RepairReport(tuple(checked))


def _repair(entry: JoinedCommune, shape, before: float) -> CheckedCommune:  # type: ignore[no-untyped-def]
    place = entry.place
    for other in entry.candidates:
        if other.geonames_id == place.geonames_id:
            continue
        distance = outside_m(shape, other.lat, other.lon)
        if distance <= TOLERANCE_M:
            return CheckedCommune(
                entry,
                other.lat_e5,
                other.lon_e5,
                other.geonames_id,
                "geonames-other",
                before,
                distance,
            )
    for lat_e5, lon_e5 in _slips(place):
        distance = outside_m(shape, lat_e5 / 100_000, lon_e5 / 100_000)
        if distance == 0.0:
            return CheckedCommune(
                entry, lat_e5, lon_e5, place.geonames_id, "geonames-fixed", before, distance
            )
    if before <= MOVE_LIMIT_M:
        moved = moved_inside(shape, place.lat, place.lon, MOVE_INSIDE_M)
        if moved is not None:
            lat, lon = moved
            return CheckedCommune(
                entry,
                round(lat * 100_000),
                round(lon * 100_000),
                place.geonames_id,
                "geonames-moved",
                before,
                outside_m(shape, lat, lon),
            )
    lat, lon = interior_point(shape)
    return CheckedCommune(
        entry,
        round(lat * 100_000),
        round(lon * 100_000),
        place.geonames_id,
        "ign-interior",
        before,
        outside_m(shape, lat, lon),
    )
