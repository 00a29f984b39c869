"""`pnp territoires attack`: the calculator from the command line (text, JSON, one-line errors)."""

import json

import pytest

from tests import conftest


def pnp(*args):
    return conftest.pnp("territoires", *args)


def test_worked_example_as_json():
    result = pnp("attack", "11", "12", "--house", "even", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["change"] == -1 and data["side"] == "odd" and data["effect"] == "attack"
    assert data["rule"] == "weapon_other"
    assert data["seed"] == "-1 carte si l'arme est de l'autre maison"


def test_text_output_names_the_rule_and_alternative():
    result = pnp("attack", "16", "15", "--house", "even")
    assert result.returncode == 0
    assert result.stdout.startswith("attack -1 on the odd house")
    assert "also possible: heal +2 on the even house (pass --as heal)" in result.stdout
    healed = json.loads(
        pnp("attack", "16", "15", "--house", "even", "--as", "heal", "--json").stdout
    )
    assert (healed["effect"], healed["change"], healed["side"]) == ("heal", 2, "even")


def test_variants_from_the_command_line():
    third = json.loads(
        pnp(
            "attack", "1", "2", "3", "--players", "3", "--seat", "3", "--target", "even", "--json"
        ).stdout
    )
    assert (third["change"], third["side"], third["house"]) == (-1, "even", None)
    shared = json.loads(pnp("attack", "7", "8", "--players", "4", "--seat", "4", "--json").stdout)
    assert (shared["change"], shared["side"], shared["shared_by_seats"]) == (-2, "even", [1, 3])
    options = json.loads(
        pnp("attack", "3", "4", "5", "--house", "even", "--runs", "best", "--json").stdout
    )
    assert options["change"] == -2


@pytest.mark.parametrize(
    "args, reason",
    [
        (["1", "2", "--house", "even"], "no special card"),
        (
            ["11", "12", "--house", "purple"],
            "unknown house 'purple'; choose even (civilisation) or odd",
        ),
        (["11", "12", "--house", "even", "--players", "5"], "2, 3 or 4 players"),
        (["3", "5", "--house", "even"], "do not follow each other"),
        (["11", "12", "--house", "even", "--runs", "most"], "--runs"),
        (["1", "2", "3", "--players", "3", "--seat", "3"], "--target"),
        (["eleven", "12", "--house", "even"], "eleven"),
        (["²", "12", "--house", "even"], "is not a number"),
        (["", "12", "--house", "even"], "is not a number"),
    ],
)
def test_invalid_input_is_one_line_and_exit_2(args, reason):
    result = pnp("attack", *args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: ") and reason in lines[0], lines


def test_life_after_the_play():
    data = json.loads(pnp("attack", "11", "12", "--house", "even", "--life", "1", "--json").stdout)
    assert (data["life_before"], data["life_after"]) == (1, 0)
    result = pnp("attack", "12", "13", "--house", "odd", "--life", "7")
    assert "life of the odd house: 7 -> 8 (never more than 8)" in result.stdout
