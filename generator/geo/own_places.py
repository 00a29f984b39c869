"""The user's own choice of places: ``--places FILE``, ``--include NAME``, ``--exclude NAME``.

- ``--places FILE`` (and the studio's upload): points of the user's own (a school, a
  grandmother's village, the class trip's stops), in a CSV file or a GeoJSON file of ``Point``
  features, decimal degrees WGS84. The CSV's header names ``name`` (or ``nom``, ``lieu``,
  ``place``), ``lat`` (``latitude``, ``y``), ``lon`` (``lng``, ``long``, ``longitude``, ``x``)
  and optionally ``kind`` (``type``, ``genre``); comma, semicolon or tab separated; UTF-8 (with
  or without a byte order mark), UTF-16 with its mark, or, as a French spreadsheet saves it,
  Windows-1252 with decimal commas. A GeoJSON feature's ``properties`` give the same names. The
  kind is a town (``town``, ``ville``, ``commune``, ``village``, ``city``), a site (``site``,
  the default) or a site's kind (``castle``, ``lake``…, the pictogram the card shows). With a
  region, they join its places; alone, they are the deck. Every one of them is dealt (pinned),
  under the same rules as the others (one card per place, decidable printed coordinates). A
  spreadsheet's own file (xlsx, ods, xls) is refused with the way to save it as a CSV.
- ``--include NAME``: a place of the region's data that the deck must hold (pinned);
- ``--exclude NAME``: a place of the region's data that it must not.

Names are matched as the referee matches them (:func:`generator.core.namekeys.name_key`: accents,
case, hyphens and apostrophes ignored, "st" for Saint); a name several places share is told apart
by its département as the cards print it: ``Saint-Denis (974)``. A bad row is one line naming
the file, the line (or feature) and what is wrong. Each front-end passes its own
:class:`PlacesBounds` (the command line :data:`FILE_BOUNDS`, the studio its tighter upload's).
"""

from __future__ import annotations

import csv
import difflib
import json
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import N_, _, ngettext, number
from generator.core.namekeys import name_key
from generator.geo.model import OWN_PREFIX, Place

__all__ = ["OWN_PREFIX"]  # importers name it from here too
NAME_COLUMNS = ("name", "nom", "lieu", "place")
LAT_COLUMNS = ("lat", "latitude", "y")
LON_COLUMNS = ("lon", "lng", "long", "longitude", "x")
KIND_COLUMNS = ("kind", "type", "genre")
TOWN_WORDS = frozenset({"town", "ville", "commune", "village", "city"})


class PlacesBounds(Struct, frozen=True):
    """How much a file of places may hold: bytes, places, characters of a name."""

    max_bytes: int
    max_places: int
    max_name: int


#: ``--places FILE``: a name of 60 characters at most, as a card prints it on two lines.
FILE_BOUNDS = PlacesBounds(max_bytes=8 << 20, max_places=1000, max_name=60)


class OwnChoice(Struct, frozen=True):
    """What the user asked beside the region: names to pin or leave out, a file of points."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    places_file: Path | None = None

    def __bool__(self) -> bool:
        return bool(self.include or self.exclude or self.places_file)


def is_own(place: Place) -> bool:
    """A place of the user's own file (credited to the user, not to a data source)."""
    return place.id.startswith(OWN_PREFIX)


#: The names of files read as GeoJSON whatever they start with.
JSON_SUFFIXES = (".geojson", ".json")
#: A spreadsheet's own formats (Excel, LibreOffice, Numbers): told by the name, or by the start
#: of a zip (xlsx, ods) or of an OLE file (xls), as their bytes read as a CSV with no header.
SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods", ".numbers")
SPREADSHEET_MAGIC = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0")


