"""Card sizes and the back offset, as a user names them (``--card-size``, ``--back-offset``).

A light module (no reportlab): the command line parses its options into these objects once,
and everything below it receives the objects, never the text again.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import _

MM_PER_INCH = 25.4
SMALLEST, LARGEST = 20.0, 300.0  # mm, either side of a card
BACK_OFFSET_LIMIT = 20.0  # mm, either way: more is a printer fault, not an offset


class CardSize(Struct, frozen=True):
    """A card's trim size in millimetres; ``name`` is how it was asked for (``poker``,
    ``70x120``, ``2.5x3.5in``), recorded in deck files and said in messages."""

    name: str
    width: float  # mm, trim
    height: float  # mm, trim

    def __str__(self) -> str:
        return self.name


CARD_SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", 63.0, 88.0),
    "bridge": CardSize("bridge", 57.0, 89.0),
    "mini": CardSize("mini", 44.0, 63.0),
    "tarot": CardSize("tarot", 70.0, 120.0),
}
POKER = CARD_SIZES["poker"]

_CUSTOM = re.compile(r"(?P<width>[0-9.]+)\s*[x×]\s*(?P<height>[0-9.]+)\s*(?P<unit>mm|in|\")?")


def card_size(text: str) -> CardSize:
    """A named size (poker, bridge, mini, tarot), ``WxH`` in millimetres (``70x120``) or in
    inches (``2.5x3.5in``); a one-line UserError otherwise."""
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    found = _CUSTOM.fullmatch(key)
    try:
        if found is None:
            raise ValueError(text)
        width, height = float(found["width"]), float(found["height"])
    except ValueError:
        raise UserError(
            _(
                "unknown card size {spec!r}; use {names}, WxH in mm such as 70x120 or in inches "
                "such as 2.5x3.5in"
            ).format(spec=text, names=", ".join(CARD_SIZES))
        ) from None
    inches = found["unit"] in ("in", '"')
    name = f"{width:g}x{height:g}in" if inches else ""
    if inches:
        width, height = width * MM_PER_INCH, height * MM_PER_INCH
    if not (SMALLEST <= width <= LARGEST and SMALLEST <= height <= LARGEST):
        raise UserError(
            _("card size {spec!r} is out of range; width and height must be 20 to 300 mm").format(
                spec=text
            )
        )
    return CardSize(name or f"{width:g}x{height:g}", width, height)


class BackOffset(NamedTuple):
    """How far the backs are shifted (mm, right and up), as read on ``pnp calibrate``'s
    sheet."""

    x: float = 0.0
    y: float = 0.0

    def __str__(self) -> str:
        return f"{self.x:g},{self.y:g}"


NO_OFFSET = BackOffset()


def back_offset(text: str) -> BackOffset:
    """``"X,Y"`` in millimetres, as printed by ``pnp calibrate``; a one-line UserError
    otherwise."""
    try:
        x_text, y_text = text.split(",")
        offset = BackOffset(float(x_text), float(y_text))
    except ValueError:
        raise UserError(
            _("back offset {text!r} is not X,Y in millimetres; write it like 0.5,-1").format(
                text=text
            )
        ) from None
    if any(not math.isfinite(v) or abs(v) > BACK_OFFSET_LIMIT for v in offset):
        raise UserError(
            _("back offset {text!r} is out of range; each value must be within ±20 mm").format(
                text=text
            )
        )
    return offset
