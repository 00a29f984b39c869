"""`pnp calibrate`: print a one-sheet duplex test to measure the printer's back offset."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import Force, say
from generator.render.duplex import Duplex
from generator.render.paper import PaperName


def calibrate(
    paper_name: Annotated[
        PaperName,
        typer.Option("--paper", case_sensitive=False, help="Paper: a4, letter or a3."),
    ] = PaperName.A4,
    duplex_name: Annotated[
        Duplex,
        typer.Option(
            "--duplex", case_sensitive=False, help="Flip edge the decks will use: long or short."
        ),
    ] = Duplex.LONG,
    out: Annotated[Path, typer.Option("--out", help="PDF to write.")] = Path(
        "output/calibration.pdf"
    ),
    force: Force = False,
) -> None:
    """Write a duplex test sheet; the numbers read on its back are the --back-offset X,Y of the decks."""  # noqa: E501 (help text: rich keeps its line breaks)
    from generator.products.calibration import make_calibration

    path = make_calibration(paper_name.value, duplex_name.value, out, force)
    say(f"wrote {path}: print it duplex at 100 %, then read X and Y on the back grids")


def register(app: typer.Typer) -> None:
    app.command("calibrate")(calibrate)
