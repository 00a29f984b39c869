"""The image work every export shares: sRGB with its profile embedded, a grid of faces on one
sheet, a neutral image, a thumbnail, a PDF page as an image.

Every PNG an export writes is RGB (Tabletop Simulator refuses CMYK), carries pnp's ``Software``
mark (how a later run knows the file is its own) and an sRGB ICC profile: LittleCMS's built-in
sRGB (``ImageCms.createProfile("sRGB")``, "sRGB built-in"), its creation date pinned so that the
same inputs give the same bytes.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.render.colour import Colour

if TYPE_CHECKING:
    from PIL import Image

#: The ICC header's creation date (bytes 24 to 35: year, month, day, hour, minute, second), fixed.
_ICC_DATE = slice(24, 36)
_PINNED_DATE = bytes.fromhex("07ea00010001000000000000")  # 2026-01-01 00:00:00


@functools.cache
def srgb_profile() -> bytes:
    """The sRGB ICC profile every image carries (LittleCMS's, its date pinned)."""
    from PIL import ImageCms

    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[_ICC_DATE] = _PINNED_DATE
    return bytes(data)


def open_rgb(png: bytes) -> Image.Image:
    """A PNG's pixels, RGB."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def png(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` as RGB PNG bytes with the sRGB profile and pnp's mark (and ``dpi`` recorded)."""
    import io

    from PIL.PngImagePlugin import PngInfo

    from generator.core.outputs import PNG_SOFTWARE

    info = PngInfo()
    info.add_text("Software", PNG_SOFTWARE)
    buffer = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.convert("RGB").save(
        buffer, format="PNG", pnginfo=info, icc_profile=srgb_profile(), optimize=False, **extra
    )
    return buffer.getvalue()


def with_profile(data: bytes, dpi: float | None = None) -> bytes:
    """A face image from the deck path (RGB PNG) again, with the sRGB profile embedded."""
    return png(open_rgb(data), dpi)


def plain(width: int, height: int, colour: Colour) -> Image.Image:
    """An image of one colour (a palette entry)."""
    from PIL import Image

    rgb = tuple(round(channel * 255) for channel in (colour.red, colour.green, colour.blue))
    return Image.new("RGB", (width, height), rgb)


def grid_shape(slots: int, columns: int, rows: int) -> tuple[int, int]:
    """The columns and rows of the smallest grid of at most ``columns`` × ``rows`` that holds
    ``slots`` images, as wide as it can be."""
    if slots > columns * rows:
        raise ValueError(f"{slots} images do not fit a {columns}×{rows} grid")
    width = min(columns, slots)
    return width, math.ceil(slots / width)


def cell_size(
    width_mm: float, height_mm: float, grid: tuple[int, int], most: int
) -> tuple[int, int]:
    """The pixels of one face ``width_mm`` × ``height_mm`` on a sheet: as large as a full grid
    of ``grid`` (columns, rows) faces within ``most`` px a side allows, in its proportions."""
    columns, rows = grid
    per_mm = min(most / (columns * width_mm), most / (rows * height_mm))
    return math.floor(width_mm * per_mm), math.floor(height_mm * per_mm)


def grid(cells: Sequence[Image.Image | None], columns: int, rows: int) -> Image.Image:
    """``cells`` laid left to right, top to bottom on a ``columns`` × ``rows`` sheet, each cell
    the size of the first image (a None cell stays white)."""
    from PIL import Image

    first = next(cell for cell in cells if cell is not None)
    width, height = first.size
    sheet = Image.new("RGB", (columns * width, rows * height), (255, 255, 255))
    for index, cell in enumerate(cells):
        if cell is None:
            continue
        if cell.size != first.size:
            raise ValueError("every cell of a grid has the size of the first")
        sheet.paste(cell, ((index % columns) * width, (index // columns) * height))
    return sheet


def thumbnail(image: Image.Image, side: int = 256) -> Image.Image:
    """``image`` fitted into a white ``side`` × ``side`` square (a saved object's menu picture)."""
    from PIL import Image

    small = image.copy()
    small.thumbnail((side, side), Image.Resampling.LANCZOS)
    square = Image.new("RGB", (side, side), (255, 255, 255))
    square.paste(small, ((side - small.width) // 2, (side - small.height) // 2))
    return square


def page_image(pdf: bytes, page: int, longest: int) -> Image.Image:
    """Page ``page`` of ``pdf`` as an image whose longest side is ``longest`` pixels."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        width, height = document[page].get_size()
        scale = longest / max(width, height)
        bitmap = document[page].render(scale=scale, fill_color=(255, 255, 255, 255))
        image: Image.Image = bitmap.to_pil().convert("RGB")
        return image
    finally:
        document.close()
