"""Painters of the Oucédonc cards: each face is a small frozen object called with (canvas, box).

The imposition engine places the canvas origin at the card's trim lower-left corner, in points,
and handles the rotation of backs; a painter always draws its face upright, in millimetres
converted by :func:`pt`. Backgrounds cover the bleed; text stays inside ``box.safe``.
Layouts are written for a poker card (63 × 88 mm) and scale with the card's height, so bridge,
mini, tarot and custom sizes keep the same proportions.

Type: place names and titles in the display face (Fraunces), on the deck's scale of
:data:`NAME_SIZES` (a deck's names come in two or three sizes); everything a player reads in
the text face (Fira Sans) at :data:`LABEL_PT` or more; only the credits, on the back of the
Direction card, at :data:`CREDIT_PT`. Coloured words are :data:`COLOUR_TEXT_PT` or larger:
smaller text is black ink only, so that a print shop never needs four plates in register for
it.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.core.errors import UserError
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.deckfile import PlaceCard
from generator.games.oucedonc.pictograms import pictogram
from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.fit_text import CAP_HEIGHT, FittedText, fit_text
from generator.render.draw.rich_text import Block, block, draw_block
from generator.render.draw.shapes import band, fill_bleed
from generator.render.draw.text import (
    cut_to_width,
    scaled_to_width,
    shrink_until,
    string_width,
)
from generator.render.fonts import (
    BOLD,
    DISPLAY,
    ITALIC,
    MIN_TEXT_PT,
    REGULAR,
    FontSet,
    printable_face,
)
from generator.render.icons import draw_picture
from generator.render.imposition import CardBox, Painter, Rect
from generator.render.oucedonc.locator_map import MapFrame, MapStyle, define_map_form, draw_marker
from generator.render.oucedonc.palette import PALETTE, OucedoncPalette
from generator.render.oucedonc.style import compass_star, graticule, hourglass
from generator.render.oucedonc.texts import DirectionTexts, IntermedeTexts, PlaceTexts, RuleTexts
from generator.render.units import pt, to_mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

POKER_HEIGHT = 88.0
MAP_FORM = "OucedoncLocatorMap"


#: The faces the deck prints in (its cards, tokens, sheets and credits): the only ones its
#: command parses (the condensed faces are the map poster's and the other games').
DECK_FACES = (DISPLAY, REGULAR, ITALIC, BOLD)


class CardStyle(Struct, frozen=True):
    """The faces and colours every Oucédonc card is drawn in."""

    fonts: FontSet
    palette: OucedoncPalette = PALETTE


#: The smallest type a player reads on the deck (labels, ids, footers), in points on a poker
#: card; at a card's scale it must stay at or above MIN_TEXT_PT (see :func:`smallest_text`).
LABEL_PT = 7.0
#: The credits' size (poker): the only type under LABEL_PT.
CREDIT_PT = 6.0
#: Text printed in a colour is at least this large (points): under it, black ink only.
COLOUR_TEXT_PT = 8.0
#: The rule texts' size (poker), shrunk by quarter points down to LABEL_PT if a text is long.
BODY_PT = 8.0
#: The type scale of the place names on the fronts (points, poker); the backs print the name
#: at the scale's smallest size.
NAME_SIZES = (24.0, 19.0, 15.0)
#: The coloured border of place fronts and Intermède cards (mm from the trim): at least the
#: 4 mm print shops ask for, so a cut up to 1 mm off still leaves borders that look even.
FRAME_INSET = 4.0
#: Lines of the card furniture (points): never thinner, so they survive a print shop's plates.
RULE_LINE_PT = 0.5


def smallest_text(box: CardBox) -> float:
    """The deck's smallest type a player reads (points) on a card of this size."""
    return LABEL_PT * type_scale(box)


def scale(box: CardBox) -> float:
    """Layout scale of this card size relative to a poker card (heights drive the layout)."""
    return min(box.height / POKER_HEIGHT, box.width / 63.0 * 1.1)


def type_scale(box: CardBox) -> float:
    """Scale of the type a player reads (labels, coordinates' lines, rule texts, coloured
    words): the layout's on a larger card, never under a poker card's, so that it stays at
    LABEL_PT and coloured words at COLOUR_TEXT_PT. A card a little smaller than poker takes its
    type at the poker sizes out of the layout's room; a card smaller still is refused
    (:data:`MIN_SCALE`). Place names and titles are fitted to their areas at the layout's
    scale."""
    return max(1.0, scale(box))


