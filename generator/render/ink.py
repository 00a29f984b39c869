"""Colours defined once: the CMYK a print shop prints and the RGB a screen or a home printer uses.

A game's palette holds :class:`Ink` values; renderers hand them to reportlab as they would any
colour (``canvas.setFillColor(palette.night)``) and the document's print profile decides which
form reaches the PDF (see :func:`colour_setter`):

* ``home``: the RGB form, exactly as designed for screens and inkjets;
* ``shop``: the CMYK form, never converted from RGB. Above the document's total ink limit a
  colour is brought under it by grey component replacement (the part of cyan, magenta and
  yellow that makes grey is printed with black instead), then, if that is not enough, by
  scaling cyan, magenta and yellow down; neutral greys given as RGB (``r == g == b``, the
  crop marks' black) become black ink only. Any other RGB colour in a shop document is a bug
  (a colour missing from its palette) and raises.

Text and thin lines in the palettes are black ink only (``Ink.k``), so nothing small depends on
the registration of four plates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Total ink (C + M + Y + K, in %) that coated-paper print shops accept: ISO Coated v2 300 %.
DEFAULT_INK_LIMIT = 300.0
INK_LIMIT_RANGE = (180.0, 400.0)


@dataclass(frozen=True)
class Ink:
    """One colour: ``cmyk`` fractions (0–1) for print, ``rgb`` fractions (0–1) for screens."""

    cmyk: tuple[float, float, float, float]
    rgb: tuple[float, float, float]

    def __post_init__(self) -> None:
        if len(self.cmyk) != 4 or len(self.rgb) != 3:
            raise ValueError("an Ink has four CMYK and three RGB components")
        if not all(0.0 <= v <= 1.0 for v in (*self.cmyk, *self.rgb)):
            raise ValueError(f"colour components must be 0 to 1: {self}")

    @classmethod
    def of(cls, cmyk_percent: tuple[float, float, float, float], rgb_hex: str) -> Ink:
        """``Ink.of((100, 72, 0, 40), "#1F4E79")``: CMYK in percent, RGB as a hex code."""
        code = rgb_hex.lstrip("#")
        if len(code) != 6:
            raise ValueError(f"RGB {rgb_hex!r} is not #RRGGBB")
        rgb = tuple(int(code[i : i + 2], 16) / 255 for i in (0, 2, 4))
        c, m, y, k = (v / 100 for v in cmyk_percent)
        return cls((c, m, y, k), (rgb[0], rgb[1], rgb[2]))

    @classmethod
    def k(cls, percent: float, rgb_hex: str | None = None) -> Ink:
        """Black ink only (text, lines, greys); the RGB form is the matching grey unless given."""
        if rgb_hex is None:
            grey = round(255 * (1 - percent / 100))
            rgb_hex = f"#{grey:02X}{grey:02X}{grey:02X}"
        return cls.of((0, 0, 0, percent), rgb_hex)

    @property
    def total(self) -> float:
        """Total ink, in percent."""
        return 100 * sum(self.cmyk)

    def limited(self, limit: float) -> tuple[float, float, float, float]:
        """The CMYK form with at most ``limit`` % total ink (unchanged when already under it)."""
        return limit_ink(self.cmyk, limit)


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


def colour_setter(shop: bool, ink_limit: float = DEFAULT_INK_LIMIT) -> Callable[[Any], Any]:
    """The reportlab ``enforceColorSpace`` callable for a home or shop document: every colour a
    renderer sets (fills, strokes, text, platypus paragraphs) passes through it."""
    from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, toColor

    def home(colour: Any) -> Any:
        if isinstance(colour, Ink):
            return Color(*colour.rgb)
        return colour

    def shop_colour(colour: Any) -> Any:
        if isinstance(colour, Ink):
            return CMYKColor(*colour.limited(ink_limit))
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
