"""The rule variants a front-end offers for each game: the choices the seed leaves open (see
docs/rules/*.md), each with its name, its values and the seed's own value, said once.

A :class:`Variant` takes its values from its game's rules (``OCCUPIED_CHOICES``,
``PENALTY_RANGE``, ``RACE_LENGTHS``, the scoring readings): no number is written twice. Its
``label``, ``effect`` and choices' labels are English, marked for the ``pnp`` catalog (a
front-end says them in its language). :func:`choose` checks what a user sent and keeps the
values that differ from the seed's; :func:`oie_rules`, :func:`otcho_rules` and
:func:`pronostiques_rules` turn the chosen values into the rules objects the products print.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import unique
from typing import Literal, TypeAlias

from generator.core.i18n import N_
from generator.core.refusal import Reason, Refusal, Sentence
from generator.games.oie.rules import OCCUPIED_CHOICES, OCCUPIED_RETURN, OCCUPIED_SWAP, Rules
from generator.games.otcho.rolls import PENALTY_RANGE, RollRules
from generator.games.pronostiques.piles import RACE_LENGTHS, PileRules
from generator.games.pronostiques.scoring import PairBonus, ScoreRules, ThreeInARow

Value: TypeAlias = str | int | bool
#: Chosen variants as a record keeps them: (name, value) pairs, sorted by name.
Chosen: TypeAlias = tuple[tuple[str, Value], ...]


@unique
class Why(Reason):
    """The reasons a choice of variants is refused."""

    UNKNOWN = (
        "unknown-variant",
        Sentence(N_("unknown rule variant {name!r}; the variants are {names}")),
    )
    NONE = ("no-variants", Sentence(N_("{game} has no rule variants")))
    CHOICE = ("variant-choice", Sentence(N_("{name} must be one of {choices}")))
    RANGE = ("variant-range", Sentence(N_("{name} must be a whole number from {low} to {high}")))
    FLAG = ("variant-flag", Sentence(N_("{name} must be true or false")))


@dataclass(frozen=True)
class Variant:
    """One rule the seed leaves open: a choice among ``choices``, a whole number from ``low``
    to ``high``, or a yes/no (``default`` a bool)."""

    game: str  # the game's key
    name: str  # the key a request sends: "laps"
    label: str  # what it is (English, N_)
    effect: str  # one line: what choosing it changes in the printed material (English, N_)
    default: Value  # the seed's rule
    choices: tuple[Value, ...] = ()
    choice_labels: tuple[str, ...] = ()  # one per choice (English, N_; "{value}": the choice)
    low: int | None = None
    high: int | None = None
    rules: str = ""  # the page of docs/rules/ that reads it

    @property
    def kind(self) -> Literal["choice", "number", "flag"]:
        if isinstance(self.default, bool):
            return "flag"
        return "number" if self.low is not None else "choice"

    def check(self, value: object) -> Value:
        """``value`` if this variant takes it (of the default's JSON type: 10, not "10"), else
        a refusal naming the variant and what it takes."""
        if self.kind == "flag":
            if not isinstance(value, bool):
                raise Refusal(Why.FLAG, {"name": self.name})
            return value
        if self.kind == "number":
            low, high = self.low, self.high
            assert low is not None and high is not None
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise Refusal(Why.RANGE, {"name": self.name, "low": low, "high": high})
            return value
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise Refusal(Why.CHOICE, {"name": self.name, "choices": tuple(map(str, self.choices))})


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "oie",
        "occupied",
        N_("Occupied square"),
        N_("What a goose landing on another one does; the board's rules panel prints it."),
        default=Rules().occupied,
        choices=OCCUPIED_CHOICES,
        choice_labels=tuple(
            {
                OCCUPIED_SWAP: N_("Swap places, both pay"),
                OCCUPIED_RETURN: N_("Back where it came from"),
            }[choice]
            for choice in OCCUPIED_CHOICES
        ),
        rules="oie.md",
    ),
    Variant(
        "otcho",
        "x_letter_any_card",
        N_("'X and a letter' on any card"),
        N_(
            "The roll then opens its slot on any card, not only the roller's; the rules aid "
            "says so."
        ),
        default=RollRules().x_letter_any_card,
        rules="otcho.md",
    ),
    Variant(
        "otcho",
        "penalty",
        N_("Penalty of a losing continuation roll"),
        N_("Own pawns it costs, as the rules aid prints it."),
        default=RollRules().penalty_pawns,
        low=PENALTY_RANGE[0],
        high=PENALTY_RANGE[1],
        rules="otcho.md",
    ),
    Variant(
        "pronostiques",
        "laps",
        N_("Race length"),
        N_("The card that completes a pile, on the lap bars and the rules aid."),
        default=PileRules().laps,
        choices=RACE_LENGTHS,
        choice_labels=tuple(N_("{value} laps") for _laps in RACE_LENGTHS),
        rules="pronostiques.md",
    ),
    Variant(
        "pronostiques",
        "pair_bonus",
        N_("Rule (b), the pairs"),
        N_("How the first two and the last two pay, on the rules aid and the score pad's table."),
        default=PairBonus.EACH.value,
        choices=tuple(bonus.value for bonus in PairBonus),
        choice_labels=tuple(
            {
                PairBonus.EACH: N_("2 for each right pair"),
                PairBonus.ONCE: N_("2 at most"),
            }[bonus]
            for bonus in PairBonus
        ),
        rules="pronostiques.md",
    ),
    Variant(
        "pronostiques",
        "three_in_a_row",
        N_("Rule (c), three in a row"),
        N_("Which three cars count as in a row, on the rules aid and the score pad's table."),
        default=ThreeInARow.ADJACENT.value,
        choices=tuple(reading.value for reading in ThreeInARow),
        choice_labels=tuple(
            {
                ThreeInARow.ADJACENT: N_("Next to each other in both orders"),
                ThreeInARow.RELATIVE: N_("In the same order, gaps allowed"),
                ThreeInARow.NONE: N_("No rule (c)"),
            }[reading]
            for reading in ThreeInARow
        ),
        rules="pronostiques.md",
    ),
)


def variants_of(games: Iterable[str]) -> tuple[Variant, ...]:
    """The variants of ``games`` (game keys), in the order above."""
    wanted = set(games)
    return tuple(variant for variant in VARIANTS if variant.game in wanted)


def choose(games: Iterable[str], given: Mapping[str, object], title: str = "") -> Chosen:
    """The variants of ``games`` as ``given`` chooses them (names and values), checked, keeping
    only those that differ from the seed's rules: the seed's rules are ``()``, whether asked by
    naming them or by asking nothing. ``title``: the game's name, for the refusal of a game
    that has none."""
    offered = {variant.name: variant for variant in variants_of(games)}
    chosen: dict[str, Value] = {}
    for name, value in given.items():
        variant = offered.get(name)
        if variant is None:
            if not offered:
                raise Refusal(Why.NONE, {"game": title})
            raise Refusal(Why.UNKNOWN, {"name": name, "names": tuple(offered)})
        checked = variant.check(value)
        if checked != variant.default:
            chosen[name] = checked
    return tuple(sorted(chosen.items()))


def value(chosen: Chosen, name: str) -> Value:
    """The value of the variant ``name`` in ``chosen``, else the seed's."""
    for key, picked in chosen:
        if key == name:
            return picked
    return next(variant.default for variant in VARIANTS if variant.name == name)


def oie_rules(chosen: Chosen) -> Rules:
    """The Jeu de l'Oie's rules with the variants of ``chosen``."""
    return Rules(occupied=str(value(chosen, "occupied")))


def otcho_rules(chosen: Chosen) -> RollRules:
    """Neo Otcho's roll rules with the variants of ``chosen``."""
    return RollRules(
        x_letter_any_card=bool(value(chosen, "x_letter_any_card")),
        penalty_pawns=int(value(chosen, "penalty")),
    )


def pronostiques_rules(chosen: Chosen) -> tuple[int, ScoreRules]:
    """Pronostiques' race length and scoring with the variants of ``chosen``."""
    return int(value(chosen, "laps")), ScoreRules.from_names(
        str(value(chosen, "pair_bonus")), str(value(chosen, "three_in_a_row"))
    )


def check_chosen(chosen: Chosen) -> Chosen:
    """``chosen`` if every name is a variant and every value one it takes, else a refusal (a
    caller that built it by hand: the kit's parameters)."""
    games = {variant.game for variant in VARIANTS}
    return choose(games, dict(chosen)) if chosen else chosen
