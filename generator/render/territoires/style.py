"""Colours and small drawing helpers shared by the sheets and the deck of Les territoires."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.territoires import House, Role
from generator.render.fonts import FontSet
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

INK = "#1F1F1F"
MUTED = "#6B665E"
HAIRLINE = "#C9C2B3"
PAPER_TINT = "#F7F2E7"
HOUSE_COLOUR = {House.EVEN: "#2B4C7E", House.ODD: "#3D6B35"}
HOUSE_TINT = {House.EVEN: "#E3EAF4", House.ODD: "#E4EEDF"}
HOUSE_TITLE = {House.EVEN: "Maison de la civilisation", House.ODD: "Maison de la nature"}
HOUSE_SUBTITLE = {
    House.EVEN: "les hommes · cartes paires",
    House.ODD: "les animaux · cartes impaires",
}
ROLE_COLOUR = {
    Role.WEAPON: "#8E2C2C",
    Role.SUPPORT_ANIMAL: "#8A5A24",
    Role.CIVILISATION_SUPPORT: HOUSE_COLOUR[House.EVEN],
    Role.NATURE_SUPPORT: HOUSE_COLOUR[House.ODD],
    Role.HEALING: "#A8781C",
    Role.LIFE: "#5E5A52",
    Role.RUN: "#8B857A",
}


def text(
    canvas: Canvas,
    x: float,
    y: float,
    string: str,
    font: str,
    size: float,
    colour: str = INK,
    align: str = "left",
) -> None:
    """Draw one line at (x, y) mm, ``size`` in points; align left, centre or right."""
    canvas.setFont(font, size)
    canvas.setFillColor(colour)
    if align == "centre":
        canvas.drawCentredString(pt(x), pt(y), string)
    elif align == "right":
        canvas.drawRightString(pt(x), pt(y), string)
    else:
        canvas.drawString(pt(x), pt(y), string)


def text_width(string: str, font: str, size: float) -> float:
    """Width of ``string`` in millimetres."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from generator.render.units import to_mm

    return to_mm(stringWidth(string, font, size))


def fit_size(string: str, font: str, size: float, width: float, smallest: float = 5.0) -> float:
    """The largest point size up to ``size`` at which ``string`` fits ``width`` mm."""
    while size > smallest and text_width(string, font, size) > width:
        size -= 0.25
    return size


def rounded_box(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    radius: float,
    fill: str | None = None,
    stroke: str | None = None,
    line: float = 0.3,
) -> None:
    canvas.saveState()
    if fill:
        canvas.setFillColor(fill)
    if stroke:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(pt(line))
    canvas.roundRect(
        pt(x), pt(y), pt(w), pt(h), pt(radius), stroke=1 if stroke else 0, fill=1 if fill else 0
    )
    canvas.restoreState()


def cut_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed grey line to cut along."""
    canvas.saveState()
    canvas.setStrokeColor(HAIRLINE)
    canvas.setLineWidth(pt(0.25))
    canvas.setDash(pt(2), pt(1.5))
    canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    canvas.restoreState()


def fonts() -> FontSet:
    from generator.render.fonts import register_fonts

    return register_fonts()
