"""API Géo (geo.api.gouv.fr): French communes with their town hall, population and codes.

``/communes?fields=nom,code,centre,mairie,population,codeDepartement,codeRegion`` answers a JSON
list; ``mairie`` (the town hall) and ``centre`` (a point inside the commune's outline, which can
be far from the town: 14.7 km for Arles, 10.7 km for Laruns) are GeoJSON points, longitude
first. A town card is placed at its ``mairie``, falling back to ``centre`` when the API has no
town hall for the commune. An unfiltered ``/communes`` request asking for contour geometry is
refused with HTTP 400 and a plain-text body (``Bad Request``), so contours are fetched one
département at a time (:func:`commune_contours`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import requests

from generator.core.errors import UserError
from generator.geo.http import Http, base_url
from generator.geo.model import Place
from generator.geo.sources import Area

FIELDS = "nom,code,centre,mairie,population,codeDepartement,codeRegion"


def api_message(response: requests.Response) -> str | None:
    """The service's explanation of an error: ``{"code": 400, "message": "..."}`` in JSON, or a
    plain-text body such as ``Bad Request`` (the refused contour request)."""
    if "json" in response.headers.get("Content-Type", ""):
        body = response.json()
        return body.get("message") if isinstance(body, dict) else None
    text = response.text.strip()
    return text[:200] or None


def _get(http: Http, path: str, params: dict[str, str], what: str) -> Any:
    return http.get_json(
        f"{base_url('apigeo')}{path}",
        params,
        what=what,
        check=_expect_list if params.get("format") != "geojson" else _expect_features,
        error_message=api_message,
    )


def _expect_list(payload: Any) -> None:
    if not isinstance(payload, list):
        raise UserError("API Géo answered something other than a list; check PNP_APIGEO_URL")


def _expect_features(payload: Any) -> None:
    if not isinstance(payload, dict) or payload.get("type") != "FeatureCollection":
        raise UserError("API Géo answered something other than GeoJSON; check PNP_APIGEO_URL")


def communes(http: Http, departement: str | None = None) -> list[dict[str, Any]]:
    """The raw commune records, for one département or for all of France."""
    params = {"fields": FIELDS, "format": "json", "geometry": "centre"}
    if departement:
        params["codeDepartement"] = departement
    what = f"API Géo communes{f' of {departement}' if departement else ''}"
    return _get(http, "/communes", params, what)


def departements(http: Http) -> list[dict[str, Any]]:
    """``[{"nom": "Gironde", "code": "33", "codeRegion": "75"}, …]``"""
    return _get(http, "/departements", {"fields": "nom,code,codeRegion"}, "API Géo départements")


def regions(http: Http) -> list[dict[str, Any]]:
    """``[{"nom": "Bretagne", "code": "53"}, …]``"""
    return _get(http, "/regions", {"fields": "nom,code"}, "API Géo régions")


def commune_contours(http: Http, departement: str) -> dict[str, Any]:
    """The commune polygons of ONE département as a GeoJSON FeatureCollection."""
    params = {
        "codeDepartement": departement,
        "fields": "nom,code",
        "format": "geojson",
        "geometry": "contour",
    }
    return _get(http, "/communes", params, f"API Géo commune contours of {departement}")


def all_commune_contours(http: Http) -> Iterator[dict[str, Any]]:
    """Every commune polygon, département by département (the unfiltered request is a 400)."""
    for departement in departements(http):
        yield from commune_contours(http, departement["code"])["features"]


def _point(record: dict[str, Any], field: str) -> tuple[float, float] | None:
    geometry = record.get(field) or {}
    coordinates = geometry.get("coordinates") if isinstance(geometry, dict) else None
    if not coordinates or len(coordinates) < 2:
        return None
    return float(coordinates[1]), float(coordinates[0])  # GeoJSON is longitude first


def to_place(record: dict[str, Any]) -> Place | None:
    """One API Géo commune as a town, at its town hall (``mairie``), else its ``centre``; None
    when it has neither."""
    point = _point(record, "mairie") or _point(record, "centre")
    if point is None:
        return None
    lat, lon = point
    population = record.get("population")
    return Place(
        id=f"insee:{record['code']}",
        name=record["nom"],
        kind="town",
        lat=lat,
        lon=lon,
        departement=record.get("codeDepartement"),
        region=record.get("codeRegion"),
        population=int(population) if population is not None else None,
        insee=record["code"],
        familiarity=float(population or 0),
    )


def fetch(http: Http, area: Area) -> Iterator[Place]:
    """Towns of the area: per département when the area names some, else all of France."""
    if area.country not in ("FR", ""):
        raise UserError(f"API Géo covers France only, not {area.country}; use --source geonames")
    batches = [communes(http, code) for code in area.departements] or [communes(http)]
    for batch in batches:
        for record in batch:
            place = to_place(record)
            if place is not None and area.covers(place.lat, place.lon):
                yield place
