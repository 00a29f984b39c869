"""The Jeu de l'Oie board: the 63-square spiral, its pictures and the rules panel.

One sheet layout (board square + rules panel) is drawn in millimetres on a canvas scaled once
at the reportlab boundary. The same sheet is printed on one page (A4, Letter, A3, landscape)
or, at poster size, tiled over several A4/Letter pages by :mod:`generator.render.poster`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, P_, Language, _
from generator.core.typography import printed_text as typography
from generator.games.oie.rules import Rules
from generator.games.oie.squares import BOARD, FIRST_THROWS, LAST, Kind, square_name
from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.shapes import polygon
from generator.render.draw.text import Shrink, shrink_to_width, shrink_until, string_width
from generator.render.oie.palette import PALETTE
from generator.render.oie.rules_text import Block, rules_blocks
from generator.render.paper import HOME_PAPERS, PAPERS, Paper
from generator.render.profile import HOME, PrintProfile
from generator.render.units import scale_to_mm

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

    from generator.render.document import PdfDocument
    from generator.render.oie.spiral import Cell, Spiral

TILE_PAPERS = HOME_PAPERS  # a poster is tiled over the pages a home printer takes
BASE_BOARD = 194.0  # board side on A4: every size below scales with board side / BASE_BOARD

LABEL_SHRINK = Shrink.times(0.94)  # names and labels step down 6 % at a time
PANEL_SHRINK = Shrink.times(0.96)  # the rules panel's type, 4 % at a time
DICE_FACES = {rule.target: rule.dice for rule in FIRST_THROWS}  # the dice pictured on 26 and 53
# A square's type, in font sizes: capitals and descenders (those of Fira Sans and Fraunces,
# :mod:`generator.render.draw.fit_text`), the leading of a name on several lines
CAP, DESCENT, LEADING = 0.70, 0.26, 1.05
STACK_GAP = 0.05  # band widths between a square's number, picture and name
STACK_DROP = 0.02  # band widths a square's stack sits under its centre
ROOM_INSET = 0.04  # band widths a name keeps off the square's outline
SPECIAL_PICTURES = (0.5, 0.45, 0.4, 0.36, 0.32, 0.28, 0.25)  # a named square's, largest first


@dataclass(frozen=True)
class BoardOptions:
    paper: Paper = PAPERS["a4"]  # of the one-page board (landscape)
    tiles: Paper | None = None  # of a poster's tiles; None: the one-page board
    grid: tuple[int, int] = (2, 3)  # poster: columns x rows of landscape tiles (2x3: square)
    theme: str | None = None
    rules: Rules = Rules()
    labels: tuple[str, ...] = field(default=())  # place names for squares 1..62 ("" = none)
    route: tuple[str, str] | None = None
    profile: PrintProfile = HOME
    language: Language = MATERIAL_DEFAULT  # of the printed texts (place names stay as given)


@dataclass(frozen=True)
class SheetLayout:
    width: float
    height: float
    margin: float
    board_x: float
    board_y: float
    board: float  # side of the square board
    panel_x: float
    panel_y: float
    panel_w: float
    panel_h: float

    @property
    def k(self) -> float:
        return self.board / BASE_BOARD


def sheet_layout(width: float, height: float) -> SheetLayout:
    """Landscape sheet: the square board on the left, the rules panel on the right.

    On a wide sheet (a poster of many columns) the panel stops at half the board's width, for
    readable lines, and the pair is centred.
    """
    margin = 8.0 * (min(width, height) / 210.0)
    gap = margin * 0.75
    min_panel = 0.29 * width
    board = min(height - 2 * margin, width - 2 * margin - gap - min_panel)
    panel_w = min(width - 2 * margin - gap - board, 0.5 * board)
    left = (width - (board + gap + panel_w)) / 2
    bottom = (height - board) / 2
    return SheetLayout(
        width, height, margin, left, bottom, board, left + board + gap, bottom, panel_w, board
    )


# ---------------------------------------------------------------- drawing helpers


def _outlined(
    c: Canvas,
    points: Sequence[tuple[float, float]],
    fill: Colour,
    line_width: float,
    stroke: Colour = PALETTE.ink,
) -> None:
    """A square or the garden: filled, outlined in the board's ink."""
    set_fill(c, fill)
    set_stroke(c, stroke)
    c.setLineWidth(line_width)
    polygon(c, points, fill=True, stroke=True, to_pt=None)


