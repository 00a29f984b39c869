"""The six Neo Otcho players: a colour colour-blind players can still tell apart, and a shape
that backs it up.

Colours are the Okabe–Ito palette (safe for protanopia, deuteranopia, tritanopia; see
:mod:`generator.render.otcho.palette`); each colour also has its own shape, so no one needs
colour alone. :func:`draw_shape` draws a shape centred on a point, in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.i18n import M_
from generator.render.colour import Colour
from generator.render.draw.shapes import polygon, star_points
from generator.render.otcho.palette import PALETTE as OTCHO_PALETTE
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class PlayerStyle:
    name: str  # French, printed (translated where printed: P_(language, name))
    colour: Colour
    tint: Colour  # a light version, for backgrounds
    ink: Colour  # colour of a symbol drawn on the full colour
    shape: str  # disc, square, triangle, diamond, star, cross
    letters: Colour  # the slot letters on the tint (contrast at least 4.5:1)
    band: Colour  # the card's header band, under its type in ``ink`` (contrast at least 4.5:1)


_NAMES_AND_SHAPES = (
    (M_("Vermillon"), "disc"),
    (M_("Bleu"), "square"),
    (M_("Vert"), "triangle"),
    (M_("Jaune"), "diamond"),
    (M_("Rose"), "star"),
    (M_("Noir"), "cross"),
)
PLAYER_STYLES: tuple[PlayerStyle, ...] = tuple(
    PlayerStyle(
        name, colours.colour, colours.tint, colours.ink, shape, colours.letters, colours.band
    )
    for (name, shape), colours in zip(_NAMES_AND_SHAPES, OTCHO_PALETTE.players, strict=True)
)

SHAPE_NAMES = {
    "disc": M_("disque"),
    "square": M_("carré"),
    "triangle": M_("triangle"),
    "diamond": M_("losange"),
    "star": M_("étoile"),
    "cross": M_("croix"),
}


def draw_shape(
    canvas: Canvas,
    shape: str,
    cx: float,
    cy: float,
    size: float,
    fill: bool = True,
    stroke: bool = False,
) -> None:
    """Draw ``shape`` centred on (cx, cy) mm, fitting a ``size`` mm square; current colours."""
    r = size / 2
    if shape == "disc":
        canvas.circle(pt(cx), pt(cy), pt(r * 0.9), stroke=int(stroke), fill=int(fill))
    elif shape == "square":
        s = r * 0.8
        polygon(
            canvas,
            [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)],
            fill,
            stroke,
        )
    elif shape == "triangle":
        h = r * 0.95
        polygon(
            canvas,
            [(cx, cy + h), (cx + h * 0.98, cy - h * 0.75), (cx - h * 0.98, cy - h * 0.75)],
            fill,
            stroke,
        )
    elif shape == "diamond":
        polygon(
            canvas,
            [(cx, cy + r), (cx + r * 0.75, cy), (cx, cy - r), (cx - r * 0.75, cy)],
            fill,
            stroke,
        )
    elif shape == "star":
        polygon(canvas, star_points(cx, cy - r * 0.05, r), fill, stroke)
    elif shape == "cross":
        a, b = r * 0.85, r * 0.3
        polygon(
            canvas,
            [
                (cx - b, cy + a),
                (cx + b, cy + a),
                (cx + b, cy + b),
                (cx + a, cy + b),
                (cx + a, cy - b),
                (cx + b, cy - b),
                (cx + b, cy - a),
                (cx - b, cy - a),
                (cx - b, cy - b),
                (cx - a, cy - b),
                (cx - a, cy + b),
                (cx - b, cy + b),
            ],
            fill,
            stroke,
        )
    else:
        raise ValueError(f"unknown shape {shape!r}")
