"""`pnp oucedonc play FILE`: the referee as a prompt for the table.

One line per move, in French or English whatever the language the command line speaks; the
session speaks the command line's language (its prompts, help, messages and board). What a line
does is the referee service's (:class:`generator.products.referee.session.Session`: the words,
the moves, the game file locked from the read to the atomic write, the names Tab offers); this
module keeps only the line editor, the prompt and the printing. The board is redrawn after each
move; the session can be killed at any moment and loses at most the line being typed, and
``pnp oucedonc game …`` can be used on the same file at any time, from another terminal too.

The line editor is prompt_toolkit (tab completion of commands, card and player names, history
with the arrow keys, Ctrl-C to drop a line, Ctrl-D to leave): a well-kept pure-Python library
that works the same on Linux, macOS and Windows consoles, where the standard ``readline`` is
missing or is libedit. When standard input is not a terminal (commands piped in, a test),
lines are read plainly and echoed after the prompt, so the transcript reads like the session.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import N_, _
from generator.core.refusal import Refusal

if TYPE_CHECKING:
    from prompt_toolkit.completion import Completer as ToolkitCompleter
    from rich.console import Console, RenderableType

    from generator.games.oucedonc.gamefile import Game
    from generator.products.referee.moves import Seats
    from generator.products.referee.session import Asked, Played, Session

DEFAULT_DECK = Path("output/oucedonc/oucedonc.json")  # what `make kit` writes
ROOM = 4  # terminal lines kept for what the last move said and the prompt


# --------------------------------------------------------------------------- terminals


class Terminal:
    """Where lines come from: :class:`PipedTerminal` or :class:`EditingTerminal`."""

    def ask(self, prompt: str, completer: Completer | None = None) -> str | None:
        """The next line typed (None at the end of input)."""
        raise NotImplementedError


# A dataclass, not a Struct: a Struct cannot have a plain class (Terminal) as a base.
@dataclass
class PipedTerminal(Terminal):
    """Lines from a pipe or a file; each is echoed after its prompt."""

    lines: Iterator[str]
    console: Console

    def ask(self, prompt: str, completer: Completer | None = None) -> str | None:
        line = next(self.lines, None)
        if line is None:
            return None
        line = line.rstrip("\r\n")
        from rich.text import Text

        from generator.core.text import one_line

        self.console.print(Text(prompt + _echoed(one_line(line)), style="bold"))  # shown as text
        return line


ECHOED = 1000  # the characters of a typed line a transcript repeats (a pasted page is not)


def _echoed(line: str) -> str:
    return line if len(line) <= ECHOED else line[:ECHOED] + "…"


class EditingTerminal(Terminal):
    """A real terminal: prompt_toolkit's line editor, with completion and history."""

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.session: PromptSession[str] = PromptSession(history=InMemoryHistory())

    def ask(self, prompt: str, completer: Completer | None = None) -> str | None:
        while True:
            try:
                return self.session.prompt(
                    prompt,
                    completer=completer.prompt_toolkit() if completer else None,
                    complete_while_typing=False,
                )
            except KeyboardInterrupt:  # Ctrl-C drops the line being typed
                continue
            except EOFError:  # Ctrl-D leaves
                return None


# --------------------------------------------------------------------------- completion


class Completer(Struct):
    """What Tab offers: the referee's names that make sense where the cursor is."""

    game: Game

    def candidates(self, before: str) -> tuple[str, list[str]]:
        """(the fragment being typed, the names that could complete it)."""
        from generator.products.referee.session import completions

        return completions(self.game, before)

    def prompt_toolkit(self) -> ToolkitCompleter:
        from prompt_toolkit.completion import CompleteEvent, Completion
        from prompt_toolkit.completion import Completer as Base
        from prompt_toolkit.document import Document

        outer = self

        class _Names(Base):
            def get_completions(
                self, document: Document, complete_event: CompleteEvent
            ) -> Iterator[Completion]:
                fragment, found = outer.candidates(document.text_before_cursor)
                for name in found:
                    yield Completion(name, start_position=-len(fragment))

        return _Names()


# --------------------------------------------------------------------------- the session


class BoardView(Enum):
    """Which board the session draws after each move."""

    AUTO = "auto"  # the full panel when it fits the terminal's height, else the compact view
    FULL = "full"
    COMPACT = "compact"