def _fit_font(
    font: str, text: str, size: float, width: float, minimum: float, floor: float | None = None
) -> float:
    """The size, stepping down by 6 %, at which one line fits ``width`` (canvas units), never
    under ``floor``: the 6 pt we print at least, in the drawing's units (millimetres by default)."""
    from generator.render.fonts import MIN_TEXT_MM

    minimum = max(minimum, MIN_TEXT_MM if floor is None else floor)
    size = max(size, minimum)
    fitted = shrink_to_width(text, font, size, width, minimum, LABEL_SHRINK, measure=string_width)
    return max(fitted, minimum)


def _half_chord(outline: Sequence[tuple[float, float]], x: float, y: float) -> float:
    """The room either side of ``x`` on the horizontal line at height ``y`` inside ``outline``
    (to the nearest edge on each side; 0 outside)."""
    left = right = math.inf
    for (x0, y0), (x1, y1) in zip(outline, (*outline[1:], outline[0]), strict=True):
        if (y0 <= y < y1) or (y1 <= y < y0):
            crossing = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if crossing <= x:
                left = min(left, x - crossing)
            else:
                right = min(right, crossing - x)
    half = min(left, right)
    return 0.0 if math.isinf(half) else half


def _room(cell: Cell, x: float, baseline: float, size: float) -> float:
    """The width a line centred on ``x`` may take in ``cell``: the narrowest chord over the
    line's height (descender to capitals), kept ``ROOM_INSET`` band widths off the outline.
    Cells stand at every angle of the spiral: a fixed fraction of the band would either waste
    the room of an upright cell or spill out of the corner of a turned one."""
    half = min(
        _half_chord(cell.outline, x, baseline + rise * size) for rise in (-DESCENT, 0.35, CAP)
    )
    return 2 * (half - ROOM_INSET * cell.width)


def _line_choices(text: str, font: str, max_lines: int, glue: bool) -> list[tuple[str, ...]]:
    """``text`` on one line, then on two, three... balanced lines (the widest as narrow as can
    be), broken as the place names of the decks are: with ``glue``, never after "de" or after
    "Saint-"."""
    from generator.render.draw.fit_text import break_tokens, glue_tokens

    tokens = break_tokens(text)
    tokens = (glue_tokens(tokens) if glue else tokens) or [text]
    choices = []
    for count in range(1, min(max_lines, len(tokens)) + 1):
        best: tuple[float, tuple[str, ...]] | None = None
        for cuts in itertools.combinations(range(1, len(tokens)), count - 1):
            bounds = (0, *cuts, len(tokens))
            lines = tuple("".join(tokens[a:b]).rstrip() for a, b in itertools.pairwise(bounds))
            widest = max(string_width(line, font, 1.0) for line in lines)
            if best is None or widest < best[0] - 1e-9:
                best = (widest, lines)
        assert best is not None
        choices.append(best[1])
    return choices


def _fit_lines(
    text: str,
    font: str,
    start: float,
    floor: float,
    lowest: float,
    max_lines: int,
    fits: Callable[[tuple[str, ...], float], bool],
) -> tuple[tuple[str, ...], float]:
    """The largest size, from ``start`` down to ``floor`` (7 pt: what a player reads), at
    which ``text`` fits on one to ``max_lines`` lines; an extra line must buy ``LINE_GAIN``
    more size. A line ends on "de" only if the name fits no other way. Under the floor, down
    to ``lowest`` (6 pt), only for a name that fits nowhere else (a very long place name of a
    theme); the kit's boards never get there (tested)."""
    from generator.render.draw.fit_text import LINE_GAIN

    glued = _line_choices(text, font, max_lines, glue=True)
    loose = _line_choices(text, font, max_lines, glue=False)  # "Cité de" / "Carcassonne"
    for smallest, choices in ((floor, glued), (floor, loose), (lowest, glued), (lowest, loose)):
        best: tuple[tuple[str, ...], float] | None = None
        for lines in choices:

            def fit(size: float, lines: tuple[str, ...] = lines) -> bool:
                return fits(lines, size)

            size = max(shrink_until(max(start, smallest), smallest, fit, LABEL_SHRINK), smallest)
            if fit(size) and (best is None or size > best[1] * LINE_GAIN):
                best = (lines, size)
        if best is not None:
            return best
    return loose[-1], lowest


