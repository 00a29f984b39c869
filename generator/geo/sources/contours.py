"""Etalab contours-administratifs: région and département polygons (GeoJSON, WGS84).

``{PNP_CONTOURS_URL}/regions-100m.geojson`` and ``departements-100m.geojson`` are
FeatureCollections whose features carry ``code`` and ``nom``. They give exact borders to places
that come without a département (Wikidata, Overpass): :func:`annotate` assigns each such place
the département (and région) whose polygon contains it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.geo.http import Http, base_url
from generator.geo.model import Place
from generator.geo.sources.schemas import FeatureCollection, decoder, to_builtins

Level = Literal["regions", "departements"]
RESOLUTION = "100m"


@dataclass(frozen=True)
class AdminArea:
    """One région or département with its GeoJSON geometry (lon, lat)."""

    level: Level
    code: str
    name: str
    region: str | None
    geometry: dict[str, Any]


def fetch_collection(http: Http, level: Level) -> FeatureCollection:
    """The FeatureCollection of one level, checked against the GeoJSON schema."""
    if level not in ("regions", "departements"):
        raise UserError(
            _("unknown contour level {level!r}; choose regions or departements").format(level=level)
        )
    what = _("Etalab {level} contours").format(level=level)
    return http.get_json(
        f"{base_url('contours')}/{level}-{RESOLUTION}.geojson",
        what=what,
        parse=decoder(FeatureCollection, what, "PNP_CONTOURS_URL"),
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
