"""Playing-card suit symbols drawn as vector shapes (no font glyph needed, crisp at any size)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.territoires.palette import PALETTE
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

# A path command: "m" (move), "l" (line) or "c" (curve), then its x, y coordinates.
_Command = tuple[str, *tuple[float, ...]]

# Outlines in a unit box centred on (0, 0), about 1 wide and 1 tall: lists of path commands.
_HEART: list[_Command] = [
    ("m", 0.0, -0.5),
    ("c", -0.16, -0.31, -0.5, -0.08, -0.5, 0.18),
    ("c", -0.5, 0.4, -0.34, 0.5, -0.24, 0.5),
    ("c", -0.1, 0.5, -0.02, 0.42, 0.0, 0.3),
    ("c", 0.02, 0.42, 0.1, 0.5, 0.24, 0.5),
    ("c", 0.34, 0.5, 0.5, 0.4, 0.5, 0.18),
    ("c", 0.5, -0.08, 0.16, -0.31, 0.0, -0.5),
]
_DIAMOND: list[_Command] = [("m", 0.0, 0.5), ("l", 0.37, 0.0), ("l", 0.0, -0.5), ("l", -0.37, 0.0)]
_STEM: list[_Command] = [
    ("m", 0.0, 0.02),
    ("c", 0.02, -0.22, 0.1, -0.4, 0.2, -0.5),
    ("l", -0.2, -0.5),
    ("c", -0.1, -0.4, -0.02, -0.22, 0.0, 0.02),
]


def _spade() -> list[_Command]:
    """The heart turned upside down, raised, with a stem."""
    lobes: list[_Command] = []
    for command, *coords in _HEART:
        flipped = [value if i % 2 == 0 else -value * 0.8 + 0.1 for i, value in enumerate(coords)]
        lobes.append((command, *flipped))
    return lobes


def _path(canvas: Canvas, commands: list[_Command], cx: float, cy: float, size: float) -> Any:
    path = canvas.beginPath()
    for command, *coords in commands:
        points = [
            pt(cx + v * size) if i % 2 == 0 else pt(cy + v * size) for i, v in enumerate(coords)
        ]
        if command == "m":
            path.moveTo(*points)
        elif command == "l":
            path.lineTo(*points)
        else:
            path.curveTo(*points)
    path.close()
    return path


def draw_suit(
    canvas: Canvas, suit_value: str, cx: float, cy: float, size: float, color: Colour | None = None
) -> None:
    """Fill the suit ``suit_value`` ("cœur", "carreau", "trèfle", "pique") centred on (cx, cy) mm.

    ``size`` is the height of the symbol in millimetres; ``color`` defaults to the suit's red or
    black.
    """
    fill = color or (PALETTE.suit_red if suit_value in ("cœur", "carreau") else PALETTE.suit_black)
    canvas.saveState()
    set_fill(canvas, fill)
    set_stroke(canvas, fill)
    if suit_value == "cœur":
        canvas.drawPath(_path(canvas, _HEART, cx, cy, size), stroke=0, fill=1)
    elif suit_value == "carreau":
        canvas.drawPath(_path(canvas, _DIAMOND, cx, cy, size), stroke=0, fill=1)
    elif suit_value == "pique":
        canvas.drawPath(_path(canvas, _spade(), cx, cy + size * 0.08, size), stroke=0, fill=1)
        canvas.drawPath(_path(canvas, _STEM, cx, cy, size), stroke=0, fill=1)
    elif suit_value == "trèfle":
        radius = 0.215 * size
        for dx, dy in ((0.0, 0.26), (-0.25, -0.06), (0.25, -0.06)):
            canvas.circle(pt(cx + dx * size), pt(cy + dy * size), pt(radius), stroke=0, fill=1)
        canvas.rect(
            pt(cx - 0.08 * size),
            pt(cy - 0.06 * size),
            pt(0.16 * size),
            pt(0.3 * size),
            stroke=0,
            fill=1,
        )
        canvas.drawPath(_path(canvas, _STEM, cx, cy, size), stroke=0, fill=1)
    else:
        raise ValueError(f"unknown suit {suit_value!r}")
    canvas.restoreState()
