"""The attack and healing calculator of Les territoires.

A *combination* is the 2 or 3 cards a player lays down. :func:`evaluate` checks it and says
which rule of the seed applies, the change in life (negative: life cards lost, positive: life
cards won back) and the house whose life changes. The ambiguous sentences of the seed are read
as written in ``docs/rules/territoires.md``; each alternative reading is a field of
:class:`Rules`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import Enum

from generator.core.i18n import M_
from generator.core.refusal import Refusal
from generator.games.territoires.houses import (
    LIFE_PER_HOUSE,
    ROLE_CARDS,
    SUPPORT_OF,
    House,
    Role,
    house_of,
    role_of,
    seat_house,
    seats_sharing,
    setup_for,
)
from generator.games.territoires.lenormand import FIRST, LAST
from generator.games.territoires.refusals import CardLabel, Cards, Why


class PairRule(Enum):
    KIND = "kind"  # the two cards of one kind (4+6, 7+9, 15+18) may be laid together
    CONSECUTIVE = "consecutive"  # every pair must be two consecutive values


class RunScoring(Enum):
    PARITY = "parity"  # a run of three scores by parity (both cards of a kind: -3)
    BEST = "best"  # a run of three also takes the value of a single special card in it


class ForeignSupport(Enum):
    CANCELS = "cancels"  # the other house's support in a run of three makes it worth 0
    PLAIN = "plain"  # inside a run of three it is an ordinary card


class Intent(Enum):
    AUTO = "auto"  # attack when the cards can attack, otherwise heal
    ATTACK = "attack"
    HEAL = "heal"


@dataclass(frozen=True)
class Rules:
    """The readings of the seed's ambiguous sentences; the defaults are documented."""

    pairs: PairRule = PairRule.KIND
    runs: RunScoring = RunScoring.PARITY
    foreign_support_in_run: ForeignSupport = ForeignSupport.CANCELS
    support_alone: bool = False  # the Résumé's "-2 ... si 1 carte": a support laid alone


@dataclass(frozen=True)
class Player:
    """Who lays the cards: a house, or the houseless third player of three with a target."""

    players: int = 2
    house: House | None = House.EVEN
    target: House | None = None  # only for the third player of three: the house he attacks

    def __post_init__(self) -> None:
        if (self.house is None) != (self.target is not None) or (
            self.house is None and self.players != 3
        ):
            raise ValueError(
                "a player has a house, or is the third of three with a target; use Player.at_seat"
            )

    @classmethod
    def at_seat(
        cls, players: int, seat: int | None, house: House | None, target: House | None = None
    ) -> Player:
        """The player at the table of ``players`` who plays from ``seat`` or for ``house``
        (``target``: the house the third player of three attacks), or a refusal."""
        setup_for(players)
        if seat is not None:
            seat_of_house = seat_house(players, seat)
            if seat_of_house is None:
                if house is not None:
                    raise Refusal(Why.THIRD_HAS_NO_HOUSE)
                if target is None:
                    raise Refusal(Why.THIRD_NEEDS_TARGET)
                return cls(players, None, target)
            if house is not None and house is not seat_of_house:
                raise Refusal(Why.SEAT_HOUSE, {"seat": seat, "house": seat_of_house.value})
            house = seat_of_house
        if house is None:
            raise Refusal(Why.WHOSE_TURN)
        if target is not None:
            raise Refusal(Why.TARGET_ONLY_THIRD)
        return cls(players, house, None)

    @property
    def is_third(self) -> bool:
        return self.house is None

    def owns(self, card: int) -> bool:
        return self.house is not None and house_of(card) is self.house


@dataclass(frozen=True)
class Reason:
    """Why a combination counts as it does, as found (worded by
    :func:`generator.games.territoires.wording.explain`, in either language)."""

    kind: str  # one of REASONS
    card: int | None = None  # the card the reason is about
    pair: tuple[int, int] | None = None  # both cards of a kind laid together
    role: Role | None = None  # the kind of ``card`` or ``pair``: weapon or support animal
    house: House | None = None  # the house whose supports ``pair`` are
    own: int = 0  # a run: how many of its cards have the player's parity