def _centred(
    c: Canvas, font: str, size: float, x: float, y: float, text: str, colour: Colour
) -> None:
    c.setFont(font, size)
    set_fill(c, colour)
    c.drawCentredString(x, y, text)


# ---------------------------------------------------------------- the board


def _cell_fill(number: int) -> Colour:
    return PALETTE.squares.of(BOARD[number].kind, number)


def _draw_arrow(c: Canvas, x: float, y: float, size: float, angle: float, colour: Colour) -> None:
    """A small arrow head pointing along ``angle`` (radians): the way round the spiral."""
    c.saveState()
    c.translate(x, y)
    c.rotate(math.degrees(angle))
    set_fill(c, colour)
    arrow = ((size, 0), (-size * 0.7, size * 0.75), (-size * 0.3, 0), (-size * 0.7, -size * 0.75))
    polygon(c, arrow, to_pt=None)
    c.restoreState()


def _draw_picture(c: Canvas, number: int, x: float, y: float, size: float) -> None:
    from generator.render.oie import art as oie_art

    kind = BOARD[number].kind
    if kind == Kind.DICE:
        oie_art.dice(c, x, y, size, DICE_FACES[number])
    elif kind == Kind.GOOSE:
        oie_art.goose(c, x, y, size, facing=-1 if number % 2 else 1)
    elif kind.value in oie_art.PICTURES:
        oie_art.PICTURES[kind.value](c, x, y, size)


@dataclass(frozen=True)
class Stack:
    """A square's content from top to bottom, centred on the square: its number (or the start's
    arrow), a picture, the lines of its name (mm from the square's centre, upwards)."""

    head: float  # the number's baseline (or the arrow's centre)
    head_size: float
    picture: float  # the picture's centre
    picture_size: float
    baselines: tuple[float, ...]


def _stack(
    cell: Cell, head: float, picture: float, lines: tuple[str, ...], font: str, size: float
) -> Stack | None:
    """The stack of a number of ``head`` size (capitals), a ``picture`` (0: none) and ``lines``
    at ``size``, centred a little under the square's centre; None if a line or the number
    leaves its room (:func:`_room`)."""
    from generator.render.fonts import DISPLAY

    p = cell.width
    x, y = cell.centre
    gap = STACK_GAP * p
    text = CAP * size + (len(lines) - 1) * LEADING * size + DESCENT * size
    height = CAP * head + gap + (picture + gap if picture else 0.0) + text
    top = y - STACK_DROP * p + height / 2
    head_baseline = top - CAP * head
    below = head_baseline - gap
    picture_centre = below - picture / 2
    if picture:
        below -= picture + gap
    first = below - CAP * size
    baselines = tuple(first - i * LEADING * size for i in range(len(lines)))
    if string_width(str(cell.number), DISPLAY, head) > _room(cell, x, head_baseline, head):
        return None
    for line, baseline in zip(lines, baselines, strict=True):
        if string_width(line, font, size) > _room(cell, x, baseline, size):
            return None
    return Stack(head_baseline, head, picture_centre, picture, baselines)


