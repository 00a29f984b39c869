"""The Oucédonc table drawn in a terminal (``game show`` and the ``play`` session), with rich:
the command line's view of the referee's :class:`~generator.products.referee.table.TableView`.

The cross keeps north up and west left, the column centred over the start card. Nothing is ever
cut: the row is drawn with full names and card ids when it fits the width, then with names
alone, then with ids alone (the ids printed on the cards, with a key of names under it), and on
a very narrow screen (a phone's terminal, 40 columns) as a list from west to east. Every card
of the column is on a line of its own, wrapped rather than cut if it must be.

Every name comes from data or players: it goes into rich as :class:`Text`, never as markup.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from generator.core.i18n import _, listed, ngettext
from generator.products.referee.table import CountCause, Cross, Due, TableView, table_view

if TYPE_CHECKING:  # rich is imported by the functions that draw: 'game place' prints plain lines
    from rich.console import Console, RenderableType
    from rich.panel import Panel
    from rich.text import Text

    from generator.games.oucedonc.events import CardRef
    from generator.games.oucedonc.gamefile import Game

SEPARATOR = " ─ "
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


def label(card: CardRef, marks: Marks, *, name: bool, card_id: bool) -> Text:
    """``[Lyon P11]`` for the start card, ``Brest P05?`` for the card open to a doubt."""
    from rich.text import Text

    parts = []
    if name:
        parts.append(card.name)
    if card_id:
        parts.append(card.id)
    text = " ".join(parts)
    if card.id == marks.start:
        return Text(f"[{text}]", style="bold black on yellow")
    if card.id == marks.pending:
        return Text(f"{text}?", style="bold cyan")
    return Text(text, style="bold")


def _row(cards: Sequence[CardRef], marks: Marks, style: RowStyle) -> list[Text]:
    name = style in (RowStyle.NAMES_AND_IDS, RowStyle.NAMES)
    card_id = style in (RowStyle.NAMES_AND_IDS, RowStyle.IDS)
    return [label(card, marks, name=name, card_id=card_id) for card in cards]


def row_style(cards: Cross, width: int) -> RowStyle:
    """The roomiest way of writing the row that fits ``width`` columns with "W " and " E"."""
    marks = Marks(cards.start.id, cards.pending)
    for style in (RowStyle.NAMES_AND_IDS, RowStyle.NAMES, RowStyle.IDS):
        labels = _row(cards.row, marks, style)
        length = sum(t.cell_len for t in labels) + len(SEPARATOR) * (len(labels) - 1) + 4
        if length <= width:
            return style
    return RowStyle.LIST


def compass() -> tuple[str, str, str, str]:
    """The letters of north, south, west and east at the ends of the cross (one letter each:
    the cross is laid out for it)."""
    # TRANSLATORS: one letter each, the compass points at the ends of the board's cross
    return _("N"), _("S"), _("W"), _("E")


def cross(cards: Cross, width: int) -> Text:
    """The column (north at the top) and the row (west on the left) crossing at the start card."""
    from rich.text import Text

    marks = Marks(cards.start.id, cards.pending)
    style = row_style(cards, width)
    out = Text(no_wrap=False, overflow="fold")
    column_labels = [label(card, marks, name=True, card_id=True) for card in cards.column]
    if style is RowStyle.LIST:
        return _listed(cards, marks, column_labels)
    row_labels = _row(cards.row, marks, style)
    row = Text(SEPARATOR, style="dim").join(row_labels)
    start_at = [card.id for card in cards.row].index(cards.start.id)
    before = sum(t.cell_len for t in row_labels[:start_at]) + len(SEPARATOR) * start_at
    centre = 2 + before + row_labels[start_at].cell_len // 2  # the row is drawn after "W "
    # Shift the whole cross right so the column's widest label is centred too, if there is room.
    widest = max(t.cell_len for t in column_labels)
    indent = max(0, min(widest // 2 - centre, width - row.cell_len - 4))
    centre += indent
    column_at = [card.id for card in cards.column].index(cards.start.id)
    north, south, west, east = compass()
    out.append(" " * centre + north + "\n", style="dim")
    out.append(" " * centre + "│\n", style="dim")
    for index, card_label in enumerate(column_labels):
        if index == column_at:
            out.append(" " * indent + west + " ", style="dim")
            out.append_text(row)
            out.append(" " + east + "\n", style="dim")
        else:
            pad = max(0, min(centre - card_label.cell_len // 2, width - card_label.cell_len))
            out.append(" " * pad)
            out.append_text(card_label)
            out.append("\n")
        out.append(" " * centre + "│\n", style="dim")
    out.append(" " * centre + south, style="dim")
    if style is RowStyle.IDS:
        out.append("\n")
        out.append_text(_key(cards.row, cards.start.id))
    return out


def _key(cards: Sequence[CardRef], start: str) -> Text:
    """``P05 Brest · P12 Quimper``: the names of cards shown by their id alone."""
    from rich.text import Text

    key = Text(_("row: "), style="dim")
    entries = [
        Text(f"[{card.id} {card.name}]" if card.id == start else f"{card.id} {card.name}")
        for card in cards
    ]
    key.append_text(Text(" · ", style="dim").join(entries))
    return key


def _listed(cards: Cross, marks: Marks, column: list[Text]) -> Text:
    """A narrow screen: the column from north to south, then the row from west to east."""
    from rich.text import Text

    out = Text(overflow="fold")
    out.append(_("N ↑ north–south column") + "\n", style="dim")
    for card_label in column:
        out.append("  ")
        out.append_text(card_label)
        out.append("\n")
    out.append(_("S ↓") + "\n", style="dim")
    out.append(_("W → E west–east row") + "\n", style="dim")
    for card in cards.row:
        out.append("  ")
        out.append_text(label(card, marks, name=True, card_id=True))
        out.append("\n")
    out.append(compass()[3], style="dim")
    return out


# --------------------------------------------------------------------------- what is due


class Hints(Enum):
    """Which commands the status lines suggest: the one-shot commands, or the session's."""

    COMMANDS = "commands"
    SESSION = "session"


