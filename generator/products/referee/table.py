"""The table as data: what a front-end shows of a game, decided once here.

:func:`table_view` reads a game into a :class:`TableView`: the cross (the column from north to
south, the row from west to east, the start card and the card open to a doubt marked), the
players with their tokens, whose turn it is, the packs, the last moves and what is due now
(:class:`Due`). The command line prints it as its panel (``generator/cli/oucedonc_board.py``); a
page would render the same record as HTML. Nothing here is worded: names are data, what is due
is a value, the last moves are the rules' events (each with its ``text`` and ``to_json()``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from generator.games.oucedonc.events import CardRef, Event
from generator.games.oucedonc.game import Mode, Phase
from generator.games.oucedonc.gamefile import Game, events
from generator.games.oucedonc.table import Table

RECENT = 4  # the last moves a view recalls


class Due(Enum):
    """What the table waits for."""

    START = "start"  # physical: a start card is to be turned over and recorded
    PLACE = "place"  # the current player places the card drawn
    COUNT = "count"  # an interim count
    FINAL_COUNT = "final-count"  # the last count: the packs are used up
    OVER = "over"  # nothing: the game is over


class CountCause(Enum):
    """Why an interim count is due."""

    INTERMEDE = "intermede"  # an Intermède was drawn (dealt, or declared at the table)
    PACK_PLAYED = "pack-played"  # physical: the pack's cards are played, the Intermède is next


@dataclass(frozen=True)
class Cross:
    """The cards on the table: the column (north first) and the row (west first) cross at the
    start card; ``pending`` is the id of the card open to a doubt, if any."""

    start: CardRef
    column: tuple[CardRef, ...]  # north → south, the start card included
    row: tuple[CardRef, ...]  # west → east, the start card included
    pending: str | None = None

    @staticmethod
    def of(table: Table, names: Mapping[str, str], pending: str | None = None) -> Cross:
        """The cross of a table of the rules, its cards named by ``names`` (id -> name)."""

        def ref(card: str) -> CardRef:
            return CardRef(card, names[card])

        return Cross(
            start=ref(table.start),
            column=tuple(ref(card) for card in table.column),
            row=tuple(ref(card) for card in table.row),
            pending=pending,
        )


@dataclass(frozen=True)
class Seat:
    """A player at the table: one person, or a team playing as one (its members named)."""

    name: str
    tokens: int
    to_play: bool  # whose turn it is (while a card, a start card or a count is due)
    winner: bool  # the game is over and this player has the most tokens
    members: tuple[str, ...] = ()  # a team's members; none for a player on their own


@dataclass(frozen=True)
class Doubtable:
    """The card just placed, open to one doubt."""

    card: CardRef
    placed_by: str


@dataclass(frozen=True)
class Packs:
    """Where the game is in its packs."""

    pack: int  # 1-based, the pack being played
    packs: int
    pack_size: int
    in_pack: int  # place cards drawn from this pack so far
    cards_left: int  # place cards still to be drawn from the packs
    starts_in_reserve: int | None  # dealt: start cards the referee still holds
    out_of_play: int  # cards out of the game (doubts and counts)
    counts_done: int
    intermede: bool  # physical: an Intermède was declared before the pack's last card


@dataclass(frozen=True)
class TableView:
    """One moment of a game, as every front-end shows it."""

    title: str  # the deck's
    mode: Mode
    due: Due
    cross: Cross | None  # None: no start card on the table (yet, or any more)
    open_to_doubt: Doubtable | None
    seats: tuple[Seat, ...]  # in playing order
    turn: str  # the player whose turn it is (the last one to play once the game is over)
    drawn: CardRef | None  # dealt: the card the current player drew
    count_cause: CountCause | None  # set when an interim count is due
    first_start: bool  # no count has been made yet: the first start card of the game
    packs: Packs
    winners: tuple[str, ...]  # once over
    best: int  # the most tokens anyone holds
    recent: tuple[Event, ...]  # the last moves, oldest first

    @property
    def over(self) -> bool:
        return self.due is Due.OVER


_DUE = {
    Phase.START: Due.START,
    Phase.PLAY: Due.PLACE,
    Phase.COUNT: Due.COUNT,
    Phase.FINAL_COUNT: Due.FINAL_COUNT,
    Phase.OVER: Due.OVER,
}


def table_view(game: Game, recent: int = RECENT) -> TableView:
    """``game`` as a :class:`TableView` (its last ``recent`` moves replayed for their events)."""
    setup, state = game.setup, game.state
    phase = state.phase(setup)
    due = _DUE[phase]
    table = state.table
    winners = state.winners(setup) if due is Due.OVER else ()
    to_play = due in (Due.PLACE, Due.COUNT, Due.START)
    drawn = state.drawn(setup)
    pending = state.pending
    cause = None
    if due is Due.COUNT:
        physical_pack_played = setup.physical and not state.intermede
        cause = CountCause.PACK_PLAYED if physical_pack_played else CountCause.INTERMEDE
    return TableView(
        title=setup.deck.title,
        mode=setup.mode,
        due=due,
        cross=None
        if table is None
        else Cross.of(table, setup.names(), None if pending is None else pending.card),
        open_to_doubt=None
        if pending is None or due is Due.OVER
        else Doubtable(setup.ref(pending.card), setup.players[pending.player]),
        seats=tuple(
            Seat(
                name=player,
                tokens=tokens,
                to_play=to_play and index == state.turn,
                winner=player in winners,
                members=setup.members[index],
            )
            for index, (player, tokens) in enumerate(zip(setup.players, state.tokens, strict=True))
        ),
        turn=setup.players[state.turn],
        drawn=None if drawn is None else setup.ref(drawn),
        count_cause=cause,
        first_start=not state.counts,
        packs=Packs(
            pack=state.pack_number(setup),
            packs=setup.packs,
            pack_size=setup.pack_size,
            in_pack=state.in_pack,
            cards_left=state.cards_left(setup),
            starts_in_reserve=None if setup.physical else len(setup.reserve) - state.starts_used,
            out_of_play=len(state.out_of_play),
            counts_done=len(state.counts),
            intermede=state.intermede,
        ),
        winners=winners,
        best=max(state.tokens),
        recent=tuple(events(game)[-recent:]) if recent else (),
    )
