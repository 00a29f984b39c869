"""Pictures from game-icons.net as reportlab vector forms, drawn in a palette colour.

The embedded subset (``datasets/game_icons.json``, written by ``pnp data build``) keeps each
icon's SVG path verbatim and the same path converted by svgelements to PDF path operators on
the upright 512 grid, with its exact extent (see :mod:`generator.geo.databuild.svgpath`).
Drawing never parses SVG, nor re-formats numbers through reportlab's path object (which costs
twice the CPU on every document): the stored operators become the content of the form.

:func:`draw_icon` records each icon once per document as a form XObject holding only the path
and its fill operator ``f`` (nonzero winding, as SVG fills); every use is a ``Do`` of that form
under a transformation. The form sets no colour, so it paints in the fill colour current where
it is drawn: one form serves every colour, and the colour comes from the caller's palette.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from generator.core.i18n import _
from generator.render.colour import Colour, set_fill
from generator.render.imposition import Rect  # the box (mm) an icon's shape covers
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

ICONS_FILE = "game_icons.json"
FORM_PREFIX = "GameIcon-"

# What a stored path may hold: numbers, spaces and the operators m l c h; nothing else reaches
# the PDF content stream.
_PATH_TEXT = re.compile(r"[0-9.\- mlch]+")


@dataclass(frozen=True)
class IconEntry:
    """One icon of the subset: its author, PDF path operators (upright 512 grid), extent."""

    author: str
    pdf_path: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 of the drawn shape on the grid
    svg_path: str  # the upstream path, verbatim (SVG's downward y, for web pages)


@dataclass(frozen=True)
class IconSet:
    entries: dict[str, IconEntry]
    package: str
    version: str
    grid: float
    attribution_en: str  # the credit of the whole subset
    attribution_fr: str = ""  # the same in French (the build writes both)


@cache
def icon_set() -> IconSet:
    """The embedded subset, read once."""
    from generator.geo.embedded import dataset_path

    document = json.loads(dataset_path(ICONS_FILE).read_text(encoding="utf-8"))
    return IconSet(
        entries={
            name: IconEntry(
                entry["author"], entry["pdf_path"], tuple(entry["box"]), entry["svg_path"]
            )
            for name, entry in document["icons"].items()
        },
        package=document["package"],
        version=document["version"],
        grid=float(document["grid"]),
        attribution_en=document["attribution_en"],
        attribution_fr=document.get("attribution_fr") or document["attribution_en"],
    )


def icon_names() -> frozenset[str]:
    return frozenset(icon_set().entries)


@cache
def icon_entry(name: str) -> IconEntry:
    """The icon ``name`` (a UserError names the missing icon and the fix)."""
    from generator.core.errors import UserError

    entry = icon_set().entries.get(name)
    if entry is None:
        raise UserError(
            _("the icon subset has no icon {name!r}; run 'pnp data build'").format(name=name)
        )
    if not _PATH_TEXT.fullmatch(entry.pdf_path):
        raise UserError(
            _("icon {name!r} of {ICONS_FILE} is not a path; run 'pnp data build'").format(
                name=name, ICONS_FILE=ICONS_FILE
            )
        )
    return entry


def _define_form(canvas: Canvas, name: str) -> str:
    form = FORM_PREFIX + name
    if not canvas.hasForm(form):
        entry = icon_entry(name)
        canvas.beginForm(form, *entry.box)
        canvas.addLiteral(f"{entry.pdf_path} f")  # fill, nonzero winding; no colour set
        canvas.endForm()
    return form


def icon_placement(
    name: str, cx: float, cy: float, size: float, height: float | None = None
) -> Rect:
    """Where :func:`draw_icon` puts the shape of ``name``: as large as fits a ``size`` mm wide,
    ``height`` mm tall box (a square when no height is given), its centre on (cx, cy) mm."""
    x0, y0, x1, y1 = icon_entry(name).box
    scale = min(size / (x1 - x0), (size if height is None else height) / (y1 - y0))
    width, height = (x1 - x0) * scale, (y1 - y0) * scale
    return Rect(cx - width / 2, cy - height / 2, width, height)


def draw_icon(
    canvas: Canvas,
    name: str,
    cx: float,
    cy: float,
    size: float,
    colour: Colour,
    height: float | None = None,
) -> Rect:
    """Draw icon ``name`` filled with ``colour``, its shape fitted in a ``size`` mm square (or
    ``size`` × ``height``) centred on (cx, cy) mm; returns the box the shape covers."""
    form = _define_form(canvas, name)
    place = icon_placement(name, cx, cy, size, height)
    x0, y0, x1, _ = icon_entry(name).box
    scale = pt(place.width) / (x1 - x0)
    canvas.saveState()
    set_fill(canvas, colour)
    canvas.translate(pt(place.x) - x0 * scale, pt(place.y) - y0 * scale)
    canvas.scale(scale, scale)
    canvas.doForm(form)
    canvas.restoreState()
    return place


def icon_authors(names: Iterable[str]) -> tuple[str, ...]:
    """The authors of the icons ``names``, sorted."""
    return tuple(sorted({icon_set().entries[name].author for name in names}))


def icon_credit(names: Iterable[str], language: str = "fr") -> str:
    """The CC BY 3.0 credit line for the icons ``names`` (their authors only)."""
    from generator.geo.databuild.icons import attribution

    return attribution(list(icon_authors(names)), language)
