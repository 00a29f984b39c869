"""A game of Oucédonc as a fold over its moves: setup + journal -> state.

Nothing here mutates: every move is a function from one :class:`State` to the next, which either
returns the new state and what happened (an :mod:`events` result), or raises a
:class:`~generator.core.refusal.Refusal` saying why the move is illegal (a reason of
:mod:`refusals` and its data). The game file (``gamefile.py``) stores only the setup and the
journal, and rebuilds the state by replaying it, so a hand-edited journal is checked move by move
and undo is "drop the last move".

Two modes (:class:`Mode`):

- **physical** (default): the players shuffle the printed deck by hand. The referee records the
  start card they turned over (:class:`Start`) and accepts any place card of the deck that is not
  on the table and not out of the game: the one the player drew. It knows the packs from the deck
  file, so it says when the Intermède is due (after the last card of a pack) and when the packs
  are used up; an Intermède drawn earlier (a pack counted short) is declared (:class:`Intermede`).
  After an interim count it waits for the next start card.
- **deal**: the referee shuffles a virtual deck with the game's seed (solo or remote play): it
  knows the card each player drew, draws the start cards itself, and refuses any other card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, TypeVar, cast

from generator.core.i18n import Language
from generator.core.refusal import Clause, OneOf, Refusal
from generator.core.text import one_line, unsafe_characters
from generator.games.oucedonc.compare import Direction, is_placed_correctly
from generator.games.oucedonc.count import (
    Check,
    CountWalk,
    Rewards,
    checked_estimates,
    rewards,
    walk,
)
from generator.games.oucedonc.deckfile import Deck, PlaceCard
from generator.games.oucedonc.events import (
    CardRef,
    Checked,
    Comparison,
    Counted,
    Doubted,
    Event,
    IntermedeDrawn,
    Payment,
    Placed,
    Spot,
    Started,
)
from generator.games.oucedonc.names import Entry, Named, NameIndex, name_key
from generator.games.oucedonc.refusals import Hint, Why
from generator.games.oucedonc.rules import BrokePayer, RuleOptions
from generator.games.oucedonc.table import Slot, Table

MIN_PLAYERS = 2
MAX_PLAYERS = 8

_T = TypeVar("_T")


class Mode(Enum):
    PHYSICAL = "physical"  # the printed deck, shuffled by hand: the referee follows the cards drawn
    DEAL = "deal"  # a virtual deck shuffled with the seed: the referee deals


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class Setup:
    """Everything fixed when the game starts.

    In deal mode ``pile`` and ``reserve`` are dealt from ``seed``; in physical mode both are empty
    (the cards are in the players' hands) and ``seed`` is None.
    """

    players: tuple[str, ...]
    deck: Deck
    seed: int | None
    options: RuleOptions
    packs: int
    pack_size: int
    pile: tuple[str, ...]  # deal: pack 1, Intermède, pack 2, Intermède, pack 3
    reserve: tuple[str, ...]  # deal: place cards set aside for start cards, drawn in this order
    mode: Mode = Mode.DEAL
    # A team plays as one player (a seat of ``players``, named by the team's name); its members
    # are named here, seat by seat (no member: a player on their own).
    members: tuple[tuple[str, ...], ...] = ()
    # Lookups built once (a game replays thousands of lookups: never rebuild them per call).
    _places: dict[str, PlaceCard] = field(init=False, repr=False, compare=False)
    _names: dict[str, str] = field(init=False, repr=False, compare=False)
    _keys: dict[str, int] = field(init=False, repr=False, compare=False)
    _member_keys: dict[str, int] = field(init=False, repr=False, compare=False)
    _keys_by_name: frozenset[str] = field(init=False, repr=False, compare=False)
    _memo: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        places = {card.id: card for card in self.deck.places}
        names = {card.id: card.name for card in self.deck.places} | {
            card.id: card.name for card in self.deck.others
        }
        object.__setattr__(self, "_places", places)
        object.__setattr__(self, "_names", names)
        if not self.members:
            object.__setattr__(self, "members", tuple(() for _player in self.players))
        object.__setattr__(self, "_keys", {name_key(p): i for i, p in enumerate(self.players)})
        object.__setattr__(
            self,
            "_member_keys",
            {name_key(m): i for i, team in enumerate(self.members) for m in team},
        )
        object.__setattr__(self, "_keys_by_name", frozenset(self.players))
        object.__setattr__(self, "_memo", {})  # built on first use: a replay needs none

    def memo(self, key: str, build: Callable[[], _T]) -> _T:
        """``build()`` once for this setup (it is immutable): the name index, the deck's JSON.
        One key, one builder, so the value stored under ``key`` is always a ``_T``."""
        if key not in self._memo:
            self._memo[key] = build()
        return cast(_T, self._memo[key])

    @property
    def card_index(self) -> NameIndex[PlaceCard]:
        """The deck's place cards by the names people type (built once, when first asked)."""
        return self.memo(
            "card_index",
            lambda: NameIndex(
                [
                    Entry(
                        name=card.name, value=card, qualifier=card.departement, aliases=(card.id,)
                    )
                    for card in self.deck.places
                ]
            ),
        )

    def card_id(self, text: str, hint: Hint) -> str:
        """The id of the place card ``text`` names: an id as written, else by name (forgiving)."""
        if text in self._places:
            return text
        return self.card_index.find(text, Named.CARD, hint).id

    def player_name(self, text: str) -> str:
        """The player ``text`` names, as written in the setup."""
        if text in self._keys_by_name:
            return text
        return self.players[self.player_index(text)]

    @property
    def physical(self) -> bool:
        return self.mode is Mode.PHYSICAL

    def card(self, card_id: str) -> PlaceCard:
        return self._places[card_id]

    def is_place(self, card_id: str) -> bool:
        return card_id in self._places

    def is_intermede(self, card_id: str) -> bool:
        return card_id not in self._places

    def names(self) -> dict[str, str]:
        """Card ids to names, for messages (the same dict every time: do not change it)."""
        return self._names

    def ref(self, card_id: str) -> CardRef:
        return CardRef(card_id, self._names.get(card_id, card_id))

    def units(self, card_id: str, axis: str) -> int:
        card = self._places[card_id]
        return card.lat_units if axis == "lat" else card.lon_units

    @property
    def teams(self) -> dict[str, tuple[str, ...]]:
        """The teams and their members (the seats played by a team only)."""
        return {
            player: members
            for player, members in zip(self.players, self.members, strict=True)
            if members
        }

    def player_index(self, player: str) -> int:
        """The seat of the player (or team) named ``player``, accents, case, hyphens,
        apostrophes and spaces ignored; a team's member names the team.

        "chloe" finds Chloé and "jeanluc" finds Jean-Luc. A name typed with its separators wins
        over one typed without ("jean luc" is Jean Luc even if there is a Jeanluc); a name typed
        without them that fits two players is an error naming both. Last, the start of one name
        ("chl") finds it.
        """
        key = name_key(player)
        if key in self._keys:
            return self._keys[key]
        if key in self._member_keys:
            return self._member_keys[key]
        names = [*self._keys.items(), *self._member_keys.items()]
        compact = key.replace(" ", "")
        found = list(dict.fromkeys(i for name, i in names if name.replace(" ", "") == compact))
        if len(found) == 1:
            return found[0]
        if found:
            both = OneOf(tuple(self.players[index] for index in found))
            raise Refusal(Why.AMBIGUOUS_PLAYER_SPELLING, {"player": player, "players": both})
        if compact:  # the start of one name: "chl" is Chloé
            found = list(
                dict.fromkeys(i for name, i in names if name.replace(" ", "").startswith(compact))
            )
            if len(found) == 1:
                return found[0]
            if found:
                some = tuple(self.players[index] for index in found)
                raise Refusal(Why.AMBIGUOUS_PLAYER, {"player": player, "players": some})
        raise Refusal(Why.UNKNOWN_PLAYER, {"player": player, "players": self.players})

    @property
    def intermedes_in_pile(self) -> int:
        return sum(1 for card in self.pile if self.is_intermede(card))


def deal(
    players: Sequence[str],
    deck: Deck,
    seed: int,
    options: RuleOptions,
    packs: int | None = None,
    pack_size: int | None = None,
    teams: Mapping[str, Sequence[str]] | None = None,
) -> Setup:
    """Deal mode: shuffle the place cards with ``seed`` into packs (Intermède cards between
    them) and a reserve. The deck file says how many packs of how many cards; ``packs`` and
    ``pack_size`` override it; ``teams`` names the members of the players that are teams."""
    names, packs, pack_size, intermedes = _check_setup(players, deck, packs, pack_size)
    members = _members(names, teams)
    order = [card.id for card in deck.places]
    random.Random(seed).shuffle(order)
    pile: list[str] = []
    for number in range(packs):
        pile.extend(order[number * pack_size : (number + 1) * pack_size])
        if number < len(intermedes):
            pile.append(intermedes[number])
    return Setup(
        players=names,
        deck=deck,
        seed=seed,
        options=options,
        packs=packs,
        pack_size=pack_size,
        pile=tuple(pile),
        reserve=tuple(order[packs * pack_size :]),
        mode=Mode.DEAL,
        members=members,
    )


def physical(
    players: Sequence[str],
    deck: Deck,
    options: RuleOptions,
    packs: int | None = None,
    pack_size: int | None = None,
    teams: Mapping[str, Sequence[str]] | None = None,
) -> Setup:
    """Physical mode: the players shuffle the printed deck; the referee only knows the packs."""
    names, packs, pack_size, _intermedes = _check_setup(players, deck, packs, pack_size)
    members = _members(names, teams)
    return Setup(
        players=names,
        deck=deck,
        seed=None,
        options=options,
        packs=packs,
        pack_size=pack_size,
        pile=(),
        reserve=(),
        mode=Mode.PHYSICAL,
        members=members,
    )


def _check_setup(
    players: Sequence[str], deck: Deck, packs: int | None, pack_size: int | None
) -> tuple[tuple[str, ...], int, int, list[str]]:
    names = tuple(player.strip() for player in players)
    _check_players(names)
    packs = deck.packs if packs is None else packs
    pack_size = deck.pack_size if pack_size is None else pack_size
    if packs < 1 or pack_size < 1:
        raise Refusal(Why.NO_PACKS, {"packs": packs, "size": pack_size})
    in_deck = [card.id for card in deck.others if card.kind == "intermede"]
    if packs - 1 > len(in_deck):
        raise Refusal(
            Why.TOO_FEW_INTERMEDES,
            {"packs": packs, "needed": packs - 1, "has": len(in_deck), "most": len(in_deck) + 1},
        )
    intermedes = in_deck[: packs - 1]
    needed = packs * pack_size + 1 + len(intermedes)
    if len(deck.places) < needed:
        fitting = (len(deck.places) - 1 - len(intermedes)) // packs
        advice = (
            Clause(Hint.SMALLER_PACKS, {"size": fitting})
            if fitting >= 1
            else Clause(Hint.BIGGER_DECK)
        )
        raise Refusal(
            Why.DECK_TOO_SMALL,
            {
                "cards": len(deck.places),
                "packs": packs,
                "size": pack_size,
                "starts": 1 + len(intermedes),
                "needed": needed,
                "advice": advice,
            },
        )
    return names, packs, pack_size, intermedes


MAX_NAME = 40  # a player's name on the screen, in the board's columns
MAX_MEMBERS = 8  # the members of one team


def _members(
    players: tuple[str, ...], teams: Mapping[str, Sequence[str]] | None
) -> tuple[tuple[str, ...], ...]:
    """Each seat's members, in the order of ``players`` (none for a player on their own)."""
    teams = teams or {}
    unknown = [team for team in teams if team.strip() not in players]
    if unknown:
        raise Refusal(Why.TEAM_NOT_PLAYING, {"team": unknown[0], "players": players})
    members = {team.strip(): tuple(m.strip() for m in names) for team, names in teams.items()}
    for team, names in members.items():
        if not 1 <= len(names) <= MAX_MEMBERS:
            raise Refusal(Why.TEAM_SIZE, {"team": team, "most": MAX_MEMBERS, "count": len(names)})
    every = [*players, *(m for names in members.values() for m in names)]
    _check_names(every)
    return tuple(members.get(player, ()) for player in players)


def _check_players(names: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise Refusal(
            Why.PLAYER_COUNT, {"least": MIN_PLAYERS, "most": MAX_PLAYERS, "count": len(names)}
        )
    _check_names(names)


def _check_names(names: Sequence[str]) -> None:
    """Names of players, teams and members: printable, not too long, no two alike."""
    keys = [name_key(name) for name in names]
    if any(not key for key in keys):
        raise Refusal(Why.EMPTY_PLAYER_NAME)
    for name in names:
        if any(ch in name for ch in "=,\n") or not name.isprintable():
            raise Refusal(Why.PLAYER_NAME_SEPARATOR, {"name": name})
        if unsafe_characters(name):  # an ESC sequence, or a byte that is not UTF-8 (argv)
            raise Refusal(Why.PLAYER_NAME_UNSAFE, {"name": one_line(name)})
        if len(name) > MAX_NAME:
            raise Refusal(Why.PLAYER_NAME_TOO_LONG, {"name": name[:20], "most": MAX_NAME})
    if len(set(keys)) != len(keys):
        raise Refusal(Why.SAME_PLAYER_NAMES)


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Place:
    player: str
    card: str
    slot: Slot


@dataclass(frozen=True)
class Doubt:
    by: str
    card: str
    neighbour: str


@dataclass(frozen=True)
class Count:
    estimates: tuple[tuple[str, int], ...]  # (player, estimate) in player order


@dataclass(frozen=True)
class Start:
    """Physical mode: the start card the players turned over (at the start, after each count)."""

    card: str


@dataclass(frozen=True)
class Intermede:
    """Physical mode: the Intermède came before the referee expected it (a pack counted short)."""


Move = Place | Doubt | Count | Start | Intermede


# --------------------------------------------------------------------------- state


class Phase(Enum):
    START = "start"  # physical: a start card is to be turned over and recorded
    PLAY = "play"  # the current player draws a place card and places it
    COUNT = "count"  # an Intermède was drawn (or is due): interim count due
    FINAL_COUNT = "final-count"  # the packs are used up: the last count is due
    OVER = "over"


@dataclass(frozen=True)
class Pending:
    """The card just placed, open to one doubt until the next card is placed or a count starts."""

    card: str
    player: int


@dataclass(frozen=True)
class CountRecord:
    number: int
    walk: CountWalk
    rewards: Rewards
    final: bool


@dataclass(frozen=True)
class State:
    table: Table | None  # None: no start card yet (physical), or the game is over
    next_draw: int  # deal: index in the pile of the next card to draw
    starts_used: int  # start cards turned over so far
    turn: int  # index of the player whose turn it is
    tokens: tuple[int, ...]
    pending: Pending | None
    out_of_play: tuple[str, ...]  # cards removed by doubts and counts
    counts: tuple[CountRecord, ...]
    over: bool
    in_pack: int = 0  # place cards drawn from the current pack
    intermede: bool = False  # physical: an Intermède was declared, the count is due

    def phase(self, setup: Setup) -> Phase:
        if self.over:
            return Phase.OVER
        if setup.physical:
            return self._physical_phase(setup)
        if self.next_draw >= len(setup.pile):
            return Phase.FINAL_COUNT
        if setup.is_intermede(setup.pile[self.next_draw]):
            return Phase.COUNT
        return Phase.PLAY

    def _physical_phase(self, setup: Setup) -> Phase:
        if self.table is None:
            return Phase.START
        if self.intermede or self.in_pack >= setup.pack_size:
            return Phase.FINAL_COUNT if self.pack_number(setup) >= setup.packs else Phase.COUNT
        return Phase.PLAY

    def drawn(self, setup: Setup) -> str | None:
        """Deal mode: the card the current player has drawn (place card or Intermède), if any."""
        if setup.physical or self.over or self.next_draw >= len(setup.pile):
            return None
        return setup.pile[self.next_draw]

    def winners(self, setup: Setup) -> tuple[str, ...]:
        best = max(self.tokens)
        return tuple(p for p, t in zip(setup.players, self.tokens, strict=True) if t == best)

    def cards_left(self, setup: Setup) -> int:
        """Place cards still to be drawn from the packs (physical: as the deck file counts them)."""
        if setup.physical:
            if self.over:
                return 0
            this_pack = 0 if self.intermede else max(0, setup.pack_size - self.in_pack)
            return this_pack + (setup.packs - self.pack_number(setup)) * setup.pack_size
        return sum(1 for card in setup.pile[self.next_draw :] if not setup.is_intermede(card))

    def pack_number(self, setup: Setup) -> int:
        """1-based number of the pack being played (every count but the last closes one)."""
        return min(setup.packs, len(self.counts) + 1)

    def is_out(self, card: str) -> bool:
        return card in self.out_of_play


def start(setup: Setup) -> State:
    """The state before any move: in deal mode the first start card is already on the table."""
    return State(
        table=None if setup.physical else Table.with_start(setup.reserve[0]),
        next_draw=0,
        starts_used=0 if setup.physical else 1,
        turn=0,
        tokens=tuple(setup.options.starting_tokens for _player in setup.players),
        pending=None,
        out_of_play=(),
        counts=(),
        over=False,
    )


def apply(setup: Setup, state: State, move: Move) -> tuple[State, Event]:
    """The state after ``move`` and what happened; a :class:`Refusal` if the move is illegal."""
    if isinstance(move, Place):
        return _place(setup, state, move)
    if isinstance(move, Doubt):
        return _doubt(setup, state, move)
    if isinstance(move, Count):
        return _count(setup, state, move)
    if isinstance(move, Start):
        return _start(setup, state, move)
    return _intermede(setup, state)


def replay(setup: Setup, moves: Sequence[Move]) -> State:
    state = start(setup)
    for move in moves:
        state, _event = apply(setup, state, move)
    return state


def check_can_place(setup: Setup, state: State) -> None:
    """A refusal if no card can be placed now (game over, a count is due, no start card)."""
    phase = state.phase(setup)
    if phase is Phase.OVER:
        raise Refusal(Why.GAME_OVER)
    if phase is Phase.START:
        raise Refusal(Why.NO_START_CARD)
    if phase is Phase.COUNT and setup.physical and not state.intermede:
        raise Refusal(Why.PACK_PLAYED, {"size": setup.pack_size, "pack": state.pack_number(setup)})
    if phase is Phase.FINAL_COUNT and setup.physical:
        raise Refusal(Why.PACKS_USED_UP)
    if phase in (Phase.COUNT, Phase.FINAL_COUNT):
        raise Refusal(Why.COUNT_DUE)


def check_playable(setup: Setup, state: State, card: str) -> None:
    """Physical mode: a refusal unless ``card`` can be placed or turned over now."""
    names = setup.names()
    if not setup.is_place(card):
        raise Refusal(Why.NOT_A_PLACE_CARD, {"card": names.get(card, card)})
    name = names[card]
    if state.table is not None and card in state.table:
        if card == state.table.start:
            raise Refusal(Why.START_CARD_ON_TABLE, {"card": name})
        raise Refusal(Why.ON_TABLE, {"card": name})
    if state.is_out(card):
        raise Refusal(Why.OUT_OF_GAME, {"card": name})


def _place(setup: Setup, state: State, move: Place) -> tuple[State, Placed]:
    names = setup.names()
    check_can_place(setup, state)
    player = setup.player_index(move.player)
    if player != state.turn:
        raise Refusal(
            Why.NOT_YOUR_TURN,
            {"player": setup.players[state.turn], "other": setup.players[player]},
        )
    assert state.table is not None
    if setup.physical:
        check_playable(setup, state, move.card)
    else:
        drawn = state.drawn(setup)
        assert drawn is not None
        if move.card != drawn:
            if move.card in state.table:
                because = "on-table"
            elif move.card in state.out_of_play:
                because = "out-of-play"
            else:
                because = "not-drawn"
            raise Refusal(
                Why.NOT_THE_CARD_DRAWN,
                {
                    "because": because,
                    "card": names.get(move.card, move.card),
                    "player": setup.players[state.turn],
                    "drawn": names[drawn],
                    "id": drawn,
                },
            )
    table = state.table.place(move.card, move.slot, names)
    pack = state.pack_number(setup)
    new = replace(
        state,
        table=table,
        next_draw=state.next_draw + (0 if setup.physical else 1),
        in_pack=state.in_pack + 1,
        turn=(state.turn + 1) % len(setup.players),
        pending=Pending(card=move.card, player=player),
    )
    return new, Placed(
        player=setup.players[player],
        card=setup.ref(move.card),
        spot=spot(setup, move.slot),
        pack=pack,
        in_pack=new.in_pack,
    )


def spot(setup: Setup, slot: Slot) -> Spot:
    """A slot of the table with its cards named (:attr:`Spot.words` says it)."""
    other = None if slot.other is None else setup.ref(slot.other)
    return Spot(anchor=setup.ref(slot.anchor), direction=slot.direction, other=other)


def _start(setup: Setup, state: State, move: Start) -> tuple[State, Started]:
    if not setup.physical:
        raise Refusal(Why.DEALT_STARTS)
    phase = state.phase(setup)
    if phase is Phase.OVER:
        raise Refusal(Why.OVER_NO_START)
    if phase is not Phase.START:
        assert state.table is not None
        raise Refusal(Why.START_CARD_ALREADY, {"card": setup.names()[state.table.start]})
    check_playable(setup, state, move.card)
    new = replace(
        state,
        table=Table.with_start(move.card),
        starts_used=state.starts_used + 1,
        in_pack=0,
        intermede=False,
    )
    return new, Started(card=setup.ref(move.card), player=setup.players[state.turn])


def _intermede(setup: Setup, state: State) -> tuple[State, IntermedeDrawn]:
    if not setup.physical:
        raise Refusal(Why.DEALT_INTERMEDES)
    phase = state.phase(setup)
    if phase is Phase.OVER:
        raise Refusal(Why.OVER_NO_INTERMEDE)
    if phase is Phase.START:
        raise Refusal(Why.NO_START_CARD_YET)
    if phase in (Phase.COUNT, Phase.FINAL_COUNT):
        raise Refusal(Why.COUNT_ALREADY_DUE)
    if state.in_pack == 0:
        raise Refusal(Why.INTERMEDE_TOO_EARLY)
    pack = state.pack_number(setup)
    new = replace(state, intermede=True)
    return new, IntermedeDrawn(
        pack=pack,
        in_pack=state.in_pack,
        expected=setup.pack_size,
        final=pack >= setup.packs,
    )


def _doubt(setup: Setup, state: State, move: Doubt) -> tuple[State, Doubted]:
    names = setup.names()
    if state.over:
        raise Refusal(Why.OVER_NO_DOUBT)
    pending = state.pending
    if pending is None:
        raise Refusal(Why.NOTHING_TO_DOUBT)
    if move.card != pending.card:
        raise Refusal(
            Why.DOUBT_ONLY_LAST,
            {"card": names[pending.card], "other": names.get(move.card, move.card)},
        )
    doubter = setup.player_index(move.by)
    if doubter == pending.player:
        raise Refusal(
            Why.DOUBT_OWN_CARD, {"player": setup.players[doubter], "card": names[pending.card]}
        )
    assert state.table is not None
    neighbours = state.table.neighbours(pending.card)
    if move.neighbour not in neighbours:
        raise Refusal(
            Why.NOT_A_NEIGHBOUR,
            {
                "card": names.get(move.neighbour, move.neighbour),
                "placed": names[pending.card],
                "neighbours": OneOf(tuple(names[n] for n in neighbours)),
                "n": len(neighbours),
            },
        )
    relation = state.table.relation(pending.card, move.neighbour)
    correct = is_placed_correctly(
        setup.units(pending.card, relation.axis),
        setup.units(move.neighbour, relation.axis),
        relation,
        setup.options.equal_coordinates,
    )
    placer = pending.player
    shown = comparison(
        setup.card(pending.card), setup.card(move.neighbour), relation, setup.deck.language
    )
    payer, payee = (doubter, placer) if correct else (placer, doubter)
    tokens, paid = _pay(state.tokens, payer=payer, payee=payee, broke=setup.options.broke_payer)
    bank = not paid and setup.options.broke_payer is BrokePayer.BANK
    payment = Payment(setup.players[payer], setup.players[payee], paid, bank)
    if correct:
        new = replace(state, tokens=tokens, pending=None)
    else:
        new = replace(
            state,
            tokens=tokens,
            pending=None,
            table=state.table.without(pending.card),
            out_of_play=(*state.out_of_play, pending.card),
        )
    return new, Doubted(
        doubter=setup.players[doubter],
        placer=setup.players[placer],
        card=setup.ref(pending.card),
        neighbour=setup.ref(move.neighbour),
        comparison=shown,
        doubter_right=not correct,
        payment=payment,
    )


def comparison(
    card: PlaceCard, other: PlaceCard, relation: Direction, printed: Language = "fr"
) -> Comparison:
    """``Biarritz (1°34′ O) is west of Metz (6°11′ E)`` as the two backs show it (``printed``:
    the deck's language)."""
    lat = relation.axis == "lat"
    mine, theirs = (card.lat_text, other.lat_text) if lat else (card.lon_text, other.lon_text)
    difference = (_units(card, relation.axis) - _units(other, relation.axis)) * relation.sign
    sign = (difference > 0) - (difference < 0)
    return Comparison(card.name, other.name, relation, mine, theirs, sign, printed)


def _units(card: PlaceCard, axis: str) -> int:
    return card.lat_units if axis == "lat" else card.lon_units


def _pay(
    tokens: tuple[int, ...], payer: int, payee: int, broke: BrokePayer
) -> tuple[tuple[int, ...], bool]:
    """Move one token from ``payer`` to ``payee``; a payer with none pays nothing (or the bank
    pays)."""
    new = list(tokens)
    if new[payer] > 0:
        new[payer] -= 1
        new[payee] += 1
        return tuple(new), True
    if broke is BrokePayer.BANK:
        new[payee] += 1
    return tuple(new), False


def check_count_due(setup: Setup, state: State) -> None:
    """A refusal unless an interim or final count is due now."""
    phase = state.phase(setup)
    if phase is Phase.OVER:
        raise Refusal(Why.OVER_NO_COUNT)
    if phase is Phase.START:
        raise Refusal(Why.NOTHING_TO_COUNT)
    if phase is Phase.PLAY:
        if setup.physical:
            left = setup.pack_size - state.in_pack
            raise Refusal(Why.NO_COUNT_DUE_IN_PACK, {"pack": state.pack_number(setup), "n": left})
        raise Refusal(Why.NO_COUNT_DUE)


def _count(setup: Setup, state: State, move: Count) -> tuple[State, Counted]:
    check_count_due(setup, state)
    phase = state.phase(setup)
    assert state.table is not None
    on_table = len(state.table.cards())  # the most an estimate can be: every card of the table
    estimates = checked_estimates(
        (
            (setup.players[setup.player_index(player)], estimate)
            for player, estimate in move.estimates
        ),
        on_table,
    )
    missing = tuple(p for p in setup.players if p not in estimates)
    if missing:
        raise Refusal(Why.MISSING_ESTIMATES, {"players": missing, "first": missing[0]})
    walked = walk(
        state.table, setup.units, setup.options.equal_coordinates, setup.options.count_preceding
    )
    result = rewards(
        len(walked.set_aside),
        estimates,
        setup.players,
        setup.options.closest_tie,
        setup.options.exact_tie,
    )
    tokens = tuple(t + result.won[p] for p, t in zip(setup.players, state.tokens, strict=True))
    final = phase is Phase.FINAL_COUNT
    record = CountRecord(number=len(state.counts) + 1, walk=walked, rewards=result, final=final)
    cleared = state.out_of_play + state.table.cards()
    counted_state = replace(
        state,
        tokens=tokens,
        pending=None,
        out_of_play=cleared,
        counts=(*state.counts, record),
        in_pack=0,
        intermede=False,
    )
    if final:
        new = replace(counted_state, table=None, over=True)
    elif setup.physical:
        new = replace(counted_state, table=None)  # the players turn the next start card over
    else:
        new = replace(
            counted_state,
            table=Table.with_start(setup.reserve[state.starts_used]),
            next_draw=state.next_draw + 1,  # the Intermède card is used up
            starts_used=state.starts_used + 1,
        )
    return new, counted(setup, record, estimates, on_table, tokens)


def checked(check: Check, card: Callable[[str], PlaceCard], printed: Language) -> Checked:
    """A card a count checked, with the two backs compared (``card``: a card by its id;
    ``printed``: the deck's language)."""
    mine, theirs = card(check.card), card(check.against)
    return Checked(
        card=CardRef(mine.id, mine.name),
        arm=check.arm.value,
        against=CardRef(theirs.id, theirs.name),
        comparison=comparison(mine, theirs, check.arm.outward, printed),
        set_aside=check.set_aside,
    )


def counted(
    setup: Setup,
    record: CountRecord,
    estimates: dict[str, int],
    on_table: int,
    tokens: tuple[int, ...],
) -> Counted:
    """The count as a result: what was set aside and why, who won what."""
    set_aside = tuple(
        checked(check, setup.card, setup.deck.language).aside
        for check in record.walk.checks
        if check.set_aside
    )
    result = record.rewards
    return Counted(
        number=record.number,
        final=record.final,
        set_aside=set_aside,
        on_table=on_table,
        estimates=tuple((p, estimates[p]) for p in setup.players),
        exact=result.exact,
        closest=result.closest,
        won=tuple((p, result.won[p]) for p in setup.players),
        tokens=tuple(zip(setup.players, tokens, strict=True)),
    )
