"""The command line's sentences for the Neo Otcho refusals that name its options."""

from __future__ import annotations

from generator.core.i18n import N_
from generator.core.refusal import Reason, Sentence, Wording
from generator.games.otcho.refusals import Why

WORDINGS: dict[Reason, Wording] = {
    Why.PLAYER_COUNT: Sentence(
        N_("Neo Otcho is for {low} to {high} players, not {players}; pass --players {low}..{high}")
    ),
    Why.PENALTY: Sentence(N_("--penalty {pawns} is out of range; use 0 to 6 pawns")),
}
