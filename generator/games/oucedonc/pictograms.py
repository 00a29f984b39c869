"""Which picture a place card shows: one pictogram per site kind, towns their own.

The site kinds are the vocabulary of the embedded landmarks and of the online sources
(GeoNames feature codes, Wikidata classes, OpenStreetMap tags: see ``generator/geo``). Each kind
names a game-icons.net icon of the embedded subset (``datasets/game_icons.json``); kinds that
look alike share one (a cape and a cliff both show the sea cliff, an abbey, a church and a
cathedral the church), and the card prints the kind in words under it. A kind the table does not
know, or a site without a kind, shows the map pin :data:`UNKNOWN_SITE`. Towns keep the drawn
roofs-and-steeple mark of the deck (:data:`TOWN`), which no icon of the set beats at this size.
"""

from __future__ import annotations

from collections.abc import Mapping

TOWN = "town"  # not an icon: the deck's own drawn town mark
UNKNOWN_SITE = "position-marker"

SITE_PICTOGRAMS: Mapping[str, str] = {
    # relief
    "mountain": "peaks",
    "peak": "peaks",
    "volcano": "smoking-volcano",
    "cirque": "mountains",
    "pass": "mountain-road",
    "road": "mountain-road",
    "plateau": "hills",
    "dune": "hills",
    "valley": "valley",
    "gorge": "cliff-crossing",
    "cave": "cave-entrance",
    "arch": "bridge",
    # coast and water
    "island": "island",
    "cape": "sea-cliff",
    "cliff": "sea-cliff",
    "calanque": "sea-cliff",
    "beach": "beach-bucket",
    "bay": "waves",
    "coast": "waves",
    "lagoon": "waves",
    "harbour": "anchor",
    "lake": "lily-pads",
    "wetland": "reed",
    "waterfall": "waterfall",
    "glacier": "frozen-block",
    "river": "river",
    "canal": "river",
    "dam": "dam",
    # woods and parks
    "forest": "forest",
    "park": "pine-tree",
    "national park": "pine-tree",
    "reserve": "pine-tree",
    "wilderness": "pine-tree",
    "garden": "flower-pot",
    # built
    "castle": "castle",
    "palace": "castle",
    "fort": "tower-flag",
    "fortification": "tower-flag",
    "tower": "stone-tower",
    "gate": "medieval-gate",
    "abbey": "church",
    "church": "church",
    "cathedral": "church",
    "religious site": "church",
    "bridge": "stone-bridge",
    "lighthouse": "lighthouse",
    "monument": "arc-triomphe",
    "memorial": "martyr-memorial",
    "megaliths": "dolmen",
    "ruins": "ancient-columns",
    "ancient site": "ancient-columns",
    "roman site": "ancient-columns",
    "archaeological site": "ancient-columns",
    "amphitheatre": "ancient-columns",
    "museum": "greek-temple",
    "village": "village",
}


def pictogram(place_kind: str, site_kind: str | None) -> str:
    """The picture of a place card: :data:`TOWN` for a town, else its site kind's icon."""
    if place_kind == "town":
        return TOWN
    return SITE_PICTOGRAMS.get(site_kind or "", UNKNOWN_SITE)


def icons() -> frozenset[str]:
    """Every icon a place card may show."""
    return frozenset({*SITE_PICTOGRAMS.values(), UNKNOWN_SITE})
