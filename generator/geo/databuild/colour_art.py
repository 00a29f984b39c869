"""The colour pictures of the games (``datasets/colour_art.json``), built by ``pnp data build``.

Most pictures are **Fluent Emoji Flat** (Microsoft, MIT licence), from the pinned npm package
``@iconify-json/fluent-emoji-flat``: flat fills on a 32 × 32 grid, one consistent set for the
36 Lenormand subjects, the Oucédonc site kinds and the Pronostiques teams and powers. The
subjects the set does not have (a scythe, a whip, a stork, a tower, forking paths, lilies, a
plain cross, a branch, a cave, a sea cliff, a waterfall, a lighthouse, a dolmen, a dune, a stone
bridge, a tyre, a spark plug) are drawn for this project in the same manner (flat fills on the
same grid, the set's colours; ``drawn_art/*.svg``, CC0), and a few pictures are compositions
(two birds on a branch, three stars, two clouds, a garden: a fountain between two trees, a town:
houses about a church, a forest, a new tyre, a flat tyre).

Each picture is a recipe of :class:`Part`: a source drawing, an optional SVG transform, layers
left out (a picture's background square) and colours replaced. svgelements reads the SVG (shapes,
groups and transforms resolved); every filled shape becomes one layer: its PDF path operators on
the upright grid (:mod:`generator.geo.databuild.svgpath`), its fill rule and an index into the
document's colour table. A translucent fill is flattened over white (the pictures are printed
over light card stock), gradients and strokes are refused, so printing never needs transparency.

Every colour is kept as sRGB and as CMYK for a print-shop file: converted from sRGB through the
output profile of pnp's PDF/X files (relative colorimetric with black point compensation,
LittleCMS through Pillow), rounded to 0.1 %; the document's ink limit is applied when the picture
is drawn (:mod:`generator.render.ink`).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.geo.databuild.npm import NpmPackage, PackedPackage
from generator.geo.databuild.svgpath import ops_text, path_extent, svg_path_ops

FLUENT = NpmPackage("@iconify-json/fluent-emoji-flat", "1.2.6")
ART_FILE = "colour_art.json"
GRID = 32  # the Fluent set's viewBox (0 0 32 32); the drawn pictures use the same
LICENCE = "MIT"
FLUENT_UPSTREAM = "https://github.com/microsoft/fluentui-emoji"
DRAWN_LICENCE = "CC0 1.0"

#: The attribution the printed material carries for the pictures.
ATTRIBUTION = {
    "fr": "Images : Fluent Emoji (Microsoft, licence MIT), adaptées ; dessins pnp (CC0).",
    "en": "Pictures: Fluent Emoji (Microsoft, MIT licence), adapted; pnp drawings (CC0).",
}


@dataclass(frozen=True)
class Part:
    """One drawing placed in a picture: ``fluent:NAME`` or ``drawn:NAME`` (drawn_art/NAME.svg),
    under an SVG ``transform``, without the layers ``drop`` (indices in drawing order), with the
    colours ``recolour`` (``#rrggbb`` → ``#rrggbb``) replaced."""

    source: str
    transform: str = ""
    drop: tuple[int, ...] = ()
    recolour: Mapping[str, str] = field(default_factory=dict)


def _f(name: str, transform: str = "", **options: Any) -> Part:
    return Part(f"fluent:{name}", transform, **options)


def _d(name: str, transform: str = "") -> Part:
    return Part(f"drawn:{name}", transform)


def _one(source: Part) -> tuple[Part, ...]:
    return (source,)


#: Every picture the games' tables name (``games/*``), by name: its parts, back to front.
PICTURES: Mapping[str, tuple[Part, ...]] = {
    # Les territoires: the 36 Lenormand subjects (games/territoires/lenormand.py)
    "rider": _one(_f("horse-racing")),
    "clover": _one(_f("shamrock")),
    "ship": _one(_f("sailboat")),
    "house": _one(_f("house")),
    "tree": _one(_f("deciduous-tree")),
    "clouds": (
        _f(
            "cloud",
            "translate(-1 -3) scale(0.8)",
            recolour={"#f3eef8": "#7d7f95", "#cac6ce": "#5b5d72"},
        ),
        _f(
            "cloud",
            "translate(6 5) scale(0.82)",
            recolour={"#f3eef8": "#c9c4d4", "#cac6ce": "#9c97a8"},
        ),
    ),
    "snake": _one(_f("snake")),
    "coffin": _one(_f("coffin")),
    "bouquet": _one(_f("bouquet")),
    "scythe": _one(_d("scythe")),
    "whip": _one(_d("whip")),
    "birds": (
        _d("branch"),
        _f("bird", "translate(16 6) scale(-0.55 0.55)"),
        _f("bird", "translate(16 6) scale(0.55)"),
    ),
    "child": _one(_f("child")),
    "fox": _one(_f("fox")),
    "bear": _one(_f("bear")),
    "stars": (
        _f("star", "translate(1 1) scale(0.55)"),
        _f("star", "translate(16 4) scale(0.42)"),
        _f("star", "translate(9 15) scale(0.5)"),
    ),
    "stork": _one(_d("stork")),
    "dog": _one(_f("dog")),
    "tower": _one(_d("tower")),
    "garden": (
        _f("deciduous-tree", "translate(0 4) scale(0.55)"),
        _f("deciduous-tree", "translate(17.6 4) scale(0.55)"),
        _f("fountain", "translate(5 8) scale(0.7)"),
    ),
    "mountain": _one(_f("snow-capped-mountain")),
    "paths": _one(_d("paths")),
    "mice": (
        _f("mouse", "translate(0 1) scale(0.6)"),
        _f("mouse", "translate(32 12) scale(-0.62 0.62)"),
    ),
    "heart": _one(_f("red-heart")),
    "ring": _one(_f("ring")),
    "book": _one(_f("closed-book")),
    "letter": _one(_f("envelope")),
    "man": _one(_f("man-in-tuxedo")),
    "woman": _one(_f("woman-dancing")),
    "lilies": _one(_d("lilies")),
    "sun": _one(_f("sun")),
    "moon": _one(_f("crescent-moon")),
    "key": _one(_f("old-key")),
    "fish": (
        _f("fish", "translate(0 0) scale(0.6)"),
        _f("fish", "translate(32 12) scale(-0.6 0.6)"),
    ),
    "anchor": _one(_f("anchor")),
    "cross": _one(_d("cross")),
    # Oucédonc: the place cards (games/oucedonc/pictograms.py)
    "town": (
        _f("church", "translate(9 0) scale(0.72)"),
        _f("houses", "translate(0 6) scale(0.82)"),
    ),
    "village": _one(_f("houses")),
    "volcano": _one(_f("volcano")),
    "cirque": _one(_f("mountain")),
    "road": _one(_f("motorway")),
    "landscape": _one(_f("national-park")),
    "dune": _one(_d("dune")),
    "cave": _one(_d("cave")),
    "island": _one(_f("desert-island")),
    "cliff": _one(_d("cliff")),
    "beach": _one(_f("beach-with-umbrella")),
    "waves": _one(_f("water-wave")),
    "wetland": _one(_f("duck")),
    "waterfall": _one(_d("waterfall")),
    "glacier": _one(_f("ice")),
    "forest": (
        _f("evergreen-tree", "translate(-3 2) scale(0.72)"),
        _f("evergreen-tree", "translate(12 2) scale(0.72)"),
        _f("evergreen-tree", "translate(4.5 7) scale(0.78)"),
    ),
    "park": _one(_f("deciduous-tree")),
    "castle": _one(_f("castle")),
    "church": _one(_f("church")),
    "bridge": _one(_d("bridge")),
    "lighthouse": _one(_d("lighthouse")),
    "monument": _one(_f("classical-building")),
    "dolmen": _one(_d("dolmen")),
    "museum": _one(_f("framed-picture")),
    "pin": _one(_f("round-pushpin")),
    # Pronostiques: team emblems and power pictures (games/pronostiques/emblems.py)
    "spark-plug": _one(_d("spark-plug")),
    "car": _one(_f("automobile")),
    "stopwatch": _one(_f("stopwatch")),
    "racing-car": _one(_f("racing-car")),
    "new-tyre": (_d("tyre"), _f("sparkles", "translate(17 0) scale(0.45)")),
    "eye": _one(_f("eye")),
    "slipstream": _one(_f("dashing-away")),
    "flat-tyre": (
        _d("tyre", "translate(0 3) scale(1 0.9)"),
        _f("collision", "translate(14 -1) scale(0.55)"),
    ),
}

_HEX = re.compile(r"#[0-9a-f]{6}")


@dataclass(frozen=True)
class Layer:
    colour: str  # "#rrggbb", opaque
    path: str  # PDF path operators on the upright grid
    rule: str  # "f" (nonzero) or "f*" (even-odd)


def _fluent_bodies(packed: PackedPackage) -> dict[str, str]:
    info = json.loads(packed.read("info.json"))
    if info.get("license", {}).get("spdx") != LICENCE:
        raise UserError(
            _("{spec} no longer says {licence}; review the licence first").format(
                spec=packed.package.spec, licence=LICENCE
            )
        )
    icon_set = json.loads(packed.read("icons.json"))
    if (icon_set.get("width"), icon_set.get("height")) != (GRID, GRID):
        raise UserError(
            _("{spec} is not on a {grid} × {grid} grid").format(spec=packed.package.spec, grid=GRID)
        )
    return {name: icon["body"] for name, icon in icon_set["icons"].items()}


def _drawn(name: str) -> str:
    path = files("generator.geo.databuild").joinpath("drawn_art", f"{name}.svg")
    text = path.read_text(encoding="utf-8")
    body = re.sub(r"^.*?<svg[^>]*>|</svg>\s*$", "", text, flags=re.S)
    return body


def _flatten(hex_colour: str, opacity: float) -> str:
    """A translucent fill seen over white, as one opaque colour."""
    channels = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * opacity):02x}" for c in channels)


