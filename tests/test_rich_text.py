"""The card paragraphs' own layout: the markup card templates allow, lines that break at spaces
only (never at a no-break space), never wider than the box but for a word longer than it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.render.draw.rich_text import Style, block, lay_out, parse, text_of
from generator.render.fonts import register_fonts

FONTS = register_fonts()


def test_markup_becomes_styled_pieces_and_entities_characters():
    pieces = parse("a <b>b&amp;<i>c</i></b><br/>d &lt;e&gt;")
    assert [(p.text, p.style) for p in pieces] == [
        ("a ", Style()),
        ("b&", Style(bold=True)),
        ("c", Style(bold=True, italic=True)),
        (None, Style()),
        ("d <e>", Style()),
    ]
    assert text_of("<u>x</u><super>2</super>") == "x2"


@pytest.mark.parametrize(
    "markup", ["<b>open", "</i>", "<b><i>x</b></i>", "a < b", "<font>x</font>"]
)
def test_markup_that_does_not_nest_or_is_not_allowed_is_refused(markup):
    with pytest.raises(ValueError):
        parse(markup)


def test_lines_break_at_spaces_and_never_at_a_no_break_space():
    text = "Bonne estimation\u00a0: <b>2\u202fjetons</b> chacun et encore quelques mots"
    lines = lay_out(text, FONTS, 8.0, 80.0)
    printed = ["".join(span.text for span in line.spans) for line in lines]
    assert all("\u00a0:" not in line or "estimation\u00a0:" in line for line in printed)
    assert any("2\u202fjetons" in line for line in printed)
    assert all(line.width <= 80.0 + 1e-6 for line in lines)
    assert " ".join(p.strip() for p in printed).split() == text_of(text).split()


def test_a_forced_break_starts_a_line_and_bold_keeps_its_face():
    (first, second) = lay_out("un <b>deux</b><br/>trois", FONTS, 9.0, 500.0)
    assert [span.font for span in first.spans] == [FONTS.regular, FONTS.bold]
    assert second.spans[0].text == "trois"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=12), min_size=1, max_size=40),
    st.floats(30, 200),
)
def test_no_line_is_wider_than_the_box_unless_one_word_is(words, width):
    text = " ".join(words)
    for line in lay_out(text, FONTS, 8.0, width):
        words_on_line = "".join(span.text for span in line.spans).split()
        assert line.width <= width + 1e-6 or len(words_on_line) == 1
        assert line.width == pytest.approx(
            sum(stringWidth(span.text, span.font, span.size) for span in line.spans)
        )


def test_a_block_is_as_tall_as_its_lines_and_gaps():
    laid = block(["un deux", "trois"], FONTS, 10.0, 500.0)
    assert laid.height == pytest.approx(2 * 10.0 * 1.3 + 10.0 * 0.6)
