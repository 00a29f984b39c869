"""Select the places of a region and serialise them (``pnp places``).

Towns come by decreasing population, sites by familiarity (curation rank, sitelinks). ``kind="all"``
alternates the two lists (best town, best site, second town, second site…) so that ``--limit``
keeps the best known of both kinds, whatever the region (a name, a box, a polygon, a country)
and whatever the source.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from itertools import zip_longest
from typing import Any, Literal

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.geo.catalog import EMBEDDED, load_places
from generator.geo.model import Place
from generator.geo.place_table import PlaceTable

KindFilter = Literal["towns", "sites", "all"]
OutputFormat = Literal["table", "csv", "json", "geojson"]

RECORD_FIELDS = (
    "id",
    "name",
    "kind",
    "site_kind",
    "lat",
    "lon",
    "insee",
    "departement",
    "region",
    "population",
    "wikidata",
    "geonames_id",
)


def select_places(
    region: str = "france",
    kind: KindFilter = "all",
    limit: int | None = None,
    source: str = EMBEDDED,
) -> tuple[Place, ...]:
    """The places of ``region`` from ``source``, best known first (see the module text)."""
    if limit is not None and limit < 1:
        raise UserError(_("--limit must be at least 1, not {limit}").format(limit=limit))
    places = of_kind(load_places(source, region), kind)
    if kind == "all":
        towns = [p for p in places if p.kind == "town"]
        sites = [p for p in places if p.kind == "site"]
        places = tuple(p for pair in zip_longest(towns, sites) for p in pair if p is not None)
    return tuple(places[:limit] if limit is not None else places)


def of_kind(places: Sequence[Place], kind: KindFilter) -> Sequence[Place]:
    """Only the towns (``"towns"``), only the sites (``"sites"``) or all of ``places``, in order."""
    if kind not in ("towns", "sites", "all"):
        raise UserError(_("unknown kind {kind!r}; use towns, sites or all").format(kind=kind))
    if isinstance(places, PlaceTable):  # records made only when read
        return places if kind == "all" else places.of_kind(kind[:-1])
    if kind == "all":
        return tuple(places)
    return tuple(p for p in places if p.kind == kind[:-1])


def record(place: Place) -> dict[str, Any]:
    """One place as a flat JSON-ready dict (population is None for sites)."""
    return {
        "id": place.id,
        "name": place.name,
        "kind": place.kind,
        "site_kind": place.site_kind,
        "lat": place.lat,
        "lon": place.lon,
        "insee": place.insee,
        "departement": place.departement,
        "region": place.region,
        "population": place.population,
        "wikidata": place.wikidata,
        "geonames_id": place.geonames_id,
    }


def to_json(places: Sequence[Place]) -> str:
    """A JSON list, one object per line (readable, and fast: ``indent`` would force the slow
    pure-Python encoder)."""
    if not places:
        return "[]\n"
    encode = json.JSONEncoder(ensure_ascii=False).encode
    lines = ",\n".join(encode(record(p)) for p in places)
    return f"[\n{lines}\n]\n"


def to_csv(places: Sequence[Place]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(RECORD_FIELDS)
    for place in places:
        row = record(place)
        row["lat"] = f"{place.lat:.5f}"
        row["lon"] = f"{place.lon:.5f}"
        writer.writerow(["" if row[f] is None else row[f] for f in RECORD_FIELDS])
    return buffer.getvalue()


def to_geojson(places: Sequence[Place]) -> str:
    features = []
    for place in places:
        properties = record(place)
        del properties["lat"], properties["lon"]
        features.append(
            {
                "type": "Feature",
                "id": place.id,
                "geometry": {"type": "Point", "coordinates": [place.lon, place.lat]},
                "properties": properties,
            }
        )
    return (
        json.dumps({"type": "FeatureCollection", "features": features}, ensure_ascii=False) + "\n"
    )
