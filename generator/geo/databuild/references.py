"""Coordinate references of the embedded landmarks and how far a point may stray from one.

``datasets/landmark_references.csv`` is hand-curated: one row per referenced landmark, with the
reference (a stable URL: a Wikipedia article with its language, an OpenStreetMap element, a
UNESCO World Heritage id…), the coordinates that reference gives, the stored copy they were read
from, when the reference is a part of the site (a keep, a summit, a statue-menhir), a note
saying which, and, for a site with a Wikidata id, where that id was read.
``scripts/landmark_references.py`` copies the reference into ``landmarks.csv``'s
``source`` column and moves a point its reference contradicts, that is a point farther from the
reference's coordinates than :func:`tolerance_m` allows for its kind.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path

REFERENCES_FILE = "landmark_references.csv"
COLUMNS = ("name", "source", "lat", "lon", "read_from", "note", "wikidata_read_from")
UNREFERENCED = "unreferenced"

#: A building or a monument: its point is on it (a reference gives its centre or its entrance).
BUILDING_M = 300.0
#: A site that spans a few hundred metres: a walled town, a harbour, a park, a waterfall, a cape,
#: a summit (a massif's reference is its highest summit).
SITE_M = 1_000.0
#: An extended feature: a gorge, a lake, an island, a wetland, a forest, a river.
EXTENDED_M = 5_000.0
#: A bay or a gulf spans 10 to 20 km (Golfe du Morbihan, Bassin d'Arcachon, Golfe de Porto).
BAY_M = 10_000.0
KIND_TOLERANCE_M: dict[str, float] = {
    **dict.fromkeys(
        (
            "abbey",
            "bridge",
            "castle",
            "cathedral",
            "church",
            "lighthouse",
            "memorial",
            "monument",
            "museum",
            "palace",
            "roman site",
        ),
        BUILDING_M,
    ),
    **dict.fromkeys(
        (
            "archaeological site",
            "beach",
            "calanque",
            "canal",
            "cape",
            "cave",
            "cliff",
            "dune",
            "fortification",
            "garden",
            "harbour",
            "megaliths",
            "mountain",
            "park",
            "pass",
            "road",
            "village",
            "volcano",
            "waterfall",
        ),
        SITE_M,
    ),
    **dict.fromkeys(
        (
            "cirque",
            "coast",
            "forest",
            "glacier",
            "gorge",
            "island",
            "lake",
            "river",
            "wetland",
            "wilderness",
        ),
        EXTENDED_M,
    ),
    "bay": BAY_M,
}


@dataclass(frozen=True)
class Reference:
    name: str
    source: str
    lat: float
    lon: float
    read_from: str
    note: str
    #: Where the site's Wikidata id (``landmarks.csv``'s ``wikidata`` column) was read: the stored
    #: record that pairs the id with the site's label (and, for a query result, its point);
    #: empty when the site has no id.
    wikidata_read_from: str


def tolerance_m(kind: str) -> float:
    """How far a site of this kind may lie from its reference's coordinates."""
    return KIND_TOLERANCE_M.get(kind, BUILDING_M)


def read_references(path: Path) -> list[Reference]:
    rows = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")))
    return [
        Reference(
            r["name"],
            r["source"],
            float(r["lat"]),
            float(r["lon"]),
            r["read_from"],
            r["note"],
            r["wikidata_read_from"],
        )
        for r in rows
    ]


def distance_m(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance on a 6,371 km sphere."""
    p = math.pi / 180
    h = (
        math.sin((lat2 - lat1) * p / 2) ** 2
        + math.cos(lat1 * p) * math.cos(lat2 * p) * math.sin((lon2 - lon1) * p / 2) ** 2
    )
    return 12_742_000 * math.asin(math.sqrt(h))
