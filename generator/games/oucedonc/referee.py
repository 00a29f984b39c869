"""The Oucédonc referee: what the commands ask of the rules, in one place.

- :func:`verify_places`: is A north/south/east/west of B, on the printed coordinates, with the gap
  in minutes and kilometres.
- :func:`place_move`, :func:`doubt_move`, :func:`count_move`, :func:`start_move`: turn what a
  player typed (names or ids, estimates "Ana=2") into a move of :mod:`game`, resolving names the
  forgiving way (among the cards that make sense first: the table for an anchor).

The state machine is in :mod:`game`, the table in :mod:`table`, the count in :mod:`count`, the
file in :mod:`gamefile`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from generator.core.errors import UserError
from generator.core.i18n import _, ngettext
from generator.games.oucedonc.compare import Direction, EqualCoordinates, Located, Verdict, verdict
from generator.games.oucedonc.coords import (
    Precision,
    format_latitude,
    format_longitude,
    from_units,
    to_units,
)
from generator.games.oucedonc.distance import meridian_km, parallel_km
from generator.games.oucedonc.names import Entry, NameIndex, ambiguous, name_key

# The game's state machine (game, gamefile, table, rules) is imported by the move functions that
# use it: `pnp oucedonc verify` needs none of it (start-up, issue #14).
if TYPE_CHECKING:
    from generator.games.oucedonc.deckfile import Deck, PlaceCard
    from generator.games.oucedonc.game import Count, Doubt, Place, Start
    from generator.games.oucedonc.gamefile import Game
    from generator.games.oucedonc.rules import RuleOptions
    from generator.geo.model import Place as GeoPlace

# --------------------------------------------------------------------------- verify

T = TypeVar("T")


@dataclass(frozen=True)
class Gap:
    verdict: Verdict
    km: float  # along the meridian (north/south) or the parallel at the mean latitude (east/west)
    equal: EqualCoordinates

    def to_json(self) -> dict[str, Any]:
        """What ``pnp oucedonc verify --json`` prints."""
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
    hint = _("give a card name or id from the deck file")
    index = NameIndex(card_entries(deck))
    card_a, card_b = index.find(a, "card", hint), index.find(b, "card", hint)
    _two_places(card_a.name, card_a is card_b)
    return measure(located_card(card_a), direction, located_card(card_b), deck.precision, equal)


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


def _verify_found(
    a: str,
    direction: Direction,
    b: str,
    index: NameIndex[T],
    record: Callable[[T], GeoPlace],
    precision: Precision,
    equal: EqualCoordinates,
) -> Gap:
    hint = _("give a French commune or site name, or use --deck deck.json")
    found_a, found_b = index.find(a, "place", hint), index.find(b, "place", hint)
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
        raise UserError(
            _(
                "A and B are both {name}; a place is never north, south, east or west of itself: "
                "name two places"
            ).format(name=name)
        )


# --------------------------------------------------------------------------- game moves


def card_hint() -> str:
    return _("give a card name or id ('pnp oucedonc game show' lists the cards on the table)")


def resolve_card(game: Game, text: str, among: Iterable[str] | None = None) -> str:
    """The id of the place card named ``text`` (forgiving: see :mod:`names`).

    A name that fits several cards of the deck is narrowed to ``among`` (the cards that make
    sense here: the cards on the table for an anchor, the cards not yet played for the card
    drawn), so "st" is Saint-Malo when Saint-Malo is the only Saint- on the table.
    """
    _refuse_other_cards(game, text)
    index = _deck_index(game)
    found = index.matches(text)
    if len(found) > 1 and among is not None:
        wanted = set(among)
        narrowed = [entry for entry in found if entry.value.id in wanted]
        if len(narrowed) == 1:
            return narrowed[0].value.id
        if narrowed:
            raise UserError(ambiguous(text, narrowed, "card"))
    card: PlaceCard = index.find(text, "card", card_hint())
    return card.id


def _deck_index(game: Game) -> NameIndex[PlaceCard]:
    return game.setup.card_index


def _refuse_other_cards(game: Game, text: str) -> None:
    """An Intermède, the Direction card or a rule card named where a place card is wanted."""
    key = name_key(text)
    for other in game.setup.deck.others:
        if key in (name_key(other.id), name_key(other.name)):
            if other.kind == "intermede":
                raise UserError(
                    _(
                        "the Intermède is not placed: if it was drawn before the referee said it "
                        "was due, declare it ('game intermede FILE'), then count"
                    )
                )
            raise UserError(
                _("{card} ({id}) is not a place card; place the card you drew").format(
                    card=other.name, id=other.id
                )
            )


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


def place_move(
    game: Game,
    card: str,
    direction: Direction | None,
    anchor: str | None,
    between: tuple[str, str] | None,
) -> Place:
    """The current player's placement. Exactly one of ``direction``+``anchor`` or ``between``."""
    from generator.games.oucedonc.game import Place, check_can_place
    from generator.games.oucedonc.table import Slot

    if (direction is None) == (between is None):
        raise UserError(say_where())
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


