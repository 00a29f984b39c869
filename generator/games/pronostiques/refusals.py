"""Why the rules of Pronostiques refuse: every reason as a code, with its default sentence (see
:mod:`generator.core.refusal`; the command line's own sentences, which name its options, are in
``generator/cli/pronostiques_refusals.py``)."""

from __future__ import annotations

from enum import unique

from generator.core.i18n import N_
from generator.core.refusal import Reason, Sentence


@unique
class Why(Reason):
    """The reasons the Pronostiques rules refuse an order, a table, a reading or the piles."""

    UNKNOWN_SUIT = (
        "unknown-suit",
        Sentence(
            N_("unknown suit {text!r}; use ♥ ♦ ♠ ♣, the letters {letters} or the suits' names")
        ),
    )
    ORDER_SUITS = (
        "order-suits",
        Sentence(
            N_(
                "order {text!r} must name each of the four suits once, first to last, "
                "e.g. ♥♦♠♣, or their letters {letters} in that order"
            )
        ),
    )
    UNKNOWN_PAIR_BONUS = (
        "unknown-pair-bonus",
        Sentence(N_("unknown reading of the pair bonus {value!r}; use each or once")),
    )
    UNKNOWN_THREE_IN_A_ROW = (
        "unknown-three-in-a-row",
        Sentence(N_("unknown reading of three in a row {value!r}; use adjacent, relative or none")),
    )
    PLAYER_COUNT = (
        "player-count",
        Sentence(N_("Pronostiques is for 3 or 4 players, not {players}")),
    )
    RACE_LENGTH = (
        "race-length",
        Sentence(N_("a race of {laps} laps is not in the rules; use 8 or 10")),
    )
    FOUR_HEIGHTS = ("four-heights", Sentence(N_("give four pile heights (♥ ♦ ♠ ♣), not {count}")))
    PILE_HEIGHT = (
        "pile-height",
        Sentence(N_("pile {suit} has height {height}; a pile holds 0 to {laps} cards")),
    )
