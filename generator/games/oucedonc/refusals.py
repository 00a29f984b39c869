"""Why the Oucédonc rules refuse: every reason as a code, with its default sentence.

A refusal is raised as :class:`generator.core.refusal.Refusal` (``Refusal(Why.NOT_YOUR_TURN,
{"player": "Ana", "other": "Ben"})``): the code and the data are the rules' answer; the
sentences here are the default wording (English, translated by the ``pnp`` catalog), and say
what is wrong in the game's own terms. A front-end words a reason its own way where it has
more to say: the command line names the command or the option to use
(``generator/cli/oucedonc_refusals.py``).

- :class:`Why`: the reasons a move, a setup, a name or a file is refused.
- :class:`Hint`: what to do, a clause inside a refusal's sentence ("give a card name or id").
- :class:`Noun`: what a file is called in a sentence ("the game file", "move 3 of partie.json").
- :class:`Named`: the kinds of things a name finds (a card, a place, a player).
"""

from __future__ import annotations

from enum import Enum, unique

from generator.core.i18n import N_, NN_
from generator.core.refusal import Choice, IfAny, Plural, Reason, Sentence


class Named(Enum):
    """What a typed name is looked up among."""

    CARD = "card"
    PLAYER = "player"
    PLACE = "place"


@unique
class Hint(Reason):
    """What to do: a clause ending a refusal's sentence."""

    DECK_CARD = ("deck-card", Sentence(N_("give a card name or id from the deck file")))
    TABLE_CARD = ("table-card", Sentence(N_("give a card name or id")))
    JOURNAL_CARD = ("journal-card", Sentence(N_("use a card id or name of the deck")))
    FRENCH_PLACE = ("french-place", Sentence(N_("give a French commune or site name")))
    WRITE_THE_CODE = (
        "write-the-code",
        Sentence(N_("write it with its code in parentheses, e.g. {example!r}")),
    )
    TYPE_MORE = ("type-more", Sentence(N_("type more of the name")))
    SMALLER_PACKS = ("smaller-packs", Sentence(N_("play packs of {size} cards")))
    BIGGER_DECK = ("bigger-deck", Sentence(N_("print a bigger deck")))
    REGENERATE_DECK = ("regenerate-deck", Sentence(N_("regenerate the deck")))
    REPAIR_GAME = ("repair-game", Sentence(N_("repair it by hand or start a new game")))


@unique
class Noun(Reason):
    """How a sentence names a file or a part of one."""

    GAME = ("the-game", Sentence(N_("the game")))
    GAME_FILE = ("game-file", Sentence(N_("game file")))
    DECK_FILE = ("deck-file", Sentence(N_("deck file")))
    EMBEDDED_DECK = ("embedded-deck", Sentence(N_("{source} (embedded deck)")))
    DECK_PARAMS = ("deck-params", Sentence(N_("{source} (params)")))
    MOVE = ("move", Sentence(N_("{source}: move {number}")))


