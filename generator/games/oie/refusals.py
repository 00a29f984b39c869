"""Why the rules of the Jeu de l'Oie refuse: every reason as a code, with its default sentence
(see :mod:`generator.core.refusal`; the command line's own sentences, which name its options, are
in ``generator/cli/oie_refusals.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import unique

from generator.core.i18n import N_, NN_, cli_language
from generator.core.refusal import Json, Plural, Reason, Sentence


@unique
class Why(Reason):
    """The reasons the Oie rules refuse a throw, a square or a rule option."""

    SQUARE_OFF_BOARD = (
        "square-off-board",
        Sentence(N_("square {square} is not on the board; give a square from 0 (start) to {last}")),
    )
    SQUARE_SENDS_ON = (
        "square-sends-on",
        Sentence(N_("no pawn can rest on square {square} ({name}); give the square it sends to")),
    )
    GOOSE_SQUARE = (
        "goose-square",
        Sentence(
            N_(
                "no pawn can rest on square {square} (a goose sends it on); give the square it "
                "reached"
            )
        ),
    )
    BAD_DIE = ("bad-die", Sentence(N_("die value {die} is impossible; give a number from 1 to 6")))
    FINISHED = (
        "finished",
        Sentence(N_("a pawn in the garden ({last}) has finished; it does not move again")),
    )
    BAD_POINTS = (
        "bad-points",
        Plural(
            NN_(
                "{points} point is impossible; two dice make 2 to 12 and one die 1 to 6",
                "{points} points is impossible; two dice make 2 to 12 and one die 1 to 6",
            ),
            "points",
        ),
    )
    FIRST_THROW_FROM_START = (
        "first-throw-from-start",
        Sentence(N_("the first-throw rule applies from the start (square 0) only")),
    )
    UNKNOWN_OCCUPIED = (
        "unknown-occupied",
        Sentence(N_("unknown occupied-square rule {rule!r}; choose {choices}")),
    )
    UNKNOWN_FIRST_THROW = (
        "unknown-first-throw",
        Sentence(N_("unknown first-throw rule {rule!r}; choose one of {choices}")),
    )
    UNKNOWN_INN = ("unknown-inn", Sentence(N_("unknown inn rule {rule!r}; choose {choices}")))
    UNKNOWN_WELL_PAYER = (
        "unknown-well-payer",
        Sentence(N_("unknown well payer {payer!r}; choose {choices}")),
    )
    PRISON_TURNS = (
        "prison-turns",
        Sentence(N_("prison turns must be 0 or more; give a non-negative number")),
    )
    ANTE = ("ante", Sentence(N_("the ante must be 0 or more stakes; give a non-negative number")))
    MAX_ROUNDS = (
        "max-rounds",
        Sentence(N_("max rounds must be at least 1; give a positive number")),
    )
    PAWNS = (
        "pawns",
        Plural(
            NN_(
                "{pawns} pawn per player is not in the rules; give 2 or 4",
                "{pawns} pawns per player is not in the rules; give 2 or 4",
            ),
            "pawns",
        ),
    )
    UNKNOWN_POLICY = (
        "unknown-policy",
        Sentence(N_("unknown pawn policy {policy!r}; choose one of {choices}")),
    )
    UNKNOWN_OWN_PAWNS = (
        "unknown-own-pawns",
        Sentence(N_("unknown own-pawn rule {rule!r}; choose {choices}")),
    )
    TEAMS_ONLY = (
        "teams-only",
        Sentence(N_("the {option} setting is for the team variant; play the team variant")),
    )
    POLICY_COUNT = (
        "policy-count",
        Sentence(
            N_(
                "{policies} pawn policies for {players} players; give one for everyone or one "
                "per seat"
            )
        ),
    )
    PLAYER_COUNT = (
        "player-count",
        Plural(
            NN_(
                "{players} player is not supported; give 1 to 12 players",
                "{players} players is not supported; give 1 to 12 players",
            ),
            "players",
        ),
    )
    GAMES_OUT_OF_RANGE = (
        "games-out-of-range",
        Plural(
            NN_(
                "{games} game is out of range; give 1 to {most} games",
                "{games} games is out of range; give 1 to {most} games",
            ),
            "games",
        ),
    )
    HORIZON = (
        "horizon",
        Sentence(N_("horizon {horizon} is out of range; give {low} to {high} turns")),
    )


@dataclass(frozen=True)
class SquareName:
    """A square's name in the command line's language ("the bridge", "le pont")."""

    square: int

    def words(self) -> str:
        from generator.games.oie.squares import square_name

        return square_name(self.square, cli_language())

    def to_json(self) -> Json:
        return self.square