class Loop(Struct):
    """The session at a terminal: ask for a line, let the referee answer, print, redraw."""

    session: Session
    terminal: Terminal
    console: Console
    view: BoardView = BoardView.AUTO

    def run(self) -> None:
        from generator.products.referee.phrases import Word
        from generator.products.referee.session import Asked, Played, Shown

        session = self.session
        self.draw(session.game)
        while True:
            line = self.terminal.ask(self.prompt(session.game), Completer(session.game))
            if line is None:
                break
            if session.catch_up():  # a one-shot command (or another session) played meanwhile
                self.say(
                    _("{file} was changed by another command: the board as it is now").format(
                        file=session.file
                    ),
                    "dim",
                )
                self.draw(session.game)
            try:
                reply = session.respond(line)
            except (Refusal, UserError) as exc:
                self.say(f"✗ {_sentence(exc)}", "bold red")
                continue
            if reply is Word.QUIT:
                break
            if reply is Word.HELP:
                self.help()
            elif isinstance(reply, Played):
                self.played(reply)
            elif isinstance(reply, Shown):
                self.draw(reply.game, full=True)
            elif isinstance(reply, Asked):
                self.ask(reply)
        self.say(
            _("the game is saved in {file}; go on with: pnp oucedonc play {file}").format(
                file=session.file
            ),
            "dim",
        )

    def played(self, reply: Played) -> None:
        """What a move did (a count as its table), then the board."""
        from generator.cli.oucedonc_board import counted
        from generator.games.oucedonc.events import Counted

        if isinstance(reply.event, Counted):
            self.console.print(counted(reply.event))
        else:
            self.say(reply.said, "bold")
        self.draw(reply.game)

    def ask(self, asked: Asked) -> None:
        """A line that means two places: the question, and the two answers to type."""
        self.say(f"? {asked.question.message()}", "bold yellow")
        for number, said in enumerate(asked.choices.said, start=1):
            self.say(f"  {number}  {said}", "bold")
        self.say(_("type 1 or 2 (or another line)"), "dim")

    def prompt(self, game: Game) -> str:
        from generator.products.referee.table import Due, table_view

        if self.session.asked is not None:
            return "1/2 › "
        view = table_view(game, recent=0)
        if view.due is Due.START:
            return _("start › ")
        if view.due in (Due.COUNT, Due.FINAL_COUNT):
            return _("count › ")
        if view.due is Due.OVER:
            return _("end › ")
        return f"{view.turn} › "

    def draw(self, game: Game, full: bool = False) -> None:
        """The board: the full panel when asked for (``board``), or when it fits the terminal's
        height; else the compact view, so the table never scrolls out of sight."""
        from generator.cli.oucedonc_board import Hints, board, compact
        from generator.products.referee.table import table_view

        view = table_view(game)
        file, width = str(self.session.file), self.console.width
        panel = board(view, width, file, Hints.SESSION)
        if full or self.view is BoardView.FULL:
            self.console.print(panel)
            return
        if self.view is BoardView.AUTO and self.fits(panel):
            self.console.print(panel)
            return
        self.console.print(compact(view, width, file, Hints.SESSION))

    def fits(self, panel: RenderableType) -> bool:
        """Does ``panel`` leave room on the terminal for the last move and the prompt? (A
        transcript that is no terminal has room for anything.)"""
        if not self.console.is_terminal:
            return True
        lines = self.console.render_lines(panel, self.console.options, pad=False)
        return len(lines) + ROOM <= self.console.height

    def help(self) -> None:
        from rich.table import Table
        from rich.text import Text

        from generator.products.referee.phrases import help_intro, help_lines

        self.say(help_intro(), "dim")
        lines = help_lines()
        if self.console.width < 70:  # a phone's terminal: the command, then what it does
            for typed, what in lines:
                self.say(typed, "bold")
                self.say(f"   {what}", "")
            return
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for typed, what in lines:
            table.add_row(Text(typed), Text(what))
        self.console.print(table)

    def say(self, message: str, style: str) -> None:
        from rich.text import Text

        self.console.print(Text(message, style=style))


def _sentence(error: Refusal | UserError) -> str:
    """A refusal in the command line's words; a file's error as it is."""
    if isinstance(error, Refusal):
        from generator.cli.refusals import sentence

        return sentence(error)
    return str(error)


# --------------------------------------------------------------------------- the command


def _ask_setup(
    terminal: Terminal, console: Console, deck: Path | None, players: str | None
) -> tuple[Path, Seats]:
    """What a new game needs and the command line did not give: the deck file and the players."""
    from rich.text import Text

    if deck is None:
        if DEFAULT_DECK.is_file():
            deck = DEFAULT_DECK
            console.print(
                Text(_("deck: {deck} (give --deck for another)").format(deck=deck), style="dim")
            )
        else:
            answer = terminal.ask(_("deck file (the .json beside the deck PDF) › "))
            if not answer or not answer.strip():
                raise UserError(
                    _("a new game needs the deck file: give --deck output/oucedonc/oucedonc.json")
                )
            deck = Path(answer.strip())
    if players is None:
        answer = terminal.ask(
            _("players, in playing order (Ana, Ben, Chloé; a team: Bleus=Ana+Ben) › ")
        )
        if not answer or not answer.strip():
            raise UserError(_("a new game needs its players: give --players Ana,Ben,Chloé"))
        players = answer
    from generator.products.referee.moves import seats

    return deck, seats(players)


