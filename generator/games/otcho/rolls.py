"""Classify a roll of the two Neo Otcho dice: its kind, the slots it opens, its probability.

Every kind of roll of the seed rules (docs/rules/otcho.md) is one :class:`RollKind`. The
probabilities are exact fractions over the 36 equally likely ordered outcomes of two dice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from itertools import product

from generator.core.i18n import M_, _, ngettext, number, speaking
from generator.core.refusal import Refusal
from generator.games.otcho.faces import FACES, SLOTS, Face
from generator.games.otcho.refusals import Why

OUTCOMES = len(FACES) ** 2  # the equally likely ordered outcomes of two dice


class RollKind(Enum):
    """The seven kinds of roll, in the order of the seed rules."""

    PAIR_X = "pair-of-x"
    PAIR_STAR = "pair-of-stars"
    TWO_LETTERS = "two-different-letters"
    X_AND_LETTER = "x-and-letter"
    SAME_LETTERS = "two-identical-letters"
    STAR_AND_LETTER = "star-and-letter"
    X_AND_STAR = "x-and-star"


@dataclass(frozen=True)
class KindInfo:
    """How a kind of roll is named and what it allows. The name is the rules' French one (as
    printed on the aid, and in the JSON), translated where it is said: ``P_(language, name)``."""

    kind: RollKind
    name: str  # French, as on the rules aid
    pawns: int  # pawns placed or removed; 0 = losing roll

    @property
    def losing(self) -> bool:
        return self.pawns == 0


KINDS: dict[RollKind, KindInfo] = {
    info.kind: info
    for info in (
        KindInfo(RollKind.PAIR_X, M_("Paire de X"), 1),
        KindInfo(RollKind.PAIR_STAR, M_("Paire d’étoiles"), 2),
        KindInfo(RollKind.TWO_LETTERS, M_("Deux lettres différentes"), 1),
        KindInfo(RollKind.X_AND_LETTER, M_("X et une lettre"), 1),
        KindInfo(RollKind.SAME_LETTERS, M_("Deux lettres identiques"), 0),
        KindInfo(RollKind.STAR_AND_LETTER, M_("Étoile et une lettre"), 0),
        KindInfo(RollKind.X_AND_STAR, M_("X et étoile"), 0),
    )
}


class Stage(Enum):
    """When in the turn the roll was made: it decides what a losing roll costs."""

    FIRST = "first"  # the turn's first roll: may be re-rolled once if the player is not satisfied
    REROLL = "reroll"  # the one re-roll of the first roll: must be kept
    CONTINUATION = "continuation"  # rolled again after playing: kept; losing costs two pawns


#: The own pawns a losing continuation roll costs by the seed (« il doit enlever 2 jetons »).
SEED_PENALTY = 2
#: A house penalty's bounds, in own pawns: none at all to a whole card's six slots.
PENALTY_RANGE = (0, 6)


@dataclass(frozen=True)
class RollRules:
    """The options of docs/rules/otcho.md.

    ``x_letter_any_card``: "X et lettre" opens the slot on any card (the seed says "de sa carte":
    own card only, the default). ``penalty_pawns``: what a losing continuation roll costs.
    """

    x_letter_any_card: bool = False
    penalty_pawns: int = SEED_PENALTY


def check_penalty(pawns: int) -> int:
    """``pawns`` if it is a sensible house penalty (:data:`PENALTY_RANGE`), else a refusal."""
    low, high = PENALTY_RANGE
    if not low <= pawns <= high:
        raise Refusal(Why.PENALTY, {"pawns": pawns})
    return pawns


@dataclass(frozen=True)
class Roll:
    """Two faces, in the order rolled (the classification does not depend on it)."""

    first: Face
    second: Face

    @property
    def faces(self) -> tuple[Face, Face]:
        return (self.first, self.second)

    def __str__(self) -> str:
        return f"{self.first} {self.second}"


@dataclass(frozen=True)
class Verdict:
    """What a roll allows: kind, slots, where, how many pawns, probability, what comes next."""

    roll: Roll
    kind: RollKind
    name: str
    pawns: int  # pawns to place or remove (0: losing roll)
    slots: tuple[str, ...]  # slots the roll opens (empty for a losing roll)
    any_card: bool  # True: on any player's card; False: on the roller's own card only
    probability: Fraction  # of this very roll (both orders), over 36 outcomes
    kind_probability: Fraction  # of any roll of this kind
    stage: Stage
    penalty_pawns: int  # own pawns the roller must remove (a losing continuation roll)
    rules: RollRules = RollRules()

    @property
    def losing(self) -> bool:
        return self.pawns == 0

    @property
    def next_step(self) -> str:
        """What the roller does next, in the command line's language."""
        return next_step(self.losing, self.stage, self.rules)

    def to_json(self) -> dict[str, object]:
        """The verdict as JSON: codes, and its sentence in English whatever the language
        spoken (the JSON is the same in every language)."""
        with speaking("en"):
            return self._json()

    def _json(self) -> dict[str, object]:
        return {
            "roll": [f.value for f in self.roll.faces],
            "kind": self.kind.value,
            "name": self.name,
            "losing": self.losing,
            "pawns": self.pawns,
            "slots": list(self.slots),
            "card": None if self.losing else ("any" if self.any_card else "own"),
            "probability": _fraction_json(self.probability),
            "kind_probability": _fraction_json(self.kind_probability),
            "stage": self.stage.value,
            "penalty_pawns": self.penalty_pawns,
            "next_step": self.next_step,
        }


def _fraction_json(value: Fraction) -> dict[str, object]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}