def _fit_stack(
    cell: Cell,
    name: str,
    font: str,
    start: float,
    floors: tuple[float, float],
    heads: tuple[float, ...],
    pictures: tuple[float, ...],
) -> tuple[tuple[str, ...], float, Stack]:
    """The largest size of ``name`` (at least 7 pt, see :func:`_fit_lines`) in a stack of the
    square; at a size, the number and the picture step down (``heads``, ``pictures``, in band
    widths, largest first) before the name does: the name is what is read."""
    p = cell.width

    def layout(lines: tuple[str, ...], size: float) -> Stack | None:
        for picture in pictures:
            for head in heads:
                stack = _stack(cell, head * p, picture * p, lines, font, size)
                if stack is not None:
                    return stack
        return None

    max_lines = 2 if pictures[0] else 3
    lines, size = _fit_lines(
        name, font, start, *floors, max_lines, lambda ls, sz: layout(ls, sz) is not None
    )
    stack = layout(lines, size)
    if stack is None:  # a name that fits nowhere (never on the kit's boards): the old places
        y = cell.centre[1]
        top = y - 0.14 * p if not pictures[0] else y - 0.38 * p
        baselines = tuple(top - i * LEADING * size for i in range(len(lines)))
        stack = Stack(y + 0.06 * p, heads[-1] * p, y - 0.02 * p, pictures[-1] * p, baselines)
    return lines, size, stack


def _draw_cell(
    c: Canvas, cell: Cell, k: float, label: str, floors: tuple[float, float], language: Language
) -> None:
    """One square; ``floors`` are 7 pt and 6 pt in the drawing's units (the board is drawn
    scaled): its name and its place are read, so 7 pt, 6 pt only for a name that fits nowhere."""
    from generator.render.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY

    number = cell.number
    square = BOARD[number]
    _outlined(c, cell.outline, _cell_fill(number), 0.32 * k)
    x, y = cell.centre
    p = cell.width
    dark = square.kind == Kind.DEATH
    ink = PALETTE.ink_on_dark if dark else PALETTE.ink
    if square.kind == Kind.ORDINARY and not label:
        _centred(c, DISPLAY, 0.36 * p, x, y - 0.12 * p, str(number), ink)
        return
    if square.kind == Kind.ORDINARY:
        name = typography(label, language)
        lines, size, stack = _fit_stack(
            cell, name, CONDENSED, 0.135 * p, floors, (0.27, 0.24, 0.21), (0.0,)
        )
        _centred(c, DISPLAY, stack.head_size, x, stack.head, str(number), ink)
        for line, baseline in zip(lines, stack.baselines, strict=True):
            _centred(c, CONDENSED, size, x, baseline, line, ink)
        return
    if square.kind == Kind.GOOSE:
        _draw_picture(c, number, x, y - 0.07 * p, 0.58 * p)
        _centred(c, DISPLAY, 0.19 * p, x, y + 0.26 * p, str(number), ink)
        return
    name = typography(square_name(number, language), language)
    lines, size, stack = _fit_stack(
        cell, name, CONDENSED_BOLD, 0.12 * p, floors, (0.19, 0.17), SPECIAL_PICTURES
    )
    _draw_picture(c, number, x, stack.picture, stack.picture_size)
    if number != 0:
        _centred(c, DISPLAY, stack.head_size, x, stack.head, str(number), ink)
    else:  # the start: an arrow where the number would stand
        _draw_arrow(c, x, stack.head + 0.3 * stack.head_size, 0.16 * p, cell.angle, ink)
    for line, baseline in zip(lines, stack.baselines, strict=True):
        _centred(c, CONDENSED_BOLD, size, x, baseline, line, ink)


