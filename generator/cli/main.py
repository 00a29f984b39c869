"""The ``pnp`` command: one Typer sub-application per game or area.

Each command module exposes ``app`` (a :class:`typer.Typer`) and is registered below. Errors:
:class:`generator.core.errors.UserError` and click's usage errors are printed as one line on stderr
and exit with code 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Annotated

import typer
from typer._click.exceptions import NoArgsIsHelpError, UsageError  # typer>=0.29 vendors click

from generator import __version__
from generator.core.errors import UserError


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


def build_app() -> typer.Typer:
    """A new ``pnp`` application with every command module registered."""
    from generator.cli import commands

    app = typer.Typer(
        name="pnp",
        help="Print-and-play material and table referees for five French games.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
    )
    app.callback()(_root)
    commands.register_all(app)
    return app


@lru_cache(maxsize=1)
def _command():
    """The click command behind the application, built once per process."""
    return typer.main.get_command(build_app())


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
    except NoArgsIsHelpError:
        # `pnp` or `pnp GROUP` alone: typer has printed the help; that is not an error.
        sys.exit(0)
    except UsageError as exc:
        path = exc.ctx.command_path if exc.ctx else "pnp"
        _fail(f"{exc.format_message().rstrip('.')}; see '{path} --help'")
    except typer.Abort:
        typer.echo("aborted", err=True)
        sys.exit(130)
    except typer.TyperException as exc:
        _fail(exc.format_message())
    else:
        if isinstance(result, int):  # typer returns the code of an explicit typer.Exit
            sys.exit(result)
