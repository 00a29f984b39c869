"""The templates' own XML escaping is the standard library's (xml.sax.saxutils), character for
character: the deck no longer imports that module (it pulls urllib.request, http and email)."""

from __future__ import annotations

from xml.sax import saxutils

from hypothesis import given
from hypothesis import strategies as st

from generator.render.card_templates import escape, unescape

PIECES = st.text(alphabet=st.sampled_from(list("&<>;ampltgquos#39 é\"'")), max_size=40)


@given(st.one_of(st.text(), PIECES))
def test_escape_is_saxutils_escape(text: str) -> None:
    assert escape(text) == saxutils.escape(text)


@given(st.one_of(st.text(), PIECES))
def test_unescape_is_saxutils_unescape(text: str) -> None:
    entities = {"&quot;": '"', "&apos;": "'", "&#39;": "'"}
    assert unescape(text) == saxutils.unescape(text)
    assert unescape(text, entities) == saxutils.unescape(text, entities)