def _draw_garden(
    c: Canvas, spiral: Spiral, k: float, floors: tuple[float, float], language: Language
) -> None:
    from generator.render.fonts import CONDENSED_BOLD, DISPLAY
    from generator.render.oie import art as oie_art

    _outlined(c, spiral.garden, PALETTE.squares.garden, 0.32 * k)
    r = spiral.garden_radius * 0.96
    cx, cy = spiral.garden_centre
    set_fill(c, PALETTE.lawn)
    set_stroke(c, PALETTE.lawn_rim)
    c.setLineWidth(0.35)
    c.circle(cx, cy, r, stroke=1, fill=1)
    r *= 0.97
    # a crown of leaves and flowers
    for i in range(24):  # a crown of leaves, open at the bottom for the name
        a = 2 * math.pi * i / 24 + math.pi / 24
        if abs(math.degrees(a) - 270) < 50:
            continue
        oie_art.leaf(
            c,
            cx + 0.9 * r * math.cos(a),
            cy + 0.9 * r * math.sin(a),
            0.17 * r,
            math.degrees(a) + 90,
        )
    for i, degrees in enumerate((90, 30, 150, 210, 330)):
        a = math.radians(degrees)
        oie_art.flower(
            c,
            cx + 0.9 * r * math.cos(a),
            cy + 0.9 * r * math.sin(a),
            0.16 * r,
            PALETTE.petal if i % 2 else PALETTE.petal_2,
        )
    name = typography(square_name(LAST, language), language)

    def fits(lines: tuple[str, ...], size: float) -> bool:
        """Between the crown's open ends: 1.1 r wide, the second line lower and narrower."""
        return all(
            string_width(line, CONDENSED_BOLD, size) <= (1.1 - 0.1 * i) * r
            for i, line in enumerate(lines)
        )

    lines, size = _fit_lines(name, CONDENSED_BOLD, 0.14 * r, *floors, 2, fits)
    top = cy - 0.7 * r + (len(lines) - 1) * size * 0.55
    # a name on two lines lifts the number and the goose, clear of its first line
    lift = max(0.0, top + CAP * size + 0.06 * r - (cy - 0.5 * r))
    oie_art.goose(c, cx, cy + 0.16 * r + lift, 0.82 * r, facing=1)
    _centred(c, DISPLAY, 0.3 * r, cx, cy - 0.5 * r + lift, str(LAST), PALETTE.ink)
    for i, line in enumerate(lines):
        _centred(c, CONDENSED_BOLD, size, cx, top - i * size * LEADING, line, PALETTE.ink)


def _double_frame(c: Canvas, x: float, y: float, w: float, h: float, k: float) -> None:
    """The framed card the board and the rules panel stand on: a filled box and an inner rule."""
    set_fill(c, PALETTE.board)
    set_stroke(c, PALETTE.frame)
    c.setLineWidth(1.2 * k)
    c.roundRect(x, y, w, h, 3 * k, stroke=1, fill=1)
    c.setLineWidth(0.35 * k)
    inset = 1.8 * k
    c.roundRect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, 2 * k, stroke=1, fill=0)


def _draw_corner(c: Canvas, x: float, y: float, k: float, dx: int, dy: int) -> None:
    from generator.render.oie import art as oie_art

    oie_art.flower(c, x, y, 6.0 * k, PALETTE.petal)
    for i, angle in enumerate((0, 90)):
        a = math.radians(angle)
        ux, uy = math.cos(a) * dx, math.sin(a) * dy
        for j in (1, 2):
            oie_art.leaf(
                c,
                x + ux * (4.5 + 4.2 * (j - 1)) * k,
                y + uy * (4.5 + 4.2 * (j - 1)) * k,
                4.5 * k,
                0 if i == 0 else 90,
            )
    oie_art.flower(c, x + dx * 9.5 * k, y + dy * 9.5 * k, 3.6 * k, PALETTE.petal_2)


def _draw_track_shadow(c: Canvas, spiral: Spiral) -> None:
    """A soft offset shadow under the track, so it stands on the page."""
    c.saveState()
    c.translate(0.8, -1.0)
    set_fill(c, PALETTE.track_shadow)
    polygon(c, spiral.outer_edge, to_pt=None)
    c.restoreState()


