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
from typing import TypeVar

import requests

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.geo.http import Http, base_url
from generator.geo.model import Place
from generator.geo.sources import Area
from generator.geo.sources.schemas import (
    ApiError,
    Commune,
    Departement,
    Feature,
    FeatureCollection,
    GeoPoint,
    Region,
    decoder,
)

FIELDS = "nom,code,centre,mairie,population,codeDepartement,codeRegion"
VARIABLE = "PNP_APIGEO_URL"

T = TypeVar("T")


def api_message(response: requests.Response) -> str | None:
    """The service's explanation of an error: ``{"code": 400, "message": "..."}`` in JSON, or a
    plain-text body such as ``Bad Request`` (the refused contour request)."""
    if "json" in response.headers.get("Content-Type", ""):
        try:
            return decoder(ApiError, "API Géo", VARIABLE)(response.content).message or None
        except UserError:
            return None
    text = response.text.strip()
    return text[:200] or None


def _get(http: Http, path: str, params: dict[str, str], what: str, schema: type[T]) -> T:
    return http.get_json(
        f"{base_url('apigeo')}{path}",
        params,
        what=what,
        parse=decoder(schema, what, VARIABLE),
        error_message=api_message,
    )


def communes(http: Http, departement: str | None = None) -> list[Commune]:
    """The commune records, for one département or for all of France."""
    params = {"fields": FIELDS, "format": "json", "geometry": "centre"}
    if departement:
        params["codeDepartement"] = departement
    what = (
        _("API Géo communes of {departement}").format(departement=departement)
        if departement
        else _("API Géo communes")
    )
    return _get(http, "/communes", params, what, list[Commune])


def departements(http: Http) -> list[Departement]:
    """``[{"nom": "Gironde", "code": "33", "codeRegion": "75"}, …]``"""
    return _get(
        http, "/departements", {"fields": "nom,code,codeRegion"}, "API Géo départements",
        list[Departement],
    )  # fmt: skip


def regions(http: Http) -> list[Region]:
    """``[{"nom": "Bretagne", "code": "53"}, …]``"""
    return _get(http, "/regions", {"fields": "nom,code"}, "API Géo régions", list[Region])


def commune_contours(http: Http, departement: str) -> FeatureCollection:
    """The commune polygons of ONE département as a GeoJSON FeatureCollection."""
    params = {
        "codeDepartement": departement,
        "fields": "nom,code",
        "format": "geojson",
        "geometry": "contour",
    }
    return _get(
        http, "/communes", params, f"API Géo commune contours of {departement}", FeatureCollection
    )


def all_commune_contours(http: Http) -> Iterator[Feature]:
    """Every commune polygon, département by département (the unfiltered request is a 400)."""
    for departement in departements(http):
        yield from commune_contours(http, departement.code).features


def _point(point: GeoPoint | None) -> tuple[float, float] | None:
    """(lat, lon) of a GeoJSON point (longitude first), None when absent or off the globe."""
    if point is None:
        return None
    lon, lat = point.coordinates[0], point.coordinates[1]
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        return None
    return lat, lon


def to_place(record: Commune) -> Place | None:
    """One API Géo commune as a town, at its town hall (``mairie``), else its ``centre``; None
    when it has neither."""
    point = _point(record.mairie) or _point(record.centre)
    if point is None:
        return None
    lat, lon = point
    return Place(
        id=f"insee:{record.code}",
        name=record.nom,
        kind="town",
        lat=lat,
        lon=lon,
        departement=record.codeDepartement,
        region=record.codeRegion,
        population=record.population,
        insee=record.code,
        familiarity=float(record.population or 0),
    )


def fetch(http: Http, area: Area) -> Iterator[Place]:
    """Towns of the area: per département when the area names some, else all of France."""
    if area.country not in ("FR", ""):
        raise UserError(
            _("API Géo covers France only, not {country}; use --source geonames").format(
                country=area.country
            )
        )
    batches = [communes(http, code) for code in area.departements] or [communes(http)]
    for batch in batches:
        for record in batch:
            place = to_place(record)
            if place is not None and area.covers(place.lat, place.lon):
                yield place
