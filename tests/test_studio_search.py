"""The studio's type-ahead (``web/service.py``): the names starting as typed are found by
bisection in the sorted names; the answers are exactly those of a scan of every name (the
plain computation below), in the same order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.namekeys import name_key
from generator.web import service


def plain_search(index, query, limit):
    """Every entry looked at: names starting as typed, then (one word typed) names with a later
    word starting so."""
    key = name_key(query)[:100]
    if not key:
        return []
    typed = key.split()
    found = []
    for entry in index:
        if any(k.startswith(key) for k in entry.keys):
            found.append(((0 if key in entry.keys else 1, *entry.rank), entry))
        elif len(typed) == 1 and any(word.startswith(key) for word in entry.words):
            found.append(((2, *entry.rank), entry))
    found.sort(key=lambda pair: (pair[0], pair[1].key))
    return [entry.hit for _rank, entry in found[:limit]]


QUERIES = ["fin", "Finis", "bre", "quimper", "saint", "Saint-Denis", "st denis", "île", "ile de",
           "gir", "ita", "mont", "lyo", "corse", "la", "le", "sur", "mer", "a", "z", "é", "974",
           "guyane", "val d", "  ", "''", "x" * 120, "Plounéour-Brignogan-plages", "abbaye",
           "château", "pont", "notre", "s", "bav", "bayern", "cali", "jura", "georgia", "ras al",
           "Ra's", "lhay", "eua", "islas", "hawaii", "mambere"]  # fmt: skip


@pytest.mark.parametrize("query", QUERIES)
def test_the_region_search_is_the_scan(query):
    index = service._region_index()
    assert service.search_regions(query, 12) == plain_search(index, query, 12)


@pytest.mark.parametrize("query", QUERIES)
def test_the_place_search_is_the_scan(query):
    index = service._place_index()
    assert service.search_places(query, 12) == plain_search(index, query, 12)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="aeiouéèlnrstdmcpbSLM- '", min_size=1, max_size=6))
def test_any_typed_text_finds_what_the_scan_finds(query):
    index = service._place_index()
    assert service.search_places(query, 30) == plain_search(index, query, 30)


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("ras al", "Raʼs al Khaymah"),  # a transliteration's ʼ, typed or not
        ("Ra's al k", "Raʼs al Khaymah"),
        ("eua", "ʻEua"),
        ("islas", "Illes Balears [Islas Baleares]"),  # a second name in brackets
        ("lhay", "L'Haÿ-les-Roses"),  # the elision's apostrophe left out
        ("l'hay", "L'Haÿ-les-Roses"),
    ],
)
def test_a_name_is_found_as_people_type_it(typed, name):
    found = [hit["name"] for hit in service.search_regions(typed, 12)]
    assert name in found
