"""Polygons, paths and stars from point lists; the background and bands of a card; rounded
boxes and cut lines.

A point list is traced with :func:`trace` (one ``m``, then ``l`` for each point, then ``h``),
the one place where paths are built from points. Coordinates are millimetres, converted with
``to_pt`` (:func:`~generator.render.units.pt` by default); pass ``to_pt=None`` on a canvas
already scaled to millimetres (the Jeu de l'Oie board and its poster).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.imposition import CardBox

Point = tuple[float, float]

#: The thinnest line the material draws (points): print shops' plates lose finer ones, and
#: ``pnp preflight`` fails a shop file with one.
MIN_LINE_PT = 0.25
ToPoints = Callable[[float], float] | None


def trace(path: Any, points: Sequence[Point], to_pt: ToPoints = pt, close: bool = True) -> None:
    """Add the polyline through ``points`` to ``path`` (a reportlab path), closed by default."""
    first, *rest = points
    if to_pt is None:
        path.moveTo(*first)
        for x, y in rest:
            path.lineTo(x, y)
    else:
        path.moveTo(to_pt(first[0]), to_pt(first[1]))
        for x, y in rest:
            path.lineTo(to_pt(x), to_pt(y))
    if close:
        path.close()


def polygon_path(canvas: Canvas, points: Sequence[Point], to_pt: ToPoints = pt) -> Any:
    """A new closed path through ``points``."""
    path = canvas.beginPath()
    trace(path, points, to_pt)
    return path


def polygon(
    canvas: Canvas,
    points: Sequence[Point],
    fill: bool = True,
    stroke: bool = False,
    to_pt: ToPoints = pt,
) -> None:
    """Fill and/or stroke the polygon through ``points`` in the canvas's current colours."""
    canvas.drawPath(polygon_path(canvas, points, to_pt), stroke=int(stroke), fill=int(fill))


def star_points(
    cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45
) -> list[Point]:
    """Vertices of a star centred on (cx, cy), outer radius r, first point up (any unit)."""
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi / 2 + i * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def fill_bleed(canvas: Canvas, box: CardBox, colour: Colour) -> None:
    """Paint a card's whole face, trim and bleed, in ``colour``."""
    set_fill(canvas, colour)
    canvas.rect(
        pt(-box.bleed),
        pt(-box.bleed),
        pt(box.width + 2 * box.bleed),
        pt(box.height + 2 * box.bleed),
        stroke=0,
        fill=1,
    )


def band(canvas: Canvas, box: CardBox, bottom: float, colour: Colour) -> None:
    """A full-width band from ``bottom`` (mm above the trim's bottom) up into the bleed."""
    set_fill(canvas, colour)
    canvas.rect(
        pt(-box.bleed),
        pt(bottom),
        pt(box.width + 2 * box.bleed),
        pt(box.height + box.bleed - bottom),
        stroke=0,
        fill=1,
    )


def rounded_box(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    radius: float,
    fill: Colour | None = None,
    stroke: Colour | None = None,
    line: float = 0.3,
) -> None:
    """A ``w`` × ``h`` mm box from (x, y) mm with corners of ``radius`` mm, filled and/or
    stroked (``line`` mm wide), the canvas's state kept."""
    canvas.saveState()
    if fill:
        set_fill(canvas, fill)
    if stroke:
        set_stroke(canvas, stroke)
        canvas.setLineWidth(pt(line))
    canvas.roundRect(
        pt(x), pt(y), pt(w), pt(h), pt(radius), stroke=1 if stroke else 0, fill=1 if fill else 0
    )
    canvas.restoreState()


def cut_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float, colour: Colour) -> None:
    """A dashed line to cut along, from (x1, y1) to (x2, y2) mm."""
    canvas.saveState()
    set_stroke(canvas, colour)
    canvas.setLineWidth(pt(0.25))
    canvas.setDash(pt(2), pt(1.5))
    canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    canvas.restoreState()
