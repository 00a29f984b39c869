"""`pnp oucedonc game show`: the cross drawn in the terminal with rich, and the state of play."""

from __future__ import annotations

import shlex

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from generator.games.oucedonc.game import Phase
from generator.games.oucedonc.gamefile import Game, history
from generator.games.oucedonc.table import Table

SEPARATOR = " ─ "
RECENT = 4  # moves recalled under the table
MIN_LABEL = 7  # shortest a name is cut to ("Gorges…") before the row is wrapped instead


def _label(
    card: str, table: Table, names: dict[str, str], pending: str | None, limit: int = 0
) -> Text:
    name = names[card]
    if limit and len(name) > limit:
        name = name[: limit - 1].rstrip() + "…"
    if card == table.start:
        return Text(f"[{name}]", style="bold black on yellow")
    if card == pending:
        return Text(f"{name}?", style="bold cyan")
    return Text(name, style="bold")


def cross(table: Table, names: dict[str, str], pending: str | None, width: int) -> Text:
    """The column (north at the top) and the row (west on the left) crossing at the start card.

    When the row is wider than the terminal, the row is written as a wrapped line under the column.
    """
    limit = 0  # first try full names, then shorten the row's names until the row fits
    longest = max(len(names[card]) for card in table.row)
    while True:
        row_labels = [_label(card, table, names, pending, limit) for card in table.row]
        row = Text(SEPARATOR, style="dim").join(row_labels)
        if row.cell_len + 4 <= width or limit == MIN_LABEL:
            break
        limit = longest - 1 if limit == 0 else max(MIN_LABEL, limit - 1)
    start_at = table.row.index(table.start)
    prefix = sum(label.cell_len for label in row_labels[:start_at]) + len(SEPARATOR) * start_at
    centre = prefix + row_labels[start_at].cell_len // 2
    fits = row.cell_len + 4 <= width
    indent = 0
    if fits:
        centre += 2  # the row is drawn after "W "
        # Move the whole cross right so the column's longest name is centred too, if there is room.
        widest = max(_label(card, table, names, pending).cell_len for card in table.column)
        indent = max(0, min(widest // 2 - centre, width - row.cell_len - 4))
        centre += indent
    else:
        centre = width // 2
    out = Text()
    out.append(" " * max(0, centre) + "N\n", style="dim")
    out.append(" " * max(0, centre) + "│\n", style="dim")
    column_at = table.column.index(table.start)
    for index, card in enumerate(table.column):
        if index == column_at and fits:
            out.append(" " * indent + "W ", style="dim")
            out.append_text(row)
            out.append(" E\n", style="dim")
        else:
            label = _label(card, table, names, pending)
            out.append(" " * max(0, centre - label.cell_len // 2))
            out.append_text(label)
            out.append("\n")
        out.append(" " * max(0, centre) + "│\n", style="dim")
    out.append(" " * max(0, centre) + "S", style="dim")
    if not fits:
        out.append("\nW → E: ", style="dim")
        out.append_text(row)
    return out


def status_lines(game: Game, file: str = "FILE") -> list[str]:
    """What is due next, with the command to type (the file name quoted for the shell)."""
    file = shlex.quote(file)
    setup, state = game.setup, game.state
    names = setup.names()
    phase = state.phase(setup)
    current = setup.players[state.turn]
    lines: list[str] = []
    if state.pending is not None and phase is not Phase.OVER:
        placer = setup.players[state.pending.player]
        lines.append(
            f"{names[state.pending.card]} (placed by {placer}) can still be doubted: pnp oucedonc game doubt {file} --by PLAYER --neighbour X"
        )
    if phase is Phase.PLAY:
        drawn = state.drawn(setup)
        assert drawn is not None
        lines.append(
            f"{current}'s turn: {current} drew {names[drawn]} ({drawn}); place it with pnp oucedonc game place {file} {drawn} --north-of X …"
        )
    elif phase is Phase.COUNT:
        lines.append(
            f"{current} drew an Intermède: interim count due: pnp oucedonc game count {file} --estimate PLAYER=N for every player"
        )
    elif phase is Phase.FINAL_COUNT:
        lines.append(
            f"the packs are used up: final count due: pnp oucedonc game count {file} --estimate PLAYER=N for every player"
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


def show(game: Game, console: Console, file: str = "FILE") -> None:
    setup, state = game.setup, game.state
    names = setup.names()
    parts: list[object] = []
    if state.table is not None:
        pending = state.pending.card if state.pending else None
        parts.append(cross(state.table, names, pending, max(20, console.width - 4)))
    else:
        parts.append(Text("the table is empty", style="dim"))
    scores = RichTable(box=None, show_header=True, header_style="bold", padding=(0, 2))
    scores.add_column("player")
    scores.add_column("tokens", justify="right")
    scores.add_column("")
    phase = state.phase(setup)
    winners = state.winners(setup) if phase is Phase.OVER else ()
    for index, (player, tokens) in enumerate(zip(setup.players, state.tokens)):
        plays = index == state.turn and phase in (
            Phase.PLAY,
            Phase.COUNT,
        )  # after the final count, nobody
        mark = "winner" if player in winners else ("to play" if plays else "")
        scores.add_row(player, str(tokens), mark, style="bold green" if mark else None)
    left = state.cards_left(setup)
    pack = state.pack_number(setup)
    info = Text(
        f"pack {pack} of {setup.packs} · {left} card{'s' if left != 1 else ''} left in the packs · "
        f"{len(setup.reserve) - state.starts_used} start card(s) in reserve · {len(state.counts)} count(s) done\n"
        "[start card] · name? = the card just placed, open to a doubt",
        style="dim",
    )
    parts += [Text(""), scores, Text(""), info]
    recent = history(game)[-RECENT:]
    if recent:
        parts.append(Text(""))
        parts.append(Text("last moves:", style="dim"))
        for line in recent:
            parts.append(Text(f"  {line}", style="dim"))
    parts.append(Text(""))
    for line in status_lines(game, file):
        parts.append(Text(line, style="bold" if "due" in line or "over" in line else ""))
    console.print(
        Panel(
            Group(*parts),
            title=Text(f"Oucédonc · {setup.deck.title}"),  # a str title would be read as markup
            title_align="left",
            expand=False,
        )
    )
