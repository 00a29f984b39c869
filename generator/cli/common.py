"""What every command module shares: the ``--force`` option, and printing data safely.

Everything printed that holds data or user input (a place name, a player, a path) goes through
:func:`say` (one line, control characters escaped) or a :func:`data_console` (rich with markup
and emoji codes off, so ``[/]`` or ``:fire:`` in a name prints as typed). See
:mod:`generator.core.text`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from generator.core.text import one_line

if TYPE_CHECKING:
    from rich.console import Console

FORCE_HELP = (
    "Replace files at the output names even when pnp did not make them "
    "(never folders, links or devices); see 'Files pnp writes' in the README."
)
Force = Annotated[bool, typer.Option("--force", help=FORCE_HELP)]


def say(text: object, err: bool = False) -> None:
    """Print one line of text that may quote data or user input."""
    typer.echo(one_line(text), err=err)


def data_console(stderr: bool = False, width: int | None = None) -> Console:
    """A rich console for data: no markup, no emoji codes, no highlighting of numbers."""
    from rich.console import Console

    return Console(stderr=stderr, width=width, markup=False, emoji=False, highlight=False)
