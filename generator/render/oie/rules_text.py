"""The rules panel text, rendered from ``templates/oie/rules.txt.j2`` and the square table, in
the language of the board (the template's ``{% trans %}`` blocks, the squares' names and
sentences translated from the table's French)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.core.i18n import MATERIAL_DEFAULT, Language
from generator.core.typography import printed_text as typography
from generator.games.oie.rules import Rules
from generator.games.oie.squares import (
    BOARD,
    FIRST_THROWS,
    GEESE,
    LAST,
    Kind,
    square_name,
    square_rule,
)
from generator.render.card_templates import load_templates


@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "item", "square", "text"
    markup: str  # reportlab paragraph markup
    square: int | None = None


def journey_phrase(start: str, end: str) -> str:
    """ "Brest → Nantes": an arrow needs no article or contraction, in either language."""
    return f"{start} → {end}"


# Runs of the spaces a line may break at (not the no-break ones French spacing puts in).
_BREAKING_SPACES = re.compile(r"[ \t\n]+")
# What a {% trans %} block's values are escaped into (markupsafe): quotes are plain text in
# reportlab's paragraphs, and the typography turns the apostrophe into its curly form.
_QUOTE_ENTITIES = (("&#39;", "'"), ("&#34;", '"'))


def rules_blocks(
    rules: Rules = Rules(),
    theme: str | None = None,
    route: tuple[str, str] | None = None,
    language: Language = MATERIAL_DEFAULT,
) -> list[Block]:
    """The rules panel as blocks, in order, in ``language``."""
    specials = [
        {
            "number": sq.number,
            "name": square_name(sq.number, language),
            "rule": square_rule(sq.number, language),
        }
        for sq in BOARD
        if sq.kind not in (Kind.ORDINARY, Kind.GOOSE, Kind.START, Kind.GARDEN)
    ]
    text = load_templates("oie", language=language).render_text(
        "rules.txt.j2",
        {
            "garden": LAST,
            "garden_name": square_name(LAST, language),
            "goose_name": square_name(GEESE[0], language),
            "geese": GEESE,
            "first_throws": FIRST_THROWS,
            "specials": specials,
            "occupied": rules.occupied,
            "theme": theme,
            "route_start": route[0] if route else "",
            "route_end": route[1] if route else "",
        },
    )
    for entity, character in _QUOTE_ENTITIES:
        text = text.replace(entity, character)
    blocks = []
    for chunk in text.split("\n\n"):
        chunk = typography(_BREAKING_SPACES.sub(" ", chunk).strip(), language)
        if not chunk:
            continue
        if chunk.startswith("## "):
            blocks.append(Block("heading", chunk[3:]))
        elif chunk.startswith("* "):
            blocks.append(Block("item", chunk[2:]))
        elif chunk.startswith("@ "):
            number, rest = chunk[2:].split(" ", 1)
            blocks.append(Block("square", rest, int(number)))
        else:
            blocks.append(Block("text", chunk))
    return blocks
