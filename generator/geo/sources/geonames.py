"""GeoNames dumps (``FR.zip``, ``IT.zip``, ``cities1000.zip``…): towns and natural/built sites.

A dump is a zip holding one tab-separated text file with 19 columns and no header:
geonameid, name, asciiname, alternatenames, latitude, longitude, feature class, feature code,
country code, cc2, admin1, admin2, admin3, admin4, population, elevation, dem, timezone,
modification date. The text is streamed from inside the zip, line by line with a maximum line
length (:data:`MAX_LINE`) and a maximum total (:data:`MAX_TEXT_BYTES`), never extracted and never
held whole: memory stays flat however large (or hostile: one 2 GiB line) the dump is.

A downloaded dump is kept under its final name only after :func:`check_dump` has read it
through: a valid zip, the expected member, and every row with 19 columns whose id and
coordinates parse. An HTML page, a cut-off zip or a file of zeros is refused and not kept.

Towns are feature class P (without historical, abandoned or destroyed places and without
sections of places); sites are the T, H, S, L, V feature codes listed in :data:`SITE_KINDS`.
For France, admin1 is the INSEE région code, admin2 the département code and admin4 the
commune's INSEE code.
"""

from __future__ import annotations

import contextlib
import io
import zipfile
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import cast

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.core.i18n import number as numeral
from generator.core.text import unsafe_characters
from generator.geo.http import Http, base_url
from generator.geo.model import Place
from generator.geo.sources import Area

COLUMNS: tuple[str, ...] = (
    "geonameid",
    "name",
    "asciiname",
    "alternatenames",
    "latitude",
    "longitude",
    "feature_class",
    "feature_code",
    "country_code",
    "cc2",
    "admin1",
    "admin2",
    "admin3",
    "admin4",
    "population",
    "elevation",
    "dem",
    "timezone",
    "modification_date",
)

# Populated places that are not towns a player could point at.
EXCLUDED_TOWN_CODES = frozenset({"PPLH", "PPLQ", "PPLW", "PPLCH", "PPLX"})

# "CLASS.CODE" -> site kind (the vocabulary of the embedded landmarks where it overlaps). Every
# code is one of GeoNames' own: tests/data/geonames_feature_codes.tsv gives each with GeoNames'
# name and the GeoNames page that shows it (S.DAM and S.AMTH not yet; see the test).
SITE_KINDS: dict[str, str] = {
    "T.MT": "mountain",
    "T.PK": "mountain",
    "T.MTS": "mountain",
    "T.VLC": "volcano",
    "T.DUNE": "dune",
    "T.ISL": "island",
    "T.ISLS": "island",
    "T.CAPE": "cape",
    "T.PT": "cape",
    "T.GRGE": "gorge",
    "T.CNYN": "gorge",
    "T.CRQ": "cirque",
    "T.CLF": "cliff",
    "T.PASS": "pass",
    "T.BCH": "beach",
    "T.PLAT": "plateau",
    "H.LK": "lake",
    "H.LKS": "lake",
    "H.RSV": "lake",
    "H.FLLS": "waterfall",
    "H.GLCR": "glacier",
    "H.BAY": "bay",
    "H.GULF": "bay",
    "H.LGN": "lagoon",
    "S.CSTL": "castle",
    "S.MNMT": "monument",
    "S.MSTY": "abbey",  # GeoNames has no abbey code: monasteries and abbeys are S.MSTY
    "S.CAVE": "cave",  # caves are a spot (S), not terrain (T)
    "S.CH": "church",
    "S.CTRR": "religious site",
    "S.BDG": "bridge",
    "S.LTHSE": "lighthouse",
    "S.FT": "fort",
    "S.RUIN": "ruins",
    "S.ANS": "ancient site",
    "S.PAL": "palace",
    "S.MUS": "museum",
    "S.TOWR": "tower",
    "S.DAM": "dam",
    "S.AMTH": "amphitheatre",
    "L.PRK": "park",
    "L.RES": "reserve",
    "V.FRST": "forest",
}

READ_BUFFER = 1 << 20
_ENCRYPTED = 0x1  # bit 0 of a zip entry's general purpose flags
MAX_LINE = 1 << 20  # the longest real rows (many alternate names) are about 20 KB
MAX_TEXT_BYTES = 8 << 30  # allCountries.txt is about 1.6 GB
TOWN_CLASS = "P"
SITE_CLASSES = frozenset({"T", "H", "S", "L", "V"})


