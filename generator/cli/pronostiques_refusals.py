"""The command line's sentences for the Pronostiques refusals that name its options."""

from __future__ import annotations

from generator.core.i18n import N_
from generator.core.refusal import Reason, Sentence, Wording
from generator.games.pronostiques.refusals import Why

WORDINGS: dict[Reason, Wording] = {
    Why.UNKNOWN_PAIR_BONUS: Sentence(N_("unknown --pair-bonus {value!r}; use each or once")),
    Why.UNKNOWN_THREE_IN_A_ROW: Sentence(
        N_("unknown --three-in-a-row {value!r}; use adjacent, relative or none")
    ),
    Why.PLAYER_COUNT: Sentence(
        N_("Pronostiques is for 3 or 4 players, not {players}; pass --players 3 or 4")
    ),
    Why.RACE_LENGTH: Sentence(N_("--laps {laps} is not a race length of the rules; use 8 or 10")),
    Why.PILE_HEIGHT: Sentence(
        N_(
            "pile {suit} has height {height}; a pile holds 0 to {laps} cards "
            "(use --laps to change the race length)"
        )
    ),
}