def draw_board(
    c: Canvas,
    x: float,
    y: float,
    side: float,
    labels: tuple[str, ...],
    language: Language = MATERIAL_DEFAULT,
) -> None:
    """The square board with its lower-left corner at (x, y) (canvas in millimetres), its
    squares named in ``language``."""
    from generator.render.fonts import MIN_READING_MM, MIN_TEXT_MM
    from generator.render.oie.spiral import build_spiral

    k = side / BASE_BOARD
    c.saveState()
    _double_frame(c, x, y, side, side, k)
    corner = 9.0 * k
    for cx, cy, dx, dy in (
        (x + corner, y + corner, 1, 1),
        (x + side - corner, y + corner, -1, 1),
        (x + corner, y + side - corner, 1, -1),
        (x + side - corner, y + side - corner, -1, -1),
    ):
        _draw_corner(c, cx, cy, k, dx, dy)
    radius = side / 2 - 4.0 * k
    spiral = build_spiral(round(radius / k, 6))  # cached at the A4 size, scaled below
    c.translate(x + side / 2, y + side / 2)
    c.scale(k, k)
    floors = (MIN_READING_MM / k, MIN_TEXT_MM / k)  # 7 pt and 6 pt once scaled
    _draw_track_shadow(c, spiral)
    for cell in spiral.cells:
        label = labels[cell.number - 1] if 0 < cell.number <= len(labels) else ""
        _draw_cell(c, cell, 1.0, label, floors, language)
    _draw_garden(c, spiral, 1.0, floors, language)
    set_stroke(c, PALETTE.ink)  # a firm line around the whole track
    c.setLineWidth(0.7)
    polygon(c, spiral.outer_edge, fill=False, stroke=True, to_pt=None)
    c.restoreState()


# ---------------------------------------------------------------- the rules panel


def _panel_styles(size: float) -> dict[str, ParagraphStyle]:
    from reportlab.lib.styles import ParagraphStyle

    from generator.render.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY, ITALIC

    body = ParagraphStyle(
        "body",
        fontName=CONDENSED,
        fontSize=size,
        leading=size * 1.22,
        textColor=PALETTE.ink.reportlab,
    )
    return {
        "text": body,
        "item": ParagraphStyle(
            "item",
            parent=body,
            leftIndent=size * 1.35,
            bulletIndent=size * 0.1,
            bulletFontName=CONDENSED_BOLD,
            bulletFontSize=size,
            bulletColor=PALETTE.ink.reportlab,
        ),
        "square": ParagraphStyle("square", parent=body, leftIndent=size * 2.3),
        "heading": ParagraphStyle(
            "heading",
            parent=body,
            fontName=DISPLAY,
            fontSize=size * 1.3,
            leading=size * 1.6,
            textColor=PALETTE.frame.reportlab,
            spaceBefore=size * 0.6,
        ),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontName=ITALIC, alignment=1),
    }


def _bold_font_mapping() -> None:
    from reportlab.lib.fonts import addMapping

    from generator.render.fonts import CONDENSED, CONDENSED_BOLD

    addMapping(CONDENSED, 0, 0, CONDENSED)
    addMapping(CONDENSED, 1, 0, CONDENSED_BOLD)
    addMapping(CONDENSED, 0, 1, CONDENSED)
    addMapping(CONDENSED, 1, 1, CONDENSED_BOLD)


def _layout_blocks(
    blocks: list[Block], width: float, size: float
) -> tuple[list[tuple[Block, Paragraph, float, float]], float]:
    from generator.render.draw.text import platypus_paragraph

    styles = _panel_styles(size)
    placed: list[tuple[Block, Paragraph, float, float]] = []
    height = 0.0
    for block in blocks:
        style = styles[block.kind]
        bullet = "•" if block.kind == "item" else None
        paragraph = platypus_paragraph(block.markup, style, bullet)
        _, h = paragraph.wrap(width, 10_000)
        before = style.spaceBefore if placed else 0
        gap = size * 0.35
        placed.append((block, paragraph, before, h))
        height += before + h + gap
    return placed, height


