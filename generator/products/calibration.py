"""The printer calibration sheet (``pnp calibrate``): a duplex test whose back grids, read
behind the front's crosses, give the ``--back-offset`` of the decks.

On the product contract (:mod:`generator.products.contract`): :class:`CalibrationOptions` →
:func:`build` → one PDF, ``calibration.pdf``.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _
from generator.products.contract import Built, Product, pdf_file
from generator.render.duplex import Duplex
from generator.render.paper import PAPERS, Paper

MAIN = "calibration.pdf"


@dataclass(frozen=True)
class CalibrationOptions:
    paper: Paper = PAPERS["a4"]
    duplex: Duplex = Duplex.LONG  # the flip edge the decks will use: long or short
    language: Language = MATERIAL_DEFAULT  # of the printed words


def build(options: CalibrationOptions) -> Built[None]:
    """The two-page test sheet in memory."""
    from generator.render.calibration import calibration_sheet

    if options.duplex is Duplex.FOLD:
        raise UserError(
            _(
                "fold-and-glue prints on one side and needs no calibration; use --duplex long or "
                "short"
            )
        )
    document = calibration_sheet(options.paper, options.duplex, options.language)
    return Built(PRODUCT.key, (pdf_file(MAIN, document),), None, main=MAIN)


PRODUCT: Product[CalibrationOptions, None] = Product(
    "calibration", "", build, main=lambda options: MAIN
)