def read_own_places(path: Path) -> tuple[Place, ...]:
    """The places of the CSV or GeoJSON file ``path`` (see the module text), French points
    with the département of the nearest commune."""
    from generator.core.inputs import read_input

    raw = read_input(path, N_("places file"), FILE_BOUNDS.max_bytes)
    return _with_departements(parse_own_places(raw, str(path), FILE_BOUNDS))


def places_file_notes(path: Path) -> tuple[str, ...]:
    """What :func:`parse_own_places_noted` tells of the file ``path`` beside its places (the
    command line prints it with the deck's note)."""
    from generator.core.inputs import read_input

    raw = read_input(path, N_("places file"), FILE_BOUNDS.max_bytes)
    return parse_own_places_noted(raw, str(path), FILE_BOUNDS)[1]


def parse_own_places(data: bytes, source: str, bounds: PlacesBounds) -> list[Place]:
    """The places of a CSV or GeoJSON file's bytes (told apart by the name's suffix, else by
    the content); ``source`` names the file in the error lines."""
    return parse_own_places_noted(data, source, bounds)[0]


def parse_own_places_noted(
    data: bytes, source: str, bounds: PlacesBounds
) -> tuple[list[Place], tuple[str, ...]]:
    """:func:`parse_own_places` and what to tell the user beside the places: a GeoJSON's
    features that are no place (lines: a route, a walk), skipped, counted."""
    if len(data) > bounds.max_bytes:
        raise too_large(source, bounds)
    if source.lower().endswith(SPREADSHEET_SUFFIXES) or data.startswith(SPREADSHEET_MAGIC):
        raise UserError(
            _(
                "{path} is a spreadsheet, not a CSV file; save the table as CSV "
                "(File > Save As > CSV) and use that file"
            ).format(path=source)
        )
    text = _decode(data)
    # a broken .geojson is broken JSON, not a CSV without its header
    notes: tuple[str, ...] = ()
    if source.lower().endswith(JSON_SUFFIXES) or text.lstrip().startswith("{"):
        rows, notes = _geojson_rows(source, text, bounds)
    elif not text.replace("\ufeff", "").strip():  # refused for its header, said on "line 1"
        raise UserError(
            _("{path} is empty; write a header line (name,lat,lon) then one line per place").format(
                path=source
            )
        )
    else:
        rows = _csv_rows(source, text)
    if not rows and notes:  # lines alone: the file's lines are not places
        raise UserError(
            _("{path} holds no point nor area; give one Point feature per place").format(
                path=source
            )
        )
    if not rows:
        raise UserError(
            _("{path} holds no place; write one line per place: name,lat,lon").format(path=source)
        )
    _check_count(source, len(rows), bounds)
    places = [_place(source, where, fields, bounds) for where, fields in rows]
    _check_duplicates(source, places, [where for where, _fields in rows])
    return places, notes


def too_large(source: str, bounds: PlacesBounds) -> UserError:
    """The line refusing a file of places over ``bounds.max_bytes``."""
    return UserError(
        _("{file} is larger than {size} kB; keep the places you need, {rows} at most").format(
            file=source, size=bounds.max_bytes // 1024, rows=bounds.max_places
        )
    )


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # a spreadsheet's "Unicode text"
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _check_count(source: str, count: int, bounds: PlacesBounds) -> None:
    if count > bounds.max_places:
        raise UserError(
            _("{path} holds {count} places, more than {most}; split it").format(
                path=source, count=number(count), most=number(bounds.max_places)
            )
        )


class _Where(Struct, frozen=True):
    """Where a row is, for the error line: ``line 4`` or ``feature 3``."""

    line: int | None = None
    feature: int | None = None

    def __str__(self) -> str:
        if self.line is not None:
            return _("line {n}").format(n=self.line)
        return _("feature {n}").format(n=self.feature)

    @property
    def number(self) -> int:
        return self.line if self.line is not None else self.feature or 0


def _bad(source: str, where: _Where, what: str) -> UserError:
    return UserError(_("{path}, {where}: {what}").format(path=source, where=where, what=what))


