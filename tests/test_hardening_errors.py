"""Issue #15, tracebacks: each one the issue lists is now one line and exit code 2 (or a quiet
exit for a closed output), with nothing written."""

from __future__ import annotations

import errno
import json
import os
import random
import subprocess
import sys

import pytest

from generator.render.fonts import FONT_DIR
from tests.referee_fixtures import deck_json, pnp

LONG = "x" * 300


def one_line_error(result, fragment=""):
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: "), result.stderr
    assert fragment in lines[0], lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ("calibrate", "--out", f"{LONG}.pdf"),
        ("places", "--region", LONG),
        ("places", "--region", f"{LONG}.geojson"),
        ("kit", "--out", LONG),
        ("oucedonc", "deck", "--out", f"{LONG}.pdf"),
        ("otcho", "sheets", "--out", LONG),
    ],
)
def test_a_name_over_255_bytes_is_one_line(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = pnp(*args)
    one_line_error(result)
    assert "Traceback" not in result.stderr and list(tmp_path.iterdir()) == []


def test_game_new_with_a_name_over_255_bytes_is_one_line(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json())
    result = pnp("oucedonc", "game", "new", str(tmp_path / f"{LONG}.json"), "--deck", str(deck),
                 "--players", "Ana,Ben")  # fmt: skip
    one_line_error(result, "bytes long")


def test_a_path_with_a_newline_is_one_line(tmp_path):
    result = pnp("oucedonc", "game", "show", str(tmp_path / "par\ntie.json"))
    one_line_error(result, "par\\ntie.json does not exist")


@pytest.mark.parametrize(
    "args",
    [
        ("calibrate",),
        ("otcho", "sheets"),
        ("territoires", "sheets", "--no-deck"),
        ("pronostiques", "sheets"),
    ],
)
def test_a_full_disk_is_one_line_and_leaves_nothing(tmp_path, monkeypatch, args):
    import generator.core.atomic as atomic

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    out = tmp_path / "out"
    target = ("--out", str(out / "c.pdf")) if args == ("calibrate",) else ("--out", str(out))
    result = pnp(*args, *target)
    one_line_error(result, "No space left on device")
    leftovers = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    assert leftovers == []


def test_a_full_disk_while_writing_a_game_is_one_line_and_keeps_the_game(tmp_path, monkeypatch):
    import generator.core.atomic as atomic

    deck = tmp_path / "deck.json"
    deck.write_text(deck_json())
    game = tmp_path / "partie.json"
    assert pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players",
               "Ana,Ben", "--deal", "--seed", "1").returncode == 0  # fmt: skip
    before = game.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    from generator.games.oucedonc.gamefile import game_from_json

    state = game_from_json(before.decode())
    drawn, start = state.state.drawn(state.setup), state.state.table.start
    monkeypatch.setattr(atomic.os, "fsync", full)
    result = pnp("oucedonc", "game", "place", str(game), drawn, "--north-of", start)
    one_line_error(result, "No space left on device")
    assert json.loads(before)["journal"] == [] and game.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_truncated_fonts_are_one_line_at_every_cut(tmp_path):
    from generator.core.errors import UserError
    from generator.render.fonts import register_user_font

    data = (FONT_DIR / "DejaVuSans.ttf").read_bytes()
    cuts = [*random.Random(15).sample(range(len(data)), 25), 0, 1, 12, 100, 5000]
    for cut in cuts:
        path = tmp_path / f"cut{cut}.ttf"
        path.write_bytes(data[:cut])
        try:
            register_user_font(str(path))
        except UserError as exc:
            assert "\n" not in str(exc)


def test_two_self_intersecting_polygons_are_a_region(tmp_path):
    bowtie = [[-4.0, 47.5], [-2.0, 48.5], [-2.0, 47.5], [-4.0, 48.5], [-4.0, 47.5]]
    other = [[-3.5, 47.6], [-1.5, 48.4], [-1.5, 47.6], [-3.5, 48.4], [-3.5, 47.6]]
    collection = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {},
                "geometry": {"type": "Polygon", "coordinates": [ring]},
            }
            for ring in (bowtie, other)
        ],
    }
    path = tmp_path / "noeuds.geojson"
    path.write_text(json.dumps(collection))
    result = pnp("places", "--region", str(path), "--limit", "3")
    assert result.returncode in (0, 2), result.stderr
    assert "Traceback" not in result.stderr and "GEOSException" not in result.stderr


# --------------------------------------------------------------------------- standard output


def run(args, **kwargs):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True,
                          text=True, timeout=120, **kwargs)  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ("--version",),
        ("places", "--limit", "3"),
        ("places", "--format", "json", "--limit", "3"),
        ("oie", "move", "61", "4", "2"),
        ("territoires", "attack", "11", "12", "--house", "even"),
    ],
)
def test_stdout_to_dev_full_is_one_line(args):
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "generator", *args], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "pnp: error: cannot write the output: No space left on device; free some space or send "
        "it elsewhere"
    ]


def test_stdout_closed_is_quiet():
    result = subprocess.run(
        [sys.executable, "-c", "import os, sys; os.close(1); from generator.cli.main import run; "
         "run(['places', '--limit', '3'])"],
        stderr=subprocess.PIPE, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode in (0, 1) and result.stderr == ""


def test_a_reader_that_leaves_early_is_a_quiet_exit_1():
    proc = subprocess.Popen([sys.executable, "-m", "generator", "oie", "stats", "--exact"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    proc.stdout.read(1)
    proc.stdout.close()
    assert proc.wait(timeout=120) in (0, 1)
    assert b"Traceback" not in proc.stderr.read()