def draw_panel(
    c: Canvas,
    layout: SheetLayout,
    blocks: list[Block],
    subtitle: str,
    language: Language = MATERIAL_DEFAULT,
) -> None:
    from generator.render.fonts import BOLD, DISPLAY, MIN_READING_MM

    _bold_font_mapping()
    k = layout.k
    x, y, w, h = layout.panel_x, layout.panel_y, layout.panel_w, layout.panel_h
    c.saveState()
    _double_frame(c, x, y, w, h, k)
    pad = 5.0 * k
    inner_w = w - 2 * pad
    # title: the game's French name in every language (the subtitle says it in English)
    title = typography("Le Jeu de l'Oie", language)
    title_size = _fit_font(DISPLAY, title, 8.5 * k, inner_w, 4 * k)
    top = y + h - pad - title_size * 0.8
    _centred(c, DISPLAY, title_size, x + w / 2, top, title, PALETTE.frame)
    from generator.render.oie import art as oie_art

    rule_y = top - 3.2 * k
    set_stroke(c, PALETTE.frame)
    c.setLineWidth(0.3 * k)
    c.line(x + pad + 6 * k, rule_y, x + w / 2 - 4 * k, rule_y)
    c.line(x + w / 2 + 4 * k, rule_y, x + w - pad - 6 * k, rule_y)
    oie_art.goose(c, x + w / 2, rule_y + 0.3 * k, 5.5 * k)
    styles = _panel_styles(2.8 * k)
    from generator.render.draw.text import platypus_paragraph

    sub = platypus_paragraph(subtitle, styles["subtitle"])
    _, sub_h = sub.wrap(inner_w, 100)
    cursor = rule_y - 3.6 * k
    sub.drawOn(c, x + pad, cursor - sub_h)
    cursor -= sub_h + 1.5 * k
    available = cursor - (y + pad)
    size = 2.9 * k
    layouts: dict[float, tuple[list[tuple[Block, Paragraph, float, float]], float]] = {}

    def fits(size: float) -> bool:
        layouts[size] = _layout_blocks(blocks, inner_w, size)
        return bool(layouts[size][1] <= available)

    smallest = max(1.6 * k, MIN_READING_MM)  # the rules are read: never under 7 pt
    size = max(smallest, shrink_until(size, smallest, fits, PANEL_SHRINK))
    if size not in layouts:
        fits(size)
    placed, needed = layouts[size]
    if needed > available:
        raise UserError(_("the rules text does not fit the panel; use a larger --paper"))
    # spread the spare space evenly between blocks
    spare = (available - needed) / max(1, len(placed) - 1)
    spare = min(spare, size * 0.9)
    for block, paragraph, before, h in placed:
        cursor -= before
        paragraph.drawOn(c, x + pad, cursor - h)
        if block.kind == "square" and block.square is not None:
            badge_r = size * 0.85
            bx, by = x + pad + badge_r, cursor - size * 0.62
            set_fill(c, PALETTE.badge(BOARD[block.square].kind))
            set_stroke(c, PALETTE.frame)
            c.setLineWidth(0.15 * k)
            c.circle(bx, by, badge_r, stroke=0, fill=1)
            _centred(
                c,
                BOLD,
                max(size * 0.9, MIN_READING_MM),
                bx,
                by - size * 0.32,
                str(block.square),
                PALETTE.badge_number(BOARD[block.square].kind),
            )
        cursor -= h + size * 0.35 + spare
    c.restoreState()


# ---------------------------------------------------------------- whole sheet and files


#: How far the parchment stops short of the page edge (mm): home printers leave the last 4 mm
#: or so unprinted, so a background to the edge would end in an uneven white strip.
PRINTABLE_MARGIN = 5.0


def _parchment(c: Canvas, width: float, height: float) -> None:
    inset = PRINTABLE_MARGIN
    set_fill(c, PALETTE.parchment)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 2.0, stroke=0, fill=1)


