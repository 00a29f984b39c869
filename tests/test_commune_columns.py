"""The communes' columns kept in the cache folder (geo/commune_columns.py): read back, they give
the table the file gives; a stored file that is damaged, stale or unwritable never changes a
deck."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import astuple

from generator.geo import commune_columns, embedded
from generator.geo.familiarity import TITLES, town_familiarities, town_familiarity

EVERYWHERE = frozenset({"29", "2A", "971", "75"})


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped communes file as the data set, a cache folder of its own."""
    folder = tmp_path / "shipped"
    folder.mkdir()
    for name in ("communes.csv", "departements.csv", "regions.csv"):
        shutil.copy(embedded.PACKAGED / name, folder / name)
    monkeypatch.setattr(embedded, "folder", lambda: folder)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    _forget()
    yield folder
    _forget()  # the next test reads the shipped file again


def _forget() -> None:
    for cached in (embedded.communes, embedded.communes_in, embedded.commune_table):
        cached.cache_clear()


def _stored(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "tables").glob("communes-*.marshal"))


def _table(departements: frozenset[str] = EVERYWHERE) -> list[tuple[object, ...]]:
    """The table's columns and its records, as plain values."""
    _forget()
    table = embedded.commune_table(departements)
    return [
        tuple(table.ids),
        tuple(table.names),
        tuple(table.lat),
        tuple(table.lon),
        tuple(table.familiarity),
        tuple(map(astuple, table)),
    ]


def test_the_columns_read_back_are_the_files(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed = _table()  # the first run parses the file and stores its columns
    (stored,) = _stored(tmp_path)
    assert stored.stat().st_size > 500_000

    def no_parse(lines: object) -> None:
        raise AssertionError("the stored columns were not read")

    monkeypatch.setattr(embedded, "_split_lines", no_parse)
    assert _table() == parsed  # read back: the same columns, the same records
    assert _table(frozenset({"29"})) != parsed  # another selection, from the same columns
    monkeypatch.undo()
    assert [p.name for p in embedded.communes_in(frozenset({"29"}))] == [
        p.name for p in embedded.commune_table(frozenset({"29"}))
    ]


@pytest.mark.parametrize("damage", ["truncated", "garbage", "short", "empty"])
def test_a_damaged_stored_file_is_parsed_again_and_replaced(
    shipped: Path, tmp_path: Path, damage: str
) -> None:
    parsed = _table()
    (stored,) = _stored(tmp_path)
    data = stored.read_bytes()
    if damage == "truncated":
        stored.write_bytes(data[: len(data) // 2])
    elif damage == "garbage":
        stored.write_bytes(b"\x00not marshal" * 100)
    elif damage == "short":  # the columns of fewer rows (another file's, same name)
        _forget()
        rows = commune_columns.CommuneColumns.of_rows(
            [line.split(",") for line in ["75056,Paris,48.8,2.3,75,11,2100000,,x,region,,"]],
            embedded.COMMUNE_COLUMNS,
        )
        commune_columns._write(stored, rows)
    else:
        stored.write_bytes(b"")
    assert _table() == parsed
    (again,) = _stored(tmp_path)
    assert again.read_bytes() == data  # stored again, whole


def test_other_data_reads_other_columns_and_the_old_file_goes(
    shipped: Path, tmp_path: Path
) -> None:
    before = _table()
    (old,) = _stored(tmp_path)
    path = shipped / "communes.csv"
    header, first, *rest = path.read_text(encoding="utf-8").split("\n")
    fields = first.split(",")
    fields[1] = "Autre-Nom"
    path.write_text("\n".join([header, ",".join(fields), *rest]), encoding="utf-8")
    after = _table(frozenset({fields[4]}))
    assert "Autre-Nom" in after[1] and "Autre-Nom" not in before[1]
    (new,) = _stored(tmp_path)
    assert new != old and not old.exists()


def test_a_cache_folder_that_cannot_be_written_is_no_error(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    parsed = _table()
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    assert _table() == parsed and len(_stored(tmp_path)) == 1


@given(
    st.lists(
        st.tuples(
            st.integers(0, 3_000_000),
            st.sampled_from(["", *TITLES, "unknown"]),
            st.booleans(),
        ),
        max_size=30,
    )
)
def test_familiarity_in_bulk_is_one_by_one(rows: list[tuple[int, str, bool]]) -> None:
    population, standing, suburb = (
        (list(column) for column in zip(*rows, strict=True)) if rows else ([], [], [])
    )
    assert town_familiarities(population, standing, suburb) == [
        town_familiarity(*row) for row in rows
    ]
