"""The icon subset of ``datasets/game_icons.json``: the game-icons.net pictures the games draw.

``@iconify-json/game-icons`` packs every icon of game-icons.net (about 4,100, 6 MB) as one
``<path fill="currentColor" d="…"/>`` on a 512 × 512 grid. The build keeps only the icons listed
in :data:`UPSTREAM` (the Lenormand pictures, the Oucédonc site pictograms, the Pronostiques
emblems: see ``generator/games``), each with its path data verbatim, its author and the file of
the upstream repository it comes from, and the same path converted to PDF path operators
(:mod:`generator.geo.databuild.svgpath`) with its exact extent, so drawing never parses SVG.

game-icons.net is CC BY 3.0 except the few icons of two CC0 authors, and each icon has its own
author: the iconify package does not say who, the upstream repository does (one folder per
author, ``license.txt`` at its root). :data:`UPSTREAM` is that hand-checked table: every path was
matched with the geometry of the upstream file (game-icons/icons, commit b659ba7, 2025-05-04).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from dataclasses import dataclass

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.geo.databuild.npm import NpmPackage, PackedPackage
from generator.geo.databuild.svgpath import ops_text, path_extent, svg_path_ops

GAME_ICONS = NpmPackage("@iconify-json/game-icons", "1.2.4")
ICONS_FILE = "game_icons.json"
GRID = 512  # the iconify set's viewBox: 0 0 512 512

LICENCE = "CC BY 3.0"
LICENCE_URL = "https://creativecommons.org/licenses/by/3.0/"
UPSTREAM_URL = "https://game-icons.net (https://github.com/game-icons/icons)"


@dataclass(frozen=True)
class Author:
    name: str  # as game-icons.net credits them
    url: str | None  # as license.txt gives it


#: The upstream repository's author folders that we use, with their names and links from its
#: license.txt ("Icons provided under the Creative Commons 3.0 BY", "Icons made by {author}").
AUTHORS: Mapping[str, Author] = {
    "caro-asercion": Author("Caro Asercion", None),
    "delapouite": Author("Delapouite", "http://delapouite.com"),
    "lorc": Author("Lorc", "http://lorcblog.blogspot.com"),
    "skoll": Author("Skoll", None),
}

#: Icon name in the iconify set → its file in game-icons/icons (the folder is the author).
UPSTREAM: Mapping[str, str] = {
    # Les territoires: the 36 Lenormand subjects (table in games/territoires/lenormand.py)
    "cavalry": "delapouite/cavalry.svg",
    "shamrock": "delapouite/shamrock.svg",
    "caravel": "delapouite/caravel.svg",
    "house": "delapouite/house.svg",
    "oak": "lorc/oak.svg",
    "raining": "lorc/raining.svg",
    "snake": "lorc/snake.svg",
    "coffin": "lorc/coffin.svg",
    "flower-pot": "lorc/flower-pot.svg",
    "scythe": "lorc/scythe.svg",
    "whip": "lorc/whip.svg",
    "nest-birds": "delapouite/nest-birds.svg",
    "baby-face": "delapouite/baby-face.svg",
    "fox": "caro-asercion/fox.svg",
    "bear-head": "delapouite/bear-head.svg",
    "star-formation": "delapouite/star-formation.svg",
    "heron": "caro-asercion/heron.svg",
    "sitting-dog": "delapouite/sitting-dog.svg",
    "stone-tower": "lorc/stone-tower.svg",
    "park-bench": "delapouite/park-bench.svg",
    "peaks": "lorc/peaks.svg",
    "crossroad": "delapouite/crossroad.svg",
    "seated-mouse": "lorc/seated-mouse.svg",
    "heart-wings": "delapouite/heart-wings.svg",
    "diamond-ring": "delapouite/diamond-ring.svg",
    "open-book": "lorc/open-book.svg",
    "envelope": "lorc/envelope.svg",
    "mustache": "delapouite/mustache.svg",
    "ample-dress": "delapouite/ample-dress.svg",
    "fleur-de-lys": "delapouite/fleur-de-lys.svg",
    "sun": "lorc/sun.svg",
    "moon": "lorc/moon.svg",
    "skeleton-key": "lorc/skeleton-key.svg",
    "double-fish": "delapouite/double-fish.svg",
    "anchor": "lorc/anchor.svg",
    "crucifix": "delapouite/crucifix.svg",
    # Oucédonc: site pictograms (table in games/oucedonc/pictograms.py)
    "smoking-volcano": "delapouite/smoking-volcano.svg",
    "hills": "delapouite/hills.svg",
    "island": "delapouite/island.svg",
    "sea-cliff": "delapouite/sea-cliff.svg",
    "cliff-crossing": "delapouite/cliff-crossing.svg",
    "mountains": "lorc/mountains.svg",
    "mountain-road": "delapouite/mountain-road.svg",
    "cave-entrance": "delapouite/cave-entrance.svg",
    "beach-bucket": "delapouite/beach-bucket.svg",
    "lily-pads": "delapouite/lily-pads.svg",
    "waterfall": "delapouite/waterfall.svg",
    "frozen-block": "lorc/frozen-block.svg",
    "waves": "lorc/waves.svg",
    "castle": "lorc/castle.svg",
    "tower-flag": "delapouite/tower-flag.svg",
    "arc-triomphe": "delapouite/arc-triomphe.svg",
    "martyr-memorial": "delapouite/martyr-memorial.svg",
    "church": "delapouite/church.svg",
    "stone-bridge": "delapouite/stone-bridge.svg",
    "lighthouse": "delapouite/lighthouse.svg",
    "ancient-columns": "delapouite/ancient-columns.svg",
    "greek-temple": "delapouite/greek-temple.svg",
    "dam": "delapouite/dam.svg",
    "forest": "delapouite/forest.svg",
    "pine-tree": "lorc/pine-tree.svg",
    "reed": "delapouite/reed.svg",
    "village": "delapouite/village.svg",
    "dolmen": "delapouite/dolmen.svg",
    "river": "delapouite/river.svg",
    "valley": "lorc/valley.svg",
    "bridge": "lorc/bridge.svg",
    "medieval-gate": "delapouite/medieval-gate.svg",
    "position-marker": "delapouite/position-marker.svg",
    # Pronostiques: team emblems and power pictures (games/pronostiques/emblems.py)
    "spark-plug": "delapouite/spark-plug.svg",
    "car-door": "delapouite/car-door.svg",
    "speedometer": "delapouite/speedometer.svg",
    "race-car": "skoll/race-car.svg",
    "car-wheel": "delapouite/car-wheel.svg",
    "semi-closed-eye": "lorc/semi-closed-eye.svg",
    "fast-forward-button": "delapouite/fast-forward-button.svg",
    "flat-tire": "delapouite/flat-tire.svg",
}


def author_of(name: str) -> Author:
    return AUTHORS[UPSTREAM[name].split("/", 1)[0]]


def _path_data(name: str, body: str) -> str:
    """The ``d`` of a body that must be exactly one ``<path fill="currentColor" d="…"/>``."""
    try:
        root = ElementTree.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{body}</g>')
    except ElementTree.ParseError as exc:
        raise UserError(
            _("{spec}: icon {name} is not well-formed SVG ({exc})").format(
                spec=GAME_ICONS.spec, name=name, exc=exc
            )
        ) from exc
    elements = list(root)
    if (
        len(elements) != 1
        or elements[0].tag != "{http://www.w3.org/2000/svg}path"
        or set(elements[0].attrib) != {"fill", "d"}
        or elements[0].attrib["fill"] != "currentColor"
        or len(elements[0]) != 0
    ):
        raise UserError(
            _(
                "{spec}: icon {name} is not one single-colour path; check the pinned version "
                "before taking it"
            ).format(spec=GAME_ICONS.spec, name=name)
        )
    return elements[0].attrib["d"]


def subset_icons(packed: PackedPackage) -> dict[str, object]:
    """The subset document: licence, source and, per icon, its path data and author."""
    icon_set = json.loads(packed.read("icons.json"))
    info = json.loads(packed.read("info.json"))
    if info.get("license", {}).get("spdx") != "CC-BY-3.0":
        raise UserError(
            _("{spec} no longer says CC-BY-3.0; review the licence first").format(
                spec=GAME_ICONS.spec
            )
        )
    size = (icon_set.get("width"), icon_set.get("height"))
    if size != (GRID, GRID):
        raise UserError(
            _("{spec} has a {size} grid, expected 512 × 512").format(
                spec=GAME_ICONS.spec, size=size
            )
        )
    icons: dict[str, dict[str, object]] = {}
    used_authors: set[str] = set()
    for name in sorted(UPSTREAM):
        icon = icon_set["icons"].get(name)
        if icon is None:
            raise UserError(
                _("{spec} has no icon {name}; check the pinned version").format(
                    spec=GAME_ICONS.spec, name=name
                )
            )
        if set(icon) - {"body"}:  # own width/height/offsets would need a different grid
            raise UserError(
                _("{spec}: icon {name} has its own grid, expected 512").format(
                    spec=GAME_ICONS.spec, name=name
                )
            )
        path = _path_data(name, icon["body"])
        ops = svg_path_ops(path, GRID)
        author = author_of(name).name
        used_authors.add(author)
        icons[name] = {
            "author": author,
            "box": list(path_extent(ops)),
            "pdf_path": ops_text(ops),
            "svg_path": path,
            "upstream": UPSTREAM[name],
        }
    return {
        "attribution_en": attribution(sorted(used_authors), "en"),
        "attribution_fr": attribution(sorted(used_authors), "fr"),
        "authors": {
            author.name: author.url
            for author in sorted(AUTHORS.values(), key=lambda a: a.name)
            if author.name in used_authors
        },
        "grid": GRID,
        "icons": icons,
        "integrity": packed.integrity,
        "licence": LICENCE,
        "licence_url": LICENCE_URL,
        "package": GAME_ICONS.name,
        "upstream": UPSTREAM_URL,
        "version": GAME_ICONS.version,
    }


def attribution(authors: list[str], language: str) -> str:
    """The credit CC BY 3.0 asks for: authors, source, licence, and that we recoloured."""
    names = _join(authors, "et" if language == "fr" else "and")
    if language == "fr":
        return (
            f"Icônes : {names}, game-icons.net, licence CC BY 3.0 "
            "(creativecommons.org/licenses/by/3.0/), recolorées."
        )
    return (
        f"Icons by {names}, game-icons.net, CC BY 3.0 "
        "(creativecommons.org/licenses/by/3.0/), recoloured."
    )


def _join(names: list[str], conjunction: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"
