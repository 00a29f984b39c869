"""Issue #15 re-checked on the commands merged after the hardening: ``pnp data build`` and its
stamp, ``pnp data outlines``, ``pnp about``, ``pnp oucedonc play``. Each test failed on main
before its fix."""

from __future__ import annotations

import gzip
import json
import os
import zipfile

import pytest

from generator.geo import embedded
from generator.geo.databuild import build
from generator.geo.databuild.build import differing_files, run_build
from tests.conftest import one_line_error, pnp
from tests.referee_fixtures import deck_json
from tests.test_databuild import fake_pack


@pytest.fixture
def user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "user-data"))
    return tmp_path / "user-data" / "datasets"


@pytest.fixture
def built(tmp_path, user_data):
    """A whole set built (from the small fake packages) into the user data folder."""
    run_build(user_data, pack=fake_pack(tmp_path))
    assert embedded.folder() == user_data
    return user_data


# --------------------------------------------------------------------------- the build stamp


@pytest.mark.parametrize("kind", ["nested", "fifo", "dev-zero", "folder", "list"])
def test_a_hostile_stamp_is_not_read_and_no_command_hangs_or_crashes(user_data, kind):
    user_data.mkdir(parents=True)
    stamp = user_data / embedded.BUILD_STAMP_FILE
    if kind == "nested":
        stamp.write_text("[" * 30_000 + "]" * 30_000)  # was a RecursionError in every command
    elif kind == "fifo":
        os.mkfifo(stamp)  # was a hang in every command that reads the embedded set
    elif kind == "dev-zero":
        stamp.symlink_to("/dev/zero")  # was a read until memory ran out
    elif kind == "folder":
        stamp.mkdir()
    else:
        stamp.write_text('["pnp"]')
    assert embedded.folder() == embedded.PACKAGED
    result = pnp("places", "--region", "29", "--limit", "1")
    assert result.returncode == 0, result.stderr


def test_a_set_changed_after_its_build_is_not_read_and_about_says_why(built):
    (built / "regions.csv").write_bytes(b"\xff\xfe not the build's")  # was a UnicodeDecodeError
    assert embedded.folder() == embedded.PACKAGED
    assert pnp("places", "--region", "bretagne", "--limit", "1").returncode == 0
    about = pnp("about")
    assert about.returncode == 0
    assert "regions.csv changed since the build; run 'pnp data build' again" in about.stdout


def test_a_set_with_a_file_replaced_by_a_fifo_is_not_read(built):
    (built / "regions.csv").unlink()
    os.mkfifo(built / "regions.csv")
    assert embedded.folder() == embedded.PACKAGED


def test_the_stamp_records_what_every_file_is(built):
    stamp = json.loads((built / embedded.BUILD_STAMP_FILE).read_text(encoding="utf-8"))
    assert set(stamp["sha256"]) == set(embedded.SET_FILES) == set(stamp["files"])


def test_data_build_refuses_a_folder_or_a_users_file_at_the_stamp_name(tmp_path, user_data):
    user_data.mkdir(parents=True)
    stamp = user_data / embedded.BUILD_STAMP_FILE
    stamp.mkdir()  # was an IsADirectoryError traceback after the whole build
    with pytest.raises(build.UserError, match="is a folder"):
        run_build(user_data, pack=fake_pack(tmp_path))
    stamp.rmdir()
    stamp.write_text("my notes\n")  # was deleted, then replaced by the stamp, without a word
    with pytest.raises(build.UserError, match="not a build stamp made by pnp"):
        run_build(user_data, pack=fake_pack(tmp_path))
    assert stamp.read_text() == "my notes\n"
    run_build(user_data, pack=fake_pack(tmp_path), force=True)
    assert embedded.folder() == user_data


def test_check_reports_a_damaged_archive_as_differing_not_aborted(tmp_path):
    (tmp_path / "a.gz").write_bytes(b"\x1f\x8b\x08\x00cut")  # EOFError: click said "aborted"
    (tmp_path / "b.zip").write_bytes(b"PK\x03\x04 not a zip")
    (tmp_path / "c.gz").write_bytes(b"not gzip at all")
    fresh = {"a.gz": gzip.compress(b"x"), "b.zip": b"", "c.gz": gzip.compress(b"y")}
    with zipfile.ZipFile(tmp_path / "fresh.zip", "w") as archive:
        archive.writestr("m.csv", "x")
    fresh["b.zip"] = (tmp_path / "fresh.zip").read_bytes()
    assert differing_files(tmp_path, fresh) == ["a.gz", "b.zip", "c.gz"]


