"""The printer calibration sheet (``pnp calibrate``): options checked, then the duplex test PDF."""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, N_, Language, _


def make_calibration(
    paper_name: str,
    duplex_name: str,
    out: Path,
    force: bool = False,
    *,
    language: Language = MATERIAL_DEFAULT,
) -> Path:
    """Write the calibration sheet for ``duplex_name`` on ``paper_name`` to ``out`` (a PDF of
    pnp's there is replaced; another file only with ``force``), printed in ``language``."""
    from generator.core.outputs import Output, claim, is_pnp_pdf
    from generator.render.calibration import calibration_sheet
    from generator.render.imposition import Duplex, parse_duplex
    from generator.render.paper import paper

    if out.suffix.lower() != ".pdf":
        raise UserError(
            _(
                "output {out} must end in .pdf; give the PDF file to write, e.g. --out "
                "calibration.pdf"
            ).format(out=out)
        )
    claim([Output(out, is_pnp_pdf, N_("PDF"))], force)
    duplex = parse_duplex(duplex_name)
    if duplex is Duplex.FOLD:
        raise UserError(
            _(
                "fold-and-glue prints on one side and needs no calibration; use --duplex long or "
                "short"
            )
        )
    return calibration_sheet(paper(paper_name), duplex, language).save(out)