def status_lines(view: TableView, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> list[str]:
    """What is due next, with what to type (the file name quoted for the shell)."""
    quoted = shlex.quote(file)
    session = hints is Hints.SESSION

    def command(one_shot: str, typed: str) -> str:
        return typed if session else f"pnp oucedonc game {one_shot}"

    lines: list[str] = []
    doubtable = view.open_to_doubt
    if doubtable is not None:
        lines.append(
            _("{card} (placed by {player}) can still be doubted: {command}").format(
                card=doubtable.card.name,
                player=doubtable.placed_by,
                command=command(
                    f"doubt {quoted} --by PLAYER --neighbour X",
                    _("doubt {player} X").format(player=_("PLAYER")),
                ),
            )
        )
    lines.append(_due_line(view, quoted, command))
    return lines


def _due_line(view: TableView, quoted: str, command: Callable[[str, str], str]) -> str:
    """The last status line: what the table waits for, and what to type."""
    # What to type: the one-shot commands are the same in every language; the session's words
    # are the command line's language's (both are read, see products/referee/phrases.py).
    if view.due is Due.START:
        message = (
            _("turn the first start card over from the reserve and record it: {command}")
            if view.first_start
            else _("turn a new start card over from the reserve and record it: {command}")
        )
        return message.format(command=command(f"start {quoted} CARD", _("type its name")))
    if view.due is Due.PLACE:
        return _place_line(view, quoted, command)
    count_typed = _("count {estimates}").format(
        estimates=" ".join(f"{seat.name}=N" for seat in view.seats)
    )
    count_command = _("count {file} --estimate PLAYER=N for every player").format(file=quoted)
    if view.due is Due.COUNT:
        why = (
            _("{player} drew an Intermède").format(player=view.turn)
            if view.count_cause is CountCause.INTERMEDE
            else _("pack {pack} is played: the Intermède is next").format(pack=view.packs.pack)
        )
        return _("{why}: interim count due: {command}").format(
            why=why, command=command(count_command, count_typed)
        )
    if view.due is Due.FINAL_COUNT:
        return _("the packs are used up: final count due: {command}").format(
            command=command(count_command, count_typed)
        )
    return game_over(view)


def _place_line(view: TableView, quoted: str, command: Callable[[str, str], str]) -> str:
    if view.drawn is not None:
        return _("{player}'s turn: {player} drew {card} ({id}); place it: {command}").format(
            player=view.turn,
            card=view.drawn.name,
            id=view.drawn.id,
            command=command(
                f"place {quoted} {view.drawn.id} --north-of X …",
                _("{card} n X, {card} between X Y").format(card=view.drawn.id),
            ),
        )
    left = view.packs.pack_size - view.packs.in_pack
    return ngettext(
        "{player}'s turn: draw a card and place it ({n} left in pack {pack}): {command}",
        "{player}'s turn: draw a card and place it ({n} left in pack {pack}): {command}",
        left,
    ).format(
        player=view.turn,
        n=left,
        pack=view.packs.pack,
        command=command(
            f"place {quoted} CARD --north-of X …",
            _("{card} n X, {card} between X Y").format(card=_("CARD")),
        ),
    )


def game_over(view: TableView) -> str:
    """ "game over: Ana wins with 7 tokens" (the end of a game, in the board and the session)."""
    winners, best = view.winners, view.best
    if len(winners) == 1:
        return ngettext(
            "game over: {player} wins with {n} token",
            "game over: {player} wins with {n} tokens",
            best,
        ).format(player=winners[0], n=best)
    return ngettext(
        "game over: {players} share the victory with {n} token each",
        "game over: {players} share the victory with {n} tokens each",
        best,
    ).format(players=listed(winners), n=best)


def pack_line(view: TableView) -> str:
    packs = view.packs
    done = ngettext("{n} count done", "{n} counts done", packs.counts_done).format(
        n=packs.counts_done
    )
    if view.over:
        played = ngettext("{n} pack played", "{n} packs played", packs.packs).format(n=packs.packs)
        return f"{played} · {done}"
    this_pack = _("pack {pack} of {packs}").format(pack=packs.pack, packs=packs.packs)
    if packs.starts_in_reserve is None:  # physical: the packs as the deck file counts them
        if packs.intermede:
            drawn = ngettext(
                "Intermède after {n} card", "Intermède after {n} cards", packs.in_pack
            ).format(n=packs.in_pack)
        else:
            drawn = ngettext(
                "{n} of {size} card drawn", "{n} of {size} cards drawn", packs.pack_size
            ).format(n=packs.in_pack, size=packs.pack_size)
        out = packs.out_of_play
        gone = ngettext("{n} out of the game", "{n} out of the game", out).format(n=out)
        return _("{pack}: {drawn} · {out} · {done}").format(
            pack=this_pack, drawn=drawn, out=gone, done=done
        )
    left, reserve = packs.cards_left, packs.starts_in_reserve
    return " · ".join(
        (
            this_pack,
            ngettext("{n} card left in the packs", "{n} cards left in the packs", left).format(
                n=left
            ),
            ngettext("{n} start card in reserve", "{n} start cards in reserve", reserve).format(
                n=reserve
            ),
            done,
        )
    )


def board(view: TableView, width: int, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> Panel:
    """The whole board: the cross, the tokens, the packs, the last moves and what is due."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table as RichTable
    from rich.text import Text

    inner = max(20, width - PANEL_MARGIN)
    parts: list[RenderableType] = []
    if view.cross is not None:
        parts.append(cross(view.cross, inner))
    else:
        empty = _("the game is over") if view.over else _("no start card on the table yet")
        parts.append(Text(empty, style="dim"))
    scores = RichTable(box=None, show_header=True, header_style="bold", padding=(0, 2))
    scores.add_column(_("player"), overflow="fold")
    scores.add_column(_("tokens"), justify="right")
    scores.add_column("")
    for seat in view.seats:
        mark = _("winner") if seat.winner else (_("to play") if seat.to_play else "")
        scores.add_row(
            Text(seat.name), str(seat.tokens), mark, style="bold green" if mark else None
        )
    info = Text(pack_line(view), style="dim")
    info.append(
        "\n" + _("[start card] · name? = the card just placed, open to a doubt"), style="dim"
    )
    parts += [Text(""), scores, Text(""), info]
    if view.recent:
        parts.append(Text(""))
        parts.append(Text(_("last moves:"), style="dim"))
        for event in view.recent:
            parts.append(Text(f"  {event.text}", style="dim"))
    parts.append(Text(""))
    # What is due stands out: a start card, a count, the end (the last line says it).
    due = view.due in (Due.START, Due.COUNT, Due.FINAL_COUNT, Due.OVER)
    lines = status_lines(view, file, hints)
    for number, line in enumerate(lines, start=1):
        parts.append(Text(line, style="bold" if due and number == len(lines) else ""))
    title = Text(f"Oucédonc · {view.title}")
    return Panel(Group(*parts), title=title, title_align="left", expand=False, width=None)


def show(game: Game, console: Console, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> None:
    console.print(board(table_view(game), console.width, file, hints))
