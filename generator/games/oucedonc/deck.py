"""What an Oucédonc deck holds. Pure: no files, no drawing.

A deck is place cards plus ``packs - 1`` Intermède cards (one between two packs), one Direction
card (the compass rose laid by the start card), six rule cards and a sheet of 35 tokens. The
place count needed for a game is ``packs × pack_size`` (the three packs of 15) plus one start
card per pack (the first start card and one after each Intermède, taken from the cards left
aside at setup). The default count fills whole sheets: with 9 poker cards a sheet, 63 places +
2 Intermède + 1 Direction + 6 rules = 72 cards = 8 sheets, which leaves 18 start cards spare.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct

from generator.core.refusal import Refusal
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.coords import Precision
from generator.games.oucedonc.deckfile import Deck, OtherCard, PlaceCard, make_place_card
from generator.games.oucedonc.refusals import Why
from generator.geo.model import Place

PACKS = 3
PACK_SIZE = 15  # the seed's: "Lorsque les 3 paquets de 15 cartes sont épuisés"
MIN_PACK_SIZE = 4  # smaller packs (a small region's deck): at least this many cards each
TOKENS = 35
SITES_SHARE = 0.2
#: The sites a deck of a French département or région deals at least, where it has them
#: (docs/rules/oucedonc-deck.md, "A site and its town"); other regions: the share alone
SITES_FLOOR = {"departement": 6, "region": 15}
DEFAULT_MIN_PLACES = 60  # the default deck is the smallest one from here that fills whole sheets


class RuleCard(Struct, frozen=True):
    """A rule card of the deck: its id, its title and the template holding its text."""

    id: str
    name: str  # the card's title
    template: str  # the template (in templates/oucedonc/) holding its text


RULE_CARDS: tuple[RuleCard, ...] = (
    RuleCard("R1", OUCEDONC.name, "rule_game.j2"),
    RuleCard("R2", "Mise en place", "rule_setup.j2"),
    RuleCard("R3", "Un tour", "rule_turn.j2"),
    RuleCard("R4", "Le doute", "rule_doubt.j2"),
    RuleCard("R5", "Le décompte", "rule_count.j2"),
    RuleCard("R6", "Fin de partie", "rule_end.j2"),
)


def other_cards(packs: int = PACKS) -> tuple[OtherCard, ...]:
    """Intermède cards (one between two packs), the Direction card and the rule cards."""
    intermedes = tuple(OtherCard(f"I{n}", "intermede", "Intermède") for n in range(1, packs))
    direction = (OtherCard("D1", "direction", "Direction"),)
    rules = tuple(OtherCard(rule.id, "rule", rule.name) for rule in RULE_CARDS)
    return intermedes + direction + rules


def minimum_places(packs: int = PACKS, pack_size: int = PACK_SIZE) -> int:
    """Cards in the packs plus one start card per pack."""
    return packs * pack_size + packs


def default_place_count(
    slots_per_sheet: int, packs: int = PACKS, pack_size: int = PACK_SIZE
) -> int:
    """The smallest place count from DEFAULT_MIN_PLACES up whose whole deck fills whole sheets."""
    if slots_per_sheet < 1:
        raise ValueError("a sheet holds at least one card")
    others = len(other_cards(packs))
    count = max(DEFAULT_MIN_PLACES, minimum_places(packs, pack_size))
    while (count + others) % slots_per_sheet:
        count += 1
    return count


def pack_size_for(places: int, packs: int = PACKS) -> int:
    """The pack size of a deck of ``places`` place cards (docs/rules/oucedonc.md, "Small
    packs"): the seed's :data:`PACK_SIZE` when the deck holds its packs and a start card per pack,
    else the largest size that does (3 packs of 8 for the 28 places of Corse-du-Sud); never less
    than :data:`MIN_PACK_SIZE`."""
    return max(MIN_PACK_SIZE, min(PACK_SIZE, (places - packs) // packs))


def smallest_deck(packs: int = PACKS) -> int:
    """The fewest place cards a deck can have: packs of :data:`MIN_PACK_SIZE`, start cards."""
    return minimum_places(packs, MIN_PACK_SIZE)


def check_place_count(count: int, packs: int = PACKS, pack_size: int = PACK_SIZE) -> None:
    needed = minimum_places(packs, pack_size)
    if count < needed:
        raise Refusal(
            Why.TOO_FEW_PLACES,
            {"count": count, "packs": packs, "size": pack_size, "needed": needed},
        )


def sort_key(name: str) -> str:
    """Alphabetical order as a French reader expects it: accents and case ignored."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def compose_deck(
    places: Sequence[Place],
    *,
    title: str,
    region: str,
    seed: int,
    precision: Precision,
    departement_names: Mapping[str, str],  # French codes -> names ("35" -> "Ille-et-Vilaine")
    region_names: Mapping[str, str],
    packs: int = PACKS,
    pack_size: int = PACK_SIZE,
    params: Mapping[str, Any] | None = None,
) -> Deck:
    """The deck: place cards in the alphabetical order of their printed names (ids P01,
    P02…), then the other cards. A deck in English is ordered by its English names (Cologne
    under C, Neuschwanstein Castle under N): the same places as the French deck, numbered in
    the alphabet its players read.

    ``places`` come from :func:`generator.geo.selection.select_places` (display names already
    unique). Ids follow the alphabet, never the map, so a card's number says nothing about
    where it lies.
    """
    check_place_count(len(places), packs, pack_size)
    repeated = sorted(name for name, times in Counter(p.name for p in places).items() if times > 1)
    if repeated:
        raise ValueError(
            f"two cards would show the same name ({repeated[0]}); the selection gives unique names"
        )
    ordered = sorted(places, key=lambda p: (sort_key(p.name), p.id))
    width = max(2, len(str(len(ordered))))
    cards: list[PlaceCard] = []
    for number, place in enumerate(ordered, start=1):
        french = (
            place.country == "FR"
        )  # the name tables are French codes; abroad codes mean other things
        cards.append(
            make_place_card(
                f"P{number:0{width}d}",
                place.name,
                place.kind,
                place.lat,
                place.lon,
                precision,
                departement=place.departement,
                departement_name=departement_names.get(place.departement or "") if french else None,
                region_code=place.region,
                region_name=region_names.get(place.region or "") if french else None,
                population=place.population if place.kind == "town" else None,
                source_id=place.id,
                site_kind=place.site_kind,
            )
        )
    return Deck(
        title=title,
        region=region,
        seed=seed,
        precision=precision,
        places=tuple(cards),
        others=other_cards(packs),
        packs=packs,
        pack_size=pack_size,
        params=dict(params or {}),
    )
