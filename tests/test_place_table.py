"""Candidate places as columns (geo/place_table.py): the same places as the records, in the same
order, each record made once and only when read."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import astuple, replace

from generator.core.errors import UserError
from generator.geo import embedded
from generator.geo.model import Place
from generator.geo.place_table import COLUMNS, Columns, PlaceTable, concat

places = st.builds(
    Place,
    id=st.text(min_size=1, max_size=6),
    name=st.text(max_size=6),
    kind=st.sampled_from(["town", "site"]),
    lat=st.floats(-90, 90),
    lon=st.floats(-180, 180),
    familiarity=st.floats(0, 1e6),
    country=st.sampled_from(["FR", "IT"]),
)


@given(st.lists(places, max_size=12), st.data())
def test_a_table_reads_as_its_records(records: list[Place], data: st.DataObject) -> None:
    table = PlaceTable.of(records)
    assert list(table) == records and len(table) == len(records)
    positions = data.draw(st.lists(st.integers(0, max(0, len(records) - 1)), max_size=8))
    positions = positions if records else []
    taken = table.take(positions)
    assert list(taken) == [records[i] for i in positions]
    for column, name in zip(
        (taken.ids, taken.names, taken.kinds, taken.lat, taken.lon),
        COLUMNS[:5],
        strict=True,
    ):
        assert list(column) == [getattr(records[i], name) for i in positions]
    assert list(table[1:3]) == records[1:3]


def test_records_are_made_once_and_only_when_read() -> None:
    made: list[str] = []

    def make(row: tuple[str, float]) -> Place:
        made.append(row[0])
        return Place(row[0], row[0].upper(), "town", row[1], 0.0)

    rows = [("a", 1.0), ("b", 2.0), ("c", 3.0)]
    columns = Columns.of([make(row) for row in rows])  # the columns, known without the table
    made.clear()
    table = PlaceTable.of_rows(rows, make, columns)
    reversed_ = table.take([2, 1, 0])
    assert reversed_.names == ("C", "B", "A") and made == []  # columns: no record made
    first = reversed_[0]
    assert made == ["c"] and first.name == "C"
    assert table[2] is first  # one record per place, whichever table reads it
    both = concat([table, PlaceTable.of([Place("z", "Z", "site", 0.0, 0.0)])])
    assert both[2] is first and [p.id for p in both] == ["a", "b", "c", "z"]
    assert sorted(made) == ["a", "b", "c"]


def test_a_deck_of_france_makes_the_records_it_reads_only() -> None:
    """The point of the table: France's deal reads about a thousand of 34,900 communes, and
    the places it gives are the records the data gives (not look-alikes)."""
    from generator.games.oucedonc.coords import Precision, printed_grid
    from generator.geo import pick
    from generator.geo.regions import resolve_region

    for cached in (
        embedded.communes,
        embedded.communes_in,
        embedded.commune_table,
        pick._embedded_places,
        pick._embedded_pool,
    ):
        cached.cache_clear()  # a table of rows, not of the records another test made
    request = pick.PickRequest(count=63)
    picked = pick.pick_places(request, grids=(printed_grid(Precision.SECOND),))
    table = pick._embedded_pool(resolve_region("france"), "all").candidates
    towns = [p for p in table._store.made if p is not None and p.kind == "town"]
    assert 300 < len(towns) < 5_000 < 34_000 < len(table)
    by_id = {place.id: place for place in embedded.communes()}
    dealt = [place for place in picked.places if place.kind == "town"]
    assert len(dealt) > 30
    for place in dealt:
        assert astuple(replace(by_id[place.id], name=place.name)) == astuple(place)


@pytest.mark.parametrize("region", ["france", "29", "IT", "-5.2,47.2,-1,48.9"])
def test_the_catalogs_ranking_is_the_deals_within_each_kind(region: str) -> None:
    """load_places gives each kind best known first, then by id: the pool takes that order
    as it is (it does not sort 35,000 communes again), so it must be the deal's own."""
    from generator.geo.catalog import load_places
    from generator.geo.selection import _by_familiarity

    places = load_places("embedded", region)
    assert places.ranked
    sorted_again = _by_familiarity(PlaceTable.of(list(places)))
    for kind in ("town", "site"):
        assert list(places.of_kind(kind).ids) == list(sorted_again.of_kind(kind).ids)
    assert not places.take(range(len(places))).ranked  # any order: not known to be ranked
    assert places.of_kind("town").ranked  # a filter keeps the order


