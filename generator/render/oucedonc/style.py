"""The vector icons of the Oucédonc deck (no bitmaps, nothing to embed); its colours are in
:mod:`generator.render.oucedonc.palette`.

Icons are drawn centred on a point with a size in millimetres, in the canvas's current
transformation, so they scale and rotate with the card.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.shapes import MIN_LINE_PT
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def compass_star(
    canvas: Canvas,
    x: float,
    y: float,
    radius: float,
    dark: Colour,
    light: Colour,
    north: Colour | None = None,
) -> None:
    """An eight-point compass star of ``radius`` mm centred on (x, y) mm.

    Each cardinal point is split into a dark and a light half, as on a classic rose; the north
    point can take its own colour.
    """
    canvas.saveState()
    canvas.translate(pt(x), pt(y))
    minor = radius * 0.62
    waist = radius * 0.16
    for index in range(4):  # the diagonal points, behind
        angle = math.radians(45 + 90 * index)
        _star_point(canvas, angle, minor, waist * 0.8, light, dark)
    for index in range(4):
        angle = math.radians(90 * index)
        colour = north if (north and index == 1) else dark
        _star_point(canvas, angle, radius, waist, colour, light)
    set_fill(canvas, light)
    set_stroke(canvas, dark)
    canvas.setLineWidth(max(MIN_LINE_PT, pt(radius * 0.03)))
    canvas.circle(0, 0, pt(radius * 0.09), stroke=1, fill=1)
    canvas.restoreState()


def _star_point(
    canvas: Canvas, angle: float, length: float, waist: float, dark: Colour, light: Colour
) -> None:
    tip = (pt(length * math.cos(angle)), pt(length * math.sin(angle)))
    left = (pt(waist * math.cos(angle + math.pi / 2)), pt(waist * math.sin(angle + math.pi / 2)))
    right = (pt(waist * math.cos(angle - math.pi / 2)), pt(waist * math.sin(angle - math.pi / 2)))
    for side, colour in ((left, dark), (right, light)):
        path = canvas.beginPath()
        path.moveTo(0, 0)
        path.lineTo(*side)
        path.lineTo(*tip)
        path.close()
        set_fill(canvas, colour)
        set_stroke(canvas, dark)
        canvas.setLineWidth(0.3)
        canvas.setLineJoin(1)
        canvas.drawPath(path, stroke=1, fill=1)


def hourglass(
    canvas: Canvas, x: float, y: float, height: float, colour: Colour, sand: Colour
) -> None:
    """An hourglass ``height`` mm tall centred on (x, y) mm: the Intermède's pause."""
    h = height / 2.0
    w = height * 0.32
    canvas.saveState()
    set_stroke(canvas, colour)
    set_fill(canvas, colour)
    canvas.setLineWidth(pt(height * 0.045))
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for sign in (1, -1):  # the two plates
        canvas.line(pt(x - w * 1.25), pt(y + sign * h), pt(x + w * 1.25), pt(y + sign * h))
    glass = canvas.beginPath()
    top, bottom = y + h * 0.86, y - h * 0.86
    glass.moveTo(pt(x - w), pt(top))
    glass.curveTo(
        pt(x - w), pt(y + h * 0.35), pt(x - w * 0.12), pt(y + h * 0.15), pt(x - w * 0.12), pt(y)
    )
    glass.curveTo(
        pt(x - w * 0.12), pt(y - h * 0.15), pt(x - w), pt(y - h * 0.35), pt(x - w), pt(bottom)
    )
    glass.lineTo(pt(x + w), pt(bottom))
    glass.curveTo(
        pt(x + w), pt(y - h * 0.35), pt(x + w * 0.12), pt(y - h * 0.15), pt(x + w * 0.12), pt(y)
    )
    glass.curveTo(
        pt(x + w * 0.12), pt(y + h * 0.15), pt(x + w), pt(y + h * 0.35), pt(x + w), pt(top)
    )
    glass.close()
    canvas.drawPath(glass, stroke=1, fill=0)
    set_fill(canvas, sand)
    pile = canvas.beginPath()  # sand fallen into the lower bulb
    pile.moveTo(pt(x - w * 0.86), pt(bottom))
    pile.curveTo(
        pt(x - w * 0.5),
        pt(y - h * 0.42),
        pt(x + w * 0.5),
        pt(y - h * 0.42),
        pt(x + w * 0.86),
        pt(bottom),
    )
    pile.close()
    canvas.drawPath(pile, stroke=0, fill=1)
    upper = canvas.beginPath()  # sand left in the upper bulb
    upper.moveTo(pt(x - w * 0.62), pt(y + h * 0.34))
    upper.lineTo(pt(x + w * 0.62), pt(y + h * 0.34))
    upper.lineTo(pt(x), pt(y + h * 0.05))
    upper.close()
    canvas.drawPath(upper, stroke=0, fill=1)
    canvas.setLineWidth(pt(height * 0.02))
    set_stroke(canvas, sand)
    canvas.line(pt(x), pt(y), pt(x), pt(y - h * 0.55))
    canvas.restoreState()


def graticule(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    height: float,
    step: float,
    colour: Colour,
    line_mm: float,
) -> None:
    """Faint meridians and parallels over a rectangle (mm), like an old map's grid."""
    canvas.saveState()
    set_stroke(canvas, colour)
    canvas.setLineWidth(pt(line_mm))
    position = x + step / 2
    while position < x + width:
        canvas.line(pt(position), pt(y), pt(position), pt(y + height))
        position += step
    position = y + step / 2
    while position < y + height:
        canvas.line(pt(x), pt(position), pt(x + width), pt(position))
        position += step
    canvas.restoreState()
