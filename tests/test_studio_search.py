"""The studio's type-ahead (``web/service.py``): the names starting as typed are found by
bisection in the sorted names; the answers are exactly those of a scan of every name (the
plain computation below), in the same order, in each language the studio speaks; a place is
one hit, shown by its name in the page's language."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.namekeys import name_key
from generator.web import service


def plain_search(index, query, limit, language="fr"):
    """Every entry looked at: names starting as typed, then (one word typed) names with a later
    word starting so; ordered by the name shown in ``language``."""
    key = name_key(query)[:100]
    if not key:
        return []
    typed = key.split()
    starts = "\0" + key  # "a key of the entry starts so", each key joined after a NUL
    found = []
    for entry, keys, words in _scan_table(index):
        if starts in keys:
            found.append(((0 if key in entry.keys else 1, *entry.rank), entry))
        elif len(typed) == 1 and starts in words:
            found.append(((2, *entry.rank), entry))
    found.sort(key=lambda pair: (pair[0], pair[1].key(language)))
    return [entry.hit_for(language, key) for _rank, entry in found[:limit]]


_TABLES: dict[int, list] = {}


def _scan_table(index):
    """Each entry with its keys and its words joined after NULs (no name holds one), made once
    per index: a scan of 38,000 entries at every typed example is what this test pays."""
    if id(index) not in _TABLES:
        _TABLES[id(index)] = [
            (entry, "".join("\0" + k for k in entry.keys), "".join("\0" + w for w in entry.words))
            for entry in index
        ]
    return _TABLES[id(index)]


@pytest.fixture(scope="module")
def region_index():
    index = service._region_index()
    _scan_table(index)
    return index


@pytest.fixture(scope="module")
def place_index():
    index = service._place_index()
    _scan_table(index)
    return index


QUERIES = ["fin", "Finis", "bre", "quimper", "saint", "Saint-Denis", "st denis", "île", "ile de",
           "gir", "ita", "mont", "lyo", "corse", "la", "le", "sur", "mer", "a", "z", "é", "974",
           "guyane", "val d", "  ", "''", "x" * 120, "Plounéour-Brignogan-plages", "abbaye",
           "château", "pont", "notre", "s", "bav", "bayern", "cali", "jura", "georgia", "ras al",
           "Ra's", "lhay", "eua", "islas", "hawaii", "mambere", "vatican", "allemagne",
           "germany", "deutsch", "tchad", "chad", "etats", "united", "new york", "bavi",
           "mong", "suisse", "schweiz"]  # fmt: skip


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("query", QUERIES)
def test_the_region_search_is_the_scan(region_index, query, language):
    found = service.search_regions(query, language, 12)
    assert found == plain_search(region_index, query, 12, language)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("query", QUERIES)
def test_the_place_search_is_the_scan(place_index, query, language):
    found = service.search_places(query, language, 12)
    assert found == plain_search(place_index, query, 12, language)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="aeiouéèlnrstdmcpbSLM- '", min_size=1, max_size=6))
def test_any_typed_text_finds_what_the_scan_finds(place_index, query):
    assert service.search_places(query, "fr", 30) == plain_search(place_index, query, 30)


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
    found = [hit["name"] for hit in service.search_regions(typed, "fr", 12)]
    assert name in found


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="aeiouébcdgilmnrstvyzA '", min_size=1, max_size=5),
    st.sampled_from(["fr", "en"]),
)
def test_any_typed_region_finds_what_the_scan_finds(region_index, query, language):
    found = service.search_regions(query, language, 30)
    assert found == plain_search(region_index, query, 30, language)


def _shown(query, language):
    return [
        (hit["name"], hit.get("name_fr"), hit.get("within"))
        for hit in service.search_regions(query, language)
        if hit["kind"] in ("country", "subdivision")
    ]


@pytest.mark.parametrize(
    ("typed", "english", "french"),
    [
        ("allemagne", ("Germany", "Allemagne", None), ("Allemagne", None, None)),
        ("germany", ("Germany", "Allemagne", None), ("Germany", "Allemagne", None)),
        ("tchad", ("Chad", "Tchad", None), ("Tchad", None, None)),
        ("chad", ("Chad", "Tchad", None), ("Chad", "Tchad", None)),
        ("bavière", ("Bavaria", "Bavière", "Germany"), ("Bavière", None, "Allemagne")),
        ("bayern", ("Bavaria", "Bavière", "Germany"), ("Bayern", "Bavière", "Allemagne")),
        ("texas", ("Texas", None, "United States"), ("Texas", None, "États-Unis")),
    ],
)
def test_a_country_or_subdivision_is_shown_in_the_page_language(typed, english, french):
    """In English its English name (found by its French or own name too), its country in
    English; in French its French name, or the other name typed with its French one."""
    assert _shown(typed, "en")[0] == english
    assert _shown(typed, "fr")[0] == french


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("typed", ["vatican", "ital", "mon", "bav", "suisse", "united", "new"])
def test_a_place_is_one_hit(typed, language):
    """Vatican City and État de la Cité du Vatican are one country: one hit, not two."""
    regions = [str(hit["region"]) for hit in service.search_regions(typed, language, 30)]
    assert len(regions) == len(set(regions))


def test_every_english_name_is_the_one_the_deck_prints():
    """The name chosen in the English list is the name an English deck's title prints (the
    library names the region from its code: ``products.oucedonc_places.region_info``)."""
    from generator.geo.regions import resolve_region
    from generator.products.oucedonc_places import region_info

    for query in ("germany", "chad", "vatican", "bavaria", "texas", "england", "côte d'iv"):
        hit = service.search_regions(query, "en")[0]
        assert hit["kind"] in ("country", "subdivision"), query
        code = hit["region"]
        selection = resolve_region(code, files=False)
        assert region_info(selection, code, "en").name == hit["name"], query


@pytest.mark.parametrize(
    ("region", "english", "french"),
    [
        ("TD", "Chad", "Tchad"),
        ("DE-BY", "Bavaria", "Bavière"),
        ("dep:29", "Finistère", "Finistère"),
    ],
)
def test_the_deck_summary_names_its_region_as_the_page_speaks(region, english, french):
    """``region_name`` (what the studio writes in its field for a deck it opens) is in the
    page's language, as the search's hit was, whatever the cards' language."""
    from generator.core.i18n import speaking
    from generator.products.oucedonc_recipe import recipe_from_document, region_name

    for cards in ("fr", "en"):
        recipe = recipe_from_document({"region": region, "language": cards}, "recipe")
        with speaking("en"):
            assert region_name(recipe) == english
        with speaking("fr"):
            assert region_name(recipe) == french
