"""Is a place north, south, east or west of another? Decided on the printed coordinates only.

Printed coordinates are whole units at the deck's precision (see :mod:`coords`). Two places whose
printed values are equal on the compared axis cannot be told apart by the players; the rules
option :class:`EqualCoordinates` says whether such a placement counts as well placed (default) or
misplaced.
"""

from __future__ import annotations

from enum import Enum

from msgspec import Struct

from generator.core.refusal import Refusal
from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.refusals import Why


class Direction(Enum):
    NORTH_OF = "north-of"
    SOUTH_OF = "south-of"
    EAST_OF = "east-of"
    WEST_OF = "west-of"

    @property
    def axis(self) -> str:
        """``lat`` for north/south, ``lon`` for east/west."""
        return "lat" if self in (Direction.NORTH_OF, Direction.SOUTH_OF) else "lon"

    @property
    def sign(self) -> int:
        """+1 when A must have the larger coordinate (north, east), -1 otherwise."""
        return 1 if self in (Direction.NORTH_OF, Direction.EAST_OF) else -1


class Line(Enum):
    """The two lines of the cross."""

    COLUMN = "column"  # north–south: its cards compare on latitude
    ROW = "row"  # west–east: on longitude

    @property
    def axis(self) -> str:
        return "lat" if self is Line.COLUMN else "lon"

    @property
    def ends(self) -> tuple[Direction, Direction]:
        """Toward the line's first end and toward its last: north and south, west and east."""
        if self is Line.COLUMN:
            return Direction.NORTH_OF, Direction.SOUTH_OF
        return Direction.WEST_OF, Direction.EAST_OF

    @staticmethod
    def of(direction: Direction) -> Line:
        """The line a direction runs along."""
        return Line.COLUMN if direction.axis == "lat" else Line.ROW


class EqualCoordinates(Enum):
    """What equal printed coordinates on the compared axis mean."""

    WELL_PLACED = "well-placed"  # default: nobody can show the card is wrong
    MISPLACED = "misplaced"  # strict: a card must be strictly beyond its neighbour


def parse_direction(text: str) -> Direction:
    cleaned = text.strip().lower().replace("_", "-").removeprefix("--")
    try:
        return Direction(cleaned)
    except ValueError:
        choices = tuple(d.value for d in Direction)
        raise Refusal(Why.UNKNOWN_DIRECTION, {"text": text, "choices": choices}) from None


def is_placed_correctly(
    a_units: int, b_units: int, direction: Direction, equal: EqualCoordinates
) -> bool:
    """Is a coordinate ``a_units`` on the ``direction`` side of ``b_units`` (same axis, printed
    units)?"""
    difference = (a_units - b_units) * direction.sign
    if difference == 0:
        return equal is EqualCoordinates.WELL_PLACED
    return difference > 0


class Located(Struct, frozen=True):
    """A named point with printed coordinates (whole units at ``precision``)."""

    name: str
    lat_units: int
    lon_units: int
    lat_text: str
    lon_text: str

    def units(self, axis: str) -> int:
        return self.lat_units if axis == "lat" else self.lon_units


class Verdict(Struct, frozen=True):
    """Whether ``a`` lies in ``direction`` of ``b`` by their printed coordinates, and by how far."""

    a: Located
    b: Located
    direction: Direction
    correct: bool
    gap_units: int  # signed: positive when A is on the stated side of B
    gap_minutes: float
    precision: Precision


def verdict(
    a: Located, direction: Direction, b: Located, precision: Precision, equal: EqualCoordinates
) -> Verdict:
    axis = direction.axis
    gap = (a.units(axis) - b.units(axis)) * direction.sign
    minutes = gap * 60 / precision.units_per_degree
    return Verdict(
        a=a,
        b=b,
        direction=direction,
        correct=is_placed_correctly(a.units(axis), b.units(axis), direction, equal),
        gap_units=gap,
        gap_minutes=minutes,
        precision=precision,
    )
