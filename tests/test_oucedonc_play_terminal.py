"""`pnp oucedonc play` in a real terminal of 80 × 24: a pseudo-terminal of that size, the
session's own line editor (prompt_toolkit) on it, and what it draws read as the terminal shows
it (pyte, a terminal emulator). After each move the board fits the screen with the prompt (the
compact view: the arms, the card just placed, whose turn it is, the tokens); ``tableau`` draws
the full panel; an ambiguous placement asks which side, and ``2`` answers it.

``PNP_SCREENSHOTS=DIR`` keeps each screen as text (looked at by hand).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pyte
import pytest

from tests.referee_fixtures import deck_json, pnp

ROWS, COLUMNS = 24, 80
pytestmark = pytest.mark.slow  # a process, its terminal and prompt_toolkit


class Terminal:
    """A process on a pseudo-terminal of ROWS × COLUMNS, its screen kept by pyte."""

    def __init__(self, argv: list[str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(TERM="xterm-256color", LANG="C.UTF-8", PNP_LANG="fr")
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True
        )
        os.close(slave)
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.seen = b""

    def until(self, text: str, timeout: float = 60.0) -> list[str]:
        """Read what the process draws until ``text`` is on the screen; the screen's lines."""
        while text not in "\n".join(self.screen.display):
            ready, _, _ = select.select([self.master], [], [], timeout)
            assert ready, f"{text!r} never came:\n" + "\n".join(self.screen.display)
            data = os.read(self.master, 65536)
            assert data, "the session ended:\n" + "\n".join(self.screen.display)
            self.seen += data
            self.stream.feed(data)
            if b"\x1b[6n" in data:  # where is the cursor? (a terminal answers; pyte does not)
                cursor = self.screen.cursor
                os.write(self.master, f"\x1b[{cursor.y + 1};{cursor.x + 1}R".encode())
        return [line.rstrip() for line in self.screen.display]

    def line(self, text: str) -> None:
        os.write(self.master, text.encode() + b"\r")

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=30)
        os.close(self.master)


def keep(name: str, lines: list[str]) -> None:
    folder = os.environ.get("PNP_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_session_fits_an_80_by_24_terminal(tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(), encoding="utf-8")
    game = tmp_path / "partie.json"
    new = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck),
              "--players", "Ana,Bleus=Ben+Chloé,Dan", "--start", "Lyon")  # fmt: skip
    assert new.returncode == 0, new.stderr
    placements = (
        ["Paris", "n", "Lyon"], ["Marseille", "s", "Lyon"], ["Bordeaux", "o", "Lyon"],
        ["Grenoble", "e", "Lyon"], ["Lille", "n", "Paris"], ["Nice", "e", "Grenoble"],
    )  # fmt: skip
    for place in placements:
        assert pnp("oucedonc", "game", "place", str(game), *place).returncode == 0
    terminal = Terminal(
        [sys.executable, "-m", "generator", "oucedonc", "play", game.name], tmp_path
    )
    try:
        screen = terminal.until("Ana ›")
        keep("1-opened", screen)
        # Strasbourg, east of Nice: the full panel would not fit; the compact board does, whole.
        terminal.line("strasbourg e nice")
        screen = terminal.until("Bleus ›")
        keep("2-placed", screen)
        board = screen[next(i for i, line in enumerate(screen) if "a posé Strasbourg" in line) :]
        while not board[-1]:
            board.pop()
        assert board[0].startswith("Ana a posé Strasbourg à l’est de Nice")
        assert board[1].startswith("Oucédonc en France (test) · paquet 1 sur 3 · 7/15")
        assert any(line.startswith("↑ N  Paris · Lille") for line in board)
        assert any(line.startswith("→ E  Grenoble · Nice · Strasbourg?") for line in board)
        assert any("Ana 4" in line and "▸ Bleus (Ben, Chloé) 4" in line for line in board)
        assert len(board) <= 20 + 1 and board[-1].startswith("Bleus ›")
        assert all(len(line) <= COLUMNS for line in screen)
        # An ambiguous placement asks which side; "2": west of the end of the row.
        terminal.line("tours o lyon")
        screen = terminal.until("1/2 ›")
        keep("3-which-side", screen)
        assert any("1  entre Bordeaux et Lyon" in line for line in screen)
        assert any("2  à l’ouest de Bordeaux" in line for line in screen)
        terminal.line("2")
        screen = terminal.until("Dan ›")
        assert any(line.startswith("← O  Bordeaux · Tours?") for line in screen)
        # The full panel on demand.
        terminal.line("tableau")
        screen = terminal.until("╰")
        keep("4-full-panel", screen)
        assert any("╭─ Oucédonc" in line for line in screen) or "╭─ Oucédonc" in (
            terminal.seen.decode("utf-8", "replace")
        )
    finally:
        terminal.close()
