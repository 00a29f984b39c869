"""Neo Otcho: the two special dice, the six slots of a player card, and what a roll allows.

Pure rules: no file, network or rendering import. See docs/rules/otcho.md for the readings of
the seed rules and the options.
"""

from generator.games.otcho.faces import FACES, LETTERS, SLOTS, Face, parse_face
from generator.games.otcho.players import MAX_PLAYERS, MIN_PLAYERS, check_players, pawns_per_player
from generator.games.otcho.rolls import (
    KINDS,
    Roll,
    RollKind,
    RollRules,
    Stage,
    Verdict,
    all_outcomes,
    classify,
    kind_probabilities,
    slot_probability,
)

__all__ = [
    "FACES",
    "KINDS",
    "LETTERS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SLOTS",
    "Face",
    "Roll",
    "RollKind",
    "RollRules",
    "Stage",
    "Verdict",
    "all_outcomes",
    "check_players",
    "classify",
    "kind_probabilities",
    "parse_face",
    "pawns_per_player",
    "slot_probability",
]