def _subtitle(options: BoardOptions) -> str:
    """The line under the title (markup): what the game is, or the journey of a themed board.
    The English material names the game in English there (the title stays French)."""
    language = options.language
    if not options.theme:
        # TRANSLATORS: the subtitle of the board, under the title "Le Jeu de l'Oie" (which stays
        # French): paragraph markup, <br/> breaks the line
        return P_(language, "Jeu de parcours · 2 joueurs ou plus · 2 dés")
    from generator.render.card_templates import escape
    from generator.render.oie.rules_text import journey_phrase

    theme = escape(typography(options.theme, language))
    if not options.route:
        # TRANSLATORS: the subtitle of a themed board (markup), under the title "Le Jeu de l'Oie"
        return P_(language, "{theme}").format(theme=theme)
    route = escape(typography(journey_phrase(*options.route), language))
    # TRANSLATORS: the subtitle of a themed board (markup): the region, its first and last places
    return P_(language, "{theme} · {route}").format(theme=theme, route=route)


def draw_sheet(c: Canvas, layout: SheetLayout, options: BoardOptions) -> None:
    """Board and rules panel on a sheet of ``layout`` (canvas already in millimetres)."""
    _parchment(c, layout.width, layout.height)
    draw_board(c, layout.board_x, layout.board_y, layout.board, options.labels, options.language)
    draw_panel(c, layout, _rules_blocks(options), _subtitle(options), options.language)


def _rules_blocks(options: BoardOptions) -> list[Block]:
    return rules_blocks(options.rules, options.theme, options.route, options.language)


def draw_poster_board(c: Canvas, width: float, height: float, options: BoardOptions) -> None:
    """The board alone, as large as the poster allows (its rules stand beside the plan)."""
    margin = max(PRINTABLE_MARGIN + 3.0, 8.0 * (min(width, height) / 210.0))
    side = min(width, height) - 2 * margin
    _parchment(c, width, height)
    draw_board(c, (width - side) / 2, (height - side) / 2, side, options.labels, options.language)


def draw_rules_beside(
    c: Canvas, x: float, y: float, w: float, h: float, options: BoardOptions
) -> None:
    """The rules panel in the box (x, y, w, h) mm, at the type size of the A4 board's."""
    layout = SheetLayout(w, h, 0.0, x, y, min(h, BASE_BOARD), x, y, w, h)
    draw_panel(c, layout, _rules_blocks(options), _subtitle(options), options.language)


def _check_labels(options: BoardOptions) -> None:
    from generator.render.fonts import CONDENSED, register_fonts, require_glyphs

    register_fonts()
    if options.labels:
        require_glyphs(CONDENSED, "".join(options.labels), _("the place names of the board"))


def _document_title(options: BoardOptions) -> str:
    """The PDF's title: the game's French name (and the English one in English), the region."""
    if options.theme:
        return P_(options.language, "Le Jeu de l’Oie : {theme}").format(theme=options.theme)
    return P_(options.language, "Le Jeu de l’Oie")


def board_document(options: BoardOptions) -> PdfDocument:
    """The board: one landscape page, or a poster tiled over ``options.tiles`` pages."""
    from generator.render.document import DocInfo, new_document

    _check_labels(options)
    title = _document_title(options)
    if options.tiles:
        from generator.render.poster import poster_document, tile_grid

        if options.tiles.name not in TILE_PAPERS:
            raise UserError(
                _("tiles of {paper} are not offered; choose {choices}").format(
                    paper=options.tiles.name,
                    choices=_("{first} or {last}").format(
                        first=", ".join(TILE_PAPERS[:-1]), last=TILE_PAPERS[-1]
                    ),
                )
            )
        grid = tile_grid(*options.grid, options.tiles.landscape())
        return poster_document(
            lambda c, w, h: draw_poster_board(c, w, h, options),
            grid,
            PALETTE.poster,
            DocInfo(title=title, subject="Poster in tiles"),
            options.profile,
            side=lambda c, x, y, w, h: draw_rules_beside(c, x, y, w, h, options),
            language=options.language,
        )
    sheet = options.paper.landscape()
    layout = sheet_layout(sheet.width, sheet.height)
    document = new_document(
        sheet.width, sheet.height, DocInfo(title=title, subject="Board"), options.profile
    )
    c = document.canvas
    scale_to_mm(c)
    draw_sheet(c, layout, options)
    c.showPage()
    return document
