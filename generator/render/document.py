"""Deterministic PDF documents written atomically.

:func:`new_document` gives a reportlab canvas in invariant mode (no timestamps, fixed IDs),
writing to memory; :meth:`PdfDocument.save` renames the finished bytes into place. Same inputs
→ byte-identical files, and nothing half-written ever carries the final name.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.atomic import write_bytes
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class DocInfo:
    title: str
    subject: str = ""
    author: str = "pnp"
    creator: str = "pnp (print-and-play generator)"
    credit: str = ""  # a licence's attribution, printed on the sheets (render_deck: the margin)


@dataclass
class PdfDocument:
    """A canvas and the in-memory buffer it writes to."""

    canvas: Canvas
    buffer: io.BytesIO = field(repr=False)

    def to_bytes(self) -> bytes:
        """Finish the document and return the PDF bytes (call once)."""
        self.canvas.save()
        return self.buffer.getvalue()

    def save(self, path: str | Path) -> Path:
        """Finish the document and write it atomically to ``path``."""
        return write_bytes(path, self.to_bytes())


def new_document(page_width_mm: float, page_height_mm: float, info: DocInfo) -> PdfDocument:
    """A reproducible reportlab document of the given page size (millimetres)."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.fonts import register_fonts

    fonts = register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(pt(page_width_mm), pt(page_height_mm)),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.regular,  # never reportlab's unembedded Helvetica
    )
    canvas.setTitle(info.title)
    canvas.setSubject(info.subject)
    canvas.setAuthor(info.author)
    canvas.setCreator(info.creator)
    canvas.setProducer("pnp via ReportLab")
    return PdfDocument(canvas, buffer)
