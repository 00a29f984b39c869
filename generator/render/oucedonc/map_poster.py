"""The map of a deck's places: one sheet for after the game or for a classroom wall.

A real map of the deck's region, north up, in the equirectangular projection of the cards'
locator map (x = lon · cos φ0, y = lat: at the scale of a country, a region or a département it
is indistinguishable from a conformal one, and its graticule is straight): the sea, the
neighbouring countries, the deck's own country, the départements (or other subdivisions)
faintly, the deck's région or département outlined; a graticule labelled as the cards' backs
print coordinates (``48° N``, ``2°30′ O``, ``W`` in English); every card's place as a dot in its
colour (towns blue, sites green, as on the fronts), with its id and its name placed without
overlaps (:mod:`generator.render.draw.labels`); a scale bar, a legend, the data's credits.

The page is the paper given, turned to the side that shows the region largest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.i18n import M_, P_, PN_, Language
from generator.games.oucedonc.coords import printed_coordinate
from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.labels import Box, Placed, Point, place_labels
from generator.render.draw.shapes import trace
from generator.render.oucedonc.locator_map import MapFrame, fit_frame, thin_out
from generator.render.oucedonc.palette import PALETTE
from generator.render.units import pt, to_mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.document import PdfDocument
    from generator.render.paper import Paper
    from generator.render.profile import PrintProfile

Ring = Sequence[tuple[float, float]]


@dataclass(frozen=True)
class MapPlace:
    """A card's place: its id, its name, town or site, where it is (degrees)."""

    id: str
    name: str
    kind: str
    lon: float
    lat: float


@dataclass(frozen=True)
class MapData:
    """What the poster shows; rings are (lon, lat) in degrees."""

    title: str
    places: tuple[MapPlace, ...]
    home: tuple[Ring, ...]  # the deck's country, filled as land
    beneath: tuple[Ring, ...]  # under it, as the neighbours' land: no sea between them
    abroad: tuple[Ring, ...]  # the countries around it
    areas: tuple[Ring, ...]  # its départements or subdivisions, drawn faintly
    borders: tuple[Ring, ...]  # its coast and main borders (France: the régions')
    region: tuple[Ring, ...]  # the deck's région or département, outlined (none: a country)
    credits: tuple[str, ...]  # French; printed in the poster's language
    language: Language


@dataclass(frozen=True)
class PosterLayout:
    """The named sizes of the sheet (mm unless said), scaled with the paper."""

    margin: float = 10.0
    title_size: float = 20.0  # points
    subtitle_size: float = 9.5
    band: float = 19.0  # the title band's height
    footer: float = 17.0  # the legend and credits under the map
    label_size: float = 6.8  # points
    id_gap: float = 0.5  # between a card's id and its name
    dot: float = 0.95  # radius
    graticule_size: float = 6.0  # points
    credit_size: float = 5.5

    def scaled(self, factor: float) -> PosterLayout:
        return PosterLayout(
            margin=self.margin * factor,
            title_size=self.title_size * factor,
            subtitle_size=self.subtitle_size * factor,
            band=self.band * factor,
            footer=self.footer * factor,
            label_size=self.label_size * factor,
            id_gap=self.id_gap * factor,
            dot=self.dot * factor,
            graticule_size=self.graticule_size * factor,
            credit_size=self.credit_size * min(factor, 1.2),
        )


#: The legend's dots: a town, a site (the colours of the cards' fronts).
LEGEND = (("town", M_("ville")), ("site", M_("site")))
#: Graticule steps tried, in arc-minutes: the first that draws at most MAX_LINES lines.
STEPS = (5, 10, 15, 20, 30, 60, 120, 300, 600)
MAX_LINES = 9
MIN_LINES = 3
SCALE_LENGTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)  # km


