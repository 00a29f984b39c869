"""The command line's sentences for the Oucédonc refusals that it words its own way: those that
say which command or option to use (the rules' own sentences, in
:mod:`generator.games.oucedonc.refusals`, and the referee service's, in
:mod:`generator.products.referee.refusals`, never name one)."""

from __future__ import annotations

from generator.core.i18n import N_, NN_
from generator.core.refusal import Choice, Plural, Reason, Sentence, Wording
from generator.games.oucedonc.refusals import Hint, Why
from generator.products.referee.refusals import Said

WORDINGS: dict[Reason, Wording] = {
    Hint.TABLE_CARD: Sentence(
        N_("give a card name or id ('pnp oucedonc game show' lists the cards on the table)")
    ),
    Hint.FRENCH_PLACE: Sentence(N_("give a French commune or site name, or use --deck deck.json")),
    Hint.SMALLER_PACKS: Sentence(N_("use --pack-size {size}")),
    Hint.REGENERATE_DECK: Sentence(N_("regenerate it with 'pnp oucedonc deck'")),
    Why.PLAYER_COUNT: Sentence(
        N_(
            "Oucédonc is played by {least} to {most} players, not {count}; list them as "
            "--players Ana,Ben,Chloé"
        )
    ),
    Why.EMPTY_PLAYER_NAME: Sentence(
        N_("a player name is empty; list the players as --players Ana,Ben,Chloé")
    ),
    Why.NO_PACKS: Sentence(
        N_(
            "a game needs at least 1 pack of at least 1 card, not {packs} of {size}; fix "
            "--packs/--pack-size"
        )
    ),
    Why.TOO_FEW_INTERMEDES: Sentence(
        N_(
            "{packs} packs need {needed} Intermède cards between them but the deck has "
            "{has}; use --packs {most} or fewer (a bigger --pack-size keeps the game as long)"
        )
    ),
    Why.TOO_FEW_PLACES: Sentence(
        N_(
            "{count} place cards are too few for {packs} packs of {size} plus {packs} start "
            "cards; ask for --cards {needed} or more"
        )
    ),
    Why.STARTING_TOKENS: Sentence(
        N_("starting tokens must be between 0 and 99, not {tokens}; use --tokens N")
    ),
    Why.GAME_OVER: Sentence(N_("the game is over; start a new one with 'pnp oucedonc game new'")),
    Why.NO_START_CARD: Sentence(
        N_(
            "no start card is on the table; turn one over from the reserve and record it "
            "with 'game start FILE CARD'"
        )
    ),
    Why.PACK_PLAYED: Plural(
        NN_(
            "the {size} card of pack {pack} is played, so the Intermède comes now: count "
            "first ('game count' with every player's --estimate)",
            "the {size} cards of pack {pack} are played, so the Intermède comes now: count "
            "first ('game count' with every player's --estimate)",
        ),
        "size",
    ),
    Why.PACKS_USED_UP: Sentence(
        N_(
            "the packs are used up: the final count comes now ('game count' with every "
            "player's --estimate)"
        )
    ),
    Why.COUNT_DUE: Sentence(
        N_(
            "a count is due before any card is placed; run 'game count' with every player's "
            "--estimate"
        )
    ),
    Why.INTERMEDE_NOT_PLACED: Sentence(
        N_(
            "the Intermède is not placed: if it was drawn before the referee said it "
            "was due, declare it ('game intermede FILE'), then count"
        )
    ),
    Why.DEALT_STARTS: Sentence(
        N_("in a dealt game (game new --deal) the referee turns the start cards over itself")
    ),
    Why.DEALT_INTERMEDES: Sentence(
        N_("in a dealt game (game new --deal) the referee knows where the Intermède cards are")
    ),
    Why.NO_START_CARD_YET: Sentence(
        N_(
            "no start card is on the table yet; turn one over and record it with 'game start "
            "FILE CARD'"
        )
    ),
    Why.COUNT_ALREADY_DUE: Sentence(
        N_("a count is already due; count with 'game count' and every player's --estimate")
    ),
    Why.NOTHING_TO_COUNT: Sentence(
        N_(
            "no start card is on the table, so there is nothing to count; record the start "
            "card with 'game start FILE CARD'"
        )
    ),
    Why.NO_COUNT_DUE_IN_PACK: Plural(
        NN_(
            "no count is due: pack {pack} has {n} card left by the deck file; if the "
            "Intermède came early, declare it first ('game intermede FILE')",
            "no count is due: pack {pack} has {n} cards left by the deck file; if the "
            "Intermède came early, declare it first ('game intermede FILE')",
        ),
        "n",
    ),
    Why.TWO_ESTIMATES: Sentence(N_("{player} has two estimates; give one --estimate per player")),
    Why.MISSING_ESTIMATES: Sentence(
        N_("no estimate from {players}; every player estimates, e.g. --estimate {first}=2")
    ),
    Why.ESTIMATE_FORM: Sentence(
        N_("estimate {text!r} is not PLAYER=NUMBER; write it like --estimate Ana=2")
    ),
    Why.ESTIMATE_NOT_WHOLE: Sentence(
        N_("estimate {text!r} is not a whole number; write it like --estimate Ana=2")
    ),
    Why.ANCHOR_NOT_ON_TABLE: Sentence(
        N_(
            "{card} is not on the table; place the card next to a card of the cross "
            "('pnp oucedonc game show')"
        )
    ),
    Why.NOT_ON_TABLE: Sentence(N_("{card} is not on the table; see 'pnp oucedonc game show'")),
    Why.SAY_WHERE: Sentence(
        N_(
            "say where the card goes with exactly one of --north-of, --south-of, --east-of, "
            "--west-of X or --between X Y"
        )
    ),
    Said.WHICH_SIDE: Choice(
        "side",
        (
            (
                "north-of",
                Sentence(
                    N_(
                        "{anchor} already has {neighbour} to its north: say --between "
                        "{neighbour} {anchor} (between them) or --north-of {end} (the north end)"
                    )
                ),
            ),
            (
                "south-of",
                Sentence(
                    N_(
                        "{anchor} already has {neighbour} to its south: say --between "
                        "{anchor} {neighbour} (between them) or --south-of {end} (the south end)"
                    )
                ),
            ),
            (
                "west-of",
                Sentence(
                    N_(
                        "{anchor} already has {neighbour} to its west: say --between "
                        "{neighbour} {anchor} (between them) or --west-of {end} (the west end)"
                    )
                ),
            ),
            (
                "east-of",
                Sentence(
                    N_(
                        "{anchor} already has {neighbour} to its east: say --between "
                        "{anchor} {neighbour} (between them) or --east-of {end} (the east end)"
                    )
                ),
            ),
        ),
    ),
    Said.WHICH_LINE: Sentence(
        N_(
            "say on which line {first} and {second} lie: add --line column (north–south) or "
            "--line row (west–east)"
        )
    ),
    Said.NO_EMBEDDED_PLACES: Sentence(
        N_("the embedded place data is not installed in this pnp; use --deck deck.json")
    ),
    Why.NOT_A_GAME_FILE: Sentence(
        N_("{source} is not an Oucédonc game file; give a file made by 'pnp oucedonc game new'")
    ),
}
