"""Closed sets of choices are enums: click checks them, lists them in --help and in the error."""

import contextlib
import io

import pytest

from generator.cli import main
from generator.games.oie import rules as oie_rules
from generator.render.paper import HOME_PAPERS, PAPERS, HomePaper, PaperName


@pytest.mark.parametrize(
    ("enum", "choices"),
    [
        (oie_rules.Occupied, oie_rules.OCCUPIED_CHOICES),
        (oie_rules.FirstThrowRule, oie_rules.FIRST_THROW_CHOICES),
        (oie_rules.InnSwap, oie_rules.INN_CHOICES),
        (oie_rules.WellPayer, oie_rules.WELL_CHOICES),
        (oie_rules.Policy, oie_rules.POLICY_CHOICES),
        (PaperName, tuple(PAPERS)),
        (HomePaper, HOME_PAPERS),
    ],
)
def test_each_choice_enum_is_its_rules_set(enum, choices):
    assert sorted(member.value for member in enum) == sorted(choices)


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main.run(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0
    return code, out.getvalue(), err.getvalue()


def test_a_choice_is_case_insensitive_where_it_was():
    code, out, err = _run("territoires", "attack", "11", "12", "--house", "EVEN", "--json")
    assert code == 0, err
    assert '"house": "even"' in out


@pytest.mark.parametrize(
    ("args", "listed"),
    [
        (["oie", "simulate", "--occupied", "stay"], "'swap', 'return'"),
        (["otcho", "roll", "a", "b", "--stage", "last"], "'first', 'reroll', 'continuation'"),
        (["pronostiques", "score", "HDSC", "--pair-bonus", "twice"], "'each', 'once'"),
        (["calibrate", "--paper", "a5"], "'a4', 'a3', 'letter'"),
        (["otcho", "sheets", "--paper", "a3"], "'a4', 'letter'"),
    ],
)
def test_a_value_outside_the_set_is_refused_with_the_choices(args, listed):
    code, _, err = _run(*args)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("pnp: error: ")
    assert listed in lines[0]


def test_help_lists_the_choices():
    code, out, _ = _run("oie", "simulate", "--help")
    assert code == 0 and "while-there" in out and "same-round" in out
