"""What the sheets and the deck of Les territoires share: the houses' titles and the game's
title (their drawing verbs are :mod:`generator.render.draw`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.i18n import M_, P_, Language
from generator.games.territoires import House

if TYPE_CHECKING:
    pass

HOUSE_TITLE = {House.EVEN: M_("Maison de la civilisation"), House.ODD: M_("Maison de la nature")}
HOUSE_SUBTITLE = {
    House.EVEN: M_("les hommes · cartes paires"),
    House.ODD: M_("les animaux · cartes impaires"),
}


def title(language: Language) -> str:
    """The game's title on a sheet: its French name, with an English subtitle in English."""
    # TRANSLATORS: the game's title on its sheets: keep the French name, add a subtitle
    return P_(language, "Les territoires")
