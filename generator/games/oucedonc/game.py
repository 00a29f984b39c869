"""A game of Oucédonc as a fold over its moves: setup + journal -> state.

Nothing here mutates: every move is a function from one :class:`State` to the next, which either
returns the new state and a one-line account of what happened, or raises a UserError saying why
the move is illegal. The game file (``gamefile.py``) stores only the setup and the journal, and
rebuilds the state by replaying it, so a hand-edited journal is checked move by move and undo is
"drop the last move".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from generator.core.errors import UserError
from generator.core.text import one_line, unsafe_characters
from generator.games.oucedonc.compare import Direction, is_placed_correctly
from generator.games.oucedonc.count import CountWalk, Rewards, rewards, walk
from generator.games.oucedonc.deckfile import Deck, PlaceCard
from generator.games.oucedonc.names import name_key
from generator.games.oucedonc.rules import BrokePayer, RuleOptions
from generator.games.oucedonc.table import Slot, Table

MIN_PLAYERS = 2
MAX_PLAYERS = 8


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class Setup:
    """Everything fixed when the game starts. ``pile`` and ``reserve`` are dealt from ``seed``."""

    players: tuple[str, ...]
    deck: Deck
    seed: int
    options: RuleOptions
    packs: int
    pack_size: int
    pile: tuple[str, ...]  # the draw pile: pack 1, Intermède, pack 2, Intermède, pack 3
    reserve: tuple[str, ...]  # place cards set aside for start cards, drawn in this order

    def card(self, card_id: str) -> PlaceCard:
        return self._places()[card_id]

    def is_intermede(self, card_id: str) -> bool:
        return card_id not in self._places()

    def names(self) -> dict[str, str]:
        """Card ids to names, for messages."""
        return {card.id: card.name for card in self.deck.places} | {
            c.id: c.name for c in self.deck.others
        }

    def _places(self) -> dict[str, PlaceCard]:
        return {card.id: card for card in self.deck.places}

    def units(self, card_id: str, axis: str) -> int:
        card = self.card(card_id)
        return card.lat_units if axis == "lat" else card.lon_units

    def player_index(self, player: str) -> int:
        """The player named ``player``, accents, case, hyphens, apostrophes and spaces ignored.

        "chloe" finds Chloé and "jeanluc" finds Jean-Luc. A name typed with its separators wins
        over one typed without ("jean luc" is Jean Luc even if there is a Jeanluc); a name typed
        without them that fits two players is an error naming both.
        """
        key = name_key(player)
        for index, name in enumerate(self.players):
            if name_key(name) == key:
                return index
        compact = key.replace(" ", "")
        found = [
            index
            for index, name in enumerate(self.players)
            if name_key(name).replace(" ", "") == compact
        ]
        if len(found) == 1:
            return found[0]
        if found:
            both = " or ".join(self.players[index] for index in found)
            raise UserError(
                f"player {player!r} is ambiguous: {both}; write the name with its spaces or hyphens"
            )
        raise UserError(f"unknown player {player!r}; the players are {', '.join(self.players)}")

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
) -> Setup:
    """Shuffle the place cards with ``seed`` into packs (Intermède cards between them) and a reserve.

    The deck file says how many packs of how many cards; ``packs``/``pack_size`` override it.
    """
    names = tuple(player.strip() for player in players)
    _check_players(names)
    packs = deck.packs if packs is None else packs
    pack_size = deck.pack_size if pack_size is None else pack_size
    if packs < 1 or pack_size < 1:
        raise UserError(
            f"a game needs at least 1 pack of at least 1 card, not {packs} of {pack_size}; fix --packs/--pack-size"
        )
    in_deck = [card.id for card in deck.others if card.kind == "intermede"]
    if packs - 1 > len(in_deck):
        raise UserError(
            f"{packs} packs need {packs - 1} Intermède cards between them but the deck has {len(in_deck)}; "
            f"use --packs {len(in_deck) + 1} or fewer (a bigger --pack-size keeps the game as long)"
        )
    intermedes = in_deck[: packs - 1]
    needed = packs * pack_size + 1 + len(intermedes)
    if len(deck.places) < needed:
        fitting = (len(deck.places) - 1 - len(intermedes)) // packs
        advice = f"use --pack-size {fitting}" if fitting >= 1 else "print a bigger deck"
        raise UserError(
            f"the deck has {len(deck.places)} place cards but {packs} packs of {pack_size} plus "
            f"{1 + len(intermedes)} start cards need {needed}; {advice}"
        )
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
    )


MAX_NAME = 40  # a player's name on the screen, in 'game show' columns


def _check_players(names: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise UserError(
            f"Oucédonc is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}; list them as --players Ana,Ben,Chloé"
        )
    keys = [name_key(name) for name in names]
    if any(not key for key in keys):
        raise UserError("a player name is empty; list the players as --players Ana,Ben,Chloé")
    for name in names:
        if any(ch in name for ch in "=,\n"):
            raise UserError(
                f"player name {name!r} contains '=', ',' or a line break; choose another name"
            )
        if unsafe_characters(name):  # an ESC sequence, or a byte that is not UTF-8 (argv)
            raise UserError(
                f"player name {one_line(name)!r} holds a control character or a byte that is not "
                "UTF-8 text; type the names in plain text"
            )
        if len(name) > MAX_NAME:
            raise UserError(
                f"player name {name[:20]!r}… is longer than {MAX_NAME} characters; choose a shorter one"
            )
    if len(set(keys)) != len(keys):
        raise UserError(
            "two players have the same name (accents and case ignored); give each player a distinct name"
        )


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


Move = Place | Doubt | Count


# --------------------------------------------------------------------------- state


class Phase(Enum):
    PLAY = "play"  # the current player draws a place card and places it
    COUNT = "count"  # an Intermède was drawn: interim count due
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
    table: Table | None
    next_draw: int  # index in the pile of the next card to draw
    starts_used: int
    turn: int  # index of the player whose turn it is
    tokens: tuple[int, ...]
    pending: Pending | None
    out_of_play: tuple[str, ...]  # cards removed by doubts and counts
    counts: tuple[CountRecord, ...]
    over: bool

    def phase(self, setup: Setup) -> Phase:
        if self.over:
            return Phase.OVER
        if self.next_draw >= len(setup.pile):
            return Phase.FINAL_COUNT
        if setup.is_intermede(setup.pile[self.next_draw]):
            return Phase.COUNT
        return Phase.PLAY

    def drawn(self, setup: Setup) -> str | None:
        """The card the current player has drawn (a place card or an Intermède), if any."""
        if self.over or self.next_draw >= len(setup.pile):
            return None
        return setup.pile[self.next_draw]

    def winners(self, setup: Setup) -> tuple[str, ...]:
        best = max(self.tokens)
        return tuple(p for p, t in zip(setup.players, self.tokens) if t == best)

    def cards_left(self, setup: Setup) -> int:
        """Place cards still to be drawn from the packs."""
        return sum(1 for card in setup.pile[self.next_draw :] if not setup.is_intermede(card))

    def pack_number(self, setup: Setup) -> int:
        """1-based number of the pack being played (the pack the next card comes from)."""
        drawn = sum(1 for card in setup.pile[: self.next_draw] if not setup.is_intermede(card))
        return min(setup.packs, drawn // setup.pack_size + 1)


def start(setup: Setup) -> State:
    return State(
        table=Table.with_start(setup.reserve[0]),
        next_draw=0,
        starts_used=1,
        turn=0,
        tokens=tuple(setup.options.starting_tokens for _ in setup.players),
        pending=None,
        out_of_play=(),
        counts=(),
        over=False,
    )


def apply(setup: Setup, state: State, move: Move) -> tuple[State, str]:
    """The state after ``move`` and a one-line account of it; a UserError if the move is illegal."""
    if isinstance(move, Place):
        return _place(setup, state, move)
    if isinstance(move, Doubt):
        return _doubt(setup, state, move)
    return _count(setup, state, move)


def replay(setup: Setup, moves: Sequence[Move]) -> State:
    state = start(setup)
    for move in moves:
        state, _ = apply(setup, state, move)
    return state


def check_can_place(setup: Setup, state: State) -> None:
    """A UserError if no card can be placed now (game over, or a count is due)."""
    phase = state.phase(setup)
    if phase is Phase.OVER:
        raise UserError("the game is over; start a new one with 'pnp oucedonc game new'")
    if phase in (Phase.COUNT, Phase.FINAL_COUNT):
        raise UserError(
            "a count is due before any card is placed; run 'game count' with every player's --estimate"
        )


def _place(setup: Setup, state: State, move: Place) -> tuple[State, str]:
    names = setup.names()
    check_can_place(setup, state)
    player = setup.player_index(move.player)
    if player != state.turn:
        raise UserError(f"it is {setup.players[state.turn]}'s turn, not {setup.players[player]}'s")
    drawn = state.drawn(setup)
    assert drawn is not None and state.table is not None
    if move.card != drawn:
        name = names.get(move.card, move.card)
        if move.card in state.table:
            why = f"{name} is already on the table"
        elif move.card in state.out_of_play:
            why = f"{name} is out of play"
        else:
            why = f"{name} is not the card {setup.players[state.turn]} drew"
        raise UserError(
            f"{why}; {setup.players[state.turn]} drew {names[drawn]} ({drawn}): place that one"
        )
    table = state.table.place(move.card, move.slot, names)
    new = replace(
        state,
        table=table,
        next_draw=state.next_draw + 1,
        turn=(state.turn + 1) % len(setup.players),
        pending=Pending(card=move.card, player=player),
    )
    where = _describe_slot(move.slot, names)
    return new, f"{setup.players[player]} placed {names[move.card]} {where}"


def _describe_slot(slot: Slot, names: Mapping[str, str]) -> str:
    if slot.other is not None:
        return f"between {names[slot.anchor]} and {names[slot.other]}"
    assert slot.direction is not None
    return f"{slot.direction.value.replace('-', ' ')} {names[slot.anchor]}"


def _doubt(setup: Setup, state: State, move: Doubt) -> tuple[State, str]:
    names = setup.names()
    if state.over:
        raise UserError("the game is over; nothing can be doubted")
    pending = state.pending
    if pending is None:
        raise UserError(
            "no card is open to doubt: only the card just placed can be doubted, once, before the next card is placed or a count starts"
        )
    if move.card != pending.card:
        raise UserError(
            f"only the card just placed ({names[pending.card]}) can be doubted, not {names.get(move.card, move.card)}"
        )
    doubter = setup.player_index(move.by)
    if doubter == pending.player:
        raise UserError(
            f"{setup.players[doubter]} placed {names[pending.card]} and cannot doubt it; another player doubts"
        )
    assert state.table is not None
    neighbours = state.table.neighbours(pending.card)
    if move.neighbour not in neighbours:
        listed = " or ".join(names[n] for n in neighbours)
        raise UserError(
            f"{names.get(move.neighbour, move.neighbour)} is not next to {names[pending.card]}; its neighbours are {listed}"
        )
    relation = state.table.relation(pending.card, move.neighbour)
    correct = is_placed_correctly(
        setup.units(pending.card, relation.axis),
        setup.units(move.neighbour, relation.axis),
        relation,
        setup.options.equal_coordinates,
    )
    placer = pending.player
    shown = _compared(setup.card(pending.card), setup.card(move.neighbour), relation)
    name = names[pending.card]
    if correct:
        tokens, paid = _pay(
            state.tokens, payer=doubter, payee=placer, broke=setup.options.broke_payer
        )
        new = replace(state, tokens=tokens, pending=None)
        payment = _payment(
            setup.players[doubter], setup.players[placer], paid, setup.options.broke_payer
        )
        return new, f"{setup.players[doubter]} was wrong: {shown}; {payment}; {name} stays"
    tokens, paid = _pay(state.tokens, payer=placer, payee=doubter, broke=setup.options.broke_payer)
    new = replace(
        state,
        tokens=tokens,
        pending=None,
        table=state.table.without(pending.card),
        out_of_play=state.out_of_play + (pending.card,),
    )
    payment = _payment(
        setup.players[placer], setup.players[doubter], paid, setup.options.broke_payer
    )
    return new, f"{setup.players[doubter]} was right: {shown}; {payment}; {name} leaves the game"


def _compared(card: PlaceCard, other: PlaceCard, relation: Direction) -> str:
    """``Biarritz (1°34′ O) is west of Metz (6°11′ E)`` as the two backs show it."""
    axis = "latitude" if relation.axis == "lat" else "longitude"
    mine, theirs = (
        (card.lat_text, other.lat_text)
        if relation.axis == "lat"
        else (card.lon_text, other.lon_text)
    )
    difference = (
        setup_units(card, relation.axis) - setup_units(other, relation.axis)
    ) * relation.sign
    if difference == 0:
        return f"{card.name} and {other.name} have the same printed {axis} ({mine})"
    lies = relation.value.replace("-", " ")
    return (
        f"{card.name} ({mine}) is {'' if difference > 0 else 'not '}{lies} {other.name} ({theirs})"
    )


def setup_units(card: PlaceCard, axis: str) -> int:
    return card.lat_units if axis == "lat" else card.lon_units


def _pay(
    tokens: tuple[int, ...], payer: int, payee: int, broke: BrokePayer
) -> tuple[tuple[int, ...], bool]:
    """Move one token from ``payer`` to ``payee``; a payer with none pays nothing (or the bank pays)."""
    new = list(tokens)
    if new[payer] > 0:
        new[payer] -= 1
        new[payee] += 1
        return tuple(new), True
    if broke is BrokePayer.BANK:
        new[payee] += 1
        return tuple(new), False
    return tuple(new), False


def _payment(payer: str, payee: str, paid: bool, broke: BrokePayer) -> str:
    """What happened to the token, in words (see :func:`_pay`)."""
    if paid:
        return f"{payer} pays 1 token to {payee}"
    if broke is BrokePayer.BANK:
        return f"{payer} has no token left, so the reserve gives 1 to {payee}"
    return f"{payer} has no token to give {payee}"


def check_count_due(setup: Setup, state: State) -> None:
    """A UserError unless an interim or final count is due now."""
    phase = state.phase(setup)
    if phase is Phase.OVER:
        raise UserError("the game is over; no more counts")
    if phase is Phase.PLAY:
        raise UserError(
            "no count is due: counts happen when an Intermède card is drawn and when the packs run out; place the drawn card"
        )


def _count(setup: Setup, state: State, move: Count) -> tuple[State, str]:
    check_count_due(setup, state)
    phase = state.phase(setup)
    assert state.table is not None
    on_table = len(state.table.cards())  # the most an estimate can be: every card of the table
    estimates: dict[str, int] = {}
    for player, estimate in move.estimates:
        name = setup.players[setup.player_index(player)]
        if name in estimates:
            raise UserError(f"{name} has two estimates; give one --estimate per player")
        if estimate < 0:
            raise UserError(
                f"{name}'s estimate is {estimate}; an estimate is a number of cards, 0 or more"
            )
        if estimate > on_table:
            raise UserError(
                f"{name}'s estimate is {estimate} but there are only {on_table} cards on the table; give at most {on_table}"
            )
        estimates[name] = estimate
    missing = [p for p in setup.players if p not in estimates]
    if missing:
        raise UserError(
            f"no estimate from {', '.join(missing)}; every player estimates, e.g. --estimate {missing[0]}=2"
        )
    assert state.table is not None
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
    tokens = tuple(t + result.won[p] for p, t in zip(setup.players, state.tokens))
    final = phase is Phase.FINAL_COUNT
    record = CountRecord(number=len(state.counts) + 1, walk=walked, rewards=result, final=final)
    cleared = state.out_of_play + state.table.cards()
    if final:
        new = replace(
            state,
            table=None,
            tokens=tokens,
            pending=None,
            out_of_play=cleared,
            counts=state.counts + (record,),
            over=True,
        )
    else:
        new_start = setup.reserve[state.starts_used]
        new = replace(
            state,
            table=Table.with_start(new_start),
            next_draw=state.next_draw + 1,  # the Intermède card is used up
            starts_used=state.starts_used + 1,
            tokens=tokens,
            pending=None,
            out_of_play=cleared,
            counts=state.counts + (record,),
        )
    return new, describe_count(setup, record)


def describe_count(setup: Setup, record: CountRecord) -> str:
    names = setup.names()
    result = record.rewards
    aside = ", ".join(names[c] for c in record.walk.set_aside) or "none"
    if result.exact:
        winners = f"exact: {', '.join(result.exact)} (+2{' each' if len(result.exact) > 1 else ''})"
        others = [p for p in setup.players if p not in result.exact and result.won[p]]
        if others:
            winners += (
                f"; a tie, so {', '.join(others)} win{'s' if len(others) == 1 else ''} 2 as well"
            )
    elif any(result.won.values()):
        closest = [p for p in result.closest if result.won[p]]
        winners = (
            f"none exact; closest: {', '.join(closest)} (+1{' each' if len(closest) > 1 else ''})"
        )
    else:
        winners = f"no exact estimate; {', '.join(result.closest)} tied closest and win nothing"
    kind = "final count" if record.final else f"count {record.number}"
    return f"{kind}: {result.misplaced} misplaced (set aside: {aside}); {winners}"
