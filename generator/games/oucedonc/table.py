"""The table: a cross of cards through the start card.

The north–south *column* is stored top to bottom (north first), the west–east *row* left to right
(west first); the start card is in both. A card is placed at either end of one line or between two
adjacent cards of a line; "north of X" means immediately above X on the column (between X and the
card above it, if any). Placed cards are on exactly one line; only the start card is on both.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction, Line
from generator.games.oucedonc.refusals import Why


class Arm(Enum):
    """The four arms walked outward from the start card in a count, in this order."""

    NORTH = "north"
    SOUTH = "south"
    WEST = "west"
    EAST = "east"

    @property
    def outward(self) -> Direction:
        """Where each card of this arm must lie relative to the card before it (toward the
        start)."""
        return {
            "north": Direction.NORTH_OF,
            "south": Direction.SOUTH_OF,
            "west": Direction.WEST_OF,
            "east": Direction.EAST_OF,
        }[self.value]


@dataclass(frozen=True)
class Slot:
    """Where a card goes: ``direction`` of ``anchor`` (immediately), or between two adjacent
    cards."""

    direction: Direction | None
    anchor: str
    other: str | None = None  # set for "between anchor and other"

    @staticmethod
    def beside(direction: Direction, anchor: str) -> Slot:
        return Slot(direction=direction, anchor=anchor)

    @staticmethod
    def between(first: str, second: str) -> Slot:
        return Slot(direction=None, anchor=first, other=second)


@dataclass(frozen=True)
class Table:
    start: str
    column: tuple[str, ...]  # north → south, contains start
    row: tuple[str, ...]  # west → east, contains start

    @staticmethod
    def with_start(card: str) -> Table:
        return Table(start=card, column=(card,), row=(card,))

    def cards(self) -> tuple[str, ...]:
        """Every card on the table, start first, then the column and the row."""
        return (
            self.start,
            *(c for c in self.column if c != self.start),
            *(c for c in self.row if c != self.start),
        )

    def __contains__(self, card: object) -> bool:
        return card in self.column or card in self.row

    def line_of(self, card: str) -> Line:
        """The line a placed (non-start) card is on."""
        if card in self.column and card != self.start:
            return Line.COLUMN
        if card in self.row and card != self.start:
            return Line.ROW
        raise ValueError(f"{card} is the start card or not on the table")

    def cards_of(self, line: Line) -> tuple[str, ...]:
        return self.column if line is Line.COLUMN else self.row

    def arm(self, arm: Arm) -> tuple[str, ...]:
        """The cards of an arm, from the one next to the start card outward."""
        column_at = self.column.index(self.start)
        row_at = self.row.index(self.start)
        if arm is Arm.NORTH:
            return tuple(reversed(self.column[:column_at]))
        if arm is Arm.SOUTH:
            return self.column[column_at + 1 :]
        if arm is Arm.WEST:
            return tuple(reversed(self.row[:row_at]))
        return self.row[row_at + 1 :]

    def neighbours(self, card: str) -> tuple[str, ...]:
        """The cards immediately next to a placed card on its line (one or two)."""
        cards = self.cards_of(self.line_of(card))
        at = cards.index(card)
        return tuple(cards[i] for i in (at - 1, at + 1) if 0 <= i < len(cards))

    def relation(self, card: str, neighbour: str) -> Direction:
        """Where ``card`` lies relative to its adjacent ``neighbour`` on the table (e.g.
        NORTH_OF)."""
        line = self.line_of(card)
        cards = self.cards_of(line)
        before = cards.index(card) < cards.index(neighbour)
        if line is Line.COLUMN:
            return Direction.NORTH_OF if before else Direction.SOUTH_OF
        return Direction.WEST_OF if before else Direction.EAST_OF

    def place(self, card: str, slot: Slot, describe: dict[str, str]) -> Table:
        """The table with ``card`` put in ``slot``; a refusal if the slot does not exist.

        ``describe`` maps card ids to the names used in messages.
        """
        if card in self:
            raise Refusal(Why.PLACED_ALREADY, {"card": describe.get(card, card)})
        if slot.other is None:
            return self._beside(card, slot, describe)
        return self._between(card, slot.anchor, slot.other, describe)

    def _beside(self, card: str, slot: Slot, describe: dict[str, str]) -> Table:
        anchor = slot.anchor
        direction = slot.direction
        assert direction is not None
        name = describe.get(anchor, anchor)
        if anchor not in self:
            raise Refusal(Why.ANCHOR_NOT_ON_TABLE, {"card": name})
        line = Line.COLUMN if direction.axis == "lat" else Line.ROW
        cards = self.cards_of(line)
        if anchor not in cards:
            from generator.games.oucedonc.wording import Beside

            raise Refusal(
                Why.WRONG_LINE,
                {
                    "card": name,
                    "line": "row" if line is Line.COLUMN else "column",
                    "where": Beside(direction, name),
                },
            )
        at = cards.index(anchor)
        insert_at = at if direction in (Direction.NORTH_OF, Direction.WEST_OF) else at + 1
        return self._with(line, (*cards[:insert_at], card, *cards[insert_at:]))

    def _between(self, card: str, first: str, second: str, describe: dict[str, str]) -> Table:
        for anchor in (first, second):
            if anchor not in self:
                raise Refusal(Why.NOT_ON_TABLE, {"card": describe.get(anchor, anchor)})
        for line in (Line.COLUMN, Line.ROW):
            cards = self.cards_of(line)
            if first in cards and second in cards:
                i, j = sorted((cards.index(first), cards.index(second)))
                if j - i == 1:
                    return self._with(line, (*cards[:j], card, *cards[j:]))
        raise Refusal(
            Why.NOT_ADJACENT,
            {"first": describe.get(first, first), "second": describe.get(second, second)},
        )

    def without(self, card: str) -> Table:
        """The table with a placed card taken away (its two neighbours become adjacent)."""
        line = self.line_of(card)
        return self._with(line, tuple(c for c in self.cards_of(line) if c != card))

    def _with(self, line: Line, cards: tuple[str, ...]) -> Table:
        if line is Line.COLUMN:
            return Table(start=self.start, column=cards, row=self.row)
        return Table(start=self.start, column=self.column, row=cards)
