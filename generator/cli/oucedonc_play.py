"""`pnp oucedonc play FILE`: the referee as a prompt for the table.

One line per move, in French or English whatever the language the command line speaks
(:mod:`generator.games.oucedonc.phrases`); the session speaks the command line's language (its
prompts, help, messages and board). The board is redrawn after each move. Every move goes
through the game file exactly as the one-shot commands do
(:func:`generator.cli.oucedonc_referee.update_game`: locked from the read to the atomic write,
the line parsed against the file as it is then), so the session can be killed at any moment
and loses at most the line being typed, and ``pnp oucedonc game …`` can be used on the same
file at any time, from another terminal too.

The line editor is prompt_toolkit (tab completion of commands, card and player names, history
with the arrow keys, Ctrl-C to drop a line, Ctrl-D to leave): a well-kept pure-Python library
that works the same on Linux, macOS and Windows consoles, where the standard ``readline`` is
missing or is libedit. When standard input is not a terminal (commands piped in, a test),
lines are read plainly and echoed after the prompt, so the transcript reads like the session.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.core.errors import UserError
from generator.core.i18n import N_, _

if TYPE_CHECKING:
    from rich.console import Console

    from generator.games.oucedonc.gamefile import Game

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

        self.console.print(Text(prompt + one_line(line), style="bold"))  # typed, shown as text
        return line


@dataclass
class EditingTerminal(Terminal):
    """A real terminal: prompt_toolkit's line editor, with completion and history."""

    session: object = field(default=None)

    def __post_init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.session = PromptSession(history=InMemoryHistory())

    def ask(self, prompt: str, completer: Completer | None = None) -> str | None:
        while True:
            try:
                return self.session.prompt(  # type: ignore[attr-defined]
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
    """What Tab offers: commands, then the names that make sense where the cursor is."""

    game: Game

    def candidates(self, before: str) -> tuple[str, list[str]]:
        """(the fragment being typed, the names that could complete it), for the text before
        the cursor. The fragment is everything after the last keyword, so names with spaces
        ("Saint-Malo", "Le Havre") complete whole."""
        from generator.games.oucedonc import phrases
        from generator.games.oucedonc.names import name_key
        from generator.games.oucedonc.referee import on_table, playable_cards

        setup = self.game.setup
        names = setup.names()
        words = before.split(" ")
        keys = [name_key(w) for w in words]
        # Where does the fragment start? After the last word that is a keyword.
        last = -1
        for index, key in enumerate(keys[:-1]):
            if (index == 0 and phrases.command_of(key)) or (
                index > 0  # "l isle…": a card's name may start with a little word
                and (
                    key in phrases.DIRECTIONS
                    or key in phrases.BETWEEN
                    or key in phrases.AND
                    or key in phrases.FILLERS
                )
            ):
                last = index
        fragment = " ".join(words[last + 1 :])
        head = keys[: last + 1]
        command = phrases.command_of(head[0]) if head else None
        if not head:
            options = [names[c] for c in playable_cards(self.game)] + list(phrases.SHORT_WORDS)
        elif command == "doubt":
            pending = self.game.state.pending
            neighbours = (
                [names[n] for n in self.game.state.table.neighbours(pending.card)]
                if pending is not None and self.game.state.table is not None
                else []
            )
            options = list(setup.players) + neighbours
            players = {name_key(player) for player in setup.players}
            typed_words = words[last + 1 :]
            for k in range(1, len(typed_words)):  # "doute jean luc ly": the player is typed
                if name_key(" ".join(typed_words[:k])) in players:
                    fragment, options = " ".join(typed_words[k:]), neighbours
        elif command == "count":
            options = [f"{player}=" for player in setup.players]
        elif command == "start":
            options = [names[c] for c in playable_cards(self.game)]
        else:
            options = [names[c] for c in on_table(self.game)]
        typed = name_key(fragment)
        found = [
            option
            for option in options
            if name_key(option).startswith(typed)
            or name_key(option).replace(" ", "").startswith(typed.replace(" ", ""))
        ]
        return fragment, sorted(set(found), key=name_key)

    def prompt_toolkit(self):  # -> prompt_toolkit.completion.Completer
        from prompt_toolkit.completion import Completer as Base
        from prompt_toolkit.completion import Completion

        outer = self

        class _Names(Base):
            def get_completions(self, document, complete_event):
                fragment, found = outer.candidates(document.text_before_cursor)
                for name in found:
                    yield Completion(name, start_position=-len(fragment))

        return _Names()


# --------------------------------------------------------------------------- the session


@dataclass
class Session:
    """The loop: read a line, play it through the game file, say what happened, redraw."""

    file: Path
    terminal: Terminal
    console: Console
    update: Callable[[Path, Callable[[Game], tuple[Game, str]]], tuple[Game, str]]
    load: Callable[[Path], Game]

    def run(self) -> None:
        game = self.load(self.file)
        seen = self.stamp()
        self.draw(game)
        while True:
            line = self.terminal.ask(self.prompt(game), Completer(game))
            if line is None:
                break
            if self.stamp() != seen:  # a one-shot command (or another session) played meanwhile
                game = self.load(self.file)
                self.say(
                    _("{file} was changed by another command: the board as it is now").format(
                        file=self.file
                    ),
                    "dim",
                )
                self.draw(game)
            try:
                outcome = self.step(line, game)
            except UserError as exc:
                self.say(f"✗ {exc}", "bold red")
                continue
            if outcome is None:
                continue
            if outcome == "quit":
                break
            if outcome == "help":
                self.help()
                continue
            game, message = outcome
            seen = self.stamp()
            if message:
                self.say(message, "bold")
            self.draw(game)
        self.say(
            _("the game is saved in {file}; go on with: pnp oucedonc play {file}").format(
                file=self.file
            ),
            "dim",
        )

    def stamp(self) -> tuple[int, int] | None:
        """When and how big the game file was last written (to notice another command's move)."""
        try:
            status = self.file.stat()
        except OSError:
            return None
        return (status.st_mtime_ns, status.st_size)

    def step(self, line: str, game: Game):
        """None (nothing to do), "quit", "help", or (game, message) after a move or a redraw.

        A move is parsed against the game file as it is when the lock is held, not as it was
        last drawn: another command may have played in between."""
        from generator.games.oucedonc.gamefile import describe_undone
        from generator.games.oucedonc.phrases import Play, Word, parse, word

        action = word(line)
        if action is None and not line.strip():
            return None
        if action is Word.QUIT:
            return "quit"
        if action is Word.HELP:
            return "help"
        if action is Word.BOARD:
            return self.load(self.file), ""
        if action is Word.UNDO:

            def take_back(current: Game) -> tuple[Game, str]:
                previous, dropped = current.undo()
                return previous, describe_undone(current, dropped)

            return self.update(self.file, take_back)

        def play_line(current: Game) -> tuple[Game, str]:
            again = parse(line, current)  # the file as it is now: another command may have played
            assert isinstance(again, Play)
            new, event = current.play(again.move)
            return new, event.text

        return self.update(self.file, play_line)

    def prompt(self, game: Game) -> str:
        from generator.games.oucedonc.game import Phase

        setup, state = game.setup, game.state
        phase = state.phase(setup)
        if phase is Phase.START:
            return _("start › ")
        if phase in (Phase.COUNT, Phase.FINAL_COUNT):
            return _("count › ")
        if phase is Phase.OVER:
            return _("end › ")
        return f"{setup.players[state.turn]} › "

    def draw(self, game: Game) -> None:
        from generator.cli.oucedonc_board import Hints, board

        self.console.print(board(game, self.console.width, str(self.file), Hints.SESSION))

    def help(self) -> None:
        from rich.table import Table
        from rich.text import Text

        from generator.games.oucedonc.phrases import help_intro, help_lines

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


# --------------------------------------------------------------------------- the command


def _ask_setup(terminal: Terminal, console: Console, deck: Path | None, players: str | None):
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
    from generator.games.oucedonc.referee import new_game_from_options

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
        loaded = referee_cli._load_deck(deck_path)
        options = referee_cli.rule_options(
            loaded, tokens, equal, broke, preceding, closest, exact_tie
        )
        game, said = new_game_from_options(
            loaded,
            names,
            options,
            deal_seed=(seed if seed is not None else secrets.randbelow(1_000_000))
            if deal_mode
            else None,
            start=start_card,
        )
        referee_cli._save_game(
            file, game, exclusive=True
        )  # another session may create it meanwhile
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
    Session(
        file=file,
        terminal=terminal,
        console=console,
        update=referee_cli.update_game,
        load=referee_cli._load_game,
    ).run()
