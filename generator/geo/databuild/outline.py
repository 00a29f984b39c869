"""France's outline from Natural Earth (world-atlas TopoJSON), metropolitan France with Corsica.

world-atlas' ``countries-10m.json`` is used: at 1:10m Natural Earth keeps the Atlantic islands
(Ouessant, Belle-Île, Noirmoutier, Yeu, Ré, Oléron) and Porquerolles, which the 1:50m file
merges away or drops, and the whole outline is still only about 100 kB of GeoJSON.
"""

from __future__ import annotations

from typing import Any

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
    polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
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
                "properties": {"name": "France métropolitaine", "source": "Natural Earth 1:10m via world-atlas"},
                "geometry": {"type": "MultiPolygon", "coordinates": kept},
            }
        ],
    }
