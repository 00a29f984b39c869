"""Place names on Oucédonc cards: real long names from the datasets fit their zone on every card
size, and a short linking word ("de", "l'", "sur"...) never ends a line when another break
exists."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from generator.render.card_size import CARD_SIZES
from generator.render.draw.fit_text import (
    LINKING_WORDS,
    NAME_PREFIXES,
    break_tokens,
    fit_text,
    glue_tokens,
)
from generator.render.imposition import CardBox
from generator.render.oucedonc.cards import PlaceFront
from generator.render.units import pt

DATASETS = Path(__file__).resolve().parents[1] / "datasets"


def long_real_names(count: int) -> list[str]:
    names: set[str] = set()
    for file in ("landmarks.csv", "communes.csv"):
        with (DATASETS / file).open(encoding="utf-8") as handle:
            names.update(row["name"] for row in csv.DictReader(handle))
    return sorted(names, key=lambda name: (-len(name), name))[:count]


NAMES = [
    *long_real_names(60),
    "Cathédrale de Strasbourg",
    "Village martyr d'Oradour-sur-Glane",
    "L'Isle-sur-la-Sorgue",
    "Saint-Rémy-de-Provence",
    "Le Puy-en-Velay",
]


def word(line_end: str) -> str:
    return line_end.strip().rstrip("-'’/").casefold()


def zones(box: CardBox):
    """The two zones where the card layout prints the name: (width, height, max size, max lines)."""
    front = PlaceFront.name_area(None, box)  # the geometry depends on the box alone
    safe = box.safe
    yield pt(front.width), pt(front.height), 34.0 * box.height / 88.0, 3
    yield (
        pt(safe.width - 2 * (box.height / 88.0)),
        pt(11.0 * box.height / 88.0),
        15.0 * box.height / 88.0,
        2,
    )


@pytest.fixture(scope="module")
def font():
    from generator.render.fonts import register_fonts

    return register_fonts().condensed_bold


@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
def test_real_long_names_fit_and_never_leave_a_linking_word_at_a_line_end(font, size):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    card = CARD_SIZES[size]
    box = CardBox(card.width, card.height, 3.0)
    for width, height, max_size, max_lines in zones(box):
        for name in NAMES:
            fitted = fit_text(name, font, width, height, max_size=max_size, max_lines=max_lines)
            assert all(
                stringWidth(line, font, fitted.size) <= width + 1e-6 for line in fitted.lines
            ), name
            assert fitted.height <= height + 1e-6, name
            assert "".join(fitted.lines).replace(" ", "") == name.replace(" ", "")
            for line in fitted.lines[:-1]:
                last = break_tokens(line)[-1]
                assert word(last) not in LINKING_WORDS | NAME_PREFIXES, (name, fitted.lines)


def test_cathedrale_de_strasbourg_keeps_de_with_strasbourg(font):
    box = CardBox(63.0, 88.0, 3.0)
    front = PlaceFront.name_area(None, box)
    fitted = fit_text(
        "Cathédrale de Strasbourg", font, pt(front.width), pt(front.height), max_size=34.0
    )
    assert fitted.lines == ("Cathédrale", "de Strasbourg")


def test_glue_joins_linking_words_and_prefixes_to_the_next_word():
    assert glue_tokens(break_tokens("L'Isle-sur-la-Sorgue")) == ["L'Isle-", "sur-la-Sorgue"]
    assert glue_tokens(break_tokens("Château de Saint-Germain-en-Laye")) == [
        "Château ",
        "de Saint-Germain-",
        "en-Laye",
    ]
    assert glue_tokens(break_tokens("Pont-de-l'Arche")) == ["Pont-", "de-l'Arche"]


def test_a_too_long_glued_group_may_break_but_no_line_is_a_lone_linking_word(font):
    """In a narrow zone "de-Varengeville-" cannot stay whole: the breaks inside it come back,
    and still no line holds only "de" or "l'"."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    name = "Saint-Pierre-de-Varengeville-sur-Seine"
    width = (
        stringWidth("de-Varengeville-", font, 5.0) * 0.9
    )  # the glued group cannot fit even at 5 pt
    fitted = fit_text(name, font, width, 200.0, max_size=34.0, min_size=5.0, max_lines=6)
    assert fitted.size >= 5.0
    assert any(line.endswith("-de-") for line in fitted.lines), (
        fitted.lines
    )  # the glue had to give way
    assert all(word(line) not in LINKING_WORDS for line in fitted.lines), fitted.lines
