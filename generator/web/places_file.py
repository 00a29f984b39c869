"""A CSV or GeoJSON file of places a user uploads: her school, her village, the class trip.

CSV: a header row naming the columns (``name`` or ``nom``; ``lat`` or ``latitude``; ``lon``,
``lng`` or ``longitude``; optional ``kind`` or ``type``: ``town``/``ville`` or ``site``),
separated by commas, semicolons or tabs, UTF-8 (with or without a byte order mark) or, as a
French spreadsheet saves it, Windows-1252 with decimal commas. GeoJSON: a FeatureCollection of
Point features whose properties give ``name`` (or ``nom``). Bounded: :data:`MAX_BYTES` and
:data:`MAX_ROWS`; a bad row is one line naming the line and what is wrong.

The interim reader until ``geo`` reads ``--places FILE`` itself (issue 31).
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass

from generator.core.errors import UserError
from generator.core.i18n import _

MAX_BYTES = 512 * 1024
MAX_ROWS = 200
MAX_NAME = 80

NAME_COLUMNS = ("name", "nom", "lieu", "place")
LAT_COLUMNS = ("lat", "latitude", "y")
LON_COLUMNS = ("lon", "lng", "long", "longitude", "x")
KIND_COLUMNS = ("kind", "type", "genre")
TOWN_WORDS = frozenset({"town", "ville", "commune", "village", "city"})


@dataclass(frozen=True)
class FilePlace:
    name: str
    lat: float
    lon: float
    kind: str  # "town" or "site"


def read_places(data: bytes, filename: str) -> list[FilePlace]:
    """The places of an uploaded file (CSV or GeoJSON, told apart by the content)."""
    if len(data) > MAX_BYTES:
        raise UserError(
            _("{file} is larger than {size} kB; keep the places you need, {rows} at most").format(
                file=filename, size=MAX_BYTES // 1024, rows=MAX_ROWS
            )
        )
    text = _decode(data)
    reader = _geojson if text.lstrip().startswith("{") else _csv
    places = reader(text, filename)
    if not places:
        raise UserError(
            _("{file} holds no place; give one place per line under name, lat, lon").format(
                file=filename
            )
        )
    return places


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _column(header: list[str], names: tuple[str, ...]) -> int | None:
    lowered = [cell.strip().casefold() for cell in header]
    return next((lowered.index(name) for name in names if name in lowered), None)


def _csv(text: str, filename: str) -> list[FilePlace]:
    lines = text.splitlines()  # \n, \r\n and a spreadsheet's lone \r alike
    first = lines[0] if lines else ""
    delimiter = max(";,\t", key=first.count)
    try:
        rows = list(csv.reader(lines, delimiter=delimiter, strict=True))
    except csv.Error as exc:
        raise UserError(
            _("{file} is not a CSV file ({reason}); save it again as CSV").format(
                file=filename, reason=exc
            )
        ) from None
    header = rows[0] if rows else []
    name, lat, lon = (_column(header, names) for names in (NAME_COLUMNS, LAT_COLUMNS, LON_COLUMNS))
    kind = _column(header, KIND_COLUMNS)
    places: list[FilePlace] = []
    if name is None or lat is None or lon is None:
        raise UserError(
            _(
                "{file}: the first line must name the columns name, lat and lon (or nom, "
                "latitude, longitude)"
            ).format(file=filename)
        )
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(places) == MAX_ROWS:
            raise _too_many(filename)
        where = _("{file} line {line}").format(file=filename, line=line)
        cells = row + [""] * (max(name, lat, lon, kind or 0) + 1 - len(row))
        places.append(
            _place(
                where,
                cells[name],
                _number(where, cells[lat], _("latitude")),
                _number(where, cells[lon], _("longitude")),
                cells[kind] if kind is not None else "",
            )
        )
    return places


def _too_many(filename: str) -> UserError:
    return UserError(
        _("{file} has more than {rows} places; keep the {rows} you need").format(
            file=filename, rows=MAX_ROWS
        )
    )


def _number(where: str, text: str, what: str) -> float:
    cleaned = text.strip().replace(",", ".").replace("\u2212", "-")
    try:
        value = float(cleaned)
    except ValueError:
        raise UserError(
            _("{where}: the {what} {text!r} is not a number; write it in decimal degrees").format(
                where=where, what=what, text=text.strip()[:40]
            )
        ) from None
    if not math.isfinite(value):
        raise UserError(
            _("{where}: the {what} {text!r} is not a number; write it in decimal degrees").format(
                where=where, what=what, text=text.strip()[:40]
            )
        )
    return value


def _place(where: str, name: str, lat: float, lon: float, kind: str) -> FilePlace:
    name = " ".join(name.split())
    if not name:
        raise UserError(_("{where}: the place has no name; give it one").format(where=where))
    if len(name) > MAX_NAME:
        raise UserError(
            _("{where}: the name is longer than {most} characters; shorten it").format(
                where=where, most=MAX_NAME
            )
        )
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        raise UserError(
            _("{where}: the name holds a control character; retype it").format(where=where)
        )
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise UserError(
            _(
                "{where}: {lat}, {lon} is off the globe; latitude comes first (-90 to 90), then "
                "longitude (-180 to 180)"
            ).format(where=where, lat=lat, lon=lon)
        )
    town = kind.strip().casefold() in TOWN_WORDS
    return FilePlace(name, lat, lon, "town" if town else "site")


def _geojson(text: str, filename: str) -> list[FilePlace]:
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise UserError(
            _("{file} is not valid GeoJSON; save it again or give a CSV").format(file=filename)
        ) from None
    features = document.get("features") if isinstance(document, dict) else None
    if not isinstance(features, list):
        raise UserError(
            _("{file} is not a GeoJSON FeatureCollection; save it again or give a CSV").format(
                file=filename
            )
        )
    places: list[FilePlace] = []
    for number, feature in enumerate(features, start=1):
        if len(places) == MAX_ROWS:
            raise _too_many(filename)
        where = _("{file} feature {number}").format(file=filename, number=number)
        geometry = feature.get("geometry") if isinstance(feature, dict) else None
        properties = feature.get("properties") if isinstance(feature, dict) else None
        coordinates = geometry.get("coordinates") if isinstance(geometry, dict) else None
        if (
            not isinstance(geometry, dict)
            or geometry.get("type") != "Point"
            or not isinstance(coordinates, list)
            or len(coordinates) < 2
            or not all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in coordinates[:2]
            )
        ):
            raise UserError(
                _("{where} is not a point; give each place as a Point").format(where=where)
            )
        properties = properties if isinstance(properties, dict) else {}
        name = next(
            (str(properties[key]) for key in NAME_COLUMNS if isinstance(properties.get(key), str)),
            "",
        )
        kind = next(
            (str(properties[k]) for k in KIND_COLUMNS if isinstance(properties.get(k), str)), ""
        )
        lon, lat = float(coordinates[0]), float(coordinates[1])
        places.append(_place(where, name, lat, lon, kind))
    return places
