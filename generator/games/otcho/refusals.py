"""Why the rules of Neo Otcho refuse: every reason as a code, with its default sentence (see
:mod:`generator.core.refusal`; the command line's own sentences, which name its options, are in
``generator/cli/otcho_refusals.py``)."""

from __future__ import annotations

from enum import unique

from generator.core.i18n import N_
from generator.core.refusal import Reason, Sentence


@unique
class Why(Reason):
    """The reasons the Neo Otcho rules refuse a face, a table or a penalty."""

    UNKNOWN_FACE = (
        "unknown-face",
        Sentence(N_("unknown die face {text!r}; use one of a b c d X * (or ★)")),
    )
    PLAYER_COUNT = (
        "player-count",
        Sentence(N_("Neo Otcho is for {low} to {high} players, not {players}")),
    )
    PENALTY = (
        "penalty",
        Sentence(N_("a penalty of {pawns} pawns is out of range; use 0 to 6 pawns")),
    )