@unique
class Why(Reason):
    """The reasons the Oucédonc rules (and its files) refuse something."""

    # -- names typed (names.py) ------------------------------------------------------------
    EMPTY_NAME = (
        "empty-name",
        Choice(
            "kind",
            (
                ("card", Sentence(N_("empty card name; {hint}"))),
                ("player", Sentence(N_("empty player name; {hint}"))),
                ("place", Sentence(N_("empty place name; {hint}"))),
            ),
        ),
    )
    UNKNOWN_NAME = (
        "unknown-name",
        Choice(
            "kind",
            (
                (
                    "card",
                    IfAny(
                        "closest",
                        Sentence(N_("unknown card {name!r}; closest: {closest}; {hint}")),
                        Sentence(N_("unknown card {name!r}; {hint}")),
                    ),
                ),
                (
                    "player",
                    IfAny(
                        "closest",
                        Sentence(N_("unknown player {name!r}; closest: {closest}; {hint}")),
                        Sentence(N_("unknown player {name!r}; {hint}")),
                    ),
                ),
                (
                    "place",
                    IfAny(
                        "closest",
                        Sentence(N_("unknown place {name!r}; closest: {closest}; {hint}")),
                        Sentence(N_("unknown place {name!r}; {hint}")),
                    ),
                ),
            ),
        ),
    )
    AMBIGUOUS_NAME = (
        "ambiguous-name",
        Choice(
            "kind",
            (
                ("card", Sentence(N_("card {name!r} is ambiguous: {candidates}; {advice}"))),
                ("player", Sentence(N_("player {name!r} is ambiguous: {candidates}; {advice}"))),
                ("place", Sentence(N_("place {name!r} is ambiguous: {candidates}; {advice}"))),
            ),
        ),
    )
    NAME_TOO_LONG = (
        "name-too-long",
        Sentence(
            N_("{name!r}… is {length} characters long, longer than any name it could be; {hint}")
        ),
    )

    # -- players (game.py) -----------------------------------------------------------------
    AMBIGUOUS_PLAYER_SPELLING = (
        "ambiguous-player-spelling",
        Sentence(
            N_(
                "player {player!r} is ambiguous: {players}; write the name with its spaces or "
                "hyphens"
            )
        ),
    )
    AMBIGUOUS_PLAYER = (
        "ambiguous-player",
        Sentence(N_("player {player!r} is ambiguous: {players}; type more of the name")),
    )
    UNKNOWN_PLAYER = (
        "unknown-player",
        Sentence(N_("unknown player {player!r}; the players are {players}")),
    )
    PLAYER_COUNT = (
        "player-count",
        Sentence(N_("Oucédonc is played by {least} to {most} players, not {count}")),
    )
    EMPTY_PLAYER_NAME = ("empty-player-name", Sentence(N_("a player name is empty")))
    TEAM_NOT_PLAYING = (
        "team-not-playing",
        Sentence(N_("the team {team!r} is not one of the players {players}")),
    )
    TEAM_SIZE = (
        "team-size",
        Sentence(N_("the team {team!r} has {count} members; a team has 1 to {most}")),
    )
    PLAYER_NAME_SEPARATOR = (
        "player-name-separator",
        Sentence(
            N_("player name {name!r} contains '=', ',' or a control character; choose another name")
        ),
    )
    PLAYER_NAME_UNSAFE = (
        "player-name-unsafe",
        Sentence(
            N_(
                "player name {name!r} holds a control character or a byte that is not UTF-8 "
                "text; type the names in plain text"
            )
        ),
    )
    PLAYER_NAME_TOO_LONG = (
        "player-name-too-long",
        Sentence(
            N_("player name {name!r}… is longer than {most} characters; choose a shorter one")
        ),
    )
    SAME_PLAYER_NAMES = (
        "same-player-names",
        Sentence(
            N_(
                "two players have the same name (accents and case ignored); give each player a "
                "distinct name"
            )
        ),
    )

    # -- packs and tokens (game.py, rules.py, deck.py) ---------------------------------------
    NO_PACKS = (
        "no-packs",
        Sentence(N_("a game needs at least 1 pack of at least 1 card, not {packs} of {size}")),
    )
    TOO_FEW_INTERMEDES = (
        "too-few-intermedes",
        Sentence(
            N_(
                "{packs} packs need {needed} Intermède cards between them but the deck has "
                "{has}; play {most} packs or fewer (bigger packs keep the game as long)"
            )
        ),
    )
    DECK_TOO_SMALL = (
        "deck-too-small",
        Sentence(
            N_(
                "the deck has {cards} place cards but {packs} packs of {size} plus {starts} start "
                "cards need {needed}; {advice}"
            )
        ),
    )
    TOO_FEW_PLACES = (
        "too-few-places",
        Sentence(
            N_(
                "{count} place cards are too few for {packs} packs of {size} plus {packs} start "
                "cards; ask for {needed} or more"
            )
        ),
    )
    STARTING_TOKENS = (
        "starting-tokens",
        Sentence(N_("starting tokens must be between 0 and 99, not {tokens}")),
    )

    # -- the state of the game (game.py) -----------------------------------------------------
    GAME_OVER = ("game-over", Sentence(N_("the game is over; start a new one")))
    NO_START_CARD = (
        "no-start-card",
        Sentence(N_("no start card is on the table; turn one over from the reserve and record it")),
    )
    PACK_PLAYED = (
        "pack-played",
        Plural(
            NN_(
                "the {size} card of pack {pack} is played, so the Intermède comes now: count first",
                "the {size} cards of pack {pack} are played, so the Intermède comes now: count "
                "first",
            ),
            "size",
        ),
    )
    PACKS_USED_UP = (
        "packs-used-up",
        Sentence(N_("the packs are used up: the final count comes now")),
    )
    COUNT_DUE = ("count-due", Sentence(N_("a count is due before any card is placed")))
    NOT_A_PLACE_CARD = (
        "not-a-place-card",
        Sentence(N_("{card} is not a place card of this deck; place the card you drew")),
    )
    OTHER_CARD = (
        "other-card",
        Sentence(N_("{card} ({id}) is not a place card; place the card you drew")),
    )
    INTERMEDE_NOT_PLACED = (
        "intermede-not-placed",
        Sentence(
            N_(
                "the Intermède is not placed: if it was drawn before the referee said it was "
                "due, declare it, then count"
            )
        ),
    )
    START_CARD_ON_TABLE = (
        "start-card-on-table",
        Sentence(N_("{card} is the start card, already on the table; check the card name")),
    )
    ON_TABLE = (
        "on-table",
        Sentence(N_("{card} is already on the table; check the card name")),
    )
    OUT_OF_GAME = (
        "out-of-game",
        Sentence(
            N_(
                "{card} is out of the game (removed by a doubt or a count); put it back in the "
                "box and draw again"
            )
        ),
    )
    NOT_YOUR_TURN = ("not-your-turn", Sentence(N_("it is {player}'s turn, not {other}'s")))
    NOT_THE_CARD_DRAWN = (
        "not-the-card-drawn",
        Choice(
            "because",
            (
                (
                    "on-table",
                    Sentence(
                        N_(
                            "{card} is already on the table; {player} drew {drawn} ({id}): place "
                            "that one"
                        )
                    ),
                ),
                (
                    "out-of-play",
                    Sentence(
                        N_("{card} is out of play; {player} drew {drawn} ({id}): place that one")
                    ),
                ),
                (
                    "not-drawn",
                    Sentence(
                        N_(
                            "{card} is not the card {player} drew; {player} drew {drawn} ({id}): "
                            "place that one"
                        )
                    ),
                ),
            ),
        ),
    )
    DEALT_STARTS = (
        "dealt-starts",
        Sentence(N_("in a dealt game the referee turns the start cards over itself")),
    )
    OVER_NO_START = ("over-no-start", Sentence(N_("the game is over; no start card is needed")))
    START_CARD_ALREADY = (
        "start-card-already",
        Sentence(
            N_(
                "the start card is already {card}; a new one is turned over only after an "
                "interim count"
            )
        ),
    )
    DEALT_INTERMEDES = (
        "dealt-intermedes",
        Sentence(N_("in a dealt game the referee knows where the Intermède cards are")),
    )
    OVER_NO_INTERMEDE = (
        "over-no-intermede",
        Sentence(N_("the game is over; no Intermède comes any more")),
    )
    NO_START_CARD_YET = (
        "no-start-card-yet",
        Sentence(N_("no start card is on the table yet; turn one over and record it")),
    )
    COUNT_ALREADY_DUE = ("count-already-due", Sentence(N_("a count is already due; count first")))
    INTERMEDE_TOO_EARLY = (
        "intermede-too-early",
        Sentence(
            N_(
                "no card of this pack has been drawn yet; an Intermède needs at least one card "
                "before it"
            )
        ),
    )

    # -- doubts (game.py) ------------------------------------------------------------------
    OVER_NO_DOUBT = ("over-no-doubt", Sentence(N_("the game is over; nothing can be doubted")))
    NOTHING_TO_DOUBT = (
        "nothing-to-doubt",
        Sentence(
            N_(
                "no card is open to doubt: only the card just placed can be doubted, once, "
                "before the next card is placed or a count starts"
            )
        ),
    )
    DOUBT_ONLY_LAST = (
        "doubt-only-last",
        Sentence(N_("only the card just placed ({card}) can be doubted, not {other}")),
    )
    DOUBT_OWN_CARD = (
        "doubt-own-card",
        Sentence(N_("{player} placed {card} and cannot doubt it; another player doubts")),
    )
    NOT_A_NEIGHBOUR = (
        "not-a-neighbour",
        Plural(
            NN_(
                "{card} is not next to {placed}; its neighbour is {neighbours}",
                "{card} is not next to {placed}; its neighbours are {neighbours}",
            ),
            "n",
        ),
    )

    # -- counts (game.py, referee.py) -------------------------------------------------------
    OVER_NO_COUNT = ("over-no-count", Sentence(N_("the game is over; no more counts")))
    NOTHING_TO_COUNT = (
        "nothing-to-count",
        Sentence(
            N_(
                "no start card is on the table, so there is nothing to count; record the start "
                "card first"
            )
        ),
    )
    NO_COUNT_DUE_IN_PACK = (
        "no-count-due-in-pack",
        Plural(
            NN_(
                "no count is due: pack {pack} has {n} card left by the deck file; if the "
                "Intermède came early, declare it first",
                "no count is due: pack {pack} has {n} cards left by the deck file; if the "
                "Intermède came early, declare it first",
            ),
            "n",
        ),
    )
    NO_COUNT_DUE = (
        "no-count-due",
        Sentence(
            N_(
                "no count is due: counts happen when an Intermède card is drawn and when the "
                "packs run out; place the drawn card"
            )
        ),
    )
    TWO_ESTIMATES = (
        "two-estimates",
        Sentence(N_("{player} has two estimates; give one per player")),
    )
    NEGATIVE_ESTIMATE = (
        "negative-estimate",
        Sentence(
            N_("{player}'s estimate is {estimate}; an estimate is a number of cards, 0 or more")
        ),
    )
    ESTIMATE_TOO_HIGH = (
        "estimate-too-high",
        Plural(
            NN_(
                "{player}'s estimate is {estimate} but there is only {n} card on the table; "
                "give at most {n}",
                "{player}'s estimate is {estimate} but there are only {n} cards on the table; "
                "give at most {n}",
            ),
            "n",
        ),
    )
    MISSING_ESTIMATES = (
        "missing-estimates",
        Sentence(N_("no estimate from {players}; every player estimates")),
    )
    ESTIMATE_FORM = (
        "estimate-form",
        Sentence(N_("estimate {text!r} is not PLAYER=NUMBER; write it like Ana=2")),
    )
    ESTIMATE_NOT_WHOLE = (
        "estimate-not-whole",
        Sentence(N_("estimate {text!r} is not a whole number; write it like Ana=2")),
    )

    # -- the table (table.py, referee.py) ---------------------------------------------------
    PLACED_ALREADY = (
        "placed-already",
        Sentence(N_("{card} is already on the table; place the card you drew")),
    )
    ANCHOR_NOT_ON_TABLE = (
        "anchor-not-on-table",
        Sentence(N_("{card} is not on the table; place the card next to a card of the cross")),
    )
    WRONG_LINE = (
        "wrong-line",
        Choice(
            "line",
            (
                (
                    "row",
                    Sentence(
                        N_(
                            "{card} is on the west–east row, so nothing can go {where}; use a "
                            "card of the column (the start card or one above or below it)"
                        )
                    ),
                ),
                (
                    "column",
                    Sentence(
                        N_(
                            "{card} is on the north–south column, so nothing can go {where}; use "
                            "a card of the row (the start card or one left or right of it)"
                        )
                    ),
                ),
            ),
        ),
    )
    NOT_ON_TABLE = ("not-on-table", Sentence(N_("{card} is not on the table")))
    NOT_ADJACENT = (
        "not-adjacent",
        Sentence(
            N_(
                "{first} and {second} are not adjacent on one line; 'between' takes two cards "
                "side by side on the column or on the row"
            )
        ),
    )
    SAY_WHERE = (
        "say-where",
        Sentence(N_("say where the card goes: a direction and a card, or between two cards")),
    )

    # -- verify (referee.py, compare.py, coords.py) -----------------------------------------
    SAME_PLACE = (
        "same-place",
        Sentence(
            N_(
                "A and B are both {name}; a place is never north, south, east or west of "
                "itself: name two places"
            )
        ),
    )
    UNKNOWN_DIRECTION = (
        "unknown-direction",
        Sentence(N_("unknown direction {text!r}; choose one of {choices}")),
    )
    UNKNOWN_PRECISION = (
        "unknown-precision",
        Sentence(N_("unknown precision {text!r}; choose one of {choices}")),
    )

    # -- the deck file (deckfile.py, fileschema.py) -----------------------------------------
    NO_SUCH_CARD = (
        "no-such-card",
        Sentence(N_("no place card {id!r} in this deck; see the deck file for the ids")),
    )
    NOT_A_DECK_FILE = (
        "not-a-deck-file",
        Sentence(
            N_("{source} is not an Oucédonc deck file; give the .json written next to the deck PDF")
        ),
    )
    DECK_VERSION_NEWER = (
        "deck-version-newer",
        Sentence(
            N_(
                "{source} has deck format version {version!r}, newer than this pnp reads "
                "({readable}); upgrade pnp"
            )
        ),
    )
    DUPLICATE_IDS = ("duplicate-ids", Sentence(N_("{source} has duplicate card ids; {advice}")))
    PLACE_WITHOUT_NAME = (
        "place-without-name",
        Sentence(N_("{source}: place card {id!r} has no name; {advice}")),
    )
    UNITS_NOT_WHOLE = (
        "units-not-whole",
        Sentence(
            N_(
                "{source}: card {id} ({name}) has printed coordinates that are not whole "
                "numbers; {advice}"
            )
        ),
    )
    TOKENS_NOT_WHOLE = (
        "tokens-not-whole",
        Sentence(N_("{source}: 'tokens_each' is {value!r}, not a whole number; {advice}")),
    )
    PRINTED_TEXT_MISMATCH = (
        "printed-text-mismatch",
        Sentence(
            N_(
                "{source}: card {id} ({name}) has printed text that does not match its "
                "coordinates; regenerate the deck"
            )
        ),
    )
    SCHEMA = (
        "schema",
        # TRANSLATORS: {where} and {message} are said by fileschema.py (its own sentences);
        # at the top level of the file, no {where}
        Choice(
            "top",
            (
                (True, Sentence(N_("{source}: {message}; {advice}"))),
                (False, Sentence(N_("{source}: {where}: {message}; {advice}"))),
            ),
        ),
    )
    NESTED_TOO_DEEPLY = (
        "nested-too-deeply",
        Sentence(N_("{source} is nested too deeply; {advice}")),
    )

    # -- the game file (gamefile.py, rules.py) ----------------------------------------------
    NOTHING_TO_UNDO = (
        "nothing-to-undo",
        Sentence(N_("nothing to undo: no move has been played yet")),
    )
    ILLEGAL_MOVE_IN_FILE = (
        "illegal-move-in-file",
        Sentence(N_("{source}: move {number} ({kind}) is illegal: {error}")),
    )
    NOT_A_GAME_FILE = (
        "not-a-game-file",
        Sentence(N_("{source} is not an Oucédonc game file")),
    )
    BAD_VERSION = (
        "bad-version",
        Sentence(N_("{source} has an invalid version {version!r}; {repair}")),
    )
    GAME_VERSION_NEWER = (
        "game-version-newer",
        Sentence(
            N_(
                "{source} has game format version {version}, newer than this pnp reads "
                "({readable}); upgrade pnp"
            )
        ),
    )
    MISSING_FIELD = (
        "missing-field",
        Sentence(N_("{source} is damaged: no {field!r} field; {repair}")),
    )
    UNKNOWN_FIELD = (
        "unknown-field",
        Sentence(N_("{source} has an unknown field {field!r}; remove it")),
    )
    PLAYERS_NOT_NAMES = (
        "players-not-names",
        Sentence(N_("{source}: 'players' must be a list of names")),
    )
    TEAMS_NOT_NAMES = (
        "teams-not-names",
        Sentence(N_("{source}: 'teams' must map each team to a list of its members' names")),
    )
    NOT_WHOLE = (
        "not-whole",
        Sentence(N_("{source}: {field!r} must be a whole number, not {value!r}")),
    )
    DECK_NOT_OBJECT = (
        "deck-not-object",
        Sentence(N_("{source}: 'deck' must be the embedded deck object")),
    )
    PLAYER_SPACES = (
        "player-spaces",
        Sentence(N_("{source}: player names have spaces around them; remove the spaces")),
    )
    JOURNAL_NOT_LIST = (
        "journal-not-list",
        Sentence(N_("{source}: 'journal' must be a list of moves")),
    )
    NO_MODE = (
        "no-mode",
        Sentence(
            N_(
                "{source} is damaged: no 'mode' field; repair it by hand (physical or deal) or "
                "start a new game"
            )
        ),
    )
    UNKNOWN_MODE = (
        "unknown-mode",
        Sentence(N_("{source}: mode {mode!r} is unknown; it is physical or deal")),
    )
    MOVE_FIELD_MISSING = (
        "move-field-missing",
        Sentence(N_("{where} has no {field!r}; repair it or delete it")),
    )
    MOVE_REFUSED = ("move-refused", Sentence(N_("{where}: {error}")))
    PLACE_FORMS = (
        "place-forms",
        Sentence(N_("{where} must give exactly one of between, {directions}")),
    )
    BETWEEN_NOT_PAIR = (
        "between-not-pair",
        Sentence(N_("{where}: 'between' must be a list of two card ids")),
    )
    ESTIMATES_NOT_NUMBERS = (
        "estimates-not-numbers",
        Sentence(N_("{where}: 'estimates' must map each player to a whole number")),
    )
    UNKNOWN_MOVE_KIND = (
        "unknown-move-kind",
        Sentence(
            N_(
                "{where} has an unknown kind {kind!r}; moves are start, place, doubt, "
                "intermede and count"
            )
        ),
    )
    MOVE_NOT_OBJECT = (
        "move-not-object",
        Sentence(N_("{where} is not an object; repair it or delete it")),
    )
    MOVE_FIELD_TYPE = (
        "move-field-type",
        Choice(
            "expected",
            (
                ("player", Sentence(N_("{where}: {field!r} must be a player name, not {value!r}"))),
                (
                    "card",
                    Sentence(N_("{where}: {field!r} must be a card id or name, not {value!r}")),
                ),
            ),
        ),
    )
    OPTIONS_NOT_OBJECT = (
        "options-not-object",
        Sentence(N_("{source}: 'options' must be an object; restore it or start a new game")),
    )
    UNKNOWN_RULE_OPTION = (
        "unknown-rule-option",
        Sentence(N_("{source}: unknown rule option {option!r}; remove it (known: {known})")),
    )
    OPTION_NOT_WHOLE = (
        "option-not-whole",
        Sentence(N_("{source}: option {option} must be a whole number, not {value!r}")),
    )
    OPTION_NOT_A_CHOICE = (
        "option-not-a-choice",
        Sentence(N_("{source}: option {option} is {value!r}; choose one of {choices}")),
    )