def _index_of(header: list[str], names: tuple[str, ...]) -> int | None:
    return next((header.index(name) for name in names if name in header), None)


def _csv_rows(source: str, text: str) -> list[tuple[_Where, dict[str, str]]]:
    lines = text.splitlines()  # \n, \r\n and a spreadsheet's lone \r alike
    first = next((line for line in lines if line.strip()), "")
    reader = csv.reader(lines, delimiter=max((";", "\t", ","), key=first.count))
    try:
        written = [cell.strip() for cell in next(reader, [])]  # as the file names them
        header = [cell.casefold() for cell in written]
        name, lat, lon, kind = (
            _index_of(header, names)
            for names in (NAME_COLUMNS, LAT_COLUMNS, LON_COLUMNS, KIND_COLUMNS)
        )
        if name is None or lat is None or lon is None:
            raise _bad(
                source,
                _Where(line=1),
                _(
                    "the header must name the columns name, lat and lon (or nom, latitude, "
                    "longitude; optionally kind)"
                ),
            )
        rows = []
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            where = _Where(line=reader.line_num)
            if any(cell.strip() for cell in cells[len(header) :]):
                raise _bad(source, where, _("more cells than the header names"))
            cells += [""] * (len(header) - len(cells))
            kind_cell = cells[kind] if kind is not None else ""
            rows.append(
                (
                    where,
                    {
                        "name": cells[name],
                        "lat": cells[lat],
                        "lon": cells[lon],
                        "kind": kind_cell,
                        "lat_column": written[lat].lstrip("\ufeff"),
                        "lon_column": written[lon].lstrip("\ufeff"),
                    },
                )
            )
        return rows
    except csv.Error as exc:
        raise UserError(
            _("{file} is not a CSV file ({reason}); save it again as CSV").format(
                file=source, reason=exc
            )
        ) from None


def _geojson_rows(
    source: str, text: str, bounds: PlacesBounds
) -> tuple[list[tuple[_Where, dict[str, str]]], tuple[str, ...]]:
    try:
        document = json.loads(text)
        # an escaped lone surrogate ("\ud800") is JSON's syntax but no character
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except json.JSONDecodeError as exc:  # its message is the parser's English: the line alone
        raise UserError(
            _("{path} is not valid JSON (line {line}); save it again as GeoJSON").format(
                path=source, line=exc.lineno
            )
        ) from None
    except (ValueError, RecursionError) as exc:
        raise UserError(
            _("{path} is not valid JSON ({error}); save it again as GeoJSON").format(
                path=source, error=str(exc)[:80]
            )
        ) from None
    features = document.get("features") if isinstance(document, dict) else None
    if not isinstance(features, list):
        raise UserError(
            _("{path} is not a GeoJSON FeatureCollection; give one of Point features").format(
                path=source
            )
        )
    if not features:  # the CSV's advice ("one line per place") is not for a GeoJSON
        raise UserError(
            _("{path} holds no feature; give one Point feature per place").format(path=source)
        )
    _check_count(source, len(features), bounds)
    rows = [_feature_row(source, n, feature) for n, feature in enumerate(features, 1)]
    kept = [row for row in rows if row is not None]
    skipped = len(rows) - len(kept)
    if not skipped:
        return kept, ()
    return kept, (
        ngettext(
            "{path}: {n} feature is a line, not a place, and was skipped (a point or an area "
            "makes a card)",
            "{path}: {n} features are lines, not places, and were skipped (a point or an area "
            "makes a card)",
            skipped,
        ).format(path=source, n=number(skipped)),
    )


def _property(properties: dict[str, Any], names: tuple[str, ...]) -> str:
    values = (properties.get(name) for name in names)
    return next(
        (str(v) for v in values if isinstance(v, str | int | float) and not isinstance(v, bool)),
        "",
    )


