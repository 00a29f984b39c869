"""The Oucédonc table drawn in a terminal (``game show`` and the ``play`` session), with rich.

The cross keeps north up and west left, the column centred over the start card. Nothing is ever
cut: the row is drawn with full names and card ids when it fits the width, then with names
alone, then with ids alone (the ids printed on the cards, with a key of names under it), and on
a very narrow screen (a phone's terminal, 40 columns) as a list from west to east. Every card
of the column is on a line of its own, wrapped rather than cut if it must be.

Every name comes from data or players: it goes into rich as :class:`Text`, never as markup.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from generator.games.oucedonc.game import Phase
from generator.games.oucedonc.gamefile import Game, history
from generator.games.oucedonc.table import Table

if TYPE_CHECKING:  # rich is imported by the functions that draw: 'game place' prints plain lines
    from rich.console import Console, RenderableType
    from rich.panel import Panel
    from rich.text import Text

SEPARATOR = " ─ "
RECENT = 4  # moves recalled under the table
PANEL_MARGIN = 4  # the panel's border and padding


class RowStyle(Enum):
    """How the west–east row is written, from the most to the least room it needs."""

    NAMES_AND_IDS = "names and ids"
    NAMES = "names"
    IDS = "ids"
    LIST = "list"


@dataclass(frozen=True)
class Marks:
    """What the labels mark: the start card and the card just placed (open to a doubt)."""

    start: str
    pending: str | None


def label(card: str, names: dict[str, str], marks: Marks, *, name: bool, card_id: bool) -> Text:
    """``[Lyon P11]`` for the start card, ``Brest P05?`` for the card open to a doubt."""
    from rich.text import Text

    parts = []
    if name:
        parts.append(names[card])
    if card_id:
        parts.append(card)
    text = " ".join(parts)
    if card == marks.start:
        return Text(f"[{text}]", style="bold black on yellow")
    if card == marks.pending:
        return Text(f"{text}?", style="bold cyan")
    return Text(text, style="bold")


def _row(cards: Sequence[str], names: dict[str, str], marks: Marks, style: RowStyle) -> list[Text]:
    name = style in (RowStyle.NAMES_AND_IDS, RowStyle.NAMES)
    card_id = style in (RowStyle.NAMES_AND_IDS, RowStyle.IDS)
    return [label(card, names, marks, name=name, card_id=card_id) for card in cards]


def row_style(table: Table, names: dict[str, str], pending: str | None, width: int) -> RowStyle:
    """The roomiest way of writing the row that fits ``width`` columns with "W " and " E"."""
    marks = Marks(table.start, pending)
    for style in (RowStyle.NAMES_AND_IDS, RowStyle.NAMES, RowStyle.IDS):
        labels = _row(table.row, names, marks, style)
        length = sum(t.cell_len for t in labels) + len(SEPARATOR) * (len(labels) - 1) + 4
        if length <= width:
            return style
    return RowStyle.LIST


def cross(table: Table, names: dict[str, str], pending: str | None, width: int) -> Text:
    """The column (north at the top) and the row (west on the left) crossing at the start card."""
    from rich.text import Text

    marks = Marks(table.start, pending)
    style = row_style(table, names, pending, width)
    out = Text(no_wrap=False, overflow="fold")
    column_labels = [label(card, names, marks, name=True, card_id=True) for card in table.column]
    if style is RowStyle.LIST:
        return _listed(table, names, marks, column_labels, width)
    row_labels = _row(table.row, names, marks, style)
    row = Text(SEPARATOR, style="dim").join(row_labels)
    start_at = table.row.index(table.start)
    before = sum(t.cell_len for t in row_labels[:start_at]) + len(SEPARATOR) * start_at
    centre = 2 + before + row_labels[start_at].cell_len // 2  # the row is drawn after "W "
    # Shift the whole cross right so the column's widest label is centred too, if there is room.
    widest = max(t.cell_len for t in column_labels)
    indent = max(0, min(widest // 2 - centre, width - row.cell_len - 4))
    centre += indent
    column_at = table.column.index(table.start)
    out.append(" " * centre + "N\n", style="dim")
    out.append(" " * centre + "│\n", style="dim")
    for index, card_label in enumerate(column_labels):
        if index == column_at:
            out.append(" " * indent + "W ", style="dim")
            out.append_text(row)
            out.append(" E\n", style="dim")
        else:
            pad = max(0, min(centre - card_label.cell_len // 2, width - card_label.cell_len))
            out.append(" " * pad)
            out.append_text(card_label)
            out.append("\n")
        out.append(" " * centre + "│\n", style="dim")
    out.append(" " * centre + "S", style="dim")
    if style is RowStyle.IDS:
        out.append("\n")
        out.append_text(_key(table.row, table.start, names))
    return out


def _key(cards: Sequence[str], start: str, names: dict[str, str]) -> Text:
    """``P05 Brest · P12 Quimper``: the names of cards shown by their id alone."""
    from rich.text import Text

    key = Text("row: ", style="dim")
    entries = [
        Text(f"[{card} {names[card]}]" if card == start else f"{card} {names[card]}")
        for card in cards
    ]
    key.append_text(Text(" · ", style="dim").join(entries))
    return key


def _listed(
    table: Table, names: dict[str, str], marks: Marks, column: list[Text], width: int
) -> Text:
    """A narrow screen: the column from north to south, then the row from west to east."""
    from rich.text import Text

    out = Text(overflow="fold")
    out.append("N ↑ north–south column\n", style="dim")
    for card_label in column:
        out.append("  ")
        out.append_text(card_label)
        out.append("\n")
    out.append("S ↓\n", style="dim")
    out.append("W → E west–east row\n", style="dim")
    for card in table.row:
        out.append("  ")
        out.append_text(label(card, names, marks, name=True, card_id=True))
        out.append("\n")
    out.append("E", style="dim")
    return out


# --------------------------------------------------------------------------- what is due


class Hints(Enum):
    """Which commands the status lines suggest: the one-shot commands, or the session's."""

    COMMANDS = "commands"
    SESSION = "session"


