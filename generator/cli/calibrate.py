"""`pnp calibrate`: print a one-sheet duplex test to measure the printer's back offset."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli import print_options
from generator.cli.common import Force, MaterialLang, material_language, say
from generator.cli.print_options import PaperOption
from generator.core.i18n import N_, _
from generator.render.duplex import Duplex
from generator.render.paper import PaperName

HELP = N_(
    "Write a duplex test sheet; the numbers read on its back are the --back-offset X,Y of the "
    "decks."
)


def calibrate(
    paper: PaperOption = PaperName.A4,
    duplex: Annotated[
        Duplex,
        typer.Option(
            "--duplex",
            case_sensitive=False,
            help=N_("Flip edge the decks will use: long or short."),
        ),
    ] = Duplex.LONG,
    out: Annotated[Path, typer.Option("--out", help=N_("PDF to write."))] = Path(
        "output/calibration.pdf"
    ),
    force: Force = False,
    lang: MaterialLang = "fr",
) -> None:
    """Write the duplex test sheet (help: HELP)."""
    from generator.products.calibration import PRODUCT, CalibrationOptions

    options = CalibrationOptions(print_options.paper(paper), duplex, material_language(lang))
    written = PRODUCT.make(options, out, force)
    say(
        _("wrote {path}: print it duplex at 100 %, then read X and Y on the back grids").format(
            path=written.paths[0]
        )
    )


def register(app: typer.Typer) -> None:
    app.command("calibrate", help=HELP)(calibrate)
