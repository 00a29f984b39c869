"""Floor for studio.py: a bare reportlab script that writes the same pages, fonts and text as a
pnp deck, and nothing else (no card design, no maps, no pictures, no selection).

:func:`read_pages` takes pnp's PDF apart once (pdfplumber: every word with its font, size and
place, every page's size); :func:`write` draws them with reportlab, each word in the face pnp
embedded (its subset file), on pages of the same sizes. Warm (fonts registered once, imports
done), it is the least any reportlab program can spend on that document.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATASETS = ROOT / "datasets"  # the subset faces the material prints in (fonts-NAME.ttf)
FONTS = ROOT / "generator" / "render" / "fonts"  # DejaVu: the fallback faces


@dataclass(frozen=True)
class Word:
    font: str
    size: float
    x: float
    y: float
    text: str


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    words: tuple[Word, ...]


def read_pages(pdf: bytes) -> list[Page]:
    import pdfplumber

    pages = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            words = page.extract_words(extra_attrs=["fontname", "size"], use_text_flow=True)
            pages.append(
                Page(
                    float(page.width),
                    float(page.height),
                    tuple(
                        Word(
                            word["fontname"].split("+", 1)[-1],
                            float(word["size"]),
                            float(word["x0"]),
                            float(page.height) - float(word["bottom"]),
                            word["text"],
                        )
                        for word in words
                    ),
                )
            )
    return pages


def face_path(name: str) -> Path:
    """The file of the face the PDF names ``name``: the deck's own subset (Fraunces, Fira
    Sans), else a DejaVu face of that name, else DejaVu Sans."""
    for path in (DATASETS / f"fonts-{name}.ttf", FONTS / f"{name}.ttf"):
        if path.exists():
            return path
    return FONTS / "DejaVuSans.ttf"


def register(pages: list[Page]) -> None:
    """The faces the pages use, registered once under their PDF names."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in sorted({word.font for page in pages for word in page.words}):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(face_path(name))))


def write(pages: list[Page]) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for page in pages:
        canvas.setPageSize((page.width, page.height))
        for word in page.words:
            canvas.setFont(word.font, word.size)
            canvas.drawString(word.x, word.y, word.text)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
