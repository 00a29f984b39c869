"""A disputed placement settled: is A north, south, east or west of B on the printed coordinates?

:func:`verify_on_deck` compares two cards of a deck (their names or ids) as their backs print
them; :func:`verify_by_name` compares two places named the forgiving way among the embedded
communes and sites, at the precision a deck would print. Both give a
:class:`~generator.games.oucedonc.referee.Gap` (the verdict, the gap in minutes and kilometres;
``to_json()`` for scripts) or a :class:`~generator.core.refusal.Refusal` (an unknown or
ambiguous name, the same place twice).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from generator.core.refusal import Refusal
from generator.games.oucedonc import referee
from generator.games.oucedonc.compare import Direction, EqualCoordinates
from generator.games.oucedonc.coords import Precision
from generator.products.referee.refusals import Said

if TYPE_CHECKING:  # a verdict by name needs no deck, no game (the command starts fast)
    from collections.abc import Callable

    from generator.games.oucedonc.deckfile import Deck
    from generator.games.oucedonc.names import NameIndex
    from generator.geo.model import Place


def verify_on_deck(
    a: str,
    direction: Direction,
    b: str,
    deck: Deck,
    equal: EqualCoordinates = EqualCoordinates.WELL_PLACED,
) -> referee.Gap:
    """Is the card ``a`` ``direction`` of the card ``b``, as ``deck``'s backs print them?"""
    return referee.verify_cards(a, direction, b, deck, equal)


def verify_by_name(
    a: str,
    direction: Direction,
    b: str,
    precision: Precision = Precision.MINUTE,
    equal: EqualCoordinates = EqualCoordinates.WELL_PLACED,
) -> referee.Gap:
    """Is the place ``a`` ``direction`` of the place ``b``, both among the embedded French
    communes and sites, at the ``precision`` a deck would print?"""
    index, place = _embedded_places()
    return referee.verify_named(a, direction, b, index, place, precision, equal)


@cache
def _embedded_places() -> tuple[NameIndex[int], Callable[[int], Place]]:
    """The embedded communes and sites by name, and the record at a position (built for the two
    places found only): once per process."""
    try:
        from generator.geo import embedded
    except ImportError:
        raise Refusal(Said.NO_EMBEDDED_PLACES) from None
    named = embedded.place_names()
    return referee.named_place_index(named.keys, named.described), named.place