def status_lines(game: Game, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> list[str]:
    """What is due next, with what to type (the file name quoted for the shell)."""
    quoted = shlex.quote(file)
    session = hints is Hints.SESSION
    setup, state = game.setup, game.state
    names = setup.names()
    phase = state.phase(setup)
    current = setup.players[state.turn]
    lines: list[str] = []

    def command(one_shot: str, typed: str) -> str:
        return typed if session else f"pnp oucedonc game {one_shot}"

    if state.pending is not None and phase is not Phase.OVER:
        placer = setup.players[state.pending.player]
        pending = names[state.pending.card]
        lines.append(
            f"{pending} (placed by {placer}) can still be doubted: "
            + command(
                f"doubt {quoted} --by PLAYER --neighbour X", "doute PLAYER X / doubt PLAYER X"
            )
        )
    if phase is Phase.START:
        what = "the first start card" if not state.counts else "a new start card"
        lines.append(
            f"turn {what} over from the reserve and record it: "
            + command(f"start {quoted} CARD", "type its name")
        )
    elif phase is Phase.PLAY:
        drawn = state.drawn(setup)
        if drawn is not None:
            lines.append(
                f"{current}'s turn: {current} drew {names[drawn]} ({drawn}); place it: "
                + command(
                    f"place {quoted} {drawn} --north-of X …", f"{drawn} n X, {drawn} entre X Y"
                )
            )
        else:
            left = setup.pack_size - state.in_pack
            lines.append(
                f"{current}'s turn: draw a card and place it ({left} left in pack "
                f"{state.pack_number(setup)}): "
                + command(f"place {quoted} CARD --north-of X …", "CARD n X, CARD entre X Y")
            )
    elif phase is Phase.COUNT:
        why = (
            f"{current} drew an Intermède"
            if not setup.physical or state.intermede
            else f"pack {state.pack_number(setup)} is played: the Intermède is next"
        )
        lines.append(
            f"{why}: interim count due: "
            + command(
                f"count {quoted} --estimate PLAYER=N for every player",
                "compte " + " ".join(f"{p}=N" for p in setup.players),
            )
        )
    elif phase is Phase.FINAL_COUNT:
        lines.append(
            "the packs are used up: final count due: "
            + command(
                f"count {quoted} --estimate PLAYER=N for every player",
                "compte " + " ".join(f"{p}=N" for p in setup.players),
            )
        )
    else:
        winners = state.winners(setup)
        best = max(state.tokens)
        if len(winners) == 1:
            lines.append(f"game over: {winners[0]} wins with {best} tokens")
        else:
            lines.append(
                f"game over: {' and '.join(winners)} share the victory with {best} tokens each"
            )
    return lines


def pack_line(game: Game) -> str:
    setup, state = game.setup, game.state
    pack = state.pack_number(setup)
    done = f"{len(state.counts)} count{'s' if len(state.counts) != 1 else ''} done"
    if state.over:
        return f"{setup.packs} packs played · {done}"
    if setup.physical:
        drawn = f"{state.in_pack} of {setup.pack_size} cards drawn"
        if state.intermede:
            drawn = f"Intermède after {state.in_pack} cards"
        out = len(state.out_of_play)
        return f"pack {pack} of {setup.packs}: {drawn} · {out} out of the game · {done}"
    left = state.cards_left(setup)
    return (
        f"pack {pack} of {setup.packs} · {left} card{'s' if left != 1 else ''} left in the packs · "
        f"{len(setup.reserve) - state.starts_used} start card(s) in reserve · {done}"
    )


def board(game: Game, width: int, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> Panel:
    """The whole board: the cross, the tokens, the packs, the last moves and what is due."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table as RichTable
    from rich.text import Text

    setup, state = game.setup, game.state
    names = setup.names()
    inner = max(20, width - PANEL_MARGIN)
    parts: list[RenderableType] = []
    if state.table is not None:
        pending = state.pending.card if state.pending else None
        parts.append(cross(state.table, names, pending, inner))
    else:
        empty = "the game is over" if state.over else "no start card on the table yet"
        parts.append(Text(empty, style="dim"))
    scores = RichTable(box=None, show_header=True, header_style="bold", padding=(0, 2))
    scores.add_column("player", overflow="fold")
    scores.add_column("tokens", justify="right")
    scores.add_column("")
    phase = state.phase(setup)
    winners = state.winners(setup) if phase is Phase.OVER else ()
    for index, (player, tokens) in enumerate(zip(setup.players, state.tokens, strict=True)):
        plays = index == state.turn and phase in (Phase.PLAY, Phase.COUNT, Phase.START)
        mark = "winner" if player in winners else ("to play" if plays else "")
        scores.add_row(Text(player), str(tokens), mark, style="bold green" if mark else None)
    info = Text(pack_line(game), style="dim")
    info.append("\n[start card] · name? = the card just placed, open to a doubt", style="dim")
    parts += [Text(""), scores, Text(""), info]
    recent = history(game)[-RECENT:]
    if recent:
        parts.append(Text(""))
        parts.append(Text("last moves:", style="dim"))
        for line in recent:
            parts.append(Text(f"  {line}", style="dim"))
    parts.append(Text(""))
    for line in status_lines(game, file, hints):
        parts.append(Text(line, style="bold" if "due" in line or "over" in line else ""))
    title = Text(f"Oucédonc · {setup.deck.title}")
    return Panel(Group(*parts), title=title, title_align="left", expand=False, width=None)


def show(game: Game, console: Console, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> None:
    console.print(board(game, console.width, file, hints))