#: The smallest layout scale the type fits at its poker sizes: the bridge card's (57 mm wide,
#: where a poker card's layout has a tenth of its width to spare).
MIN_SCALE = 57.0 / 63.0 * 1.1


# ---------------------------------------------------------------- drawing helpers


PANEL_GRID_FORM = "OucedoncPanelGrid"


def reused_form(canvas: Canvas, box: CardBox, key: tuple[object, ...], paint: Painter) -> None:
    """Draw ``paint(canvas, box)`` through a form XObject named after ``key``: recorded on first
    use, then reused by every card with the same key (a few bytes each instead of the drawing)."""
    name = _form_name(key)
    if not canvas.hasForm(name):
        reach = pt(box.bleed)
        canvas.beginForm(name, -reach, -reach, pt(box.width) + reach, pt(box.height) + reach)
        paint(canvas, box)
        canvas.endForm()
    canvas.doForm(name)


@lru_cache(maxsize=256)  # a few keys per deck (a kind's frame, its back), met on every card
def _form_name(key: tuple[object, ...]) -> str:
    return "OucedoncFace" + hashlib.sha1(repr(key).encode("utf-8")).hexdigest()[:12]


def panel(
    canvas: Canvas,
    box: CardBox,
    inset: float,
    radius: float,
    colour: Colour,
    grid: Colour | None,
    step: float,
) -> None:
    """A rounded card-stock panel ``inset`` mm inside the trim, optionally with a faint map grid
    (the grid is recorded once as a form and reused on every card)."""
    width, height = box.width - 2 * inset, box.height - 2 * inset
    set_fill(canvas, colour)
    canvas.roundRect(pt(inset), pt(inset), pt(width), pt(height), pt(radius), stroke=0, fill=1)
    if grid is None:
        return
    if not canvas.hasForm(PANEL_GRID_FORM):
        canvas.beginForm(PANEL_GRID_FORM, 0, 0, pt(width), pt(height))
        clip = canvas.beginPath()
        clip.roundRect(0, 0, pt(width), pt(height), pt(radius))
        canvas.clipPath(clip, stroke=0, fill=0)
        graticule(canvas, 0, 0, width, height, step, grid, 0.2)
        canvas.endForm()
    canvas.saveState()
    canvas.translate(pt(inset), pt(inset))
    canvas.doForm(PANEL_GRID_FORM)
    canvas.restoreState()


def draw_fitted(
    canvas: Canvas, fitted: FittedText, centre_x: float, centre_y: float, colour: Colour
) -> None:
    """Lines centred horizontally on ``centre_x`` and, as a block, vertically on ``centre_y``
    (mm)."""
    set_fill(canvas, colour)
    canvas.setFont(fitted.font, fitted.size)
    block = fitted.height
    baseline = pt(centre_y) + block / 2 - fitted.size * CAP_HEIGHT
    for line in fitted.lines:
        canvas.drawCentredString(pt(centre_x), baseline, line)
        baseline -= fitted.leading


def spaced_caps(
    canvas: Canvas,
    text: str,
    font: str,
    size: float,
    centre_x: float,
    y: float,
    colour: Colour,
    spacing: float,
    max_width: float,
) -> None:
    """Upper-case label with letter spacing, centred; if wider than ``max_width`` mm the spacing
    goes first, then the size, never under MIN_TEXT_PT."""
    text = text.upper()
    if not text:
        return
    width = string_width(text, font, size) + spacing * (len(text) - 1)
    if width > pt(max_width) and len(text) > 1:
        spacing = max(0.0, (pt(max_width) - string_width(text, font, size)) / (len(text) - 1))
        width = string_width(text, font, size) + spacing * (len(text) - 1)
    if width > pt(max_width):
        size = max(min(size, MIN_TEXT_PT), size * pt(max_width) / width)
        width = string_width(text, font, size) + spacing * (len(text) - 1)
    canvas.saveState()
    set_fill(canvas, colour)
    label = canvas.beginText(pt(centre_x) - width / 2, pt(y))
    label.setFont(font, size)
    label.setCharSpace(spacing)
    label.textOut(text)
    canvas.drawText(label)
    canvas.restoreState()


