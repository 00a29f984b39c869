"""Issue 28, where files go: an output folder that is a symbolic link loop or leads nowhere is one
line; pnp never writes into / or a system folder, even with --force; a kit never writes through a
link leading out of its folder, and two kits into one folder never mix their files."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from generator.core.errors import UserError
from generator.core.outputs import held, require_folder, require_inside
from generator.kit.model import KitParams
from generator.kit.run import make_kit
from tests.conftest import one_line_error, pnp
from tests.kit_sample_builders import CARDS, GATED, NO_DATASETS, POSTER

FOLDER_COMMANDS = [
    ("kit", "--paper", "a4", "--jobs", "1"),
    ("otcho", "sheets"),
    ("territoires", "sheets"),
    ("pronostiques", "sheets"),
    ("data", "outlines", "reference.geojson"),
]
FILE_COMMANDS = [
    ("oucedonc", "deck", "--region", "bretagne", "--cards", "48"),
    ("oie", "board"),
    ("calibrate",),
]


@pytest.fixture
def links(tmp_path: Path) -> Path:
    """A loop of two links, a link to nowhere, a link to /etc, and a reference file."""
    os.symlink("loop2", tmp_path / "loop")
    os.symlink("loop", tmp_path / "loop2")
    os.symlink("nowhere", tmp_path / "dangling")
    os.symlink("/etc", tmp_path / "etc-link")
    (tmp_path / "reference.geojson").write_text('{"type": "FeatureCollection", "features": []}')
    return tmp_path


def written(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*")}


@pytest.mark.parametrize("command", FOLDER_COMMANDS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize(
    ("out", "fragment"),
    [
        ("loop", "loop is a symbolic link that leads back to itself"),
        ("loop/sub", "loop is a symbolic link that leads back to itself"),
        ("dangling", "dangling is a symbolic link to nowhere, which does not exist"),
        ("dangling/sub", "dangling is a symbolic link to nowhere, which does not exist"),
        ("etc-link", "etc-link (/etc) is a system folder"),
    ],
)
def test_an_output_folder_leading_nowhere_or_to_the_system_is_one_line(
    links, command, out, fragment
):
    before = written(links)
    one_line_error(pnp(*command, "--out", out, "--force", cwd=links), fragment)
    assert written(links) == before


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize(
    ("out", "fragment"),
    [
        ("loop/x.pdf", "(a loop of links)"),
        ("dangling/x.pdf", "dangling is a symbolic link to nowhere"),
        ("etc-link/x.pdf", "etc-link (/etc) is a system folder"),
        ("/dev/stdout.pdf", "/dev is a system folder"),
        ("/x.pdf", "/ is a system folder"),
    ],
)
def test_an_output_file_in_a_folder_leading_nowhere_or_to_the_system_is_one_line(
    links, command, out, fragment
):
    before = written(links)
    one_line_error(pnp(*command, "--out", out, "--force", cwd=links), fragment)
    assert written(links) == before


@pytest.mark.parametrize(
    "folder", ["/", "/etc", "/usr", "/usr/bin", "/dev", "/dev/shm/pnp", "/proc/self", "/sys/x"]
)
def test_system_folders_are_refused_whatever_the_spelling(folder):
    with pytest.raises(UserError, match="is a system folder; pnp writes only into folders of"):
        require_folder(Path(folder))
    with pytest.raises(UserError, match="is a system folder"):
        require_folder(Path(folder + "/../" + Path(folder).name) if folder != "/" else Path("//"))


@pytest.mark.parametrize("folder", ["/tmp", "/var/tmp", "/usr/local/share/pnp-test", "."])
def test_folders_of_the_users_are_not_system_folders(folder):
    require_folder(Path(folder))


def test_the_game_file_of_game_new_is_refused_in_a_system_folder(links):
    (links / "deck.json").write_text("{}")
    result = pnp("oucedonc", "game", "new", "/etc/pnp-game.json", "--deck", "deck.json",
                 "--players", "Ana,Ben", cwd=links)  # fmt: skip
    one_line_error(result, "/etc is a system folder")
    assert not Path("/etc/pnp-game.json").exists()


# --------------------------------------------------------------------------- the kit


def kit(out: Path, *components, force: bool = False):
    return make_kit(KitParams(out=out, force=force), components or (POSTER,), NO_DATASETS)


def test_the_kit_never_writes_through_a_thumbnails_link_leading_out_of_its_folder(tmp_path):
    out, elsewhere = tmp_path / "kit", tmp_path / "elsewhere"
    kit(out, CARDS, POSTER)
    listed = json.loads((out / "manifest.json").read_text())
    elsewhere.mkdir()
    (elsewhere / "poster-p001.png").write_bytes(b"my own picture")
    for thumbnail in (out / "thumbnails").iterdir():
        thumbnail.unlink()
    (out / "thumbnails").rmdir()
    (out / "thumbnails").symlink_to(elsewhere)
    with pytest.raises(UserError, match=r"thumbnails is a symbolic link leading out of .*kit"):
        kit(out, CARDS, POSTER)
    assert sorted(p.name for p in elsewhere.iterdir()) == ["poster-p001.png"]
    assert (elsewhere / "poster-p001.png").read_bytes() == b"my own picture"
    assert json.loads((out / "manifest.json").read_text()) == listed  # the kit was not touched


def test_a_thumbnails_link_inside_the_kit_folder_is_followed(tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    (out / "pictures").mkdir()
    (out / "thumbnails").symlink_to("pictures")
    kit(out, POSTER, force=True)
    assert [p.name for p in (out / "pictures").iterdir()] == ["poster-p001.png"]


def test_a_refused_thumbnail_name_leaves_no_thumbnail_written(tmp_path):
    """A file of the user's at one thumbnail's name stops the kit before any thumbnail is
    written: the names are all checked first."""
    out = tmp_path / "kit"
    kit(out, CARDS)
    thumbnails = out / "thumbnails"
    (thumbnails / "poster-p001.png").write_bytes(b"mine")
    before = {p.name: os.stat(p).st_ino for p in thumbnails.iterdir()}
    with pytest.raises(UserError, match=r"poster-p001\.png exists and is not a kit thumbnail"):
        kit(out, CARDS, POSTER)
    assert {p.name: os.stat(p).st_ino for p in thumbnails.iterdir()} == before
    assert (thumbnails / "poster-p001.png").read_bytes() == b"mine"


def test_require_inside_refuses_a_file_where_a_folder_goes(tmp_path):
    (tmp_path / "a").write_text("a file")
    with pytest.raises(UserError, match="a is a file; remove it so that pnp can write into"):
        require_inside(tmp_path, tmp_path / "a" / "b")


def test_a_second_kit_into_a_busy_folder_is_one_line_and_writes_nothing(tmp_path):
    out = tmp_path / "kit"
    with held(out), pytest.raises(UserError, match="kit is busy: another pnp command"):
        kit(out, CARDS, POSTER)
    assert list(out.iterdir()) == []
    kit(out, CARDS, POSTER)  # free again once the first has finished


def test_two_kits_at_once_into_one_folder_one_after_the_other(tmp_path, monkeypatch):
    """The first kit is held mid-build (its builder waits on a FIFO); the second, started then,
    says the folder is busy and writes nothing; the first finishes; every file in the folder is
    one its manifest lists."""
    gate = tmp_path / "gate"
    os.mkfifo(gate)
    monkeypatch.setenv("PNP_KIT_TEST_GATE", str(gate))
    out = tmp_path / "kit"
    outcome: list[object] = []
    first = threading.Thread(target=lambda: outcome.append(kit(out, CARDS, GATED)))
    first.start()
    with open(gate, "wb") as opened:  # returns once the first kit's builder is waiting
        with pytest.raises(UserError, match="is busy"):
            kit(out, POSTER)
        opened.write(b"go")
    first.join(timeout=60)
    assert outcome, "the first kit did not finish"
    listed = {e["path"] for e in json.loads((out / "manifest.json").read_text())["files"]}
    on_disk = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert on_disk == listed | {"manifest.json"}
    assert "gated.pdf" in listed and "poster.pdf" not in listed


def test_the_decks_png_folder_is_never_followed_out_of_the_pdfs_folder(tmp_path):
    """pnp names the ``_png`` folder itself (and deletes stale faces in it): a link there leading
    elsewhere is refused before anything is built."""
    (tmp_path / "deck").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "mine.png").write_bytes(b"mine")
    (tmp_path / "deck" / "d_png").symlink_to(tmp_path / "elsewhere")
    result = pnp("oucedonc", "deck", "--region", "bretagne", "--cards", "48", "--png", "50",
                 "--out", "deck/d.pdf", cwd=tmp_path)  # fmt: skip
    one_line_error(result, "d_png is a symbolic link leading out of deck")
    assert [p.name for p in (tmp_path / "elsewhere").iterdir()] == ["mine.png"]
    assert [p.name for p in (tmp_path / "deck").iterdir()] == ["d_png"]


@pytest.mark.parametrize("folder", ["loop", "dangling", "reference.geojson"])
def test_data_build_check_of_a_folder_that_is_not_one_is_one_line_before_any_download(
    links, folder
):
    result = pnp("data", "build", "--check", "--out", folder, cwd=links)
    one_line_error(result, "no folder is there")
