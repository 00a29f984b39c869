"""The A4/Letter game sheets shared by Neo Otcho, Pronostiques and Les territoires: their
margin and papers, the title band and footer, French numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.render.colour import Colour, set_fill
from generator.render.palette import SHEET
from generator.render.paper import HOME_PAPERS, Paper
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


MARGIN = 12.0  # mm around every game sheet, beyond what home printers reach
SHEET_PAPERS = HOME_PAPERS  # the layouts are designed for these; A3 would only add blank space


def sheet_paper(sheet: Paper, sheets: str) -> Paper:
    """``sheet`` if the game sheets are laid out for it, or a UserError naming ``sheets`` (e.g.
    "Neo Otcho sheets")."""
    if sheet.name not in SHEET_PAPERS:
        raise UserError(
            _("the {sheets} are laid out for {names}, not {name}; pass {names2}").format(
                sheets=sheets,
                names=" or ".join(SHEET_PAPERS),
                name=sheet.name,
                names2=" or ".join(f"--paper {p}" for p in SHEET_PAPERS),
            )
        )
    return sheet


def percent(value: Fraction, digits: int = 1) -> str:
    """A French percentage: 0.3889 → "38,9 %" (narrow no-break space before %)."""
    return f"{float(value) * 100:.{digits}f}".replace(".", ",") + "\u202f%"


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


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


def credit_line(canvas: Canvas, page_width: float, y: float, text: str, font: str) -> None:
    """A licence's attribution, small (6 pt, the smallest type we print) and centred on baseline
    ``y`` (mm), in the footer's grey."""
    from generator.render.fonts import MIN_TEXT_PT

    set_fill(canvas, SHEET.muted)
    canvas.setFont(font, MIN_TEXT_PT)
    canvas.drawCentredString(pt(page_width / 2), pt(y), text)
