"""Deterministic CSV and GeoJSON serialisation of the built datasets.

CSV: UTF-8, LF line endings, a header row, rows in a stable order, coordinates with exactly five
decimals (printed from the integer 1e-5 degree values, so no float rounding is involved).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from generator.core.namekeys import name_key
from generator.geo.databuild.agglomerations import Town, agglomeration_cores
from generator.geo.databuild.cities_pbf import GeoNamesCity
from generator.geo.databuild.commune_points import CommunePoint
from generator.geo.databuild.etalab import EtalabArea, EtalabCommune
from generator.geo.databuild.names import TownName, clean_name
from generator.geo.databuild.standing import Standing
from generator.geo.embedded import COMMUNE_COLUMNS  # the reader's columns: one definition

ALL_COMMUNE_COLUMNS = ("insee", "name", "departement", "region", "population", "former_codes")
DEPARTEMENT_COLUMNS = ("code", "name", "region", "chef_lieu")
REGION_COLUMNS = ("code", "name", "chef_lieu")
WORLD_TOWN_COLUMNS = (
    "geonames_id",
    "name",
    "name_fr",
    "admin1",
    "lat",
    "lon",
    "population",
    "name_en",
    "feature",
    "agglomeration",
)
WORLD_INDEX_COLUMNS = ("country", "towns", "minlon", "minlat", "maxlon", "maxlat")
COUNTRY_NAME_COLUMNS = ("code", "name_fr", "name_en")
#: Populated places that are not towns a player could point at: sections of a city (Zürich's
#: Kreise, Madrid's districts), historical, abandoned or destroyed places.
NOT_TOWNS = frozenset({"PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"})
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def format_e5(value: int) -> str:
    """An integer count of 1e-5 degrees as a decimal with exactly five decimals: -448628 ->
    '-4.48628'."""
    sign = "-" if value < 0 else ""
    whole, frac = divmod(abs(value), 100_000)
    return f"{sign}{whole}.{frac:05d}"


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(row)
    return buffer.getvalue()


def communes_csv(points: Iterable[CommunePoint], standing: Mapping[str, Standing]) -> str:
    """Every commune with its point; ``point`` says where the point comes from
    (``commune_points.py``), ``standing``, ``agglomeration`` and ``suburb_of`` how known the
    commune is and whose agglomeration it is in (``standing.py``)."""
    rows = sorted(points, key=lambda p: p.commune.code)
    return csv_text(
        COMMUNE_COLUMNS,
        (
            (
                p.commune.code,
                p.commune.name,
                format_e5(p.lat_e5),
                format_e5(p.lon_e5),
                p.commune.departement,
                p.commune.region,
                p.commune.population,
                "" if p.geonames_id is None else p.geonames_id,
                p.source,
                standing[p.commune.code].standing,
                standing[p.commune.code].agglomeration,
                standing[p.commune.code].suburb_of,
            )
            for p in rows
        ),
    )


def commune_name_keys_text(communes_csv: str) -> str:
    """The name key (:func:`generator.core.namekeys.name_key`) of every row of ``communes.csv``,
    one a line in its order: what ``pnp oucedonc verify`` indexes, instead of working out the
    keys of 35,000 names at every start."""
    rows = csv.reader(io.StringIO(communes_csv))
    next(rows)
    return "".join(f"{name_key(row[1])}\n" for row in rows)


def all_communes_csv(communes: Iterable[EtalabCommune]) -> str:
    """Every current commune (metropolitan and overseas), with or without a point."""
    rows = sorted(communes, key=lambda c: c.code)
    return csv_text(
        ALL_COMMUNE_COLUMNS,
        (
            (c.code, c.name, c.departement, c.region, c.population, " ".join(c.former_codes))
            for c in rows
        ),
    )


def departements_csv(areas: Iterable[EtalabArea]) -> str:
    rows = sorted(areas, key=lambda a: a.code)
    return csv_text(DEPARTEMENT_COLUMNS, ((a.code, a.name, a.region, a.chef_lieu) for a in rows))


def regions_csv(areas: Iterable[EtalabArea]) -> str:
    rows = sorted(areas, key=lambda a: a.code)
    return csv_text(REGION_COLUMNS, ((a.code, a.name, a.chef_lieu) for a in rows))


def world_towns_zip(
    places: Iterable[GeoNamesCity],
    french: Mapping[int, TownName],
    english: Mapping[int, TownName] | None = None,
) -> bytes:
    """The world towns, one CSV member per country (``IT.csv``…) so that a deck reads only its
    own country (names without GeoNames' administrative suffixes, :func:`clean_name`), and
    ``index.csv`` (each country's town count and bounding box). ``name_fr`` and
    ``name_en`` are empty where the town has no name of its own in that language;
    ``agglomeration`` is the GeoNames id of the core of the town's agglomeration
    (:mod:`generator.geo.databuild.agglomerations`). Sections of
    cities and historical places are left out. Fixed dates and attributes: the same towns
    always give the same members."""
    by_country: dict[str, list[GeoNamesCity]] = {}
    for place in places:
        if place.feature_code in NOT_TOWNS:
            continue
        by_country.setdefault(place.country, []).append(place)
    members: dict[str, str] = {}
    index = []
    for country in sorted(by_country):
        rows = sorted(by_country[country], key=lambda p: p.geonames_id)
        core = agglomeration_cores(
            [Town(p.geonames_id, p.lat_e5 / 1e5, p.lon_e5 / 1e5, p.population) for p in rows]
        )
        members[f"{country}.csv"] = csv_text(
            WORLD_TOWN_COLUMNS,
            (
                (
                    p.geonames_id,
                    clean_name(p.country, p.name),
                    french[p.geonames_id].name if p.geonames_id in french else "",
                    p.admin1,
                    format_e5(p.lat_e5),
                    format_e5(p.lon_e5),
                    p.population,
                    english[p.geonames_id].name if english and p.geonames_id in english else "",
                    p.feature_code,
                    core[p.geonames_id],
                )
                for p in rows
            ),
        )
        index.append(
            (
                country,
                len(rows),
                format_e5(min(p.lon_e5 for p in rows)),
                format_e5(min(p.lat_e5 for p in rows)),
                format_e5(max(p.lon_e5 for p in rows)),
                format_e5(max(p.lat_e5 for p in rows)),
            )
        )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in [("index.csv", csv_text(WORLD_INDEX_COLUMNS, index)), *members.items()]:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"), compresslevel=9)
    return buffer.getvalue()


def zip_members(data: bytes) -> dict[str, bytes]:
    """Member name -> content (to compare two builds whatever zlib compressed them)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def country_names_csv(rows: Iterable[tuple[str, str, str]]) -> str:
    return csv_text(COUNTRY_NAME_COLUMNS, rows)


def gzip_bytes(text: str) -> bytes:
    """Gzip with no file name and mtime 0, so the same text always gives the same bytes."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as handle:
        handle.write(text.encode("utf-8"))
    return buffer.getvalue()


def json_text(document: Any) -> str:
    """Stable JSON: sorted keys, two-space indent, UTF-8 characters kept, final newline."""
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def compact_geojson_text(document: Any) -> str:
    """Compact GeoJSON (the outline is mostly numbers; indentation would triple its size)."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
