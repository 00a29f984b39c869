"""The printed words of the shared render modules follow the material's language.

The poster's assembly plan and tile marks (``poster_document(language=)``) and the fold label of a
fold-and-glue sheet (``SheetSpec.language``): English when asked, French by default (the French
pages are what they were before the languages came).
"""

from __future__ import annotations

import io

import pypdfium2
import pytest

from generator.render.card_size import card_size
from generator.render.document import DocInfo
from generator.render.imposition import Card, Duplex, SheetSpec, render_deck
from generator.render.paper import paper
from generator.render.poster import poster_document, tile_grid


def _text(data: bytes) -> list[str]:
    pdf = pypdfium2.PdfDocument(io.BytesIO(data))
    return [page.get_textpage().get_text_range() for page in pdf]


@pytest.fixture(scope="module")
def posters():
    from generator.render.oie.palette import PALETTE

    grid = tile_grid(2, 2, paper("a4").landscape())
    pages = {}
    for language in ("fr", "en"):
        arguments = {} if language == "fr" else {"language": language}
        document = poster_document(
            lambda c, w, h: c.rect(0, 0, w, h),
            grid,
            PALETTE.poster,
            DocInfo(title="t"),
            **arguments,
        )
        pages[language] = _text(document.to_bytes())
    return pages


def test_the_poster_plan_and_marks_are_printed_in_english_when_asked(posters):
    plan, tile = posters["en"][0], posters["en"][1]
    assert "Poster assembly plan" in plan and "2 rows × 2 columns" in plan
    assert "Glue or tape on the back." in plan
    assert "row 1/2 · column 1/2 · overlap 12 mm · print at 100%" in tile
    assert not any(word in " ".join(posters["en"]) for word in ("Imprimez", "rangée", "Collez"))


def test_the_poster_is_french_by_default(posters):
    plan, tile = posters["fr"][0], posters["fr"][1]
    assert "Plan d’assemblage du poster" in plan and "(2 rangées × 2 colonnes)" in plan
    assert "rangée 1/2 · colonne 1/2 · recouvrement 12 mm · imprimer à 100 %" in tile


@pytest.mark.parametrize(("language", "label"), [("fr", "pli"), ("en", "fold")])
def test_the_fold_label_follows_the_sheet_s_language(language, label):
    def face(canvas, box):
        pass

    spec = SheetSpec(
        paper=paper("a4"), card=card_size("poker"), duplex=Duplex.FOLD, language=language
    )
    data = render_deck([Card(face, face, "x")], spec, DocInfo(title="t")).to_bytes()
    words = " ".join(_text(data)).split()
    assert label in words and ({"pli", "fold"} - {label}).isdisjoint(words)
