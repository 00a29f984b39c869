"""The embedded geodata of ``datasets/``: communes, landmarks, départements, régions, France's
outline, the outlines of the world's countries and the world towns table. Everything is read once
and cached (the data is read-only).

The set is read from :func:`folder`: the one shipped with pnp (inside the installed package, or
the repository's ``datasets/`` in a source checkout), unless 'pnp data build' has rebuilt it in
the user data folder. Every file of the set is read through :func:`dataset_path`.

Places are :class:`generator.geo.model.Place` records:

- communes: ``kind="town"``, ``id="insee:CODE"``, ``familiarity`` = population;
- landmarks: ``kind="site"``, ``id="wd:QID"`` (or ``"site:slug-of-the-name"`` when the curated
  list has no verified Wikidata id), ``site_kind`` (castle, dune…),
  ``familiarity`` = 1 / curation rank (rank 1, the best known, gives 1.0);
- world towns: ``kind="town"``, ``id="gn:ID"``, ``country`` = ISO code, ``region`` = the
  GeoNames admin1 code (for France that is the INSEE région code), ``familiarity`` = population;
- famous sites abroad (``sites_abroad.csv``, hand-curated): ``kind="site"``, ``id="wd:QID"`` (or
  ``"site:cc:slug-of-the-name"``), ``country``, ``region`` = GeoNames admin1 code, ``insee`` =
  ``"gn:ID"`` of the town whose place the site is (one-place rule), ``familiarity`` = 1 / rank
  within its country.

Heavy libraries (shapely) are imported only by :func:`france_outline_geometry`.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import unicodedata
import zipfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from msgspec import Struct

from generator import __version__
from generator.core.errors import UserError
from generator.core.folders import data_dir
from generator.core.i18n import N_, _
from generator.core.resources import package_folder
from generator.geo.familiarity import town_familiarities, town_familiarity
from generator.geo.model import Departement, Place, Region

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from generator.geo.commune_columns import CommuneColumns
    from generator.geo.place_table import PlaceTable

T = TypeVar("T")

PACKAGED = package_folder("datasets")  # the set shipped with pnp (the repository's datasets/)
DATASETS = PACKAGED

COMMUNES_FILE = "communes.csv"
COMMUNE_NAME_KEYS_FILE = "commune_name_keys.txt"  # the name key of each row of communes.csv
ALL_COMMUNES_FILE = "all_communes.csv"
LANDMARKS_FILE = "landmarks.csv"
DEPARTEMENTS_FILE = "departements.csv"
REGIONS_FILE = "regions.csv"
OUTLINE_FILE = "france_outline.geojson"
OVERSEAS_OUTLINES_FILE = "overseas_outlines.geojson"  # 971 to 976, from the IGN outlines
CHEFS_LIEUX_FILE = "commune_chefs_lieux_2020.csv.gz"  # IGN chefs-lieux: an input of the build
ANCT_CHEFS_LIEUX_FILE = "chefs_lieux_anct.csv"  # the cantons' chefs-lieux: an input of the build
KNOWN_TOWNS_FILE = "known_towns.csv"  # hand-curated well-known towns: an input of the build
KNOWN_TOWNS_COLUMNS = ("insee", "name", "why", "reference")
TOWN_HALLS_FILE = "town_halls.csv"  # hand-curated points of Paris, Lyon, Marseille: an input
WORLD_TOWNS_FILE = "world_towns.zip"
FRENCH_NAMES_FILE = "french_names.csv"
ENGLISH_NAMES_FILE = "english_names.csv"  # towns abroad whose English name GeoNames lacks
LANDMARK_NAMES_EN_FILE = "landmark_names_en.csv"  # French landmarks with an English name
LANDMARK_NAMES_EN_COLUMNS = ("name", "name_en", "reference")
ADMIN1_NAMES_FILE = "admin1_names.csv"
COUNTRY_NAMES_FILE = "country_names.csv"
REGION_ALIASES_FILE = "region_aliases.csv"  # USA, UK, Holland… (hand-curated)
FAMOUS_TOWNS_FILE = "famous_towns.csv"  # towns abroad known beyond their size (hand-curated)
WORLD_OUTLINES_FILE = "world_outlines.json"
PROVENANCE_FILE = "provenance.json"
COMMUNE_OUTLINES_FILE = "commune_outlines_2018.csv.gz"
LANDMARK_CHECKS_FILE = "landmark_checks.csv"
LANDMARK_REFERENCES_FILE = "landmark_references.csv"
SITES_ABROAD_FILE = "sites_abroad.csv"
SITES_ABROAD_COLUMNS = (
    "country",
    "rank",
    "name",
    "kind",
    "lat",
    "lon",
    "admin1",
    "town",
    "wikidata",
    "source",  # the reference for the point (a stable page)
    "read_from",  # the stored copy of that reference the point was read from
    "name_en",  # the English name (from ``source``, else from ``name_en_source``)
    "name_en_source",
)
SITES_ABROAD_CHECKS_FILE = "sites_abroad_checks.csv"
ART_FILE = "colour_art.json"  # the pictures, read by generator.render.icons
#: The CMYK output profile of print-shop files (generator.render.pdfx), also what 'pnp data
#: build' separates the pictures' colours with; hand-placed (scripts/build_icc_profile.py).
OUTPUT_PROFILE_FILE = "FOGRA39L-pnp.icc"
OUTPUT_PROFILE_LICENCE = "LICENSE-FOGRA39L.txt"
#: The type faces of the printed material (subset by 'pnp data build', read by
#: generator.render.fonts) and the licence texts that travel with them.
FONT_FACES = (
    "Fraunces-Bold",
    "FiraSans-Regular",
    "FiraSans-Italic",
    "FiraSans-SemiBold",
    "FiraSansCondensed-Regular",
    "FiraSansCondensed-SemiBold",
)
FONT_FILES = (
    *(f"fonts-{face}.ttf" for face in FONT_FACES),
    "OFL-Fraunces.txt",
    "OFL-FiraSans.txt",
    "OFL-NotoSansSymbols2.txt",
)
SUBDIVISION_OUTLINES_FILE = "subdivision_outlines.csv.gz"
DEPARTEMENT_OUTLINES_FILE = "departement_outlines.json"  # the studio's map, the deck's poster
PROVENANCE_PAGE = "PROVENANCE.md"
LICENCES_PAGE = "LICENSE-data.md"
# Every file of the set: what 'pnp data build' leaves in a folder of its own (tests compare this
# with the repository's datasets/).
SET_FILES = (
    COMMUNES_FILE,
    COMMUNE_NAME_KEYS_FILE,
    ALL_COMMUNES_FILE,
    DEPARTEMENTS_FILE,
    REGIONS_FILE,
    OUTLINE_FILE,
    OVERSEAS_OUTLINES_FILE,
    CHEFS_LIEUX_FILE,
    ANCT_CHEFS_LIEUX_FILE,
    KNOWN_TOWNS_FILE,
    TOWN_HALLS_FILE,
    WORLD_OUTLINES_FILE,
    WORLD_TOWNS_FILE,
    FRENCH_NAMES_FILE,
    ENGLISH_NAMES_FILE,
    ADMIN1_NAMES_FILE,
    COUNTRY_NAMES_FILE,
    REGION_ALIASES_FILE,
    FAMOUS_TOWNS_FILE,
    LANDMARK_CHECKS_FILE,
    LANDMARK_REFERENCES_FILE,
    SITES_ABROAD_FILE,
    SITES_ABROAD_CHECKS_FILE,
    SUBDIVISION_OUTLINES_FILE,
    COMMUNE_OUTLINES_FILE,
    ART_FILE,
    *FONT_FILES,
    OUTPUT_PROFILE_FILE,
    OUTPUT_PROFILE_LICENCE,
    DEPARTEMENT_OUTLINES_FILE,
    PROVENANCE_FILE,
    LANDMARKS_FILE,
    LANDMARK_NAMES_EN_FILE,
    PROVENANCE_PAGE,
    LICENCES_PAGE,
)
BUILD_STAMP_FILE = "pnp-data-build.json"  # written last by 'pnp data build' in the user folder


def user_folder() -> Path:
    """Where 'pnp data build' writes the set by default: ``datasets/`` in the user data folder."""
    return data_dir() / "datasets"


def folder() -> Path:
    """The folder the embedded set is read from: the user's (see :func:`user_folder`) when it
    holds a whole set built by this version of pnp, every file as the build wrote it, else the
    set shipped with pnp (the same bytes: the build's package versions are pinned)."""
    user = user_folder()
    return user if user_set_problem(user) is None else PACKAGED


MAX_STAMP_BYTES = 1 << 20
NO_BUILD = N_("no 'pnp data build' there")
MAX_SET_FILE_BYTES = 64 << 20


def user_set_problem(user: Path) -> str | None:
    """Why the set in ``user`` is not read (None: it is): no build there, a build by another
    version of pnp, or a file that is no longer what the build wrote (cut short, edited,
    replaced by a FIFO...). The contents are hashed again only when a file's status changes."""
    try:
        st = os.lstat(user / BUILD_STAMP_FILE)
    except OSError:
        return NO_BUILD
    return _user_set_problem(
        str(user), (_signature(st), *(_file_signature(user / name) for name in SET_FILES))
    )


def _signature(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_mode)


def _file_signature(path: Path) -> tuple[int, ...]:
    try:
        return _signature(os.lstat(path))
    except OSError:
        return ()


@lru_cache(maxsize=8)
def _user_set_problem(user: str, _status: tuple[tuple[int, ...], ...]) -> str | None:
    import hashlib

    from generator.core.inputs import read_input

    folder_path = Path(user)
    stamp_path = folder_path / BUILD_STAMP_FILE
    try:
        stamp = json.loads(read_input(stamp_path, N_("build stamp"), MAX_STAMP_BYTES))
    except (UserError, ValueError, RecursionError):
        return _("its stamp {name} is not one pnp wrote").format(name=BUILD_STAMP_FILE)
    if not isinstance(stamp, dict) or stamp.get("pnp") != __version__:
        return _("built by another version of pnp")
    digests = stamp.get("sha256")
    if not isinstance(digests, dict) or not set(SET_FILES) <= set(digests):
        return _("its stamp {name} does not list every file of the set").format(
            name=BUILD_STAMP_FILE
        )
    for name in SET_FILES:
        try:
            data = read_input(folder_path / name, N_("embedded data file"), MAX_SET_FILE_BYTES)
        except UserError:
            return _("{name} is missing or not a regular file").format(name=name)
        if hashlib.sha256(data).hexdigest() != digests[name]:
            return _("{name} changed since the build").format(name=name)
    return None


def dataset_path(name: str) -> Path:
    """The path of one embedded file; a missing file is a :class:`UserError`."""
    path = folder() / name
    if not path.is_file():
        raise UserError(
            _(
                "embedded data file {path} is missing; restore it from git or run 'pnp data build'"
            ).format(path=path)
        )
    return path


def _read_table(name: str, columns: tuple[str, ...]) -> list[list[str]]:
    """The rows of a CSV file whose header must be exactly ``columns`` (fast: no dicts)."""
    return _parse_table(name, dataset_path(name).read_text(encoding="utf-8"), columns)


def _parse_table(name: str, text: str, columns: tuple[str, ...]) -> list[list[str]]:
    """The rows of ``text``, the CSV file ``name`` (see :func:`_read_table`)."""
    reader = csv.reader(io.StringIO(text))
    header = tuple(next(reader, ()))
    if header != columns:
        raise UserError(
            _(
                "{dataset_path} has columns {header}, expected {columns}; restore it from git or "
                "run 'pnp data build'"
            ).format(dataset_path=dataset_path(name), header=header, columns=columns)
        )
    return list(reader)


def _read_rows(name: str) -> list[dict[str, str]]:
    path = dataset_path(name)
    data = path.read_bytes()
    text = gzip.decompress(data).decode("utf-8") if name.endswith(".gz") else data.decode("utf-8")
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    return [dict(zip(header, row, strict=False)) for row in reader]


@lru_cache(maxsize=1)
def regions() -> tuple[Region, ...]:
    """The 13 metropolitan régions, by code."""
    return tuple(
        Region(code=r["code"], name=r["name"], chef_lieu=r["chef_lieu"])
        for r in _read_rows(REGIONS_FILE)
    )


@lru_cache(maxsize=1)
def departements() -> tuple[Departement, ...]:
    """The 96 metropolitan départements, by code ("01" … "2A", "2B" … "95")."""
    return tuple(
        Departement(code=r["code"], name=r["name"], region=r["region"], chef_lieu=r["chef_lieu"])
        for r in _read_rows(DEPARTEMENTS_FILE)
    )


@lru_cache(maxsize=1)
def _region_of_departement() -> dict[str, str]:
    return {d.code: d.region for d in departements()}


COMMUNE_COLUMNS = (
    "insee",
    "name",
    "lat",
    "lon",
    "departement",
    "region",
    "population",
    "geonames_id",  # empty where GeoNames lists no place of 1,000+ inhabitants
    "point",  # where the point comes from (geo/databuild/commune_points.py)
    "standing",  # the commune's title (geo/familiarity.py)
    "agglomeration",  # the SIREN code of its intercommunality (EPCI)
    "suburb_of",  # the INSEE code of the town whose suburb it is
)


def _commune(row: list[str]) -> Place:
    insee, name, lat, lon, departement, region, population, geonames_id = row[:8]
    standing, agglomeration, suburb_of = row[9:12]
    people = int(population)
    # every field in Place's order, positionally: a deck of France makes 35,000 of these, and
    # binding fifteen arguments by keyword costs two fifths of the time
    return Place(
        f"insee:{insee}",  # id
        name,
        "town",  # kind
        float(lat),
        float(lon),
        departement,
        region,
        people,  # population
        insee,
        int(geonames_id) if geonames_id else None,
        None,  # wikidata
        None,  # site_kind
        town_familiarity(people, standing, bool(suburb_of)),
        "FR",  # country
        agglomeration or None,
    )


@lru_cache(maxsize=1)
def communes() -> tuple[Place, ...]:
    """Every current commune of France, overseas included (about 34,900), by INSEE code."""
    return tuple(_commune(row) for row in _read_table(COMMUNES_FILE, COMMUNE_COLUMNS))


@lru_cache(maxsize=4)  # a long-running process (the studio's workers, a script) deals again
def communes_in(departements: frozenset[str]) -> tuple[Place, ...]:
    """The communes of ``departements``, in the order of :func:`communes`: a deck makes
    records of its region's rows only (Bretagne's 1,200, not France's 34,900), tested by their
    département column rather than one record at a time; made once per process."""
    if communes.cache_info().currsize:  # all made already
        return tuple(place for place in communes() if place.departement in departements)
    column = COMMUNE_COLUMNS.index("departement")
    rows = _read_table(COMMUNES_FILE, COMMUNE_COLUMNS)
    return tuple(_commune(row) for row in rows if row[column] in departements)


@lru_cache(maxsize=4)  # a long-running process (the studio's workers) deals again
def commune_table(departements: frozenset[str]) -> PlaceTable:
    """The communes of ``departements`` as :func:`communes_in` gives them, as a
    :class:`~generator.geo.place_table.PlaceTable`: their columns read from the rows (once per
    file: :mod:`generator.geo.commune_columns` keeps them in the cache folder), each record
    made from its line when a deal reads it (a deck of France reads a few hundred of 34,900)."""
    from generator.core.folders import cache_dir
    from generator.geo.commune_columns import commune_columns
    from generator.geo.place_table import Columns, PlaceTable

    if communes.cache_info().currsize:  # all made already
        return PlaceTable.of(communes_in(departements))
    data = dataset_path(COMMUNES_FILE).read_bytes()
    entries: list[Any]  # a line of the file each (bytes), or (quoted fields) a parsed row
    if b'"' in data or b"\r" in data:  # quoted fields, or CRLF: the CSV reader (not the build's)
        entries = _parse_table(COMMUNES_FILE, data.decode("utf-8"), COMMUNE_COLUMNS)
        make: Callable[[Any], Place] = _commune
        every = _columns_of_rows(entries)
    else:  # one line a row, split at its commas: a third faster than the CSV reader
        header, _newline, body = data.partition(b"\n")
        _parse_table(COMMUNES_FILE, header.decode("utf-8"), COMMUNE_COLUMNS)  # or one clear line
        entries = body.split(b"\n")
        if entries[-1] == b"":
            entries.pop()
        make = _commune_of_line
        every = commune_columns(data, len(entries), lambda: _split_lines(entries), cache_dir())
    kept: Sequence[int]
    if set(every.departements) <= departements:
        kept = range(len(every))
    else:
        kept = [i for i, code in enumerate(every.departements) if code in departements]
    rows: Sequence[Any] = _kept(entries, kept)
    columns = Columns(
        ids=_kept(every.ids, kept),
        names=_kept(every.names, kept),
        kinds=("town",) * len(kept),
        lat=_kept(every.lat, kept),
        lon=_kept(every.lon, kept),
        familiarity=town_familiarities(
            _kept(every.population, kept), _kept(every.standing, kept), _kept(every.suburb, kept)
        ),
        countries=("FR",) * len(kept),
    )
    return PlaceTable.of_rows(rows, make, columns)


def _kept(values: Sequence[T], kept: Sequence[int]) -> Sequence[T]:
    """``values`` at the positions ``kept`` (all of them when ``kept`` is every position)."""
    if isinstance(kept, range) and len(kept) == len(values):
        return values
    if len(kept) < 2:
        return [values[i] for i in kept]
    picked: tuple[T, ...] = itemgetter(*kept)(values)  # gathered in C
    return picked


def _split_lines(lines: list[bytes]) -> CommuneColumns:
    """The columns of communes.csv's ``lines`` split at their commas, a few thousand at a time
    (the parsed rows, six times the lines' size, are never all held at once); a damaged line is
    one clear error."""
    from generator.geo.commune_columns import CommuneColumns

    parts = []
    for start in range(0, len(lines), _ROWS_AT_ONCE):
        chunk = lines[start : start + _ROWS_AT_ONCE]
        try:
            rows = [line.decode("utf-8").split(",") for line in chunk]
        except UnicodeDecodeError:
            raise _damaged() from None
        parts.append(_columns_of_rows(rows))
    return CommuneColumns.joined(parts)


def _columns_of_rows(rows: list[list[str]]) -> CommuneColumns:
    """The columns of parsed rows of communes.csv; a row of the wrong length or a number that
    is not one is one clear error."""
    from generator.geo.commune_columns import CommuneColumns

    if set(map(len, rows)) - {len(COMMUNE_COLUMNS)}:
        raise _damaged()
    try:
        return CommuneColumns.of_rows(rows, COMMUNE_COLUMNS)
    except ValueError:
        raise _damaged() from None


def _damaged() -> UserError:
    return UserError(
        _("{path} is damaged; restore it from git or run 'pnp data build'").format(
            path=dataset_path(COMMUNES_FILE)
        )
    )


#: The rows of communes.csv parsed at a time by :func:`_split_lines`
_ROWS_AT_ONCE = 4096


def _commune_of_line(line: bytes) -> Place:
    """The record of one line of communes.csv (no field quoted)."""
    return _commune(line.decode("utf-8").split(","))


class PlaceNames(Struct, frozen=True):
    """The name key of every commune, then of every landmark (the order of ``communes() +
    landmarks()``), and the name, kind, département and record of one of them on demand:
    finding two places by name among 36,000 needs every key but the rest of the two found only.
    The communes' keys are read from ``commune_name_keys.txt`` (written by 'pnp data build'
    with communes.csv), their rows are parsed one by one when asked for."""

    keys: tuple[str, ...]
    _commune_lines: tuple[str, ...]  # the lines of communes.csv after its header, as read

    def __len__(self) -> int:
        return len(self.keys)

    def described(self, position: int) -> tuple[str, str, str | None]:
        """The name, kind and département of the place at ``position``."""
        if position < len(self._commune_lines):
            row = self._commune_row(position)
            return row[1], "town", row[4]
        site = landmarks()[position - len(self._commune_lines)]
        return site.name, site.kind, site.departement

    def place(self, position: int) -> Place:
        """The record of the place at ``position``."""
        if position < len(self._commune_lines):
            return _commune(self._commune_row(position))
        return landmarks()[position - len(self._commune_lines)]

    def _commune_row(self, position: int) -> list[str]:
        row = next(csv.reader([self._commune_lines[position]]))
        if len(row) != len(COMMUNE_COLUMNS):
            raise UserError(
                _(
                    "{dataset_path} line {value} is damaged; restore it from git or run 'pnp data "
                    "build'"
                ).format(dataset_path=dataset_path(COMMUNES_FILE), value=position + 2)
            )
        return row


def place_names() -> PlaceNames:
    """Every embedded commune and landmark by name (see :class:`PlaceNames`)."""
    from generator.core.namekeys import name_key

    communes_path = dataset_path(COMMUNES_FILE)
    with communes_path.open(encoding="utf-8", newline="") as handle:
        header = handle.readline()
        if tuple(next(csv.reader([header]), ())) != COMMUNE_COLUMNS:
            _read_table(COMMUNES_FILE, COMMUNE_COLUMNS)  # says which columns it has
        # line by line: never the whole file and its lines in memory at once
        lines = tuple(handle)
    keys_path = dataset_path(COMMUNE_NAME_KEYS_FILE)
    keys = tuple(keys_path.read_text(encoding="utf-8").split("\n"))
    if keys and keys[-1] == "":
        keys = keys[:-1]
    if len(keys) != len(lines):
        raise UserError(
            _(
                "{keys_path} has {keys_count} names for the {lines_count} rows of "
                "{communes_path}; restore both from git or run 'pnp data build'"
            ).format(
                keys_path=keys_path,
                keys_count=len(keys),
                lines_count=len(lines),
                communes_path=communes_path,
            )
        )
    # the landmarks' names, in rank order (that of landmarks()); their records only if found
    site_names = (row[1] for row in _read_table(LANDMARKS_FILE, LANDMARK_COLUMNS))
    return PlaceNames(
        keys=keys + tuple(name_key(name) for name in site_names), _commune_lines=lines
    )


@lru_cache(maxsize=1)
def communes_by_insee() -> dict[str, Place]:
    return {place.insee: place for place in communes() if place.insee}


LANDMARK_COLUMNS = (
    "wikidata",
    "name",
    "kind",
    "lat",
    "lon",
    "insee",
    "departement",
    "placement",
    "source",
    "rank",
)


@lru_cache(maxsize=1)
def landmarks() -> tuple[Place, ...]:
    """The curated landmarks, by curation rank (1 = best known)."""
    region_of = _region_of_departement()
    places = []
    for row in _read_table(LANDMARKS_FILE, LANDMARK_COLUMNS):
        wikidata, name, kind, lat, lon, insee, departement, _placement, _source, rank = row
        places.append(
            Place(
                id=f"wd:{wikidata}" if wikidata else f"site:{_slug(name)}",
                name=name,
                kind="site",
                lat=float(lat),
                lon=float(lon),
                departement=departement,
                region=region_of.get(departement),
                insee=insee,
                wikidata=wikidata or None,
                site_kind=kind,
                familiarity=1.0 / int(rank),
            )
        )
    return tuple(sorted(places, key=lambda p: -p.familiarity))


@lru_cache(maxsize=1)
def _sites_abroad() -> dict[str, tuple[Place, ...]]:
    grouped: dict[str, list[Place]] = defaultdict(list)
    for row in _read_table(SITES_ABROAD_FILE, SITES_ABROAD_COLUMNS):
        country, rank, name, kind, lat, lon, admin1, town, wikidata = row[:9]
        grouped[country].append(
            Place(
                id=f"wd:{wikidata}" if wikidata else f"site:{country.lower()}:{_slug(name)}",
                name=name,
                kind="site",
                lat=float(lat),
                lon=float(lon),
                region=admin1 or None,
                insee=f"gn:{town}" if town else None,
                wikidata=wikidata or None,
                site_kind=kind,
                familiarity=1.0 / int(rank),
                country=country,
            )
        )
    return {
        country: tuple(sorted(places, key=lambda p: -p.familiarity))
        for country, places in grouped.items()
    }


def sites_abroad(country_code: str | None = None) -> tuple[Place, ...]:
    """The curated famous sites of one country (ISO alpha-2, any case), best known first; of
    every country covered (the neighbours and UN Tourism's most visited) when no code is given.
    A country the table does not cover has none."""
    by_country = _sites_abroad()
    if country_code is None:
        return tuple(place for code in sorted(by_country) for place in by_country[code])
    return by_country.get(country_code.strip().upper(), ())


@lru_cache(maxsize=1)
def site_names_en() -> dict[str, str]:
    """Place id -> the English name of a famous site abroad (``sites_abroad.csv``) or of a
    French landmark (``landmark_names_en.csv``) that has one; the others have no entry."""
    names = {}
    for row in _read_table(SITES_ABROAD_FILE, SITES_ABROAD_COLUMNS):
        country, name, wikidata = row[0], row[2], row[8]
        name_en = row[SITES_ABROAD_COLUMNS.index("name_en")]
        if name_en:
            names[f"wd:{wikidata}" if wikidata else f"site:{country.lower()}:{_slug(name)}"] = (
                name_en
            )
    english = {
        name: name_en
        for name, name_en, _ in _read_table(LANDMARK_NAMES_EN_FILE, LANDMARK_NAMES_EN_COLUMNS)
    }
    for place in landmarks():
        if place.name in english:
            names[place.id] = english[place.name]
    return names


def _slug(name: str) -> str:
    """ "Château d'Amboise" -> "chateau-d-amboise" (ids of sites without a Wikidata id)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    letters = "".join(
        ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.combining(ch)
    )
    return "-".join(letters.split())


@lru_cache(maxsize=1)
def _outline_text() -> str:
    return dataset_path(OUTLINE_FILE).read_text(encoding="utf-8")


def france_outline() -> dict[str, Any]:
    """The outline as a GeoJSON FeatureCollection (a fresh dict: callers may change it)."""
    outline: dict[str, Any] = json.loads(_outline_text())
    return outline


@lru_cache(maxsize=1)
def france_outline_geometry() -> BaseGeometry:
    """The outline as one shapely MultiPolygon (lon, lat), prepared for fast point tests."""
    from shapely import prepare
    from shapely.geometry import shape

    geometry = shape(france_outline()["features"][0]["geometry"])
    prepare(geometry)
    return geometry


@lru_cache(maxsize=1)
def _overseas_outlines() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        dataset_path(OVERSEAS_OUTLINES_FILE).read_text(encoding="utf-8")
    )
    return {feature["id"]: feature["geometry"] for feature in document["features"]}


def overseas_outline(departement: str) -> dict[str, Any] | None:
    """The outline of an overseas département (971 to 976) as a GeoJSON MultiPolygon (lon,
    lat; IGN 2018 commune outlines, about 100 m); None for any other code. A fresh dict."""
    geometry = _overseas_outlines().get(departement)
    return json.loads(json.dumps(geometry)) if geometry is not None else None


@lru_cache(maxsize=1)
def _world_topology() -> tuple[Any, dict[str, tuple[dict[str, Any], ...]]]:
    """The decoded world outlines and their TopoJSON geometries grouped by alpha-2 code."""
    from generator.geo.databuild.topojson import Topology

    topology = Topology.from_json(
        json.loads(dataset_path(WORLD_OUTLINES_FILE).read_text(encoding="utf-8"))
    )
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for geometry in topology.objects["countries"]["geometries"]:
        grouped[geometry["id"]].append(geometry)
    return topology, {code: tuple(geometries) for code, geometries in grouped.items()}


@lru_cache(maxsize=32)
def _country_polygons(code: str) -> tuple[tuple[tuple[tuple[float, float], ...], ...], ...] | None:
    from generator.geo.country_codes import DRAWN_WITH

    topology, by_code = _world_topology()
    geometries = by_code.get(code) or by_code.get(DRAWN_WITH.get(code, ""))
    if not geometries:
        return None
    polygons: list[tuple[tuple[tuple[float, float], ...], ...]] = []
    for geometry in geometries:
        shaped = topology.geometry(geometry)
        parts = (
            shaped["coordinates"] if shaped["type"] == "MultiPolygon" else [shaped["coordinates"]]
        )
        polygons.extend(
            tuple(tuple((round(lon, 5), round(lat, 5)) for lon, lat in ring) for ring in part)
            for part in parts
        )
    return tuple(polygons)


def country_outline(country_code: str) -> dict[str, Any] | None:
    """The whole outline of one country (ISO 3166-1 alpha-2, any case) as a GeoJSON MultiPolygon
    (lon, lat; Natural Earth 1:50m), overseas parts included; None when none is embedded (tiny
    island states that 1:50m leaves out, such as Tokelau or Tuvalu, or Gibraltar). Territories
    that Natural Earth draws inside another country (French Guiana, Svalbard…) get that
    country's outline. A fresh dict: callers may change it."""
    polygons = _country_polygons(country_code.strip().upper())
    if polygons is None:
        return None
    return {
        "type": "MultiPolygon",
        "coordinates": [
            [[list(point) for point in ring] for ring in polygon] for polygon in polygons
        ],
    }


Ring = tuple[tuple[float, float], ...]


class AreaOutlines(Struct, frozen=True):
    """The outer rings (lon, lat) of each metropolitan département and région, by code
    (``departement_outlines.json``, about 1 km of detail)."""

    departements: dict[str, tuple[Ring, ...]]
    regions: dict[str, tuple[Ring, ...]]


@lru_cache(maxsize=1)
def area_outlines() -> AreaOutlines:
    """The départements' and régions' outlines (read once)."""
    document = json.loads(dataset_path(DEPARTEMENT_OUTLINES_FILE).read_text(encoding="utf-8"))

    def rings(by_code: dict[str, list[list[list[float]]]]) -> dict[str, tuple[Ring, ...]]:
        return {
            code: tuple(tuple((lon, lat) for lon, lat in ring) for ring in parts)
            for code, parts in by_code.items()
        }

    return AreaOutlines(rings(document["departements"]), rings(document["regions"]))


def countries_near(
    bbox: tuple[float, float, float, float],
) -> tuple[tuple[str, tuple[tuple[Ring, ...], ...]], ...]:
    """The countries whose towns reach into ``bbox`` (minlon, minlat, maxlon, maxlat, padded by
    a degree), each with its polygons (rings, the outer one first): what a map of that box
    draws around its own country."""
    west, south, east, north = bbox
    found = []
    for code, index in sorted(_world_index().items()):
        lon_a, lat_a, lon_b, lat_b = index.bbox
        if lon_a - 1 <= east and lon_b + 1 >= west and lat_a - 1 <= north and lat_b + 1 >= south:
            polygons = _country_polygons(code)
            if polygons:
                found.append((code, polygons))
    return tuple(found)


class _CountryIndex(Struct, frozen=True):
    """A country's line of the world archive's index: its town count and bounding box."""

    towns: int
    bbox: tuple[float, float, float, float]  # minlon, minlat, maxlon, maxlat


@lru_cache(maxsize=1)
def _world_index() -> dict[str, _CountryIndex]:
    """Country -> town count and bounding box (the archive's ``index.csv``; nothing else read)."""
    with zipfile.ZipFile(dataset_path(WORLD_TOWNS_FILE)) as archive:
        text = archive.read("index.csv").decode("utf-8")
    reader = csv.reader(io.StringIO(text))
    next(reader)
    return {
        row[0]: _CountryIndex(
            int(row[1]), (float(row[2]), float(row[3]), float(row[4]), float(row[5]))
        )
        for row in reader
    }


def _world_rows(code: str) -> list[list[str]]:
    """The rows of one country (geonames_id, name, name_fr, admin1, lat, lon, population,
    name_en, feature, agglomeration): only that country's member of the archive is decompressed
    and parsed."""
    with zipfile.ZipFile(dataset_path(WORLD_TOWNS_FILE)) as archive:
        text = archive.read(f"{code}.csv").decode("utf-8")
    reader = csv.reader(io.StringIO(text))
    next(reader)
    return list(reader)


def world_country_codes() -> tuple[str, ...]:
    """ISO 3166-1 alpha-2 codes present in the world towns table, sorted."""
    return tuple(sorted(_world_index()))


@lru_cache(maxsize=32)
def world_towns(country_code: str) -> tuple[Place, ...]:
    """GeoNames places of at least 1,000 inhabitants in one country (ISO alpha-2, any case),
    by decreasing population; named in French where a French name is known."""
    code = country_code.strip().upper()
    if code not in _world_index():
        raise UserError(
            _(
                "no embedded towns for country code {country_code!r}; use an ISO 3166-1 alpha-2 "
                "code such as FR, BE or CH"
            ).format(country_code=country_code)
        )
    towns = (_world_town(row, code) for row in _world_rows(code))
    return tuple(sorted(towns, key=lambda p: (-p.familiarity, p.geonames_id)))


def world_towns_in_box(
    bbox: tuple[float, float, float, float], skip_country: str = "FR"
) -> tuple[Place, ...]:
    """The world towns inside ``bbox`` (minlon, minlat, maxlon, maxlat) outside one country,
    by GeoNames id. Only the countries whose bounding box meets ``bbox`` are read."""
    minlon, minlat, maxlon, maxlat = bbox
    inside = []
    for code, entry in _world_index().items():
        west, south, east, north = entry.bbox
        if (
            code == skip_country
            or east < minlon
            or west > maxlon
            or north < minlat
            or south > maxlat
        ):
            continue
        for row in _world_rows(code):
            lat, lon = float(row[4]), float(row[5])
            if minlat <= lat <= maxlat and minlon <= lon <= maxlon:
                inside.append(_world_town(row, code))
    return tuple(sorted(inside, key=lambda p: p.geonames_id or 0))


def world_town_geonames_names(country_code: str) -> dict[str, str]:
    """Place id -> the GeoNames name of every world town of one country (cleaned of its
    administrative suffixes, before any French or English name replaces it)."""
    code = country_code.strip().upper()
    if code not in _world_index():
        return {}
    return {f"gn:{row[0]}": row[1] for row in _world_rows(code)}


@lru_cache(maxsize=32)
def world_town_names_en(country_code: str) -> dict[str, str]:
    """Place id -> the English name of every world town of one country: its English name where
    one is known (``english_names.csv``, Unicode CLDR), else its GeoNames name (mostly the
    English one already: Munich, Brussels; else the town's own: Liège, Zürich's suburbs)."""
    code = country_code.strip().upper()
    if code not in _world_index():
        return {}
    return {f"gn:{row[0]}": row[7] or row[1] for row in _world_rows(code)}


#: How known a town abroad is (:attr:`Place.familiarity`): its population, times
#: :data:`CAPITAL_WEIGHT` for the capital (GeoNames ``PPLC``: Washington, Bern), times
#: :data:`SEAT_WEIGHT` for the seat of a subdivision (``PPLA``: Sacramento, Edinburgh), times
#: :data:`FAMOUS_WEIGHT` for a town ``famous_towns.csv`` names (York, Bath, Sienne): the seat
#: of a state ranks with a town three times its size, a capital or a famous town with one ten
#: times its size (Bath, 95,000 people, among the deck's best known, which are dealt first).
CAPITAL_WEIGHT = 10.0
SEAT_WEIGHT = 3.0
FAMOUS_WEIGHT = 10.0


@lru_cache(maxsize=1)
def famous_towns() -> frozenset[int]:
    """GeoNames ids of the towns abroad known beyond their size (hand-curated)."""
    rows = _read_table(FAMOUS_TOWNS_FILE, ("geonames_id", "country", "name", "reference"))
    return frozenset(int(row[0]) for row in rows)


def abroad_town_familiarity(population: int, feature: str, famous: bool) -> float:
    """How known a town abroad is (see :data:`CAPITAL_WEIGHT`)."""
    weight = CAPITAL_WEIGHT if feature == "PPLC" else SEAT_WEIGHT if feature == "PPLA" else 1.0
    return float(population) * weight * (FAMOUS_WEIGHT if famous else 1.0)


def _world_town(row: list[str], country: str) -> Place:
    geonames_id, name, name_fr, admin1, lat, lon, population, _name_en, feature, core = row
    return Place(
        id=f"gn:{geonames_id}",
        name=name_fr or name,
        kind="town",
        lat=float(lat),
        lon=float(lon),
        region=admin1 or None,
        population=int(population),
        geonames_id=int(geonames_id),
        familiarity=abroad_town_familiarity(
            int(population), feature, int(geonames_id) in famous_towns()
        ),
        country=country,
        agglomeration=f"gn:{core}",
    )


ADMIN1_NAMES_COLUMNS = (
    "country",
    "admin1",
    "name",
    "reference",
    "name_en",
    "iso_3166_2",
    "name_local",
)


class Subdivision(Struct, frozen=True):
    """A first-level subdivision abroad, by the GeoNames admin1 code its towns carry: a state,
    province, Land, region or nation (``admin1_names.csv``)."""

    country: str  # ISO 3166-1 alpha-2
    admin1: str  # GeoNames admin1 code ("02" for Bavaria, "CA", "ENG")
    name_fr: str  # Bavière, Californie, Angleterre
    name_en: str  # Bavaria, California, England
    iso: str  # ISO 3166-2 ("DE-BY"), "" when not matched
    name_local: str  # its own name in ISO 3166-2 (Bayern), "" when not matched

    def name(self, language: str = "fr") -> str:
        return self.name_en if language == "en" else self.name_fr


@lru_cache(maxsize=1)
def subdivisions() -> tuple[Subdivision, ...]:
    """Every subdivision ``admin1_names.csv`` names, by country and code."""
    rows = _read_table(ADMIN1_NAMES_FILE, ADMIN1_NAMES_COLUMNS)
    return tuple(
        Subdivision(row[0], row[1], row[2], row[4] or row[2], row[5], row[6]) for row in rows
    )


@lru_cache(maxsize=1)
def admin1_names() -> dict[tuple[str, str], str]:
    """(country, GeoNames admin1 code) -> the subdivision's French name."""
    return {(s.country, s.admin1): s.name_fr for s in subdivisions()}


@lru_cache(maxsize=1)
def admin1_names_en() -> dict[tuple[str, str], str]:
    """(country, GeoNames admin1 code) -> the subdivision's English name, as GeoNames' admin1
    table names it (Geneva, Bavaria, Flanders); the French name where it has none."""
    return {(s.country, s.admin1): s.name_en for s in subdivisions()}


@lru_cache(maxsize=1)
def _subdivision_outlines() -> dict[tuple[str, str], str]:
    """(country, admin1) -> the encoded polygons of ``subdivision_outlines.csv.gz``."""
    text = gzip.decompress(dataset_path(SUBDIVISION_OUTLINES_FILE).read_bytes()).decode("utf-8")
    reader = csv.reader(io.StringIO(text))
    next(reader)
    return {(row[0], row[1]): row[4] for row in reader}


def subdivision_codes() -> frozenset[tuple[str, str]]:
    """(country, admin1) of every subdivision with an embedded outline."""
    return frozenset(_subdivision_outlines())


def subdivision_outline(country: str, admin1: str) -> dict[str, Any] | None:
    """The outline of one subdivision as a GeoJSON MultiPolygon (lon, lat; Natural Earth
    1:10m, simplified to about 1 km), None when none is embedded. A fresh dict."""
    from generator.geo.databuild.subdivisions import decode_polygons

    encoded = _subdivision_outlines().get((country, admin1))
    if encoded is None:
        return None
    polygons = decode_polygons(encoded)
    return {
        "type": "MultiPolygon",
        "coordinates": [[[list(p) for p in ring] for ring in polygon] for polygon in polygons],
    }


@lru_cache(maxsize=1)
def country_names() -> dict[str, tuple[str, str]]:
    """ISO alpha-2 code -> (French name, English name), from Unicode CLDR."""
    rows = _read_table(COUNTRY_NAMES_FILE, ("code", "name_fr", "name_en"))
    return {code: (fr, en) for code, fr, en in rows}


@lru_cache(maxsize=1)
def region_aliases() -> dict[str, tuple[str, str]]:
    """Another name of a country or subdivision -> (country, admin1 or ""): USA, UK, Holland."""
    rows = _read_table(REGION_ALIASES_FILE, ("alias", "country", "admin1", "reference"))
    return {alias: (country, admin1) for alias, country, admin1, _reference in rows}


@lru_cache(maxsize=1)
def commune_outlines_2018() -> dict[str, Any]:
    """The IGN 2018 commune outlines, 2018 INSEE code -> encoded outline
    (:mod:`generator.geo.databuild.ign_outlines` decodes them); for checks, not for decks."""
    from generator.geo.databuild.ign_outlines import read_outlines

    return read_outlines(dataset_path(COMMUNE_OUTLINES_FILE).read_bytes())


@lru_cache(maxsize=1)
def former_codes() -> dict[str, tuple[str, ...]]:
    """Current INSEE code -> the codes of the communes merged into it (Etalab)."""
    rows = _read_table(
        ALL_COMMUNES_FILE, ("insee", "name", "departement", "region", "population", "former_codes")
    )
    return {row[0]: tuple(row[5].split()) for row in rows if row[5]}


def known_town_codes() -> tuple[str, ...]:
    """The INSEE codes of the curated well-known towns (``known_towns.csv``)."""
    return tuple(row[0] for row in _read_table(KNOWN_TOWNS_FILE, KNOWN_TOWNS_COLUMNS))


@lru_cache(maxsize=1)
def provenance() -> dict[str, Any]:
    """The machine-readable provenance: sources, versions, licences, attribution texts."""
    document: dict[str, Any] = json.loads(dataset_path(PROVENANCE_FILE).read_text(encoding="utf-8"))
    return document


def attributions(language: str = "fr") -> tuple[str, ...]:
    """The attribution lines to print with material built from the embedded data."""
    key = "attribution_en" if language == "en" else "attribution_fr"
    document = provenance()
    lines = [source[key] for source in document["sources"]]
    lines.append(document["landmarks"][key])
    return tuple(lines)
