"""Small text helpers shared by the game sheets: wrapped paragraphs, headers, French numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from generator.render.colour import Colour, set_fill
from generator.render.palette import SHEET
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def percent(value: Fraction, digits: int = 1) -> str:
    """A French percentage: 0.3889 → "38,9 %" (narrow no-break space before %)."""
    return f"{float(value) * 100:.{digits}f}".replace(".", ",") + "\u202f%"


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def wrap(text: str, font: str, size: float, width_mm: float) -> list[str]:
    from reportlab.lib.utils import simpleSplit

    return simpleSplit(text, font, size, pt(width_mm))


def paragraph(
    canvas: Canvas,
    text: str,
    x: float,
    top: float,
    width: float,
    font: str,
    size: float,
    leading: float | None = None,
    colour: Colour = SHEET.ink,
) -> float:
    """Draw ``text`` wrapped to ``width`` mm from ``top`` mm down; return the y (mm) below it."""
    leading_mm = (leading or size * 1.3) * 25.4 / 72
    set_fill(canvas, colour)
    canvas.setFont(font, size)
    y = top - size * 25.4 / 72
    for line in wrap(text, font, size, width):
        canvas.drawString(pt(x), pt(y), line)
        y -= leading_mm
    return y + leading_mm - size * 0.3 * 25.4 / 72


def page_header(
    canvas: Canvas,
    page_width: float,
    page_height: float,
    margin: float,
    title: str,
    subtitle: str,
    accent: Colour,
    title_font: str,
    text_font: str,
) -> float:
    """The title band of a sheet; returns the y (mm) where the content may start."""
    top = page_height - margin
    set_fill(canvas, accent)
    canvas.rect(pt(margin), pt(top - 1.6), pt(page_width - 2 * margin), pt(1.6), stroke=0, fill=1)
    set_fill(canvas, SHEET.ink)
    canvas.setFont(title_font, 17)
    canvas.drawString(pt(margin), pt(top - 9.5), title)
    set_fill(canvas, SHEET.muted)
    canvas.setFont(text_font, 8.5)
    canvas.drawString(pt(margin), pt(top - 15), subtitle)
    return top - 20


def footer(canvas: Canvas, page_width: float, margin: float, text: str, font: str) -> None:
    set_fill(canvas, SHEET.muted)
    canvas.setFont(font, 7)
    canvas.drawCentredString(pt(page_width / 2), pt(margin - 4), text)