def parse_lines(
    lines: Iterable[str], country: str | None = None, *, towns: bool = True, sites: bool = True
) -> Iterator[Place]:
    """Places from GeoNames dump lines, keeping one country (ISO code) when given.

    Rows are split lazily: a row of another country is rejected by a substring test before any
    split; the country and feature columns come from a split limited to the first nine fields
    (the rest stays one string), and only matching rows are split in full.
    """
    needle = f"\t{country}\t" if country is not None else ""
    for line in lines:
        if needle not in line:
            continue  # the country code appears nowhere as a whole column
        head = line.split("\t", 9)
        if len(head) < 10:
            continue  # blank or damaged line
        if country is not None and head[8] != country:
            continue
        feature_class, feature_code = head[6], head[7]
        if feature_class == TOWN_CLASS:
            if not towns or feature_code in EXCLUDED_TOWN_CODES:
                continue
            site_kind = None
        elif feature_class in SITE_CLASSES and sites:
            site_kind = SITE_KINDS.get(f"{feature_class}.{feature_code}")
            if site_kind is None:
                continue
        else:
            continue
        place = _to_place(head, head[9].rstrip("\r\n").split("\t"), site_kind)
        if place is not None:
            yield place


def _to_place(head: list[str], tail: list[str], site_kind: str | None) -> Place | None:
    # tail: cc2, admin1, admin2, admin3, admin4, population, elevation, dem, timezone, modified
    if len(tail) < 10:
        return None
    try:
        lat, lon = float(head[4]), float(head[5])
        population = int(tail[5] or 0)
        geonames_id = int(head[0])
    except ValueError:
        return None
    country = head[8]
    alternate_count = len(head[3].split(",")) if head[3] else 0
    is_town = site_kind is None
    french = country == "FR"
    return Place(
        id=f"gn:{geonames_id}",
        name=head[1],
        kind="town" if is_town else "site",
        lat=lat,
        lon=lon,
        departement=(tail[2] or None) if french else None,
        region=tail[1] or None,
        population=population if is_town else None,
        insee=(tail[4] or None) if french and is_town else None,
        geonames_id=geonames_id,
        site_kind=site_kind,
        # towns: inhabitants; sites: how many languages name it (a fair proxy of fame)
        familiarity=float(population if is_town else alternate_count),
        country=country,
    )


def _lines(raw: zipfile.ZipExtFile, path: Path) -> Iterator[str]:
    """The text lines of a dump member, each at most :data:`MAX_LINE` bytes."""
    # a 1 MiB buffer: lines are cut in C, not in zipfile's Python
    reader = io.BufferedReader(raw, READ_BUFFER)
    total = 0
    number = 0
    while line := reader.readline(MAX_LINE + 1):
        number += 1
        total += len(line)
        if len(line) > MAX_LINE:
            raise UserError(
                _(
                    "{path}: line {line} is longer than {value} MiB, so this is not a GeoNames "
                    "dump; delete it and fetch again"
                ).format(path=path, line=numeral(number), value=MAX_LINE >> 20)
            )
        if total > MAX_TEXT_BYTES:
            raise UserError(
                _("{path} holds more than {value} GiB of text; delete it and fetch again").format(
                    path=path, value=MAX_TEXT_BYTES >> 30
                )
            )
        yield line.decode("utf-8")


@contextlib.contextmanager
def _open_dump(path: Path, stem: str) -> Iterator[Iterator[str]]:
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise UserError(
            _("{path} is not a readable GeoNames zip ({exc}); delete it and fetch again").format(
                path=path, exc=exc
            )
        ) from exc
    with archive:
        member = _member(archive, path, stem)
        if archive.getinfo(member).flag_bits & _ENCRYPTED:
            raise UserError(
                _(
                    "{path} is encrypted (a password protects {member}), which a GeoNames dump "
                    "never is; delete it and fetch again"
                ).format(path=path, member=member)
            )
        try:
            # typeshed says IO[bytes]; reading a member is always a ZipExtFile
            with cast(zipfile.ZipExtFile, archive.open(member)) as raw:
                yield _lines(raw, path)
        except NotImplementedError as exc:  # a compression method zipfile cannot read
            raise UserError(
                _(
                    "{path} is compressed in a way pnp cannot read ({exc}), which a GeoNames dump "
                    "never is; delete it and fetch again"
                ).format(path=path, exc=exc)
            ) from exc
        except (
            zipfile.BadZipFile,
            EOFError,
            UnicodeDecodeError,
            OSError,
            ValueError,
            RuntimeError,  # zipfile's own "encrypted" (a flag set on one header only)
        ) as exc:
            raise UserError(
                _("{path} is damaged ({error}: {exc}); delete it and fetch again").format(
                    path=path, error=type(exc).__name__, exc=exc
                )
            ) from exc


