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
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.core.errors import UserError
from generator.core.i18n import N_, _
from generator.core.refusal import Refusal

if TYPE_CHECKING:
    from prompt_toolkit.completion import Completer as ToolkitCompleter
    from rich.console import Console

    from generator.games.oucedonc.gamefile import Game
    from generator.products.referee.session import Session

DEFAULT_DECK = Path("output/oucedonc/oucedonc.json")  # what `make kit` writes


# --------------------------------------------------------------------------- terminals


class Terminal:
    """Where lines come from: :class:`PipedTerminal` or :class:`EditingTerminal`."""

    def ask(self, prompt: str, completer: Completer | None = None) -> str | None:
        """The next line typed (None at the end of input)."""
        raise NotImplementedError


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


@dataclass
class Completer:
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


@dataclass
class Loop:
    """The session at a terminal: ask for a line, let the referee answer, print, redraw."""

    session: Session
    terminal: Terminal
    console: Console

    def run(self) -> None:
        from generator.products.referee.phrases import Word
        from generator.products.referee.session import Played, Shown

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
                self.say(reply.said, "bold")
                self.draw(reply.game)
            elif isinstance(reply, Shown):
                self.draw(reply.game)
        self.say(
            _("the game is saved in {file}; go on with: pnp oucedonc play {file}").format(
                file=session.file
            ),
            "dim",
        )

    def prompt(self, game: Game) -> str:
        from generator.products.referee.table import Due, table_view

        view = table_view(game, recent=0)
        if view.due is Due.START:
            return _("start › ")
        if view.due in (Due.COUNT, Due.FINAL_COUNT):
            return _("count › ")
        if view.due is Due.OVER:
            return _("end › ")
        return f"{view.turn} › "

    def draw(self, game: Game) -> None:
        from generator.cli.oucedonc_board import Hints, board
        from generator.products.referee.table import table_view

        view = table_view(game)
        self.console.print(board(view, self.console.width, str(self.session.file), Hints.SESSION))

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
) -> tuple[Path, list[str]]:
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
        answer = terminal.ask(_("players, in playing order (Ana, Ben, Chloé) › "))
        if not answer or not answer.strip():
            raise UserError(_("a new game needs its players: give --players Ana,Ben,Chloé"))
        players = answer
    return deck, [name.strip() for name in players.split(",")]


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
            metavar="FILE", help=N_("Game file: played on if it exists, created if not.")
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
        typer.Option("--players", help=N_("For a new game: the players in order (Ana,Ben,Chloé).")),
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
        deck_path, names = _ask_setup(terminal, console, deck, players)
        loaded = files.read_deck(deck_path)
        options = referee_cli.rule_options(
            loaded, tokens, equal, broke, preceding, closest, exact_tie
        )
        game = new_game(
            loaded,
            names,
            options,
            deal_seed=(seed if seed is not None else secrets.randbelow(1_000_000))
            if deal_mode
            else None,
            start_card=start_card,
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
    Loop(Session.open(file), terminal, console).run()
