"""The columns of ``communes.csv`` a deal weighs, parsed once per file and kept in pnp's cache
folder.

A deck of France weighs all 34,900 communes by name, point and familiarity (their records are
made only when read: :mod:`generator.geo.place_table`). Splitting the 2.6 MB file into those
columns costs about 80 ms at every run; read back from the cache folder they cost about 12 ms.
It is the same bargain as Jinja's compiled templates (``cache_dir()/templates``): a file
derived from another, written once, read by every later run.

The stored file holds the columns of the CSV file's own fields, nothing the code derives from
them (the familiarity is computed at every run from the population and the title), and its
name holds the SHA-1 of the CSV file's bytes and :data:`FORMAT`: a data build, a checkout of
other data or a change of what is stored reads another name. A stored file that cannot be read,
or does not match the CSV file's rows, is parsed again and written again; a cache folder that
cannot be written is no error (the columns are parsed at every run).
"""

from __future__ import annotations

import hashlib
import marshal
import os
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

from msgspec import Struct
from msgspec.structs import fields

#: What a stored file holds; bump it when that changes (files of another format are not read)
FORMAT = 1
_FOLDER = "tables"
_PREFIX = "communes-"
_SEPARATOR = "\n"  # no field of a line of communes.csv holds one


class CommuneColumns(Struct, frozen=True):
    """The fields of every row of ``communes.csv`` a deal weighs, in the file's order."""

    ids: list[str]  # "insee:CODE"
    names: list[str]
    lat: list[float]
    lon: list[float]
    departements: list[str]
    population: list[int]
    standing: list[str]  # the commune's title (geo/familiarity.py), "" for none
    suburb: list[bool]  # it is the suburb of another town

    def __len__(self) -> int:
        return len(self.ids)

    @classmethod
    def of_rows(cls, rows: Sequence[Sequence[str]], columns: tuple[str, ...]) -> CommuneColumns:
        """The columns of parsed ``rows`` whose header is ``columns``."""
        at = columns.index
        return cls(
            ids=["insee:" + row[at("insee")] for row in rows],
            names=[row[at("name")] for row in rows],
            lat=[float(row[at("lat")]) for row in rows],
            lon=[float(row[at("lon")]) for row in rows],
            departements=[row[at("departement")] for row in rows],
            population=[int(row[at("population")]) for row in rows],
            standing=[row[at("standing")] for row in rows],
            suburb=[bool(row[at("suburb_of")]) for row in rows],
        )

    @classmethod
    def joined(cls, parts: Sequence[CommuneColumns]) -> CommuneColumns:
        """``parts`` one after another."""
        return cls(
            *(
                [value for part in parts for value in getattr(part, field.name)]
                for field in fields(cls)
            )
        )


def commune_columns(
    data: bytes, rows: int, parse: Callable[[], CommuneColumns], folder: Path
) -> CommuneColumns:
    """The columns of the communes file whose bytes are ``data`` (``rows`` rows): read from
    ``folder`` (pnp's cache folder) when stored there, else ``parse()``-d and stored."""
    digest = hashlib.sha1(data, usedforsecurity=False).hexdigest()
    path = folder / _FOLDER / f"{_PREFIX}{digest}-{FORMAT}-{marshal.version}.marshal"
    stored = _read(path, rows)
    if stored is not None:
        return stored
    columns = parse()
    _write(path, columns)
    return columns


def _read(path: Path, rows: int) -> CommuneColumns | None:
    """The columns stored at ``path``, or None (none stored, unreadable, not ``rows`` rows)."""
    try:
        stored = marshal.loads(path.read_bytes())
        columns = CommuneColumns(
            ids=stored["ids"].split(_SEPARATOR),
            names=stored["names"].split(_SEPARATOR),
            lat=_floats(stored["lat"]),
            lon=_floats(stored["lon"]),
            departements=stored["departements"].split(_SEPARATOR),
            population=_integers(stored["population"]),
            standing=stored["standing"].split(_SEPARATOR),
            suburb=[bool(flag) for flag in stored["suburb"]],
        )
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):
        return None  # none stored yet, or written by something else: parsed again
    if any(len(getattr(columns, field.name)) != rows for field in fields(columns)):
        return None
    return columns


def _floats(data: bytes) -> list[float]:
    values = array("d")
    values.frombytes(data)
    return values.tolist()


def _integers(data: bytes) -> list[int]:
    values = array("q")
    values.frombytes(data)
    return values.tolist()


def _write(path: Path, columns: CommuneColumns) -> None:
    """Store ``columns`` at ``path`` whole or not at all (a temporary file renamed: a run
    reading it at the same time reads the old file or the new one), and remove the files
    stored for other data (this folder holds nothing else)."""
    import tempfile  # only when a file is written: not on every deck's path

    blob = marshal.dumps(
        {
            "ids": _SEPARATOR.join(columns.ids),
            "names": _SEPARATOR.join(columns.names),
            "lat": array("d", columns.lat).tobytes(),
            "lon": array("d", columns.lon).tobytes(),
            "departements": _SEPARATOR.join(columns.departements),
            "population": array("q", columns.population).tobytes(),
            "standing": _SEPARATOR.join(columns.standing),
            "suburb": bytes(columns.suburb),
        }
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".writing-")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(blob)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
        for old in path.parent.glob(f"{_PREFIX}*.marshal"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        return  # a cache folder that cannot be written: parsed again next run
