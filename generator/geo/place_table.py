"""Candidate places as columns, each :class:`Place` record made the first time it is read.

A deck of France weighs its 34,900 communes by name, kind, point and familiarity, and reads the
records of about a thousand: making every record first cost 0.16 s of a 0.8 s deck. A
:class:`PlaceTable` keeps the columns the selection reads (:data:`COLUMNS`) and what each record
is made from (a line of the data file), and makes a record when one is asked for, once: the
same position always gives the same object (the selection tells places apart by identity).

Tables taken from one another (:meth:`PlaceTable.take`, :meth:`PlaceTable.where`) share their
records; :func:`concat` keeps those made already.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from itertools import chain, compress
from operator import attrgetter, itemgetter
from threading import Lock
from typing import Any, TypeVar, overload

from msgspec import Struct

from generator.geo.model import Place

#: The columns a table keeps beside its records: what the selection weighs of every candidate.
COLUMNS = ("id", "name", "kind", "lat", "lon", "familiarity", "country")

#: What a table's maker makes a record of (a line of a CSV file, a parsed row)
Row = Any
T = TypeVar("T")


class Columns(Struct, frozen=True):
    """The :data:`COLUMNS` of a run of places, each in the places' order."""

    ids: Sequence[str]
    names: Sequence[str]
    kinds: Sequence[str]
    lat: Sequence[float]
    lon: Sequence[float]
    familiarity: Sequence[float]
    countries: Sequence[str]

    @classmethod
    def of(cls, places: Sequence[Place]) -> Columns:
        """The columns of records already made."""
        return cls(*(tuple(map(attrgetter(name), places)) for name in COLUMNS))


class _Store:
    """The places every table made of one another reads: their columns, and for each either
    its record or the row it is made from (by ``make``), made once."""

    def __init__(
        self,
        columns: Columns,
        entries: Sequence[Place | Row],
        make: Callable[[Row], Place] | None,
        made: list[Place | None] | None = None,
    ) -> None:
        self.columns = columns
        self.entries = entries
        self.make = make
        # position -> its record, None until made (the records given are made already)
        self.made: list[Place | None] = (
            [entry if type(entry) is Place else None for entry in entries] if made is None else made
        )
        # two threads reading one place at once (the studio's workers share a region's pool)
        # must get the same object: a record is made under the lock
        self._making = Lock()

    def record(self, key: int) -> Place:
        return self.made[key] or self._made(key)

    def _made(self, key: int) -> Place:
        with self._making:
            made = self.made[key]
            if made is None:
                assert self.make is not None  # a row is only stored with its maker
                made = self.made[key] = self.make(self.entries[key])
        return made


