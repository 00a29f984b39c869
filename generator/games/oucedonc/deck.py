"""What an Oucédonc deck holds, and which places go in it. Pure: no files, no drawing.

A deck is place cards plus ``packs - 1`` Intermède cards (one between two packs), one Direction
card (the compass rose laid by the start card), six rule cards and a sheet of 35 tokens. The
place count needed for a game is ``packs × pack_size`` (the three packs of 15) plus one start
card per pack (the first start card and one after each Intermède, taken from the cards left
aside at setup). The default count fills whole sheets: with 9 poker cards a sheet, 63 places +
2 Intermède + 1 Direction + 6 rules = 72 cards = 8 sheets, which leaves 18 start cards spare.
"""

from __future__ import annotations

import random
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.errors import UserError
from generator.games.oucedonc.coords import Precision, to_units
from generator.games.oucedonc.deckfile import Deck, OtherCard, PlaceCard, make_place_card
from generator.geo.model import Place

PACKS = 3
PACK_SIZE = 15
TOKENS = 35
SITES_SHARE = 0.2
DEFAULT_MIN_PLACES = 60  # the default deck is the smallest one from here that fills whole sheets


@dataclass(frozen=True)
class RuleCard:
    id: str
    name: str  # the card's title
    template: str  # the template (in templates/oucedonc/) holding its text


RULE_CARDS: tuple[RuleCard, ...] = (
    RuleCard("R1", "Oucédonc", "rule_game.j2"),
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


def default_place_count(slots_per_sheet: int, packs: int = PACKS, pack_size: int = PACK_SIZE) -> int:
    """The smallest place count from DEFAULT_MIN_PLACES up whose whole deck fills whole sheets."""
    if slots_per_sheet < 1:
        raise ValueError("a sheet holds at least one card")
    others = len(other_cards(packs))
    count = max(DEFAULT_MIN_PLACES, minimum_places(packs, pack_size))
    while (count + others) % slots_per_sheet:
        count += 1
    return count


def check_place_count(count: int, packs: int = PACKS, pack_size: int = PACK_SIZE) -> None:
    needed = minimum_places(packs, pack_size)
    if count < needed:
        raise UserError(
            f"{count} place cards are too few for {packs} packs of {pack_size} plus {packs} start cards; "
            f"ask for --cards {needed} or more"
        )


def sort_key(name: str) -> str:
    """Alphabetical order as a French reader expects it: accents and case ignored."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def display_names(places: Sequence[Place]) -> dict[str, str]:
    """Place id -> a name unique in the deck: homonyms get their département ("Saint-Denis (93)")."""
    counts = Counter(place.name for place in places)
    names: dict[str, str] = {}
    for place in places:
        if counts[place.name] == 1:
            names[place.id] = place.name
        else:
            names[place.id] = f"{place.name} ({place.departement or place.region or place.id})"
    repeated = Counter(names.values())
    seen: Counter[str] = Counter()
    for place in places:  # still equal (same name in one département): number them
        name = names[place.id]
        if repeated[name] > 1:
            seen[name] += 1
            names[place.id] = f"{name} {seen[name]}"
    return names


def familiar_first(
    candidates: Sequence[Place],
    count: int,
    seed: int,
    precision: Precision,
    sites_share: float = SITES_SHARE,
) -> list[Place]:
    """A simple deck selection: the best-known places, kept only if every pair is decidable.

    Towns and sites are ranked separately by familiarity (populations and curation ranks are not
    comparable); about ``sites_share`` of the deck are sites. Walking each ranking, a place is
    kept only if its printed latitude and longitude both differ from every place kept so far,
    so every dispute can be settled from the backs. The seed picks ``count`` places among the
    ``2 × count`` best decidable ones, so two seeds give two different decks of familiar places.
    """
    if count < 1:
        raise UserError("a deck needs at least one place card; give --cards 1 or more")
    rng = random.Random(seed)
    used_lat: set[int] = set()
    used_lon: set[int] = set()

    def decidable_pool(places: Sequence[Place], size: int) -> list[Place]:
        ranked = sorted(places, key=lambda p: (-p.familiarity, p.id))
        pool: list[Place] = []
        for place in ranked:
            if len(pool) >= size:
                break
            lat, lon = to_units(place.lat, precision), to_units(place.lon, precision)
            if lat in used_lat or lon in used_lon:
                continue
            pool.append(place)
            used_lat.add(lat)
            used_lon.add(lon)
        return pool

    sites = [p for p in candidates if p.kind == "site"]
    towns = [p for p in candidates if p.kind == "town"]
    site_target = min(len(sites), round(count * sites_share))
    site_pool = decidable_pool(sites, 2 * site_target)
    town_pool = decidable_pool(towns, 2 * (count - min(site_target, len(site_pool))))
    chosen_sites = rng.sample(site_pool, min(site_target, len(site_pool)))
    town_target = count - len(chosen_sites)
    if len(town_pool) < town_target:
        raise UserError(
            f"only {len(town_pool) + len(chosen_sites)} places of this region differ pairwise in latitude and "
            f"longitude at precision {precision.value}; ask for fewer --cards or a finer --precision (second)"
        )
    chosen_towns = rng.sample(town_pool, town_target)
    return chosen_sites + chosen_towns


def compose_deck(
    places: Sequence[Place],
    *,
    title: str,
    region: str,
    seed: int,
    precision: Precision,
    departement_names: Mapping[str, str],
    region_names: Mapping[str, str],
    packs: int = PACKS,
    pack_size: int = PACK_SIZE,
    params: Mapping[str, Any] | None = None,
) -> Deck:
    """The deck: place cards in alphabetical order (ids P01, P02…), then the other cards.

    Ids follow the alphabet, never the map, so a card's number says nothing about where it lies.
    """
    check_place_count(len(places), packs, pack_size)
    names = display_names(places)
    ordered = sorted(places, key=lambda p: (sort_key(names[p.id]), p.id))
    width = max(2, len(str(len(ordered))))
    cards: list[PlaceCard] = []
    for number, place in enumerate(ordered, start=1):
        cards.append(
            make_place_card(
                f"P{number:0{width}d}",
                names[place.id],
                place.kind,
                place.lat,
                place.lon,
                precision,
                departement=place.departement,
                departement_name=departement_names.get(place.departement or ""),
                region_code=place.region,
                region_name=region_names.get(place.region or ""),
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