def centred_line(
    canvas: Canvas,
    text: str,
    font: str,
    size: float,
    centre_x: float,
    y: float,
    colour: Colour,
    max_width: float,
) -> None:
    """One centred line, shrunk to ``max_width`` mm if needed (never wider), never under
    MIN_TEXT_PT: a line still too long there is cut with an ellipsis."""
    if not text:
        return
    limit = pt(max_width)
    width = string_width(text, font, size)
    if width > limit:  # nearly every line fits: measured once
        size = max(min(size, MIN_TEXT_PT), scaled_to_width(size, width, limit))
        text = cut_to_width(text, font, size, limit)
    set_fill(canvas, colour)
    canvas.setFont(font, size)
    canvas.drawCentredString(pt(centre_x), pt(y), text)


def rule_line(canvas: Canvas, x0: float, y: float, x1: float, colour: Colour, width: float) -> None:
    """A horizontal rule (mm) ``width`` points thick, never thinner than RULE_LINE_PT."""
    set_stroke(canvas, colour)
    canvas.setLineWidth(max(width, RULE_LINE_PT))
    canvas.line(pt(x0), pt(y), pt(x1), pt(y))


# No glyph pnp prints is narrower than this (em), and no line is closer than one em to the next:
# a text of more characters than a box can hold so is refused before any layout.
NARROWEST_GLYPH_EM = 0.1


def paragraphs(
    markup_parts: list[str],
    fonts: FontSet,
    area: Rect,
    max_size: float,
    min_size: float = MIN_TEXT_PT,
) -> Block:
    """The paragraphs laid out at the largest size (by quarter points, from ``max_size`` down
    to ``min_size``) at which they fit ``area``; a text that does not fit even then is refused,
    never printed cut."""
    return _paragraphs(tuple(markup_parts), fonts, area, max_size, min_size)


@lru_cache(maxsize=256)  # the rule cards' texts, laid out again for every deck of a process
def _paragraphs(
    markup_parts: tuple[str, ...], fonts: FontSet, area: Rect, max_size: float, min_size: float
) -> Block:
    from generator.core.errors import UserError
    from generator.core.i18n import _
    from generator.render.card_templates import markup_plain_text

    laid_out: dict[float, Block] = {}
    text = " ".join(markup_plain_text(part) for part in markup_parts)
    lines = pt(area.height) / min_size
    if len(text) > lines * pt(area.width) / (NARROWEST_GLYPH_EM * min_size):
        raise _does_not_fit(text, min_size)

    def fits(size: float) -> bool:
        try:
            laid_out[size] = block(list(markup_parts), fonts, size, pt(area.width))
        except ValueError as exc:
            raise UserError(
                _("card text is not valid markup ({problem}); fix the template").format(
                    problem=" ".join(str(exc).split())[:120]
                )
            ) from None
        return laid_out[size].height <= pt(area.height)

    size = shrink_until(max_size, min_size, fits)
    laid = laid_out[size]
    if (
        laid.height > pt(area.height) + 0.01
    ):  # even the smallest type overflows: say so, never print it
        raise _does_not_fit(text, size)
    return laid


def _does_not_fit(text: str, size: float) -> UserError:
    from generator.core.i18n import _, number

    return UserError(
        _(
            "the card text {start!r} does not fit its box even at {size} pt; shorten it "
            "(the card templates, or your --templates folder)"
        ).format(start=text[:40] + ("…" if len(text) > 40 else ""), size=number(size, decimals=1))
    )


def draw_paragraphs(
    canvas: Canvas,
    markup_parts: list[str],
    fonts: FontSet,
    colour: Colour,
    area: Rect,
    max_size: float,
    alignment: int = 0,
    vertical: str = "top",
    min_size: float = MIN_TEXT_PT,
) -> None:
    """The paragraphs at the largest size that fits ``area``, from its top or centred in it
    (``vertical``), each line left-aligned (``alignment`` 0) or centred (1)."""
    laid = paragraphs(markup_parts, fonts, area, max_size, min_size)
    top = area.top if vertical == "top" else area.y + area.height / 2 + to_mm(laid.height) / 2
    draw_block(canvas, laid, area.x, top, area.width, colour, centred=alignment == 1)


def markup_parts(markup: str) -> list[str]:
    from generator.render.card_templates import markup_paragraphs

    return markup_paragraphs(markup)