def svg_layers(body: str, transform: str = "") -> list[Layer]:
    """The filled shapes of an SVG body on the grid, back to front, as :class:`Layer`."""
    from svgelements import SVG, Path, Shape

    if "Gradient" in body or "<filter" in body or "<mask" in body:
        raise UserError(_("a picture uses a gradient, a filter or a mask; choose another"))
    document = SVG.parse(
        io.StringIO(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {GRID} {GRID}">'
            f'<g transform="{transform}">{body}</g></svg>'
        )
    )
    layers = []
    for element in document.elements():
        if not isinstance(element, Shape):
            continue
        stroke = element.stroke
        if stroke is not None and stroke.value is not None and element.stroke_width:
            raise UserError(_("a picture draws a stroke; only filled shapes are converted"))
        fill = element.fill
        if fill is None or fill.value is None or fill.alpha == 0:
            continue
        path = Path(element)
        path.reify()
        if len(path) == 0:
            continue
        # the fill's alpha holds fill-opacity (svgelements folds it in); opacity comes apart
        opacity = float(element.values.get("opacity", 1)) * fill.opacity
        colour = _flatten(fill.hexrgb.lower(), opacity)
        rule = "f*" if element.values.get("fill-rule") == "evenodd" else "f"
        layers.append(Layer(colour, ops_text(svg_path_ops(path.d(), GRID)), rule))
    return layers


