"""The studio's clickable maps, as SVG drawn from the embedded outlines (no tile server).

* France: every département and every région of metropolitan France
  (``datasets/departement_outlines.json``, joined from the IGN commune outlines and simplified
  to about 1 km by ``scripts/departement_outlines.py``), as two layers of ``<path>`` elements.
* The world: every country of Natural Earth 1:50m (``world_outlines.json``) that the embedded
  towns cover, simplified to a fifth of a degree (Antarctica and the parts that straddle the
  antimeridian left out).

Each area carries its recipe region (``data-region``) and its name (``data-name`` and a
``<title>``), names written as text (escaped), in the page's language: a country by its name in
that language (Germany, Allemagne: the name its deck prints in that language), France's
départements and régions by their French names. The projection is equirectangular, squeezed by
the cosine of the middle latitude for France; the ``<svg>`` element says how to turn a point
back into degrees (``data-west``, ``data-north``, ``data-kx``, ``data-ky``), which the page uses
to draw a box or place a point. Each map is drawn once per process and language (a few tenths of
a second) and kept; its bytes never change for a given data set.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape

from generator.core.i18n import N_, Language, catalog

Ring = Sequence[Sequence[float]]
#: A country's polygon wider than this (degrees of longitude) goes round the back of the globe.
MAX_SPAN = 180.0


@dataclass(frozen=True)
class Frame:
    """An equirectangular frame: degrees to SVG units."""

    west: float
    north: float
    kx: float  # units per degree of longitude
    ky: float  # units per degree of latitude

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        return (lon - self.west) * self.kx, (self.north - lat) * self.ky


def _path(rings: Iterable[Ring], frame: Frame) -> str:
    parts = []
    for ring in rings:
        points = [frame.point(lon, lat) for lon, lat in ring]
        if len(points) < 3:
            continue
        head = "M{:.1f} {:.1f}".format(*points[0])
        tail = "".join("L{:.1f} {:.1f}".format(*p) for p in points[1:])
        parts.append(f"{head}{tail}Z")
    return "".join(parts)


def _area(layer: str, region: str, name: str, label: str, d: str) -> str:
    return (
        f'<path class="area {layer}" d="{d}" data-region="{escape(region)}" '
        f'data-name="{escape(name)}" tabindex="0" role="button" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title></path>"
    )


def _svg(frame: Frame, width: float, height: float, body: str, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'class="map" role="group" aria-label="{escape(label)}" '
        f'data-west="{frame.west}" data-north="{frame.north}" data-kx="{frame.kx:.6f}" '
        f'data-ky="{frame.ky:.6f}">{body}</svg>'
    )


@cache
def france_map() -> str:
    """France's régions and départements (régions drawn over them, hidden by the page until
    the région layer is chosen): French names, the same in every language."""
    from generator.geo import embedded

    document = json.loads(
        embedded.dataset_path(embedded.DEPARTEMENT_OUTLINES_FILE).read_text(encoding="utf-8")
    )
    departements = {d.code: d.name for d in embedded.departements()}
    regions = {r.code: r.name for r in embedded.regions()}
    rings = [ring for shapes in document["departements"].values() for ring in shapes]
    lons = [p[0] for ring in rings for p in ring]
    lats = [p[1] for ring in rings for p in ring]
    west, east, south, north = min(lons), max(lons), min(lats), max(lats)
    width = 1000.0
    kx = width / (east - west)
    ky = kx / math.cos(math.radians((north + south) / 2))
    frame = Frame(west, north, kx, ky)
    height = (north - south) * ky
    body = ['<g class="layer departements">']
    for code, shapes in sorted(document["departements"].items()):
        name = departements.get(code, code)
        body.append(
            _area("departement", f"dep:{code}", name, f"{name} ({code})", _path(shapes, frame))
        )
    body.append('</g><g class="layer regions">')
    for code, shapes in sorted(document["regions"].items()):
        name = regions.get(code, code)
        body.append(_area("region", f"region:{code}", name, name, _path(shapes, frame)))
    body.append('</g><g class="marks"></g>')
    return _svg(frame, width, height, "".join(body), "France")


@cache
def world_map(language: Language = "fr") -> str:
    """The countries the embedded towns cover (others drawn as land, not clickable), named in
    ``language``."""
    import shapely
    from shapely.geometry import shape

    from generator.geo import embedded

    names = embedded.country_names()
    covered = set(embedded.world_country_codes())
    west, north, south = -170.0, 84.0, -58.0
    width = 1000.0
    kx = width / 340.0
    frame = Frame(west, north, kx, kx)
    height = (north - south) * kx
    body = ['<g class="layer countries">']
    for code in sorted((covered | {"FR"}) - {"AQ"}):
        outline = embedded.country_outline(code)
        if outline is None:
            continue
        simplified = shapely.simplify(shape(outline), 0.2)
        rings = [
            list(polygon.exterior.coords)
            for polygon in getattr(simplified, "geoms", [simplified])
            if polygon.geom_type == "Polygon"
            and polygon.area > 0.05
            # a polygon across the antimeridian (eastern Russia, Fiji) would cross the map
            and polygon.bounds[2] - polygon.bounds[0] < MAX_SPAN
        ]
        d = _path(rings, frame)
        if not d:
            continue
        french, english = names.get(code, (code, code))
        name = english if language == "en" else french
        region = "france" if code == "FR" else code
        body.append(_area("country", region, name, name, d))
    body.append('</g><g class="marks"></g>')
    return _svg(frame, width, height, "".join(body), catalog("pnp", language).gettext(WORLD))


#: The world map's label (the pnp catalog's "World": "Monde").
WORLD = N_("World")
