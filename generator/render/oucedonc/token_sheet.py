"""The sheet of 35 round tokens that ends an Oucédonc deck PDF.

Tokens sit on a grid (5 × 7 on portrait paper, 7 × 5 on landscape), each a gold disc printed
the deck's bleed beyond its thin cut circle. In duplex modes a second page carries the token
backs, each centred behind its front (the same :func:`point_behind` as the card engine, plus the
back offset); fold-and-glue prints one single-sided page. Each page's TrimBox is the tokens' (the
box around their cut circles), its BleedBox that box plus the bleed.

At home the cut circle is a grey line to cut along with scissors. In a print-shop file it is a
die line: a stroke in the spot colour ``CutContour`` (its own separation, set to overprint so the
art under it is not knocked out), which the shop's cutter follows and its press does not print.
:func:`draw_token_faces` writes the tokens one face per page, for the shops that print them as
they print cards.
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
CELL_GAP = 5.0  # mm between neighbouring cut circles at least
BLEED_CLEARANCE = 2.0  # mm of paper at least between two neighbours' bleeds


@dataclass(frozen=True)
class TokenSheet:
    page_width: float
    page_height: float
    centres: tuple[tuple[float, float], ...]  # mm, front page
    radius: float  # of the cut circle, mm


def plan_tokens(
    page_width: float, page_height: float, count: int, bleed: float = 1.0
) -> TokenSheet:
    """Token centres on the front page: the grid shape with the largest tokens, far enough
    apart that neighbours' bleeds never touch."""
    best: TokenSheet | None = None
    gap = max(CELL_GAP, 2 * bleed + BLEED_CLEARANCE)
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        cell = min(
            (page_width - 2 * PAGE_MARGIN) / cols, (page_height - 2 * PAGE_MARGIN - HEADER) / rows
        )
        radius = (cell - gap) / 2
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
LIGHT_BACK_FORM = "OucedoncTokenLightBack"


def _define_token(canvas, radius: float, bleed: float, palette: OucedoncPalette) -> None:
    """The token's art, centred on the form's origin, recorded once and drawn 70 times."""
    reach = pt(radius + bleed)
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


def _define_light_back(canvas, radius: float, palette: OucedoncPalette) -> None:
    """The ink-light back (``--ink light``, for school printers): no gold disc, a gold ring and
    a small compass star on the paper; about a tenth of the full back's ink."""
    reach = pt(radius)
    canvas.beginForm(LIGHT_BACK_FORM, -reach, -reach, reach, reach)
    set_stroke(canvas, palette.gold)
    canvas.setLineWidth(1.0)
    canvas.circle(0, 0, pt(radius * 0.84), stroke=1, fill=0)
    compass_star(canvas, 0, 0, radius * 0.42, palette.gold, palette.cream, north=palette.accent)
    canvas.endForm()


def _token(
    canvas,
    x: float,
    y: float,
    radius: float,
    palette: OucedoncPalette,
    cut_line: bool,
    form: str = TOKEN_FORM,
) -> None:
    canvas.saveState()
    canvas.translate(pt(x), pt(y))
    canvas.doForm(form)
    canvas.restoreState()
    if cut_line:
        set_stroke(canvas, palette.cut_line)
        canvas.setLineWidth(0.25)
        canvas.circle(pt(x), pt(y), pt(radius), stroke=1, fill=0)


def _die_lines(canvas, centres, radius: float, palette: OucedoncPalette = PALETTE) -> None:
    """The cut circles as die lines, overprinting (the art under them stays whole)."""
    canvas.saveState()
    canvas.setStrokeOverprint(True)
    canvas.setOverprintMask(True)
    set_stroke(canvas, palette.die_line)
    canvas.setLineWidth(0.25)
    for x, y in centres:
        canvas.circle(pt(x), pt(y), pt(radius), stroke=1, fill=0)
    canvas.restoreState()


def draw_token_pages(
    canvas,
    sheet: TokenSheet,
    duplex: Duplex,
    back_offset: tuple[float, float],
    title: str,
    help_text: str,
    fonts: FontSet,
    palette: OucedoncPalette = PALETTE,
    bleed: float = 1.0,
    die_line: bool = False,
    light_backs: bool = False,
) -> int:
    """Draw the token page(s) on ``canvas`` (which is at a fresh page); returns the pages drawn.

    ``die_line``: the cut circles in the ``CutContour`` spot colour (print shops) instead of a
    printed grey line (home). ``light_backs``: the ink-light backs (``--ink light``)."""
    width, height = sheet.page_width, sheet.page_height
    _define_token(canvas, sheet.radius, bleed, palette)
    back_form = TOKEN_FORM
    if light_backs:
        _define_light_back(canvas, sheet.radius, palette)
        back_form = LIGHT_BACK_FORM
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
        _token(canvas, x, y, sheet.radius, palette, cut_line=not die_line)
    if die_line:
        _die_lines(canvas, sheet.centres, sheet.radius, palette)
    _token_boxes(canvas, sheet.centres, sheet.radius, bleed)
    canvas.showPage()
    if duplex is Duplex.FOLD:
        return 1
    dx, dy = back_offset
    backs = []
    for x, y in sheet.centres:
        bx, by = point_behind(x, y, duplex, width, height)
        backs.append((bx + dx, by + dy))
        _token(canvas, bx + dx, by + dy, sheet.radius, palette, cut_line=False, form=back_form)
    _token_boxes(canvas, backs, sheet.radius, bleed)
    canvas.showPage()
    return 2


def _token_boxes(canvas, centres, radius: float, bleed: float) -> None:
    """TrimBox: the box around the cut circles; BleedBox: that box grown by the bleed."""
    left = min(x for x, _ in centres) - radius
    bottom = min(y for _, y in centres) - radius
    right = max(x for x, _ in centres) + radius
    top = max(y for _, y in centres) + radius
    canvas.setTrimBox((pt(left), pt(bottom), pt(right), pt(top)))
    canvas.setBleedBox((pt(left - bleed), pt(bottom - bleed), pt(right + bleed), pt(top + bleed)))


def draw_token_faces(
    canvas,
    count: int,
    radius: float,
    bleed: float,
    palette: OucedoncPalette = PALETTE,
    back_first: bool = False,
    die_line: bool = True,
) -> int:
    """``count`` tokens one face per page (page = the token's square plus the bleed, TrimBox =
    the square around the cut circle), front then back (back then front with ``back_first``);
    the die line on the fronts. Returns the pages drawn."""
    side = radius + bleed
    _define_token(canvas, radius, bleed, palette)
    for _ in range(count):
        for front in (False, True) if back_first else (True, False):
            _token(canvas, side, side, radius, palette, cut_line=False)
            if front and die_line:
                _die_lines(canvas, [(side, side)], radius, palette)
            _token_boxes(canvas, [(side, side)], radius, bleed)
            canvas.showPage()
    return 2 * count
