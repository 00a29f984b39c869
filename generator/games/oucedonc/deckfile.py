"""The deck file: what an Oucédonc deck printed, as JSON, read back by the referee.

Written next to the deck's PDF; read back by the referee (a verdict on the deck's cards, a game
played with them). Coordinates are stored exactly as printed (whole units at the deck's
precision, plus the printed text), so the referee compares what players read on the backs.

Format (``schema`` = ``pnp.oucedonc.deck``, ``version`` = 1)::

    {"schema": "pnp.oucedonc.deck", "version": 1,
     "title": "Oucédonc en Bretagne", "region": "bretagne", "seed": 1,
     "precision": "minute", "packs": 3, "pack_size": 15,
     "params": {...free-form printing parameters: paper, card size, duplex...},
     "cards": [
        {"id": "P01", "kind": "place", "name": "Rennes", "place_kind": "town",
         "lat_units": 2887, "lon_units": -101, "lat_text": "48°07′ N", "lon_text": "1°41′ O",
         "lat": 48.1147, "lon": -1.6794, "departement": "35", "departement_name": "Ille-et-Vilaine",
         "region_code": "53", "region_name": "Bretagne", "population": 222485, "source_id":
         "insee:35238"},
        {"id": "I1", "kind": "intermede", "name": "Intermède"},
        {"id": "D1", "kind": "direction", "name": "Direction"},
        {"id": "R1", "kind": "rule", "name": "Mise en place"}]}
"""

from __future__ import annotations

import json
from typing import Any, Literal

from msgspec import Struct, field
from msgspec.structs import fields

from generator.core.i18n import Language
from generator.core.refusal import Clause, Refusal, Value
from generator.games.oucedonc.coords import (
    Precision,
    format_latitude,
    format_longitude,
    to_units,
)
from generator.games.oucedonc.refusals import Hint, Noun, Why

SCHEMA = "pnp.oucedonc.deck"
VERSION = 1

OtherKind = Literal["intermede", "direction", "rule"]


class PlaceCard(Struct, frozen=True):
    """A place card as the deck file records it: the printed coordinates and the source's."""

    id: str
    name: str  # unique display name in the deck ("Saint-Denis (93)")
    place_kind: Literal["town", "site"]
    lat_units: int  # whole units at the deck precision, as printed
    lon_units: int
    lat_text: str  # exactly as printed: "48°07′ N"
    lon_text: str
    lat: float  # the source's decimal degrees
    lon: float
    departement: str | None = None
    departement_name: str | None = None
    region_code: str | None = None
    region_name: str | None = None
    population: int | None = None
    source_id: str | None = None
    kind: Literal["place"] = "place"
    site_kind: str | None = None  # what a site is ("château", "dune"…), printed on its front


class OtherCard(Struct, frozen=True):
    """A card that is not a place (rules, Intermède, directions), by id and kind."""

    id: str
    kind: OtherKind
    name: str


class Deck(Struct, frozen=True):
    """A dealt deck as its JSON file holds it: the places, the other cards and how it was made."""

    title: str
    region: str
    seed: int
    precision: Precision
    places: tuple[PlaceCard, ...]
    others: tuple[OtherCard, ...] = ()
    packs: int = 3
    pack_size: int = 15
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def language(self) -> Language:
        """The language its cards are printed in (``params.language``; French when absent): the
        backs of an English deck write W for west and a decimal point
        (:func:`generator.games.oucedonc.coords.printed_coordinate`)."""
        return "en" if self.params.get("language") == "en" else "fr"

    def place(self, card_id: str) -> PlaceCard:
        for card in self.places:
            if card.id == card_id:
                return card
        raise Refusal(Why.NO_SUCH_CARD, {"id": card_id})


def make_place_card(
    card_id: str,
    name: str,
    place_kind: Literal["town", "site"],
    lat: float,
    lon: float,
    precision: Precision,
    **details: Any,
) -> PlaceCard:
    """A place card whose printed coordinates are derived from ``lat``/``lon`` at ``precision``.

    ``details`` are the optional descriptive fields of :class:`PlaceCard` (departement, names…).
    """
    lat_units = to_units(lat, precision)
    lon_units = to_units(lon, precision)
    return PlaceCard(
        id=card_id,
        name=name,
        place_kind=place_kind,
        lat_units=lat_units,
        lon_units=lon_units,
        lat_text=format_latitude(lat_units, precision),
        lon_text=format_longitude(lon_units, precision),
        lat=lat,
        lon=lon,
        **details,
    )


