"""The chefs-lieux of the communes: IGN Admin Express points, as the compact file the build reads.

The reference is ``cheflieu.geojson`` of the public repository benoitdavidfr/comhisto
(``export/cheflieu.7z``, commit 81a48fa, 2020-12-02): for every commune code that existed since
1943, the point of its chef-lieu on 1 January 2020. Its ``source`` says where a point comes from:
``chef_lieu_carto``, the ``CHEF_LIEU`` layer of IGN Admin Express COG CARTO 2020 (the place of
the town hall's settlement, to the 1e-5 degree), or ``wpgp``, the coordinates of the former
commune's Wikipedia article or of the Géoportail (for the communes merged before 2020, which
Admin Express no longer holds). ``cinsee0`` is the code the point was entered under, ``cinseea``
the code of the commune it belonged to in 2020.

:func:`derive` keeps ``cinsee0, cinseea, source, lat, lon`` (the coordinates as the reference
writes them, so that :func:`supports_seconds` can read their precision) in a gzip CSV with no
name and mtime 0: the same reference always gives the same bytes. About 500 kB.

Rebuild: ``7z x cheflieu.7z`` then ``python scripts/chefs_lieux.py --ign cheflieu.geojson``.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import zlib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.errors import UserError
from generator.core.i18n import N_, _
from generator.geo.precision import on_minute_grid

CHEFS_LIEUX_COLUMNS = ("cinsee0", "cinseea", "source", "lat", "lon")
IGN = "chef_lieu_carto"  # Admin Express 2020: precise to the metre
WIKIPEDIA = "wpgp"  # a former commune's Wikipedia (or Géoportail) coordinates
MAX_REFERENCE_BYTES = 64 << 20  # the reference is 8 MB of GeoJSON


@dataclass(frozen=True, slots=True)
class ChefLieu:
    code0: str  # the code the point was entered under (1943 or the commune's creation)
    code: str  # the code of the commune it belonged to on 1 January 2020
    source: str  # IGN or WIKIPEDIA
    lat: str  # as the reference writes them (their decimals say how precise they are)
    lon: str

    @property
    def point(self) -> tuple[float, float]:
        return float(self.lat), float(self.lon)


def derive(reference: Path) -> bytes:
    """The compact chefs-lieux file (gzip bytes) from the reference GeoJSON."""
    from generator.core.inputs import read_input
    from generator.core.text import one_line

    raw = read_input(reference, N_("IGN chefs-lieux"), MAX_REFERENCE_BYTES)
    try:
        document = json.loads(raw)
        rows = sorted(row for row in map(_row, document["features"]) if row is not None)
    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
        detail = one_line(f"{type(exc).__name__}: {exc}")[:160]
        raise UserError(
            _(
                "cannot read the chefs-lieux {reference} ({detail}); give the path of "
                "cheflieu.geojson, extracted from comhisto's export/cheflieu.7z"
            ).format(reference=reference, detail=detail)
        ) from None
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CHEFS_LIEUX_COLUMNS)
    writer.writerows(rows)
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0, compresslevel=9) as handle:
        handle.write(buffer.getvalue().encode("utf-8"))
    return out.getvalue()


def _row(feature: dict[str, Any]) -> tuple[str, str, str, str, str] | None:
    """One point (None: a code the reference gives no point)."""
    properties, geometry = feature["properties"], feature["geometry"]
    if geometry is None or properties["source"] not in (IGN, WIKIPEDIA):
        return None
    lon, lat = geometry["coordinates"]
    if not all(isinstance(v, int | float) for v in (lon, lat)):
        raise TypeError("a point's coordinates are numbers")
    code0, code = properties["cinsee0"], properties["cinseea"]
    if not isinstance(code0, str) or not isinstance(code, str):
        raise TypeError("the codes are text")
    return code0, code, properties["source"], repr(float(lat)), repr(float(lon))


def is_chefs_lieux_file(path: Path) -> bool:
    """The compact file :func:`derive` wrote (a gzip CSV with its header)."""
    with gzip.open(path, "rb") as handle:
        return handle.readline(256) == (",".join(CHEFS_LIEUX_COLUMNS) + "\n").encode()


@dataclass(frozen=True)
class ChefsLieux:
    """The points, by the code they were entered under and by the 2020 commune's code."""

    by_code0: dict[str, tuple[ChefLieu, ...]]
    by_code: dict[str, tuple[ChefLieu, ...]]