def name_layout(name: str, font: str, area: Rect, k: float, max_lines: int = 3) -> FittedText:
    """A place name on the deck's type scale, in ``area`` (mm): the largest size of
    :data:`NAME_SIZES` at which it fits on balanced lines."""
    face = printable_face(font, name)
    return fit_text(
        name,
        face,
        pt(area.width),
        pt(area.height),
        max_size=NAME_SIZES[0] * k,
        max_lines=max_lines,
        leading_ratio=1.04,
        scale=tuple(size * k for size in NAME_SIZES),
    )


# ---------------------------------------------------------------- place cards

#: The place front's layout (mm, poker; scaled with the card): the picture, a square centred
#: this high over the safe zone's bottom, sits on the kind's label and fills the lower half;
#: the name is centred in the upper half, from over the picture to under the wordmark.
FRONT_PICTURE = 25.0
FRONT_PICTURE_CENTRE = 21.0
FRONT_NAME_BOTTOM = 36.0  # over the safe zone's bottom
FRONT_NAME_TOP = 7.0  # under the safe zone's top (the wordmark and its rules)


class PlaceFront(Struct, frozen=True):
    """The name side: the wordmark, the name as large as the type scale allows, the picture of
    the place and what kind of place it is."""

    card: PlaceCard
    texts: PlaceTexts
    style: CardStyle

    def name_area(self, box: CardBox) -> Rect:
        """Where the name is fitted and centred: from over the picture to under the wordmark
        (the same on every front, whatever the name: the picture never moves)."""
        safe, k = box.safe, scale(box)
        bottom = safe.y + FRONT_NAME_BOTTOM * k
        top = safe.top - FRONT_NAME_TOP * k
        return Rect(safe.x + 1.2 * k, bottom, safe.width - 2.4 * k, top - bottom)

    def fitted_name(self, box: CardBox) -> FittedText:
        return name_layout(self.texts.name, self.style.fonts.title, self.name_area(box), scale(box))

    def icon(self) -> str:
        """The picture of a town, or of the site's kind."""
        return pictogram(self.card.place_kind, self.card.site_kind)

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        key = (
            "front",
            self.card.place_kind,
            self.icon(),
            self.texts.mark,
            box.width,
            box.height,
            box.bleed,
        )
        reused_form(canvas, box, key, self.paint_frame)
        if self.texts.front_id:  # the id the referee takes ("P07"), small in the lower corner
            k = scale(box)
            set_fill(canvas, self.style.palette.muted)
            canvas.setFont(self.style.fonts.bold, LABEL_PT * type_scale(box))
            canvas.drawRightString(
                pt(box.safe.x + box.safe.width - 1.4 * k),
                pt(box.safe.y + 2.6 * k),
                self.texts.front_id,
            )
        area = self.name_area(box)
        draw_fitted(
            canvas,
            self.fitted_name(box),
            area.centre_x,
            area.y + area.height / 2,
            self.style.palette.ink,
        )

    def paint_frame(self, canvas: Canvas, box: CardBox) -> None:
        """Everything but the name: the same on every card of this kind (drawn once, as a form)."""
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        colour = palette.kind(self.card.place_kind)
        safe = box.safe
        fill_bleed(canvas, box, colour)
        panel(canvas, box, FRAME_INSET, 2.6 * k, palette.paper, palette.grid, 6.0 * k)
        # Wordmark between two rules, in the kind's colour (large enough for colour type)
        top = safe.top - 4.6 * k
        spaced_caps(
            canvas,
            OUCEDONC.name,
            fonts.bold,
            COLOUR_TEXT_PT * type_scale(box),
            safe.centre_x,
            top,
            colour,
            1.4 * k,
            safe.width * 0.6,
        )
        half = safe.width * 0.5
        for sign in (-1, 1):
            start = safe.centre_x + sign * 14.5 * k
            rule_line(
                canvas,
                start,
                top + 1.0 * k,
                safe.centre_x + sign * (half - 1.0 * k),
                colour,
                0.6,
            )
        # The picture of the place, and under it what it is
        centre = safe.y + FRONT_PICTURE_CENTRE * k
        draw_picture(canvas, self.icon(), safe.centre_x, centre, FRONT_PICTURE * k)
        spaced_caps(
            canvas,
            self.texts.mark,
            fonts.bold,
            COLOUR_TEXT_PT * type_scale(box),
            safe.centre_x,
            safe.y + 2.6 * k,
            colour,
            0.9 * k,
            safe.width * 0.56,  # room in the corner for the card's id
        )