def deck_to_json(deck: Deck) -> str:
    """Stable, human-readable JSON (sorted parameters, cards in deck order)."""
    return json.dumps(deck_document(deck), ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def deck_document(deck: Deck) -> dict[str, Any]:
    """The deck file's JSON object (a game file embeds the same)."""
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "title": deck.title,
        "region": deck.region,
        "seed": deck.seed,
        "precision": deck.precision.value,
        "packs": deck.packs,
        "pack_size": deck.pack_size,
        "params": deck.params,
        "cards": [card_to_json(card) for card in deck.places]
        + [card_to_json(card) for card in deck.others],
    }


_FIELDS = {kind: tuple(f.name for f in fields(kind)) for kind in (PlaceCard, OtherCard)}


def card_to_json(card: PlaceCard | OtherCard) -> dict[str, Any]:
    """A card's fields in order (what :func:`dataclasses.asdict` gives, without its deep copy)."""
    return {name: getattr(card, name) for name in _FIELDS[type(card)]}


def deck_from_json(text: str, source: Value = Noun.DECK_FILE) -> Deck:
    """Parse a deck file, every field checked (:mod:`generator.games.oucedonc.fileschema`); a
    :class:`Refusal` says what is wrong with it (``source`` names the file there)."""
    from generator.core.jsondoc import load_document

    document = load_document(text, source, Hint.REGENERATE_DECK)
    return deck_from_document(document, source)


def deck_from_document(document: object, source: Value = Noun.DECK_FILE) -> Deck:
    """A deck from its parsed JSON (a deck file, or the deck a game file embeds)."""
    import msgspec

    from generator.games.oucedonc.fileschema import (
        DeckParams,
        DeckRecord,
        PlaceCardRecord,
        validate,
    )

    advice = Hint.REGENERATE_DECK
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        raise Refusal(Why.NOT_A_DECK_FILE, {"source": source})
    version = document.get("version")
    if type(version) is int and version > VERSION:
        raise Refusal(
            Why.DECK_VERSION_NEWER, {"source": source, "version": version, "readable": VERSION}
        )
    record = validate(document, DeckRecord, source, advice)
    validate(record.params, DeckParams, Clause(Noun.DECK_PARAMS, {"source": source}), advice)
    places = tuple(
        PlaceCard(**msgspec.structs.asdict(card))
        for card in record.cards
        if isinstance(card, PlaceCardRecord)
    )
    others = tuple(
        OtherCard(id=card.id, kind=type(card).__struct_config__.tag, name=card.name)  # type: ignore[arg-type]
        for card in record.cards
        if not isinstance(card, PlaceCardRecord)
    )
    deck = Deck(
        title=record.title,
        region=record.region,
        seed=record.seed,
        precision=Precision(record.precision),
        places=places,
        others=others,
        packs=record.packs,
        pack_size=record.pack_size,
        params=dict(record.params),
    )
    _check_consistent(deck, source)
    return deck


def _check_consistent(deck: Deck, source: Value) -> None:
    advice = Hint.REGENERATE_DECK
    ids = [card.id for card in deck.places] + [card.id for card in deck.others]
    if len(ids) != len(set(ids)):
        raise Refusal(Why.DUPLICATE_IDS, {"source": source, "advice": advice})
    for card in deck.places:
        if not isinstance(card.id, str) or not isinstance(card.name, str) or not card.name.strip():
            raise Refusal(
                Why.PLACE_WITHOUT_NAME, {"source": source, "id": card.id, "advice": advice}
            )
        if type(card.lat_units) is not int or type(card.lon_units) is not int:
            raise Refusal(
                Why.UNITS_NOT_WHOLE,
                {"source": source, "id": card.id, "name": card.name, "advice": advice},
            )
    tokens_each = deck.params.get("tokens_each")
    if tokens_each is not None and type(tokens_each) is not int:
        raise Refusal(
            Why.TOKENS_NOT_WHOLE, {"source": source, "value": tokens_each, "advice": advice}
        )
    for card in deck.places:
        if card.lat_text != format_latitude(
            card.lat_units, deck.precision
        ) or card.lon_text != format_longitude(card.lon_units, deck.precision):
            raise Refusal(
                Why.PRINTED_TEXT_MISMATCH, {"source": source, "id": card.id, "name": card.name}
            )
