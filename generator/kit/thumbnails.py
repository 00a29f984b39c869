"""Page thumbnails and page facts of finished PDFs, read back with a real renderer (PDFium).

Thumbnails are PNG files written atomically, with no timestamp or other varying chunk, so the
same PDF gives byte-identical thumbnails. pypdfium2 and Pillow are imported inside the functions.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.core.atomic import write_bytes
from generator.core.errors import UserError
from generator.render.units import to_mm

# Named sheet sizes (portrait, mm) the gallery recognises; 1.5 mm tolerance for rounding.
NAMED_SHEETS: tuple[tuple[str, float, float], ...] = (
    ("A4", 210.0, 297.0),
    ("A3", 297.0, 420.0),
    ("A5", 148.0, 210.0),
    ("Letter", 215.9, 279.4),
    ("Legal", 215.9, 355.6),
    ("Tabloid", 279.4, 431.8),
)
SHEET_TOLERANCE_MM = 1.5


# PDFium's FPDF_DUPLEXTYPE -> the kit's names; DuplexUndefined (0) is absent.
_DUPLEX_PREFERENCE = {1: "single", 2: "short", 3: "long"}


@dataclass(frozen=True)
class PdfPages:
    """What the gallery and the manifest say about a PDF: its pages, thumbnails, print preferences.

    ``duplex`` is the document's ``/ViewerPreferences /Duplex`` ("single", "long", "short") or
    None if it sets none; ``fixed_scale`` is True when it sets ``/PrintScaling /None``.
    """

    page_sizes_mm: tuple[tuple[float, float], ...]
    thumbnails: tuple[Path, ...]
    duplex: str | None = None
    fixed_scale: bool = False
    title: str = ""  # the document's /Title

    @property
    def page_count(self) -> int:
        return len(self.page_sizes_mm)


def sheet_name(width_mm: float, height_mm: float) -> str:
    """ "A4 portrait", "Letter landscape", or "100 × 150 mm" for a size that has no name."""
    for name, short, long in NAMED_SHEETS:
        if (
            abs(width_mm - short) <= SHEET_TOLERANCE_MM
            and abs(height_mm - long) <= SHEET_TOLERANCE_MM
        ):
            return f"{name} portrait"
        if (
            abs(width_mm - long) <= SHEET_TOLERANCE_MM
            and abs(height_mm - short) <= SHEET_TOLERANCE_MM
        ):
            return f"{name} landscape"
    return f"{width_mm:.0f} × {height_mm:.0f} mm"


def describe_sheets(page_sizes_mm: tuple[tuple[float, float], ...]) -> str:
    """The distinct sheet names of a document, in page order: "A4 portrait" or "A4 portrait, A3
    ..."."""
    names: list[str] = []
    for width, height in page_sizes_mm:
        name = sheet_name(width, height)
        if name not in names:
            names.append(name)
    return ", ".join(names)


def pdf_problem(pdf_path: Path) -> str:
    """Why ``pdf_path`` is not a printable PDF ("" if it is): unreadable, or without pages."""
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(str(pdf_path))
    except pdfium.PdfiumError as exc:
        return f"not a readable PDF ({exc})"
    try:
        return "" if len(document) else "a PDF without pages"
    finally:
        document.close()


def read_pdf_pages(
    pdf_path: Path,
    thumbnail_dir: Path | None,
    stem: str,
    max_pixels: int = 360,
    before_write: Callable[[Path], None] | None = None,
    max_thumbnails: int | None = None,
) -> PdfPages:
    """Page sizes of ``pdf_path`` and, if ``thumbnail_dir`` is given, one PNG per page (of the
    first ``max_thumbnails`` pages only, if given).

    Thumbnails are named ``{stem}-p{N:03d}.png`` and fit in a ``max_pixels`` square;
    ``before_write(path)`` may refuse a name (raise) before it is written.
    """
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(str(pdf_path))
    except pdfium.PdfiumError as exc:
        raise UserError(f"cannot read {pdf_path} as a PDF ({exc}); rebuild it") from None
    sizes: list[tuple[float, float]] = []
    thumbnails: list[Path] = []
    try:
        duplex = _DUPLEX_PREFERENCE.get(pdfium.raw.FPDF_VIEWERREF_GetDuplex(document.raw))
        fixed_scale = not pdfium.raw.FPDF_VIEWERREF_GetPrintScaling(document.raw)
        title = document.get_metadata_dict(skip_empty=True).get("Title", "").strip()
        for index in range(len(document)):
            page = document[index]
            try:
                width_pt, height_pt = page.get_size()
                sizes.append((round(to_mm(width_pt), 2), round(to_mm(height_pt), 2)))
                if thumbnail_dir is not None and (max_thumbnails is None or index < max_thumbnails):
                    target = thumbnail_dir / f"{stem}-p{index + 1:03d}.png"
                    if before_write is not None:
                        before_write(target)
                    scale = max_pixels / max(width_pt, height_pt)
                    # rev_byteorder: PDFium paints RGB directly, no channel swap before PNG.
                    write_bytes(
                        target, _png_bytes(page.render(scale=scale, rev_byteorder=True).to_pil())
                    )
                    thumbnails.append(target)
            finally:
                page.close()
    finally:
        document.close()
    return PdfPages(tuple(sizes), tuple(thumbnails), duplex, fixed_scale, title)


def _png_bytes(image) -> bytes:
    """PNG bytes with only the chunks needed to show the image (no time, no text, no dpi)."""
    buffer = io.BytesIO()
    if image.mode != "RGB":
        image = image.convert("RGB")
    # zlib level 3: a quarter faster than the default 6 for files 1.5 % larger; 9 is 8 times slower.
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
