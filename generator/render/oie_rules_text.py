"""The rules panel text, rendered from ``templates/oie/rules.txt.j2`` and the square table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from generator.games.oie.rules import Rules
from generator.games.oie.squares import BOARD, FIRST_THROWS, GEESE, LAST, Kind

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "item", "square", "text"
    markup: str  # reportlab paragraph markup
    square: int | None = None


def _environment():
    from jinja2 import FileSystemLoader, StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    return SandboxedEnvironment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=False,
        finalize=lambda value: escape(str(value)),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


def _elide(preposition: str, name: str) -> str:
    """French contraction before a place name: de Le Mans -> du Mans, à Les Sables -> aux Sables."""
    contracted = {("de", "Le "): "du ", ("de", "Les "): "des ", ("à", "Le "): "au ", ("à", "Les "): "aux "}
    for (prep, article), merged in contracted.items():
        if prep == preposition and name.startswith(article):
            return merged + name[len(article):]
    if preposition == "de" and name[:1].upper() in "AEIOUYÂÉÈÊÎÔÛH" and not name.startswith("H"):
        return "d'" + name
    return f"{preposition} {name}"


def journey_phrase(start: str, end: str) -> str:
    """"de Brest à Nantes", "d'Angers au Mans"."""
    return f"{_elide('de', start)} {_elide('à', end)}"


def rules_blocks(rules: Rules = Rules(), theme: str | None = None, route: tuple[str, str] | None = None) -> list[Block]:
    """The rules panel as blocks, in order."""
    specials = [sq for sq in BOARD if sq.kind not in (Kind.ORDINARY, Kind.GOOSE, Kind.START, Kind.GARDEN)]
    text = _environment().get_template("oie/rules.txt.j2").render(
        garden=BOARD[LAST],
        geese=GEESE,
        first_throws=FIRST_THROWS,
        specials=specials,
        occupied=rules.occupied,
        theme=theme,
        journey=journey_phrase(*route) if route else "",
    )
    blocks = []
    for chunk in text.split("\n\n"):
        chunk = " ".join(chunk.split())
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
