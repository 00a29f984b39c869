"""The command line's sentences for the Oie refusals that name its options."""

from __future__ import annotations

from generator.core.i18n import N_
from generator.core.refusal import Reason, Sentence, Wording
from generator.games.oie.refusals import Why

WORDINGS: dict[Reason, Wording] = {
    Why.FIRST_THROW_FROM_START: Sentence(
        N_("the first-throw rule applies from the start (square 0) only; drop --first-throw")
    ),
    Why.TEAMS_ONLY: Sentence(N_("--{option} is for the team variant; add --teams")),
    Why.POLICY_COUNT: Sentence(
        N_(
            "--policy gives {policies} policies for {players} players; give one for "
            "everyone or one per seat"
        )
    ),
}