def draw_poster(
    data: MapData, paper: Paper, profile: PrintProfile, layout: PosterLayout
) -> PdfDocument:
    """The poster of ``data`` on ``paper`` (turned to show the region largest)."""
    from generator.render.document import DocInfo, new_document
    from generator.render.fonts import register_fonts

    fonts = register_fonts()
    sheet, frame = _page(data, paper, layout)
    info = DocInfo(
        title=data.title,
        subject=P_(data.language, "Carte des lieux du paquet"),
        credit=" · ".join(P_(data.language, line) for line in data.credits),
    )
    document = new_document(sheet.width, sheet.height, info, profile)
    canvas = document.canvas
    left, bottom = _map_origin(sheet, frame, layout)
    _title(canvas, data, sheet, layout, fonts.title, fonts.regular)
    canvas.saveState()
    canvas.translate(pt(left), pt(bottom))
    _map(canvas, data, frame, layout, fonts.condensed, fonts.condensed_bold)
    canvas.restoreState()
    _graticule_labels(canvas, frame, (left, bottom), layout, fonts.condensed, data.language)
    _footer(canvas, data, sheet, frame, (left, bottom), layout, fonts.regular)
    canvas.showPage()
    return document


def _page(data: MapData, paper: Paper, layout: PosterLayout) -> tuple[Paper, MapFrame]:
    """The paper turned to show the region largest, and the map's frame on it."""
    bounds = _bounds(data)
    best: tuple[float, Paper, MapFrame] | None = None
    for sheet in (paper, paper.landscape()):
        width = sheet.width - 2 * layout.margin
        height = sheet.height - 2 * layout.margin - layout.band - layout.footer
        fitted = fit_frame(bounds, width, height, margin=0.06)
        scale = fitted.height / (fitted.north - fitted.south)
        if best is None or scale > best[0] * 1.02:  # portrait unless landscape is clearly larger
            best = (scale, sheet, filled(fitted, width, height))
    assert best is not None
    return best[1], best[2]


def filled(frame: MapFrame, width: float, height: float) -> MapFrame:
    """``frame`` at the same scale, widened or heightened around its middle to fill ``width``
    × ``height`` mm: the room left on the sheet shows more of the land around."""
    scale = frame.height / (frame.north - frame.south)  # mm per degree of latitude
    squash = math.cos(math.radians((frame.south + frame.north) / 2))
    middle_lon, middle_lat = (frame.west + frame.east) / 2, (frame.south + frame.north) / 2
    half_lon, half_lat = width / scale / squash / 2, height / scale / 2
    return MapFrame(
        middle_lon - half_lon, middle_lat - half_lat, middle_lon + half_lon, middle_lat + half_lat,
        width, height,
    )  # fmt: skip


def _bounds(data: MapData) -> tuple[float, float, float, float]:
    lons = [place.lon for place in data.places]
    lats = [place.lat for place in data.places]
    for ring in data.region:
        lons += [lon for lon, _ in ring]
        lats += [lat for _, lat in ring]
    return min(lons), min(lats), max(lons), max(lats)


def _map_origin(sheet: Paper, frame: MapFrame, layout: PosterLayout) -> tuple[float, float]:
    """Where the map's lower-left corner goes: centred across, under the title band."""
    left = (sheet.width - frame.width) / 2
    top = sheet.height - layout.margin - layout.band
    return left, top - frame.height


def _title(
    canvas: Canvas, data: MapData, sheet: Paper, layout: PosterLayout, title: str, regular: str
) -> None:
    from generator.render.draw.text import shrink_to_width

    top = sheet.height - layout.margin
    width = sheet.width - 2 * layout.margin
    set_fill(canvas, PALETTE.ink)
    size = shrink_to_width(data.title, title, layout.title_size, width, layout.title_size / 2)
    canvas.setFont(title, size)
    canvas.drawString(pt(layout.margin), pt(top) - size, data.title)
    count = len(data.places)
    subtitle = PN_(
        data.language,
        "Le lieu de la carte, au numéro imprimé sur son recto",
        "Les {n} lieux du paquet, chacun au numéro imprimé sur le recto de sa carte",
        count,
    ).format(n=count)
    set_fill(canvas, PALETTE.muted)
    canvas.setFont(regular, layout.subtitle_size)
    canvas.drawString(pt(layout.margin), pt(top) - size - layout.subtitle_size * 1.5, subtitle)


