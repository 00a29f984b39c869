"""The table's short commands, in French and English: one typed line -> one action.

What the session reads (:mod:`generator.products.referee.session`). Pure: a line and the game in,
an :data:`Action` out, or a :class:`~generator.core.refusal.Refusal` saying what was not
understood and what to type. Both languages' words are read whatever the language the command
line speaks (players type what they type); the help shows the command line's words first
(:data:`HELP`). Card and player names are matched the forgiving way of
:mod:`generator.games.oucedonc.names` (accents, case, hyphens, apostrophes, ``st``/``ste``, the
start of a name), anchors among the cards on the table first.

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

A line is read in time linear in its length, and a line longer than any move can be
(:func:`line_limits`: three card names and a few words, or every player's estimate) is refused
before it is read: a pasted page costs the length of one pass over it, never a search through
its splits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from generator.core.i18n import N_, _, cli_language
from generator.core.refusal import OneOf, Refusal
from generator.games.oucedonc import words as table_words
from generator.games.oucedonc.game import MAX_NAME, Intermede, Move, Phase, check_can_place
from generator.games.oucedonc.gamefile import Game
from generator.games.oucedonc.names import name_key
from generator.products.referee import moves
from generator.products.referee.refusals import Said


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

# Keys as name_key() writes them (no accents, lower case, "l'est" -> "l est"); the words of a
# placement (directions, "entre", "et") are the table's (generator.games.oucedonc.words).
FRENCH_COMMANDS: dict[str, tuple[str, ...]] = {
    "undo": ("annule", "annuler"),
    "board": ("tableau", "table"),
    "help": ("aide",),
    "quit": ("quitter", "quitte", "fin"),
    "doubt": ("doute", "douter"),
    "count": ("compte", "decompte"),
    "start": ("depart",),
    "intermede": ("intermede",),
}
ENGLISH_COMMANDS: dict[str, tuple[str, ...]] = {
    "undo": ("undo", "u"),
    "board": ("board", "show", "t"),
    "help": ("help", "?", "h"),
    "quit": ("quit", "exit", "q"),
    "doubt": ("doubt", "d"),
    "count": ("count", "c"),
    "start": ("start",),
    "intermede": ("intermission",),
}
COMMANDS: dict[str, tuple[str, ...]] = {
    command: FRENCH_COMMANDS[command] + ENGLISH_COMMANDS[command] for command in FRENCH_COMMANDS
}
SHORT_WORDS = tuple(sorted({w for words in COMMANDS.values() for w in words if len(w) > 2}))


# --------------------------------------------------------------------------- limits


@dataclass(frozen=True)
class LineLimits:
    """What a move of one game can hold: the longest line (whitespace runs counted as one
    space), the most words of a card's name (its département code included) and of a
    player's name."""

    characters: int
    card_words: int
    player_words: int


def line_limits(game: Game) -> LineLimits:
    """The limits of a line for ``game``'s deck and players (worked out once per game)."""
    return game.setup.memo("line_limits", lambda: _limits(game))


def _limits(game: Game) -> LineLimits:
    setup = game.setup
    cards = setup.deck.places
    longest = max(len(card.name) + len(card.departement or "") + 3 for card in cards)
    card_words = max(
        len(name_key(f"{card.name} {card.departement or ''}").split()) for card in cards
    )
    player_words = max(len(name_key(player).split()) for player in setup.players)
    place = 3 * longest + 40  # "brest au nord de lyon", "brest entre saint malo et rennes"
    estimates = 16 + sum(len(player) + 8 for player in setup.players)  # "compte ana=2 ben=0"
    doubt = 16 + MAX_NAME + longest  # "doute jean luc saint malo"
    return LineLimits(
        characters=2 * max(place, estimates, doubt),  # room for the words typed out in full
        card_words=card_words + 1,  # an id, or a name with "(93)"
        player_words=player_words,
    )


def check_length(line: str, game: Game) -> None:
    """A refusal when ``line`` is longer than any move of ``game`` can be."""
    length = len(" ".join(line.split()))
    most = line_limits(game).characters
    if length > most:
        raise Refusal(Said.LINE_TOO_LONG, {"length": length, "most": most})


# --------------------------------------------------------------------------- reading a line


def command_of(word: str) -> str | None:
    for command, words in COMMANDS.items():
        if word in words:
            return command
    return None


def words(line: str) -> list[str]:
    """The words of a line as they are compared (``name_key``, ``=`` and ``:`` apart): none for
    a line of spaces, hyphens and apostrophes."""
    return name_key(line.replace("=", " = ").replace(":", " : ")).split()


def word(line: str) -> Word | None:
    """The command a line is when it is one of undo, board, help, quit (no game needed)."""
    tokens = name_key(line).split()
    if len(tokens) == 1:
        command = command_of(tokens[0])
        if command in ("undo", "board", "help", "quit"):
            return Word(command)
    return None


def parse(line: str, game: Game) -> Action | None:
    """The action a typed line asks for; None for an empty line; a refusal if it is too long for
    a move or not understood."""
    check_length(line, game)
    tokens = words(line)
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
        return Play(moves.start(game, " ".join(rest)))
    if game.state.phase(game.setup) is Phase.START and not _has_direction(tokens):
        return Play(moves.start(game, " ".join(tokens)))
    return Play(_place(game, tokens))


