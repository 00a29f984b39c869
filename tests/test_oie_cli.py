"""`pnp oie` commands: JSON outputs and one-line errors."""

import json

from tests import conftest
from tests.conftest import one_line_error


def pnp(*args):
    return conftest.pnp("oie", *args)


def test_move_json():
    r = pnp("move", "61", "4", "2", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["path"] == [61, 59, 53] and data["final"] == 53


def test_move_first_throw():
    data = json.loads(pnp("move", "0", "5", "4", "--first-throw", "--json").stdout)
    assert data["final"] == 53


def test_move_error_is_one_line():
    r = pnp("move", "70", "1", "1")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("pnp: error: ")


def test_simulate_json():
    r = pnp("simulate", "--players", "3", "--games", "300", "--seed", "4", "--json")
    data = json.loads(r.stdout)
    assert data["games"] == 300 and sum(data["wins_by_seat"]) == data["finished"]
    assert data["rounds"]["median"] == int(data["rounds"]["percentiles"]["50"])


def test_simulate_teams_json():
    data = json.loads(
        pnp(
            "simulate", "--players", "2", "--games", "50", "--teams", "--pawns", "2", "--json"
        ).stdout
    )
    assert data["teams"] == 2 and data["finished"] == 50


def test_simulate_bad_option():
    r = pnp("simulate", "--occupied", "bounce")
    assert r.returncode == 2 and "swap" in r.stderr


def test_stats_exact_json():
    data = json.loads(pnp("stats", "--exact", "--horizon", "30", "--json").stdout)
    num, den = map(int, data["expected_turns_fraction"].split("/"))
    assert abs(num / den - data["expected_turns"]) < 1e-12
    assert len(data["distribution"]) == 30


def test_play_json_is_a_consistent_game_log():
    data = json.loads(pnp("play", "--players", "3", "--seed", "4", "--json").stdout)
    assert data["winner_seat"] in (1, 2, 3)
    assert data["pot"] == sum(data["paid_by_seat"])
    moves = [e for e in data["events"] if e["what"] == "move"]
    assert moves[-1]["to"] == 63 and moves[-1]["seat"] == data["winner_seat"]
    assert data["events"][-1]["round"] == data["rounds"]


def test_board_writes_a_pdf(tmp_path):
    out = tmp_path / "board.pdf"
    r = pnp("board", "--paper", "letter", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_board_bad_grid_is_one_line(tmp_path):
    r = pnp("board", "--tiles", "a4", "--grid", "9x9", "--out", str(tmp_path / "p.pdf"))
    assert r.returncode == 2 and r.stderr.startswith("pnp: error: ") and r.stderr.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_stats_exact_fractions_sum_with_the_tail_to_one():
    from fractions import Fraction

    data = json.loads(pnp("stats", "--exact", "--horizon", "12", "--fractions", "--json").stdout)
    total = sum(Fraction(d["exact"]) for d in data["distribution"])
    assert abs(float(total) + data["beyond_horizon"] - 1) < 1e-12
    assert data["distribution"][-1]["cumulative"] == float(total)


def test_board_out_a_folder_is_one_line_and_writes_nothing(tmp_path):
    one_line_error(pnp("board", "--out", str(tmp_path)), "is a folder")
    one_line_error(pnp("board", "--tiles", "a4", "--out", str(tmp_path)), "is a folder")
    assert not list(tmp_path.iterdir())


def test_board_empty_theme_is_refused(tmp_path):
    one_line_error(
        pnp("board", "--theme", "", "--out", str(tmp_path / "b.pdf")), "--theme is empty"
    )
    assert not list(tmp_path.iterdir())


def test_team_options_without_teams_are_refused():
    one_line_error(pnp("simulate", "--games", "10", "--policy", "random"), "add --teams")
    one_line_error(pnp("play", "--pawns", "2"), "add --teams")


def test_play_text_names_seats_and_pawns_from_one():
    # the engine's notes count pawns from 0 ("swap:0"); the text said "(swap:0)" next to "seat 2"
    log = pnp("play", "--seed", "2").stdout.splitlines()
    assert log[1] == "round   1  seat 2:   6+5   0 → 11  (swaps with seat 1)"
    teams = pnp(
        "play", "--teams", "--pawns", "2", "--players", "2", "--seed", "3"
    ).stdout.splitlines()
    assert "round   1  seat 2 pawn 2:     2   0 →  2  (swaps with seat 1 pawn 1)" in teams
    assert all(":" not in line.split("(")[1] for line in teams if "(" in line)


def test_stats_fractions_without_exact_json_is_refused():
    one_line_error(pnp("stats", "--fractions", "--games", "10"), "--exact --json")
    one_line_error(pnp("stats", "--exact", "--fractions"), "--exact --json")


def test_theme_options_without_theme_are_refused(tmp_path):
    one_line_error(pnp("board", "--seed", "5", "--out", str(tmp_path / "b.pdf")), "add --theme")
    one_line_error(
        pnp("board", "--source", "wikidata", "--out", str(tmp_path / "b.pdf")), "add --theme"
    )
    assert not list(tmp_path.iterdir())


def test_team_own_pawns_no_longer_free_each_other_and_the_old_reading_is_an_option(golden):
    # issue #20: `pnp oie play --players 2 --teams --seed 5` line 204 read
    # "round  57  seat 1 pawn 4:     7  60 → 52  (frees seat 1 pawn 3)": a player freed himself
    args = ("play", "--players", "2", "--teams", "--seed", "5", "--policy", "best")
    log = pnp(*args).stdout.splitlines()
    assert log[203] == (
        "round  57  seat 1 pawn 4:     7  60 → 60  (goes back, the square is held by seat 1 pawn 3)"
    )
    old = pnp(*args, "--own-pawns", "release").stdout
    assert (
        old.splitlines()[203] == "round  57  seat 1 pawn 4:     7  60 → 52  (frees seat 1 pawn 3)"
    )
    # the whole game, byte for byte, is the one the engine played before the change
    golden("oie-play-2-teams-seed-5-best-own-pawns-release.txt", old)


def test_policy_per_seat_and_own_pawns_are_checked():
    data = json.loads(
        pnp(
            "simulate",
            "--players",
            "2",
            "--games",
            "40",
            "--teams",
            "--policy",
            "best,random",
            "--json",
        ).stdout
    )
    assert data["finished"] == 40
    one_line_error(pnp("simulate", "--teams", "--policy", "team,best,random"), "one per seat")
    one_line_error(pnp("simulate", "--teams", "--policy", "clever"), "unknown pawn policy")
    one_line_error(pnp("simulate", "--teams", "--own-pawns", "maybe"), "return or release")
    one_line_error(pnp("play", "--own-pawns", "release"), "add --teams")