class LocatorMap(Struct, frozen=True):
    """The deck's locator map: drawn once as a form, placed on every back with a marker."""

    frame: MapFrame
    rings: tuple[tuple[tuple[float, float], ...], ...]
    dots: tuple[tuple[float, float], ...]

    def ensure_form(self, canvas: Canvas, palette: OucedoncPalette) -> None:
        if not canvas.hasForm(MAP_FORM):
            style = MapStyle(
                water=palette.water,
                land=palette.land,
                coast=palette.land_line,
                dot=palette.land_line,
                frame=palette.hairline,
            )
            define_map_form(canvas, MAP_FORM, self.frame, self.rings, self.dots, style)


#: The back's layout (mm from the safe zone's top, poker): the header band, the two rows of
#: coordinates, the decimal degrees, the three lines of where the place is, then the map.
HEADER = 13.6
ROWS = (7.0, 14.2)
DECIMAL = 19.2
WHERE = 24.2
WHERE_LEADING = 3.3
MAP_TOP = 32.6
FOOTER = 3.8


def place_back_map_area(box: CardBox) -> Rect:
    """Where the locator map may go on a place back (the same on every card of a deck): from
    under the place's lines to above the footer, the full width of the safe zone."""
    safe, k = box.safe, scale(box)
    top = safe.top - (HEADER + MAP_TOP) * k
    bottom = safe.y + FOOTER * k
    return Rect(safe.x, bottom, safe.width, top - bottom)


BACK_PICTURE = 9.4  # mm (poker): the picture in the header, on its paper disc