class PlaceTable(Sequence[Place]):
    """Places in an order: ``keys`` are their positions in the shared store. ``ranked``: each
    kind comes best known first, then by id (what :meth:`in_rank_order` is given)."""

    def __init__(self, store: _Store, keys: Sequence[int], ranked: bool = False) -> None:
        self._store = store
        self.keys = keys
        self.ranked = ranked

    @classmethod
    def of(cls, places: Sequence[Place] | PlaceTable) -> PlaceTable:
        """``places`` as a table (itself when it is one)."""
        if isinstance(places, PlaceTable):
            return places
        places = tuple(places)
        return cls(_Store(Columns.of(places), places, None), range(len(places)))

    @classmethod
    def of_rows(
        cls, rows: Sequence[Row], make: Callable[[Row], Place], columns: Columns
    ) -> PlaceTable:
        """The places of ``rows`` whose ``columns`` are known: each record made by ``make``
        when first read."""
        return cls(_Store(columns, rows, make), range(len(rows)))

    def __len__(self) -> int:
        return len(self.keys)

    @overload
    def __getitem__(self, index: int) -> Place: ...

    @overload
    def __getitem__(self, index: slice) -> PlaceTable: ...

    def __getitem__(self, index: int | slice) -> Place | PlaceTable:
        if isinstance(index, slice):
            return PlaceTable(self._store, self.keys[index])
        return self._store.record(self.keys[index])

    def __iter__(self) -> Iterator[Place]:
        record = self._store.record
        return map(record, self.keys)

    def at_key(self, key: int) -> Place:
        """The place at the store position ``key`` (one of :attr:`keys`)."""
        return self._store.record(key)

    def names_at_keys(self, keys: Iterable[int]) -> list[str]:
        """The names of the places at the store positions ``keys`` (some of :attr:`keys`)."""
        return list(map(self._store.columns.names.__getitem__, keys))

    def points_at_keys(self, keys: Iterable[int]) -> list[tuple[float, float]]:
        """The (latitude, longitude) of the places at the store positions ``keys`` (some of
        :attr:`keys`), read from the columns: no record made."""
        columns = self._store.columns
        return [(columns.lat[key], columns.lon[key]) for key in keys]

    def take(self, positions: Iterable[int]) -> PlaceTable:
        """The places at ``positions`` (of this table), in that order."""
        return PlaceTable(self._store, _picked(self.keys, list(positions)))

    def in_rank_order(self, order: Iterable[int]) -> PlaceTable:
        """The places at ``order``, an order that ranks each kind best known first, then by
        id (:func:`~generator.geo.catalog.load_places`): no deal sorts them again. The kinds
        come one after the other (towns, then sites)."""
        return PlaceTable(self._store, _picked(self.keys, list(order)), ranked=True)

    def where(self, keep: Iterable[bool]) -> PlaceTable:
        """The places whose ``keep`` is true, in order (ranked if these are)."""
        kept = list(compress(range(len(self.keys)), keep))
        return PlaceTable(self._store, _picked(self.keys, kept), self.ranked)

    def of_kind(self, kind: str) -> PlaceTable:
        """Only the places of ``kind`` ("town" or "site"), in order. In a ranked table the
        places of a kind are one run (:meth:`in_rank_order`): that run, found without a test
        per place."""
        kinds = self.kinds
        if self.ranked:
            start = kinds.index(kind) if kind in kinds else 0
            stop = start + kinds.count(kind)
            if kinds[start:stop].count(kind) == stop - start:  # one run indeed
                return PlaceTable(self._store, self.keys[start:stop], True)
        return self.where(map(kind.__eq__, kinds))

    @cached_property
    def ids(self) -> Sequence[str]:
        return self._column(self._store.columns.ids)

    @cached_property
    def names(self) -> Sequence[str]:
        return self._column(self._store.columns.names)

    @cached_property
    def kinds(self) -> Sequence[str]:
        return self._column(self._store.columns.kinds)

    @cached_property
    def lat(self) -> Sequence[float]:
        return self._column(self._store.columns.lat)

    @cached_property
    def lon(self) -> Sequence[float]:
        return self._column(self._store.columns.lon)

    @cached_property
    def familiarity(self) -> Sequence[float]:
        return self._column(self._store.columns.familiarity)

    @cached_property
    def countries(self) -> Sequence[str]:
        return self._column(self._store.columns.countries)

    def _column(self, whole: Sequence[T]) -> Sequence[T]:
        keys = self.keys
        if isinstance(keys, range) and keys == range(len(whole)):
            return whole
        return _picked(whole, keys)


def _picked(values: Sequence[T], positions: Sequence[int]) -> tuple[T, ...]:
    """``values`` at ``positions``, as a tuple (gathered in C)."""
    if len(positions) > 1:
        picked: tuple[T, ...] = itemgetter(*positions)(values)
        return picked
    return tuple(values[i] for i in positions)


def concat(tables: Sequence[PlaceTable]) -> PlaceTable:
    """The places of ``tables`` one after another, in one new store (records made in them
    are kept: the same objects)."""
    makers = {table._store.make for table in tables if table._store.make is not None}
    if len(makers) > 1:
        raise ValueError("tables made by different makers cannot share a store")
    entries: list[Place | Row] = []
    made: list[Place | None] = []
    for table in tables:
        store, keys = table._store, table.keys
        if keys == range(len(store.entries)):  # a whole store, in its order
            entries += store.entries
            made += store.made
        else:
            entries += map(store.entries.__getitem__, keys)
            made += map(store.made.__getitem__, keys)
    columns = Columns(
        *(
            list(chain.from_iterable(getattr(table, name) for table in tables))
            for name in ("ids", "names", "kinds", "lat", "lon", "familiarity", "countries")
        )
    )
    store = _Store(columns, entries, next(iter(makers), None), made)
    return PlaceTable(store, range(len(entries)))
