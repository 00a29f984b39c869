"""The fuzz harness (tests/fuzz/harness.py) in pytest: a smoke subset in every run, the big runs
marked fuzz (``pytest -m fuzz tests/fuzz`` or ``make fuzz``; ``python -m tests.fuzz.harness``
prints the figures table)."""

from __future__ import annotations

import pytest

from tests.fuzz.harness import (
    commands,
    fuzz_cli,
    fuzz_concurrent_moves,
    fuzz_fonts,
    fuzz_game_file,
    fuzz_hostile_server,
    fuzz_kill_during_writes,
    fuzz_session_lines,
    fuzz_templates,
    lazy_command_paths,
)


def assert_clean(figures) -> None:
    assert figures.tried > 0
    assert (figures.failures, figures.lost) == (0, 0), figures.examples


def test_the_harness_drives_every_command_pnp_resolves():
    """The harness finds its commands in the CLI; the lazy group users run resolves the same
    ones (a command registered one way and not the other, or skipped, fails here)."""
    paths = sorted(command.path for command in commands())
    assert paths == lazy_command_paths()
    assert {("data", "build"), ("data", "outlines"), ("about",), ("oucedonc", "play")} <= set(paths)


@pytest.mark.parametrize("half", [0, 1])
def test_smoke_every_subcommand_once_with_malformed_arguments(half):
    """Half of the subcommands each (one test would be over the 3 s limit, tests/README.md)."""
    among = commands()[half::2]
    assert_clean(fuzz_cli(len(among), seed=1, among=among))


def test_smoke_races_hostile_servers_and_broken_fonts():
    assert_clean(fuzz_concurrent_moves(3, seed=1))
    assert_clean(fuzz_hostile_server(20, seed=1))
    assert_clean(fuzz_fonts(4, 4, seed=1))


def test_smoke_long_lines_typed_into_the_session():
    """Issue 28, item 4: the two reported shapes of a pasted megabyte are one refusal line each
    (every shape at every size: the fuzz run below)."""
    shapes = ("direction repeated", "between without and")
    assert_clean(fuzz_session_lines(sizes=(1_000_000,), shapes=shapes))


@pytest.mark.fuzz
def test_fuzz_long_lines_of_every_size():
    assert_clean(fuzz_session_lines())


def test_smoke_game_file_cuts_and_flips():
    for figures in fuzz_game_file(truncations=150, flips=150, seed=1):
        assert_clean(figures)


@pytest.mark.fuzz
def test_fuzz_cli_big_run():
    assert_clean(fuzz_cli(1500, seed=15))


@pytest.mark.fuzz
def test_fuzz_every_prefix_and_4000_flips_of_a_game_file():
    for figures in fuzz_game_file(truncations=None, flips=4000, seed=15):
        assert_clean(figures)


@pytest.mark.fuzz
def test_fuzz_kill_9_during_writes():
    assert_clean(fuzz_kill_during_writes(30, seed=15))


@pytest.mark.fuzz
def test_fuzz_hostile_templates():
    assert_clean(fuzz_templates())


@pytest.mark.fuzz
def test_fuzz_races_hostile_servers_and_broken_fonts():
    assert_clean(fuzz_concurrent_moves(160, seed=15))
    assert_clean(fuzz_hostile_server(120, seed=15))
    assert_clean(fuzz_fonts(150, 160, seed=15))


@pytest.mark.slow
def test_smoke_issue_28_shapes_as_real_processes():
    """A few of the attack shapes of issue 28, each run as a real process and measured."""
    from tests.fuzz.shapes import run_all

    rows = run_all(rounds=0, only=["symlink loop", "GeoNames"])
    assert [row.runs > 0 for row in rows] == [True, True]
    assert [(row.shape, row.failures) for row in rows if row.failures] == [], rows


@pytest.mark.fuzz
def test_fuzz_issue_28_shapes():
    from tests.fuzz.shapes import SHAPES, run_all

    rows = run_all(rounds=3)
    assert len(rows) == len(SHAPES) + 1 and all(row.runs for row in rows)
    assert [row.examples for row in rows if row.failures] == []
