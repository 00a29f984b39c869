"""Titles and small drawing helpers shared by the sheets and the deck of Les territoires."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.i18n import M_, P_, Language
from generator.games.territoires import House
from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.text import shrink_to_width
from generator.render.fonts import FontSet
from generator.render.territoires.palette import PALETTE
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

HOUSE_TITLE = {House.EVEN: M_("Maison de la civilisation"), House.ODD: M_("Maison de la nature")}
HOUSE_SUBTITLE = {
    House.EVEN: M_("les hommes · cartes paires"),
    House.ODD: M_("les animaux · cartes impaires"),
}
GAME_NAME = "Les territoires"  # the game's French name, on the backs of the cards in every language


def title(language: Language) -> str:
    """The game's title on a sheet: its French name, with an English subtitle in English."""
    # TRANSLATORS: the game's title on its sheets: keep the French name, add a subtitle
    return P_(language, "Les territoires")


def text(
    canvas: Canvas,
    x: float,
    y: float,
    string: str,
    font: str,
    size: float,
    colour: Colour = PALETTE.ink,
    align: str = "left",
) -> None:
    """Draw one line at (x, y) mm, ``size`` in points; align left, centre or right."""
    canvas.setFont(font, size)
    set_fill(canvas, colour)
    if align == "centre":
        canvas.drawCentredString(pt(x), pt(y), string)
    elif align == "right":
        canvas.drawRightString(pt(x), pt(y), string)
    else:
        canvas.drawString(pt(x), pt(y), string)


def fit_size(string: str, font: str, size: float, width: float, smallest: float = 6.0) -> float:
    """The largest point size up to ``size`` (by quarter points) at which ``string`` fits
    ``width`` mm."""
    return shrink_to_width(string, font, size, width, smallest)


def rounded_box(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    radius: float,
    fill: Colour | None = None,
    stroke: Colour | None = None,
    line: float = 0.3,
) -> None:
    canvas.saveState()
    if fill:
        set_fill(canvas, fill)
    if stroke:
        set_stroke(canvas, stroke)
        canvas.setLineWidth(pt(line))
    canvas.roundRect(
        pt(x), pt(y), pt(w), pt(h), pt(radius), stroke=1 if stroke else 0, fill=1 if fill else 0
    )
    canvas.restoreState()


def cut_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed grey line to cut along."""
    canvas.saveState()
    set_stroke(canvas, PALETTE.hairline)
    canvas.setLineWidth(pt(0.25))
    canvas.setDash(pt(2), pt(1.5))
    canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    canvas.restoreState()


def fonts() -> FontSet:
    from generator.render.fonts import register_fonts

    return register_fonts()