def kind_of(first: Face, second: Face) -> RollKind:
    """The kind of a roll (order does not matter)."""
    pair = {first, second}
    if first == second:
        if first is Face.X:
            return RollKind.PAIR_X
        if first is Face.STAR:
            return RollKind.PAIR_STAR
        return RollKind.SAME_LETTERS
    if pair == {Face.X, Face.STAR}:
        return RollKind.X_AND_STAR
    if Face.STAR in pair:
        return RollKind.STAR_AND_LETTER
    if Face.X in pair:
        return RollKind.X_AND_LETTER
    return RollKind.TWO_LETTERS


def opened_slots(first: Face, second: Face) -> tuple[str, ...]:
    """The slots a roll opens, in card order (ab, ac, ad, bc, bd, cd)."""
    kind = kind_of(first, second)
    if kind in (RollKind.PAIR_X, RollKind.PAIR_STAR):
        return SLOTS
    if kind is RollKind.TWO_LETTERS:
        return tuple(s for s in SLOTS if set(s) == {first.value, second.value})
    if kind is RollKind.X_AND_LETTER:
        letter = first if first.is_letter else second
        return tuple(s for s in SLOTS if letter.value in s)
    return ()


def all_outcomes() -> tuple[Roll, ...]:
    """The 36 equally likely ordered outcomes of two dice."""
    return tuple(Roll(a, b) for a, b in product(FACES, FACES))


@cache
def kind_probabilities() -> dict[RollKind, Fraction]:
    """The exact probability of each kind of roll, counted over the 36 outcomes."""
    counts = Counter(kind_of(r.first, r.second) for r in all_outcomes())
    return {kind: Fraction(counts[kind], OUTCOMES) for kind in RollKind}


def roll_probability(first: Face, second: Face) -> Fraction:
    """The probability of this unordered roll: 1/36 for a double, 2/36 otherwise."""
    return Fraction(1 if first == second else 2, OUTCOMES)


def slot_probability(slot: str, rules: RollRules = RollRules(), own_card: bool = True) -> Fraction:
    """The probability that one roll lets the roller play ``slot`` on their own card (or, with
    ``own_card=False``, on another player's card)."""
    if slot not in SLOTS:
        raise ValueError(f"unknown slot {slot!r}")
    hits = 0
    for roll in all_outcomes():
        kind = kind_of(roll.first, roll.second)
        if kind is RollKind.X_AND_LETTER and not own_card and not rules.x_letter_any_card:
            continue
        if slot in opened_slots(roll.first, roll.second):
            hits += 1
    return Fraction(hits, OUTCOMES)


def next_step(losing: bool, stage: Stage, rules: RollRules) -> str:
    """What the roller does after a roll, in the command line's language."""
    n = rules.penalty_pawns
    if losing:
        if stage is Stage.FIRST:
            return _(
                "losing roll: you may re-roll both dice once; if that roll loses too, your turn "
                "ends"
            )
        if stage is Stage.REROLL:
            return _("losing roll: your turn ends, pass the dice to your left")
        if n == 0:
            return _("losing roll: your turn ends (no penalty under this house rule)")
        return ngettext(
            "losing roll: remove one of your own pawns (from any cards), then your turn ends",
            "losing roll: remove {n} of your own pawns (from any cards), then your turn ends",
            n,
        ).format(n=number(n))
    if stage is Stage.FIRST:
        advice = _(
            "play it, or re-roll both dice once if you are not satisfied; after playing, "
            "pass the dice or roll again"
        )
    else:
        advice = _("play it; then pass the dice to your left or roll again")
    if n == 0:
        return advice
    # TRANSLATORS: {advice} is one of the "play it…" sentences; the brackets say the cost.
    cost = ngettext("one of your pawns", "{n} of your pawns", n).format(n=number(n))
    return _("{advice} (a losing roll then costs {cost})").format(advice=advice, cost=cost)


def losing_penalty(losing: bool, stage: Stage, rules: RollRules) -> int:
    """The own pawns a roll costs: the house penalty for a losing continuation roll, else 0."""
    return rules.penalty_pawns if losing and stage is Stage.CONTINUATION else 0


def classify(
    first: Face, second: Face, rules: RollRules = RollRules(), stage: Stage = Stage.FIRST
) -> Verdict:
    """Everything a roll of ``first`` and ``second`` allows under ``rules`` at ``stage``."""
    kind = kind_of(first, second)
    info = KINDS[kind]
    any_card = kind is not RollKind.X_AND_LETTER or rules.x_letter_any_card
    return Verdict(
        roll=Roll(first, second),
        kind=kind,
        name=info.name,
        pawns=info.pawns,
        slots=opened_slots(first, second),
        any_card=any_card and not info.losing,
        probability=roll_probability(first, second),
        kind_probability=kind_probabilities()[kind],
        stage=stage,
        penalty_pawns=losing_penalty(info.losing, stage, rules),
        rules=rules,
    )


def losing_probability() -> Fraction:
    """The probability that one roll is a losing roll."""
    probs = kind_probabilities()
    return sum((probs[k] for k, info in KINDS.items() if info.losing), Fraction(0))


__all__ = [
    "KINDS",
    "PENALTY_RANGE",
    "SEED_PENALTY",
    "KindInfo",
    "Roll",
    "RollKind",
    "RollRules",
    "Stage",
    "Verdict",
    "all_outcomes",
    "check_penalty",
    "classify",
    "kind_of",
    "kind_probabilities",
    "losing_penalty",
    "losing_probability",
    "next_step",
    "opened_slots",
    "roll_probability",
    "slot_probability",
]