class PlaceBack(Struct, frozen=True):
    """The coordinate side: name, latitude and longitude as printed, where it is, a locator map."""

    card: PlaceCard
    texts: PlaceTexts
    style: CardStyle
    locator: LocatorMap | None

    def header_name(self, box: CardBox) -> FittedText:
        safe, k = box.safe, scale(box)
        room = safe.width - (BACK_PICTURE + 3.0) * k
        face = printable_face(self.style.fonts.title, self.texts.name)
        smallest = NAME_SIZES[-1] * k
        return fit_text(
            self.texts.name,
            face,
            pt(room),
            pt((HEADER - 2.6) * k),
            max_size=smallest,
            max_lines=2,
            leading_ratio=1.0,
            scale=(smallest, smallest * 0.8),
        )

    def value_size(self, box: CardBox) -> float:
        """One size for both coordinates, the largest that fits beside their labels."""
        safe, k, fonts = box.safe, scale(box), self.style.fonts
        size = 17.0 * k
        for label, value in (
            (self.texts.latitude_label, self.texts.lat_text),
            (self.texts.longitude_label, self.texts.lon_text),
        ):
            room = (
                pt(safe.width - 2.0 * k)
                - string_width(label.upper(), fonts.bold, LABEL_PT * type_scale(box))
                - len(label) * 0.6 * k
            )
            size = min(size, room / string_width(value, fonts.title, 1.0))
        return size

    def rows(self, box: CardBox) -> tuple[tuple[str, str, float], ...]:
        """(label, printed value, baseline in mm) of the two coordinates."""
        safe, k = box.safe, scale(box)
        top = safe.top - HEADER * k
        return (
            (self.texts.latitude_label, self.texts.lat_text, top - ROWS[0] * k),
            (self.texts.longitude_label, self.texts.lon_text, top - ROWS[1] * k),
        )

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        safe = box.safe
        key = (
            "back",
            self.card.place_kind,
            pictogram(self.card.place_kind, self.card.site_kind),
            self.texts.latitude_label,
            self.texts.longitude_label,
            box.width,
            box.height,
            box.bleed,
        )
        reused_form(canvas, box, key, self.paint_frame)
        top = safe.top - HEADER * k
        name_x = safe.x + (BACK_PICTURE + 3.0) * k + (safe.width - (BACK_PICTURE + 3.0) * k) / 2
        draw_fitted(canvas, self.header_name(box), name_x, top + HEADER * k / 2, palette.paper)
        # Coordinates: the value on the right of its label (drawn in the frame), one baseline
        size = self.value_size(box)
        set_fill(canvas, palette.ink)
        canvas.setFont(fonts.title, size)
        for _label, value, baseline in self.rows(box):
            canvas.drawRightString(pt(safe.x + safe.width - 0.5 * k), pt(baseline), value)
        centred_line(
            canvas,
            self.texts.decimal,
            fonts.regular,
            LABEL_PT * type_scale(box),
            safe.centre_x,
            top - DECIMAL * k,
            palette.muted,
            safe.width,
        )
        # Where it is: département, région, population
        lines = [
            line for line in (self.texts.where, self.texts.region, self.texts.population) if line
        ]
        baseline = top - WHERE * k
        for index, line in enumerate(lines):
            font = fonts.bold if index == 0 else fonts.regular
            centred_line(
                canvas,
                line,
                font,
                7.6 * type_scale(box),
                safe.centre_x,
                baseline,
                palette.ink,
                safe.width,
            )
            baseline -= WHERE_LEADING * k
        # Locator map, centred in its area, and the place marked on it
        if self.locator is not None:
            self.locator.ensure_form(canvas, palette)
            area = place_back_map_area(box)
            frame = self.locator.frame
            left = area.centre_x - frame.width / 2
            bottom = area.y + (area.height - frame.height) / 2
            canvas.saveState()
            canvas.translate(pt(left), pt(bottom))
            canvas.doForm(MAP_FORM)
            x, y = frame.project(self.card.lon, self.card.lat)
            draw_marker(canvas, x, y, palette.accent, palette.paper)
            canvas.restoreState()
        centred_line(
            canvas,
            self.texts.footer,
            fonts.regular,
            LABEL_PT * type_scale(box),
            safe.centre_x,
            safe.y + 0.9 * k,  # the descenders' box stays inside the safe zone
            palette.muted,
            safe.width,
        )

    def paint_frame(self, canvas: Canvas, box: CardBox) -> None:
        """Background, header band, picture, coordinate labels and rules: the same on every
        back of this kind."""
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        safe = box.safe
        fill_bleed(canvas, box, palette.paper)
        top = safe.top - HEADER * k
        band(canvas, box, top, palette.kind(self.card.place_kind))
        # the front's picture again, on a paper disc at the left of the name
        icon = pictogram(self.card.place_kind, self.card.site_kind)
        disc_x, disc_y = safe.x + BACK_PICTURE / 2 * k + 0.4 * k, top + HEADER / 2 * k
        set_fill(canvas, palette.paper)
        canvas.circle(pt(disc_x), pt(disc_y), pt((BACK_PICTURE / 2 + 0.9) * k), stroke=0, fill=1)
        draw_picture(canvas, icon, disc_x, disc_y, BACK_PICTURE * 0.82 * k)
        for label, _value, baseline in self.rows(box):
            canvas.saveState()
            set_fill(canvas, palette.muted)
            text = canvas.beginText(pt(safe.x + 0.5 * k), pt(baseline))
            text.setFont(fonts.bold, LABEL_PT * type_scale(box))
            text.setCharSpace(0.6 * k)
            text.textOut(label.upper())
            canvas.drawText(text)
            canvas.restoreState()
            rule_line(
                canvas, safe.x, baseline - 2.6 * k, safe.x + safe.width, palette.hairline, 0.6
            )


# ---------------------------------------------------------------- the other cards


def night_back(canvas: Canvas, box: CardBox, palette: OucedoncPalette) -> None:
    """The night-blue ground of the rule and Direction backs, a faint graticule over it, to the
    bleed."""
    fill_bleed(canvas, box, palette.night)
    graticule(
        canvas,
        -box.bleed,
        -box.bleed,
        box.width + 2 * box.bleed,
        box.height + 2 * box.bleed,
        7.0 * scale(box),
        palette.night_grid,
        0.25,
    )


class EmblemBack(Struct, frozen=True):
    """The back of rule cards: night blue, a faint graticule, the compass star, the title."""

    title: str
    caption: str
    style: CardStyle

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        safe = box.safe
        night_back(canvas, box, palette)
        centre_y = box.height * 0.58
        compass_star(
            canvas,
            safe.centre_x,
            centre_y,
            15.0 * k,
            palette.gold,
            palette.cream,
            north=palette.accent,
        )
        spaced_caps(
            canvas,
            OUCEDONC.name,
            fonts.title,
            16.0 * k,
            safe.centre_x,
            centre_y - 26.0 * k,
            palette.paper,
            1.6 * k,
            safe.width,
        )
        centred_line(
            canvas,
            self.title,
            fonts.oblique,
            COLOUR_TEXT_PT * type_scale(box),
            safe.centre_x,
            centre_y - 32.5 * k,
            palette.night_text,
            safe.width,
        )
        centred_line(
            canvas,
            self.caption,
            fonts.bold,
            COLOUR_TEXT_PT * type_scale(box),
            safe.centre_x,
            safe.y + 1.5 * k,
            palette.gold,
            safe.width,
        )