#: A GeoJSON's features read as no place, skipped and counted: a route, a walk, a coast.
LINE_TYPES = frozenset({"LineString", "MultiLineString"})
#: An area (a school's grounds, a park, a lake drawn in uMap) is a place at a point inside it.
AREA_TYPES = frozenset({"Polygon", "MultiPolygon"})


def _feature_row(source: str, number: int, feature: Any) -> tuple[_Where, dict[str, str]] | None:
    """A feature's row; None for a line (skipped: a route names no one place)."""
    where = _Where(feature=number)
    geometry = feature.get("geometry") if isinstance(feature, dict) else None
    properties = feature.get("properties") if isinstance(feature, dict) else None
    if not isinstance(geometry, dict):
        raise _bad(source, where, _("not a Point; every feature must be one point"))
    kind = geometry.get("type")
    if kind in LINE_TYPES:
        return None
    if kind in AREA_TYPES:
        geometry = _inside_point(source, where, geometry)
    elif kind != "Point":
        raise _bad(source, where, _("not a Point; every feature must be one point"))
    coordinates = geometry.get("coordinates")
    if not isinstance(coordinates, list) or len(coordinates) < 2:
        raise _bad(source, where, _("the point has no coordinates [lon, lat]"))
    properties = properties if isinstance(properties, dict) else {}
    return where, {
        "name": _property(properties, NAME_COLUMNS),
        "lat": str(coordinates[1]),
        "lon": str(coordinates[0]),
        "kind": _property(properties, KIND_COLUMNS),
        "lat_column": _("latitude"),  # [lon, lat]: the coordinates name no column
        "lon_column": _("longitude"),
    }


def _inside_point(source: str, where: _Where, geometry: dict[str, Any]) -> dict[str, Any]:
    """An area's point: inside it (shapely's representative point; a centroid may fall outside
    a crescent or a U-shaped school), as a GeoJSON Point."""
    from shapely.geometry import shape

    try:
        area = shape(geometry)
        point = area.representative_point()
    except (ValueError, TypeError, AttributeError, IndexError, KeyError):
        raise _bad(source, where, _("the area's coordinates cannot be read")) from None
    if area.is_empty or point.is_empty:
        raise _bad(source, where, _("the area's coordinates cannot be read"))
    return {"type": "Point", "coordinates": [point.x, point.y]}


# a decimal point or comma, a typographic minus, an exponent (a spreadsheet writes 1E-05)
_NUMBER = re.compile(r"^[+\-\u2212]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$")


#: What a latitude and a longitude range over, said when a value is outside.
_RANGES = {
    "lat": (90.0, N_("a latitude goes from −90 to 90")),
    "lon": (180.0, N_("a longitude goes from −180 to 180")),
}


def _degrees(source: str, where: _Where, field: str, fields: dict[str, str]) -> float:
    """The row's ``field`` (lat or lon) in degrees; a refusal names its column as the file
    does and its value as the file wrote it (``latitude 148,39``)."""
    value = fields[field].strip()
    column = fields.get(f"{field}_column") or field
    if not _NUMBER.match(value):
        raise _bad(
            source,
            where,
            _("{field} “{value}” is not a number; write decimal degrees such as 48.1173").format(
                field=column, value=value[:40]
            ),
        )
    degrees = float(value.replace(",", ".").replace("\u2212", "-"))
    limit, extent = _RANGES[field]
    if not -limit <= degrees <= limit:
        raise _bad(
            source,
            where,
            _("{field} {value} is out of range: {extent}").format(
                field=column, value=value[:40], extent=_(extent)
            ),
        )
    return degrees


def _checked_name(source: str, where: _Where, text: str, most: int) -> str:
    name = " ".join(text.split())
    if not name:
        raise _bad(source, where, _("the name is empty"))
    if len(name) > most:
        raise _bad(
            source,
            where,
            _("the name is longer than {most} characters; shorten it").format(most=most),
        )
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise _bad(source, where, _("the name holds a control character; retype it"))
    return name