def read_chefs_lieux(data: bytes) -> ChefsLieux:
    try:
        text = gzip.decompress(data).decode("utf-8")
    except (OSError, EOFError, zlib.error, UnicodeDecodeError):
        text = ""
    reader = csv.reader(io.StringIO(text))
    header = tuple(next(reader, ()))
    if header != CHEFS_LIEUX_COLUMNS:
        raise UserError(
            _(
                "the chefs-lieux file is damaged (columns {header}); restore it from git or run "
                "'python scripts/chefs_lieux.py'"
            ).format(header=header)
        )
    by_code0: dict[str, list[ChefLieu]] = defaultdict(list)
    by_code: dict[str, list[ChefLieu]] = defaultdict(list)
    for row in reader:
        point = ChefLieu(*row)
        by_code0[point.code0].append(point)
        by_code[point.code].append(point)
    return ChefsLieux(
        {k: tuple(v) for k, v in by_code0.items()}, {k: tuple(v) for k, v in by_code.items()}
    )


def supports_seconds(lat: str, lon: str) -> bool:
    """Whether a point written ``lat``, ``lon`` is good to the arc-second: at least four
    decimals each (0.0001 degree is 0.36″) and not both on the minute grid."""
    decimals = min(len(text.partition(".")[2]) for text in (lat, lon))
    return decimals >= 4 and not (on_minute_grid(float(lat)) and on_minute_grid(float(lon)))


# --- the ANCT list of chefs-lieux (cantons' bureaux centralisateurs) -------------------------

ANCT_COLUMNS = ("insee", "statut", "name")
ANCT_STATUTS = ("région", "département", "sous-prefecture", "canton")


def derive_anct(reference: Path) -> str:
    """The ANCT chefs-lieux table (CSV text) from ``data/cheflieux.geojson`` of the public
    repository anct-carto/pvd: the chef-lieu of every région, département, arrondissement and
    canton (the canton's *bureau centralisateur*), one row per commune, its strongest title."""
    from generator.core.inputs import read_input
    from generator.core.text import one_line

    raw = read_input(reference, N_("ANCT chefs-lieux"), MAX_REFERENCE_BYTES)
    rows: dict[str, tuple[str, str, str]] = {}
    try:
        for feature in json.loads(raw)["features"]:
            properties = feature["properties"]
            code, statut, name = properties["CODGEO"], properties["STATUT"], properties["libgeom"]
            if statut not in ANCT_STATUTS or not isinstance(code, str):
                raise ValueError(f"unknown STATUT {statut!r}")
            current = rows.get(code)
            if current is None or ANCT_STATUTS.index(statut) < ANCT_STATUTS.index(current[1]):
                rows[code] = (code, statut, name)
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        detail = one_line(f"{type(exc).__name__}: {exc}")[:160]
        raise UserError(
            _("cannot read the ANCT chefs-lieux {reference} ({detail})").format(
                reference=reference, detail=detail
            )
        ) from None
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(ANCT_COLUMNS)
    writer.writerows(sorted(rows.values()))
    return buffer.getvalue()


def read_anct(text: str) -> dict[str, str]:
    """INSEE code -> its strongest ANCT title (``canton`` for a bureau centralisateur)."""
    reader = csv.reader(io.StringIO(text))
    header = tuple(next(reader, ()))
    if header != ANCT_COLUMNS:
        raise UserError(
            _("the ANCT chefs-lieux table has columns {header}; restore it from git").format(
                header=header
            )
        )
    return {row[0]: row[1] for row in reader}
