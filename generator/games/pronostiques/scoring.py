"""Score the four predictions against a finishing order, line by line.

(a) 1 point per car at its right place, +1 bonus if that place is first or last;
(b) 2 points if the first two are both right, and 2 if the last two are both right;
(c) 3 points if three cars that follow each other in the finishing order also follow each other,
    in that order, in the prediction; then (b) does not apply.
The readings and their options are in docs/rules/pronostiques.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from itertools import combinations

from generator.core.i18n import M_, P_, _, cli_language, speaking
from generator.core.refusal import Refusal
from generator.games.pronostiques.predictions import PREDICTIONS, Prediction
from generator.games.pronostiques.refusals import Why
from generator.games.pronostiques.suits import Suit, order_text

PLACES = (M_("1er"), M_("2e"), M_("3e"), M_("4e"))  # the places, as printed (French ordinals)


class PairBonus(StrEnum):
    """How rule (b) "2 pts si les deux premières ou les deux dernières sont bonnes" pays."""

    EACH = "each"  # 2 for the first two and 2 for the last two (default)
    ONCE = "once"  # 2 at most


class ThreeInARow(Enum):
    """How rule (c) "3 des 4 voitures se suivent dans le bon ordre" is read."""

    ADJACENT = "adjacent"  # three cars next to each other in both orders (default)
    RELATIVE = "relative"  # three cars in the same relative order, gaps allowed
    NONE = "none"  # house rule: no rule (c), so (b) always applies


@dataclass(frozen=True)
class ScoreRules:
    """``pair_bonus_each``: rule (b) pays 2 for the first two AND 2 for the last two (default);
    False: 2 at most ("les deux premières ou les deux dernières"). ``three_in_a_row``: reading
    of rule (c)."""

    pair_bonus_each: bool = True
    three_in_a_row: ThreeInARow = ThreeInARow.ADJACENT

    @classmethod
    def from_names(cls, pair_bonus: str, three_in_a_row: str) -> ScoreRules:
        """From the readings' names: ``each``/``once`` and ``adjacent``/``relative``/``none``."""
        if pair_bonus not in {bonus.value for bonus in PairBonus}:
            raise Refusal(Why.UNKNOWN_PAIR_BONUS, {"value": pair_bonus})
        try:
            reading = ThreeInARow(three_in_a_row)
        except ValueError:
            raise Refusal(Why.UNKNOWN_THREE_IN_A_ROW, {"value": three_in_a_row}) from None
        return cls(pair_bonus_each=pair_bonus == PairBonus.EACH.value, three_in_a_row=reading)


@dataclass(frozen=True)
class ScoreLine:
    """One line of a prediction's score: the rule that paid, its points and the cars that
    earned it. ``place``: for an (a) line, the car's place (0 first); for a (b) line, where its
    pair starts (0 the first two, 2 the last two)."""

    rule: str  # "a", "b" or "c"
    points: int
    cars: tuple[Suit, ...] = ()  # the cars that earned the line
    void_by: str = ""  # a (b) line at 0: "c" when rule (c) applies, "once" when (b) already paid
    place: int = 0

    @property
    def text(self) -> str:
        """The line in words, in the command line's language."""
        cars = order_text(self.cars)
        if self.rule == "a":
            car = self.cars[0]
            if self.place == 0:
                message = _("{car} {suit} at its right place ({place}), +1 bonus for first")
            elif self.place == len(PLACES) - 1:
                message = _("{car} {suit} at its right place ({place}), +1 bonus for last")
            else:
                message = _("{car} {suit} at its right place ({place})")
            place = P_(cli_language(), PLACES[self.place])
            return message.format(car=car.symbol, suit=car.called(), place=place)
        if self.rule == "c":
            return _("{cars} follow each other in that order").format(cars=cars)
        if self.place == 0:
            pair = _("first two right ({cars})").format(cars=cars)
        else:
            pair = _("last two right ({cars})").format(cars=cars)
        if self.void_by == "once":
            return _("{pair}: no points, (b) pays once").format(pair=pair)
        if self.void_by == "c":
            return _("{pair}: no points, (c) applies").format(pair=pair)
        return pair

    def to_json(self) -> dict[str, object]:
        """The line as JSON, its sentence in English whatever the language spoken."""
        with speaking("en"):
            text = self.text
        return {
            "rule": self.rule,
            "points": self.points,
            "text": text,
            "cars": [c.symbol for c in self.cars],
        }


