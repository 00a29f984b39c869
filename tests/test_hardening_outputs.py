"""Issue #15, data loss: a command writes only the names it announces and replaces only pnp's own
files; the kit owns only what its manifest lists; permissions and owner survive a rewrite;
non-regular files are refused; `game new` is exclusive; leftover .part files are cleaned."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from generator.core.atomic import write_text
from generator.core.errors import UserError
from generator.kit.model import KitParams
from generator.kit.run import make_kit
from tests.kit_sample_builders import CARDS, NO_DATASETS, POSTER
from tests.referee_fixtures import deck_json, pnp

FIXED_PLAYERS = "Ana,Ben,Chloé"


def kit(out, *components, force=False):
    return make_kit(KitParams(out=out, force=force), components or (POSTER,), NO_DATASETS)


# --------------------------------------------------------------------------- 1. the kit


def test_kit_keeps_files_it_did_not_make_and_replaces_those_its_manifest_lists(tmp_path):
    out = tmp_path / "kit"
    kit(out, CARDS, POSTER)
    listed = {e["path"] for e in json.loads((out / "manifest.json").read_text())["files"]}
    holiday = out / "thumbnails" / "holiday.png"
    holiday.write_bytes(b"my photo")
    mine = out / ".kit-staging" / "keep.txt"  # the staging name of older versions: a user's now
    mine.parent.mkdir()
    mine.write_text("mine")
    kit(out, CARDS, POSTER)  # a second run into its own folder: allowed, no --force
    assert holiday.read_bytes() == b"my photo" and mine.read_text() == "mine"
    assert listed == {e["path"] for e in json.loads((out / "manifest.json").read_text())["files"]}
    assert not [p for p in out.iterdir() if p.name.startswith(".pnp-staging-")]


def test_kit_refuses_a_folder_of_other_files_without_a_manifest_unless_forced(tmp_path):
    out = tmp_path / "photos"
    out.mkdir()
    (out / "index.html").write_text("<p>my page</p>")
    (out / "notes.txt").write_text("notes")
    with pytest.raises(UserError, match=r"no manifest\.json of a pnp kit.*--force"):
        kit(out)
    assert sorted(p.name for p in out.iterdir()) == ["index.html", "notes.txt"]
    assert (out / "index.html").read_text() == "<p>my page</p>"
    kit(out, force=True)
    assert (out / "notes.txt").read_text() == "notes" and (out / "manifest.json").is_file()


def test_kit_deletes_only_unchanged_files_of_its_earlier_manifest(tmp_path):
    out = tmp_path / "kit"
    kit(out, CARDS, POSTER)
    thumbs = sorted((out / "thumbnails").iterdir())
    cards_thumbs = [p for p in thumbs if p.name.startswith("cards")]
    assert cards_thumbs
    edited = cards_thumbs[0]
    edited.write_bytes(b"annotated by me")
    kit(out, POSTER)  # the cards are no longer part of the kit
    assert edited.read_bytes() == b"annotated by me"  # changed: it is the user's now
    assert all(not p.exists() for p in cards_thumbs[1:])  # unchanged and stale: gone


def test_kit_component_refuses_to_replace_a_file_no_manifest_lists(tmp_path):
    out = tmp_path / "kit"
    kit(out, POSTER)
    (out / "cards").mkdir()
    (out / "cards" / "deck.pdf").write_bytes(b"%PDF-1.4 someone else's")
    outcome = kit(out, CARDS, POSTER)
    assert [f.component for f in outcome.result.failures] == ["Sample deck"]
    assert "--force" in outcome.result.failures[0].message
    assert (out / "cards" / "deck.pdf").read_bytes() == b"%PDF-1.4 someone else's"


def test_kit_dead_staging_folders_are_removed_live_ones_and_strangers_kept(tmp_path):
    import fcntl

    out = tmp_path / "kit"
    kit(out)
    dead = out / ".pnp-staging-dead0000"
    dead.mkdir()
    (dead / ".lock").write_text("")
    (dead / "half.pdf").write_bytes(b"%PDF")
    live = out / ".pnp-staging-live0000"
    live.mkdir()
    (live / ".lock").write_text("")
    stranger = out / ".pnp-staging-notours"  # no lock file: not a staging folder of pnp's
    stranger.mkdir()
    fd = os.open(live / ".lock", os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        kit(out)
    finally:
        os.close(fd)
    assert not dead.exists() and live.is_dir() and stranger.is_dir()


# --------------------------------------------------------------------------- 2-3. single files


def test_deck_does_not_overwrite_a_json_the_user_never_typed(tmp_path):
    (tmp_path / "notes.json").write_text('{"my": "notes"}')
    result = pnp("oucedonc", "deck", "--region", "bretagne", "--out", str(tmp_path / "notes.pdf"))
    assert result.returncode == 2 and "notes.json exists and is not a deck file" in result.stderr
    assert "--force" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json"]
    assert (tmp_path / "notes.json").read_text() == '{"my": "notes"}'


def test_deck_replaces_its_own_json_and_pdf(tmp_path):
    out = tmp_path / "deck.pdf"
    first = pnp("oucedonc", "deck", "--region", "bretagne", "--cards", "48", "--out", str(out))
    assert first.returncode == 0, first.stderr
    os.chmod(out, 0o600)
    again = pnp("oucedonc", "deck", "--region", "bretagne", "--cards", "48", "--seed", "2",
                "--out", str(out))  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert json.loads(out.with_suffix(".json").read_text())["seed"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ("oie", "board"),
        ("calibrate",),
    ],
)
def test_single_pdf_commands_refuse_a_file_that_is_not_a_pnp_pdf(tmp_path, args):
    text = tmp_path / "important.txt"
    text.write_text("do not lose me")
    result = pnp(*args, "--out", str(text))
    assert result.returncode == 2 and "must end in .pdf" in result.stderr
    someone = tmp_path / "report.pdf"
    someone.write_bytes(b"%PDF-1.7\n% a PDF from another program\n")
    result = pnp(*args, "--out", str(someone))
    assert result.returncode == 2 and "not a PDF made by pnp" in result.stderr
    assert text.read_text() == "do not lose me"
    assert someone.read_bytes().startswith(b"%PDF-1.7\n% a PDF from another")
    assert pnp(*args, "--out", str(someone), "--force").returncode == 0
    assert pnp(*args, "--out", str(someone)).returncode == 0  # now it is pnp's own


def test_sheets_refuse_a_foreign_file_at_one_of_their_names(tmp_path):
    (tmp_path / "otcho-dice.pdf").write_bytes(b"%PDF-1.4 mine")
    result = pnp("otcho", "sheets", "--out", str(tmp_path))
    assert result.returncode == 2 and "otcho-dice.pdf exists" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["otcho-dice.pdf"]


# --------------------------------------------------------------------------- 4. game new


def test_game_new_is_exclusive_even_when_the_name_appears_after_the_check(tmp_path, monkeypatch):
    import generator.core.outputs as outputs

    deck = tmp_path / "deck.json"
    deck.write_text(deck_json())
    game = tmp_path / "game.json"

    def other_process_wins(path, force=False):  # the check passes, then someone creates the file
        game.write_text("the other game")

    monkeypatch.setattr(outputs, "claim_new", other_process_wins)
    result = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players",
                 FIXED_PLAYERS, "--deal", "--seed", "3")  # fmt: skip
    assert result.returncode == 2 and "already exists" in result.stderr
    assert game.read_text() == "the other game"
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".part"] == []


def test_two_racing_game_new_never_both_win(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json())
    for round_ in range(3):
        game = tmp_path / f"race{round_}.json"
        command = [sys.executable, "-m", "generator", "oucedonc", "game", "new", str(game),
                   "--deck", str(deck), "--players", FIXED_PLAYERS]  # fmt: skip
        procs = [
            subprocess.Popen(
                [*command, "--deal", "--seed", str(seed)], stderr=subprocess.PIPE, text=True
            )
            for seed in (1, 2)
        ]
        codes = sorted(p.wait(timeout=120) for p in procs)
        assert codes == [0, 2], [p.stderr.read() for p in procs]


# --------------------------------------------------------------------------- 5. metadata, kinds


def _new_game(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json())
    game = tmp_path / "game.json"
    result = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players",
                 FIXED_PLAYERS, "--deal", "--seed", "3")  # fmt: skip
    assert result.returncode == 0, result.stderr
    return game


def test_a_private_game_file_stays_private_after_a_move_and_undo(tmp_path):
    from generator.games.oucedonc.gamefile import game_from_json

    game = _new_game(tmp_path)
    os.chmod(game, 0o600)
    drawn = game_from_json(game.read_text()).state.drawn(game_from_json(game.read_text()).setup)
    start = game_from_json(game.read_text()).state.table.start
    pnp("oucedonc", "game", "place", str(game), drawn, "--north-of", start)
    assert pnp("oucedonc", "game", "undo", str(game)).returncode == 0
    assert stat.S_IMODE(game.stat().st_mode) == 0o600


@pytest.mark.skipif(os.geteuid() != 0, reason="changing a file's owner needs root")
def test_a_rewrite_keeps_the_owner(tmp_path):
    target = tmp_path / "shared.json"
    target.write_text("{}")
    os.chown(target, 1234, 4321)
    write_text(target, "{}\n")
    assert (target.stat().st_uid, target.stat().st_gid) == (1234, 4321)


def test_non_regular_files_are_never_replaced_even_with_force(tmp_path):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    link = tmp_path / "link.pdf"
    link.symlink_to(tmp_path / "elsewhere.pdf")
    for target in (fifo, link):
        result = pnp("calibrate", "--out", str(target), "--force")
        assert result.returncode == 2 and "not a regular file" in result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and os.path.islink(link)
    assert not (tmp_path / "elsewhere.pdf").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="creating a device node needs root")
def test_a_device_node_named_pdf_is_refused(tmp_path):
    device = tmp_path / "null.pdf"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    result = pnp("calibrate", "--out", str(device), "--force")
    assert result.returncode == 2 and "a device" in result.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode)


# --------------------------------------------------------------------------- .part leftovers


def test_a_killed_writes_part_file_is_cleaned_by_the_next_write_a_live_one_kept(tmp_path):
    import fcntl

    target = tmp_path / "game.json"
    target.write_text("{}")
    dead = tmp_path / ".game.json.deadbeef.part"
    dead.write_text("half")
    live = tmp_path / ".game.json.livelive.part"
    live.write_text("being written")
    other = tmp_path / ".notes.json.deadbeef.part"  # another name's leftover: not this write's
    other.write_text("x")
    fd = os.open(live, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        write_text(target, "{}\n")
    finally:
        os.close(fd)
    assert not dead.exists() and live.exists() and other.exists()


def test_kill_9_during_a_write_leaves_the_old_file_and_the_next_write_cleans_up(tmp_path):
    target = tmp_path / "big.bin"
    target.write_bytes(b"old")
    script = (
        "import signal\n"
        "from generator.core.atomic import atomic_write\n"
        f"with atomic_write({str(target)!r}) as h:\n"
        "    h.write(b'x' * 1000); h.flush(); print('writing', flush=True); signal.pause()\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "writing"
    proc.kill()
    proc.wait()
    assert target.read_bytes() == b"old"
    assert len(list(tmp_path.glob(".big.bin.*.part"))) == 1
    write_text(target, "new")
    assert target.read_text() == "new" and list(tmp_path.glob("*.part")) == []


def test_data_build_into_a_folder_of_other_files_refuses_before_downloading(tmp_path):
    from generator.geo.databuild.build import run_build

    (tmp_path / "communes.csv").write_text("my,own,table\n")

    def no_network(package, folder):
        raise AssertionError("the check comes before any download")

    with pytest.raises(UserError, match=r"communes\.csv exists and is not a datasets file"):
        run_build(tmp_path, pack=no_network)
    assert (tmp_path / "communes.csv").read_text() == "my,own,table\n"


def test_the_kit_writes_into_a_folder_that_holds_only_hidden_files(tmp_path):
    out = tmp_path / "output"
    out.mkdir()
    (out / ".gitkeep").write_text("")  # the repository's output/ folder
    kit(out)
    assert (out / "manifest.json").is_file() and (out / ".gitkeep").exists()