def say_where() -> str:
    return _(
        "say where the card goes with exactly one of --north-of, --south-of, --east-of, "
        "--west-of X or --between X Y"
    )


def start_move(game: Game, card: str) -> Start:
    """Physical mode: the start card the players turned over."""
    from generator.games.oucedonc.game import Start

    return Start(card=resolve_card(game, card, playable_cards(game)))


def doubt_move(game: Game, by: str, neighbour: str) -> Doubt:
    from generator.games.oucedonc.game import Doubt, nothing_to_doubt

    pending = game.state.pending
    if pending is None:
        raise UserError(nothing_to_doubt())
    player = game.setup.players[game.setup.player_index(by)]
    assert game.state.table is not None
    neighbours = game.state.table.neighbours(pending.card)
    return Doubt(by=player, card=pending.card, neighbour=resolve_card(game, neighbour, neighbours))


def parse_estimates(game: Game, estimates: Sequence[str]) -> list[tuple[str, int]]:
    """Estimates typed as ``Ana=2`` (or ``Ana:2``), one per player, resolved to player names."""
    pairs: list[tuple[str, int]] = []
    for text in estimates:
        name, sep, number = text.replace(":", "=").partition("=")
        if not sep or not name.strip():
            raise UserError(
                _("estimate {text!r} is not PLAYER=NUMBER; write it like --estimate Ana=2").format(
                    text=text
                )
            )
        try:
            value = int(number.strip())
        except ValueError:
            raise UserError(
                _("estimate {text!r} is not a whole number; write it like --estimate Ana=2").format(
                    text=text
                )
            ) from None
        pairs.append((game.setup.players[game.setup.player_index(name.strip())], value))
    return pairs


def count_move(game: Game, estimates: Sequence[str]) -> Count:
    """Estimates typed as ``Ana=2``, one per player."""
    from generator.games.oucedonc.game import Count, check_count_due

    check_count_due(game.setup, game.state)  # before the estimates: "no count is due" beats a typo
    pairs = parse_estimates(game, estimates)
    order = {player: index for index, player in enumerate(game.setup.players)}
    pairs.sort(key=lambda pair: order[pair[0]])  # stable: duplicates stay visible
    return Count(estimates=tuple(pairs))


def new_game_from_options(
    deck: Deck,
    players: Sequence[str],
    options: RuleOptions,
    *,
    deal_seed: int | None,
    start: str | None,
    packs: int | None = None,
    pack_size: int | None = None,
) -> tuple[Game, str]:
    """A new game and the line saying what it is: physical (``deal_seed`` None) with the start
    card ``start`` if given, or dealt from ``deal_seed``."""
    from generator.games.oucedonc.game import deal, physical
    from generator.games.oucedonc.gamefile import new_game

    if deal_seed is not None:
        setup = deal(players, deck, deal_seed, options, packs=packs, pack_size=pack_size)
        game = new_game(setup)
        first = setup.names()[setup.reserve[0]]
        how = _("the referee deals (seed {seed}); start card: {card}").format(
            seed=deal_seed, card=first
        )
    else:
        setup = physical(players, deck, options, packs=packs, pack_size=pack_size)
        game = new_game(setup)
        if start is not None:
            game, _started = game.play(start_move(game, start))
            assert game.state.table is not None
            how = _("start card: {card}").format(card=setup.names()[game.state.table.start])
        else:
            how = _("turn a start card over and record it")
    pack_line = ngettext("{packs} pack of {size}", "{packs} packs of {size}", setup.packs).format(
        packs=setup.packs, size=setup.pack_size
    )
    tokens = ngettext("{n} token each", "{n} tokens each", options.starting_tokens).format(
        n=options.starting_tokens
    )
    said = _("{players}, {packs}, {tokens}; {how}").format(
        players=", ".join(setup.players), packs=pack_line, tokens=tokens, how=how
    )
    return game, said