#: The kinds of :class:`Reason`, each worded once in ``wording.py``.
REASONS: tuple[str, ...] = (
    "both_supports",  # pair, house: both supports of the player's house laid together
    "own_support",  # card: a support of the player's house
    "both_of_kind",  # pair, role: both weapons, both support animals
    "kind_third",  # card, role: a weapon or animal laid by the third player of three
    "kind_own",  # card, role: a weapon or animal of the player's house
    "kind_other",  # card, role: a weapon or animal of the other house
    "foreign_support_in_run",  # card: a support of the other house inside a run of three
    "foreign_support",  # card: a support of the other house in a pair
    "run_third",  # a run of three by the third player
    "run_parity",  # own: a run of three by a house
    "support_alone",  # card: a support of the player's house laid alone (Rules.support_alone)
    "heals_own",  # card: a healing card of the player's parity
    "heals_other",  # card: a healing card of the other parity
)


@dataclass(frozen=True)
class Outcome:
    cards: tuple[int, ...]
    effect: str  # "attack" or "heal"
    rule: str  # stable identifier, listed in RULE_SEEDS
    change: int  # life cards: negative lost, positive won back
    side: House  # the house whose life changes
    reason: Reason

    @property
    def seed(self) -> str:
        """The seed's sentence (French) this reading applies."""
        return RULE_SEEDS[self.rule]

    @property
    def explanation(self) -> str:
        """The reading in a sentence, as the JSON gives it: English, with the cards' names of
        the rules data (the same whatever the language)."""
        from generator.games.territoires.wording import explain

        return explain(self, "en", names="fr")

    def to_json(self) -> dict[str, object]:
        return {
            "effect": self.effect,
            "rule": self.rule,
            "change": self.change,
            "side": self.side.value,
        }


RULE_SEEDS: dict[str, str] = {  # the seed's sentences (French), translated where shown
    "run_one_own": M_(
        "-1 carte s'il y a une seule carte attaquante de sa maison (paire ou impaire) et 2 de "
        "l'autre"
    ),
    "run_two_own": M_(
        "-2 cartes s'il y a 2 cartes attaquantes de sa maison et une seule de l'autre"
    ),
    "run_third_player": M_(
        "Le 3ème joueur n'aura pas de point de vie, il n'aura pas les bonus de parité, mais pas "
        "non plus les malus."
    ),
    "weapon_other": M_("-1 carte si l'arme est de l'autre maison"),
    "weapon_own": M_("-2 cartes si l'arme est de sa maison"),
    "weapons_both": M_("-3 cartes s'il y a les 2 armes (10 et 11)"),
    "weapon_third_player": M_("il n'aura pas les bonus de parité, mais pas non plus les malus"),
    "animal_other": M_(
        "Même calcul des points que pour les armes. (-1 carte si l'animal est de l'autre maison)"
    ),
    "animal_own": M_(
        "Même calcul des points que pour les armes. (-2 cartes si l'animal est de sa maison)"
    ),
    "animals_both": M_(
        "Même calcul des points que pour les armes. (-3 cartes s'il y a les 2 animaux, 15 et 18)"
    ),
    "animal_third_player": M_("il n'aura pas les bonus de parité, mais pas non plus les malus"),
    "support_own": M_("-2 avec 2 cartes qui se suivent"),
    "support_alone": M_("-2 points pour camps nature si 1 carte"),
    "supports_both": M_("-3 cartes si les 2 soutiens 4 et 6 sont posés ensemble"),
    "support_foreign": M_(
        "0 cartes si cette carte est utilisé par l'autre maison (y compris lors des assemblages de "
        "3 cartes)"
    ),
    "heal_other": M_("+1 point pour le camp qui joue si carte de la parité adverse"),
    "heal_own": M_("+2 points si carte de sa parité"),
}

