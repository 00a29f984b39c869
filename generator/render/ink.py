"""Which form of a palette colour reaches the PDF: its RGB at home, its CMYK in a print shop.

Every colour is defined once in a palette (:mod:`generator.render.colour`): its sRGB value and,
beside it, its CMYK definition (and, for a die line, the spot colour it is). Drawing code hands
``colour.reportlab`` to the canvas; that reportlab colour remembers its palette colour
(:func:`palette_colour`), and the document's print profile decides what is written, in the
canvas's ``enforceColorSpace`` hook (:func:`colour_setter`), which every fill, stroke, text and
platypus paragraph colour passes through:

* ``home``: the RGB form, byte for byte what the palette says (a spot colour stays a spot);
* ``shop``: the CMYK form, never converted from RGB. Above the document's total ink limit a
  colour is brought under it by grey component replacement (the part of cyan, magenta and
  yellow that makes grey is printed with black instead), then, if that is not enough, by
  scaling cyan, magenta and yellow down; neutral greys without a CMYK form (``r == g == b``)
  become black ink only. Any other colour without a CMYK form in a shop document is a bug (a
  palette entry missing its CMYK) and raises, as does a translucent colour.

Text and thin lines in the palettes are black ink only, so nothing small depends on the
registration of four plates.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.render.colour import Colour

#: Total ink (C + M + Y + K, in %) that coated-paper print shops accept: ISO Coated v2 300 %.
DEFAULT_INK_LIMIT = 300.0
INK_LIMIT_RANGE = (180.0, 400.0)


def limit_ink(
    cmyk: tuple[float, float, float, float], limit: float
) -> tuple[float, float, float, float]:
    """Bring ``cmyk`` (fractions) under ``limit`` % total ink: grey component replacement
    first (``a`` of each of C, M and Y becomes ``a`` of K: 2a less ink), then C, M and Y scaled
    down together. Rounded to 0.1 % so the written numbers stay short and stable."""
    c, m, y, k = cmyk
    budget = limit / 100
    if c + m + y + k <= budget + 1e-9:
        return cmyk
    grey = min(c, m, y, 1.0 - k)
    replace = min(grey, (c + m + y + k - budget) / 2)
    c, m, y, k = c - replace, m - replace, y - replace, k + replace
    over = c + m + y + k - budget
    if over > 1e-9:
        colour = c + m + y
        scale = max(0.0, (colour - over) / colour) if colour else 0.0
        c, m, y = c * scale, m * scale, y * scale
    return tuple(round(v, 3) for v in (c, m, y, k))  # type: ignore[return-value]


@cache
def _palette_colour_class() -> type:
    from reportlab.lib.colors import Color

    class PaletteColour(Color):  # type: ignore[misc]  # reportlab ships no types
        """A reportlab RGB colour (what a home document writes) that remembers its palette
        colour, so a print-shop document can write that colour's CMYK or spot form instead."""

        def __init__(
            self,
            red: float = 0,
            green: float = 0,
            blue: float = 0,
            alpha: float | None = 1,
            source: Colour | None = None,
        ) -> None:
            super().__init__(red, green, blue, alpha)
            self.source = source

    return PaletteColour


def palette_colour(colour: Colour) -> Any:
    """The reportlab colour of a palette colour (see the module's docstring)."""
    return _palette_colour_class()(colour.red, colour.green, colour.blue, colour.alpha, colour)


def _spot(colour: Colour) -> Any:
    from reportlab.lib.colors import CMYKColorSep

    cmyk = colour.cmyk
    assert cmyk is not None and colour.spot is not None
    return CMYKColorSep(cmyk.cyan, cmyk.magenta, cmyk.yellow, cmyk.black, spotName=colour.spot)


def colour_setter(shop: bool, ink_limit: float = DEFAULT_INK_LIMIT) -> Callable[[Any], Any]:
    """The reportlab ``enforceColorSpace`` callable for a home or shop document: every colour a
    renderer sets (fills, strokes, text, platypus paragraphs) passes through it."""
    from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, toColor

    def home(colour: Any) -> Any:
        source = getattr(colour, "source", None)
        if source is not None and source.spot is not None:
            return _spot(source)
        return colour

    def shop_colour(colour: Any) -> Any:
        source = getattr(colour, "source", None)
        if source is not None and source.cmyk is not None:
            if source.alpha not in (None, 1.0):
                raise ValueError(f"translucent colour {source} in a print-shop document")
            if source.spot is not None:
                return _spot(source)
            cmyk = source.cmyk
            process = (cmyk.cyan, cmyk.magenta, cmyk.yellow, cmyk.black)
            return CMYKColor(*limit_ink(process, ink_limit), alpha=None)
        resolved = toColor(colour)
        if getattr(resolved, "alpha", 1) not in (None, 1, 1.0):
            raise ValueError(f"transparent colour {colour!r} in a print-shop document")
        if isinstance(resolved, CMYKColorSep):
            return resolved
        if isinstance(resolved, CMYKColor):
            d = resolved.density
            cmyk = (
                d * resolved.cyan,
                d * resolved.magenta,
                d * resolved.yellow,
                d * resolved.black,
            )
            return CMYKColor(*limit_ink(cmyk, ink_limit))
        if isinstance(resolved, Color) and resolved.red == resolved.green == resolved.blue:
            return CMYKColor(0, 0, 0, round(1 - resolved.red, 4))
        raise ValueError(
            f"RGB colour {colour!r} in a print-shop document: give it a CMYK form in its palette"
        )

    return shop_colour if shop else home