def _communes_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """The shipped set with ``text`` as its communes.csv (the caches cleared)."""
    import shutil

    shipped = tmp_path / "shipped"
    shipped.mkdir(parents=True)
    for name in ("communes.csv", "departements.csv", "regions.csv"):
        shutil.copy(embedded.PACKAGED / name, shipped / name)
    (shipped / "communes.csv").write_text(text, encoding="utf-8")
    monkeypatch.setattr(embedded, "PACKAGED", shipped)
    monkeypatch.setattr(embedded, "folder", lambda: shipped)
    for cached in (embedded.communes, embedded.communes_in, embedded.commune_table):
        cached.cache_clear()


def test_a_quoted_field_or_a_damaged_line_in_the_communes_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table splits the built file's lines at their commas; a file with a quoted field
    (a name with a comma) is read by the CSV reader, the same places; a damaged line is one
    clear error."""
    shipped = (embedded.PACKAGED / "communes.csv").read_text(encoding="utf-8")
    header, first, *rest = shipped.split("\n")
    fields = first.split(",")
    fields[1] = '"Abergement, L\'"'
    quoted = "\n".join([header, ",".join(fields), *rest])
    _communes_folder(tmp_path, monkeypatch, quoted)
    everywhere = frozenset(d.code for d in embedded.departements())
    table = embedded.commune_table(everywhere)
    assert table[0].name == "Abergement, L'" and table.names[0] == "Abergement, L'"
    assert list(table)[1:50] == list(embedded.communes_in(everywhere))[1:50]
    damaged = "\n".join([header, ",".join(first.split(",")[:5]), *rest])
    _communes_folder(tmp_path / "2", monkeypatch, damaged)
    with pytest.raises(UserError, match=r"communes\.csv is damaged; restore it"):
        embedded.commune_table(everywhere)
    not_a_number = ",".join([*first.split(",")[:2], "north", *first.split(",")[3:]])
    short_and_quoted = ",".join(fields[:5])
    for number, case in enumerate((not_a_number, short_and_quoted), start=3):
        _communes_folder(tmp_path / str(number), monkeypatch, "\n".join([header, case, *rest]))
        with pytest.raises(UserError, match=r"communes\.csv is damaged; restore it"):
            embedded.commune_table(everywhere)
    for cached in (embedded.communes, embedded.communes_in, embedded.commune_table):
        cached.cache_clear()  # the next test reads the shipped file again


@given(st.lists(st.sampled_from(["town", "site"]), max_size=20), st.booleans())
def test_of_kind_is_the_places_of_that_kind(
    kinds: list[Literal["town", "site"]], ranked: bool
) -> None:
    """A ranked table finds a kind as one run; a table whose kinds are not one run (even one
    said to be ranked) is filtered place by place: the same places either way."""
    records = [Place(f"p{i}", f"P{i}", kind, 0.0, 0.0) for i, kind in enumerate(kinds)]
    table = PlaceTable.of(records)
    table = PlaceTable(table._store, table.keys, ranked=ranked)
    for kind in ("town", "site", "other"):
        chosen = table.of_kind(kind)
        assert list(chosen) == [p for p in records if p.kind == kind]
        assert list(chosen.ids) == [p.id for p in records if p.kind == kind]
        assert chosen.ranked == ranked