class RuleFront(Struct, frozen=True):
    """A rule card: number and title on a night band, the rule below, the deck's title in the
    footer."""

    texts: RuleTexts
    deck_title: str
    style: CardStyle

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        safe = box.safe
        fill_bleed(canvas, box, palette.paper)
        header_bottom = safe.top - 11.5 * k
        band(canvas, box, header_bottom, palette.night)
        chip_x, chip_y = safe.x + 4.0 * k, (header_bottom + safe.top) / 2 + 0.4 * k
        set_fill(canvas, palette.gold)
        canvas.circle(pt(chip_x), pt(chip_y), pt(3.8 * k), stroke=0, fill=1)
        set_fill(canvas, palette.night)
        canvas.setFont(fonts.title, 11.0 * k)
        canvas.drawCentredString(
            pt(chip_x), pt(chip_y) - 11.0 * k * CAP_HEIGHT / 2, str(self.texts.number)
        )
        title_x = chip_x + 6.0 * k
        title_fit = fit_text(
            self.texts.title,
            fonts.title,
            pt(safe.x + safe.width - title_x),
            pt(8.0 * k),
            max_size=13.0 * k,
            max_lines=1,
        )
        set_fill(canvas, palette.paper)
        canvas.setFont(fonts.title, title_fit.size)
        canvas.drawString(
            pt(title_x), pt(chip_y) - title_fit.size * CAP_HEIGHT / 2, title_fit.lines[0]
        )
        body_bottom = safe.y + 6.5 * k
        body = Rect(
            safe.x + 0.5 * k,
            body_bottom,
            safe.width - 1.0 * k,
            header_bottom - body_bottom - 3.5 * k,
        )
        draw_paragraphs(
            canvas,
            markup_parts(self.texts.body),
            fonts,
            palette.ink,
            body,
            BODY_PT * type_scale(box),
            min_size=LABEL_PT * type_scale(box),
        )
        rule_line(canvas, safe.x, safe.y + 4.4 * k, safe.x + safe.width, palette.hairline, 0.6)
        compass_star(
            canvas, safe.x + 1.6 * k, safe.y + 1.8 * k, 1.8 * k, palette.night, palette.paper
        )
        centred_line(
            canvas,
            self.deck_title,
            fonts.regular,
            LABEL_PT * type_scale(box),
            safe.centre_x,
            safe.y + 0.9 * k,
            palette.muted,
            safe.width - 8 * k,
        )


class IntermedeFace(Struct, frozen=True):
    """Both faces of an Intermède card: gold, an hourglass, the title and what to do."""

    texts: IntermedeTexts
    body: str  # markup of this face
    style: CardStyle

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        safe = box.safe
        fill_bleed(canvas, box, palette.gold)
        panel(canvas, box, FRAME_INSET, 2.6 * k, palette.paper, None, 0)
        hourglass(canvas, safe.centre_x, safe.top - 12.5 * k, 18.0 * k, palette.night, palette.gold)
        title = fit_text(
            self.texts.title,
            fonts.title,
            pt(safe.width - 2 * k),
            pt(10.0 * k),
            max_size=20.0 * k,
            max_lines=1,
        )
        draw_fitted(canvas, title, safe.centre_x, safe.top - 28.5 * k, palette.night)
        spaced_caps(
            canvas,
            self.texts.subtitle,
            fonts.bold,
            COLOUR_TEXT_PT * type_scale(box),
            safe.centre_x,
            safe.top - 36.0 * k,
            palette.accent,
            0.8 * k,
            safe.width - 2 * k,
        )
        area = Rect(
            safe.x + 1.5 * k, safe.y + 2.0 * k, safe.width - 3.0 * k, safe.height - 42.0 * k
        )
        draw_paragraphs(
            canvas,
            markup_parts(self.body),
            fonts,
            palette.ink,
            area,
            8.5 * type_scale(box),
            alignment=1,
            vertical="middle",
            min_size=LABEL_PT * type_scale(box),
        )


