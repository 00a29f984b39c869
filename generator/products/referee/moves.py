"""What players type, as moves of the game: names and ids resolved the forgiving way.

:func:`place`, :func:`doubt`, :func:`count`, :func:`start` turn what a player typed (card names
or ids, player names, estimates ``Ana=2``) into a move of :mod:`generator.games.oucedonc.game`,
resolving each name among the cards that make sense there first (the table for an anchor, the
cards still in play for the card drawn), so "st" is Saint-Malo when Saint-Malo is the only
Saint- on the table. :func:`new_game` starts a game from a deck; :func:`take_back` undoes the
last move. Every front-end (the one-shot
commands, the session, a page) builds its moves here; the rules then accept or refuse them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from generator.core.i18n import either
from generator.core.refusal import Json, Refusal
from generator.games.oucedonc.compare import Direction, Line
from generator.games.oucedonc.deckfile import Deck, PlaceCard
from generator.games.oucedonc.game import (
    Count,
    Doubt,
    Place,
    Start,
    apply,
    check_can_place,
    check_count_due,
    deal,
    physical,
    spot,
)
from generator.games.oucedonc.gamefile import Game, describe_undone, move_to_json
from generator.games.oucedonc.gamefile import new_game as fresh_game
from generator.games.oucedonc.names import Named, ambiguous, name_key
from generator.games.oucedonc.refusals import Hint, Why
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot
from generator.products.referee.refusals import Said


def new_game(
    deck: Deck,
    players: Sequence[str],
    options: RuleOptions,
    *,
    deal_seed: int | None = None,
    start_card: str | None = None,
    packs: int | None = None,
    pack_size: int | None = None,
    teams: Mapping[str, Sequence[str]] | None = None,
) -> Game:
    """A new game of ``players`` (in playing order) with ``deck``: the printed deck shuffled by
    hand (the default; ``start_card``: the start card turned over, else recorded later), or a
    virtual deck the referee deals from ``deal_seed``. ``packs`` and ``pack_size`` override the
    deck file's; ``teams`` names the members of the players that are teams (a team plays as
    one player: :func:`seats` reads them as typed)."""
    if deal_seed is not None:
        return fresh_game(
            deal(players, deck, deal_seed, options, packs=packs, pack_size=pack_size, teams=teams)
        )
    game = fresh_game(
        physical(players, deck, options, packs=packs, pack_size=pack_size, teams=teams)
    )
    if start_card is not None:
        game, _started = game.play(start(game, start_card))
    return game


@dataclass(frozen=True)
class Seats:
    """The players as typed, in playing order, and the members of those that are teams."""

    players: tuple[str, ...]
    teams: Mapping[str, tuple[str, ...]]


def seats(typed: str) -> Seats:
    """``Ana, Ben, Chloé`` or, with teams, ``Bleus=Ana+Ben, Rouges=Chloé+Dan, Eve``: the players
    in playing order, a team named before ``=`` and its members joined by ``+``. The names are
    checked by the rules when the game is made."""
    players: list[str] = []
    teams: dict[str, tuple[str, ...]] = {}
    for part in typed.split(","):
        name, is_team, members = part.partition("=")
        players.append(name.strip())
        if is_team:
            teams[name.strip()] = tuple(member.strip() for member in members.split("+"))
    return Seats(tuple(players), teams)


def resolve_card(game: Game, text: str, among: Iterable[str] | None = None) -> str:
    """The id of the place card named ``text`` (forgiving: see
    :mod:`generator.games.oucedonc.names`).

    A name that fits several cards of the deck is narrowed to ``among`` (the cards that make
    sense here: the cards on the table for an anchor, the cards not yet played for the card
    drawn), so "st" is Saint-Malo when Saint-Malo is the only Saint- on the table.
    """
    _refuse_other_cards(game, text)
    index = game.setup.card_index
    found = index.matches(text)
    if len(found) > 1 and among is not None:
        wanted = set(among)
        narrowed = [entry for entry in found if entry.value.id in wanted]
        if len(narrowed) == 1:
            return narrowed[0].value.id
        if narrowed:
            raise ambiguous(text, narrowed, Named.CARD)
    card: PlaceCard = index.find(text, Named.CARD, Hint.TABLE_CARD)
    return card.id


def _refuse_other_cards(game: Game, text: str) -> None:
    """An Intermède, the Direction card or a rule card named where a place card is wanted."""
    key = name_key(text)
    for other in game.setup.deck.others:
        if key in (name_key(other.id), name_key(other.name)):
            if other.kind == "intermede":
                raise Refusal(Why.INTERMEDE_NOT_PLACED)
            raise Refusal(Why.OTHER_CARD, {"card": other.name, "id": other.id})


def playable_cards(game: Game) -> list[str]:
    """Place cards that can be placed or turned over now (physical mode): not on the table, not
    out."""
    state = game.state
    table = state.table
    out = set(state.out_of_play)
    return [
        card.id
        for card in game.setup.deck.places
        if card.id not in out and (table is None or card.id not in table)
    ]


def on_table(game: Game) -> list[str]:
    table = game.state.table
    return [] if table is None else list(table.cards())


def place(
    game: Game,
    card: str,
    direction: Direction | None,
    anchor: str | None,
    between: tuple[str, str] | None,
) -> Place:
    """The current player's placement: ``card`` ``direction`` of ``anchor``, or ``between`` two
    cards (exactly one of the two)."""
    if (direction is None) == (between is None):
        raise Refusal(Why.SAY_WHERE)
    _refuse_other_cards(game, card)
    check_can_place(game.setup, game.state)  # before the names: "a count is due" beats a typo
    player = game.setup.players[game.state.turn]
    hand = playable_cards(game) if game.setup.physical else None
    card_id = resolve_card(game, card, hand)
    table = on_table(game)
    if between is not None:
        slot = Slot.between(
            resolve_card(game, between[0], table), resolve_card(game, between[1], table)
        )
    else:
        assert direction is not None and anchor is not None
        slot = Slot.beside(direction, resolve_card(game, anchor, table))
        _refuse_two_sides(game, Place(player=player, card=card_id, slot=slot))
    return Place(player=player, card=card_id, slot=slot)


@dataclass(frozen=True)
class SideChoices:
    """The two places "Laval west of Bourges" can mean when Bourges already has a card (Tours)
    to its west: between Tours and Bourges, or at the west end of the line. A refusal's value
    (:data:`Said.WHICH_SIDE`): said as "between Tours and Bourges or west of Brest", read by
    the session to ask which."""

    moves: tuple[Place, Place]
    said: tuple[str, str]  # each place in words, in the command line's language

    def words(self) -> str:
        return either(self.said)

    def to_json(self) -> Json:
        return [move_to_json(move) for move in self.moves]


def _refuse_two_sides(game: Game, move: Place) -> None:
    """A refusal asking which side when "``direction`` of the anchor" has two readings: the
    anchor already has a card on that side (the rules would put the new one between them). The
    rules' own refusals come first (the card is already on the table, it is not the one drawn)."""
    apply(game.setup, game.state, move)
    table = game.state.table
    direction = move.slot.direction
    assert table is not None and direction is not None
    cards = table.cards_of(Line.of(direction))
    if move.slot.anchor not in cards:
        return  # the rules refuse it: the anchor is on the other line
    at = cards.index(move.slot.anchor)
    outward = -1 if direction in (Direction.NORTH_OF, Direction.WEST_OF) else 1
    if not 0 <= at + outward < len(cards):
        return  # nothing on that side: one reading
    neighbour = cards[at + outward]
    end = cards[0] if outward < 0 else cards[-1]
    inside = replace(move, slot=Slot.between(neighbour, move.slot.anchor))
    beyond = replace(move, slot=Slot.beside(direction, end))
    setup = game.setup
    names = setup.names()
    raise Refusal(
        Said.WHICH_SIDE,
        {
            "card": names[move.card],
            "anchor": names[move.slot.anchor],
            "neighbour": names[neighbour],
            "end": names[end],
            "side": direction.value,
            "choices": SideChoices(
                (inside, beyond),
                (spot(setup, inside.slot).words, spot(setup, beyond.slot).words),
            ),
        },
    )


