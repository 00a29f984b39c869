"""The ``pnp`` command: one Typer sub-application per game or area.

The command modules are listed in :mod:`generator.cli.commands` and loaded lazily by
:class:`generator.cli.lazy.LazyGroup`: a command imports its own module only. Errors:
:class:`generator.core.errors.UserError` and usage errors are printed as one line on stderr and
exit with code 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Annotated, Any

import typer
import typer.main

from generator import __version__
from generator.core.errors import UserError

HELP = "Print-and-play material and table referees for five French games."
CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}  # inherited by every subcommand


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Print-and-play material and table referees for five French games."""


def _typer(**settings: Any) -> typer.Typer:
    app = typer.Typer(
        name="pnp",
        help=HELP,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        context_settings=CONTEXT_SETTINGS,
        **settings,
    )
    app.callback()(_root)
    return app


def build_app() -> typer.Typer:
    """A new ``pnp`` application with every command module registered (not lazy)."""
    from generator.cli import commands

    app = _typer()
    commands.register_all(app)
    return app


@lru_cache(maxsize=1)
def _command() -> Any:
    """The click group behind ``pnp``, built once per process; its commands are built on use."""
    from generator.cli.lazy import LazyGroup

    return typer.main.get_command(_typer(cls=LazyGroup))


def _fail(message: str) -> None:
    from generator.core.text import one_line  # the message may quote what was typed

    typer.echo(f"pnp: error: {one_line(message)}", err=True)
    sys.exit(UserError.exit_code)


def run(argv: list[str] | None = None) -> None:
    """Entry point of the console script and of ``python -m generator``."""
    from generator.cli.streams import guarded_output  # stdout closed or full: like a broken pipe

    with guarded_output():
        _run(argv)


def _run(argv: list[str] | None) -> None:
    command = _command()
    try:
        result = command.main(args=argv, prog_name="pnp", standalone_mode=False)
    except UserError as exc:
        _fail(str(exc))
    except typer.TyperException as exc:
        # Typer's usage errors (exit code 2) carry the context of the command they concern.
        context = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError":
            # `pnp GROUP` alone: Typer has printed the group's help; that is not an error (Typer's
            # own error display tells this one apart by its name too).
            sys.exit(0)
        if getattr(exc, "exit_code", 1) == UserError.exit_code:
            path = context.command_path if context is not None else "pnp"
            _fail(f"{exc.format_message().rstrip('.')}; see '{path} --help'")
        _fail(exc.format_message())
    except typer.Abort:
        typer.echo("aborted", err=True)
        sys.exit(130)
    else:
        if isinstance(result, int):  # typer returns the code of an explicit typer.Exit
            sys.exit(result)
