"""The Oucédonc referee's verdicts: is A north/south/east/west of B, or between B and C on one
line of the cross, on the printed coordinates, with the gap in minutes and kilometres
(:func:`verify_cards` and :func:`verify_between_cards` on a deck's cards, :func:`verify_places`,
:func:`verify_named` and :func:`verify_between_named` on places known by name).

"A between B and C" on the column (or the row) is two verdicts: A south of the northern of the
two and north of the southern (west and east on the row), whichever order they are named in;
it is correct when both are. The rules' doubt compares the card with one neighbour only: that
is the verdict of :func:`verify_cards`.

The state machine is in :mod:`game`, the table in :mod:`table`, the count in :mod:`count`, the
file in :mod:`gamefile`; the service that turns what players type into moves and plays them on
a game file is :mod:`generator.products.referee`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from msgspec import Struct

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import (
    Direction,
    EqualCoordinates,
    Line,
    Located,
    Verdict,
    verdict,
)
from generator.games.oucedonc.coords import (
    Precision,
    format_latitude,
    format_longitude,
    from_units,
    to_units,
)
from generator.games.oucedonc.distance import meridian_km, parallel_km
from generator.games.oucedonc.names import Entry, Named, NameIndex
from generator.games.oucedonc.refusals import Hint, Why

# A verdict needs none of the game's state machine (game, gamefile, table, rules): start-up.
if TYPE_CHECKING:
    from generator.games.oucedonc.deckfile import Deck, PlaceCard
    from generator.geo.model import Place as GeoPlace

# --------------------------------------------------------------------------- verify

T = TypeVar("T")


class Gap(Struct, frozen=True):
    """A referee's answer: the verdict, its gap in km and the rule for equal coordinates."""

    verdict: Verdict
    km: float  # along the meridian (north/south) or the parallel at the mean latitude (east/west)
    equal: EqualCoordinates

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON (what the referee prints for scripts)."""
        result = self.verdict
        return {
            "a": result.a.name,
            "b": result.b.name,
            "direction": result.direction.value,
            "correct": result.correct,
            "a_coordinates": _coordinates_json(result.a),
            "b_coordinates": _coordinates_json(result.b),
            "precision": result.precision.value,
            "gap_minutes": round(result.gap_minutes, 4),
            "gap_km": round(self.km, 3),
            "equal_coordinates": self.equal.value,
        }


def _coordinates_json(point: Located) -> dict[str, Any]:
    return {
        "lat": point.lat_text,
        "lon": point.lon_text,
        "lat_units": point.lat_units,
        "lon_units": point.lon_units,
    }


class BetweenGap(Struct, frozen=True):
    """Is A between B and C on ``line``: A against each of them (``sides``, in the order they
    were named), each side's direction pointing inward from that anchor."""

    sides: tuple[Gap, Gap]
    line: Line

    @property
    def correct(self) -> bool:
        return all(side.verdict.correct for side in self.sides)

    @property
    def a(self) -> Located:
        return self.sides[0].verdict.a

    @property
    def anchors(self) -> tuple[Located, Located]:
        return self.sides[0].verdict.b, self.sides[1].verdict.b

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON: ``between`` the two anchors' names, each side a verdict of
        :class:`Gap` (its ``direction`` the one A must lie in from that anchor)."""
        first = self.sides[0]
        return {
            "a": self.a.name,
            "between": [anchor.name for anchor in self.anchors],
            "line": self.line.value,
            "correct": self.correct,
            "a_coordinates": _coordinates_json(self.a),
            "between_coordinates": [_coordinates_json(anchor) for anchor in self.anchors],
            "precision": first.verdict.precision.value,
            "sides": [_side_json(side) for side in self.sides],
            "equal_coordinates": first.equal.value,
        }


def _side_json(side: Gap) -> dict[str, Any]:
    result = side.verdict
    return {
        "b": result.b.name,
        "direction": result.direction.value,
        "correct": result.correct,
        "gap_minutes": round(result.gap_minutes, 4),
        "gap_km": round(side.km, 3),
    }


def inward(line: Line, first: Located, second: Located) -> tuple[Direction, Direction]:
    """Where A must lie from each anchor to be between them on ``line``: south of the northern
    and north of the southern (west of the eastern and east of the western on the row); two
    anchors printing the same value are taken in the order named."""
    if line is Line.COLUMN:
        beyond, below = Direction.NORTH_OF, Direction.SOUTH_OF
    else:
        beyond, below = Direction.EAST_OF, Direction.WEST_OF
    if first.units(line.axis) >= second.units(line.axis):  # the first lies north (east)
        return below, beyond
    return beyond, below


def measure_between(
    a: Located,
    first: Located,
    second: Located,
    line: Line,
    precision: Precision,
    equal: EqualCoordinates,
) -> BetweenGap:
    """The two verdicts of "A between ``first`` and ``second``" on ``line``."""
    toward_first, toward_second = inward(line, first, second)
    return BetweenGap(
        sides=(
            measure(a, toward_first, first, precision, equal),
            measure(a, toward_second, second, precision, equal),
        ),
        line=line,
    )


def card_entries(deck: Deck) -> list[Entry[PlaceCard]]:
    return [
        Entry(name=card.name, value=card, qualifier=card.departement, aliases=(card.id,))
        for card in deck.places
    ]


def place_qualifier(kind: str, departement: str | None) -> str | None:
    """Towns are told apart by their département ("Valence (26)"), sites by "site" and it."""
    return departement if kind == "town" else f"site {departement or ''}".strip()


def place_entries(places: Sequence[GeoPlace]) -> list[Entry[GeoPlace]]:
    return [
        Entry(
            name=place.name, value=place, qualifier=place_qualifier(place.kind, place.departement)
        )
        for place in places
    ]


def named_place_index(
    keys: Sequence[str], described: Callable[[int], tuple[str, str, str | None]]
) -> NameIndex[int]:
    """An index of places known by their name keys: it finds a position; ``described(i)``
    gives the name, kind and département of the place at ``i``, asked for the places a search
    finds only (the caller builds the place record of the two found, not of thousands)."""

    def entry(position: int) -> Entry[int]:
        name, kind, departement = described(position)
        return Entry(name=name, value=position, qualifier=place_qualifier(kind, departement))

    return NameIndex.of_keys(keys, entry)


def located_card(card: PlaceCard) -> Located:
    return Located(card.name, card.lat_units, card.lon_units, card.lat_text, card.lon_text)


def located_place(place: GeoPlace, precision: Precision) -> Located:
    lat, lon = to_units(place.lat, precision), to_units(place.lon, precision)
    name = (
        place.name
        if place.kind == "site" or not place.departement
        else f"{place.name} ({place.departement})"
    )
    return Located(
        name, lat, lon, format_latitude(lat, precision), format_longitude(lon, precision)
    )


def measure(
    a: Located, direction: Direction, b: Located, precision: Precision, equal: EqualCoordinates
) -> Gap:
    """The verdict on printed units, and the printed gap in kilometres."""
    result = verdict(a, direction, b, precision, equal)
    if direction.axis == "lat":
        km = meridian_km(from_units(a.lat_units, precision), from_units(b.lat_units, precision))
    else:
        mean_lat = (from_units(a.lat_units, precision) + from_units(b.lat_units, precision)) / 2
        km = parallel_km(
            from_units(a.lon_units, precision), from_units(b.lon_units, precision), mean_lat
        )
    return Gap(verdict=result, km=km, equal=equal)


def verify_cards(a: str, direction: Direction, b: str, deck: Deck, equal: EqualCoordinates) -> Gap:
    hint = Hint.DECK_CARD
    index = NameIndex(card_entries(deck))
    card_a, card_b = index.find(a, Named.CARD, hint), index.find(b, Named.CARD, hint)
    _two_places(card_a.name, card_a is card_b)
    return measure(located_card(card_a), direction, located_card(card_b), deck.precision, equal)


def verify_between_cards(
    a: str, first: str, second: str, line: Line, deck: Deck, equal: EqualCoordinates
) -> BetweenGap:
    hint = Hint.DECK_CARD
    index = NameIndex(card_entries(deck))
    cards = [index.find(text, Named.CARD, hint) for text in (a, first, second)]
    _three_places([card.name for card in cards], [card.id for card in cards])
    card_a, card_first, card_second = (located_card(card) for card in cards)
    return measure_between(card_a, card_first, card_second, line, deck.precision, equal)


def verify_places(
    a: str,
    direction: Direction,
    b: str,
    places: Sequence[GeoPlace],
    precision: Precision,
    equal: EqualCoordinates,
) -> Gap:
    index = NameIndex(place_entries(places))
    return _verify_found(a, direction, b, index, lambda place: place, precision, equal)


def verify_named(
    a: str,
    direction: Direction,
    b: str,
    index: NameIndex[int],
    place: Callable[[int], GeoPlace],
    precision: Precision,
    equal: EqualCoordinates,
) -> Gap:
    """:func:`verify_places` on an index of positions (:func:`named_place_index`); ``place``
    gives the record at a position."""
    return _verify_found(a, direction, b, index, place, precision, equal)


def verify_between_named(
    a: str,
    first: str,
    second: str,
    line: Line,
    index: NameIndex[int],
    place: Callable[[int], GeoPlace],
    precision: Precision,
    equal: EqualCoordinates,
) -> BetweenGap:
    """:func:`verify_between_cards` over places known by name (:func:`named_place_index`)."""
    hint = Hint.FRENCH_PLACE
    found = [index.find(text, Named.PLACE, hint) for text in (a, first, second)]
    records = [place(position) for position in found]
    _three_places([record.name for record in records], found)
    point_a, point_first, point_second = (located_place(r, precision) for r in records)
    return measure_between(point_a, point_first, point_second, line, precision, equal)


def _verify_found(
    a: str,
    direction: Direction,
    b: str,
    index: NameIndex[T],
    record: Callable[[T], GeoPlace],
    precision: Precision,
    equal: EqualCoordinates,
) -> Gap:
    hint = Hint.FRENCH_PLACE
    found_a, found_b = index.find(a, Named.PLACE, hint), index.find(b, Named.PLACE, hint)
    place_a = record(found_a)
    _two_places(place_a.name, found_a == found_b)
    return measure(
        located_place(place_a, precision),
        direction,
        located_place(record(found_b), precision),
        precision,
        equal,
    )


def _two_places(name: str, same: bool) -> None:
    if same:
        raise Refusal(Why.SAME_PLACE, {"name": name})


def _three_places(names: Sequence[str], found: Sequence[object]) -> None:
    """A between three different places: the same one twice is refused, naming it."""
    for i, j in ((0, 1), (0, 2), (1, 2)):
        _two_places(names[i], found[i] == found[j])
