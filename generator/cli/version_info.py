"""`pnp about`: version, the data sources to credit, and where fetched data is kept."""

from __future__ import annotations

import typer

from generator import __version__


def about() -> None:
    """Show the version, the attributions of the embedded data, and the cache and data folders."""
    from generator.geo.embedded import attributions
    from generator.geo.http import cache_dir, data_dir
    from generator.render.icons import icon_set

    typer.echo(f"pnp {__version__}: print-and-play material and referees for five French games")
    typer.echo("Data sources (credit them with printed material):")
    for line in attributions("en"):
        typer.echo(f"  - {line}")
    typer.echo(f"  - {icon_set().attribution_en}")
    typer.echo(f"HTTP cache: {cache_dir()}")
    typer.echo(f"Fetched place sets: {data_dir()}")


def register(app: typer.Typer) -> None:
    app.command("about")(about)
