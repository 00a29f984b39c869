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

from generator.core.errors import UserError
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
from generator.games.territoires.lenormand import FIRST, LAST, lenormand


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
        """Resolve ``--players/--seat/--house/--target`` into a player, or a UserError."""
        setup_for(players)
        if seat is not None:
            seat_of_house = seat_house(players, seat)
            if seat_of_house is None:
                if house is not None:
                    raise UserError(
                        "the third player of three has no house; drop --house and name the house "
                        "he attacks with --target"
                    )
                if target is None:
                    raise UserError(
                        "the third player of three has no life and no house; name the house he "
                        "attacks with --target even|odd"
                    )
                return cls(players, None, target)
            if house is not None and house is not seat_of_house:
                raise UserError(
                    f"seat {seat} plays the {seat_of_house.value} house, not the {house.value} "
                    "one; drop --house or --seat, or fix one of them"
                )
            house = seat_of_house
        if house is None:
            raise UserError("say whose turn it is: pass --house even|odd (or --seat N)")
        if target is not None:
            raise UserError(
                "--target is for the third player of three (--players 3 --seat 3); a house always "
                "attacks the other one"
            )
        return cls(players, house, None)

    @property
    def is_third(self) -> bool:
        return self.house is None

    def owns(self, card: int) -> bool:
        return self.house is not None and house_of(card) is self.house


@dataclass(frozen=True)
class Outcome:
    cards: tuple[int, ...]
    effect: str  # "attack" or "heal"
    rule: str  # stable identifier, listed in RULE_SEEDS
    change: int  # life cards: negative lost, positive won back
    side: House  # the house whose life changes
    explanation: str

    @property
    def seed(self) -> str:
        return RULE_SEEDS[self.rule]

    def to_json(self) -> dict[str, object]:
        return {
            "effect": self.effect,
            "rule": self.rule,
            "change": self.change,
            "side": self.side.value,
        }