@dataclass(frozen=True)
class PredictionScore:
    prediction: Prediction
    lines: tuple[ScoreLine, ...]

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines)

    def to_json(self) -> dict[str, object]:
        return {
            "prediction": self.prediction.name,
            "order": order_text(self.prediction.order),
            "cards": list(self.prediction.cards),
            "points": self.points,
            "lines": [line.to_json() for line in self.lines],
        }


def _place_lines(prediction: Prediction, order: tuple[Suit, ...]) -> list[ScoreLine]:
    lines = []
    for place, (guess, car) in enumerate(zip(prediction.order, order, strict=True)):
        if guess is not car:
            continue
        edge = place in (0, len(order) - 1)
        lines.append(ScoreLine("a", 2 if edge else 1, (car,), place=place))
    return lines


def _right_pairs(
    prediction: Prediction, order: tuple[Suit, ...]
) -> list[tuple[int, tuple[Suit, ...]]]:
    """The pairs of rule (b) the prediction has right: (where the pair starts, its cars)."""
    pairs = []
    for start in (0, 2):
        cars = order[start : start + 2]
        if cars == prediction.order[start : start + 2]:
            pairs.append((start, cars))
    return pairs


def _pair_lines(
    prediction: Prediction, order: tuple[Suit, ...], rules: ScoreRules
) -> list[ScoreLine]:
    """One (b) line per pair right; with the pair bonus paid once the second one is shown at 0."""
    lines: list[ScoreLine] = []
    for start, cars in _right_pairs(prediction, order):
        if rules.pair_bonus_each or not lines:
            lines.append(ScoreLine("b", 2, cars, place=start))
        else:
            lines.append(ScoreLine("b", 0, cars, "once", place=start))
    return lines


def three_in_a_row(
    prediction: Prediction, order: tuple[Suit, ...], reading: ThreeInARow
) -> tuple[Suit, ...] | None:
    """The first three cars that follow each other, in that order, in both orders (or None)."""
    if reading is ThreeInARow.NONE:
        return None
    if reading is ThreeInARow.ADJACENT:
        guesses = {prediction.order[i : i + 3] for i in range(len(prediction.order) - 2)}
        for i in range(len(order) - 2):
            if order[i : i + 3] in guesses:
                return order[i : i + 3]
        return None
    rank = {suit: i for i, suit in enumerate(prediction.order)}
    for triple in combinations(order, 3):
        if rank[triple[0]] < rank[triple[1]] < rank[triple[2]]:
            return triple
    return None


def score_prediction(
    prediction: Prediction, order: tuple[Suit, ...], rules: ScoreRules = ScoreRules()
) -> PredictionScore:
    """The points of one prediction for a finishing order, with the lines that earned them."""
    lines = _place_lines(prediction, order)
    triple = three_in_a_row(prediction, order, rules.three_in_a_row)
    if triple is None:
        lines.extend(_pair_lines(prediction, order, rules))
    else:
        lines.append(ScoreLine("c", 3, triple))
        lines.extend(
            ScoreLine("b", 0, cars, "c", place=start)
            for start, cars in _right_pairs(prediction, order)
        )
    return PredictionScore(prediction, tuple(lines))


def score_order(
    order: tuple[Suit, ...], rules: ScoreRules = ScoreRules()
) -> tuple[PredictionScore, ...]:
    """The four predictions scored against ``order`` (first to last), in card order."""
    return tuple(score_prediction(p, order, rules) for p in PREDICTIONS)
