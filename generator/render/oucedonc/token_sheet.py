"""The sheet of 35 round tokens that ends an Oucédonc deck PDF.

Tokens sit on a grid (5 × 7 on portrait paper, 7 × 5 on landscape), each a gold disc printed
the deck's bleed beyond its thin cut circle. In duplex modes a second page carries the token
backs, each centred behind its front (the same :func:`point_behind` as the card engine, plus the
back offset); fold-and-glue prints one single-sided page. Each page's TrimBox is the tokens' (the
box around their cut circles), its BleedBox that box plus the bleed.

At home the cut circle is a grey line to cut along with scissors. In a print-shop file it is a
die line: a stroke in the spot colour ``CutContour`` (its own separation, set to overprint so the
art under it is not knocked out), which the shop's cutter follows and its press does not print.
:func:`token_deck` makes them a deck of round pieces, whose faces and images go through
:mod:`generator.render.deck_files` like any deck's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

from generator.core.i18n import P_, Language
from generator.games.catalog import OUCEDONC
from generator.render.card_size import CardSize
from generator.render.colour import set_fill, set_stroke
from generator.render.deck import Backs, CardDeck, Shape
from generator.render.deck_files import die_lines, paint_round, round_boxes
from generator.render.document import DocInfo
from generator.render.fonts import FontSet
from generator.render.imposition import Card, CardBox, Duplex, Painter, point_behind
from generator.render.oucedonc.cards import centred_line
from generator.render.oucedonc.palette import PALETTE, OucedoncPalette
from generator.render.oucedonc.style import compass_star
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PAGE_MARGIN = 10.0  # mm, beyond what home printers can reach
HEADER = 16.0  # mm of title above the grid on the front page
CELL_GAP = 5.0  # mm between neighbouring cut circles at least
BLEED_CLEARANCE = 2.0  # mm of paper at least between two neighbours' bleeds


class TokenSheet(Struct, frozen=True):
    """Where the token discs lie on their sheet (mm) and how large they are."""

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


def define_token_form(
    canvas: Canvas, radius: float, bleed: float, palette: OucedoncPalette
) -> None:
    """The token's art, centred on the form's origin, recorded once per document and drawn by
    every token."""
    if canvas.hasForm(TOKEN_FORM):
        return
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


class TokenFace(Struct, frozen=True):
    """A token's face, painted about its centre: a gold disc over the bleed, two rings and the
    compass star."""

    palette: OucedoncPalette = PALETTE

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        define_token_form(canvas, box.width / 2, box.bleed, self.palette)
        canvas.doForm(TOKEN_FORM)


class LightTokenBack(Struct, frozen=True):
    """The ink-light back (``--ink light``, for school printers): no gold disc, a gold ring and
    a small compass star on the paper; about an eighth of the full back's ink."""

    palette: OucedoncPalette = PALETTE

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        radius, palette = box.width / 2, self.palette
        set_stroke(canvas, palette.gold)
        canvas.setLineWidth(1.0)
        canvas.circle(0, 0, pt(radius * 0.84), stroke=1, fill=0)
        compass_star(canvas, 0, 0, radius * 0.42, palette.gold, palette.cream, north=palette.accent)


def _token(
    canvas: Canvas,
    x: float,
    y: float,
    face: Painter,
    box: CardBox,
    palette: OucedoncPalette,
    cut: bool,
) -> None:
    paint_round(canvas, x, y, face, box)
    if cut:
        set_stroke(canvas, palette.cut_line)
        canvas.setLineWidth(0.25)
        canvas.circle(pt(x), pt(y), pt(box.width / 2), stroke=1, fill=0)


def draw_token_pages(
    canvas: Canvas,
    sheet: TokenSheet,
    tokens: CardDeck,
    duplex: Duplex,
    back_offset: tuple[float, float],
    title: str,
    help_text: str,
    fonts: FontSet,
    palette: OucedoncPalette = PALETTE,
    die_line: bool = False,
) -> int:
    """Draw the sheet of ``tokens`` (their faces on ``sheet``'s grid) on ``canvas``, which is at
    a fresh page; returns the pages drawn.

    ``die_line``: the cut circles in the ``CutContour`` spot colour (print shops) instead of a
    printed grey line (home)."""
    width, height = sheet.page_width, sheet.page_height
    box, bleed = tokens.box, tokens.bleed
    define_token_form(canvas, sheet.radius, bleed, palette)
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
    for (x, y), token in zip(sheet.centres, tokens.cards, strict=True):
        _token(canvas, x, y, token.front, box, palette, cut=not die_line)
    if die_line:
        die_lines(canvas, sheet.centres, sheet.radius)
    round_boxes(canvas, sheet.centres, sheet.radius, bleed)
    canvas.showPage()
    if duplex is Duplex.FOLD:
        return 1
    dx, dy = back_offset
    backs = []
    for (x, y), token in zip(sheet.centres, tokens.cards, strict=True):
        bx, by = point_behind(x, y, duplex, width, height)
        backs.append((bx + dx, by + dy))
        _token(canvas, bx + dx, by + dy, token.back, box, palette, cut=False)
    round_boxes(canvas, backs, sheet.radius, bleed)
    canvas.showPage()
    return 2


def token_deck(
    sheet: TokenSheet,
    bleed: float,
    title: str,
    language: Language,
    count: int,
    light_backs: bool = False,
) -> CardDeck:
    """The ``count`` tokens of ``sheet``'s size as a deck of round pieces (ids ``J01``…), their
    two faces alike, or with ``light_backs`` the ink-light back (``--ink light``)."""
    face = TokenFace()
    back: Painter = LightTokenBack() if light_backs else face
    size = CardSize("token", 2 * sheet.radius, 2 * sheet.radius)
    return CardDeck(
        key="oucedonc-tokens",
        game="oucedonc",
        title=P_(language, "{title} : jetons").format(title=title),
        size=size,
        bleed=bleed,
        cards=tuple(
            Card(face, back, P_(language, "jeton {number}").format(number=n), f"J{n:02d}", "token")
            for n in range(1, count + 1)
        ),
        backs=Backs.ALIKE,
        info=DocInfo(
            title=P_(language, "{title} : jetons").format(title=title), subject=OUCEDONC.name
        ),
        shape=Shape.ROUND,
    )
