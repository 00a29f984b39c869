"""The user's own choice of places: ``--places FILE``, ``--include NAME``, ``--exclude NAME``.

- ``--places FILE``: points of the user's own (a school, a grandmother's village, the class trip's
  stops), in a CSV file (a header naming ``name``, ``lat``, ``lon`` and optionally ``kind``;
  comma, semicolon or tab separated) or a GeoJSON file of ``Point`` features (``properties``
  ``name`` and optionally ``kind``), decimal degrees WGS84. ``kind`` is ``town``, ``site`` (the
  default) or a site's kind (``castle``, ``lake``…, the pictogram the card shows). With a region,
  they join its places; alone, they are the deck. Every one of them is dealt (pinned), under the
  same rules as the others (one card per place, decidable printed coordinates).
- ``--include NAME``: a place of the region's data that the deck must hold (pinned);
- ``--exclude NAME``: a place of the region's data that it must not.

Names are matched as the referee matches them (:func:`generator.core.namekeys.name_key`: accents,
case, hyphens and apostrophes ignored, "st" for Saint); a name several places share is told apart
by its département as the cards print it: ``Saint-Denis (974)``. A bad row is one line naming
the file, the line (or feature) and what is wrong.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.errors import UserError
from generator.core.i18n import N_, _
from generator.core.namekeys import name_key
from generator.geo.model import Place

OWN_PREFIX = "own:"  # the id of a place of the user's file: own:LINE:slug-of-the-name
MAX_FILE_BYTES = 8 << 20
MAX_PLACES = 1000
MAX_NAME = 60  # characters: a card prints a name on two lines at most
LAT_NAMES = ("lat", "latitude")
LON_NAMES = ("lon", "lng", "long", "longitude")


@dataclass(frozen=True)
class OwnChoice:
    """What the user asked beside the region: names to pin or leave out, a file of points."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    places_file: Path | None = None

    def __bool__(self) -> bool:
        return bool(self.include or self.exclude or self.places_file)


def is_own(place: Place) -> bool:
    """A place of the user's own file (credited to the user, not to a data source)."""
    return place.id.startswith(OWN_PREFIX)


def read_own_places(path: Path) -> tuple[Place, ...]:
    """The places of a CSV or GeoJSON file of points (see the module text)."""
    from generator.core.inputs import read_input

    raw = read_input(path, N_("places file"), MAX_FILE_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError(
            _("{path} is not UTF-8 text; save it as CSV UTF-8 or GeoJSON").format(path=path)
        ) from None
    stripped = text.lstrip()
    rows = _geojson_rows(path, stripped) if stripped.startswith("{") else _csv_rows(path, text)
    if not rows:
        raise UserError(
            _("{path} holds no place; write one line per place: name,lat,lon").format(path=path)
        )
    if len(rows) > MAX_PLACES:
        raise UserError(
            _("{path} holds {count} places, more than {most}; split it").format(
                path=path, count=len(rows), most=MAX_PLACES
            )
        )
    places = [_place(path, where, fields) for where, fields in rows]
    _check_duplicates(path, places, [where for where, _fields in rows])
    return _with_departements(places)


@dataclass(frozen=True)
class _Where:
    """Where a row is, for the error line: ``line 4`` or ``feature 3``."""

    line: int | None = None
    feature: int | None = None

    def __str__(self) -> str:
        if self.line is not None:
            return _("line {n}").format(n=self.line)
        return _("feature {n}").format(n=self.feature)


def _bad(path: Path, where: _Where, what: str) -> UserError:
    return UserError(_("{path}, {where}: {what}").format(path=path, where=where, what=what))


def _csv_rows(path: Path, text: str) -> list[tuple[_Where, dict[str, str]]]:
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    dialect = max((";", "\t", ","), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=dialect)
    header = [cell.strip().casefold() for cell in next(reader, [])]
    columns = {name: header.index(name) for name in header if name}
    lat = next((name for name in LAT_NAMES if name in columns), None)
    lon = next((name for name in LON_NAMES if name in columns), None)
    if "name" not in columns or lat is None or lon is None:
        raise _bad(
            path,
            _Where(line=1),
            _("the header must name the columns name, lat and lon (and optionally kind)"),
        )
    rows = []
    for number, cells in enumerate(reader, start=2):
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            raise _bad(path, _Where(line=number), _("more cells than the header names"))
        cells = cells + [""] * (len(header) - len(cells))
        rows.append(
            (
                _Where(line=number),
                {
                    "name": cells[columns["name"]],
                    "lat": cells[columns[lat]],
                    "lon": cells[columns[lon]],
                    "kind": cells[columns["kind"]] if "kind" in columns else "",
                },
            )
        )
    return rows


def _geojson_rows(path: Path, text: str) -> list[tuple[_Where, dict[str, str]]]:
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UserError(
            _("{path} is not valid JSON ({error}); save it again as GeoJSON").format(
                path=path, error=str(exc)[:80]
            )
        ) from None
    features = document.get("features") if isinstance(document, dict) else None
    if not isinstance(features, list):
        raise UserError(
            _("{path} is not a GeoJSON FeatureCollection; give one of Point features").format(
                path=path
            )
        )
    return [_feature_row(path, number, feature) for number, feature in enumerate(features, 1)]


def _feature_row(path: Path, number: int, feature: Any) -> tuple[_Where, dict[str, str]]:
    where = _Where(feature=number)
    geometry = feature.get("geometry") if isinstance(feature, dict) else None
    properties = feature.get("properties") if isinstance(feature, dict) else None
    if not isinstance(geometry, dict) or geometry.get("type") != "Point":
        raise _bad(path, where, _("not a Point; every feature must be one point"))
    coordinates = geometry.get("coordinates")
    if not isinstance(coordinates, list) or len(coordinates) < 2:
        raise _bad(path, where, _("the point has no coordinates [lon, lat]"))
    properties = properties if isinstance(properties, dict) else {}
    return where, {
        "name": str(properties.get("name") or ""),
        "lat": str(coordinates[1]),
        "lon": str(coordinates[0]),
        "kind": str(properties.get("kind") or ""),
    }


_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)$")


