"""The fuzz harness (tests/fuzz/harness.py) in pytest: a smoke subset in every run, the big runs
marked fuzz (``pytest -m fuzz tests/fuzz`` or ``make fuzz``; ``python -m tests.fuzz.harness``
prints the figures table)."""

from __future__ import annotations

import pytest

from tests.fuzz.harness import fuzz_cli, fuzz_game_file, fuzz_kill_during_writes, fuzz_templates


def assert_clean(figures) -> None:
    assert figures.tried > 0
    assert (figures.failures, figures.lost) == (0, 0), figures.examples


def test_smoke_every_subcommand_once_with_malformed_arguments():
    from tests.fuzz.harness import commands

    assert_clean(fuzz_cli(len(commands()), seed=1))


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
