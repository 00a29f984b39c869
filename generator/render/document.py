"""Deterministic PDF documents written atomically, for a home printer or a print shop.

:func:`new_document` gives a reportlab canvas in invariant mode (no timestamps, fixed IDs),
writing to memory; :meth:`PdfDocument.save` renames the finished bytes into place. Same inputs
→ byte-identical files, and nothing half-written ever carries the final name.

Every document asks to be printed at 100 % (``/PrintScaling /None``) and, when two-sided, says
which edge to flip (``/Duplex``), with the PDF version those keys need (1.6, 1.7 with Duplex).
The print profile (:mod:`generator.render.profile`) picks each palette colour's form; a shop
document is finished as PDF/X-4 (:mod:`generator.render.pdfx`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.core.atomic import write_bytes
from generator.render.profile import HOME, PrintProfile
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class DocInfo(Struct, frozen=True):
    """A PDF's document information, and the attribution its sheets print."""

    title: str
    subject: str = ""
    author: str = "pnp"
    creator: str = "pnp (print-and-play generator)"
    credit: str = ""  # a licence's attribution, printed on the sheets (render_deck: the margin)


#: ``/Duplex`` values (PDF 1.7) for the imposition's duplex names; ``simplex``: one-sided.
DUPLEX_PREFERENCE = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "simplex": "Simplex",
}


# A dataclass, not a Struct: its repr leaves out the buffer (repr=False), which a msgspec
# Struct cannot say of one field.
@dataclass
class PdfDocument:
    """A canvas and the in-memory buffer it writes to."""

    canvas: Canvas
    buffer: io.BytesIO = field(repr=False)
    profile: PrintProfile = HOME
    #: For a shop document, the bleed (mm) added around pages that carry no TrimBox (sheets).
    sheet_bleed: float = 0.0
    #: Its pages, once finished (:meth:`to_bytes`).
    pages: int = 0

    def to_bytes(self) -> bytes:
        """Finish the document and return the PDF bytes (call once)."""
        self.canvas.save()
        self.pages = self.canvas.getPageNumber() - 1
        data = self.buffer.getvalue()
        if self.profile.shop:
            from generator.render.pdfx import finish_pdfx

            return finish_pdfx(data, self.sheet_bleed)
        return data

    def save(self, path: str | Path) -> Path:
        """Finish the document and write it atomically to ``path``."""
        return write_bytes(path, self.to_bytes())


def new_document(
    page_width_mm: float,
    page_height_mm: float,
    info: DocInfo,
    profile: PrintProfile = HOME,
    duplex: str | None = None,
) -> PdfDocument:
    """A reproducible reportlab document of the given page size (millimetres).

    ``duplex`` (``long``, ``short`` or ``simplex``) is the printer's ``/Duplex`` preference;
    ``None`` for sheets printed on one side whatever the printer does.
    """
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.fonts import REGULAR, register_face
    from generator.render.ink import colour_setter
    from generator.render.profile import SHOP_BLEED

    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(pt(page_width_mm), pt(page_height_mm)),
        invariant=1,
        pageCompression=1,
        initialFontName=register_face(REGULAR),  # never reportlab's unembedded Helvetica
        pdfVersion=(1, 7) if duplex is not None else (1, 6),
        enforceColorSpace=colour_setter(profile.shop, profile.ink_limit),
    )
    canvas.setTitle(info.title)
    canvas.setSubject(info.subject)
    canvas.setAuthor(info.author)
    canvas.setCreator(info.creator)
    canvas.setProducer("pnp via ReportLab")
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex is not None:
        canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[duplex])
    return PdfDocument(canvas, buffer, profile, SHOP_BLEED if profile.shop else 0.0)
