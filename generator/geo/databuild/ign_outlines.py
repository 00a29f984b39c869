"""The compact IGN Admin Express 2018 commune outlines (``commune_outlines_2018.csv.gz``).

The reference (``shared/data/communes-ign-2018.geojson.gz``: 35,357 outlines simplified to about
80 m, coordinates rounded to 0.0001°) is too large to embed as GeoJSON. :func:`derive` keeps the
communes of metropolitan France (Corsica included) and of the five overseas départements, and
writes one CSV row per 2018 commune: ``code``,
``name``, ``polygons``, where ``polygons`` holds each ring as a Google encoded polyline at
4-decimal precision (the reference's own rounding, so nothing is lost), rings
of one polygon separated by a space (outer ring first), polygons by ``;``. Gzip with no name and
mtime 0, so the same reference always gives the same bytes. About 3 MB.

Rebuild: ``pnp data outlines /path/to/communes-ign-2018.geojson.gz``.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.errors import UserError
from generator.core.i18n import N_, _

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

OUTLINE_COLUMNS = ("code", "name", "polygons")
PRECISION = 4  # decimals of the reference
#: the reference is simplified by about 80 m: a point up to this far outside is on the outline
TOLERANCE_M = 100.0
OVERSEAS_PREFIXES = ("98",)  # the overseas collectivities (none in the 2018 reference)


MAX_REFERENCE_BYTES = 256 << 20  # the reference is 6 MB gzipped...
MAX_REFERENCE_JSON_BYTES = 1 << 30  # ...26 MB of GeoJSON: a gzip bomb stops here


def derive(reference: Path) -> bytes:
    """The compact outlines file (gzip bytes) from the IGN 2018 GeoJSON (gzip or plain)."""
    from generator.core.inputs import read_input
    from generator.core.text import one_line

    raw = read_input(reference, N_("IGN commune outlines"), MAX_REFERENCE_BYTES)
    try:
        document = json.loads(_gunzip(raw) if raw[:2] == b"\x1f\x8b" else raw)
        rows = [row for row in map(_row, document["features"]) if row is not None]
    except (
        OSError, EOFError, zlib.error, ValueError, KeyError, TypeError, AttributeError,
        IndexError, RecursionError,
    ) as exc:  # fmt: skip
        detail = one_line(f"{type(exc).__name__}: {exc}")[:160]
        raise UserError(
            _(
                "cannot read the IGN commune outlines {reference} ({detail}); give the path of "
                "communes-ign-2018.geojson.gz"
            ).format(reference=reference, detail=detail)
        ) from None
    rows.sort()
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(OUTLINE_COLUMNS)
    writer.writerows(rows)
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0, compresslevel=9) as handle:
        handle.write(buffer.getvalue().encode("utf-8"))
    return out.getvalue()


def _gunzip(raw: bytes) -> bytes:
    with gzip.GzipFile(fileobj=io.BytesIO(raw)) as handle:
        data = handle.read(MAX_REFERENCE_JSON_BYTES + 1)
    if len(data) > MAX_REFERENCE_JSON_BYTES:
        raise ValueError(f"more than {MAX_REFERENCE_JSON_BYTES >> 20} MiB once unpacked")
    return data


def _row(feature: dict[str, Any]) -> tuple[str, str, str] | None:
    """(code, name, encoded polygons) of one commune; None for an overseas collectivity."""
    import polyline

    code, name = feature["properties"]["code"], feature["properties"]["nom"]
    if not isinstance(code, str) or not isinstance(name, str):
        raise TypeError("a commune's code and nom are text")
    if code.startswith(OVERSEAS_PREFIXES):
        return None
    geometry = feature["geometry"]
    polygons = (
        geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    )
    encoded = ";".join(
        " ".join(
            polyline.encode([(lat, lon) for lon, lat in ring[:-1]], PRECISION) for ring in polygon
        )
        for polygon in polygons
    )
    return code, name, encoded


def is_outlines_file(path: Path) -> bool:
    """The compact outlines file :func:`derive` wrote (a gzip CSV with its header)."""
    with gzip.open(path, "rb") as handle:
        return handle.readline(256) == (",".join(OUTLINE_COLUMNS) + "\n").encode()


@dataclass(frozen=True)
class Outline:
    code: str  # INSEE code, 2018 vintage
    name: str
    polygons: str  # encoded (see the module text); decoded on demand by :func:`geometry`


def read_outlines(data: bytes) -> dict[str, Outline]:
    """2018 code -> encoded outline, from the gzip bytes :func:`derive` wrote."""
    reader = csv.reader(io.StringIO(gzip.decompress(data).decode("utf-8")))
    header = tuple(next(reader, ()))
    if header != OUTLINE_COLUMNS:
        raise UserError(
            _(
                "the commune outlines have columns {header}, expected {OUTLINE_COLUMNS}; restore "
                "the file from git or run 'pnp data outlines'"
            ).format(header=header, OUTLINE_COLUMNS=OUTLINE_COLUMNS)
        )
    return {code: Outline(code, name, polygons) for code, name, polygons in reader}


def geometry(outline: Outline) -> BaseGeometry:
    """The outline as a shapely (Multi)Polygon in (lon, lat)."""
    import polyline
    from shapely.geometry import MultiPolygon, Polygon

    polygons = []
    for part in outline.polygons.split(";"):
        rings = [
            [(lon, lat) for lat, lon in polyline.decode(ring, PRECISION)]
            for ring in part.split(" ")
        ]
        polygons.append(Polygon(rings[0], rings[1:]))
    return polygons[0] if len(polygons) == 1 else MultiPolygon(polygons)


def commune_geometry(
    outlines: Mapping[str, Outline], code: str, former_codes: Iterable[str] = ()
) -> BaseGeometry | None:
    """A current commune's 2018 outline: its own code first, else the union of the communes merged
    into it since (a commune nouvelle carries its chef-lieu's code and lists the others as former
    codes). None when no 2018 outline matches."""
    import shapely

    parts = [geometry(outlines[c]) for c in (code, *former_codes) if c in outlines]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else shapely.union_all(parts)


def outside_m(shape: BaseGeometry, lat: float, lon: float) -> float:
    """0 when (lat, lon) is inside ``shape``, else its distance to it in metres (a local
    equirectangular scale: exact enough at a few kilometres)."""
    import math

    from shapely.geometry import Point
    from shapely.ops import nearest_points

    point = Point(lon, lat)
    if shape.contains(point):
        return 0.0
    nearest = nearest_points(shape, point)[0]
    dx = (nearest.x - lon) * math.cos(math.radians(lat))
    dy = nearest.y - lat
    return math.hypot(dx, dy) * 111_195.0


def interior_point(shape: BaseGeometry) -> tuple[float, float]:
    """(lat, lon) of the outline's pole of inaccessibility (its largest polygon's), rounded to 5
    decimals: the point farthest inside, never on a border."""
    from shapely.ops import polylabel

    largest = max(getattr(shape, "geoms", [shape]), key=lambda g: g.area)
    pole = polylabel(largest, tolerance=0.0001)
    return round(pole.y, 5), round(pole.x, 5)


def moved_inside(
    shape: BaseGeometry, lat: float, lon: float, inside_m: float
) -> tuple[float, float] | None:
    """(lat, lon), rounded to 5 decimals, of the point nearest to (lat, lon) that lies at least
    ``inside_m`` inside ``shape``; None when the outline is too narrow for that."""
    import math

    from shapely.geometry import Point
    from shapely.ops import nearest_points

    scale = math.cos(math.radians(lat))
    # shrink in a frame where degrees of longitude and latitude have the same length
    squeezed = _scaled(shape, scale).buffer(-inside_m / 111_195.0)
    if squeezed.is_empty:
        return None
    target = nearest_points(squeezed, Point(lon * scale, lat))[0]
    return round(target.y, 5), round(target.x / scale, 5)


def _scaled(shape: BaseGeometry, factor: float) -> BaseGeometry:
    from shapely import affinity

    return affinity.scale(shape, xfact=factor, yfact=1.0, origin=(0, 0))


def as_json(outline: Outline) -> dict[str, Any]:  # pragma: no cover - debugging aid
    from shapely.geometry import mapping

    return dict(mapping(geometry(outline)))