def _degrees(path: Path, where: _Where, field: str, text: str, limit: float) -> float:
    value = text.strip()
    if not _NUMBER.match(value):
        raise _bad(
            path,
            where,
            _("{field} {value!r} is not a number; write decimal degrees such as 48.1173").format(
                field=field, value=text
            ),
        )
    degrees = float(value.replace(",", "."))
    if not -limit <= degrees <= limit:
        raise _bad(
            path,
            where,
            _("{field} {value} is out of range (-{limit} to {limit})").format(
                field=field, value=value, limit=int(limit)
            ),
        )
    return degrees


def _place(path: Path, where: _Where, fields: dict[str, str]) -> Place:
    name = " ".join(fields["name"].split())
    if not name:
        raise _bad(path, where, _("the name is empty"))
    if len(name) > MAX_NAME or not name.isprintable():
        raise _bad(
            path,
            where,
            _("the name is longer than {most} characters or holds control characters").format(
                most=MAX_NAME
            ),
        )
    lat = _degrees(path, where, "lat", fields["lat"], 90.0)
    lon = _degrees(path, where, "lon", fields["lon"], 180.0)
    kind = fields["kind"].strip().casefold()
    number = where.line if where.line is not None else where.feature
    return Place(
        id=f"{OWN_PREFIX}{number}:{_slug(name)}",
        name=name,
        kind="town" if kind == "town" else "site",
        lat=lat,
        lon=lon,
        site_kind=None if kind in ("", "town", "site") else kind,
        familiarity=0.0,
    )


def _check_duplicates(path: Path, places: Sequence[Place], wheres: Sequence[_Where]) -> None:
    seen: dict[str, _Where] = {}
    for place, where in zip(places, wheres, strict=True):
        key = name_key(place.name)
        if key in seen:
            raise _bad(
                path,
                where,
                _("{name!r} is already the place of {first}; give each place once").format(
                    name=place.name, first=seen[key]
                ),
            )
        seen[key] = where


def _with_departements(places: list[Place]) -> tuple[Place, ...]:
    """French points get the département of the nearest commune (within 15 km), for the
    cards' backs and the names of homonyms; the others stay without one."""
    from dataclasses import replace

    from generator.geo.catalog import nearest_commune_departements

    unplaced = [replace(p, country="") for p in places]
    located = nearest_commune_departements(unplaced)
    return tuple(replace(p, country="FR") if p.departement else p for p in located)


def _slug(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    letters = "".join(
        ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.combining(ch)
    )
    return "-".join(letters.split()) or "place"


# --- names -----------------------------------------------------------------------------------

_SUFFIX = re.compile(r"^(?P<name>.*?)\s*\((?P<suffix>[^()]*)\)\s*$")


def _index(places: Iterable[Place]) -> dict[str, list[Place]]:
    index: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        index[name_key(place.name)].append(place)
    return index


def find(name: str, places: Sequence[Place], where: str, option: str) -> Place:
    """The one place of ``places`` called ``name`` (see the module text); ``where`` names the
    region in the error, ``option`` the option that gave the name."""
    index = _index(places)
    match = _SUFFIX.match(name)
    key = name_key(match.group("name") if match else name)
    found = index.get(key, [])
    if match and found:
        suffix = match.group("suffix").strip().casefold()
        found = [p for p in found if (p.departement or p.region or p.country).casefold() == suffix]
    if len(found) == 1:
        return found[0]
    if not found:
        close = difflib.get_close_matches(key, list(index), n=3, cutoff=0.75)
        hint = (
            _("; did you mean {names}?").format(names=", ".join(index[k][0].name for k in close))
            if close
            else ""
        )
        raise UserError(
            _("{option} {name!r}: no place of that name in {where}{hint}").format(
                option=option, name=name, where=where, hint=hint
            )
        )
    named = ", ".join(f"{p.name} ({p.departement or p.region or p.country})" for p in found[:4])
    raise UserError(
        _(
            "{option} {name!r} names {count} places: {named}; add the département in brackets"
        ).format(option=option, name=name, count=len(found), named=named)
    )


def apply_choice(
    candidates: Sequence[Place], choice: OwnChoice, where: str
) -> tuple[tuple[Place, ...], tuple[str, ...]]:
    """The candidates with the user's choice applied (excluded places out, the file's places
    in), and the ids of the places the deck must hold (the file's, then the included ones)."""
    own = read_own_places(choice.places_file) if choice.places_file is not None else ()
    out = {find(name, candidates, where, "--exclude").id for name in choice.exclude}
    kept = [place for place in candidates if place.id not in out]
    included = [find(name, kept, where, "--include").id for name in choice.include]
    return (*own, *kept), tuple(dict.fromkeys([*(p.id for p in own), *included]))