#: The change in life each rule makes: negative, life cards the attacked house loses; positive,
#: life cards the healed house wins back. The printed cards and reference sheets read it here.
CHANGES: dict[str, int] = {
    "run_one_own": -1,
    "run_two_own": -2,
    "run_third_player": -1,
    "weapon_other": -1,
    "weapon_own": -2,
    "weapons_both": -3,
    "weapon_third_player": -1,
    "animal_other": -1,
    "animal_own": -2,
    "animals_both": -3,
    "animal_third_player": -1,
    "support_own": -2,
    "support_alone": -2,
    "supports_both": -3,
    "support_foreign": 0,
    "heal_other": 1,
    "heal_own": 2,
}

_PAIR_KINDS: tuple[Role, ...] = (
    Role.WEAPON,
    Role.SUPPORT_ANIMAL,
    Role.CIVILISATION_SUPPORT,
    Role.NATURE_SUPPORT,
)
_NAMES_OF_KIND = {Role.WEAPON: "weapon", Role.SUPPORT_ANIMAL: "animal"}


class InvalidCombination(Refusal):
    """The cards do not make a combination; the reason says why."""


def _check_cards(cards: tuple[int, ...]) -> tuple[int, ...]:
    if not 1 <= len(cards) <= 3:
        raise InvalidCombination(Why.CARD_COUNT, {"count": len(cards)})
    for card in cards:
        if not FIRST <= card <= LAST:
            raise InvalidCombination(Why.NO_SUCH_CARD, {"card": card})
    for card in cards:
        if cards.count(card) > 1:
            raise InvalidCombination(Why.CARD_TWICE, {"card": card})
    for card in cards:
        if role_of(card) is Role.LIFE:
            raise InvalidCombination(Why.LIFE_CARD, {"card": CardLabel(card)})
    return tuple(sorted(cards))


def _consecutive(cards: tuple[int, ...]) -> bool:
    return all(b == a + 1 for a, b in itertools.pairwise(cards))


def _kind_pair(cards: tuple[int, ...]) -> Role | None:
    """The kind whose two cards these are (10+11, 15+18, 4+6, 7+9), if any."""
    for role in _PAIR_KINDS:
        if tuple(sorted(cards)) == ROLE_CARDS[role]:
            return role
    return None


def _foreign_supports(cards: tuple[int, ...], player: Player) -> list[int]:
    if player.is_third:
        return []
    return [
        c for c in cards if role_of(c) in SUPPORT_OF and SUPPORT_OF[role_of(c)] is not player.house
    ]


def _victim(player: Player) -> House:
    """The house an attack hits: the other house, or the third player's target."""
    victim = player.target if player.house is None else player.house.other
    assert victim is not None  # Player.__post_init__ refuses a third player without a target
    return victim


def _attack(cards: tuple[int, ...], player: Player, rule: str, reason: Reason) -> Outcome:
    return Outcome(cards, "attack", rule, CHANGES[rule], _victim(player), reason)


def _special_readings(cards: tuple[int, ...], player: Player) -> list[Outcome]:
    """Attack readings from the special cards in ``cards`` (no run, no foreign support)."""
    readings: list[Outcome] = []
    for role in _PAIR_KINDS:
        both = ROLE_CARDS[role]
        present = [c for c in cards if c in both]
        if not present:
            continue
        if role in SUPPORT_OF:
            if player.is_third or SUPPORT_OF[role] is not player.house:
                continue  # a support only serves its house; the third player has none
            if len(present) == 2:
                reason = Reason("both_supports", pair=both, house=player.house)
                readings.append(_attack(cards, player, "supports_both", reason))
            else:
                reason = Reason("own_support", card=present[0])
                readings.append(_attack(cards, player, "support_own", reason))
            continue
        name = _NAMES_OF_KIND[role]
        if len(present) == 2:
            reason = Reason("both_of_kind", pair=both, role=role)
            readings.append(_attack(cards, player, f"{name}s_both", reason))
        elif player.is_third:
            reason = Reason("kind_third", card=present[0], role=role)
            readings.append(_attack(cards, player, f"{name}_third_player", reason))
        elif player.owns(present[0]):
            reason = Reason("kind_own", card=present[0], role=role)
            readings.append(_attack(cards, player, f"{name}_own", reason))
        else:
            reason = Reason("kind_other", card=present[0], role=role)
            readings.append(_attack(cards, player, f"{name}_other", reason))
    return readings