def _map(
    canvas: Canvas, data: MapData, frame: MapFrame, layout: PosterLayout, font: str, bold: str
) -> None:
    """The map in its frame, its lower-left corner at the origin."""
    width, height = pt(frame.width), pt(frame.height)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, width, height)
    canvas.clipPath(clip, stroke=0, fill=0)
    set_fill(canvas, PALETTE.poster_water)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    _rings(canvas, frame, data.beneath, fill=PALETTE.abroad, line=None, width=0)
    _rings(canvas, frame, data.abroad, fill=PALETTE.abroad, line=PALETTE.area_line, width=0.3)
    _rings(canvas, frame, data.home, fill=PALETTE.land, line=None, width=0)
    _rings(canvas, frame, data.areas, fill=None, line=PALETTE.area_line, width=0.35)
    _rings(canvas, frame, data.borders, fill=None, line=PALETTE.land_line, width=0.5)
    _rings(canvas, frame, data.region, fill=None, line=PALETTE.region_line, width=1.1)
    _graticule(canvas, frame)
    _places(canvas, data, frame, layout, font, bold)
    canvas.restoreState()
    set_stroke(canvas, PALETTE.ink)
    canvas.setLineWidth(0.6)
    canvas.rect(0, 0, width, height, stroke=1, fill=0)


def _rings(
    canvas: Canvas,
    frame: MapFrame,
    rings: Sequence[Ring],
    fill: Colour | None,
    line: Colour | None,
    width: float,
) -> None:
    """Rings in one path (even-odd: holes stay holes), filled and/or stroked."""
    if not rings:
        return
    path = canvas.beginPath()
    drawn = 0
    for ring in rings:
        points = thin_out(frame.project_all(ring), 0.15)
        if len(points) >= 3:
            trace(path, points)
            drawn += 1
    if not drawn:
        return
    if fill is not None:
        set_fill(canvas, fill)
    if line is not None:
        set_stroke(canvas, line)
        canvas.setLineWidth(width)
        canvas.setLineJoin(1)
    canvas.drawPath(path, stroke=int(line is not None), fill=int(fill is not None), fillMode=0)


def step_minutes(frame: MapFrame) -> int:
    """The graticule's step: at most MAX_LINES lines across the longer side, and, where a
    smaller step allows it, a few across the shorter (a wide Bretagne has two latitudes)."""
    lat = (frame.north - frame.south) * 60
    lon = (frame.east - frame.west) * 60 * math.cos(math.radians((frame.south + frame.north) / 2))
    longer, shorter = max(lat, lon), min(lat, lon)
    at = next((i for i, step in enumerate(STEPS) if longer / step <= MAX_LINES), len(STEPS) - 1)
    while at > 0 and shorter / STEPS[at] < MIN_LINES and longer / STEPS[at - 1] <= 2 * MAX_LINES:
        at -= 1
    return STEPS[at]


def _lines(low: float, high: float, step: int) -> list[int]:
    """The graticule's values (whole arc-minutes) between two coordinates (degrees)."""
    first = math.ceil(low * 60 / step) * step
    return list(range(first, math.floor(high * 60) + 1, step))


def _graticule(canvas: Canvas, frame: MapFrame) -> None:
    step = step_minutes(frame)
    set_stroke(canvas, PALETTE.meridian)
    canvas.setLineWidth(0.3)
    canvas.setDash(1.2, 1.6)
    for minutes in _lines(frame.west, frame.east, step):
        x, _ = frame.project(minutes / 60, frame.south)
        canvas.line(pt(x), 0, pt(x), pt(frame.height))
    for minutes in _lines(frame.south, frame.north, step):
        _, y = frame.project(frame.west, minutes / 60)
        canvas.line(0, pt(y), pt(frame.width), pt(y))
    canvas.setDash()