RULE_SEEDS: dict[str, str] = {
    "run_one_own": (
        "-1 carte s'il y a une seule carte attaquante de sa maison (paire ou impaire) et 2 de "
        "l'autre"
    ),
    "run_two_own": "-2 cartes s'il y a 2 cartes attaquantes de sa maison et une seule de l'autre",
    "run_third_player": (
        "Le 3ème joueur n'aura pas de point de vie, il n'aura pas les bonus de parité, mais pas "
        "non plus les malus."
    ),
    "weapon_other": "-1 carte si l'arme est de l'autre maison",
    "weapon_own": "-2 cartes si l'arme est de sa maison",
    "weapons_both": "-3 cartes s'il y a les 2 armes (10 et 11)",
    "weapon_third_player": "il n'aura pas les bonus de parité, mais pas non plus les malus",
    "animal_other": (
        "Même calcul des points que pour les armes. (-1 carte si l'animal est de l'autre maison)"
    ),
    "animal_own": (
        "Même calcul des points que pour les armes. (-2 cartes si l'animal est de sa maison)"
    ),
    "animals_both": (
        "Même calcul des points que pour les armes. (-3 cartes s'il y a les 2 animaux, 15 et 18)"
    ),
    "animal_third_player": "il n'aura pas les bonus de parité, mais pas non plus les malus",
    "support_own": "-2 avec 2 cartes qui se suivent",
    "support_alone": "-2 points pour camps nature si 1 carte",
    "supports_both": "-3 cartes si les 2 soutiens 4 et 6 sont posés ensemble",
    "support_foreign": (
        "0 cartes si cette carte est utilisé par l'autre maison (y compris lors des assemblages de "
        "3 cartes)"
    ),
    "heal_other": "+1 point pour le camp qui joue si carte de la parité adverse",
    "heal_own": "+2 points si carte de sa parité",
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
_SPOKEN_KIND = {"weapon": "weapon", "animal": "support animal"}


class InvalidCombination(UserError):
    """The cards do not make a combination; the message says why."""


def _label(card: int) -> str:
    return f"{card} {lenormand(card).name}"


def _check_cards(cards: tuple[int, ...]) -> tuple[int, ...]:
    if not 1 <= len(cards) <= 3:
        raise InvalidCombination(
            f"{len(cards)} cards given; a combination is 2 or 3 cards (1 only with --support-alone)"
        )
    for card in cards:
        if not FIRST <= card <= LAST:
            raise InvalidCombination(
                f"card {card} does not exist; a Lenormand deck has cards 1 to 36"
            )
    for card in cards:
        if cards.count(card) > 1:
            raise InvalidCombination(f"card {card} is given twice; each card is in the deck once")
    for card in cards:
        if role_of(card) is Role.LIFE:
            raise InvalidCombination(
                f"card {_label(card)} is a life card (21 to 36 count life); only cards 1 to 20 are "
                "played"
            )
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


def _attack(cards: tuple[int, ...], player: Player, rule: str, why: str) -> Outcome:
    victim = _victim(player)
    change = CHANGES[rule]
    lost = (
        f"the {victim.value} house ({victim.french}) loses {-change} life "
        f"card{'s' if -change > 1 else ''}"
        if change
        else f"the {victim.value} house ({victim.french}) loses nothing"
    )
    return Outcome(cards, "attack", rule, change, victim, f"{why}: {lost}")


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
                readings.append(
                    _attack(
                        cards,
                        player,
                        "supports_both",
                        f"both {player.house.french} supports {both[0]} and {both[1]} laid "
                        "together",
                    )
                )
            else:
                readings.append(
                    _attack(
                        cards, player, "support_own", f"{_label(present[0])} supports your house"
                    )
                )
            continue
        name = _NAMES_OF_KIND[role]
        if len(present) == 2:
            readings.append(
                _attack(
                    cards,
                    player,
                    f"{name}s_both",
                    f"both {_SPOKEN_KIND[name]}s {both[0]} and {both[1]}",
                )
            )
        elif player.is_third:
            readings.append(
                _attack(
                    cards,
                    player,
                    f"{name}_third_player",
                    f"{_label(present[0])} is a {_SPOKEN_KIND[name]}; the third player has no "
                    "parity bonus or malus",
                )
            )
        elif player.owns(present[0]):
            readings.append(
                _attack(
                    cards,
                    player,
                    f"{name}_own",
                    f"{_label(present[0])} is a {_SPOKEN_KIND[name]} of your house "
                    f"({house_of(present[0]).value})",
                )
            )
        else:
            readings.append(
                _attack(
                    cards,
                    player,
                    f"{name}_other",
                    f"{_label(present[0])} is a {_SPOKEN_KIND[name]} of the other house "
                    f"({house_of(present[0]).value})",
                )
            )
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
    if player.owns(card):
        change = CHANGES["heal_own"]
        return Outcome(
            cards,
            "heal",
            "heal_own",
            change,
            house,
            f"{_label(card)} heals and has your parity: the {house.value} house wins back "
            f"{_life_cards(change)}",
        )
    change = CHANGES["heal_other"]
    return Outcome(
        cards,
        "heal",
        "heal_other",
        change,
        house,
        f"{_label(card)} heals with the other house's parity: the {house.value} house wins back "
        f"{_life_cards(change)}",
    )


def _life_cards(count: int) -> str:
    return f"{count} life card{'s' if count > 1 else ''}"


def _run(cards: tuple[int, ...], player: Player, rules: Rules) -> Outcome:
    foreign = _foreign_supports(cards, player)
    if foreign and rules.foreign_support_in_run is ForeignSupport.CANCELS:
        return _attack(
            cards,
            player,
            "support_foreign",
            f"{_label(foreign[0])} supports the other house, even inside a run of three",
        )
    readings = [r for r in _special_readings(cards, player) if r.change == -3]
    if player.is_third:
        readings.append(
            _attack(
                cards,
                player,
                "run_third_player",
                "a run of three; the third player has no parity bonus or malus",
            )
        )
    else:
        own = sum(1 for c in cards if player.owns(c))
        rule = "run_two_own" if own == 2 else "run_one_own"
        readings.append(
            _attack(
                cards,
                player,
                rule,
                f"a run of three with {own} card{'s' if own > 1 else ''} of your parity",
            )
        )
    if rules.runs is RunScoring.BEST:
        readings.extend(r for r in _special_readings(cards, player))
    return _strongest(readings)


def _pair(cards: tuple[int, ...], player: Player, rules: Rules) -> list[Outcome]:
    a, b = cards
    kind = _kind_pair(cards)
    if not _consecutive(cards):
        if kind is None:
            raise InvalidCombination(
                f"{a} and {b} do not follow each other; a pair needs consecutive values, e.g. {a} "
                f"{a + 1}"
            )
        if rules.pairs is PairRule.CONSECUTIVE:
            raise InvalidCombination(
                f"{a} and {b} do not follow each other and the rule --pairs consecutive is on; lay "
                "them in a run of three or drop that option"
            )
        if player.is_third and kind in SUPPORT_OF:
            raise InvalidCombination(
                f"{a} and {b} do not follow each other and supports serve a house only; the third "
                "player has none"
            )
    foreign = _foreign_supports(cards, player)
    if foreign:
        return [
            _attack(
                cards, player, "support_foreign", f"{_label(foreign[0])} supports the other house"
            )
        ]
    outcomes: list[Outcome] = []
    readings = _special_readings(cards, player)
    if readings:
        outcomes.append(_strongest(readings))
    heal = _heal_reading(cards, player)
    if heal is not None:
        outcomes.append(heal)
    if not outcomes:
        if player.is_third and any(role_of(c) is Role.HEALING for c in cards):
            raise InvalidCombination(
                f"{a} {b}: the third player of three has no life to heal and the pair has no "
                "weapon or support animal"
            )
        if player.is_third:
            raise InvalidCombination(
                f"{a} {b} has no weapon (10, 11) or support animal (15, 18); the third player "
                "needs one to attack with two cards"
            )
        raise InvalidCombination(
            f"{a} {b} has no special card; a pair needs a weapon (10, 11), a support animal (15, "
            f"18), a support of your house ({_own_supports(player)}) or a healing card (13, 16)"
        )
    return outcomes


def _own_supports(player: Player) -> str:
    return "4, 6" if player.house is House.EVEN else "7, 9"


def _single(cards: tuple[int, ...], player: Player, rules: Rules) -> list[Outcome]:
    (card,) = cards
    role = role_of(card)
    if not rules.support_alone:
        raise InvalidCombination(
            "1 card given; a combination is 2 or 3 cards (a support alone counts only with "
            "--support-alone)"
        )
    if player.is_third or role not in SUPPORT_OF or SUPPORT_OF[role] is not player.house:
        raise InvalidCombination(
            f"{_label(card)} alone is not a combination; only a support of your house "
            f"({_own_supports(player)}) may be laid alone"
        )
    return [
        _attack(cards, player, "support_alone", f"{_label(card)} supports your house, laid alone")
    ]


def readings(
    cards: tuple[int, ...] | list[int], player: Player, rules: Rules = Rules()
) -> list[Outcome]:
    """Every way the combination can count (an attack, a healing, or both), or
    InvalidCombination."""
    ordered = _check_cards(tuple(cards))
    if len(ordered) == 3:
        if not _consecutive(ordered):
            shown = ", ".join(map(str, ordered))
            raise InvalidCombination(
                f"{shown} are not three consecutive values; a run of three needs values that "
                "follow each other, e.g. 7 8 9"
            )
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
    shown = " ".join(map(str, sorted(cards)))
    if wanted == "heal":
        raise InvalidCombination(
            f"{shown} cannot heal: healing needs 13 or 16 with a card next to it, laid by a player "
            "with life"
        )
    raise InvalidCombination(f"{shown} cannot attack; it only heals (drop --as attack)")


def life_after(life: int, outcome: Outcome) -> int:
    """The life of ``outcome.side`` after the play: never below 0 nor above its 8 life cards."""
    if not 0 <= life <= LIFE_PER_HOUSE:
        raise UserError(
            f"life {life} is impossible; a house has 0 to {LIFE_PER_HOUSE} life cards, pass --life "
            f"0 to {LIFE_PER_HOUSE}"
        )
    return max(0, min(LIFE_PER_HOUSE, life + outcome.change))


@dataclass(frozen=True)
class PlayResult:
    """A combination laid (``pnp territoires attack``): the reading asked for, the other
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