PLAY_HELP = N_(
    "Referee a game at the table, one short line per move (French or English)."
    "\n\nCreates FILE when it does not exist (asking for the players, then the start card at"
    " the first prompt). Type 'help' (or 'aide') in the session for the commands."
    "\n\nExample: pnp oucedonc play partie.json --deck output/oucedonc/oucedonc.json"
)


def play(
    file: Annotated[
        Path,
        typer.Argument(
            metavar=N_("FILE"), help=N_("Game file: played on if it exists, created if not.")
        ),
    ],
    deck: Annotated[
        Path | None,
        typer.Option(
            "--deck",
            help=N_("For a new game: the deck file (default output/oucedonc/oucedonc.json)."),
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            help=N_("For a new game: the players in order (Ana,Ben,Chloé; a team: Bleus=Ana+Ben)."),
        ),
    ] = None,
    start_card: Annotated[
        str | None,
        typer.Option("--start", help=N_("For a new game: the start card turned over.")),
    ] = None,
    deal_mode: Annotated[
        bool, typer.Option("--deal", help=N_("For a new game: the referee deals a virtual deck."))
    ] = False,
    seed: Annotated[
        int | None, typer.Option("--seed", help=N_("With --deal: the seed of the shuffle."))
    ] = None,
    tokens: Annotated[
        int | None, typer.Option("--tokens", help=N_("For a new game: tokens each (default 4)."))
    ] = None,
    equal: Annotated[
        str, typer.Option("--equal-coordinates", help=N_("well-placed or misplaced (new game)."))
    ] = "well-placed",
    broke: Annotated[
        str, typer.Option("--broke-payer", help=N_("nothing or bank (new game)."))
    ] = "nothing",
    preceding: Annotated[
        str, typer.Option("--count-preceding", help=N_("on-table or original (new game)."))
    ] = "on-table",
    closest: Annotated[
        str, typer.Option("--closest-tie", help=N_("all or none (new game)."))
    ] = "all",
    exact_tie: Annotated[
        str, typer.Option("--exact-tie", help=N_("each or everyone (new game)."))
    ] = "each",
    view: Annotated[
        BoardView,
        typer.Option(
            "--board",
            case_sensitive=False,
            help=N_(
                "The board after each move: auto (the full panel when it fits the terminal, "
                "else the compact one), full or compact; 'board' in the session shows the full "
                "panel."
            ),
        ),
    ] = BoardView.AUTO,
) -> None:
    """The `play` command (its help: PLAY_HELP)."""
    import secrets

    from rich.text import Text

    from generator.cli import oucedonc_referee as referee_cli
    from generator.cli.common import data_console
    from generator.core.atomic import lstat_or_none
    from generator.products.referee import files
    from generator.products.referee.moves import new_game
    from generator.products.referee.session import Session

    console = data_console()  # names from the deck and the players: text, never markup
    if sys.stdin.isatty():
        terminal: Terminal = EditingTerminal()
    else:
        terminal = PipedTerminal(iter(sys.stdin), console)
    if lstat_or_none(file, "use") is None:
        if seed is not None and not deal_mode:
            raise UserError(
                _("--seed shuffles the referee's virtual deck: add --deal, or drop --seed")
            )
        deck_path, typed = _ask_setup(terminal, console, deck, players)
        loaded = files.read_deck(deck_path)
        options = referee_cli.rule_options(
            loaded, tokens, equal, broke, preceding, closest, exact_tie
        )
        game = new_game(
            loaded,
            typed.players,
            options,
            deal_seed=(seed if seed is not None else secrets.randbelow(1_000_000))
            if deal_mode
            else None,
            start_card=start_card,
            teams=typed.teams,
        )
        files.write_new_game(file, game)  # only if still free: another session may create it
        said = referee_cli.new_game_line(game)
        console.print(
            Text(_("new game in {file}: {said}").format(file=file, said=said), style="bold")
        )
    elif deck is not None or players is not None or start_card is not None or deal_mode:
        raise UserError(
            _(
                "{file} already exists, so --deck, --players, --start and --deal are not used; "
                "drop them to play on, or give a new file name"
            ).format(file=file)
        )
    Loop(Session.open(file), terminal, console, view).run()
