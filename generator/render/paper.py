"""Paper sizes (portrait, millimetres) and how users name them."""

from __future__ import annotations

from enum import StrEnum

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import _


class Paper(Struct, frozen=True):
    """A paper size by name, in millimetres, portrait."""

    name: str
    width: float  # mm, portrait
    height: float  # mm, portrait

    def landscape(self) -> Paper:
        return Paper(self.name, self.height, self.width)

    @property
    def is_landscape(self) -> bool:
        return self.width > self.height


class PaperName(StrEnum):
    """The papers a user can name (``--paper``)."""

    A4 = "a4"
    A3 = "a3"
    LETTER = "letter"


class HomePaper(StrEnum):
    """The papers of home printers, which the game sheets, the poster tiles and the kit are laid
    out for (A3 would only add blank space)."""

    A4 = PaperName.A4.value
    LETTER = PaperName.LETTER.value


HOME_PAPERS: tuple[str, ...] = tuple(name.value for name in HomePaper)

PAPERS: dict[str, Paper] = {
    PaperName.A4.value: Paper("a4", 210.0, 297.0),
    PaperName.A3.value: Paper("a3", 297.0, 420.0),
    PaperName.LETTER.value: Paper("letter", 215.9, 279.4),
}


def paper(name: str) -> Paper:
    """The paper called ``name`` (case-insensitive), or a UserError listing the choices."""
    try:
        return PAPERS[name.strip().lower()]
    except KeyError:
        choices = ", ".join(PAPERS)
        raise UserError(
            _("unknown paper {name!r}; choose one of {choices}").format(name=name, choices=choices)
        ) from None