def _strongest(readings: list[Outcome]) -> Outcome:
    """The most damaging reading; the seed never adds two rules ("pas plus de points")."""
    return min(readings, key=lambda o: o.change)  # min is stable: first listed wins ties


def _heal_reading(cards: tuple[int, ...], player: Player) -> Outcome | None:
    healers = [c for c in cards if role_of(c) is Role.HEALING]
    if not healers or player.is_third or not _consecutive(cards):
        return None
    card = healers[0]
    house = player.house
    assert house is not None
    rule, kind = ("heal_own", "heals_own") if player.owns(card) else ("heal_other", "heals_other")
    return Outcome(cards, "heal", rule, CHANGES[rule], house, Reason(kind, card=card))


def _run(cards: tuple[int, ...], player: Player, rules: Rules) -> Outcome:
    foreign = _foreign_supports(cards, player)
    if foreign and rules.foreign_support_in_run is ForeignSupport.CANCELS:
        reason = Reason("foreign_support_in_run", card=foreign[0])
        return _attack(cards, player, "support_foreign", reason)
    readings = [r for r in _special_readings(cards, player) if r.change == -3]
    if player.is_third:
        readings.append(_attack(cards, player, "run_third_player", Reason("run_third")))
    else:
        own = sum(1 for c in cards if player.owns(c))
        rule = "run_two_own" if own == 2 else "run_one_own"
        readings.append(_attack(cards, player, rule, Reason("run_parity", own=own)))
    if rules.runs is RunScoring.BEST:
        readings.extend(r for r in _special_readings(cards, player))
    return _strongest(readings)


def _pair(cards: tuple[int, ...], player: Player, rules: Rules) -> list[Outcome]:
    a, b = cards
    kind = _kind_pair(cards)
    if not _consecutive(cards):
        if kind is None:
            raise InvalidCombination(Why.NOT_CONSECUTIVE, {"a": a, "b": b, "next": a + 1})
        if rules.pairs is PairRule.CONSECUTIVE:
            raise InvalidCombination(Why.PAIRS_MUST_FOLLOW, {"a": a, "b": b})
        if player.is_third and kind in SUPPORT_OF:
            raise InvalidCombination(Why.THIRD_NO_SUPPORT, {"a": a, "b": b})
    foreign = _foreign_supports(cards, player)
    if foreign:
        reason = Reason("foreign_support", card=foreign[0])
        return [_attack(cards, player, "support_foreign", reason)]
    outcomes: list[Outcome] = []
    readings = _special_readings(cards, player)
    if readings:
        outcomes.append(_strongest(readings))
    heal = _heal_reading(cards, player)
    if heal is not None:
        outcomes.append(heal)
    if not outcomes:
        if player.is_third and any(role_of(c) is Role.HEALING for c in cards):
            raise InvalidCombination(Why.THIRD_NO_LIFE, {"a": a, "b": b})
        if player.is_third:
            raise InvalidCombination(Why.THIRD_NO_WEAPON, {"a": a, "b": b})
        raise InvalidCombination(
            Why.NO_SPECIAL_CARD, {"a": a, "b": b, "supports": _own_supports(player)}
        )
    return outcomes


def _own_supports(player: Player) -> str:
    return "4, 6" if player.house is House.EVEN else "7, 9"


