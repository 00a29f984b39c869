"""`pnp kit`: every game's material in one folder."""

from __future__ import annotations

from pathlib import Path

import typer


def kit(
    out: Path = typer.Option(Path("output"), "--out", help="Folder to write into."),
    region: str = typer.Option("france", "--region", help="Region of the Oucédonc deck."),
    paper: str = typer.Option("a4", "--paper", help="Paper: a4 or letter."),
    seed: int = typer.Option(1, "--seed", help="Seed of every random choice."),
) -> None:
    """Build the material of all five games into one folder."""
    from generator.kit import COMPONENTS, KitParams, build_kit

    result = build_kit(KitParams(out=out, region=region, paper=paper, seed=seed))
    for path in result.files:
        typer.echo(f"wrote {path}")
    for name, message in result.failures.items():
        typer.echo(f"pnp: error: {name} failed: {message}", err=True)
    if not COMPONENTS:
        typer.echo("no kit component is built yet")
    if result.failures:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("kit")(kit)
