"""The colour pictures of the games as reportlab vector forms, each in its own colours.

The embedded set (``datasets/colour_art.json``, written by ``pnp data build``: Fluent Emoji Flat
and pictures drawn for pnp, see :mod:`generator.geo.databuild.colour_art`) keeps each picture as
layers of PDF path operators on a 32-unit grid, each with its fill rule and an index into one
colour table holding every colour's sRGB and CMYK forms. Drawing never parses SVG.

:func:`draw_picture` records each picture once per document as a form XObject and places it
with a ``Do`` under a transformation wherever it is used. The form sets its colours through the
palette machinery (:func:`generator.render.colour.set_fill`), so a home document gets the sRGB
forms and a print-shop document the CMYK ones, under its ink limit (:mod:`generator.render.ink`).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.core.i18n import Language, _
from generator.core.typography import french_spacing
from generator.render.colour import Cmyk, Colour, hex_colour, set_fill
from generator.render.imposition import Rect  # the box (mm) a picture's shape covers
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

ART_FILE = "colour_art.json"
FORM_PREFIX = "Picture-"
GRID = 32  # the pictures' grid (the JSON's "grid")

# What a stored path may hold: numbers, spaces and the operators m l c h; nothing else reaches
# the PDF content stream.
_PATH_TEXT = re.compile(r"[0-9.\- mlch]+")
_RULES = frozenset({"f", "f*"})


class Picture(Struct, frozen=True):
    """One picture: its layers (colour index, PDF path operators, fill rule) and extent."""

    layers: tuple[tuple[int, str, str], ...]
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 of the drawn shapes on the grid


class PictureSet(Struct, frozen=True):
    """The built pictures by name, the colours they use and their credit lines."""

    pictures: dict[str, Picture]
    colours: tuple[Colour, ...]
    attribution_en: str
    attribution_fr: str

    def credit(self, language: Language) -> str:
        """The credit line of the pictures, in the material's language (French spacing in
        French: the line is the data build's, not the catalog's)."""
        return french_spacing(self.attribution_fr) if language == "fr" else self.attribution_en


@cache
def picture_set() -> PictureSet:
    """The embedded set, read once."""
    from generator.geo.embedded import dataset_path

    document = json.loads(dataset_path(ART_FILE).read_text(encoding="utf-8"))
    return PictureSet(
        pictures={
            name: Picture(
                tuple((int(c), str(p), str(r)) for c, p, r in entry["layers"]),
                tuple(entry["box"]),
            )
            for name, entry in document["pictures"].items()
        },
        colours=tuple(
            hex_colour(colour["rgb"], Cmyk(*colour["cmyk"])) for colour in document["colours"]
        ),
        attribution_en=document["attribution_en"],
        attribution_fr=document["attribution_fr"],
    )


def picture_names() -> frozenset[str]:
    return frozenset(picture_set().pictures)


@cache
def picture(name: str) -> Picture:
    """The picture ``name`` (a UserError names the missing picture and the fix)."""
    from generator.core.errors import UserError

    entry = picture_set().pictures.get(name)
    if entry is None:
        raise UserError(
            _("the picture set has no picture {name!r}; run 'pnp data build'").format(name=name)
        )
    colours = len(picture_set().colours)
    for index, path, rule in entry.layers:
        if not (_PATH_TEXT.fullmatch(path) and rule in _RULES and 0 <= index < colours):
            raise UserError(
                _("picture {name!r} of {file} is damaged; run 'pnp data build'").format(
                    name=name, file=ART_FILE
                )
            )
    return entry


def _define_form(canvas: Canvas, name: str) -> str:
    form = FORM_PREFIX + name
    if not canvas.hasForm(form):
        entry = picture(name)
        colours = picture_set().colours
        canvas.beginForm(form, *entry.box)
        canvas.saveState()
        for index, path, rule in entry.layers:
            set_fill(canvas, colours[index])
            canvas.addLiteral(f"{path} {rule}")
        canvas.restoreState()
        canvas.endForm()
    return form


def picture_placement(
    name: str, cx: float, cy: float, size: float, height: float | None = None
) -> Rect:
    """Where :func:`draw_picture` puts ``name``: as large as fits a ``size`` mm wide,
    ``height`` mm tall box (a square when no height is given), its centre on (cx, cy) mm."""
    x0, y0, x1, y1 = picture(name).box
    scale = min(size / (x1 - x0), (size if height is None else height) / (y1 - y0))
    width, height = (x1 - x0) * scale, (y1 - y0) * scale
    return Rect(cx - width / 2, cy - height / 2, width, height)


def draw_picture(
    canvas: Canvas,
    name: str,
    cx: float,
    cy: float,
    size: float,
    height: float | None = None,
) -> Rect:
    """Draw picture ``name`` fitted in a ``size`` mm square (or ``size`` × ``height``) centred on
    (cx, cy) mm; returns the box it covers."""
    form = _define_form(canvas, name)
    place = picture_placement(name, cx, cy, size, height)
    x0, y0, x1, _y1 = picture(name).box
    scale = pt(place.width) / (x1 - x0)
    canvas.saveState()
    canvas.translate(pt(place.x) - x0 * scale, pt(place.y) - y0 * scale)
    canvas.scale(scale, scale)
    canvas.doForm(form)
    canvas.restoreState()
    return place


def picture_credit(language: Language = "fr") -> str:
    """The credit line the material prints for the pictures."""
    return picture_set().credit(language)


def picture_svg(name: str) -> str:
    """The picture as SVG elements on its grid (y downward), for web pages: one ``<path>`` a
    layer. Only numbers, the four path operators and ``#rrggbb`` colours reach the markup."""
    entry = picture(name)
    colours = picture_set().colours
    grid = GRID
    elements = []
    for index, path, rule in entry.layers:
        words: list[str] = []
        numbers: list[str] = []
        for word in path.split():
            if word in ("m", "l", "c", "h"):
                pairs = [
                    f"{float(numbers[i]):g} {grid - float(numbers[i + 1]):g}"
                    for i in range(0, len(numbers), 2)
                ]
                words.append({"m": "M", "l": "L", "c": "C", "h": "Z"}[word] + " ".join(pairs))
                numbers = []
            else:
                numbers.append(word)
        fill_rule = ' fill-rule="evenodd"' if rule == "f*" else ""
        elements.append(f'<path fill="{colours[index].hex}"{fill_rule} d="{"".join(words)}"/>')
    return "".join(elements)