def _single(cards: tuple[int, ...], player: Player, rules: Rules) -> list[Outcome]:
    (card,) = cards
    role = role_of(card)
    if not rules.support_alone:
        raise InvalidCombination(Why.ONE_CARD)
    if player.is_third or role not in SUPPORT_OF or SUPPORT_OF[role] is not player.house:
        raise InvalidCombination(
            Why.NOT_ALONE, {"card": CardLabel(card), "supports": _own_supports(player)}
        )
    reason = Reason("support_alone", card=card)
    return [_attack(cards, player, "support_alone", reason)]


def readings(
    cards: tuple[int, ...] | list[int], player: Player, rules: Rules = Rules()
) -> list[Outcome]:
    """Every way the combination can count (an attack, a healing, or both), or
    InvalidCombination."""
    ordered = _check_cards(tuple(cards))
    if len(ordered) == 3:
        if not _consecutive(ordered):
            raise InvalidCombination(Why.RUN_NOT_CONSECUTIVE, {"cards": Cards(ordered, ", ")})
        return [_run(ordered, player, rules)]
    if len(ordered) == 2:
        return _pair(ordered, player, rules)
    return _single(ordered, player, rules)


def evaluate(
    cards: tuple[int, ...] | list[int],
    player: Player,
    rules: Rules = Rules(),
    intent: Intent = Intent.AUTO,
) -> Outcome:
    """The one reading the player asks for: an attack when possible unless ``intent`` is HEAL."""
    found = readings(cards, player, rules)
    if intent is Intent.AUTO:
        return found[0]
    wanted = "attack" if intent is Intent.ATTACK else "heal"
    for outcome in found:
        if outcome.effect == wanted:
            return outcome
    shown = Cards(tuple(sorted(cards)))
    why = Why.CANNOT_HEAL if wanted == "heal" else Why.CANNOT_ATTACK
    raise InvalidCombination(why, {"cards": shown})


def life_after(life: int, outcome: Outcome) -> int:
    """The life of ``outcome.side`` after the play: never below 0 nor above its 8 life cards."""
    if not 0 <= life <= LIFE_PER_HOUSE:
        raise Refusal(Why.LIFE_IMPOSSIBLE, {"life": life, "most": LIFE_PER_HOUSE})
    return max(0, min(LIFE_PER_HOUSE, life + outcome.change))


@dataclass(frozen=True)
class PlayResult:
    """A combination laid (what the calculator answers): the reading asked for, the other
    readings, and the life of the house it changes, before and after when given."""

    player: Player
    seat: int | None
    chosen: Outcome
    alternatives: tuple[Outcome, ...]
    life_before: int | None = None
    life_after: int | None = None

    @property
    def shared_by_seats(self) -> tuple[int, ...]:
        return seats_sharing(self.player.players, self.chosen.side)

    def to_json(self) -> dict[str, object]:
        chosen = self.chosen
        return {
            "cards": list(chosen.cards),
            "players": self.player.players,
            "house": self.player.house.value if self.player.house else None,
            "seat": self.seat,
            "effect": chosen.effect,
            "rule": chosen.rule,
            "seed": chosen.seed,
            "change": chosen.change,
            "side": chosen.side.value,
            "shared_by_seats": list(self.shared_by_seats),
            "life_before": self.life_before,
            "life_after": self.life_after,
            "explanation": chosen.explanation,
            "alternatives": [outcome.to_json() for outcome in self.alternatives],
        }


def play(
    cards: tuple[int, ...] | list[int],
    player: Player,
    rules: Rules = Rules(),
    intent: Intent = Intent.AUTO,
    seat: int | None = None,
    life: int | None = None,
) -> PlayResult:
    """Evaluate ``cards`` as ``intent`` asks, with the other readings and the life after."""
    chosen = evaluate(cards, player, rules, intent)
    others = tuple(o for o in readings(cards, player, rules) if o != chosen)
    after = None if life is None else life_after(life, chosen)
    return PlayResult(player, seat, chosen, others, life, after)
