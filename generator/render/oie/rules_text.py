"""The rules panel text, rendered from ``templates/oie/rules.txt.j2`` and the square table."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.games.oie.rules import Rules
from generator.games.oie.squares import BOARD, FIRST_THROWS, GEESE, LAST, Kind
from generator.render.card_templates import load_templates


@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "item", "square", "text"
    markup: str  # reportlab paragraph markup
    square: int | None = None


def french_typography(text: str) -> str:
    """Printed French: curly apostrophes, a no-break space before : ; ! ? (never alone on a
    line)."""
    text = text.replace("'", "\u2019")
    return re.sub(r" ([:;!?])", "\u00a0\\1", text)


def journey_phrase(start: str, end: str) -> str:
    """ "Brest → Nantes": an arrow needs no French article or contraction."""
    return f"{start} → {end}"


def rules_blocks(
    rules: Rules = Rules(), theme: str | None = None, route: tuple[str, str] | None = None
) -> list[Block]:
    """The rules panel as blocks, in order."""
    specials = [
        sq for sq in BOARD if sq.kind not in (Kind.ORDINARY, Kind.GOOSE, Kind.START, Kind.GARDEN)
    ]
    text = load_templates("oie").render_text(
        "rules.txt.j2",
        {
            "garden": BOARD[LAST],
            "geese": GEESE,
            "first_throws": FIRST_THROWS,
            "specials": specials,
            "occupied": rules.occupied,
            "theme": theme,
            "route_start": route[0] if route else "",
            "route_end": route[1] if route else "",
        },
    )
    blocks = []
    for chunk in text.split("\n\n"):
        chunk = french_typography(" ".join(chunk.split()))
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
