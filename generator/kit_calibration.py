"""The kit's printer calibration sheets (``pnp calibrate`` for both flip edges, on the kit's paper)."""

from __future__ import annotations

from generator.kit import KitFile, KitParams, PrintNotes

ADVICE = ("Print this first, two-sided at 100 %, and read X and Y on the back grids: "
          "they are the --back-offset X,Y to give the decks.")


def build_calibration_sheets(params: KitParams) -> list[KitFile]:
    from generator.render.calibration import calibration_sheet
    from generator.render.imposition import Duplex
    from generator.render.paper import paper

    sheet = paper(params.paper)
    files = []
    for duplex, edge in ((Duplex.LONG, "long"), (Duplex.SHORT, "short")):
        path = calibration_sheet(sheet, duplex).save(params.out / f"calibration-{edge}-edge.pdf")
        files.append(KitFile(path, f"Calibration sheet, {edge}-edge flip", PrintNotes(advice=ADVICE)))
    return files
