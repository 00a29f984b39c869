"""Every move the rules accept now, as OpenSpiel's ``legal_actions``: :func:`legal_moves`.

Moves are listed in their canonical form: cards by id, players by their name in the setup (the
engine also reads names typed loosely, "chloe" for Chloé; those are the same moves). A place on
the table has several descriptions, and each is a move the engine accepts, so each is listed:
"north of Paris" is also "south of the card above Paris" and "between that card and Paris" (in
either order). A count is one move of every player's estimate, each from 0 to the number of
cards on the table: :attr:`LegalMoves.count` gives that range rather than the product of all
estimates.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.game import (
    Doubt,
    Intermede,
    Phase,
    Place,
    Setup,
    Start,
    State,
)
from generator.games.oucedonc.table import Slot, Table


@dataclass(frozen=True)
class CountDue:
    """A count is due: one estimate from each of ``players``, each in ``0..most``."""

    players: tuple[str, ...]
    most: int  # the cards on the table, the start card included
    final: bool


@dataclass(frozen=True)
class LegalMoves:
    """What may be played now."""

    placements: tuple[Place, ...]  # the current player's card, in every place it may go
    doubts: tuple[Doubt, ...]  # the card just placed, by each other player, against each neighbour
    starts: tuple[Start, ...]  # physical: the start cards that may be turned over
    intermede: bool  # physical: an Intermède may be declared (the pack counted short)
    count: CountDue | None  # a count is due

    @property
    def moves(self) -> tuple[Place | Doubt | Start | Intermede, ...]:
        """Every listed move but the count's (see :attr:`count`)."""
        early = (Intermede(),) if self.intermede else ()
        return (*self.placements, *self.doubts, *self.starts, *early)


def legal_moves(setup: Setup, state: State) -> LegalMoves:
    """The moves the rules accept in ``state`` (and only those)."""
    phase = state.phase(setup)
    table = state.table
    placements: tuple[Place, ...] = ()
    if phase is Phase.PLAY and table is not None:
        player = setup.players[state.turn]
        placements = tuple(
            Place(player, card, slot)
            for card in _cards_in_hand(setup, state)
            for slot in slots(table)
        )
    count = None
    if phase in (Phase.COUNT, Phase.FINAL_COUNT) and table is not None:
        count = CountDue(setup.players, len(table.cards()), phase is Phase.FINAL_COUNT)
    return LegalMoves(
        placements=placements,
        doubts=_doubts(setup, state),
        starts=tuple(Start(card) for card in _free_cards(setup, state))
        if setup.physical and phase is Phase.START
        else (),
        intermede=setup.physical and phase is Phase.PLAY and state.in_pack > 0,
        count=count,
    )


def slots(table: Table) -> tuple[Slot, ...]:
    """Every description of every place a card may take on ``table``: beside each card of a
    line in that line's two directions, and between each two adjacent cards of a line."""
    found: list[Slot] = []
    for cards, (before, after) in (
        (table.column, (Direction.NORTH_OF, Direction.SOUTH_OF)),
        (table.row, (Direction.WEST_OF, Direction.EAST_OF)),
    ):
        for card in cards:
            found += [Slot.beside(before, card), Slot.beside(after, card)]
        for first, second in pairwise(cards):
            found += [Slot.between(first, second), Slot.between(second, first)]
    return tuple(found)


def _cards_in_hand(setup: Setup, state: State) -> tuple[str, ...]:
    """The card the current player may place: the one dealt, or (physical) any card drawn."""
    if setup.physical:
        return _free_cards(setup, state)
    drawn = state.drawn(setup)
    return () if drawn is None or not setup.is_place(drawn) else (drawn,)


def _free_cards(setup: Setup, state: State) -> tuple[str, ...]:
    """Place cards neither on the table nor out of the game."""
    table = state.table
    return tuple(
        card.id
        for card in setup.deck.places
        if not state.is_out(card.id) and (table is None or card.id not in table)
    )


def _doubts(setup: Setup, state: State) -> tuple[Doubt, ...]:
    pending = state.pending
    if state.over or pending is None or state.table is None:
        return ()
    neighbours = state.table.neighbours(pending.card)
    return tuple(
        Doubt(player, pending.card, neighbour)
        for index, player in enumerate(setup.players)
        if index != pending.player
        for neighbour in neighbours
    )