def coordinate_label(minutes: int, axis: str, language: Language) -> str:
    """A graticule line's label as the backs print coordinates: ``48° N``, ``2°30′ O`` (French),
    ``2°30′ W`` (English)."""
    letters = ("N", "S") if axis == "lat" else ("E", "O")
    letter = letters[0] if minutes >= 0 else letters[1]
    degrees, rest = divmod(abs(minutes), 60)
    if minutes == 0:
        return "0°"  # the equator, the Greenwich meridian
    text = f"{degrees}°{rest:02d}′ {letter}" if rest else f"{degrees}° {letter}"
    return printed_coordinate(text, language)


def _graticule_labels(
    canvas: Canvas,
    frame: MapFrame,
    origin: tuple[float, float],
    layout: PosterLayout,
    font: str,
    language: Language,
) -> None:
    """Each graticule line's value outside the frame: longitudes above and below, latitudes on
    the left and the right."""
    left, bottom = origin
    step = step_minutes(frame)
    size = layout.graticule_size
    set_fill(canvas, PALETTE.muted)
    canvas.setFont(font, size)
    for minutes in _lines(frame.west, frame.east, step):
        x = left + frame.project(minutes / 60, frame.south)[0]
        text = coordinate_label(minutes, "lon", language)
        canvas.drawCentredString(pt(x), pt(bottom) - size * 1.15, text)
        canvas.drawCentredString(pt(x), pt(bottom + frame.height) + size * 0.35, text)
    for minutes in _lines(frame.south, frame.north, step):
        y = bottom + frame.project(frame.west, minutes / 60)[1]
        text = coordinate_label(minutes, "lat", language)
        canvas.saveState()
        canvas.translate(pt(left) - size * 0.4, pt(y))
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()
        canvas.saveState()
        canvas.translate(pt(left + frame.width) + size * 1.1, pt(y))
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()


@dataclass(frozen=True)
class Labelled:
    """A place with its label's parts and where the label went."""

    place: MapPlace
    x: float
    y: float
    id_width: float
    placed: Placed | None


def label_places(
    data: MapData, frame: MapFrame, layout: PosterLayout, font: str, bold: str
) -> list[Labelled]:
    """Every place's label placed beside its dot, none over another or over a dot."""
    from generator.render.draw.text import width_mm

    size = layout.label_size
    height = to_mm(size) * 1.18  # a line of text (cap height and descenders)
    points, widths = [], []
    for place in data.places:
        x, y = frame.project(place.lon, place.lat)
        id_part = width_mm(place.id, bold, size)
        widths.append(id_part)
        name = width_mm(place.name, font, size)
        points.append(Point(x, y, id_part + layout.id_gap + name, height, layout.dot))
    inner: Box = (0.8, 0.8, frame.width - 0.8, frame.height - 0.8)
    placed = place_labels(points, inner)
    return [
        Labelled(place, point.x, point.y, width, box)
        for place, point, width, box in zip(data.places, points, widths, placed, strict=True)
    ]


