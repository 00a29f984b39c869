"""Wikidata SPARQL: named sites with coordinates, their sitelink count as familiarity.

The query asks for items that are instances of one of :data:`SITE_CLASSES`, in a country
(ISO code through P297), with coordinates (P625) inside a box (``wikibase:box``), a French label
and at least ``min_sitelinks`` sitelinks. Results are SPARQL JSON
(``application/sparql-results+json``); coordinates are WKT literals ``Point(lon lat)``, longitude
first; a literal prefixed by a globe IRI lies on another body (the Moon, Mars) and is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.core.text import unsafe_characters
from generator.geo.http import Http, base_url
from generator.geo.model import Place
from generator.geo.sources import Area
from generator.geo.sources.schemas import SparqlResults, decoder

if TYPE_CHECKING:
    import requests

# Wikidata class -> site kind
SITE_CLASSES: dict[str, str] = {
    "Q8502": "mountain",
    "Q8072": "volcano",
    "Q23442": "island",
    "Q185113": "cape",
    "Q150784": "gorge",
    "Q2042028": "gorge",
    "Q23397": "lake",
    "Q25391": "dune",
    "Q34038": "waterfall",
    "Q35666": "glacier",
    "Q35509": "cave",
    "Q40080": "beach",
    "Q23413": "castle",
    "Q751876": "castle",
    "Q160742": "abbey",
    "Q2977": "cathedral",
    "Q12280": "bridge",
    "Q39715": "lighthouse",
    "Q57821": "fort",
    "Q101659": "megaliths",
    "Q193475": "megaliths",
    "Q4989906": "monument",
    "Q53060": "gate",
    "Q1107656": "garden",
    "Q46169": "national park",
    "Q1497375": "cirque",
}

ENTITY_PREFIX = "http://www.wikidata.org/entity/"
POINT = re.compile(
    r"^\s*Point\(\s*([-+]?[\d.]+(?:[eE][-+]?\d+)?)\s+([-+]?[\d.]+(?:[eE][-+]?\d+)?)\s*\)\s*$",
    re.IGNORECASE,
)
DEFAULT_MIN_SITELINKS = 5


def query(area: Area, min_sitelinks: int = DEFAULT_MIN_SITELINKS) -> str:
    """The SPARQL text for ``area``."""
    values = " ".join(f'(wd:{qid} "{kind}")' for qid, kind in SITE_CLASSES.items())
    country = area.country.upper()
    if country and not re.fullmatch(r"[A-Z]{2}", country):
        raise UserError(
            _("Wikidata needs an ISO country code, not {country!r}").format(country=area.country)
        )
    if not country and area.bbox is None:
        raise UserError(
            _("Wikidata needs a country or a box; give --region a country code or a box")
        )
    in_country = (
        f'  ?country wdt:P297 "{country}" .\n  ?item wdt:P17 ?country .\n' if country else ""
    )
    if area.bbox is None:
        located = "?item wdt:P625 ?coord ."
    else:
        minlon, minlat, maxlon, maxlat = area.bbox
        located = (
            "SERVICE wikibase:box { ?item wdt:P625 ?coord . "
            f'bd:serviceParam wikibase:cornerSouthWest "Point({minlon} {minlat})"^^geo:wktLiteral '
            f'. bd:serviceParam wikibase:cornerNorthEast "Point({maxlon} '
            f'{maxlat})"^^geo:wktLiteral . }}'
        )
    return (
        "SELECT ?item ?itemLabel ?coord ?sitelinks ?kind WHERE {\n"
        f"  VALUES (?class ?kind) {{ {values} }}\n"
        "  ?item wdt:P31 ?class .\n"
        f"{in_country}"
        f"  {located}\n"
        "  ?item wikibase:sitelinks ?sitelinks .\n"
        f"  FILTER(?sitelinks >= {int(min_sitelinks)})\n"
        '  SERVICE wikibase:label { bd:serviceParam wikibase:language "fr,en" . }\n'
        "}"
    )


def parse_point(literal: str) -> tuple[float, float] | None:
    """``Point(lon lat)`` -> (lat, lon); None for another globe or a malformed literal."""
    match = POINT.match(literal)
    if match is None:
        return None
    try:
        lon, lat = float(match.group(1)), float(match.group(2))
    except ValueError:  # "1.2.3" matches [\d.]+ but is no number
        return None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        return None
    return lat, lon


parse_answer = decoder(SparqlResults, "Wikidata sites", "PNP_WIKIDATA_URL")


def _value(row: dict[str, Any], name: str, default: str = "") -> str:
    term = row.get(name)
    return default if term is None else term.value


def parse_results(payload: SparqlResults, country: str) -> Iterator[Place]:
    """Places from SPARQL JSON results; an item listed several times keeps its first row."""
    seen: set[str] = set()
    for row in payload.results.bindings:
        qid = _value(row, "item").removeprefix(ENTITY_PREFIX)
        name = _value(row, "itemLabel").strip()
        if (
            not qid or qid in seen or not name or name == qid or unsafe_characters(name)
        ):  # no label in fr/en: the QID comes back
            continue
        point = parse_point(_value(row, "coord"))
        if point is None:
            continue
        text = _value(row, "sitelinks", "0")
        sitelinks = int(text) if text.isdigit() and len(text) < 10 else 0
        seen.add(qid)
        yield Place(
            id=f"wd:{qid}",
            name=name,
            kind="site",
            lat=point[0],
            lon=point[1],
            wikidata=qid,
            site_kind=_value(row, "kind") or None,
            familiarity=float(sitelinks),
            country=country,
        )


def sparql_message(response: requests.Response) -> str | None:
    """Blazegraph puts a Java stack trace in the body; keep its first meaningful line."""
    for line in response.text.splitlines():
        line = line.strip()
        if line and not line.startswith("at "):
            return line[:160]
    return None


def fetch(http: Http, area: Area, min_sitelinks: int = DEFAULT_MIN_SITELINKS) -> Iterator[Place]:
    payload = http.get_json(
        base_url("wikidata"),
        {"query": query(area, min_sitelinks), "format": "json"},
        what=_("Wikidata sites"),
        headers={"Accept": "application/sparql-results+json"},
        parse=parse_answer,
        error_message=sparql_message,
    )
    by_id: dict[str, Place] = {}
    for place in parse_results(payload, area.country):
        if area.covers(place.lat, place.lon):
            by_id.setdefault(place.id, place)
    yield from by_id.values()
