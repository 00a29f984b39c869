"""The rules refuse with codes, never with a front-end's sentence.

``games/`` raises no ``UserError`` and names no command or option of the command line (not in
a message, a docstring or a comment): a refusal is a reason and its data
(:mod:`generator.core.refusal`), and the command line adds the commands and options in its own
sentences (``generator/cli/*_refusals.py``), in its language. Both checks are shown failing on a
line that breaks them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.cli.commands import COMMANDS
from generator.core.i18n import speaking
from generator.core.refusal import Refusal

GAMES = Path(__file__).resolve().parents[1] / "generator" / "games"

# A command-line option ("--pack-size"), a pnp command ("pnp oucedonc deck"), a one-shot referee
# command ("'game count'", "game new --deal").
COMMAND_OR_FLAG = re.compile(
    r"(?<![\w-])--[a-z][a-z-]*"
    rf"|\bpnp\s+(?:{'|'.join(COMMANDS)})\b"
    r"|\bgame\s+(?:new|place|doubt|count|start|intermede|show|undo)\b"
)


def offences(text: str) -> list[str]:
    """The lines of ``text`` that raise a UserError or name a command or an option."""
    return [
        line.strip()
        for line in text.splitlines()
        if "UserError" in line or COMMAND_OR_FLAG.search(line)
    ]


def test_the_rules_raise_no_user_error_and_name_no_command_or_option() -> None:
    found = {
        str(path.relative_to(GAMES)): lines
        for path in sorted(GAMES.rglob("*.py"))
        if (lines := offences(path.read_text(encoding="utf-8")))
    }
    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        "from generator.core.errors import UserError",
        "raise Refusal(Why.X)  # use --pack-size to fix it",
        '    """What ``pnp oucedonc verify`` prints."""',
        "    message = _(\"count first ('game count' with every estimate)\")",
        "    # in a dealt game (game new --deal)",
    ],
)
def test_the_check_finds_each_kind_of_offence(line: str) -> None:
    assert offences(f"x = 1\n{line}\ny = 2\n") == [line.strip()]


@pytest.mark.parametrize(
    "line",
    [
        "# the game is over; count first",
        "a -- b",
        "the game counts",
        "pnp-generator",
        "newer than this pnp reads",
    ],
)
def test_the_check_lets_the_rules_words_be(line: str) -> None:
    assert offences(line) == []


def test_a_refusal_is_a_code_and_json_data_and_reads_in_both_languages() -> None:
    """A Python caller catches the refusal, reads its code and data, and its default sentence
    (the rules' words, without commands) in the language the command line speaks."""
    from generator.games.oucedonc.game import physical
    from generator.games.oucedonc.refusals import Why
    from generator.games.oucedonc.rules import RuleOptions
    from tests.referee_fixtures import make_deck

    with pytest.raises(Refusal) as caught:
        physical(["Ana"], make_deck(), RuleOptions())
    refusal = caught.value
    assert refusal.reason is Why.PLAYER_COUNT and refusal.code == "player-count"
    assert json.loads(json.dumps(refusal.to_json())) == {
        "code": "player-count",
        "data": {"least": 2, "most": 8, "count": 1},
    }
    assert str(refusal) == "Oucédonc is played by 2 to 8 players, not 1"
    with speaking("fr"):
        assert str(refusal) == "Oucédonc se joue de 2 à 8 joueurs, pas 1"
    from generator.cli.refusals import sentence

    assert sentence(refusal).endswith("; list them as --players Ana,Ben,Chloé")


def test_a_refusal_survives_a_trip_to_a_worker_process() -> None:
    """The kit builds in worker processes: a refusal raised there is pickled back whole."""
    import pickle

    from generator.games.pronostiques.piles import check_players
    from generator.games.pronostiques.refusals import Why

    with pytest.raises(Refusal) as caught:
        check_players(5)
    again = pickle.loads(pickle.dumps(caught.value))
    assert again.reason is Why.PLAYER_COUNT and dict(again.data) == {"players": 5}
    assert str(again) == str(caught.value)
