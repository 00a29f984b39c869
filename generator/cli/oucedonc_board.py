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

from generator.core.i18n import _, ngettext
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


def compass() -> tuple[str, str, str, str]:
    """The letters of north, south, west and east at the ends of the cross (one letter each:
    the cross is laid out for it)."""
    # TRANSLATORS: one letter each, the compass points at the ends of the board's cross
    return _("N"), _("S"), _("W"), _("E")


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
        out.append_text(_key(table.row, table.start, names))
    return out


def _key(cards: Sequence[str], start: str, names: dict[str, str]) -> Text:
    """``P05 Brest · P12 Quimper``: the names of cards shown by their id alone."""
    from rich.text import Text

    key = Text(_("row: "), style="dim")
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
    out.append(_("N ↑ north–south column") + "\n", style="dim")
    for card_label in column:
        out.append("  ")
        out.append_text(card_label)
        out.append("\n")
    out.append(_("S ↓") + "\n", style="dim")
    out.append(_("W → E west–east row") + "\n", style="dim")
    for card in table.row:
        out.append("  ")
        out.append_text(label(card, names, marks, name=True, card_id=True))
        out.append("\n")
    out.append(compass()[3], style="dim")
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

    # What to type: the one-shot commands are the same in every language; the session's words
    # are the command line's language's (both are read, see phrases.py).
    player_word, card_word = _("PLAYER"), _("CARD")
    count_typed = _("count {estimates}").format(estimates=" ".join(f"{p}=N" for p in setup.players))
    count_command = _("count {file} --estimate PLAYER=N for every player").format(file=quoted)
    if state.pending is not None and phase is not Phase.OVER:
        lines.append(
            _("{card} (placed by {player}) can still be doubted: {command}").format(
                card=names[state.pending.card],
                player=setup.players[state.pending.player],
                command=command(
                    f"doubt {quoted} --by PLAYER --neighbour X",
                    _("doubt {player} X").format(player=player_word),
                ),
            )
        )
    if phase is Phase.START:
        message = (
            _("turn the first start card over from the reserve and record it: {command}")
            if not state.counts
            else _("turn a new start card over from the reserve and record it: {command}")
        )
        lines.append(message.format(command=command(f"start {quoted} CARD", _("type its name"))))
    elif phase is Phase.PLAY:
        drawn = state.drawn(setup)
        if drawn is not None:
            lines.append(
                _("{player}'s turn: {player} drew {card} ({id}); place it: {command}").format(
                    player=current,
                    card=names[drawn],
                    id=drawn,
                    command=command(
                        f"place {quoted} {drawn} --north-of X …",
                        _("{card} n X, {card} between X Y").format(card=drawn),
                    ),
                )
            )
        else:
            left = setup.pack_size - state.in_pack
            lines.append(
                ngettext(
                    "{player}'s turn: draw a card and place it ({n} left in pack {pack}): "
                    "{command}",
                    "{player}'s turn: draw a card and place it ({n} left in pack {pack}): "
                    "{command}",
                    left,
                ).format(
                    player=current,
                    n=left,
                    pack=state.pack_number(setup),
                    command=command(
                        f"place {quoted} CARD --north-of X …",
                        _("{card} n X, {card} between X Y").format(card=card_word),
                    ),
                )
            )
    elif phase is Phase.COUNT:
        why = (
            _("{player} drew an Intermède").format(player=current)
            if not setup.physical or state.intermede
            else _("pack {pack} is played: the Intermède is next").format(
                pack=state.pack_number(setup)
            )
        )
        lines.append(
            _("{why}: interim count due: {command}").format(
                why=why, command=command(count_command, count_typed)
            )
        )
    elif phase is Phase.FINAL_COUNT:
        lines.append(
            _("the packs are used up: final count due: {command}").format(
                command=command(count_command, count_typed)
            )
        )
    else:
        lines.append(game_over(game))
    return lines


def game_over(game: Game) -> str:
    """ "game over: Ana wins with 7 tokens" (the end of a game, in the board and the session)."""
    from generator.games.oucedonc.wording import listed

    setup, state = game.setup, game.state
    winners = state.winners(setup)
    best = max(state.tokens)
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


def pack_line(game: Game) -> str:
    setup, state = game.setup, game.state
    pack = state.pack_number(setup)
    counts = len(state.counts)
    done = ngettext("{n} count done", "{n} counts done", counts).format(n=counts)
    if state.over:
        played = ngettext("{n} pack played", "{n} packs played", setup.packs).format(n=setup.packs)
        return f"{played} · {done}"
    this_pack = _("pack {pack} of {packs}").format(pack=pack, packs=setup.packs)
    if setup.physical:
        if state.intermede:
            drawn = ngettext(
                "Intermède after {n} card", "Intermède after {n} cards", state.in_pack
            ).format(n=state.in_pack)
        else:
            drawn = ngettext(
                "{n} of {size} card drawn", "{n} of {size} cards drawn", setup.pack_size
            ).format(n=state.in_pack, size=setup.pack_size)
        out = len(state.out_of_play)
        gone = ngettext("{n} out of the game", "{n} out of the game", out).format(n=out)
        return _("{pack}: {drawn} · {out} · {done}").format(
            pack=this_pack, drawn=drawn, out=gone, done=done
        )
    left = state.cards_left(setup)
    reserve = len(setup.reserve) - state.starts_used
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
        empty = _("the game is over") if state.over else _("no start card on the table yet")
        parts.append(Text(empty, style="dim"))
    scores = RichTable(box=None, show_header=True, header_style="bold", padding=(0, 2))
    scores.add_column(_("player"), overflow="fold")
    scores.add_column(_("tokens"), justify="right")
    scores.add_column("")
    phase = state.phase(setup)
    winners = state.winners(setup) if phase is Phase.OVER else ()
    for index, (player, tokens) in enumerate(zip(setup.players, state.tokens, strict=True)):
        plays = index == state.turn and phase in (Phase.PLAY, Phase.COUNT, Phase.START)
        mark = _("winner") if player in winners else (_("to play") if plays else "")
        scores.add_row(Text(player), str(tokens), mark, style="bold green" if mark else None)
    info = Text(pack_line(game), style="dim")
    info.append(
        "\n" + _("[start card] · name? = the card just placed, open to a doubt"), style="dim"
    )
    parts += [Text(""), scores, Text(""), info]
    recent = history(game)[-RECENT:]
    if recent:
        parts.append(Text(""))
        parts.append(Text(_("last moves:"), style="dim"))
        for line in recent:
            parts.append(Text(f"  {line}", style="dim"))
    parts.append(Text(""))
    # What is due stands out: a start card, a count, the end (the last line says it).
    due = phase in (Phase.START, Phase.COUNT, Phase.FINAL_COUNT, Phase.OVER)
    lines = status_lines(game, file, hints)
    for number, line in enumerate(lines, start=1):
        parts.append(Text(line, style="bold" if due and number == len(lines) else ""))
    title = Text(f"Oucédonc · {setup.deck.title}")
    return Panel(Group(*parts), title=title, title_align="left", expand=False, width=None)


def show(game: Game, console: Console, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> None:
    console.print(board(game, console.width, file, hints))
