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

from collections.abc import Iterable, Sequence

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.deckfile import Deck, PlaceCard
from generator.games.oucedonc.game import (
    Count,
    Doubt,
    Place,
    Start,
    check_can_place,
    check_count_due,
    deal,
    physical,
)
from generator.games.oucedonc.gamefile import Game, describe_undone
from generator.games.oucedonc.gamefile import new_game as fresh_game
from generator.games.oucedonc.names import Named, ambiguous, name_key
from generator.games.oucedonc.refusals import Hint, Why
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot


def new_game(
    deck: Deck,
    players: Sequence[str],
    options: RuleOptions,
    *,
    deal_seed: int | None = None,
    start_card: str | None = None,
    packs: int | None = None,
    pack_size: int | None = None,
) -> Game:
    """A new game of ``players`` (in playing order) with ``deck``: the printed deck shuffled by
    hand (the default; ``start_card``: the start card turned over, else recorded later), or a
    virtual deck the referee deals from ``deal_seed``. ``packs`` and ``pack_size`` override the
    deck file's."""
    if deal_seed is not None:
        return fresh_game(deal(players, deck, deal_seed, options, packs=packs, pack_size=pack_size))
    game = fresh_game(physical(players, deck, options, packs=packs, pack_size=pack_size))
    if start_card is not None:
        game, _started = game.play(start(game, start_card))
    return game


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
    return Place(player=player, card=card_id, slot=slot)


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


def estimates(game: Game, typed: Sequence[str]) -> list[tuple[str, int]]:
    """Estimates typed as ``Ana=2`` (or ``Ana:2``), resolved to player names."""
    pairs: list[tuple[str, int]] = []
    for text in typed:
        name, sep, number = text.replace(":", "=").partition("=")
        if not sep or not name.strip():
            raise Refusal(Why.ESTIMATE_FORM, {"text": text})
        try:
            value = int(number.strip())
        except ValueError:
            raise Refusal(Why.ESTIMATE_NOT_WHOLE, {"text": text}) from None
        pairs.append((game.setup.players[game.setup.player_index(name.strip())], value))
    return pairs


def count(game: Game, typed: Sequence[str]) -> Count:
    """The count, with every player's estimate typed as ``Ana=2``."""
    check_count_due(game.setup, game.state)  # before the estimates: "no count is due" beats a typo
    pairs = estimates(game, typed)
    order = {player: index for index, player in enumerate(game.setup.players)}
    pairs.sort(key=lambda pair: order[pair[0]])  # stable: duplicates stay visible
    return Count(estimates=tuple(pairs))
