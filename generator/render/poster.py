"""A large sheet printed as a poster over several smaller pages, with overlap and alignment marks.

The sheet is drawn once into a PDF form (XObject) and each page shows a window of it, so the
file stays small and every page matches its neighbours exactly. Page 1 is the assembly plan.

Assembly: every page except the first column is cut along its left window edge and laid over
its left neighbour, whose margin carries alignment ticks where that edge must fall; the same for
rows, top edge over the page above. Neighbouring windows share ``overlap`` millimetres.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.core.errors import UserError
from generator.core.i18n import LANGUAGES, MATERIAL_DEFAULT, P_, PN_, Language, _
from generator.render.colour import set_fill, set_stroke
from generator.render.draw.shapes import polygon
from generator.render.palette import PosterPalette
from generator.render.paper import Paper
from generator.render.profile import HOME, PrintProfile
from generator.render.units import PT_PER_MM, scale_to_mm, scale_to_points

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.colour import Colour
    from generator.render.document import DocInfo, PdfDocument


@dataclass(frozen=True)
class Tile:
    row: int  # 0 = top row
    col: int  # 0 = left column
    x: float  # poster coordinates (mm) of the window's lower-left corner
    y: float

    @property
    def label(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


@dataclass(frozen=True)
class TileGrid:
    poster_width: float
    poster_height: float
    page: Paper  # oriented as printed
    margin: float
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]

    @property
    def window_width(self) -> float:
        return self.page.width - 2 * self.margin

    @property
    def window_height(self) -> float:
        return self.page.height - 2 * self.margin

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]


def tile_grid(
    cols: int, rows: int, page: Paper, margin: float = 10.0, overlap: float = 12.0
) -> TileGrid:
    """``cols`` x ``rows`` pages of ``page`` (oriented as given); the poster fills their windows
    exactly."""
    if not (1 <= cols <= 8 and 1 <= rows <= 8):
        raise UserError(
            _(
                "a grid of {cols}x{rows} pages is not offered; give 1 to 8 columns and rows, e.g. "
                "2x2"
            ).format(cols=cols, rows=rows)
        )
    ww, wh = page.width - 2 * margin, page.height - 2 * margin
    if ww <= overlap or wh <= overlap:
        raise UserError(_("the tile pages are too small for the overlap; use a4 or letter tiles"))
    width = cols * (ww - overlap) + overlap
    height = rows * (wh - overlap) + overlap
    tiles = []
    for row in range(rows):
        for col in range(cols):
            top = height - row * (wh - overlap)
            tiles.append(Tile(row, col, col * (ww - overlap), top - wh))
    return TileGrid(width, height, page, margin, overlap, rows, cols, tuple(tiles))


#: Share of the plan page's width the plan takes when a side panel (the rules) stands beside it.
PLAN_SHARE = 0.6
SidePanel = Callable[[object, float, float, float, float], None]


def _plan_paragraphs(grid: TileGrid, language: Language) -> list[str]:
    """The assembly plan's instructions in ``language`` (an indented line continues the one
    before it)."""
    rows = PN_(language, "{n} rangée", "{n} rangées", grid.rows).format(n=grid.rows)
    cols = PN_(language, "{n} colonne", "{n} colonnes", grid.cols).format(n=grid.cols)
    return [
        P_(
            language,
            "Poster de {width} × {height} cm sur {pages} pages {paper} ({rows} × {cols}).",
        ).format(
            width=f"{grid.poster_width / 10:.1f}",  # the same digits in both languages
            height=f"{grid.poster_height / 10:.1f}",
            pages=len(grid.tiles),
            paper=grid.page.name.upper(),
            rows=rows,
            cols=cols,
        ),
        P_(language, "1. Imprimez à 100 % (taille réelle, sans ajustement à la page)."),
        P_(
            language,
            "2. Coupez chaque page le long du trait pointillé (bords gauche et haut), sauf la "
            "colonne 1 et la rangée A.",
        ),
        P_(
            language,
            "3. Posez chaque page sur sa voisine de gauche, puis du dessus : les images se "
            "recouvrent de {overlap} mm ;",
        ).format(overlap=f"{grid.overlap:.0f}"),
        "    "
        + P_(
            language,
            "le bord coupé tombe sur les repères ▲ de la marge voisine. Collez ou scotchez au dos.",
        ),
    ]


def _draw_plan(
    c: Canvas,
    grid: TileGrid,
    form: str,
    colours: PosterPalette,
    side: SidePanel | None = None,
    language: Language = MATERIAL_DEFAULT,
) -> None:
    from generator.render.draw.text import split_lines
    from generator.render.fonts import BOLD, CONDENSED, DISPLAY, REGULAR

    pw, ph = grid.page.width, grid.page.height
    m = grid.margin
    plan_w = (pw - 2 * m) * (PLAN_SHARE if side else 1.0)
    if side is not None:
        gap = 6.0
        side(c, m + plan_w + gap, m, pw - 2 * m - plan_w - gap, ph - 2 * m)
    set_fill(c, colours.ink)
    c.setFont(DISPLAY, 7)
    c.drawString(m, ph - m - 6, P_(language, "Plan d’assemblage du poster"))
    c.setFont(REGULAR, 3.3)

    def wrapped(paragraphs: list[str]) -> list[tuple[int, str]]:
        return [
            (indent, line)
            for paragraph in paragraphs
            for indent in (len(paragraph) - len(paragraph.lstrip()),)
            for line in split_lines(paragraph.strip(), REGULAR, 3.3, plan_w - indent * 1.2)
        ]

    top = y = ph - m - 13
    for indent, line in wrapped(_plan_paragraphs(grid, language)):
        c.drawString(m + indent * 1.2, y, line)
        y -= 4.6
    # the thumbnail below the longest of the two languages' texts: the same drawing in both
    longest = max(len(wrapped(_plan_paragraphs(grid, other))) for other in LANGUAGES)
    y = top - 4.6 * longest
    # the thumbnail with the grid of pages
    area_w, area_h = plan_w, y - m - 4
    scale = min(area_w / grid.poster_width, area_h / grid.poster_height) * 0.96
    left = m + (area_w - grid.poster_width * scale) / 2
    bottom = m + (area_h - grid.poster_height * scale) / 2
    c.saveState()
    c.translate(left, bottom)
    c.scale(scale, scale)
    scale_to_points(c)
    c.doForm(form)
    c.restoreState()
    # the overlaps, hatched in solid lines (no translucent veil: nothing to flatten)
    step_x = (grid.window_width - grid.overlap) * scale
    step_y = (grid.window_height - grid.overlap) * scale
    bands = [
        (left + col * step_x, bottom, grid.overlap * scale, grid.poster_height * scale)
        for col in range(1, grid.cols)
    ] + [
        (left, bottom + row * step_y, grid.poster_width * scale, grid.overlap * scale)
        for row in range(1, grid.rows)
    ]
    for band in bands:
        _hatch(c, *band, colours.overlap)
    c.setLineWidth(0.35)
    for tile in grid.tiles:
        x = left + tile.x * scale
        yy = bottom + tile.y * scale
        w, h = grid.window_width * scale, grid.window_height * scale
        set_stroke(c, colours.mark)
        c.rect(x, yy, w, h, stroke=1, fill=0)
        set_fill(c, colours.label)
        c.roundRect(x + w / 2 - 7, yy + h / 2 - 4.5, 14, 9, 1.5, stroke=1, fill=1)
        set_fill(c, colours.mark)
        c.setFont(BOLD, 5.5)
        c.drawCentredString(x + w / 2, yy + h / 2 - 2, tile.label)
    set_fill(c, colours.guide)
    c.setFont(CONDENSED, 2.6)
    c.drawRightString(
        m + plan_w,
        m - 5,
        P_(
            language,
            "Cadres rouges : la partie imprimée sur chaque page ; "
            "bandes hachurées : les recouvrements.",
        ),
    )


class _WithoutText:
    """A canvas that draws everything but text: the assembly plan's thumbnail of the poster,
    where the poster's words would print at 3 or 4 points (and read as nothing)."""

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas

    def __getattr__(self, name: str) -> Any:
        return getattr(self._canvas, name)

    def drawString(self, *args: object, **kwargs: object) -> None:
        pass

    drawCentredString = drawRightString = drawText = drawString