class DirectionFront(Struct, frozen=True):
    """The compass rose laid beside the start card: N at the top of the table, O on the left."""

    texts: DirectionTexts
    style: CardStyle

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        safe = box.safe
        fill_bleed(canvas, box, palette.paper)
        cx, cy = safe.centre_x, safe.y + safe.height * 0.53
        radius = min(safe.width / 2 - 7.5 * k, safe.height / 2 - 10 * k)
        set_stroke(canvas, palette.hairline)
        canvas.setLineWidth(0.6)
        canvas.circle(pt(cx), pt(cy), pt(radius * 0.78), stroke=1, fill=0)
        canvas.setLineWidth(0.4)
        canvas.circle(pt(cx), pt(cy), pt(radius * 0.70), stroke=1, fill=0)
        compass_star(canvas, cx, cy, radius, palette.night, palette.paper, north=palette.accent)
        letter_size = 17.0 * k
        gap = radius + 4.4 * k
        letters = (
            (self.texts.north, cx, cy + gap, palette.accent),
            (self.texts.south, cx, cy - gap, palette.night),
            (self.texts.east, cx + gap, cy, palette.night),
            (self.texts.west, cx - gap, cy, palette.night),
        )
        for letter, x, y, colour in letters:
            set_fill(canvas, colour)
            canvas.setFont(fonts.title, letter_size)
            canvas.drawCentredString(pt(x), pt(y) - letter_size * CAP_HEIGHT / 2, letter)
        spaced_caps(
            canvas,
            self.texts.title,
            fonts.bold,
            COLOUR_TEXT_PT * type_scale(box),
            safe.centre_x,
            safe.y + 1.5 * k,
            palette.night,
            1.6 * k,
            safe.width,
        )


class DirectionBack(Struct, frozen=True):
    """The Direction card's back: what the card is for, and the deck's credits (the data and
    the pictures: printed inside the trim, so every copy of the deck carries them)."""

    texts: DirectionTexts
    style: CardStyle
    credit: str = ""

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        palette, fonts, k = self.style.palette, self.style.fonts, scale(box)
        safe = box.safe
        fill_bleed(canvas, box, palette.paper)
        header_bottom = safe.top - 20.0 * k
        band(canvas, box, header_bottom, palette.night)
        compass_star(
            canvas,
            safe.centre_x,
            safe.top - 7.6 * k,
            6.4 * k,
            palette.gold,
            palette.cream,
            north=palette.accent,
        )
        spaced_caps(
            canvas,
            self.texts.title,
            fonts.bold,
            9.0 * type_scale(box),
            safe.centre_x,
            header_bottom + 2.6 * k,
            palette.paper,
            1.6 * k,
            safe.width,
        )
        credit_top = safe.y + 2.0 * k
        if self.credit:
            credit_top += self._draw_credit(canvas, box, safe.y + 0.4 * k) + 2.0 * k
            rule_line(
                canvas, safe.x, credit_top - 1.0 * k, safe.x + safe.width, palette.hairline, 0.6
            )
        area = Rect(
            safe.x + 1.0 * k,
            credit_top + 1.0 * k,
            safe.width - 2.0 * k,
            header_bottom - credit_top - 4.0 * k,
        )
        draw_paragraphs(
            canvas,
            markup_parts(self.texts.back_body),
            fonts,
            palette.ink,
            area,
            8.5 * type_scale(box),
            alignment=1,
            vertical="middle",
            min_size=LABEL_PT * type_scale(box),
        )

    def _draw_credit(self, canvas: Canvas, box: CardBox, bottom: float) -> float:
        """The credit's lines at CREDIT_PT, black ink, bottom-aligned at ``bottom`` (mm);
        returns their height (mm)."""
        from generator.render.draw.text import split_lines

        palette, fonts, safe = self.style.palette, self.style.fonts, box.safe
        size = max(MIN_TEXT_PT, CREDIT_PT * scale(box))
        leading = size * 1.22
        lines = split_lines(self.credit, fonts.regular, size, pt(safe.width))
        set_fill(canvas, palette.muted)
        canvas.setFont(fonts.regular, size)
        for index, line in enumerate(reversed(lines)):
            y = pt(bottom) + index * leading + size * 0.24
            canvas.drawCentredString(pt(safe.centre_x), y, line)
        return to_mm(len(lines) * leading)
