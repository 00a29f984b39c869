"""`pnp calibrate`: print a one-sheet duplex test to measure the printer's back offset."""

from __future__ import annotations

from pathlib import Path

import typer


def calibrate(
    paper_name: str = typer.Option("a4", "--paper", help="Paper: a4, letter or a3."),
    duplex_name: str = typer.Option("long", "--duplex", help="Flip edge the decks will use: long or short."),
    out: Path = typer.Option(Path("output/calibration.pdf"), "--out", help="PDF to write."),
) -> None:
    """Write a duplex test sheet; the numbers read on its back are the --back-offset X,Y of the decks."""
    from generator.errors import UserError
    from generator.render.calibration import calibration_sheet
    from generator.render.imposition import Duplex, parse_duplex
    from generator.render.paper import paper

    if out.suffix.lower() != ".pdf":
        raise UserError(f"output {out} must end in .pdf; give the PDF file to write, e.g. --out calibration.pdf")
    duplex = parse_duplex(duplex_name)
    if duplex is Duplex.FOLD:
        raise UserError("fold-and-glue prints on one side and needs no calibration; use --duplex long or short")
    path = calibration_sheet(paper(paper_name), duplex).save(out)
    typer.echo(f"wrote {path}: print it duplex at 100 %, then read X and Y on the back grids")


def register(app: typer.Typer) -> None:
    app.command("calibrate")(calibrate)
