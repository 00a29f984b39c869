"""The shape of every online source's answers, checked before anything is cached.

Each source's answer is decoded straight into these typed records by msgspec (strict: a string
is never taken for a number, ``null`` only where the service sends it), so an answer of the
wrong shape (``[1,2,3]``, a commune without ``code``, ``"population": "many"``, an Overpass
``elements: [1]``, SPARQL ``bindings: [1]``, GeoJSON ``features: 5``) is one line naming the
source and the first thing wrong, and it is not cached. The records follow the real formats
(the tests replay them from a local server):

===============  ==========================================================================
API Géo          ``/communes``: ``[{"nom", "code", "centre": {"type": "Point", "coordinates":
                 [lon, lat]}, "mairie": {...a Point}, "population", "codeDepartement",
                 "codeRegion"}]``;
                 ``/departements``: ``[{"nom", "code", "codeRegion"}]``; ``/regions``:
                 ``[{"nom", "code"}]``; ``format=geojson``: a FeatureCollection
Wikidata         SPARQL 1.1 JSON results: ``{"head": ..., "results": {"bindings": [{VAR:
                 {"type", "value", ...}}]}}``
Overpass         OSM JSON: ``{"elements": [{"type", "id", "lat", "lon", "center": {"lat",
                 "lon"}, "tags": {...}}], "remark"?}``
Etalab contours  GeoJSON FeatureCollection of (Multi)Polygons with ``code``, ``nom``
GeoNames         a zip with one tab-separated text of 19 columns (:mod:`geonames` checks
                 every row before the dump is kept)
===============  ==========================================================================

Names are text without control characters (a terminal must be able to print them).
Coordinates are checked by the code that reads them (a Point with latitude 91 is skipped).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import Meta, Struct

from generator.core.errors import UserError
from generator.core.i18n import _

T = TypeVar("T")

Name = Annotated[str, Meta(min_length=1, max_length=500, pattern=r"^[^\x00-\x1f\x7f-\x9f]*$")]
Code = Annotated[str, Meta(min_length=1, max_length=20, pattern=r"^[0-9A-Za-z]+$")]
Number = Annotated[float, Meta(ge=-1e9, le=1e9)]
Position = Annotated[list[Number], Meta(min_length=2, max_length=3)]
Count = Annotated[int, Meta(ge=0)]


# --- API Géo -----------------------------------------------------------------------------------


class GeoPoint(Struct, frozen=True):
    type: Literal["Point"]
    coordinates: Position


class Commune(Struct, frozen=True):
    nom: Name
    code: Code
    centre: GeoPoint | None = None
    mairie: GeoPoint | None = None  # the town hall, where a town card is placed
    population: Count | None = None
    codeDepartement: Code | None = None
    codeRegion: Code | None = None


class Departement(Struct, frozen=True):
    nom: Name
    code: Code
    codeRegion: Code | None = None


class Region(Struct, frozen=True):
    nom: Name
    code: Code


class ApiError(Struct, frozen=True):
    """API Géo's error body: ``{"code": 400, "message": "..."}``."""

    message: str = ""


# --- GeoJSON (API Géo contours, Etalab contours) -------------------------------------------------


class Polygon(Struct, frozen=True, tag="Polygon", tag_field="type"):
    coordinates: list[list[Position]]


class MultiPolygon(Struct, frozen=True, tag="MultiPolygon", tag_field="type"):
    coordinates: list[list[list[Position]]]


Properties = dict[str, str | int | float | bool | None]


class Feature(Struct, frozen=True):
    type: Literal["Feature"]
    properties: Properties | None = None
    geometry: Polygon | MultiPolygon | None = None


class FeatureCollection(Struct, frozen=True):
    type: Literal["FeatureCollection"]
    features: list[Feature]


# --- Wikidata SPARQL ---------------------------------------------------------------------------


class Term(Struct, frozen=True):
    type: str
    value: str


class Bindings(Struct, frozen=True):
    bindings: list[dict[str, Term]]


class SparqlResults(Struct, frozen=True):
    results: Bindings


# --- Overpass ----------------------------------------------------------------------------------


class Centre(Struct, frozen=True):
    lat: Number
    lon: Number


class Element(Struct, frozen=True):
    type: Literal["node", "way", "relation", "area"]
    id: Annotated[int, Meta(ge=0)]
    lat: Number | None = None
    lon: Number | None = None
    center: Centre | None = None
    tags: dict[str, str] = {}


class OsmJson(Struct, frozen=True):
    elements: list[Element]
    remark: str | None = None


# --- decoding ----------------------------------------------------------------------------------


def decoder(schema: type[T], what: str, variable: str) -> Callable[[bytes], T]:
    """``body -> schema`` or a UserError naming ``what`` (the source) and what was wrong.

    ``variable`` is the environment variable that points at the service (the usual culprit
    when a service answers something else: a mirror, a captive portal).
    """
    typed = msgspec.json.Decoder(schema)

    def decode(body: bytes) -> T:
        try:
            return typed.decode(body)
        except msgspec.ValidationError as exc:
            problem = f"it does not have the expected shape ({exc})"
        except msgspec.DecodeError as exc:
            problem = f"it is not valid JSON ({exc})"
        except RecursionError:
            problem = "it is JSON nested too deeply"
        raise UserError(
            _(
                "{what}: the server sent an answer pnp cannot use: {problem}; nothing was cached: "
                "try again later or check {variable}"
            ).format(what=what, problem=problem, variable=variable)
        )

    return decode


def to_builtins(record: Any) -> Any:
    """Plain dicts and lists again (a validated geometry, for shapely)."""
    return msgspec.to_builtins(record)


def to_json(record: Any) -> bytes:
    """A validated answer as compact UTF-8 JSON (to store it as GeoJSON), written straight from
    the records: no second copy of a large answer in plain lists."""
    return msgspec.json.encode(record)
