"""How the backs of a deck get behind its fronts (``--duplex``): the imposition engine's
vocabulary, in a module of its own so that the command line can offer it without importing
the engine."""

from __future__ import annotations

from enum import Enum

from generator.core.errors import UserError
from generator.core.i18n import _


class Duplex(Enum):
    """How the backs get behind the fronts."""

    LONG = "long"  # duplex, flip on the long edge: backs mirrored left-right
    SHORT = "short"  # duplex, flip on the short edge: the long-edge backs turned 180°
    FOLD = "fold"  # single-sided: fronts above a gutter, backs below it; fold and glue


def parse_duplex(text: str) -> Duplex:
    try:
        return Duplex(text.strip().lower())
    except ValueError:
        raise UserError(
            _("unknown duplex mode {text!r}; choose long, short or fold").format(text=text)
        ) from None
