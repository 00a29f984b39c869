"""Where the embedded set is read from, and where 'pnp data build' writes it.

The set shipped with pnp is read unless 'pnp data build' has written a whole set into the user
data folder (``PNP_DATA_DIR``): then that version of pnp reads it from there.
"""

from __future__ import annotations

import json
import shutil

import pytest

from generator import __version__
from generator.core.errors import UserError
from generator.core.namekeys import name_key
from generator.core.resources import package_folder
from generator.geo import embedded
from generator.geo.databuild import build
from generator.geo.databuild.build import GENERATED_FILES, run_build
from tests.test_databuild import fake_pack


@pytest.fixture
def user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "user-data"))
    return tmp_path / "user-data" / "datasets"


def test_the_shipped_set_lists_every_file_of_the_repository_datasets():
    assert package_folder("datasets") == embedded.PACKAGED
    on_disk = {path.name for path in embedded.PACKAGED.iterdir() if path.is_file()}
    assert on_disk == set(embedded.SET_FILES)
    assert set(GENERATED_FILES) <= set(embedded.SET_FILES)


def test_without_a_build_the_shipped_set_is_read(user_data):
    assert embedded.user_folder() == user_data
    assert embedded.folder() == embedded.PACKAGED
    assert embedded.dataset_path("regions.csv") == embedded.PACKAGED / "regions.csv"


@pytest.mark.slow  # a whole data build (35,000 communes)
def test_a_build_in_the_user_folder_writes_a_whole_set_and_is_read_first(tmp_path, user_data):
    report, changed = run_build(user_data, pack=fake_pack(tmp_path))
    assert sorted(changed) == sorted(embedded.SET_FILES)
    for name in embedded.SET_FILES:
        assert (user_data / name).is_file(), name
    # the hand-written files are the shipped ones
    assert (user_data / "landmarks.csv").read_bytes() == (
        embedded.PACKAGED / "landmarks.csv"
    ).read_bytes()
    stamp = json.loads((user_data / embedded.BUILD_STAMP_FILE).read_text(encoding="utf-8"))
    assert {k: stamp[k] for k in ("pnp", "files")} == {
        "pnp": __version__,
        "files": sorted(embedded.SET_FILES),
    }
    assert set(stamp["sha256"]) == set(embedded.SET_FILES)  # what each file is, as written
    assert embedded.folder() == user_data
    assert embedded.dataset_path("communes.csv") == user_data / "communes.csv"
    assert report.joined_communes == 2  # the fake packages' set, not the shipped one
    # a second build finds nothing to change, and --check agrees
    assert run_build(user_data, pack=fake_pack(tmp_path))[1] == []
    run_build(user_data, check=True, pack=fake_pack(tmp_path))


@pytest.mark.slow  # a whole data build (35,000 communes placed)
def test_a_set_built_by_another_version_of_pnp_is_not_read(tmp_path, user_data):
    run_build(user_data, pack=fake_pack(tmp_path))
    stamp = user_data / embedded.BUILD_STAMP_FILE
    stamp.write_text(json.dumps({"pnp": "0.0.1", "files": []}), encoding="utf-8")
    assert embedded.folder() == embedded.PACKAGED
    stamp.write_text("not json", encoding="utf-8")
    assert embedded.folder() == embedded.PACKAGED


@pytest.mark.slow  # a whole data build (35,000 communes)
def test_a_build_that_breaks_off_leaves_the_shipped_set_in_use(tmp_path, user_data, monkeypatch):
    run_build(user_data, pack=fake_pack(tmp_path))
    for name in ("regions.csv", "departements.csv"):  # two files to write again: the 2nd fails
        (user_data / name).write_text("code\n", encoding="utf-8")
    written = []

    def failing_write(path, data):
        if written:
            raise OSError(28, "No space left on device")
        written.append(path)
        return path

    monkeypatch.setattr(build, "write_bytes", failing_write)
    with pytest.raises(OSError):
        run_build(user_data, pack=fake_pack(tmp_path))
    assert not (user_data / embedded.BUILD_STAMP_FILE).exists()
    assert embedded.folder() == embedded.PACKAGED


@pytest.mark.slow  # a whole data build (35,000 communes placed)
def test_a_build_elsewhere_is_complete_but_not_read(tmp_path, user_data):
    out = tmp_path / "elsewhere"
    run_build(out, pack=fake_pack(tmp_path))
    assert {path.name for path in out.iterdir()} == set(embedded.SET_FILES)
    assert embedded.folder() == embedded.PACKAGED


@pytest.mark.slow  # a whole data build (35,000 communes placed)
def test_check_compares_the_hand_written_files_too(tmp_path, user_data):
    run_build(user_data, pack=fake_pack(tmp_path))
    (user_data / "landmarks.csv").write_text("rank,name\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"landmarks\.csv"):
        run_build(user_data, check=True, pack=fake_pack(tmp_path))


@pytest.mark.slow  # a whole data build (35,000 communes placed)
def test_the_shipped_set_rebuilt_in_place_keeps_its_hand_written_files(tmp_path, monkeypatch):
    shipped = tmp_path / "datasets"
    shutil.copytree(embedded.PACKAGED, shipped)
    hand_written = {
        name: (shipped / name).read_bytes()
        for name in embedded.SET_FILES
        if name not in GENERATED_FILES
    }
    monkeypatch.setattr(embedded, "PACKAGED", shipped)
    _, changed = run_build(shipped, pack=fake_pack(tmp_path))
    assert changed and set(changed) <= set(GENERATED_FILES)
    assert {name: (shipped / name).read_bytes() for name in hand_written} == hand_written
    assert not (shipped / embedded.BUILD_STAMP_FILE).exists()


def test_place_names_are_those_of_the_communes_then_the_landmarks():
    named = embedded.place_names()
    places = embedded.communes() + embedded.landmarks()
    assert named.keys == tuple(name_key(p.name) for p in places)  # the shipped keys file is fresh
    assert [named.described(i) for i in range(len(places))] == [
        (p.name, p.kind, p.departement) for p in places
    ]
    assert [named.place(i) for i in range(len(places))] == list(places)


def test_a_keys_file_that_does_not_match_the_communes_is_refused(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    shutil.copytree(embedded.PACKAGED, shipped)
    keys = shipped / embedded.COMMUNE_NAME_KEYS_FILE
    keys.write_text("".join(keys.read_text(encoding="utf-8").splitlines(True)[:-1]), "utf-8")
    monkeypatch.setattr(embedded, "PACKAGED", shipped)
    with pytest.raises(UserError, match=r"commune_name_keys\.txt has .* names for the .* rows"):
        embedded.place_names()


def test_every_file_of_the_set_has_its_licence_in_license_data():
    # a new datasets file must say under which licence it is shipped (LICENSE-data.md's table)
    import re

    table = (embedded.PACKAGED / embedded.LICENCES_PAGE).read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`]+\.[a-z.]+)`", table))
    missing = [name for name in embedded.SET_FILES if name not in named]
    assert not missing, f"not in {embedded.LICENCES_PAGE}: {missing}"
