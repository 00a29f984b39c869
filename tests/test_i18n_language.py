"""Which language the command line speaks: --lang, else PNP_LANG, else the locale.

Run as the user runs it (``python -m generator`` in a subprocess, the environment cleaned of
every locale variable first), on a message of each kind: a help text (``pnp --help``) and an
error line (``pnp calibrate --out x.txt``, which refuses before writing anything).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.i18n import environment_language, locale_language, parse_language

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "PNP_LANG")
FRENCH_HELP = "Matériel à imprimer et arbitres de table pour cinq jeux français."
ENGLISH_HELP = "Print-and-play material and table referees for five French games."


def _pnp(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**clean, "COLUMNS": "200", **env},
    )


def _language_of_help(*args: str, **env: str) -> str:
    result = _pnp(*args, "--help", **env)
    assert result.returncode == 0, result.stderr
    if FRENCH_HELP in result.stdout:
        assert ENGLISH_HELP not in result.stdout
        return "fr"
    assert ENGLISH_HELP in result.stdout, result.stdout
    return "en"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "en"),
        ({"LANG": ""}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "fr"}, "fr"),
        # LC_ALL over LC_MESSAGES over LANG; an empty one does not count
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}, "fr"),
        # PNP_LANG over the locale
        ({"PNP_LANG": "en", "LC_ALL": "fr_FR.UTF-8"}, "en"),
        ({"PNP_LANG": "fr", "LANG": "en_US.UTF-8"}, "fr"),
        ({"PNP_LANG": "French", "LANG": "C"}, "fr"),
        ({"PNP_LANG": "", "LANG": "fr_FR.UTF-8"}, "fr"),
    ],
)
def test_the_environment_chooses_the_language(env, expected):
    assert _language_of_help(**env) == expected


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        (("--lang", "fr"), {"LANG": "en_US.UTF-8", "PNP_LANG": "en"}, "fr"),
        (("--lang", "en"), {"LC_ALL": "fr_FR.UTF-8", "PNP_LANG": "fr"}, "en"),
        (("--lang=fr",), {}, "fr"),
        (("--lang", "EN"), {"LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_root_lang_wins_over_the_environment(args, env, expected):
    assert _language_of_help(*args, **env) == expected


def test_a_command_s_own_lang_is_the_material_s_not_the_cli_s():
    """``pnp calibrate --lang en`` prints the sheet in English; the CLI still speaks French."""
    result = _pnp("calibrate", "--lang", "en", "--out", "x.txt", LANG="fr_FR.UTF-8")
    assert result.returncode == 2
    assert result.stderr.startswith("pnp\u00a0: erreur\u00a0: la sortie x.txt doit finir par .pdf")


@pytest.mark.parametrize(
    ("args", "env", "lang"),
    [
        (("calibrate", "--out", "x.txt"), {"LANG": "fr_FR.UTF-8"}, "fr"),
        (("calibrate", "--out", "x.txt"), {"LANG": "en_US.UTF-8"}, "en"),
        (("--lang", "en", "calibrate", "--out", "x.txt"), {"LANG": "fr_FR.UTF-8"}, "en"),
        (("--lang", "fr", "calibrate", "--out", "x.txt"), {}, "fr"),
    ],
)
def test_an_error_line_speaks_the_chosen_language(args, env, lang):
    result = _pnp(*args, **env)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    if lang == "fr":
        assert lines[0] == (
            "pnp\u00a0: erreur\u00a0: la sortie x.txt doit finir par .pdf\u00a0; donnez le "
            "fichier PDF à écrire, par exemple --out calibration.pdf"
        )
    else:
        assert lines[0] == (
            "pnp: error: output x.txt must end in .pdf; give the PDF file to write, e.g. --out "
            "calibration.pdf"
        )


@pytest.mark.parametrize(
    ("args", "env", "french"),
    [
        (("--lang", "de", "about"), {}, False),
        (("--lang", "de", "about"), {"LANG": "fr_FR.UTF-8"}, True),
        (("--lang=", "about"), {}, False),
        (("about",), {"PNP_LANG": "klingon"}, False),
        (("about",), {"PNP_LANG": "klingon", "LC_ALL": "fr_FR.UTF-8"}, True),
        (("--lang", "de", "--help"), {}, False),
    ],
)
def test_a_language_pnp_does_not_speak_is_one_line_and_exit_2(args, env, french):
    """Said in the locale's language (the one asked for cannot be), before anything runs."""
    result = _pnp(*args, **env)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    if french:
        assert lines[0].startswith("pnp\u00a0: erreur\u00a0: ") and "pnp parle fr ou en" in lines[0]
    else:
        assert lines[0].startswith("pnp: error: ") and "pnp speaks fr or en" in lines[0]


def test_the_rules_themselves():
    assert parse_language("fr_FR.UTF-8") == "fr"
    assert parse_language("en-GB") == "en"
    assert locale_language({"LC_ALL": "", "LC_MESSAGES": "fr_BE", "LANG": "en"}) == "fr"
    assert locale_language({}) == "en"
    assert environment_language({"PNP_LANG": "anglais", "LANG": "fr_FR"}) == "en"


@given(st.integers(min_value=-(10**15), max_value=10**15), st.sampled_from(["fr", "en"]))
def test_whole_numbers_are_grouped_as_babel_groups_them(value, language):
    from babel.numbers import format_decimal

    from generator.core.i18n import number

    assert number(value, language) == format_decimal(value, locale=language)
