"""The Oucédonc table drawn in a terminal (``game show`` and the ``play`` session), with rich:
the command line's view of the referee's :class:`~generator.products.referee.table.TableView`.

Two views. The full panel (:func:`board`: the cross, the tokens, the packs, the last moves, what
is due) keeps north up and west left, the column centred over the start card; nothing is ever
cut: the row is drawn with full names and card ids when it fits the width, then with names
alone, and when even those do not fit, the cross is written as its four arms, one line each
from the start card outward (:func:`arms`, the order a count walks them). The compact view
(:func:`compact`: the arms, the card just placed, the tokens, whose turn it is: at most 20 lines
at 80 columns) is what the session draws after each move when the full panel would not fit the
terminal's height, so the table never scrolls away; ``board`` (``tableau``) shows the full
panel. :func:`count_table` shows a count as two short tables: the cards set aside and why, then
each player's estimate, winnings and tokens.

Every name comes from data or players: it goes into rich as :class:`Text`, never as markup.
"""

from __future__ import annotations

import shlex
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from generator.core.i18n import _, listed, ngettext
from generator.games.oucedonc.events import set_aside_words, winners
from generator.games.oucedonc.wording import beside
from generator.products.referee.table import CountCause, Cross, Due, Seat, TableView, table_view

if TYPE_CHECKING:  # rich is imported by the functions that draw: 'game place' prints plain lines
    from rich.console import Console, RenderableType
    from rich.panel import Panel
    from rich.text import Text

    from generator.games.oucedonc.events import CardRef, Counted, SetAside
    from generator.games.oucedonc.gamefile import Game