def _place(source: str, where: _Where, fields: dict[str, str], bounds: PlacesBounds) -> Place:
    name = _checked_name(source, where, fields["name"], bounds.max_name)
    lat = _degrees(source, where, "lat", fields)
    lon = _degrees(source, where, "lon", fields)
    kind = fields["kind"].strip().casefold()
    town = kind in TOWN_WORDS
    return Place(
        id=f"{OWN_PREFIX}{where.number}:{_slug(name)}",
        name=name,
        kind="town" if town else "site",
        lat=lat,
        lon=lon,
        site_kind=None if town or kind in ("", "site") else kind,
        familiarity=0.0,
    )


def _check_duplicates(source: str, places: Sequence[Place], wheres: Sequence[_Where]) -> None:
    seen: dict[str, _Where] = {}
    for place, where in zip(places, wheres, strict=True):
        key = name_key(place.name)
        if key in seen:
            raise _bad(
                source,
                where,
                _("{name!r} is already the place of {first}; give each place once").format(
                    name=place.name, first=seen[key]
                ),
            )
        seen[key] = where


def _with_departements(places: list[Place]) -> tuple[Place, ...]:
    """French points get the département of the nearest commune (within 15 km), for the
    cards' backs and the names of homonyms; the others stay without one."""
    from msgspec.structs import replace

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
    region in the error, ``option`` the option that gave the name. A village that is both a
    commune and a curated site (Locronan, Salers) is one place: its site is the one found."""
    found = find_all(name, places, where, option)
    return next((p for p in found if p.kind == "site"), found[0])


def find_all(name: str, places: Sequence[Place], where: str, option: str) -> list[Place]:
    """The places of ``places`` that ``name`` names: one, or the records of one place (the
    same name on points within the one-place rule's reach: a village and its commune)."""
    index = _index(places)
    match = _SUFFIX.match(name)
    key = name_key(match.group("name") if match else name)
    found = index.get(key, [])
    if match and found:
        suffix = match.group("suffix").strip().casefold()
        found = [p for p in found if (p.departement or p.region or p.country).casefold() == suffix]
    if len(found) == 1 or (found and _one_place(found)):
        return found
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


def _one_place(found: list[Place]) -> bool:
    """Whether places of one name are one place, as the cards print them (the deal deals one
    of them, under its plain name: :func:`generator.geo.selection.display_names`)."""
    from generator.geo.selection import display_names

    return all(printed == found[0].name for printed in display_names(found).values())


def apply_choice(
    candidates: Sequence[Place], choice: OwnChoice, where: str
) -> tuple[tuple[Place, ...], tuple[str, ...]]:
    """The candidates with the user's choice applied (excluded places out, the file's places
    in), and the ids of the places the deck must hold (the file's, then the included ones)."""
    own = read_own_places(choice.places_file) if choice.places_file is not None else ()
    left_out = [
        p for name in choice.exclude for p in find_all(name, candidates, where, "--exclude")
    ]
    out = {p.id for p in left_out}
    kept = [place for place in candidates if place.id not in out]
    included = [_included(name, kept, left_out, where) for name in choice.include]
    return (*own, *kept), tuple(dict.fromkeys([*(p.id for p in own), *included]))


def _included(name: str, kept: Sequence[Place], left_out: Sequence[Place], where: str) -> str:
    """The id of the place ``--include name`` pins among ``kept``; one line when it is a place
    ``--exclude`` left out (the two options name it both)."""
    try:
        return find(name, kept, where, "--include").id
    except UserError as refusal:
        first = refusal  # no such place among those kept, or several
    try:
        find_all(name, left_out, where, "--include")
    except UserError:
        raise first from None
    raise UserError(
        _(
            "--include {name!r} names a place that --exclude leaves out; keep it in only one of "
            "the two options"
        ).format(name=name)
    )
