"""Issue 28, item 2: numbers of about 10^26 or more crashed while the error message was formatted
(Babel's quantize, decimal.InvalidOperation). Every number option is bounded before any command
runs, and the number formatter never raises, whatever the int or float."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer._click import types as click_types

from generator.cli import commands
from generator.cli.lazy import build_command
from generator.cli.number_bounds import MAX_DIGITS, bounded
from generator.core.i18n import SCIENTIFIC_FROM, number, percent
from tests.conftest import one_line_error, pnp

HUGE = "1" + "0" * 28
REPRODUCTIONS = [
    ("oucedonc", "deck", "--region", "bretagne", "--out", "d.pdf", "--bleed", "1e26"),
    ("oie", "simulate", "--games", "9" * 29),
    ("places", "--region", "bretagne", "--count", HUGE),
    ("kit", "--ink-limit", "1e26", "--out", "k"),
    ("oucedonc", "deck", "--region", "bretagne", "--out", "d.pdf", "--cards", HUGE),
    ("oie", "simulate", "--ante", HUGE),
    ("oie", "stats", "--games", HUGE),
    ("oie", "stats", "--games", "9" * 5000),  # past Python's 4,300-digit int() limit
    ("oie", "simulate", "--games", "1_000_000_000_000_000_000_000"),
]


@pytest.mark.parametrize("args", REPRODUCTIONS, ids=lambda a: " ".join(a[:3]))
@pytest.mark.parametrize(
    ("language", "fragment"), [("en", "at most 20 digits"), ("fr", "au plus 20 chiffres")]
)
def test_the_reproductions_are_one_short_line(tmp_path, args, language, fragment):
    line = one_line_error(pnp("--lang", language, *args, cwd=tmp_path), fragment)
    assert len(line) < 300
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
def test_a_decimal_that_is_not_finite_is_refused(tmp_path, value):
    one_line_error(
        pnp("oucedonc", "deck", "--out", "d.pdf", f"--bleed={value}", cwd=tmp_path),
        "is not a finite number",
    )


def test_every_64_bit_seed_is_accepted():
    assert len(str(2**64 - 1)) == MAX_DIGITS
    result = pnp("oie", "simulate", "--games", "3", "--seed", str(2**64 - 1))
    assert result.returncode == 0, result.stderr


def test_a_commands_own_range_still_speaks_after_the_bound():
    one_line_error(pnp("oie", "simulate", "--games", "9" * 20), "give 1 to 10,000,000 games")


def _leaves(command):
    children = getattr(command, "commands", {})
    if not children:
        yield command
    for child in children.values():
        yield from _leaves(child)


@pytest.mark.parametrize("name", list(commands.COMMANDS))
def test_every_number_option_of_every_command_is_bounded(name):
    """The bound is put on every command the CLI builds: a number parameter added tomorrow is
    bounded too (this fails if one escapes)."""
    numeric = (click_types.IntParamType, click_types.FloatParamType)
    for command in _leaves(build_command(name)):
        for param in command.params:
            if isinstance(param.type, numeric):
                assert bounded(param.type) is param.type, (command.name, param.name)


@given(st.one_of(st.integers(), st.floats(allow_nan=True, allow_infinity=True)))
def test_the_number_formatter_never_raises(value):
    for language in ("fr", "en"):
        for decimals in (None, 0, 2):
            text = number(value, language, decimals)
            assert text and "\n" not in text and len(text) < 60
        assert percent(value, language)


@pytest.mark.parametrize(
    "value",
    [10**5000, -(10**5000), 123456789**200, 1e308, -1e308],
    ids=["10^5000", "-10^5000", "123456789^200", "1e308", "-1e308"],
)
def test_huge_numbers_are_written_in_scientific_notation(value):
    assert "E" in number(value, "en") and len(number(value, "fr")) < 20
    assert "E" in percent(value, "fr")


def test_scientific_notation_rounds_its_mantissa():
    assert number(10**29 - 1, "en") == "1E29"
    assert number(SCIENTIFIC_FROM - 1, "en") == "999,999,999,999,999,999,999"
    assert (number(math.inf, "fr"), number(-math.inf, "en"), number(math.nan, "fr", 2)) == (
        "∞",
        "-∞",
        "NaN",
    )


@given(st.floats(min_value=-1e15, max_value=1e15) | st.integers(-(10**15), 10**15))
def test_ordinary_numbers_are_written_as_before(value):
    from babel.numbers import format_decimal

    for language in ("fr", "en"):
        assert number(value, language) == format_decimal(value, locale=language)
        assert number(value, language, 2) == format_decimal(
            value, format="#,##0.00", locale=language
        )
