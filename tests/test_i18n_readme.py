"""The README's French section: near the top, linked from the first lines, its commands real.

Every ``pnp`` command of the section's ``sh`` blocks is parsed as pnp parses it (run with
``--help`` appended: a misspelt command or option is then a usage error, exit 2, and nothing
runs); the first deck command is run for real, in French, and must print only French.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.conftest import pnp
from tests.i18n_helpers import foreign

README = Path(__file__).resolve().parents[1] / "README.md"
FRENCH = {"LANG": "fr_FR.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "PNP_LANG": None}


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## En français", 1)[1].split("\n## ", 1)[0]


def _commands() -> list[list[str]]:
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", _section(), re.S):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words and words[0] == "pnp":
                commands.append(words)
    return commands


def test_the_french_section_is_near_the_top_and_linked_from_it():
    text = README.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings.index("En français") <= 1  # right after the quick start
    assert "(#en-français)" in text.split("## ", 1)[0]  # the link, above the first heading
    section = _section()
    for needed in ("make kit", "make test", "--region bretagne", "pnp oucedonc play", "--lang"):
        assert needed in section


def test_the_english_part_says_how_to_choose_the_language():
    text = README.read_text(encoding="utf-8").replace(_section(), "")
    for needed in ("--lang", "PNP_LANG", "pnp kit --lang en", "LC_MESSAGES"):
        assert needed in text


def test_every_command_of_the_french_section_exists_as_written():
    commands = _commands()
    assert len(commands) >= 5
    for command in commands:
        result = pnp(*command[1:], "--help", env=FRENCH)
        assert result.returncode == 0, (command, result.stderr)


def test_the_first_deck_of_the_french_section_speaks_french(tmp_path):
    (deck,) = [command for command in _commands() if "bretagne" in command]
    result = pnp(*deck[1:], cwd=tmp_path, env=FRENCH)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "output" / "bretagne.pdf").is_file()
    printed = result.stdout + result.stderr
    assert printed.strip()
    assert foreign(printed, "fr", ["Bretagne"]) == []
