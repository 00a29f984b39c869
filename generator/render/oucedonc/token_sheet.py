"""The sheet of 35 round tokens that ends an Oucédonc deck PDF.

Tokens sit on a grid (5 × 7 on portrait paper, 7 × 5 on landscape), each a gold disc printed
1 mm beyond its thin cut circle. In duplex modes a second page carries the token backs, each
centred behind its front (the same :func:`point_behind` as the card engine, plus the back
offset); fold-and-glue prints one single-sided page.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.render.colour import set_fill, set_stroke
from generator.render.fonts import FontSet
from generator.render.imposition import Duplex, point_behind
from generator.render.oucedonc.cards import centred_line
from generator.render.oucedonc.palette import PALETTE, OucedoncPalette
from generator.render.oucedonc.style import compass_star
from generator.render.units import pt

PAGE_MARGIN = 10.0  # mm, beyond what home printers can reach
HEADER = 16.0  # mm of title above the grid on the front page
TOKEN_BLEED = 1.0  # mm of colour beyond the cut circle
CELL_GAP = 5.0  # mm between neighbouring cut circles at least


@dataclass(frozen=True)
class TokenSheet:
    page_width: float
    page_height: float
    centres: tuple[tuple[float, float], ...]  # mm, front page
    radius: float  # of the cut circle, mm


def plan_tokens(page_width: float, page_height: float, count: int) -> TokenSheet:
    """Token centres on the front page: the grid shape with the largest tokens."""
    best: TokenSheet | None = None
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        cell = min(
            (page_width - 2 * PAGE_MARGIN) / cols, (page_height - 2 * PAGE_MARGIN - HEADER) / rows
        )
        radius = (cell - CELL_GAP) / 2
        if radius <= 0 or (best is not None and radius <= best.radius):
            continue
        left = (page_width - cols * cell) / 2
        top = page_height - PAGE_MARGIN - HEADER
        centres = tuple(
            (left + (index % cols + 0.5) * cell, top - (index // cols + 0.5) * cell)
            for index in range(count)
        )
        best = TokenSheet(page_width, page_height, centres, radius)
    if best is None:
        raise ValueError("no token fits on this page")
    return best


TOKEN_FORM = "OucedoncToken"


def _define_token(canvas, radius: float, palette: OucedoncPalette) -> None:
    """The token's art, centred on the form's origin, recorded once and drawn 70 times."""
    reach = pt(radius + TOKEN_BLEED)
    canvas.beginForm(TOKEN_FORM, -reach, -reach, reach, reach)
    set_fill(canvas, palette.gold)
    canvas.circle(0, 0, reach, stroke=0, fill=1)
    set_stroke(canvas, palette.night)
    canvas.setLineWidth(0.7)
    canvas.circle(0, 0, pt(radius * 0.84), stroke=1, fill=0)
    canvas.setLineWidth(0.3)
    canvas.circle(0, 0, pt(radius * 0.78), stroke=1, fill=0)
    compass_star(canvas, 0, 0, radius * 0.66, palette.night, palette.cream, north=palette.accent)
    canvas.endForm()


def _token(
    canvas, x: float, y: float, radius: float, palette: OucedoncPalette, cut_line: bool
) -> None:
    canvas.saveState()
    canvas.translate(pt(x), pt(y))
    canvas.doForm(TOKEN_FORM)
    canvas.restoreState()
    if cut_line:
        set_stroke(canvas, palette.cut_line)
        canvas.setLineWidth(0.25)
        canvas.circle(pt(x), pt(y), pt(radius), stroke=1, fill=0)


def draw_token_pages(
    canvas,
    sheet: TokenSheet,
    duplex: Duplex,
    back_offset: tuple[float, float],
    title: str,
    help_text: str,
    fonts: FontSet,
    palette: OucedoncPalette = PALETTE,
) -> int:
    """Draw the token page(s) on ``canvas`` (which is at a fresh page); returns the pages drawn."""
    width, height = sheet.page_width, sheet.page_height
    _define_token(canvas, sheet.radius, palette)
    text_width = width - 2 * PAGE_MARGIN
    centred_line(
        canvas,
        title,
        fonts.title,
        15,
        width / 2,
        height - PAGE_MARGIN - 6.5,
        palette.night,
        text_width,
    )
    centred_line(
        canvas,
        help_text,
        fonts.regular,
        8,
        width / 2,
        height - PAGE_MARGIN - 12.0,
        palette.muted,
        text_width,
    )
    for x, y in sheet.centres:
        _token(canvas, x, y, sheet.radius, palette, cut_line=True)
    _page_boxes(canvas, width, height)
    canvas.showPage()
    if duplex is Duplex.FOLD:
        return 1
    dx, dy = back_offset
    for x, y in sheet.centres:
        bx, by = point_behind(x, y, duplex, width, height)
        _token(canvas, bx + dx, by + dy, sheet.radius, palette, cut_line=False)
    _page_boxes(canvas, width, height)
    canvas.showPage()
    return 2


def _page_boxes(canvas, width: float, height: float) -> None:
    canvas.setTrimBox((0, 0, pt(width), pt(height)))
    canvas.setBleedBox((0, 0, pt(width), pt(height)))