def _part_layers(part: Part, fluent: Mapping[str, str]) -> list[Layer]:
    kind, name = part.source.split(":", 1)
    if kind == "fluent":
        if name not in fluent:
            raise UserError(
                _("{spec} has no picture {name}; check the pinned version").format(
                    spec=FLUENT.spec, name=name
                )
            )
        body = fluent[name]
    else:
        body = _drawn(name)
    layers = [
        layer
        for index, layer in enumerate(svg_layers(body, part.transform))
        if index not in part.drop
    ]
    return [
        Layer(part.recolour.get(layer.colour, layer.colour), layer.path, layer.rule)
        for layer in layers
    ]


def cmyk_of(colours: list[str], output_profile: bytes) -> list[list[float]]:
    """Each ``#rrggbb`` through the output profile: CMYK fractions rounded to 0.001."""
    from PIL import Image, ImageCms

    source = ImageCms.createProfile("sRGB")
    target = ImageCms.ImageCmsProfile(io.BytesIO(output_profile))
    transform = ImageCms.buildTransform(
        source,
        target,
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    image = Image.new("RGB", (len(colours), 1))
    image.putdata([tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in colours])
    converted = ImageCms.applyTransform(image, transform)
    assert converted is not None
    data = converted.tobytes()  # C, M, Y, K bytes of each pixel in turn
    return [[round(v / 255, 3) for v in data[i : i + 4]] for i in range(0, len(data), 4)]


def build_colour_art(packed: PackedPackage, output_profile: bytes) -> dict[str, object]:
    """The document of ``colour_art.json``."""
    fluent = _fluent_bodies(packed)
    colours: dict[str, int] = {}
    pictures: dict[str, object] = {}
    for name in sorted(PICTURES):
        layers = [layer for part in PICTURES[name] for layer in _part_layers(part, fluent)]
        extent = [path_extent(_ops(layer.path)) for layer in layers]
        box = [
            min(e[0] for e in extent),
            min(e[1] for e in extent),
            max(e[2] for e in extent),
            max(e[3] for e in extent),
        ]
        pictures[name] = {
            "box": box,
            "layers": [
                [colours.setdefault(layer.colour, len(colours)), layer.path, layer.rule]
                for layer in layers
            ],
            "sources": [part.source for part in PICTURES[name]],
        }
    palette = list(colours)
    return {
        "attribution_en": ATTRIBUTION["en"],
        "attribution_fr": ATTRIBUTION["fr"],
        "colours": [
            {"cmyk": cmyk, "rgb": rgb}
            for rgb, cmyk in zip(palette, cmyk_of(palette, output_profile), strict=True)
        ],
        "drawn_licence": DRAWN_LICENCE,
        "grid": GRID,
        "integrity": packed.integrity,
        "licence": LICENCE,
        "package": FLUENT.name,
        "pictures": pictures,
        "upstream": FLUENT_UPSTREAM,
        "version": FLUENT.version,
    }


def _ops(text: str) -> tuple[tuple[str, tuple[float, ...]], ...]:
    from generator.geo.databuild.svgpath import parse_ops

    return parse_ops(text)
