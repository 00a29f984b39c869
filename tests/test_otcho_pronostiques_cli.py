"""The commands of Neo Otcho and Pronostiques: outputs, JSON, one-line errors."""

import json

import pytest

from tests.conftest import pnp as run_pnp


@pytest.mark.parametrize("faces", [("X", "a"), ("x", "A"), ("a", "X")])
def test_otcho_roll_json(faces):
    result = run_pnp("otcho", "roll", *faces, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (
        data["kind"] == "x-and-letter"
        and data["slots"] == ["ab", "ac", "ad"]
        and data["card"] == "own"
    )
    assert (
        data["probability"]["fraction"] == "1/18" and data["kind_probability"]["fraction"] == "2/9"
    )


def test_otcho_roll_star_spellings_and_text():
    for star in ("*", "★"):
        result = run_pnp("otcho", "roll", star, "X")
        assert result.returncode == 0
        assert "X and star" in result.stdout and "losing roll" in result.stdout
    result = run_pnp("otcho", "roll", "b", "b", "--stage", "continuation", "--json")
    assert json.loads(result.stdout)["penalty_pawns"] == 2
    result = run_pnp(
        "otcho", "roll", "b", "b", "--stage", "continuation", "--penalty", "1", "--json"
    )
    assert json.loads(result.stdout)["penalty_pawns"] == 1


@pytest.mark.parametrize(
    "args",
    [
        ("otcho", "roll", "a", "e"),
        ("otcho", "roll", "a", "b", "--stage", "later"),
        ("pronostiques", "score", "HDS"),
        ("pronostiques", "check-piles", "9", "0", "0", "0"),
        ("pronostiques", "score", "HDSC", "--pair-bonus", "twice"),
    ],
)
def test_user_errors_are_one_line(args):
    result = run_pnp(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: ")


def test_pronostiques_score_json():
    result = run_pnp("pronostiques", "score", "♦♥♠♣", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["order"] == "♦♥♠♣" and data["order_letters"] == "DHSC"
    assert [p["points"] for p in data["predictions"]] == [5, 2, 1, 0]
    first = data["predictions"][0]
    assert first["prediction"] == "Roi ♥"
    assert [(line["rule"], line["points"], line["cars"]) for line in first["lines"]] == [
        ("a", 1, ["♠"]),
        ("a", 2, ["♣"]),
        ("b", 2, ["♠", "♣"]),
    ]


def test_pronostiques_score_text():
    result = run_pnp("pronostiques", "score", "DHSC")
    assert result.returncode == 0, result.stderr
    totals = [line for line in result.stdout.splitlines() if line.startswith("King ")]
    assert totals == [
        "King ♥ (♥♦♠♣): 5 pts",
        "King ♦ (♦♣♥♠): 2 pts",
        "King ♠ (♠♥♣♦): 1 pt",
        "King ♣ (♣♠♦♥): 0 pts",
    ]
    assert "  (b) +2  last two right (♠♣)" in result.stdout


def test_pronostiques_score_once_json_keeps_the_last_two_line():
    result = run_pnp(
        "pronostiques",
        "score",
        "♥♦♠♣",
        "--pair-bonus",
        "once",
        "--three-in-a-row",
        "none",
        "--json",
    )
    king = json.loads(result.stdout)["predictions"][0]
    assert [(line["points"], line["cars"]) for line in king["lines"] if line["rule"] == "b"] == [
        (2, ["♥", "♦"]),
        (0, ["♠", "♣"]),
    ]
    assert king["points"] == 8


def test_pronostiques_check_piles_round_over_lists_nothing():
    result = run_pnp("pronostiques", "check-piles", "8", "8", "8", "5", "--json")
    data = json.loads(result.stdout)
    assert data["round_over"] is True and data["playable"] == []


def test_pronostiques_check_piles_exit_codes():
    ok = run_pnp("pronostiques", "check-piles", "5", "3", "2", "0")
    assert ok.returncode == 0 and "ok" in ok.stdout
    bad = run_pnp("pronostiques", "check-piles", "6", "2", "1", "1", "--json")
    assert bad.returncode == 1
    data = json.loads(bad.stdout)
    assert data["ok"] is False and data["breaks"][0]["limit"] == "gap" and data["playable"] == ["♦"]


def test_sheets_commands_write_their_pdfs(tmp_path):
    result = run_pnp(
        "otcho", "sheets", "--players", "2", "--paper", "letter", "--out", str(tmp_path / "o")
    )
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == [
        "otcho-cards.pdf",
        "otcho-dice.pdf",
        "otcho-pawns.pdf",
        "otcho-rules-aid.pdf",
    ]
    result = run_pnp(
        "pronostiques",
        "sheets",
        "--players",
        "3",
        "--duplex",
        "fold",
        "--back-offset",
        "0.5,-0.5",
        "--out",
        str(tmp_path / "p"),
    )
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "p").iterdir()) == [
        "pronostiques-cards.pdf",
        "pronostiques-rules-aid.pdf",
        "pronostiques-score-pad.pdf",
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("otcho", "sheets", "--players", "7"),
        ("pronostiques", "sheets", "--players", "5"),
        ("pronostiques", "sheets", "--duplex", "sideways"),
        ("pronostiques", "sheets", "--back-offset", "1;2"),
        ("otcho", "sheets", "--paper", "a3"),
        ("pronostiques", "sheets", "--paper", "A3"),
        ("otcho", "sheets", "--paper", "tabloid"),
    ],
)
def test_sheets_bad_options_write_nothing(tmp_path, args):
    result = run_pnp(*args, "--out", str(tmp_path / "x"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists() or not list((tmp_path / "x").iterdir())


@pytest.mark.parametrize("game", ["otcho", "pronostiques"])
def test_sheets_into_a_file_or_an_unmakeable_folder_is_one_line(tmp_path, game):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    for out in (a_file, a_file / "sub"):
        result = run_pnp(game, "sheets", "--out", str(out))
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert (
            len(lines) == 1
            and lines[0].startswith("pnp: error: ")
            and ("writable folder" in lines[0] or "not a folder" in lines[0])
        )
    assert a_file.read_text() == "mine" and sorted(p.name for p in tmp_path.iterdir()) == [
        "notes.txt"
    ]
