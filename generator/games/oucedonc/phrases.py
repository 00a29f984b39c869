"""The table's short commands, in French and English: one typed line -> one action.

What ``pnp oucedonc play`` reads. Pure: a line and the game in, an :data:`Action` out, or a
UserError saying what was not understood and what to type. Both languages' words are read
whatever the language the command line speaks (players type what they type); the help and the
errors speak the command line's language and show its words first (:data:`HELP`). Card and
player names are matched the forgiving way of :mod:`names` (accents, case, hyphens,
apostrophes, ``st``/``ste``, the start of a name), anchors among the cards on the table first.

============================  ==========================================  ==================
French                        English                                     what
============================  ==========================================  ==================
``brest nord de lyon``        ``brest north of lyon``                     place (n s e o/w)
``brest n lyon``              ``brest n lyon``                            place
``brest entre lyon paris``    ``brest between lyon and paris``            place between
``doute ben lyon``            ``doubt ben lyon``                          doubt
``compte ana=2 ben=0``        ``count ana=2 ben=0``                       count
``départ lyon``               ``start lyon``                              start card
``intermède``                 ``intermede``                               early Intermède
``annule``                    ``undo``                                    take back
``tableau``                   ``board``                                   redraw
``aide``                      ``help``                                    help
``quitter``                   ``quit``                                    leave
============================  ==========================================  ==================

When a start card is due, a card name alone is the start card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from generator.core.errors import UserError
from generator.core.i18n import N_, _, cli_language
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.game import Intermede, Move, Phase, check_can_place
from generator.games.oucedonc.gamefile import Game
from generator.games.oucedonc.names import name_key
from generator.games.oucedonc.referee import (
    count_move,
    doubt_move,
    on_table,
    parse_estimates,
    place_move,
    start_move,
)


class Word(Enum):
    """Commands that are not moves."""

    UNDO = "undo"
    BOARD = "board"
    HELP = "help"
    QUIT = "quit"


@dataclass(frozen=True)
class Play:
    """A move to append to the game file."""

    move: Move


Action = Play | Word

# Keys as name_key() writes them (no accents, lower case, "l'est" -> "l est").
COMMANDS: dict[str, tuple[str, ...]] = {
    "undo": ("annule", "annuler", "undo", "u"),
    "board": ("tableau", "table", "board", "show", "t"),
    "help": ("aide", "help", "?", "h"),
    "quit": ("quitter", "quitte", "quit", "exit", "q", "fin"),
    "doubt": ("doute", "douter", "doubt", "d"),
    "count": ("compte", "decompte", "count", "c"),
    "start": ("depart", "start"),
    "intermede": ("intermede", "intermission"),
}
FILLERS = {"au", "a", "l", "de", "du", "d", "of", "the", "to"}
DIRECTIONS: dict[str, Direction] = {
    **dict.fromkeys(("n", "nord", "north", "haut", "up"), Direction.NORTH_OF),
    **dict.fromkeys(("s", "sud", "south", "bas", "down"), Direction.SOUTH_OF),
    **dict.fromkeys(("e", "est", "east", "droite", "right"), Direction.EAST_OF),
    **dict.fromkeys(("o", "w", "ouest", "west", "gauche", "left"), Direction.WEST_OF),
}
BETWEEN = {"entre", "between"}
AND = {"et", "and", "&"}
SHORT_WORDS = tuple(sorted({w for words in COMMANDS.values() for w in words if len(w) > 2}))


def command_of(word: str) -> str | None:
    for command, words in COMMANDS.items():
        if word in words:
            return command
    return None


def word(line: str) -> Word | None:
    """The command a line is when it is one of undo, board, help, quit (no game needed)."""
    tokens = name_key(line).split()
    if len(tokens) == 1:
        command = command_of(tokens[0])
        if command in ("undo", "board", "help", "quit"):
            return Word(command)
    return None


def parse(line: str, game: Game) -> Action | None:
    """The action a typed line asks for; None for an empty line; a UserError if not understood."""
    key = name_key(line.replace("=", " = ").replace(":", " : "))
    tokens = key.split()
    if not tokens:
        return None
    known = word(line)
    if known is not None:
        return known
    command = command_of(tokens[0])
    rest = tokens[1:]
    if command == "intermede" and not rest:
        return Play(Intermede())
    if command == "doubt" and rest:
        return Play(_doubt(game, rest))
    if command == "count":
        return Play(_count(game, line))
    if command == "start" and rest:
        return Play(start_move(game, " ".join(rest)))
    if game.state.phase(game.setup) is Phase.START and not _has_direction(tokens):
        return Play(start_move(game, " ".join(tokens)))
    return Play(_place(game, tokens))


def _has_direction(tokens: list[str]) -> bool:
    return any(t in DIRECTIONS or t in BETWEEN for t in tokens[1:])


def _place(game: Game, tokens: list[str]) -> Move:
    """``CARD DIRECTION ANCHOR`` or ``CARD entre A [et] B``: every split on a direction word is
    tried, left to right, and the first whose names all resolve wins (a place called "Cap Nord"
    still parses); if none does, the error of the first split is the one shown."""
    splits = [i for i in range(1, len(tokens)) if tokens[i] in DIRECTIONS or tokens[i] in BETWEEN]
    if not splits:
        raise UserError(
            _(
                "{line!r} is not understood; place a card as 'brest n lyon' or 'brest between "
                "lyon and paris' (n s e w, north south east west); 'help' lists the commands"
            ).format(line=" ".join(tokens))
        )
    check_can_place(game.setup, game.state)  # "a count is due" before any name
    first_error: UserError | None = None
    for at in splits:
        card = " ".join(_strip_fillers(tokens[:at], end=True))
        after = _strip_fillers(tokens[at + 1 :], end=False)
        try:
            if not card or not after:
                raise UserError(
                    _("say which card goes where: 'brest n lyon', 'brest between lyon and paris'")
                )
            if tokens[at] in BETWEEN:
                first, second = _two_anchors(game, after)
                return place_move(game, card, None, None, (first, second))
            return place_move(game, card, DIRECTIONS[tokens[at]], " ".join(after), None)
        except UserError as exc:
            first_error = first_error or exc
    assert first_error is not None
    raise first_error


def _strip_fillers(tokens: list[str], end: bool) -> list[str]:
    """``au nord de lyon``: drop the little words next to the direction word."""
    words = list(tokens)
    if end:
        while words and words[-1] in FILLERS:
            words.pop()
    else:
        while words and words[0] in FILLERS:
            words.pop(0)
    return words


def _two_anchors(game: Game, words: list[str]) -> tuple[str, str]:
    """``lyon paris``, ``lyon et paris``, ``saint malo et rennes``: two cards of the table."""
    from generator.games.oucedonc.referee import resolve_card

    table = on_table(game)
    cuts = [i for i, w in enumerate(words) if w in AND]
    candidates = (
        [(words[:i], words[i + 1 :]) for i in cuts]
        if cuts
        else [(words[:i], words[i:]) for i in range(1, len(words))]
    )
    first_error: UserError | None = None
    for left, right in candidates:
        try:
            if not left or not right:
                raise UserError(_between_two())
            return (
                resolve_card(game, " ".join(left), table),
                resolve_card(game, " ".join(right), table),
            )
        except UserError as exc:
            first_error = first_error or exc
    if first_error is None:
        raise UserError(_between_two())
    raise first_error


def _between_two() -> str:
    return _("'between' takes two cards side by side: 'brest between lyon and paris'")


def _doubt(game: Game, words: list[str]) -> Move:
    """``doute ben lyon``; ``doute ben`` when the card has one neighbour; ``doute lyon`` with two
    players (the doubter is then the one who did not place it)."""
    setup = game.setup
    pending = game.state.pending
    if pending is None:  # the engine's own line, before guessing at names
        return doubt_move(game, words[0], words[-1])
    assert game.state.table is not None
    neighbours = game.state.table.neighbours(pending.card)
    first_error: UserError | None = None
    for k in range(len(words), 0, -1):
        try:
            setup.player_index(" ".join(words[:k]))
        except UserError as exc:
            first_error = first_error or exc
            continue
        rest = " ".join(words[k:])
        if rest:
            return doubt_move(game, " ".join(words[:k]), rest)
        if len(neighbours) == 1:
            return doubt_move(game, " ".join(words[:k]), neighbours[0])
        from generator.games.oucedonc.wording import either

        names = setup.names()
        raise UserError(
            _("against which neighbour of {card}: {neighbours}? e.g. 'doubt ben {first}'").format(
                card=names[pending.card],
                neighbours=either([names[n] for n in neighbours]),
                first=names[neighbours[0]],
            )
        )
    others = [p for i, p in enumerate(setup.players) if i != pending.player]
    if len(others) == 1:
        return doubt_move(game, others[0], " ".join(words))
    assert first_error is not None
    raise first_error


_ESTIMATE = re.compile(r"([^\d=:,;]+?)\s*[=:]?\s*(-?\d+)")


def _count(game: Game, line: str) -> Move:
    """``compte ana=2 ben=0 chloé=1`` (or ``ana 2 ben 0``, ``ana:2``)."""
    rest = line.strip().split(maxsplit=1)[1] if len(line.split()) > 1 else ""
    pairs = [(name.strip(" ,;"), number) for name, number in _ESTIMATE.findall(rest)]
    leftover = _ESTIMATE.sub("", rest).strip(" ,;")
    if leftover or not pairs:
        example = " ".join(f"{p}=N" for p in game.setup.players)
        raise UserError(
            _("give every player's estimate: 'count {example}'").format(example=example)
        )
    parse_estimates(game, [f"{name}={number}" for name, number in pairs])  # names checked first
    return count_move(game, [f"{name}={number}" for name, number in pairs])


@dataclass(frozen=True)
class HelpEntry:
    """One line of the session's help: the command in each language, and what it does (marked
    for the catalog, translated when shown)."""

    english: str
    french: str
    what: str

    def typed(self) -> tuple[str, str | None]:
        """The command in the command line's language, and the other language's if it differs."""
        own, other = (
            (self.french, self.english)
            if cli_language() == "fr"
            else (
                self.english,
                self.french,
            )
        )
        return own, (other if other != own else None)


HELP: tuple[HelpEntry, ...] = (
    HelpEntry(
        "brest n lyon",
        "brest n lyon",
        N_("place the card drawn: n s e w, north south east west"),
    ),
    HelpEntry("brest north of lyon", "brest nord de lyon", N_("the same in words")),
    HelpEntry(
        "brest between lyon and paris",
        "brest entre lyon paris",
        N_("between two cards side by side"),
    ),
    HelpEntry(
        "doubt ben lyon", "doute ben lyon", N_("Ben doubts the card just placed, against Lyon")
    ),
    HelpEntry(
        "count ana=2 ben=0 …", "compte ana=2 ben=0 …", N_("the count: every player's estimate")
    ),
    HelpEntry(
        "start lyon",
        "départ lyon",
        N_("the start card turned over; when one is due, the name alone"),
    ),
    HelpEntry("intermede", "intermède", N_("the Intermède came before the referee said it would")),
    HelpEntry("undo", "annule", N_("take back the last move")),
    HelpEntry("board", "tableau", N_("draw the board again")),
    HelpEntry("help", "aide", N_("this help")),
    HelpEntry("quit", "quitter", N_("leave; the game file keeps every move (Ctrl-D too)")),
)


def help_intro() -> str:
    return _(
        "Names without accents, capitals or hyphens; the start of a name is enough; Tab "
        "completes names, the arrow keys recall earlier lines. The French words work too (in "
        "brackets)."
    )


def help_lines() -> list[tuple[str, str]]:
    """(what to type, what it does) in the command line's language, the other language's
    words in brackets."""
    lines = []
    for entry in HELP:
        own, other = entry.typed()
        what = _(entry.what)
        if other is not None:
            what = _("{what} ('{other}')").format(what=what, other=other)
        lines.append((own, what))
    return lines