class CountResult(Protocol):
    """What :func:`count_table` reads: a game's count (:class:`Counted`) or a cross counted
    without a game (:class:`~generator.products.referee.count.CrossCount`)."""

    @property
    def set_aside(self) -> tuple[SetAside, ...]: ...
    @property
    def misplaced(self) -> int: ...
    @property
    def on_table(self) -> int: ...
    @property
    def estimates(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def exact(self) -> tuple[str, ...]: ...
    @property
    def closest(self) -> tuple[str, ...]: ...
    @property
    def won(self) -> tuple[tuple[str, int], ...]: ...


SEPARATOR = " ─ "
PANEL_MARGIN = 4  # the panel's border and padding


class RowStyle(Enum):
    """How the west–east row is written, from the most to the least room it needs."""

    NAMES_AND_IDS = "names and ids"
    NAMES = "names"
    ARMS = "arms"  # no room for the row on one line: the cross as its four arms


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
    card_id = style is RowStyle.NAMES_AND_IDS
    return [label(card, marks, name=True, card_id=card_id) for card in cards]


def row_style(cards: Cross, width: int) -> RowStyle:
    """The roomiest way of writing the row that fits ``width`` columns with "W " and " E"."""
    marks = Marks(cards.start.id, cards.pending)
    for style in (RowStyle.NAMES_AND_IDS, RowStyle.NAMES):
        labels = _row(cards.row, marks, style)
        length = sum(t.cell_len for t in labels) + len(SEPARATOR) * (len(labels) - 1) + 4
        if length <= width:
            return style
    return RowStyle.ARMS


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
    if style is RowStyle.ARMS:
        return arms(cards, width)
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
    return out


ARROWS = ("↑", "↓", "←", "→")  # north, south, west, east


def arm_cards(cards: Cross) -> tuple[tuple[CardRef, ...], ...]:
    """The four arms, north, south, west, east, each from the start card outward (the order a
    count walks them)."""
    column_at = [card.id for card in cards.column].index(cards.start.id)
    row_at = [card.id for card in cards.row].index(cards.start.id)
    return (
        tuple(reversed(cards.column[:column_at])),
        cards.column[column_at + 1 :],
        tuple(reversed(cards.row[:row_at])),
        cards.row[row_at + 1 :],
    )


def arms(cards: Cross, width: int) -> Text:
    """The cross as its arms: the start card, then each arm on a line of its own from the start
    card outward (``↑ N  Paris · Lille``), wrapped under itself where it is long; names only
    (the card just placed marked ``?``), nothing cut."""
    from rich.text import Text

    marks = Marks(cards.start.id, cards.pending)
    out = Text()
    out.append_text(label(cards.start, marks, name=True, card_id=True))
    out.append("  " + _("start card"), style="dim")
    letters = compass()
    for arrow, letter, laid in zip(ARROWS, letters, arm_cards(cards), strict=True):
        head = f"{arrow} {letter}  "
        line = Text(head, style="dim")
        if laid:
            line.append_text(
                Text(" · ", style="dim").join(
                    label(card, marks, name=True, card_id=False) for card in laid
                )
            )
        else:
            line.append("—", style="dim")
        out.append("\n")
        out.append_text(_hanging(line, len(head), width))
    return out


def arm_cards_line(arm: str, start: CardRef, laid: Sequence[CardRef]) -> Text:
    """``↑ N  [Lyon] · Paris · Marseille``: an arm as it was counted, from the start card."""
    from rich.text import Text

    at = ("north", "south", "west", "east").index(arm)
    line = Text(f"{ARROWS[at]} {compass()[at]}  ", style="dim")
    line.append(f"[{start.name}]", style="bold")
    for card in laid:
        line.append(" · ", style="dim")
        line.append(card.name)
    return line


def _hanging(line: Text, indent: int, width: int) -> Text:
    """``line`` wrapped at ``width`` at its separators, each following line indented under the
    first's text."""
    from rich.text import Text

    if line.cell_len <= width or width <= indent + 8:
        return line
    wrapped = Text()
    pieces = line.split(" · ", include_separator=True)
    current = Text()
    for piece in pieces:
        if current.cell_len + len(piece.plain.rstrip()) > width and current.plain.strip():
            current.rstrip()
            wrapped.append_text(current)
            wrapped.append("\n")
            current = Text(" " * indent)
        current.append_text(piece)
    wrapped.append_text(current)
    return wrapped


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
                    f"doubt {quoted} --by {_('PLAYER')} --neighbour X",
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
        return message.format(command=command(f"start {quoted} {_('CARD')}", _("type its name")))
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
            f"place {quoted} {_('CARD')} --north-of X …",
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


def pack_line(view: TableView, short: bool = False) -> str:
    """Where the game is in its packs (``short``: the pack and its cards only)."""
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
            drawn = _("cards drawn: {n} of {size}").format(n=packs.in_pack, size=packs.pack_size)
        if short:
            return f"{this_pack} · {packs.in_pack}/{packs.pack_size}"
        out = packs.out_of_play
        gone = ngettext("{n} out of the game", "{n} out of the game", out).format(n=out)
        return _("{pack}: {drawn} · {out} · {done}").format(
            pack=this_pack, drawn=drawn, out=gone, done=done
        )
    left, reserve = packs.cards_left, packs.starts_in_reserve
    cards = ngettext("{n} card left in the packs", "{n} cards left in the packs", left).format(
        n=left
    )
    if short:
        return f"{this_pack} · {cards}"
    starts = ngettext("{n} start card in reserve", "{n} start cards in reserve", reserve).format(
        n=reserve
    )
    return " · ".join((this_pack, cards, starts, done))


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
            Text(seat_label(seat)), str(seat.tokens), mark, style="bold green" if mark else None
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


def seat_label(seat: Seat) -> str:
    """ "Chloé", or a team with its members: "Bleus (Ana, Ben)"."""
    if not seat.members:
        return seat.name
    return _("{team} ({members})").format(team=seat.name, members=", ".join(seat.members))


def tokens_line(view: TableView) -> Text:
    """``tokens: Ana 4 · ▸ Ben 5 · Chloé 3``, the player to play (or the winners) marked."""
    from rich.text import Text

    line = Text(_("tokens:") + " ", style="dim")
    for number, seat in enumerate(view.seats):
        if number:
            line.append(" · ", style="dim")
        mark = "★ " if seat.winner else ("▸ " if seat.to_play else "")
        line.append(f"{mark}{seat_label(seat)} {seat.tokens}", style="bold" if mark else "")
    return line


def compact(
    view: TableView, width: int, file: str = "FILE", hints: Hints = Hints.SESSION
) -> RenderableType:
    """The table in a few lines (at most 20 at 80 columns): the packs, the arms from the start
    card outward, the card open to a doubt, the tokens and what is due."""
    from rich.console import Group
    from rich.text import Text

    title = Text(view.title, style="bold")
    title.append(" · " + pack_line(view, short=True), style="dim")
    parts: list[RenderableType] = [title]
    if view.cross is not None:
        parts.append(arms(view.cross, width))
    else:
        empty = _("the game is over") if view.over else _("no start card on the table yet")
        parts.append(Text(empty, style="dim"))
    parts.append(tokens_line(view))
    lines = status_lines(view, file, hints)
    for number, line in enumerate(lines, start=1):
        # Wrapped here at ASCII spaces only: a French no-break space keeps "paquet 1) :" whole
        # (rich would break at it and start a line with the colon).
        wrapped = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
        style = "bold" if number == len(lines) else ""
        parts.extend(Text(piece, style=style) for piece in wrapped or [""])
    return Group(*parts)


def counted(event: Counted) -> RenderableType:
    """A game's count: its table, then what happens to the table's cards."""
    from rich.console import Group
    from rich.text import Text

    return Group(
        count_table(event, event.title, dict(event.tokens)), Text(event.cleared, style="bold")
    )


def count_table(
    result: CountResult, title: str, tokens: Mapping[str, int] | None = None
) -> RenderableType:
    """A count as two short tables: each card set aside (its arm, its back, the card before it
    and that card's back), then each player's estimate, what they won and, in a game, their
    ``tokens`` after the count."""
    from rich.console import Group
    from rich.table import Table as RichTable
    from rich.text import Text

    parts: list[RenderableType] = []
    misplaced = set_aside_words(result.misplaced, result.on_table)
    parts.append(
        Text(_("{title}: {misplaced}").format(title=title, misplaced=misplaced), style="bold")
    )
    if result.set_aside:
        aside = RichTable(box=None, show_header=True, header_style="dim", padding=(0, 1))
        aside.add_column(_("set aside"), style="bold", overflow="fold")
        aside.add_column(_("arm"))
        aside.add_column(_("its back"), no_wrap=True)
        aside.add_column(_("is not"), overflow="fold")
        for item in result.set_aside:
            aside.add_row(
                Text(item.card.name),
                arm_name(item.arm),
                item.comparison.shown[0],
                Text(_not_beyond(item)),
            )
        parts.append(aside)
    if result.estimates:
        players = RichTable(box=None, show_header=True, header_style="dim", padding=(0, 1))
        players.add_column(_("player"), overflow="fold")
        players.add_column(_("estimate"), justify="right")
        players.add_column(_("wins"), justify="right")
        if tokens:
            players.add_column(_("tokens"), justify="right")
        won = dict(result.won)
        for player, estimate in result.estimates:
            gained = won.get(player, 0)
            row: list[str | Text] = [
                Text(player),
                str(estimate),
                ngettext("+{n} token", "+{n} tokens", gained).format(n=gained) if gained else "—",
            ]
            if tokens:
                row.append(str(tokens[player]))
            players.add_row(*row, style="bold green" if gained else None)
        parts.append(players)
        parts.append(Text(winners(result.exact, result.closest, result.won), style="dim"))
    return Group(*parts)


def _not_beyond(item: SetAside) -> str:
    """Why a card was set aside: ``north of Paris (48°51′ N)``, or the same value printed."""
    comparison = item.comparison
    _mine, theirs = comparison.shown
    if comparison.difference == 0:
        return _("{where}: the same value").format(
            where=beside(comparison.direction, comparison.other)
        )
    return _("{where} ({theirs})").format(
        where=beside(comparison.direction, comparison.other), theirs=theirs
    )


def arm_name(arm: str) -> str:
    """ "north", "nord": an arm of the cross."""
    return {
        "north": _("north"),
        "south": _("south"),
        "west": _("west"),
        "east": _("east"),
    }[arm]


def show(game: Game, console: Console, file: str = "FILE", hints: Hints = Hints.COMMANDS) -> None:
    console.print(board(table_view(game), console.width, file, hints))
