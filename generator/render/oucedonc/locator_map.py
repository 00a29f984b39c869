"""A small locator map drawn once per document as a PDF form XObject and reused on every card.

The projection is equirectangular around the middle latitude (x = lon · cos φ0, y = lat),
north up: at the scale of a card this is indistinguishable from a conformal projection for a
country the size of France. The form holds the land outline and a faint dot for every place
of the deck; each card then draws the form (a few bytes: ``/Form Do``) and marks its own place.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.shapes import trace
from generator.render.units import pt

LonLat = tuple[float, float]
Ring = Sequence[LonLat]

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class MapFrame(Struct, frozen=True):
    """A geographic window (degrees) shown in a ``width`` × ``height`` mm rectangle."""

    west: float
    south: float
    east: float
    north: float
    width: float
    height: float

    @property
    def _squash(self) -> float:
        return math.cos(math.radians((self.south + self.north) / 2))

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        """Millimetres from the frame's lower-left corner."""
        scale = self.height / (self.north - self.south)
        return (lon - self.west) * self._squash * scale, (lat - self.south) * scale

    def project_all(self, points: Iterable[LonLat]) -> list[tuple[float, float]]:
        """:meth:`project` of every point (the same numbers, the frame's factors read once)."""
        scale = self.height / (self.north - self.south)
        squash, west, south = self._squash, self.west, self.south
        return [((lon - west) * squash * scale, (lat - south) * scale) for lon, lat in points]


def fit_frame(
    bounds: tuple[float, float, float, float],
    max_width: float,
    max_height: float,
    margin: float = 0.08,
    min_span: float = 0.4,
) -> MapFrame:
    """The largest frame within ``max_width`` × ``max_height`` mm showing ``bounds`` (W, S, E, N)
    with ``margin`` (a share of the span) around, keeping the projection's true proportions."""
    west, south, east, north = bounds
    lon_span = max(east - west, min_span)
    lat_span = max(north - south, min_span)
    mid_lon, mid_lat = (west + east) / 2, (south + north) / 2
    lon_span *= 1 + 2 * margin
    lat_span *= 1 + 2 * margin
    squash = math.cos(math.radians(mid_lat))
    aspect = lon_span * squash / lat_span  # width / height of the area
    if aspect > max_width / max_height:
        width, height = max_width, max_width / aspect
    else:
        width, height = max_height * aspect, max_height
    return MapFrame(
        mid_lon - lon_span / 2,
        mid_lat - lat_span / 2,
        mid_lon + lon_span / 2,
        mid_lat + lat_span / 2,
        width,
        height,
    )


def outline_rings(geojson: dict[str, Any]) -> list[list[LonLat]]:
    """Every ring (outer and holes) of a GeoJSON Polygon/MultiPolygon, Feature or collection."""
    kind = geojson.get("type")
    if kind == "FeatureCollection":
        return [ring for feature in geojson.get("features", []) for ring in outline_rings(feature)]
    if kind == "Feature":
        return outline_rings(geojson.get("geometry") or {})
    if kind == "Polygon":
        return [[(float(x), float(y)) for x, y, *_ in ring] for ring in geojson["coordinates"]]
    if kind == "MultiPolygon":
        return [
            [(float(x), float(y)) for x, y, *_ in ring]
            for polygon in geojson["coordinates"]
            for ring in polygon
        ]
    if kind == "GeometryCollection":
        return [
            ring for geometry in geojson.get("geometries", []) for ring in outline_rings(geometry)
        ]
    return []


#: Outline vertices closer than this (mm, on the card) to the previous one are dropped: below
#: what a printer resolves, and it keeps the form (and every PDF reader's work) small.
MIN_STEP = 0.2


def thin_out(points: Sequence[tuple[float, float]], step: float) -> list[tuple[float, float]]:
    """Keep a vertex only if it lies ``step`` or more from the last kept one (and the last)."""
    if len(points) < 3:
        return list(points)
    kept = [points[0]]
    last_x, last_y = points[0]
    limit = step * step
    for x, y in points[1:-1]:
        if (x - last_x) ** 2 + (y - last_y) ** 2 >= limit:
            kept.append((x, y))
            last_x, last_y = x, y
    kept.append(points[-1])
    return kept


class MapStyle(Struct, frozen=True):
    """The colours of a locator map."""

    water: Colour
    land: Colour
    coast: Colour
    dot: Colour
    frame: Colour


def define_map_form(
    canvas: Canvas,
    name: str,
    frame: MapFrame,
    rings: Iterable[Ring],
    dots: Iterable[LonLat],
    style: MapStyle,
) -> None:
    """Record the map (water, land, coast, every place as a faint dot) as form ``name``.

    The form's origin is the frame's lower-left corner; draw it with ``canvas.doForm(name)``
    after translating there.
    """
    width, height = pt(frame.width), pt(frame.height)
    canvas.beginForm(name, 0, 0, width, height)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, width, height)
    canvas.clipPath(clip, stroke=0, fill=0)
    set_fill(canvas, style.water)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    land = canvas.beginPath()
    for ring in rings:
        points = thin_out(frame.project_all(ring), MIN_STEP)
        if len(points) >= 3:
            trace(land, points)
    set_fill(canvas, style.land)
    set_stroke(canvas, style.coast)
    canvas.setLineWidth(0.35)
    canvas.setLineJoin(1)
    canvas.drawPath(land, stroke=1, fill=1, fillMode=0)  # even-odd: holes stay holes
    set_fill(canvas, style.dot)
    spots = canvas.beginPath()  # one path for all the dots: one object, not one per place
    for x, y in frame.project_all(dots):
        spots.circle(pt(x), pt(y), 0.75)
    canvas.drawPath(spots, stroke=0, fill=1)
    canvas.restoreState()
    set_stroke(canvas, style.frame)
    canvas.setLineWidth(0.5)
    canvas.rect(0, 0, width, height, stroke=1, fill=0)
    canvas.endForm()


MARKER_FORM = "OucedoncMapMarker"


def draw_marker(canvas: Canvas, x: float, y: float, colour: Colour, halo: Colour) -> None:
    """A target mark (mm, in the map's coordinates): a ring with a dot, readable at a glance.
    Recorded once as a form, placed on every card."""
    if not canvas.hasForm(MARKER_FORM):
        reach = pt(2.2)
        canvas.beginForm(MARKER_FORM, -reach, -reach, reach, reach)
        canvas.setLineWidth(1.1)
        set_stroke(canvas, halo)
        canvas.circle(0, 0, pt(1.45), stroke=1, fill=0)
        set_stroke(canvas, colour)
        canvas.setLineWidth(0.7)
        canvas.circle(0, 0, pt(1.45), stroke=1, fill=0)
        set_fill(canvas, colour)
        canvas.circle(0, 0, pt(0.55), stroke=0, fill=1)
        canvas.endForm()
    canvas.saveState()
    canvas.translate(pt(x), pt(y))
    canvas.doForm(MARKER_FORM)
    canvas.restoreState()