def read_dump(
    path: Path, country: str | None = None, *, towns: bool = True, sites: bool = True
) -> Iterator[Place]:
    """Stream the places of a dump zip without extracting it."""
    with _open_dump(path, path.stem) as lines:
        yield from parse_lines(lines, country, towns=towns, sites=sites)


def check_dump(path: Path, name: str) -> None:
    """Read the whole dump ``path`` (downloaded as ``name``): a zip holding ``NAME.txt`` whose
    every row has the 19 GeoNames columns with an integer id and decimal coordinates."""
    what = _("GeoNames {name}").format(name=name)
    with _open_dump(path, Path(name).stem) as lines:
        rows = 0
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            fields = line.rstrip("\r\n").split("\t")
            if len(fields) != len(COLUMNS):
                raise UserError(
                    _(
                        "{what}: row {row} has {fields_count} columns, not {COLUMNS_count}: "
                        "this is "
                        "not a GeoNames dump; nothing was kept: check PNP_GEONAMES_URL"
                    ).format(
                        what=what,
                        row=numeral(number),
                        fields_count=len(fields),
                        COLUMNS_count=len(COLUMNS),
                    )
                )
            try:
                int(fields[0])
                lat, lon = float(fields[4]), float(fields[5])
            except ValueError:
                lat = lon = float("nan")
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                raise UserError(
                    _(
                        "{what}: row {row} has no valid id and coordinates; nothing was kept: "
                        "check "
                        "PNP_GEONAMES_URL"
                    ).format(what=what, row=numeral(number))
                )
            rows += 1
    if rows == 0:
        raise UserError(
            _("{what} holds no place; nothing was kept: check PNP_GEONAMES_URL").format(what=what)
        )


def _member(archive: zipfile.ZipFile, path: Path, stem: str) -> str:
    wanted = f"{stem}.txt"
    names = archive.namelist()
    if wanted in names:
        return wanted
    texts = [name for name in names if name.endswith(".txt") and name != "readme.txt"]
    if len(texts) != 1:
        raise UserError(
            _("{path} does not hold {wanted}; is it a GeoNames dump?").format(
                path=path, wanted=wanted
            )
        )
    return texts[0]


def dump_name(area: Area) -> str:
    """The dump that covers ``area``: its country's zip, or cities1000 (towns only) otherwise."""
    return f"{area.country.upper()}.zip" if area.country else "cities1000.zip"


def download_dump(http: Http, name: str) -> Path:
    """Download (or reuse) one dump into the cache folder."""
    return http.download(
        f"{base_url('geonames')}/{name}",
        http.cache_folder / "geonames" / name,
        what=_("GeoNames {name}").format(name=name),
        check=lambda path: check_dump(path, name),
    )


ALTERNATE_COLUMNS = (
    "alternateNameId",
    "geonameid",
    "isolanguage",
    "alternate name",
    "isPreferredName",
    "isShortName",
    "isColloquial",
    "isHistoric",
    "from",
    "to",
)