def _places(
    canvas: Canvas, data: MapData, frame: MapFrame, layout: PosterLayout, font: str, bold: str
) -> None:
    labelled = label_places(data, frame, layout, font, bold)
    size = layout.label_size
    for item in labelled:  # leader lines first, under the dots and the text
        if item.placed is not None and item.placed.leader:
            left, bottom, right, top = item.placed.box
            to_x = min(max(item.x, left), right)
            to_y = min(max(item.y, bottom), top)
            set_stroke(canvas, PALETTE.muted)
            canvas.setLineWidth(0.3)
            canvas.line(pt(item.x), pt(item.y), pt(to_x), pt(to_y))
    for item in labelled:
        set_fill(canvas, PALETTE.paper)
        canvas.circle(pt(item.x), pt(item.y), pt(layout.dot + 0.3), stroke=0, fill=1)
        set_fill(canvas, PALETTE.kind(item.place.kind))
        canvas.circle(pt(item.x), pt(item.y), pt(layout.dot), stroke=0, fill=1)
    for item in labelled:
        if item.placed is None:
            continue
        left, bottom, _right, _top = item.placed.box
        baseline = pt(bottom) + size * 0.28
        parts = (
            (pt(left), bold, item.place.id, PALETTE.kind(item.place.kind)),
            (pt(left + item.id_width + layout.id_gap), font, item.place.name, PALETTE.ink),
        )
        set_stroke(canvas, PALETTE.paper)  # a halo: the lines under a label do not cross it
        canvas.setLineWidth(size * 0.22)
        canvas.setLineJoin(1)
        for x, face, text, _colour in parts:
            canvas.setFont(face, size)
            canvas.drawString(x, baseline, text, mode=1)
        for x, face, text, colour in parts:
            set_fill(canvas, colour)
            canvas.setFont(face, size)
            canvas.drawString(x, baseline, text, mode=0)


def _footer(
    canvas: Canvas,
    data: MapData,
    sheet: Paper,
    frame: MapFrame,
    origin: tuple[float, float],
    layout: PosterLayout,
    regular: str,
) -> None:
    """Under the map: the legend, the scale bar, the credits."""
    from generator.render.draw.text import width_mm, wrap

    bottom = origin[1]
    language = data.language
    y = bottom - to_mm(layout.graticule_size) * 2.6 - 3.2
    size = layout.subtitle_size * 0.85
    canvas.setFont(regular, size)
    x = layout.margin
    for kind, words in LEGEND:
        set_fill(canvas, PALETTE.kind(kind))
        canvas.circle(pt(x + layout.dot), pt(y + 0.9), pt(layout.dot), stroke=0, fill=1)
        set_fill(canvas, PALETTE.ink)
        text = P_(language, words)
        canvas.drawString(pt(x + 2 * layout.dot + 1.2), pt(y), text)
        x += 2 * layout.dot + 3 + width_mm(text, regular, size)
    note = P_(language, "P07 : le numéro de la carte")
    canvas.drawString(pt(x + 1), pt(y), note)
    _scale_bar(canvas, frame, (sheet.width - layout.margin, y), regular, size, language)
    set_fill(canvas, PALETTE.muted)
    canvas.setFont(regular, layout.credit_size)
    credits = " · ".join(P_(language, line).rstrip(".") for line in data.credits) + "."
    lines = wrap(credits, regular, layout.credit_size, sheet.width - 2 * layout.margin)
    line_y = y - to_mm(size) * 1.8
    for line in lines[:3]:
        canvas.drawString(pt(layout.margin), pt(line_y), line)
        line_y -= to_mm(layout.credit_size) * 1.3


def _scale_bar(
    canvas: Canvas,
    frame: MapFrame,
    right_end: tuple[float, float],
    font: str,
    size: float,
    language: Language,
) -> None:
    """A bar of a round number of kilometres, about a fifth of the map's width, at the map's
    middle latitude."""
    from generator.games.oucedonc.distance import parallel_km

    middle = (frame.south + frame.north) / 2
    km_per_mm = parallel_km(frame.west, frame.east, middle) / frame.width
    length = max(
        (km for km in SCALE_LENGTHS if km / km_per_mm <= frame.width / 5), default=SCALE_LENGTHS[0]
    )
    bar = length / km_per_mm
    right, y = right_end
    set_stroke(canvas, PALETTE.ink)
    canvas.setLineWidth(0.6)
    canvas.line(pt(right - bar), pt(y + 0.4), pt(right), pt(y + 0.4))
    for x in (right - bar, right):
        canvas.line(pt(x), pt(y - 0.3), pt(x), pt(y + 1.1))
    set_fill(canvas, PALETTE.ink)
    canvas.setFont(font, size)
    canvas.drawRightString(pt(right - bar - 1.5), pt(y), f"{length} km")
