"""`pnp about`: version, data sources and where files go."""

from __future__ import annotations

import typer

from generator import __version__


def about() -> None:
    """Show the version and the project's home folders."""
    typer.echo(f"pnp {__version__}: print-and-play material and referees for five French games")


def register(app: typer.Typer) -> None:
    app.command("about")(about)
