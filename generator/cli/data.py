"""`pnp data build`: rebuild the embedded datasets from their npm packages."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import Force, say
from generator.core.i18n import N_, _

data_app = typer.Typer(
    help="The embedded geodata: rebuild it, fetch other sources.", no_args_is_help=True
)


@data_app.command("build")
def build(
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Only check that the folder matches a fresh build (default: the set pnp reads); "
            "change nothing.",
        ),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Folder to write (default: datasets/ in the user data folder, which pnp then "
            "reads first). In a source checkout, --out datasets rewrites the repository's.",
        ),
    ] = None,
    force: Force = False,
) -> None:
    """Download the npm packages (npm pack), decode, join and write every file of the embedded set.

    The result is byte for byte the set shipped with pnp (the versions are pinned). Without --out
    it goes to the user data folder (PNP_DATA_DIR overrides), and this version of pnp reads it
    from there from then on; 'pnp about' says which set is read.
    """
    from generator import __version__
    from generator.geo import embedded
    from generator.geo.databuild.build import run_build

    target = out if out is not None else (embedded.folder() if check else embedded.user_folder())

    def step(message: str) -> None:
        say(message, err=True)

    report, changed = run_build(target, check=check, on_step=step, force=force)
    typer.echo(
        f"{report.joined_communes} communes joined to GeoNames "
        f"({report.unmatched_communes} of {report.etalab_communes} Etalab communes have no "
        f"GeoNames place), {report.world_towns} world towns"
    )
    typer.echo(report.repair_line())
    if check:
        say(f"{target} is up to date")
    elif changed:
        for name in changed:
            say(f"wrote {target / name}")
    else:
        say(f"{target} unchanged (already identical to a fresh build)")
    if not check and target.resolve() == embedded.user_folder().resolve():
        say(f"pnp {__version__} now reads the embedded set from {target}")


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
        typer.Option(
            "--out",
            "--datasets",
            help="Folder to write (default, in a source checkout only: the repository's "
            "datasets/; an installed pnp needs --out).",
        ),
    ] = None,
    force: Force = False,
) -> None:
    """Derive the compact commune outlines that 'pnp data build' checks commune points against."""
    from generator.core.atomic import write_bytes
    from generator.core.errors import UserError
    from generator.core.outputs import Output, claim, require_folder
    from generator.core.resources import in_source_checkout
    from generator.geo import embedded
    from generator.geo.databuild.ign_outlines import derive, is_outlines_file

    if folder is None and not in_source_checkout():
        raise UserError(
            _(
                "an installed pnp does not rewrite its own package: give the folder to write, "
                "--out DIR"
            )
        )
    out = folder or embedded.PACKAGED
    require_folder(out, "--out")
    target = out / embedded.COMMUNE_OUTLINES_FILE
    claim([Output(target, is_outlines_file, N_("commune outlines file"))], force)
    write_bytes(target, derive(reference))
    say(f"wrote {target}")


def register(app: typer.Typer) -> None:
    app.add_typer(data_app, name="data")
