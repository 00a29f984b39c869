"""What a player reads prints at 7 pt or more; 6 pt is left to credits and marks (issue 30).

The printed pieces whose layout gives a name room rather than shrink it under 7 pt, drawn on
both papers and in both languages, read back from the PDF at their effective size
(:mod:`tests.type_sizes`): the Jeu de l'Oie boards (the squares' names, the place names of a
themed board on squares at every angle of the spiral, the garden, the rules' badges), the
Pronostiques score pad (its column heads and team tiles), the Territoires life trackers (the
ranks on the small cards, 3 players being the tightest). The whole kits are checked in
``test_kit_languages.py``.
"""

from __future__ import annotations

import pytest

from generator.render.paper import PAPERS
from tests.type_sizes import READING_PT, SMALL_SHARE, small_lines, small_share, unread_small

LANGUAGES = ("fr", "en")
PAPER_NAMES = ("a4", "letter")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("theme", [None, "france"])
def test_every_name_on_the_oie_board_is_7_pt_or_more(tmp_path, language, paper, theme):
    from generator.products.oie_board import PRODUCT, OieBoardOptions

    options = OieBoardOptions(paper=PAPERS[paper], theme=theme, language=language)
    path = PRODUCT.make(options, tmp_path / "board.pdf").paths[0]
    assert not small_lines(path), small_lines(path)  # not even a credit on the board


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_the_score_pad_heads_are_7_pt_or_more(tmp_path, language, paper, players):
    from generator.render.pronostiques.sheets import PronostiquesOptions, score_pad

    options = PronostiquesOptions(players, PAPERS[paper], language=language)
    path = score_pad(options).save(tmp_path / "pad.pdf")
    assert not unread_small(path), unread_small(path)
    assert small_lines(path), "the picture credit line is 6 pt: the test reads small type"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_ranks_on_the_life_trackers_are_7_pt_or_more(tmp_path, language, paper, players):
    from generator.games.territoires.houses import setup_for
    from generator.render.territoires.sheets import trackers

    path = trackers(setup_for(players), PAPERS[paper], language=language).save(tmp_path / "t.pdf")
    assert not unread_small(path), unread_small(path)


@pytest.mark.slow  # two decks drawn, every character read back
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_fold_and_glue_deck_keeps_small_type_under_a_tenth(tmp_path, language):
    """Fold-and-glue holds half the cards of a duplex sheet: its 6 pt credit line on every sheet
    came to 10.6 % (Oucédonc, France, 15 cards, English) and 14.4 % (Pronostiques) of the
    characters; it is on the first sheet, and in the subject."""
    from pypdf import PdfReader

    from generator.products.options import Imposition
    from generator.products.pronostiques_sheets import PRODUCT, PronostiquesOptions
    from generator.render.duplex import Duplex
    from tests.product_helpers import oucedonc_deck

    cards = PRODUCT.make(
        PronostiquesOptions(imposition=Imposition(duplex=Duplex.FOLD), language=language),
        tmp_path / "pronostiques",
    ).paths[0]
    deck = oucedonc_deck(
        tmp_path / "d.pdf", duplex="fold", region="france", cards=15, language=language
    ).paths[0]
    for path in (cards, deck):
        assert small_share(path) <= SMALL_SHARE, (path.name, small_share(path))
        assert small_lines(path)[0][0] == 1  # the credit is printed, on the first sheet
        assert "Fluent Emoji" in PdfReader(path).metadata.subject


def test_the_credit_rule_tells_a_rank_from_a_credit():
    from tests.type_sizes import CREDIT

    assert CREDIT.search("Images : Fluent Emoji (Microsoft, licence MIT), adaptées ;")
    assert not any(CREDIT.search(text) for text in ("10♦", "points", "écurie Cœur", "La Mort"))
    assert READING_PT == 7.0
