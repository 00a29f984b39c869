"""The four prediction cards, each a finishing order of the four suits.

From the seed: Roi ♥ Dame ♦ Valet ♠ 10 ♣ / Roi ♦ Dame ♣ Valet ♥ 10 ♠ / Roi ♠ Dame ♥ Valet ♣ 10 ♦ /
Roi ♣ Dame ♠ Valet ♦ 10 ♥. The King's suit wins, the 10's suit comes last. At each place
exactly one prediction is right (the four orders form a Latin square).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.i18n import M_, P_, Language, cli_language
from generator.games.pronostiques.suits import Suit

# The card that marks each place, by its French name (translated where it is said or printed).
RANKS: tuple[str, ...] = (M_("Roi"), M_("Dame"), M_("Valet"), "10")


@dataclass(frozen=True)
class Prediction:
    order: tuple[Suit, ...]  # first to last

    @property
    def name(self) -> str:
        """How players name it: by its King, e.g. "Roi ♥" (the JSON's name, in French)."""
        return f"Roi {self.order[0].symbol}"

    def called(self, language: Language | None = None) -> str:
        """Its name in ``language`` (the command line's by default): "Roi ♥", "King ♥"."""
        king = P_(cli_language() if language is None else language, RANKS[0])
        return f"{king} {self.order[0].symbol}"

    @property
    def cards(self) -> tuple[str, ...]:
        """The four cards that show it, e.g. ("Roi ♥", "Dame ♦", "Valet ♠", "10 ♣")."""
        return tuple(f"{rank} {suit.symbol}" for rank, suit in zip(RANKS, self.order, strict=True))


H, D, S, C = Suit.HEART, Suit.DIAMOND, Suit.SPADE, Suit.CLUB

PREDICTIONS: tuple[Prediction, ...] = (
    Prediction((H, D, S, C)),
    Prediction((D, C, H, S)),
    Prediction((S, H, C, D)),
    Prediction((C, S, D, H)),
)
