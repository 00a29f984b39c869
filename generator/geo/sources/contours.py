"""Etalab contours-administratifs: région and département polygons (GeoJSON, WGS84).

``{PNP_CONTOURS_URL}/regions-100m.geojson`` and ``departements-100m.geojson`` are
FeatureCollections whose features carry ``code`` and ``nom``. They give exact borders to places
that come without a département (Wikidata, Overpass): :func:`annotate` assigns each such place
the département (and région) whose polygon contains it.

An answer is held to what such a file can mean (France has 18 régions and 101 départements,
whose 100 m outlines have about 320,000 vertices in all and at most a few thousand each), so
that a hostile or mistaken one is refused in seconds and bounded memory, before any geometry
is built: at most :data:`MAX_ANSWER_BYTES` (refused while it streams in), at most
:data:`MAX_AREAS` areas and :data:`MAX_VERTICES` vertices (counted on the bytes: every JSON
object opens a ``{`` and every position a ``[``), at most :data:`MAX_AREA_VERTICES` vertices
for one area (counted on the decoded answer). A cached answer is held to the same bounds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from msgspec.structs import replace

from generator.core.errors import UserError
from generator.core.i18n import _, number
from generator.geo.http import Http, base_url
from generator.geo.model import Place
from generator.geo.sources.schemas import (
    FeatureCollection,
    MultiPolygon,
    Polygon,
    decoder,
    to_builtins,
)

Level = Literal["regions", "departements"]
RESOLUTION = "100m"
VARIABLE = "PNP_CONTOURS_URL"

MAX_ANSWER_BYTES = 64 << 20  # the 100 m départements file is a few MiB
MAX_AREAS = 1_000  # régions or départements in one answer (18 and 101 in France)
OBJECTS_PER_AREA = 4  # a feature, its properties, its geometry, and room for one more
MAX_VERTICES = 1_000_000  # in one answer (about 320,000 for the départements at 100 m)
MAX_AREA_VERTICES = 200_000  # in one area's (Multi)Polygon (a few thousand at 100 m)


@dataclass(frozen=True)
class AdminArea:
    """One région or département with its GeoJSON geometry (lon, lat)."""

    level: Level
    code: str
    name: str
    region: str | None
    geometry: dict[str, Any]


def fetch_collection(http: Http, level: Level) -> FeatureCollection:
    """The FeatureCollection of one level, checked against the GeoJSON schema and the bounds of
    what it can mean (see the module's docstring)."""
    if level not in ("regions", "departements"):
        raise UserError(
            _("unknown contour level {level!r}; choose regions or departements").format(level=level)
        )
    what = _("Etalab {level} contours").format(level=level)
    return http.get_json(
        f"{base_url('contours')}/{level}-{RESOLUTION}.geojson",
        what=what,
        parse=bounded_decoder(what),
        max_bytes=MAX_ANSWER_BYTES,
    )


def bounded_decoder(what: str) -> Callable[[bytes], FeatureCollection]:
    """``body -> FeatureCollection`` within the bounds, or a UserError naming the one exceeded."""
    typed = decoder(FeatureCollection, what, VARIABLE)

    def decode(body: bytes) -> FeatureCollection:
        if body.count(b"{") > OBJECTS_PER_AREA * MAX_AREAS:  # before anything is built
            raise _beyond(what, _("more than {count} areas").format(count=number(MAX_AREAS)))
        if body.count(b"[") > MAX_VERTICES:
            raise _beyond(what, _("more than {count} vertices").format(count=number(MAX_VERTICES)))
        collection = typed(body)
        if len(collection.features) > MAX_AREAS:
            raise _beyond(what, _("more than {count} areas").format(count=number(MAX_AREAS)))
        for feature in collection.features:
            if feature.geometry is not None and vertices(feature.geometry) > MAX_AREA_VERTICES:
                raise _beyond(
                    what,
                    _("an area of more than {count} vertices").format(
                        count=number(MAX_AREA_VERTICES)
                    ),
                )
        return collection

    return decode


def vertices(geometry: Polygon | MultiPolygon) -> int:
    """How many positions a (Multi)Polygon holds."""
    polygons = [geometry.coordinates] if isinstance(geometry, Polygon) else geometry.coordinates
    return sum(len(ring) for polygon in polygons for ring in polygon)


def _beyond(what: str, holding: str) -> UserError:
    return UserError(
        _(
            "{what}: the answer holds {holding}, more than such a file can mean; nothing was "
            "cached: check {variable}"
        ).format(what=what, holding=holding, variable=VARIABLE)
    )


def fetch_areas(http: Http, level: Level) -> list[AdminArea]:
    areas = []
    for feature in fetch_collection(http, level).features:
        properties = feature.properties or {}
        code = properties.get("code")
        if feature.geometry is None or not isinstance(code, str | int) or isinstance(code, bool):
            continue
        name = properties.get("nom")
        region = properties.get("region")
        areas.append(
            AdminArea(
                level=level,
                code=str(code),
                name=name if isinstance(name, str) else str(code),
                region=region if isinstance(region, str) else None,
                geometry=to_builtins(feature.geometry),
            )
        )
    return areas


def annotate(places: Iterable[Place], departements: list[AdminArea]) -> list[Place]:
    """Give places without a département the one whose polygon contains them (vectorised)."""
    import numpy as np
    import shapely
    from shapely.geometry import shape

    places = list(places)
    missing = [i for i, place in enumerate(places) if place.departement is None]
    if not missing or not departements:
        return places
    polygons = [shape(area.geometry) for area in departements]
    tree = shapely.STRtree(polygons)
    points = shapely.points(np.array([[places[i].lon, places[i].lat] for i in missing]))
    point_index, polygon_index = tree.query(points, predicate="intersects")
    out = list(places)
    for p, g in zip(point_index.tolist(), polygon_index.tolist(), strict=True):
        area = departements[g]
        i = missing[p]
        out[i] = replace(out[i], departement=area.code, region=area.region or out[i].region)
    return out
