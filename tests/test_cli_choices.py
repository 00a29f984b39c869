"""Closed sets of choices are enums: click checks them, lists them in --help and in the error."""

import pytest

from generator.games.oie import rules as oie_rules
from generator.render.paper import HOME_PAPERS, PAPERS, HomePaper, PaperName
from tests.conftest import one_line_error, pnp


@pytest.mark.parametrize(
    ("enum", "choices"),
    [
        (oie_rules.Occupied, oie_rules.OCCUPIED_CHOICES),
        (oie_rules.FirstThrowRule, oie_rules.FIRST_THROW_CHOICES),
        (oie_rules.InnSwap, oie_rules.INN_CHOICES),
        (oie_rules.WellPayer, oie_rules.WELL_CHOICES),
        (PaperName, tuple(PAPERS)),
        (HomePaper, HOME_PAPERS),
    ],
)
def test_each_choice_enum_is_its_rules_set(enum, choices):
    assert sorted(member.value for member in enum) == sorted(choices)


def test_a_choice_is_case_insensitive_where_it_was():
    result = pnp("territoires", "attack", "11", "12", "--house", "EVEN", "--json")
    assert result.returncode == 0, result.stderr
    assert '"house": "even"' in result.stdout


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
    one_line_error(pnp(*args), listed)


def test_help_lists_the_choices():
    result = pnp("oie", "simulate", "--help")
    assert (
        result.returncode == 0 and "while-there" in result.stdout and "same-round" in result.stdout
    )