def _hatch(c: Canvas, x: float, y: float, width: float, height: float, colour: Colour) -> None:
    """Diagonal hatching over a band (mm), clipped to it, in opaque thin lines."""
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, width, height)
    c.clipPath(clip, stroke=0, fill=0)
    set_stroke(c, colour)
    c.setLineWidth(0.25)  # mm: the plan is drawn in millimetres
    step = 1.6
    offset = -height
    while offset < width:
        c.line(x + offset, y, x + offset + height, y + height)
        offset += step
    c.restoreState()


def _draw_tile(
    c: Canvas,
    grid: TileGrid,
    tile: Tile,
    form: str,
    colours: PosterPalette,
    language: Language = MATERIAL_DEFAULT,
) -> None:
    from generator.render.fonts import BOLD, CONDENSED

    m, ww, wh, ov = grid.margin, grid.window_width, grid.window_height, grid.overlap
    pw, ph = grid.page.width, grid.page.height
    c.saveState()
    clip = c.beginPath()
    clip.rect(m, m, ww, wh)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(m - tile.x, m - tile.y)
    scale_to_points(c)
    c.doForm(form)
    c.restoreState()
    set_stroke(c, colours.guide)
    c.setLineWidth(0.2)
    # cut lines (dashed) on the edges laid over a neighbour
    c.setDash(1.5, 1.2)
    if tile.col > 0:
        c.line(m, 0, m, ph)
    if tile.row > 0:
        c.line(0, m + wh, pw, m + wh)
    c.setDash()
    # crop marks at the window corners, in the margin
    for x in (m, m + ww):
        for y in (m, m + wh):
            dx = -1 if x == m else 1
            dy = -1 if y == m else 1
            c.line(x + dx * 1.5, y, x + dx * 6, y)
            c.line(x, y + dy * 1.5, x, y + dy * 6)
    # alignment ticks: where the right neighbour's cut edge and the lower neighbour's cut edge fall
    set_fill(c, colours.mark)
    set_stroke(c, colours.mark)
    if tile.col < grid.cols - 1:
        x = m + ww - ov
        for y, direction in ((m, -1), (m + wh, 1)):
            c.line(x, y, x, y + direction * 6)
            tick = (
                (x, y + direction * 1.2),
                (x - 1.3, y + direction * 3.4),
                (x + 1.3, y + direction * 3.4),
            )
            polygon(c, tick, to_pt=None)
    if tile.row < grid.rows - 1:
        y = m + ov
        for x, direction in ((m, -1), (m + ww, 1)):
            c.line(x, y, x + direction * 6, y)
            tick = (
                (x + direction * 1.2, y),
                (x + direction * 3.4, y - 1.3),
                (x + direction * 3.4, y + 1.3),
            )
            polygon(c, tick, to_pt=None)
    set_fill(c, colours.ink)
    c.setFont(BOLD, 4)
    c.drawString(m + 7, ph - m + 2.8, tile.label)
    c.setFont(CONDENSED, 2.6)
    set_fill(c, colours.guide)
    c.drawString(
        m + 15,
        ph - m + 3.2,
        P_(
            language,
            "rangée {row}/{rows} · colonne {col}/{cols} · recouvrement {overlap} mm · "
            "imprimer à 100 %",
        ).format(
            row=tile.row + 1,
            rows=grid.rows,
            col=tile.col + 1,
            cols=grid.cols,
            overlap=f"{ov:.0f}",
        ),
    )


