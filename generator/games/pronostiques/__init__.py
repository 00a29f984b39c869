"""Pronostiques: a race of four suits, four secret predictions, their scoring and the pile limits.

Pure rules: no file, network or rendering import. See docs/rules/pronostiques.md for the
readings of the seed rules and the options.
"""

from generator.games.pronostiques.piles import PileCheck, PileRules, check_piles
from generator.games.pronostiques.predictions import PREDICTIONS, Prediction
from generator.games.pronostiques.scoring import (
    PredictionScore,
    ScoreLine,
    ScoreRules,
    score_order,
)
from generator.games.pronostiques.suits import SUITS, Suit, parse_order

__all__ = [
    "PREDICTIONS",
    "SUITS",
    "PileCheck",
    "PileRules",
    "Prediction",
    "PredictionScore",
    "ScoreLine",
    "ScoreRules",
    "Suit",
    "check_piles",
    "parse_order",
    "score_order",
]