def _has_direction(tokens: list[str]) -> bool:
    return any(t in table_words.DIRECTIONS or t in table_words.BETWEEN for t in tokens[1:])


def says_where(line: str) -> bool:
    """Does ``line`` hold a direction word or "between" after its first word?"""
    return _has_direction(words(line))


def placement(game: Game, line: str) -> Move:
    """A placement as the session reads it (``brest n lyon``, ``brest entre lyon et paris``),
    whatever else the line could be: what ``game place FILE brest n lyon`` plays."""
    check_length(line, game)
    return _place(game, words(line))


def _place(game: Game, tokens: list[str]) -> Move:
    """``CARD DIRECTION ANCHOR`` or ``CARD entre A [et] B``: each reading of the words
    (:func:`generator.games.oucedonc.words.placement_readings`) is tried in turn, and the first
    whose names all resolve wins (a place called "Cap Nord" still reads); if none does, the
    refusal of the first is the one given."""
    if not _has_direction(tokens):
        raise Refusal(Said.NOT_UNDERSTOOD, {"line": " ".join(tokens)})
    check_can_place(game.setup, game.state)  # "a count is due" before any name
    first: Refusal | None = None
    for reading in table_words.placement_readings(tokens, line_limits(game).card_words):
        try:
            return _place_as(game, reading)
        except Refusal as exc:
            first = first or exc
    raise first or Refusal(Said.BETWEEN_TWO)


def _place_as(game: Game, reading: table_words.Reading) -> Move:
    if not reading.card or not all(reading.anchors):
        raise Refusal(Said.WHICH_CARD_WHERE if reading.direction else Said.BETWEEN_TWO)
    if reading.direction is None:
        first, second = reading.anchors
        return moves.place(game, reading.card, None, None, (first, second))
    return moves.place(game, reading.card, reading.direction, reading.anchors[0], None)


def _doubt(game: Game, words: list[str]) -> Move:
    """``doute ben lyon``; ``doute ben`` when the card has one neighbour; ``doute lyon`` with two
    players (the doubter is then the one who did not place it). The player's name is one of the
    first few words: only those are tried."""
    setup = game.setup
    pending = game.state.pending
    if pending is None:  # the engine's own refusal, before guessing at names
        return moves.doubt(game, words[0], words[-1])
    assert game.state.table is not None
    neighbours = game.state.table.neighbours(pending.card)
    first: Refusal | None = None
    for k in range(min(len(words), line_limits(game).player_words), 0, -1):
        try:
            setup.player_index(" ".join(words[:k]))
        except Refusal as exc:
            first = first or exc
            continue
        rest = " ".join(words[k:])
        if rest and not _names_only(game, rest, pending.card, neighbours):
            return moves.doubt(game, " ".join(words[:k]), rest)
        if len(neighbours) == 1:
            return moves.doubt(game, " ".join(words[:k]), neighbours[0])
        names = setup.names()
        raise Refusal(
            Said.WHICH_NEIGHBOUR,
            {
                "card": names[pending.card],
                "neighbours": OneOf(tuple(names[n] for n in neighbours)),
                "first": names[neighbours[0]],
            },
        )
    others = [p for i, p in enumerate(setup.players) if i != pending.player]
    if len(others) == 1:
        return moves.doubt(game, others[0], " ".join(words))
    assert first is not None
    raise first


def _names_only(game: Game, text: str, card: str, neighbours: tuple[str, ...]) -> bool:
    """Does ``text`` name ``card`` and none of its ``neighbours`` ("doute ana paris" when Paris
    is the card doubted: the doubt is of Paris, against its neighbour)?"""
    try:
        return moves.resolve_card(game, text, (card, *neighbours)) == card
    except Refusal:
        return False


# One token at a time, each alternative a class of characters of its own: read in one pass.
_ESTIMATE_TOKEN = re.compile(r"(?P<number>-?\d+)|(?P<word>[^\d\s=:,;]+)|[\s=:,;]+")


def _count(game: Game, line: str) -> Move:
    """``compte ana=2 ben=0 chloé=1`` (or ``ana 2 ben 0``, ``ana:2``): a name, then its number."""
    rest = line.strip().split(maxsplit=1)[1] if len(line.split()) > 1 else ""
    pairs: list[str] = []
    name: list[str] = []
    for token in _ESTIMATE_TOKEN.finditer(rest):
        if token["word"] is not None:
            name.append(token["word"])
        elif token["number"] is not None:
            if not name:
                break  # a number without a name
            pairs.append(f"{' '.join(name)}={token['number']}")
            name = []
    else:
        if pairs and not name:
            moves.estimates(game, pairs)  # the names are checked before the count is
            return moves.count(game, pairs)
    example = " ".join(f"{p}=N" for p in game.setup.players)
    raise Refusal(Said.EVERY_ESTIMATE, {"example": example})


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
            (self.french, self.english) if cli_language() == "fr" else (self.english, self.french)
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
