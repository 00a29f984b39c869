"""Which picture a place card shows: one colour picture per site kind, towns their own.

The site kinds are the vocabulary of the embedded landmarks and of the online sources
(GeoNames feature codes, Wikidata classes, OpenStreetMap tags: see ``generator/geo``). Each kind
names a colour picture of the embedded set (``datasets/colour_art.json``); kinds that look alike
share one (a cape and a cliff both show the chalk cliff; an abbey, a church and a cathedral the
church; a valley, a gorge and a plateau the landscape of mountains and a lake), and the card
prints the kind in words under it. A kind the table does not know, or a site without a kind,
shows the map pin :data:`UNKNOWN_SITE`. Towns show a town: houses about a church (:data:`TOWN`).
"""

from __future__ import annotations

from collections.abc import Mapping

TOWN = "town"
UNKNOWN_SITE = "pin"

SITE_PICTOGRAMS: Mapping[str, str] = {
    # relief
    "mountain": "mountain",
    "peak": "mountain",
    "volcano": "volcano",
    "cirque": "cirque",
    "pass": "road",
    "road": "road",
    "plateau": "landscape",
    "dune": "dune",
    "valley": "landscape",
    "gorge": "landscape",
    "cave": "cave",
    "arch": "cliff",
    # coast and water
    "island": "island",
    "cape": "cliff",
    "cliff": "cliff",
    "calanque": "cliff",
    "beach": "beach",
    "bay": "waves",
    "coast": "waves",
    "lagoon": "waves",
    "harbour": "anchor",
    "lake": "landscape",
    "wetland": "wetland",
    "waterfall": "waterfall",
    "glacier": "glacier",
    "river": "landscape",
    "canal": "bridge",
    "dam": "landscape",
    # woods and parks
    "forest": "forest",
    "park": "park",
    "national park": "forest",
    "reserve": "forest",
    "wilderness": "forest",
    "garden": "garden",
    # built
    "castle": "castle",
    "palace": "castle",
    "fort": "tower",
    "fortification": "tower",
    "tower": "tower",
    "gate": "tower",
    "abbey": "church",
    "church": "church",
    "cathedral": "church",
    "religious site": "church",
    "bridge": "bridge",
    "lighthouse": "lighthouse",
    "monument": "monument",
    "memorial": "monument",
    "megaliths": "dolmen",
    "ruins": "monument",
    "ancient site": "monument",
    "roman site": "monument",
    "archaeological site": "monument",
    "amphitheatre": "monument",
    "museum": "museum",
    "village": "village",
}


def pictogram(place_kind: str, site_kind: str | None) -> str:
    """The picture of a place card: :data:`TOWN` for a town, else its site kind's picture."""
    if place_kind == "town":
        return TOWN
    return SITE_PICTOGRAMS.get(site_kind or "", UNKNOWN_SITE)


def icons() -> frozenset[str]:
    """Every picture a place card may show."""
    return frozenset({*SITE_PICTOGRAMS.values(), UNKNOWN_SITE, TOWN})
