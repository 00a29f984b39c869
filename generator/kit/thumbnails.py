"""Page thumbnails and page facts of finished PDFs, read back with a real renderer (PDFium).

Thumbnails are PNG files written atomically, with no timestamp or other varying chunk, so the
same PDF gives byte-identical thumbnails. pypdfium2 and Pillow are imported inside the functions.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.atomic import write_bytes
from generator.core.errors import UserError
from generator.core.i18n import M_, P_, Language, _, number
from generator.render.units import to_mm

if TYPE_CHECKING:
    from PIL.Image import Image

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

# Thumbnails fit in this square (pixels). The gallery shows a portrait page at most 164 CSS
# pixels high (a landscape page two columns wide): 360 is about twice that, sharp on a
# high-density screen, and the one picture of the page the browser scales down elsewhere.
THUMBNAIL_PIXELS = 360
#: A faces file (one card face per page, hundreds of pages for a print shop) is shown by its
#: first cards only: front and back of the first three.
FACES_PREVIEW_PAGES = 6

if TYPE_CHECKING:
    from PIL.Image import Image


def thumbnail_limit(name: str) -> int | None:
    """How many pages of the PDF called ``name`` the gallery shows (None: every page)."""
    return FACES_PREVIEW_PAGES if name.endswith("-faces.pdf") else None


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


# How the gallery prints an orientation (French; the manifest keeps the English words).
_ORIENTATIONS = {"portrait": M_("portrait"), "landscape": M_("paysage")}


def sheet_name(width_mm: float, height_mm: float, language: Language | None = None) -> str:
    """ "A4 portrait", "Letter landscape", or "100 × 150 mm" for a size that has no name: the
    manifest's words when ``language`` is None, else printed in ``language`` ("A4 paysage")."""
    for name, short, long in NAMED_SHEETS:
        for orientation, across, down in (("portrait", short, long), ("landscape", long, short)):
            if (
                abs(width_mm - across) <= SHEET_TOLERANCE_MM
                and abs(height_mm - down) <= SHEET_TOLERANCE_MM
            ):
                if language is None:
                    return f"{name} {orientation}"
                return f"{name} {P_(language, _ORIENTATIONS[orientation])}"
    if language is None:
        return f"{width_mm:.0f} × {height_mm:.0f} mm"
    return P_(language, "{width} × {height} mm").format(
        width=number(round(width_mm), language), height=number(round(height_mm), language)
    )


def describe_sheets(
    page_sizes_mm: tuple[tuple[float, float], ...], language: Language | None = None
) -> str:
    """The distinct sheet names of a document, in page order: "A4 portrait" or "A4 portrait, A3
    ..." (in ``language``, or the manifest's words when it is None)."""
    names: list[str] = []
    for width, height in page_sizes_mm:
        name = sheet_name(width, height, language)
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


@dataclass(frozen=True)
class RenderedPdf:
    """A PDF's facts and one thumbnail per page, in memory: what :func:`render_pdf_pages` reads
    (in the process that built the PDF) and :func:`write_thumbnails` writes (in the kit's)."""

    page_sizes_mm: tuple[tuple[float, float], ...]
    pngs: tuple[bytes, ...]  # one per page, or none when no thumbnail was asked for
    duplex: str | None = None
    fixed_scale: bool = False
    title: str = ""


def render_pdf_pages(
    pdf_path: Path,
    max_pixels: int | None = THUMBNAIL_PIXELS,
    max_thumbnails: int | None = None,
) -> RenderedPdf:
    """Page sizes and print preferences of ``pdf_path`` and, unless ``max_pixels`` is None, each
    page (the first ``max_thumbnails`` only, if given) rendered once into a PNG that fits in a
    ``max_pixels`` square."""
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(str(pdf_path))
    except pdfium.PdfiumError as exc:
        raise UserError(
            _("cannot read {path} as a PDF ({reason}); rebuild it").format(
                path=pdf_path, reason=exc
            )
        ) from None
    sizes: list[tuple[float, float]] = []
    pngs: list[bytes] = []
    try:
        duplex = _DUPLEX_PREFERENCE.get(pdfium.raw.FPDF_VIEWERREF_GetDuplex(document.raw))
        fixed_scale = not pdfium.raw.FPDF_VIEWERREF_GetPrintScaling(document.raw)
        title = document.get_metadata_dict(skip_empty=True).get("Title", "").strip()
        for index in range(len(document)):
            page = document[index]
            try:
                width_pt, height_pt = page.get_size()
                sizes.append((round(to_mm(width_pt), 2), round(to_mm(height_pt), 2)))
                if max_pixels is not None and (max_thumbnails is None or index < max_thumbnails):
                    scale = max_pixels / max(width_pt, height_pt)
                    # rev_byteorder: PDFium paints RGB directly, no channel swap before PNG.
                    pngs.append(_png_bytes(page.render(scale=scale, rev_byteorder=True).to_pil()))
            finally:
                page.close()
    finally:
        document.close()
    return RenderedPdf(tuple(sizes), tuple(pngs), duplex, fixed_scale, title)


def thumbnail_names(
    thumbnail_dir: Path, stem: str, rendered: RenderedPdf | None
) -> tuple[Path, ...]:
    """Where :func:`write_thumbnails` writes the thumbnails of ``rendered``:
    ``{stem}-p{N:03d}.png`` in ``thumbnail_dir``."""
    count = len(rendered.pngs) if rendered is not None else 0
    return tuple(thumbnail_dir / f"{stem}-p{number:03d}.png" for number in range(1, count + 1))


def write_thumbnails(rendered: RenderedPdf, thumbnail_dir: Path | None, stem: str) -> PdfPages:
    """The thumbnails of ``rendered`` written to their :func:`thumbnail_names` (none if
    ``thumbnail_dir`` is None), and the PDF's facts."""
    thumbnails: tuple[Path, ...] = ()
    if thumbnail_dir is not None:
        thumbnails = thumbnail_names(thumbnail_dir, stem, rendered)
        for target, png in zip(thumbnails, rendered.pngs, strict=True):
            write_bytes(target, png)
    return PdfPages(
        rendered.page_sizes_mm,
        thumbnails,
        rendered.duplex,
        rendered.fixed_scale,
        rendered.title,
    )


def _png_bytes(image: Image) -> bytes:
    """PNG bytes with only the chunks needed to show the image (no time, no text, no dpi)."""
    buffer = io.BytesIO()
    if image.mode != "RGB":
        image = image.convert("RGB")
    # zlib level 3: a quarter faster than the default 6 for files 1.5 % larger; 9 is 8 times slower.
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
