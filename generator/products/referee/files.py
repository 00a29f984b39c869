"""The referee's files: the deck file it reads, the game file it keeps.

A game file is read (which replays and checks it) and written whole. Every change goes through
:func:`update_game`: the file is locked from the read to the write
(:mod:`generator.core.locked_update`), so two front-ends playing on one file at the same moment
(two terminals, a terminal and a page) are served one after the other and no move is lost, and
the new text replaces the old atomically only once the change was accepted: a refused move leaves
the file byte for byte as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from generator.core.i18n import N_, _

if TYPE_CHECKING:  # each reader imports what it reads: a verdict on a deck needs no game
    from generator.games.oucedonc.deckfile import Deck
    from generator.games.oucedonc.gamefile import Game

T = TypeVar("T")

MAX_FILE_BYTES = 16 << 20  # a deck file is about 40 KB, a whole game file about 60 KB

Stamp = tuple[int, int]
"""When and how big a file was last written: (modification time in ns, size in bytes)."""


def _read(path: Path, what: str) -> str:
    """A regular file (never a FIFO or a device), bounded in size, UTF-8."""
    from generator.core.inputs import read_text_input

    return read_text_input(path, what, MAX_FILE_BYTES, _("give the JSON file pnp wrote"))


def read_deck(path: Path) -> Deck:
    """The deck file at ``path`` (the .json written next to the deck's PDF), every field checked."""
    from generator.games.oucedonc.deckfile import deck_from_json

    return deck_from_json(_read(path, N_("deck file")), source=str(path))


def read_game(path: Path) -> Game:
    """The game at ``path``, its journal replayed by the rules."""
    from generator.games.oucedonc.gamefile import game_from_json

    return game_from_json(_read(path, N_("game file")), source=str(path))


def write_new_game(path: Path, game: Game, *, replace: bool = False) -> None:
    """Write a new game file at ``path``: only if the name is still free at the rename (an
    existing game is the players' work; two front-ends creating one file at once cannot both
    win), unless ``replace``."""
    from generator.core.atomic import write_text
    from generator.games.oucedonc.gamefile import game_to_json

    write_text(path, game_to_json(game), exclusive=not replace)


def update_game(path: Path, change: Callable[[Game], tuple[Game, T]]) -> tuple[Game, T]:
    """Apply ``change(game) -> (new game, what happened)`` to the game file, one front-end at a
    time: ``change`` sees the file as it is once locked (another front-end may have played since
    it was last read), and the new game replaces it only if ``change`` returns (a refusal leaves
    the file as it was)."""
    from generator.core.locked_update import locked_update
    from generator.games.oucedonc.gamefile import game_from_json, game_to_json

    with locked_update(path, N_("game file")) as locked:
        game, happened = change(game_from_json(locked.text, source=str(path)))
        locked.replace_text(game_to_json(game))
    return game, happened


def stamp(path: Path) -> Stamp | None:
    """When and how big the file was last written (None: it cannot be read), to notice that
    another front-end played."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size)
