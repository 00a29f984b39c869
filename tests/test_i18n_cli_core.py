"""The core commands speak one language at a time: French with a French locale, English otherwise.

A battery of the core commands (about, data, preflight, calibrate, their help pages, usage
errors) is run in both languages; :func:`tests.i18n_helpers.foreign` must find nothing of the
other language in what each printed (data masked: paths, the names read from files). The
language-neutral outputs (preflight --json) are the same in both. The calibration sheet is
printed in the language of its own --lang, whatever the CLI speaks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import pnp
from tests.i18n_helpers import foreign

ROOT = Path(__file__).resolve().parents[1]
LOCALES = {"fr": {"LANG": "fr_FR.UTF-8"}, "en": {"LANG": "en_US.UTF-8"}}
CLEAN = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "PNP_LANG")


def _env(language: str) -> dict[str, str | None]:
    return {**dict.fromkeys(CLEAN), **LOCALES[language]}


def _masks(tmp_path: Path) -> list[str]:
    home = os.environ.get("HOME", "")
    return [str(tmp_path), str(ROOT), sys.prefix, home]


def _process(*args: str, language: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in CLEAN}
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**clean, "COLUMNS": "120", **LOCALES[language]},
    )


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> Path:
    """A calibration sheet of pnp's, to preflight."""
    out = tmp_path_factory.mktemp("sheet") / "calibration.pdf"
    assert pnp("calibrate", "--out", str(out)).returncode == 0
    return out


HELP_PAGES = [
    (),
    ("about",),
    ("data",),
    ("data", "build"),
    ("data", "fetch"),
    ("data", "outlines"),
    ("calibrate",),
    ("preflight",),
]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("args", HELP_PAGES, ids=lambda args: " ".join(args) or "pnp")
def test_the_help_pages_speak_one_language(args, language, tmp_path):
    result = _process(*args, "--help", language=language)
    assert result.returncode == 0, result.stderr
    assert foreign(result.stdout, language, _masks(tmp_path)) == []
    if language == "fr":
        assert "Utilisation" in result.stdout and "Afficher ce message et quitter." in result.stdout
    else:
        assert "Usage:" in result.stdout and "Show this message and exit." in result.stdout


@pytest.mark.parametrize("language", ["fr", "en"])
def test_about_speaks_one_language(language, tmp_path):
    result = pnp("about", env=_env(language))
    assert result.returncode == 0, result.stderr
    assert foreign(result.stdout, language, _masks(tmp_path)) == []
    first = result.stdout.splitlines()[0]
    if language == "fr":
        assert "matériel à imprimer" in first
        assert "Coordonnées des villes" in result.stdout  # the attributions in French too
    else:
        assert "print-and-play material" in first
        assert "Town coordinates" in result.stdout


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("profile", ["home", "shop"])
def test_preflight_speaks_one_language(sheet, profile, language, tmp_path):
    import re

    result = pnp("preflight", str(sheet), "--profile", profile, env=_env(language))
    assert result.returncode in (0, 1), result.stderr
    samples = re.findall(r"'[^']*'", result.stdout)  # text read from the PDF: data
    assert foreign(result.stdout, language, [*_masks(tmp_path), *samples]) == []
    last = result.stdout.splitlines()[-1]
    if language == "fr":
        assert last == "toutes les règles passent" or last.endswith("échouent") or "échoue" in last
    else:
        assert last == "all rules pass" or "fail" in last


def test_preflight_json_is_the_same_in_both_languages(sheet):
    outputs = [
        pnp("preflight", str(sheet), "--json", env=_env(language)).stdout for language in LOCALES
    ]
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["rules"]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_calibrate_speaks_one_language_and_prints_in_its_own(language, tmp_path):
    import pypdfium2

    out = tmp_path / "sheet.pdf"
    material = "en" if language == "fr" else "fr"  # the other one: the two are independent
    result = pnp("calibrate", "--out", str(out), "--lang", material, env=_env(language))
    assert result.returncode == 0, result.stderr
    assert foreign(result.stdout + result.stderr, language, _masks(tmp_path)) == []
    pdf = pypdfium2.PdfDocument(str(out))
    text = "\n".join(page.get_textpage().get_text_range() for page in pdf)
    if material == "en":
        assert "Duplex calibration" in text and "Back: read X and Y under each cross" in text
        assert "Calibrage" not in text and "Imprimez" not in text
    else:
        assert "Calibrage recto verso" in text and "Duplex calibration" not in text


USAGE_ERRORS = [
    (("nosuchcommand",), {"fr": "Pas de commande", "en": "No such command"}),
    (("preflight",), {"fr": "Argument manquant", "en": "Missing argument"}),
    (("calibrate", "--paper", "a5"), {"fr": "n’est pas parmi", "en": "is not one of"}),
    (("calibrate", "--papr", "a4"), {"fr": "Option inconnue", "en": "No such option"}),
    (("preflight", "x.pdf", "--ink-limit", "lots"), {"fr": "réel valide", "en": "valid float"}),
    (("calibrate", "extra"), {"fr": "en trop", "en": "unexpected extra"}),
    (
        ("data", "fetch", "wikidata", "--offline", "--refresh"),
        {"fr": "n’en donnez", "en": "only one"},
    ),
    (("data", "fetch", "nosuch", "--offline"), {"fr": "inconnue", "en": "unknown source"}),
    (("data", "outlines"), {"fr": "Argument manquant", "en": "Missing argument"}),
    (("preflight", "/nonexistent/file.pdf"), {"fr": "n’existe pas", "en": "does not exist"}),
    (("calibrate", "--out", "sheet.txt"), {"fr": "doit finir par .pdf", "en": "must end in .pdf"}),
    (("calibrate", "--lang", "de"), {"fr": "pas une langue", "en": "not a language"}),
    (("oie", "sumilate"), {"fr": "Vouliez-vous dire", "en": "Did you mean"}),
]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(("args", "expected"), USAGE_ERRORS, ids=lambda v: str(v))
def test_usage_errors_are_one_line_in_one_language(args, expected, language, tmp_path):
    result = pnp(*args, cwd=tmp_path, env=_env(language))
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    prefix = "pnp\u00a0: erreur\u00a0: " if language == "fr" else "pnp: error: "
    assert lines[0].startswith(prefix)
    assert expected[language] in lines[0]
    assert foreign(lines[0], language, [*_masks(tmp_path), *args]) == []


def test_numbers_are_written_for_the_language():
    from generator.core.i18n import number

    assert number(8787, "fr") == "8\u202f787" and number(8787, "en") == "8,787"
    assert number(3.5, "fr", decimals=1) == "3,5" and number(999, "fr") == "999"


def test_the_detector_finds_the_other_language():
    assert foreign("pnp: error: 'x' is not one of 'a', 'b'; see the help", "fr") != []
    assert "the" in foreign("Papier : le papier et the rest", "fr")
    english_line = "wrote out.pdf: print it duplex at 100 %"
    assert foreign(english_line, "en") == []
    french_line = "pnp : erreur : la sortie x.txt doit finir par .pdf ; donnez le fichier PDF"
    assert foreign(french_line, "en") != [] and foreign(french_line, "fr") == []
    assert foreign("Les Sables-d'Olonne", "en", masks=["Les Sables-d'Olonne"]) == []
