"""Colours as typed values, and the one place a colour reaches a reportlab canvas.

Every colour of the printed material is defined once, with a name, in a palette: the shared
one (:mod:`generator.render.palette`) or a game's (``generator/render/<game>/palette.py``).
Drawing code never holds a colour literal; it takes a :class:`Colour` from a palette and sets
it with :func:`set_fill` / :func:`set_stroke` (or hands :attr:`Colour.reportlab` to a
paragraph style).

A :class:`Colour` is its sRGB value (what home printers get, written as ``r g b rg`` in the
PDF) and, optionally, a :class:`Cmyk` definition beside it for a print-shop profile: the
drawing code does not change when a palette gains its CMYK values.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from msgspec import Struct

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Cmyk(Struct, frozen=True):
    """A process-colour definition, each ink from 0 to 1."""

    cyan: float
    magenta: float
    yellow: float
    black: float

    @property
    def total(self) -> float:
        """Total ink, in percent (print shops accept 300 % at most on coated paper)."""
        return 100 * (self.cyan + self.magenta + self.yellow + self.black)

    @property
    def black_only(self) -> bool:
        return self.cyan == self.magenta == self.yellow == 0


def cmyk(cyan: float, magenta: float, yellow: float, black: float) -> Cmyk:
    """A CMYK definition in percent, as print shops write it: ``cmyk(100, 72, 0, 40)``."""
    return Cmyk(cyan / 100, magenta / 100, yellow / 100, black / 100)


# dict=True: a __dict__ for its cached properties (a Struct has slots only).
class Colour(Struct, frozen=True, dict=True):
    """One named colour of a palette: sRGB channels from 0 to 1, an opacity, a CMYK to come.

    ``alpha`` is the opacity the colour sets when it is used (1.0: opaque, as reportlab's
    ``HexColor``); ``None`` leaves the page's opacity as it is, so a document drawn only in
    such colours has no transparency at all and stays a PDF 1.3 (the calibration sheet).
    """

    red: float
    green: float
    blue: float
    alpha: float | None = 1.0
    cmyk: Cmyk | None = None
    #: A spot colour's name (a die line's ``CutContour``): its own separation, ``cmyk`` its
    #: appearance; None for process colours.
    spot: str | None = None

    @property
    def rgb(self) -> tuple[float, float, float]:
        return (self.red, self.green, self.blue)

    @property
    def hex(self) -> str:
        """``#RRGGBB`` (opacity left out), as CSS and the palette definitions write it."""
        return "#" + "".join(f"{round(channel * 255):02X}" for channel in self.rgb)

    @cached_property
    def reportlab(self) -> Any:
        """The reportlab colour (built once; reportlab is imported only when drawing): an RGB
        colour that remembers this one, so that a print-shop document writes the CMYK form
        instead (:mod:`generator.render.ink`)."""
        from generator.render.ink import palette_colour

        return palette_colour(self)


def hex_colour(code: str, cmyk: Cmyk | None = None, spot: str | None = None) -> Colour:
    """``"#1F4E79"`` → its Colour: the one reader of hex codes (channels are ``byte / 255``,
    exactly as reportlab's ``HexColor`` reads them, so the PDF operators stay the same)."""
    text = code.removeprefix("#")
    if len(text) != 6:
        raise ValueError(f"colour {code!r} is not #RRGGBB")
    value = int(text, 16)
    return Colour(
        ((value >> 16) & 0xFF) / 255.0,
        ((value >> 8) & 0xFF) / 255.0,
        (value & 0xFF) / 255.0,
        cmyk=cmyk,
        spot=spot,
    )


def mix(colour: Colour, background: Colour, share: float) -> Colour:
    """``share`` (0 to 1) of ``colour`` laid over ``background``, as one solid colour: what a
    translucent colour would show, flattened at design time (sRGB channels and CMYK inks are
    mixed alike, as a PDF blends in those spaces), so no page needs transparency."""
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"share {share} is not between 0 and 1")

    def blend(a: float, b: float) -> float:
        return b + (a - b) * share

    ink = None
    if colour.cmyk is not None and background.cmyk is not None:
        a, b = colour.cmyk, background.cmyk
        ink = Cmyk(
            round(blend(a.cyan, b.cyan), 4),
            round(blend(a.magenta, b.magenta), 4),
            round(blend(a.yellow, b.yellow), 4),
            round(blend(a.black, b.black), 4),
        )
    return Colour(
        blend(colour.red, background.red),
        blend(colour.green, background.green),
        blend(colour.blue, background.blue),
        colour.alpha,
        ink,
    )


def set_fill(canvas: Canvas, colour: Colour) -> None:
    """Make ``colour`` the canvas's fill (and text) colour."""
    canvas.setFillColor(colour.reportlab)


def set_stroke(canvas: Canvas, colour: Colour) -> None:
    """Make ``colour`` the canvas's line colour."""
    canvas.setStrokeColor(colour.reportlab)
