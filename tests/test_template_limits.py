"""Issue 28, item 3: a 1 MB card template took 42 s to be refused (a 20 KB one 1.4 s): Jinja
compiled every token of it (about 25 µs each), a markup check and a format-width check read some
texts quadratically, and a card text was laid out at every size on every card. Now a template
holds at most 10,000 tokens of code (counted by Jinja's lexer before parsing), what it prints for
one card at most 64 KiB, every scan is linear, and a text that cannot fit is refused before any
layout. The speed itself is measured by benchmarks/template_limits.py."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import UserError
from generator.render import template_sandbox
from generator.render.card_templates import MAX_TEXT_OUTPUT, load_templates
from generator.render.fonts import missing_characters, register_fonts
from generator.render.oucedonc import cards
from generator.render.template_sandbox import MAX_TOKENS

MIB = 1 << 20
# (file, body, what is refused): the outside fuzz's shapes, at the documented 1 MiB size
HOSTILE_SIZES = [
    ("place_front.j2", "{{ card.id }}" * (MIB // 13 - 8), "more than 10,000 tokens"),
    ("place_front.j2", "{% if 1 %}x{% endif %}" * (MIB // 22 - 8), "more than 10,000 tokens"),
    ("place_front.j2", "Le but du jeu : placer. " * (MIB // 24 - 8), "larger than 65,536"),
    ("rule_game.j2", "<" * (60 * 1024), "the tag < is not allowed"),
    ("place_front.j2", "{% for i in [1] %}" * 25 + "x" + "{% endfor %}" * 25, "nests too deeply"),
    ("place_front.j2", "{{ '{:{w}}'.format(1, w=10**9) }}", "a format width of 1,000,000,000"),
    ("place_front.j2", "{{ '{:{w}}'.format_map({'w': 10**9}) }}", "a format width of"),
    ("place_front.j2", "{{ '%*d' % (10**9, 1) }}", "a format width of 1,000,000,000"),
    ("place_front.j2", "{{ '%.*f' % (10**9, 1) }}", "a format width of"),
    ("place_front.j2", "{{ '%.999999999f' % 1 }}", "a format width of 999999999 is"),
    ("place_front.j2", "{{ ('%0' ~ '9' * 5000 ~ 'd') % 1 }}", "a format width of 999999999999…"),
    ("place_front.j2", "{{ ('{' ~ ':' * 60000).format() }}", "ValueError"),
    ("place_front.j2", "{{ " + "9" * 100_000 + " }}", "ValueError"),
]


def render(tmp_path, file, body, context=None):
    markup = file.startswith("rule_")
    text = ("## title\nBut\n## body\n" if markup else "## mark\n") + body + "\n"
    (tmp_path / file).write_text(text, encoding="utf-8")
    sections = load_templates("oucedonc", tmp_path).render(file, context or {"card": {"id": "P"}})
    return sections.markup("body") if markup else sections.line("mark")


@pytest.mark.parametrize(("file", "body", "fragment"), HOSTILE_SIZES, ids=lambda v: str(v)[:30])
def test_hostile_templates_are_refused_in_one_line(tmp_path, file, body, fragment):
    with pytest.raises(UserError) as info:
        render(tmp_path, file, body)
    message = str(info.value)
    assert fragment in message and file in message and "\n" not in message


def test_the_shipped_templates_are_well_within_the_token_budget():
    from jinja2 import Environment

    from generator.render.card_templates import TEMPLATE_ROOT

    lexer = Environment(extensions=["jinja2.ext.i18n"])
    for path in TEMPLATE_ROOT.rglob("*.j2"):
        tokens = [t for t in lexer.lex(path.read_text(encoding="utf-8")) if t[1] != "whitespace"]
        assert len(tokens) < MAX_TOKENS / 5, path


def test_a_template_at_the_budget_and_a_long_text_are_accepted(tmp_path):
    count = MAX_TOKENS // 5 - 1  # 5 tokens each ({{, card, ., id, }}) and the text around
    assert render(tmp_path, "place_front.j2", "{{ card.id }}" * count) == "P" * count
    text = "Un texte. " * (MAX_TEXT_OUTPUT // 11)
    assert render(tmp_path, "place_front.j2", text) == text.strip()


def test_ordinary_formats_still_work(tmp_path):
    body = "{{ '{:,}'.format(2100000) }} {{ '%5d|%-3s|' % (42, 'a') }} {{ '{:>4}'.format(7) }}"
    assert render(tmp_path, "place_front.j2", body) == "2,100,000 42|a | 7"  # spaces collapsed


def test_one_rendering_stops_at_the_card_output_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(template_sandbox, "TIME_LIMIT_S", 60.0)
    body = "{% for i in range(100000) %}xy{% endfor %}"
    with pytest.raises(UserError, match="its output is larger than 65,536 characters"):
        render(tmp_path, "place_front.j2", body)


def _old_cut(text: str, font: str, size: float, width: float) -> str:
    """The ellipsis cut of a card's centred line before issue 28 (one character at a time,
    measuring the whole line each time)."""
    from generator.render.draw.text import string_width

    while len(text) > 1 and string_width(text, font, size) > width:
        text = text[:-2].rstrip() + "…"
    return text


@settings(deadline=None)  # the first example registers the fonts
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz ÉéW.-", max_size=120))
def test_the_cut_of_a_long_line_prints_what_the_old_one_did(text):
    from generator.render.draw.text import cut_to_width, overflow_at, string_width

    font, size, width = register_fonts().regular, 6.0, 90.0
    assert cut_to_width(text, font, size, width) == _old_cut(text, font, size, width)
    fits = overflow_at(text, font, size, width)
    assert string_width(text[:fits], font, size) <= width
    assert fits == len(text) or string_width(text[: fits + 1], font, size) > width


def test_a_paragraph_that_cannot_fit_is_refused_before_any_layout(monkeypatch):
    from generator.render.imposition import Rect

    def no_layout(*args, **kwargs):
        raise AssertionError("laid out")

    monkeypatch.setattr(cards, "shrink_until", no_layout)
    area = Rect(0, 0, 50, 30)
    with pytest.raises(UserError, match=r"does not fit its box even at 6\.0 pt"):
        cards.paragraphs(["mot " * 20_000], register_fonts(), area, 9.0)


@settings(deadline=None)
@given(st.text(max_size=200))
def test_missing_characters_reads_each_character_once(text):
    font = register_fonts().regular
    assert missing_characters(font, text) == sorted(
        {ch for ch in text if not ch.isspace() and ord(ch) not in _glyphs(font)}
    )


def _glyphs(font_name):
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(font_name).face.charToGlyph