def start(game: Game, card: str) -> Start:
    """Physical mode: the start card the players turned over."""
    return Start(card=resolve_card(game, card, playable_cards(game)))


def doubt(game: Game, by: str, neighbour: str) -> Doubt:
    """``by`` doubts the card just placed, against its ``neighbour``."""
    pending = game.state.pending
    if pending is None:
        raise Refusal(Why.NOTHING_TO_DOUBT)
    player = game.setup.players[game.setup.player_index(by)]
    assert game.state.table is not None
    neighbours = game.state.table.neighbours(pending.card)
    return Doubt(by=player, card=pending.card, neighbour=resolve_card(game, neighbour, neighbours))


def take_back(game: Game) -> tuple[Game, str]:
    """The game without its last move, and what taking it back undid, in words (a refusal when
    no move has been played)."""
    previous, dropped = game.undo()
    return previous, describe_undone(game, dropped)


def typed_estimates(typed: Sequence[str]) -> list[tuple[str, int]]:
    """Estimates typed as ``Ana=2`` (or ``Ana:2``): (the name as typed, the number)."""
    pairs: list[tuple[str, int]] = []
    for text in typed:
        name, sep, number = text.replace(":", "=").partition("=")
        if not sep or not name.strip():
            raise Refusal(Why.ESTIMATE_FORM, {"text": text})
        try:
            value = int(number.strip())
        except ValueError:
            raise Refusal(Why.ESTIMATE_NOT_WHOLE, {"text": text}) from None
        pairs.append((name.strip(), value))
    return pairs


def estimates(game: Game, typed: Sequence[str]) -> list[tuple[str, int]]:
    """Estimates typed as ``Ana=2`` (or ``Ana:2``), resolved to player names."""
    setup = game.setup
    return [(setup.players[setup.player_index(name)], n) for name, n in typed_estimates(typed)]


def count(game: Game, typed: Sequence[str]) -> Count:
    """The count, with every player's estimate typed as ``Ana=2``."""
    check_count_due(game.setup, game.state)  # before the estimates: "no count is due" beats a typo
    pairs = estimates(game, typed)
    order = {player: index for index, player in enumerate(game.setup.players)}
    pairs.sort(key=lambda pair: order[pair[0]])  # stable: duplicates stay visible
    return Count(estimates=tuple(pairs))
