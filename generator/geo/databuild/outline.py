"""France's outline from Natural Earth (world-atlas TopoJSON), metropolitan France with Corsica.

world-atlas' ``countries-10m.json`` is used: at 1:10m Natural Earth keeps the Atlantic islands
(Ouessant, Belle-Île, Noirmoutier, Yeu, Ré, Oléron) and Porquerolles, which the 1:50m file
merges away or drops, and the whole outline is still only about 100 kB of GeoJSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from generator.geo.databuild.etalab import EtalabCommune
from generator.geo.databuild.ign_outlines import Outline
from generator.geo.databuild.topojson import Topology

FRANCE_ID = "250"
# A polygon belongs to metropolitan France when its outer ring lies in this box (lon, lat).
METROPOLITAN_BOX = (-6.0, 41.0, 10.0, 51.5)


def _inside_box(ring: list[tuple[float, float]]) -> bool:
    west, south, east, north = METROPOLITAN_BOX
    return all(west <= lon <= east and south <= lat <= north for lon, lat in ring)


def metropolitan_france(topology: Topology, object_name: str = "countries") -> dict[str, Any]:
    """A GeoJSON FeatureCollection with one MultiPolygon: mainland France, Corsica and islands."""
    geometry = topology.geometry(topology.find(object_name, FRANCE_ID))
    polygons = (
        geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    )
    kept = [
        [[[round(lon, 5), round(lat, 5)] for lon, lat in ring] for ring in polygon]
        for polygon in polygons
        if _inside_box(polygon[0])
    ]
    if not kept:
        raise ValueError("no metropolitan polygon found in the France geometry")
    kept.sort(key=lambda polygon: -len(polygon[0]))  # mainland first, then by size
    return {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "id": FRANCE_ID,
                "properties": {
                    "name": "France métropolitaine",
                    "source": "Natural Earth 1:10m via world-atlas",
                },
                "geometry": {"type": "MultiPolygon", "coordinates": kept},
            }
        ],
    }


def world_outlines(document: dict[str, Any], object_name: str = "countries") -> dict[str, Any]:
    """Every country of a world-atlas TopoJSON, re-keyed by ISO 3166-1 alpha-2, still TopoJSON.

    The quantized, delta-encoded arcs are kept as they are (TopoJSON stores each shared border
    once: far smaller than GeoJSON); only ``object_name`` is kept (world-atlas' ``land`` object
    is dropped), each geometry's ``id`` becomes the alpha-2 code and its properties keep the
    Natural Earth name and the numeric code. Features with no ISO code (Somaliland, Northern
    Cyprus, Siachen Glacier…) are dropped; a code may have several features (Australia and the
    Ashmore and Cartier Islands), which :func:`generator.geo.embedded.country_outline` merges.
    """
    from generator.geo.country_codes import NUMERIC_TO_ALPHA2, UNNUMBERED_FEATURES

    if document.get("type") != "Topology" or "transform" not in document:
        raise ValueError("world-atlas file is not a quantized TopoJSON Topology")
    collection = document.get("objects", {}).get(object_name)
    if not collection:
        raise ValueError(f"world-atlas file has no object {object_name!r}")
    geometries = []
    for geometry in collection.get("geometries", []):
        numeric = str(geometry.get("id") or "")
        name = (geometry.get("properties") or {}).get("name", "")
        code = NUMERIC_TO_ALPHA2.get(numeric) or UNNUMBERED_FEATURES.get(name)
        if code is None or geometry.get("type") not in ("Polygon", "MultiPolygon"):
            continue
        geometries.append(
            {
                "type": geometry["type"],
                "id": code,
                "arcs": geometry["arcs"],
                "properties": {"name": name, "numeric": numeric},
            }
        )
    geometries.sort(key=lambda g: (g["id"], g["properties"]["name"]))
    return {
        "type": "Topology",
        "bbox": document.get("bbox"),
        "transform": document["transform"],
        "objects": {object_name: {"type": "GeometryCollection", "geometries": geometries}},
        "arcs": document["arcs"],
    }


#: simplification of the overseas outlines, in degrees (about 100 m: finer than a locator map)
OVERSEAS_SIMPLIFY_DEG = 0.001


def overseas_outlines(
    outlines: Mapping[str, Outline], communes: Iterable[EtalabCommune]
) -> dict[str, Any]:
    """The outline of each overseas département (971 to 976) as a GeoJSON FeatureCollection:
    the union of its communes' IGN 2018 outlines, simplified to about 100 m (lon, lat, 5
    decimals). The locator map of an overseas deck draws it, as France's outline for a
    metropolitan one."""
    import shapely

    from generator.geo.databuild.ign_outlines import geometry

    by_departement: dict[str, list[str]] = {}
    for commune in communes:
        if commune.departement.startswith("97"):
            codes = [c for c in (commune.code, *commune.former_codes) if c in outlines]
            by_departement.setdefault(commune.departement, []).extend(codes)
    features = []
    for code in sorted(by_departement):
        union = shapely.union_all([geometry(outlines[c]) for c in by_departement[code]])
        simple = union.simplify(OVERSEAS_SIMPLIFY_DEG, preserve_topology=True)
        parts = getattr(simple, "geoms", [simple])
        polygons = [
            [
                [[round(x, 5), round(y, 5)] for x, y in ring.coords]
                for ring in (part.exterior, *part.interiors)
            ]
            for part in sorted(parts, key=lambda p: -p.area)
            if part.area > 0
        ]
        features.append(
            {
                "type": "Feature",
                "id": code,
                "properties": {"source": "IGN Admin Express COG 2018 commune outlines"},
                "geometry": {"type": "MultiPolygon", "coordinates": polygons},
            }
        )
    return {"type": "FeatureCollection", "features": features}
