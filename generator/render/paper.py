"""Paper sizes (portrait, millimetres) and how users name them."""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.errors import UserError


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm, portrait
    height: float  # mm, portrait

    def landscape(self) -> Paper:
        return Paper(self.name, self.height, self.width)

    @property
    def is_landscape(self) -> bool:
        return self.width > self.height


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "a3": Paper("a3", 297.0, 420.0),
    "letter": Paper("letter", 215.9, 279.4),
}


def paper(name: str) -> Paper:
    """The paper called ``name`` (case-insensitive), or a UserError listing the choices."""
    try:
        return PAPERS[name.strip().lower()]
    except KeyError:
        choices = ", ".join(PAPERS)
        raise UserError(f"unknown paper {name!r}; choose one of {choices}") from None
