"""`pnp data build`: rebuild the embedded datasets from their npm packages."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import Force, say
from generator.core.i18n import N_, _, ngettext, number

data_app = typer.Typer(
    help=N_("The embedded geodata: rebuild it, fetch other sources."), no_args_is_help=True
)


BUILD_HELP = N_(
    "Download the npm packages (npm pack), decode, join and write every file of the embedded "
    "set.\n\n"
    "The result is byte for byte the set shipped with pnp (the versions are pinned). Without "
    "--out it goes to the user data folder (PNP_DATA_DIR overrides), and this version of pnp "
    "reads it from there from then on; 'pnp about' says which set is read."
)
OUTLINES_HELP = N_(
    "Derive the compact commune outlines that 'pnp data build' checks commune points against."
)


@data_app.command("build", help=BUILD_HELP)
def build(
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help=N_(
                "Only check that the folder matches a fresh build (default: the set pnp reads); "
                "change nothing."
            ),
        ),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help=N_(
                "Folder to write (default: datasets/ in the user data folder, which pnp then "
                "reads first). In a source checkout, --out datasets rewrites the repository's."
            ),
        ),
    ] = None,
    force: Force = False,
) -> None:
    """Rebuild the embedded set (help: BUILD_HELP)."""
    from generator import __version__
    from generator.geo import embedded
    from generator.geo.databuild.build import run_build

    target = out if out is not None else (embedded.folder() if check else embedded.user_folder())

    def step(message: str) -> None:
        say(message, err=True)

    report, changed = run_build(target, check=check, on_step=step, force=force)
    typer.echo(report.points_line())
    typer.echo(
        ngettext(
            "{joined} commune joined to GeoNames, {towns} world towns",
            "{joined} communes joined to GeoNames, {towns} world towns",
            report.joined_communes,
        ).format(joined=number(report.joined_communes), towns=number(report.world_towns))
    )
    if check:
        say(_("{folder} is up to date").format(folder=target))
    elif changed:
        for name in changed:
            say(_("wrote {path}").format(path=target / name))
    else:
        say(_("{folder} unchanged (already identical to a fresh build)").format(folder=target))
    if not check and os.path.realpath(target) == os.path.realpath(embedded.user_folder()):
        say(
            _("pnp {version} now reads the embedded set from {folder}").format(
                version=__version__, folder=target
            )
        )


@data_app.command("outlines", help=OUTLINES_HELP)
def outlines(
    reference: Annotated[
        Path,
        typer.Argument(
            help=N_("The IGN Admin Express 2018 commune outlines (communes-ign-2018.geojson.gz).")
        ),
    ],
    folder: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "--datasets",
            help=N_(
                "Folder to write (default, in a source checkout only: the repository's "
                "datasets/; an installed pnp needs --out)."
            ),
        ),
    ] = None,
    force: Force = False,
) -> None:
    """Derive the commune outlines (help: OUTLINES_HELP)."""
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
    say(_("wrote {path}").format(path=target))


def register(app: typer.Typer) -> None:
    app.add_typer(data_app, name="data")
