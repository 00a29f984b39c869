"""The referee at the table: one typed line at a time, played on a game file.

A :class:`Session` follows one game file. :meth:`Session.respond` reads a line (French or
English, :mod:`generator.products.referee.phrases`) and answers what happened: a move played
(:class:`Played`, with the rules' event), the board to show again (:class:`Shown`), a question
(:class:`Asked`: ``laval o bourges`` when Bourges already has a card to its west means two
places; ``1`` or ``2`` on the next line picks one), or one of the words that are not moves
(:class:`~generator.products.referee.phrases.Word`: help, quit). A line
it cannot read, or a move the rules refuse, raises the
:class:`~generator.core.refusal.Refusal` that says why; the file is then untouched.

Every move goes through the game file exactly as the one-shot commands' do
(:func:`generator.products.referee.files.update_game`: locked from the read to the atomic write,
the line read against the file as it is then), so a session can be stopped at any moment and
loses at most the line being typed, and other front-ends may play on the same file meanwhile:
:meth:`Session.catch_up` notices their moves. :func:`completions` says which names make sense
where the cursor is. Front-ends keep only their line editor, their prompt and their printing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.refusal import Refusal
from generator.games.oucedonc import words
from generator.games.oucedonc.events import Event
from generator.games.oucedonc.gamefile import Game
from generator.games.oucedonc.names import name_key
from generator.products.referee import files, moves, phrases
from generator.products.referee.moves import SideChoices
from generator.products.referee.phrases import Play, Word
from generator.products.referee.refusals import Said


@dataclass(frozen=True)
class Played:
    """A move played (or taken back) on the file: the game now, and what the table hears."""

    game: Game
    said: str
    event: Event | None = None  # None for an undo


@dataclass(frozen=True)
class Shown:
    """Nothing played: the game as the file holds it, to show again."""

    game: Game


@dataclass(frozen=True)
class Asked:
    """Nothing played: the line could mean two places (``laval o bourges`` when Bourges already
    has a card to its west); the next line, ``1`` or ``2``, picks one of ``choices``."""

    question: Refusal  # :data:`Said.WHICH_SIDE`, its data naming the cards
    choices: SideChoices


Reply = Played | Shown | Asked | Word | None
"""What a line gives: a move played, the board again, a question, help or quit, or nothing (an
empty line)."""


@dataclass
class Session:
    """One game file followed at the table (:meth:`open`), the game as last seen."""

    file: Path
    game: Game
    seen: files.Stamp | None
    asked: SideChoices | None = None  # the question the last line asked, until the next line

    @classmethod
    def open(cls, file: Path) -> Session:
        return cls(file=file, game=files.read_game(file), seen=files.stamp(file))

    def catch_up(self) -> bool:
        """Read the file again if another front-end played on it since this session last read
        or wrote it; True when it did."""
        if files.stamp(self.file) == self.seen:
            return False
        self._read()
        return True

    def respond(self, line: str) -> Reply:
        """What ``line`` does; a :class:`Refusal` if it is not understood or not allowed."""
        asked, self.asked = self.asked, None
        if asked is not None and line.strip() in ("1", "2"):
            move = asked.moves[int(line.strip()) - 1]
            return self._played(*files.update_game(self.file, lambda game: game.play(move)))
        phrases.check_length(line, self.game)
        action = phrases.word(line)
        if action is None and not phrases.words(line):
            return None  # nothing but spaces, hyphens, apostrophes
        if action in (Word.QUIT, Word.HELP):
            return action
        if action is Word.BOARD:
            self._read()
            return Shown(self.game)
        if action is Word.UNDO:
            return self._played(*files.update_game(self.file, moves.take_back))

        def play_line(current: Game) -> tuple[Game, Event]:
            # The file as it is now: another front-end may have played since the line was typed.
            again = phrases.parse(line, current)
            if not isinstance(again, Play):  # read as a word above, so never here
                raise AssertionError(f"{line!r} is not a move")
            return current.play(again.move)

        try:
            game, event = files.update_game(self.file, play_line)
        except Refusal as refusal:
            choices = refusal.data.get("choices")
            if refusal.reason is not Said.WHICH_SIDE or not isinstance(choices, SideChoices):
                raise
            self.asked = choices
            return Asked(refusal, choices)
        return self._played(game, event)

    def _played(self, game: Game, happened: Event | str) -> Played:
        self.game, self.seen = game, files.stamp(self.file)
        if isinstance(happened, str):
            return Played(game, happened)
        return Played(game, happened.text, happened)

    def _read(self) -> None:
        self.game, self.seen = files.read_game(self.file), files.stamp(self.file)


def completions(game: Game, before: str) -> tuple[str, list[str]]:
    """(the fragment being typed, the names that could complete it), for the text ``before``
    the cursor. The fragment is everything after the last keyword, so names with spaces
    ("Saint-Malo", "Le Havre") complete whole."""
    try:
        phrases.check_length(before, game)
    except Refusal:
        return "", []  # longer than any move: nothing completes it
    parts = before.split(" ")
    keys = [name_key(part) for part in parts]
    last = _last_keyword(keys)
    fragment = " ".join(parts[last + 1 :])
    head = keys[: last + 1]
    command = phrases.command_of(head[0]) if head else None
    options, fragment = _options(game, command, parts[last + 1 :], fragment, bool(head))
    typed = name_key(fragment)
    found = [
        option
        for option in options
        if name_key(option).startswith(typed)
        or name_key(option).replace(" ", "").startswith(typed.replace(" ", ""))
    ]
    return fragment, sorted(set(found), key=name_key)


def _last_keyword(keys: list[str]) -> int:
    """Where the fragment starts: after the last word that is a keyword (-1: none)."""
    last = -1
    for index, key in enumerate(keys[:-1]):
        if (index == 0 and phrases.command_of(key)) or (
            index > 0 and words.is_keyword(key)  # "l isle…": a name may start with a little word
        ):
            last = index
    return last


def _options(
    game: Game, command: str | None, typed_words: list[str], fragment: str, after_keyword: bool
) -> tuple[list[str], str]:
    """The names that make sense after ``command`` (and the fragment they complete)."""
    setup, state = game.setup, game.state
    names = setup.names()
    if not after_keyword:
        return [names[c] for c in moves.playable_cards(game)] + list(phrases.SHORT_WORDS), fragment
    if command == "doubt":
        pending = state.pending
        neighbours = (
            [names[n] for n in state.table.neighbours(pending.card)]
            if pending is not None and state.table is not None
            else []
        )
        players = {name_key(player) for player in setup.players}
        # "doute jean luc ly": the player is typed (the longest name that fits: Jean Luc, not Jean)
        for k in range(len(typed_words) - 1, 0, -1):
            if name_key(" ".join(typed_words[:k])) in players:
                return neighbours, " ".join(typed_words[k:])
        return list(setup.players) + neighbours, fragment
    if command == "count":
        return [f"{player}=" for player in setup.players], fragment
    if command == "start":
        return [names[c] for c in moves.playable_cards(game)], fragment
    return [names[c] for c in moves.on_table(game)], fragment