# --------------------------------------------------------------------------- data outlines


def _reference(path, features):
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    return path


@pytest.mark.parametrize(
    "body",
    [
        b'{"features": 5}',
        b'{"features": [1]}',
        b'{"features": [{"properties": {"code": 5, "nom": "X"}}]}',
        b'{"features": [{"properties": {"code": "29019", "nom": "X"}, "geometry": 3}]}',
        b"[" * 30_000,
        b"\x1f\x8b\x08\x00\x00\x00",  # gzip cut short: click turned the EOFError into "aborted"
    ],
)
def test_outlines_from_a_file_that_is_not_the_reference_is_one_line(tmp_path, body):
    reference = tmp_path / "ref.json"
    reference.write_bytes(body)
    one_line_error(
        pnp("data", "outlines", str(reference), "--out", str(tmp_path / "out")),
        "give the path of communes-ign-2018.geojson.gz",
    )
    assert not (tmp_path / "out" / embedded.COMMUNE_OUTLINES_FILE).exists()


def test_outlines_from_a_fifo_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    one_line_error(pnp("data", "outlines", str(tmp_path / "fifo"), "--out", str(tmp_path)), "FIFO")


def test_outlines_replace_only_their_own_file_unless_forced(tmp_path):
    ring = [[0.0, 47.0], [0.1, 47.0], [0.1, 47.1], [0.0, 47.1], [0.0, 47.0]]
    feature = {
        "type": "Feature",
        "properties": {"code": "72001", "nom": "Carré"},
        "geometry": {"type": "Polygon", "coordinates": [ring]},
    }
    reference = _reference(tmp_path / "ref.geojson", [feature])
    out = tmp_path / "out"
    out.mkdir()
    target = out / embedded.COMMUNE_OUTLINES_FILE
    target.write_bytes(b"my own archive")
    one_line_error(pnp("data", "outlines", str(reference), "--out", str(out)), "--force")
    assert target.read_bytes() == b"my own archive"
    assert pnp("data", "outlines", str(reference), "--out", str(out), "--force").returncode == 0
    first = target.read_bytes()
    assert pnp("data", "outlines", str(reference), "--out", str(out)).returncode == 0  # its own
    assert target.read_bytes() == first and b"72001" in gzip.decompress(first)


# --------------------------------------------------------------------------- about, play


def test_about_prints_folder_names_as_text(tmp_path):
    result = pnp(
        "about", env={"PNP_DATA_DIR": str(tmp_path / "d\x1b[2J"), "PNP_CACHE_DIR": str(tmp_path)}
    )
    assert result.returncode == 0 and "\x1b" not in result.stdout
    assert "d\\x1b[2J" in result.stdout


def test_play_echoes_typed_lines_as_text(tmp_path):
    from generator.cli.common import data_console
    from generator.cli.oucedonc_play import PipedTerminal

    (tmp_path / "deck.json").write_text(deck_json(), encoding="utf-8")
    import io

    console = data_console()
    console.file = io.StringIO()
    terminal = PipedTerminal(iter(["\x1b[2Jboom\n"]), console)
    assert terminal.ask("> ") == "\x1b[2Jboom"  # the line itself is kept for the parser
    assert "\x1b" not in console.file.getvalue() and "\\x1b[2Jboom" in console.file.getvalue()


def test_data_build_check_of_a_name_over_255_bytes_is_one_line(tmp_path):
    """Found by the fuzz harness (seed 15): --check skipped the name checks of the build."""
    one_line_error(pnp("data", "build", "--check", "--out", str(tmp_path / ("x" * 300))), "255")


def test_an_installed_pnp_asks_where_to_write_the_outlines(tmp_path, monkeypatch):
    # in a wheel the shipped set is inside site-packages: data outlines must not rewrite it
    from generator.core import resources

    assert resources.in_source_checkout()  # the tests run from the checkout
    monkeypatch.setattr(resources, "in_source_checkout", lambda: False)
    reference = tmp_path / "communes-ign-2018.geojson.gz"
    reference.write_bytes(b"")
    one_line_error(pnp("data", "outlines", str(reference)), "--out DIR")
