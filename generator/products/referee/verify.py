"""A disputed placement settled: is A north, south, east or west of B, or between B and C, on the
printed coordinates?

:func:`verify_on_deck` compares two cards of a deck (their names or ids) as their backs print
them; :func:`verify_by_name` compares two places named the forgiving way among the embedded
communes and sites, at the precision a deck would print. Both give a
:class:`~generator.games.oucedonc.referee.Gap` (the verdict, the gap in minutes and kilometres;
``to_json()`` for scripts) or a :class:`~generator.core.refusal.Refusal` (an unknown or
ambiguous name, the same place twice). :func:`verify_between_on_deck` and
:func:`verify_between_by_name` answer "A between B and C" on one line of the cross
(a :class:`~generator.games.oucedonc.referee.BetweenGap`: A against each of them).

:func:`verify_words` reads the question as players type it, in the table's words of either
language (:mod:`generator.games.oucedonc.words`): ``brest west-of rennes``, ``brest ouest
rennes``, ``saint malo au nord de rennes``, ``brest entre lyon et paris``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from generator.core.i18n import cli_language
from generator.core.namekeys import name_key
from generator.core.refusal import Refusal
from generator.games.oucedonc import referee, words
from generator.games.oucedonc.compare import Direction, EqualCoordinates, Line
from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.refusals import Why
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


def verify_between_on_deck(
    a: str,
    first: str,
    second: str,
    line: Line,
    deck: Deck,
    equal: EqualCoordinates = EqualCoordinates.WELL_PLACED,
) -> referee.BetweenGap:
    """Is the card ``a`` between the cards ``first`` and ``second`` on ``line``, as ``deck``'s
    backs print them?"""
    return referee.verify_between_cards(a, first, second, line, deck, equal)


def verify_between_by_name(
    a: str,
    first: str,
    second: str,
    line: Line,
    precision: Precision = Precision.MINUTE,
    equal: EqualCoordinates = EqualCoordinates.WELL_PLACED,
) -> referee.BetweenGap:
    """Is the place ``a`` between ``first`` and ``second`` on ``line``, among the embedded
    places at ``precision``?"""
    index, place = _embedded_places()
    return referee.verify_between_named(a, first, second, line, index, place, precision, equal)


Verdict = referee.Gap | referee.BetweenGap
"""What a verification gives: one verdict, or the two of a "between"."""


@dataclass(frozen=True)
class Judge:
    """Where the names of a question are found, and by which rule: a deck's cards, or the
    embedded places at ``precision``."""

    deck: Deck | None
    precision: Precision = Precision.MINUTE
    equal: EqualCoordinates = EqualCoordinates.WELL_PLACED

    def beside(self, a: str, direction: Direction, b: str) -> referee.Gap:
        if self.deck is not None:
            return verify_on_deck(a, direction, b, self.deck, self.equal)
        return verify_by_name(a, direction, b, self.precision, self.equal)

    def between(self, a: str, first: str, second: str, line: Line | None) -> referee.BetweenGap:
        if line is None:
            raise Refusal(Said.WHICH_LINE, {"first": first, "second": second})
        if self.deck is not None:
            return verify_between_on_deck(a, first, second, line, self.deck, self.equal)
        return verify_between_by_name(a, first, second, line, self.precision, self.equal)

    @property
    def name_words(self) -> int:
        """The most words a name can have here (a longer card part of a line is not tried)."""
        if self.deck is not None:
            return max(len(name_key(card.name).split()) for card in self.deck.places) + 1
        return EMBEDDED_NAME_WORDS


EMBEDDED_NAME_WORDS = 12  # "Saint-Martin-de-Bienfaite-la-Cressonnière (14)" has 8


def verify_words(typed: Sequence[str], judge: Judge, line: Line | None = None) -> Verdict:
    """The verdict on a question typed as words: ``A DIRECTION B`` (the direction in either
    language: ``west-of``, ``ouest``, ``au nord de``, ``n``) or ``A between B [and] C`` (``entre
    B et C``), ``line`` saying which line of the cross a "between" is asked on. The typed words'
    own boundaries are read first ("Cap Nord" quoted is one name); else each reading of the
    whole line is tried, and the first whose names all resolve wins."""
    first: Refusal | None = None
    for reading in _readings(typed, judge.name_words):
        try:
            if reading.direction is None:
                one, other = reading.anchors
                return judge.between(reading.card, one, other, line)
            return judge.beside(reading.card, reading.direction, reading.anchors[0])
        except Refusal as exc:
            if exc.reason is Said.WHICH_LINE:
                raise
            first = first or exc
    if first is not None:
        raise first
    if len(typed) == 3:  # "brest upwards rennes": the middle word is no direction
        choices = words.WORDS[cli_language()].shown
        raise Refusal(Why.UNKNOWN_DIRECTION, {"text": typed[1], "choices": choices})
    raise Refusal(Said.VERIFY_FORM, {"text": " ".join(typed)})


def _readings(typed: Sequence[str], name_words: int) -> list[words.Reading]:
    """The ways the typed words ask a question, those that keep the words' own boundaries
    first."""
    keys = [name_key(text.replace("_", " ").removeprefix("--")) for text in typed]
    found: list[words.Reading] = []
    if len(typed) == 3:
        direction = words.direction_of(keys[1].split())
        if direction is not None:
            found.append(words.Reading(typed[0], direction, (typed[2],)))
    if (
        len(typed) in (4, 5)
        and keys[1] in words.BETWEEN
        and (len(typed) == 4 or keys[3] in words.CONJUNCTIONS)
    ):
        found.append(words.Reading(typed[0], None, (typed[2], typed[-1])))
    tokens = " ".join(keys).split()
    found += [
        reading
        for reading in words.placement_readings(tokens, name_words)
        if reading.card and all(reading.anchors)
    ]
    return found


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