def alternate_names(lines: Iterable[str], language: str = "fr") -> dict[int, str]:
    """GeoNames id -> its name in ``language`` (``fr``, ``en``), from the lines of an
    alternate-names file (``alternatenames/IT.zip``: the columns of :data:`ALTERNATE_COLUMNS`,
    tab-separated).

    The preferred name (``isPreferredName`` = 1) wins, else the first one listed in that
    language; colloquial and historic names, and names with a validity period, are never used.
    """
    preferred: dict[int, str] = {}
    first: dict[int, str] = {}
    marker = f"\t{language}\t"
    for line in lines:
        if marker not in line:
            continue
        fields = line.rstrip("\r\n").split("\t")
        if len(fields) < 8 or fields[2] != language or not fields[3].strip():
            continue
        colloquial, historic = fields[6] == "1", fields[7] == "1"
        dated = len(fields) > 9 and (fields[8] or fields[9])
        if colloquial or historic or dated:
            continue
        try:
            geonames_id = int(fields[1])
        except ValueError:
            continue
        if fields[4] == "1":
            preferred.setdefault(geonames_id, fields[3].strip())
        else:
            first.setdefault(geonames_id, fields[3].strip())
    return {**first, **preferred}


def french_names(lines: Iterable[str]) -> dict[int, str]:
    """GeoNames id -> its French name (:func:`alternate_names` in French)."""
    return alternate_names(lines, "fr")


def read_alternate_names(path: Path, language: str = "fr") -> dict[int, str]:
    """The names in ``language`` of an alternate-names zip, streamed like a dump (bounded
    lines); names with control or bidirectional characters are left out."""
    with _open_dump(path, path.stem) as lines:
        names = alternate_names(lines, language)
    return {key: name for key, name in names.items() if not unsafe_characters(name)}


def read_french_names(path: Path) -> dict[int, str]:
    """The French names of an alternate-names zip, streamed like a dump (bounded lines)."""
    return read_alternate_names(path, "fr")


def alternate_names_path(cache_folder: Path, country: str) -> Path:
    """Where a fetch keeps a country's alternate-names zip in the HTTP cache folder (where
    :func:`download_alternate_names` writes it)."""
    return cache_folder / "geonames" / "alternatenames" / f"{country.upper()}.zip"


@lru_cache(maxsize=8)
def cached_alternate_names(country: str, language: str, cache_folder: str) -> dict[int, str]:
    """The names in ``language`` from the alternate-names zip that ``pnp data fetch geonames``
    left in ``cache_folder`` for ``country`` (how English material names the places of a
    stored GeoNames set, whose names the fetch made French); empty when there is none, or when
    it cannot be read."""
    path = alternate_names_path(Path(cache_folder), country)
    if not path.is_file():
        return {}
    try:
        return read_alternate_names(path, language)
    except UserError:
        return {}


def check_alternate_names(path: Path, name: str) -> None:
    """Read the whole alternate-names zip ``path`` (downloaded as ``name``): a zip holding
    ``NAME.txt`` whose every row has the 8 to 10 columns of :data:`ALTERNATE_COLUMNS` with
    integer ids."""
    what = _("GeoNames alternate names {name}").format(name=name)
    with _open_dump(path, Path(name).stem) as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            fields = line.rstrip("\r\n").split("\t")
            ok = 8 <= len(fields) <= len(ALTERNATE_COLUMNS)
            if ok:
                try:
                    int(fields[0]), int(fields[1])
                except ValueError:
                    ok = False
            if not ok:
                raise UserError(
                    _(
                        "{what}: row {row} is not an alternate name ({fields_count} columns); "
                        "nothing was kept: check PNP_GEONAMES_URL"
                    ).format(what=what, row=numeral(number), fields_count=len(fields))
                )


def download_alternate_names(http: Http, country: str) -> Path:
    name = f"{country.upper()}.zip"
    return http.download(
        f"{base_url('geonames')}/alternatenames/{name}",
        http.cache_folder / "geonames" / "alternatenames" / name,
        what=_("GeoNames alternate names {name}").format(name=name),
        check=lambda path: check_alternate_names(path, name),
    )


def fetch(http: Http, area: Area) -> Iterator[Place]:
    """Towns and sites of the area, streamed from the country's dump; abroad, each named in
    French where the country's alternate-names file gives a French name (Venise, Anvers). The
    file stays in the cache: English material reads the English names from it
    (:func:`cached_alternate_names`, ``geo.abroad``)."""
    from msgspec.structs import replace

    name = dump_name(area)
    path = download_dump(http, name)
    french: dict[int, str] = {}
    if area.country and area.country.upper() != "FR":
        french = read_french_names(download_alternate_names(http, area.country))
    for place in read_dump(path, area.country or None):
        if area.covers(place.lat, place.lon):
            if place.geonames_id in french:
                place = replace(place, name=french[place.geonames_id])
            yield place
