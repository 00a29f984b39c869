"""Overpass (OpenStreetMap): named natural features in a box, ``out center``.

Only features with a ``wikidata`` tag are asked for: that keeps the answer to notable places.
Ways and relations come with a ``center``; nodes with their own ``lat``/``lon``. A 200 answer can
still carry an error in ``remark`` ("runtime error: Query timed out…"): that is a failure, and it
is not cached.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.geo.http import Http, base_url
from generator.geo.model import Place
from generator.geo.sources import Area
from generator.geo.sources.schemas import OsmJson, decoder

# (key, value) -> site kind
TAG_KINDS: dict[tuple[str, str], str] = {
    ("natural", "peak"): "mountain",
    ("natural", "volcano"): "volcano",
    ("natural", "cape"): "cape",
    ("natural", "beach"): "beach",
    ("natural", "cliff"): "cliff",
    ("natural", "bay"): "bay",
    ("natural", "dune"): "dune",
    ("natural", "glacier"): "glacier",
    ("natural", "cave_entrance"): "cave",
    ("natural", "arch"): "arch",
    ("natural", "gorge"): "gorge",
    ("natural", "valley"): "valley",
    ("place", "island"): "island",
    ("place", "islet"): "island",
    ("water", "lake"): "lake",
    ("water", "reservoir"): "lake",
    ("waterway", "waterfall"): "waterfall",
}

TIMEOUT_S = 180


def query(area: Area) -> str:
    if area.bbox is None:
        raise UserError(
            _(
                "Overpass needs a bounded region; give --region a région, département, box or "
                "country"
            )
        )
    minlon, minlat, maxlon, maxlat = area.bbox
    box = f"({minlat},{minlon},{maxlat},{maxlon})"
    by_key: dict[str, list[str]] = {}
    for key, value in TAG_KINDS:
        by_key.setdefault(key, []).append(value)
    statements = "\n".join(
        f'  nwr["{key}"~"^({"|".join(values)})$"]["name"]["wikidata"]{box};'
        for key, values in by_key.items()
    )
    return f"[out:json][timeout:{TIMEOUT_S}];\n(\n{statements}\n);\nout center tags;"


_DECODE = decoder(OsmJson, "Overpass natural features", "PNP_OVERPASS_URL")


def parse_answer(body: bytes) -> OsmJson:
    """OSM JSON; Overpass reports time-outs and memory exhaustion in ``remark`` of a 200 answer."""
    payload = _DECODE(body)
    remark = payload.remark
    if remark and ("error" in remark.lower() or "timed out" in remark.lower()):
        raise UserError(
            _("Overpass failed: {names}; try a smaller --region or later").format(
                names=" ".join(remark.split())[:160]
            )
        )
    return payload


def _kind(tags: dict[str, str]) -> str | None:
    for (key, value), kind in TAG_KINDS.items():
        if tags.get(key) == value:
            return kind
    return None


def parse_elements(payload: OsmJson, country: str) -> Iterator[Place]:
    from generator.core.text import unsafe_characters

    for element in payload.elements:
        tags = element.tags
        name = (tags.get("name:fr") or tags.get("name") or "").strip()
        kind = _kind(tags)
        if not name or kind is None or unsafe_characters(name):
            continue
        if element.lat is not None and element.lon is not None:
            lat, lon = element.lat, element.lon
        elif element.center is not None:
            lat, lon = element.center.lat, element.center.lon
        else:
            continue
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            continue
        names = sum(1 for key in tags if key.startswith("name:"))
        fame = names + (2 if "wikipedia" in tags else 0)
        yield Place(
            id=f"osm:{element.type}/{element.id}",
            name=name,
            kind="site",
            lat=float(lat),
            lon=float(lon),
            wikidata=tags.get("wikidata"),
            site_kind=kind,
            familiarity=float(fame),
            country=country,
        )


def fetch(http: Http, area: Area) -> Iterator[Place]:
    payload = http.get_json(
        base_url("overpass"),
        method="POST",
        data={"data": query(area)},
        what=_("Overpass natural features"),
        parse=parse_answer,
        error_message=lambda response: response.text[:160],
    )
    seen: set[str] = set()
    for place in parse_elements(payload, area.country):
        # one feature is often mapped twice (a peak node and a relation); keep the first wikidata
        key = place.wikidata or place.id
        if key not in seen and area.covers(place.lat, place.lon):
            seen.add(key)
            yield place
