"""A count of a cross laid out on the table, without a game file.

The players read the four arms off the table, each from the start card outward, and
:func:`count_cross` applies the seed's rule exactly as a game's count does
(:func:`generator.games.oucedonc.count.walk`, the same function): from the start card outward, a
card out of place with the one before it is set aside. Given the players' estimates, it says
who wins what (:func:`generator.games.oucedonc.count.rewards`). ``pnp oucedonc count`` prints
it; the phone page's count assistant applies the same rule to the same data
(``tests/test_oucedonc_referee_page_count.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.namekeys import name_key
from generator.core.refusal import Refusal
from generator.games.oucedonc.count import checked_estimates, rewards, walk
from generator.games.oucedonc.deckfile import Deck, PlaceCard
from generator.games.oucedonc.events import CardRef, Checked, SetAside
from generator.games.oucedonc.game import checked
from generator.games.oucedonc.names import Named, NameIndex
from generator.games.oucedonc.referee import card_entries
from generator.games.oucedonc.refusals import Hint
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Arm, Table
from generator.products.referee.refusals import Said


@dataclass(frozen=True)
class CrossCount:
    """A cross counted: every card checked (arm by arm, from the start card outward), the cards
    set aside, and, given the estimates, who won what."""

    start: CardRef
    arms: Mapping[Arm, tuple[CardRef, ...]]  # each from the start card outward
    checks: tuple[Checked, ...]
    estimates: tuple[tuple[str, int], ...]  # as given, in order
    exact: tuple[str, ...]
    closest: tuple[str, ...]
    won: tuple[tuple[str, int], ...]  # every player who estimated, in order

    @property
    def set_aside(self) -> tuple[SetAside, ...]:
        return tuple(check.aside for check in self.checks if check.set_aside)

    @property
    def misplaced(self) -> int:
        return sum(check.set_aside for check in self.checks)

    @property
    def on_table(self) -> int:
        """The cards of the cross, the start card included."""
        return 1 + sum(len(cards) for cards in self.arms.values())

    def to_json(self) -> dict[str, Any]:
        """The count as JSON; ``set_aside``, ``misplaced``, ``won`` as a game's count writes
        them."""
        return {
            "start": self.start.to_json(),
            "arms": {arm.value: [card.to_json() for card in self.arms[arm]] for arm in Arm},
            "checks": [check.to_json() for check in self.checks],
            "misplaced": self.misplaced,
            "set_aside": [item.to_json() for item in self.set_aside],
            "on_table": self.on_table,
            "estimates": dict(self.estimates),
            "exact": list(self.exact),
            "closest": list(self.closest),
            "won": dict(self.won),
        }


def count_cross(
    deck: Deck,
    start: str,
    arms: Mapping[Arm, Sequence[str]],
    options: RuleOptions = RuleOptions(),
    estimates: Sequence[tuple[str, int]] = (),
) -> CrossCount:
    """Count the cross whose start card is ``start`` and whose arms hold ``arms`` (card names or
    ids as players type them, each arm from the start card outward), by ``options``' rules
    (equal coordinates, which card precedes, ties); ``estimates`` are (player, estimate)
    pairs, one per player (none: only the cards are counted)."""
    index = NameIndex(card_entries(deck))

    def card(text: str) -> PlaceCard:
        found: PlaceCard = index.find(text, Named.CARD, Hint.DECK_CARD)
        return found

    first = card(start)
    laid = {arm: tuple(card(text) for text in arms.get(arm, ())) for arm in Arm}
    _refuse_twice(first, laid)
    table = Table(
        start=first.id,
        column=(
            *(c.id for c in reversed(laid[Arm.NORTH])),
            first.id,
            *(c.id for c in laid[Arm.SOUTH]),
        ),
        row=(*(c.id for c in reversed(laid[Arm.WEST])), first.id, *(c.id for c in laid[Arm.EAST])),
    )
    cards = {c.id: c for c in (first, *(c for arm in laid.values() for c in arm))}

    def units(card_id: str, axis: str) -> int:
        placed = cards[card_id]
        return placed.lat_units if axis == "lat" else placed.lon_units

    walked = walk(table, units, options.equal_coordinates, options.count_preceding)
    checks = tuple(checked(check, cards.__getitem__, deck.language) for check in walked.checks)
    on_table = len(cards)
    given = checked_estimates(_named_once(estimates), on_table)
    players = tuple(given)
    result = (
        rewards(len(walked.set_aside), given, players, options.closest_tie, options.exact_tie)
        if players
        else None
    )
    return CrossCount(
        start=CardRef(first.id, first.name),
        arms={arm: tuple(CardRef(c.id, c.name) for c in laid[arm]) for arm in Arm},
        checks=checks,
        estimates=tuple(given.items()),
        exact=() if result is None else result.exact,
        closest=() if result is None else result.closest,
        won=() if result is None else tuple((p, result.won[p]) for p in players),
    )


def _named_once(estimates: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """The estimates with each player's name as first written ("ana" after "Ana" is Ana, so
    that her second estimate is refused as hers)."""
    first: dict[str, str] = {}
    return [(first.setdefault(name_key(name), name.strip()), value) for name, value in estimates]


def _refuse_twice(start: PlaceCard, arms: Mapping[Arm, tuple[PlaceCard, ...]]) -> None:
    """A card is on the table once: the start card, or one place of one arm."""
    seen = {start.id}
    for arm in Arm:
        for placed in arms[arm]:
            if placed.id in seen:
                raise Refusal(Said.CARD_TWICE, {"card": placed.name})
            seen.add(placed.id)
