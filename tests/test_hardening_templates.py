"""Issue #15, templates without limits: every hostile template of the issue is one line naming the
template and the limit, quickly, and a whole deck with such a --templates folder writes nothing."""

from __future__ import annotations

import os

import pytest

from generator.core.errors import UserError
from generator.render import template_sandbox
from generator.render.card_templates import load_templates
from tests.referee_fixtures import pnp

HOSTILE = [
    (
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
        "time limit",
    ),
    ("{{ 'x' * 200000000 }}", "output limit"),
    ("{{ lipsum(100000) }}", "lipsum asked for more than"),
    ("{{ range(10**9) | list }}", "Range too big"),
    ("{{ 2 ** 100000 }}", "more than 4096 bits"),
    ("{% include 'place_front.j2' %}", "nests too deeply"),
    ("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "nests too deeply"),
    ("{{ 'x' | center(10**10) }}", "center asked for more than"),
    ("{{ 'x'.ljust(10**10) }}", "str.ljust asked for more than"),
    ("{{ '%0999999999d' % 1 }}", "format width"),
    ("{{ '{:>999999999}'.format(1) }}", "format width"),
    ("{% for i in range(99999) %}{{ 'y' * 9999 }}{% endfor %}", "larger than"),
    ("{{ ''.__class__.__mro__ }}", "unsafe"),
    ("{{ 1 / 0 }}", "ZeroDivisionError"),
]


@pytest.mark.parametrize(("body", "fragment"), HOSTILE)
def test_hostile_templates_stop_with_one_line(tmp_path, monkeypatch, body, fragment):
    # the endless loop is stopped by the time limit (a short one: it burns CPU until then); every
    # other template by its own limit, long before any time limit even on a loaded machine
    limit = 0.5 if fragment == "time limit" else 60.0
    monkeypatch.setattr(template_sandbox, "TIME_LIMIT_S", limit)
    (tmp_path / "place_front.j2").write_text("## mark\n" + body + "\n", encoding="utf-8")
    templates = load_templates("oucedonc", tmp_path)
    with pytest.raises(UserError) as info:
        templates.render(
            "place_front.j2",
            {},
        ).line("mark")
    message = str(info.value)
    assert "place_front.j2" in message and fragment in message and "\n" not in message


@pytest.mark.parametrize(
    "markup",
    ['<img src="/etc/passwd"/>', '<font name="/etc/passwd">x</font>', '<b onclick="x">y</b>',
     "<a href='file:///etc'>x</a>"],
)  # fmt: skip
def test_markup_tags_beyond_bold_italic_are_refused(tmp_path, markup):
    (tmp_path / "rule_game.j2").write_text(
        "## title\nBut\n## body\n" + markup + "\n", encoding="utf-8"
    )
    sections = load_templates("oucedonc", tmp_path).render("rule_game.j2", {})
    with pytest.raises(UserError, match="is not allowed; card texts may use only <b>"):
        sections.markup("body")


def test_a_fifo_template_is_refused(tmp_path):
    os.mkfifo(tmp_path / "place_front.j2")
    with pytest.raises(UserError, match="not a regular file"):
        load_templates("oucedonc", tmp_path).render("place_front.j2", {})


def test_a_deck_with_a_hostile_template_folder_writes_nothing(tmp_path):
    folder = tmp_path / "tpl"
    folder.mkdir()
    (folder / "rule_setup.j2").write_text('## title\nX\n## body\n<img src="/etc/passwd"/>\n')
    out = tmp_path / "out" / "deck.pdf"
    result = pnp("oucedonc", "deck", "--region", "bretagne", "--cards", "48",
                 "--templates", str(folder), "--out", str(out))  # fmt: skip
    assert result.returncode == 2 and "is not allowed" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.parent.exists() or list(out.parent.iterdir()) == []