def poster_document(
    draw: Callable[[object, float, float], None],
    grid: TileGrid,
    colours: PosterPalette,
    info: DocInfo,
    profile: PrintProfile = HOME,
    side: SidePanel | None = None,
    language: Language = MATERIAL_DEFAULT,
) -> PdfDocument:
    """Draw the poster with ``draw(canvas_in_mm, width, height)`` and print it over ``grid``'s
    pages, their marks in the ``colours`` of the game whose sheet it is.
    ``side(canvas, x, y, w, h)`` (mm) draws beside the assembly plan on page 1 (the Oie
    poster's rules). The plan and the marks are printed in ``language``."""
    from generator.render.document import new_document

    width, height = grid.poster_width, grid.poster_height
    document = new_document(grid.page.width, grid.page.height, info, profile)
    c = document.canvas
    form = "PosterSheet"
    thumbnail = "PosterThumbnail"
    for name, surface in ((form, c), (thumbnail, _WithoutText(c))):
        c.beginForm(name, lowerx=0, lowery=0, upperx=width * PT_PER_MM, uppery=height * PT_PER_MM)
        c.saveState()
        scale_to_mm(c)
        draw(surface, width, height)
        c.restoreState()
        c.endForm()
    scale_to_mm(c)
    _draw_plan(c, grid, thumbnail, colours, side, language)
    c.showPage()
    for tile in grid.tiles:
        scale_to_mm(c)
        _draw_tile(c, grid, tile, form, colours, language)
        c.showPage()
    return document
