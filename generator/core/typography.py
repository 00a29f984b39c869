"""How printed text is set in each language: the typographic apostrophe, and French spacing.

Data and people write the straight apostrophe ("Côte-d'Or", "Île d'Yeu"); print sets the
typographic one, ’ (U+2019): :func:`printed_name` for a place's, a département's or a region's
name, wherever it is drawn. Only the printed form changes: the deck file, the referee's
matching (:mod:`generator.core.namekeys` takes ' and ’ alike) and search keep the name as given.

French typography puts a narrow no-break space (U+202F) before ``; : ! ?`` and inside « »
(:func:`french_spacing`), one that never breaks the line: "Intermède :" never ends a line on
its colon, and a « never ends one. U+202F is used for every one of them (the house style of the
Imprimerie nationale before the colon is a full no-break space; ours is one width throughout,
the narrow one French numbers already use between thousands). Every face the material prints
with has the glyph (``pnp data build`` adds it to a face that lacks it). English sets no space
before that punctuation.

:func:`printed_text` applies both to a text in its language; the material catalog applies
:func:`french_spacing` to every French string it gives (:func:`generator.core.i18n.P_`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

APOSTROPHE = "\u2019"
#: The narrow no-break space of French typography.
NARROW_NO_BREAK_SPACE = "\u202f"
NO_BREAK_SPACE = "\u00a0"
#: The spaces a line may not break at (:mod:`generator.render.draw` never breaks there).
NO_BREAK_SPACES = NO_BREAK_SPACE + NARROW_NO_BREAK_SPACE

# A space (or several, or a no-break one) before the high punctuation or a closing guillemet,
# and after an opening one: each becomes one narrow no-break space.
_BEFORE = re.compile(r"[ \u00a0\u202f]+([;:!?»])")
_AFTER = re.compile(r"«[ \u00a0\u202f]+")


def printed_name(name: str) -> str:
    """A name as printed: its apostrophes typographic ("Côte-d'Or" → "Côte-d’Or")."""
    return name.replace("'", APOSTROPHE)


@lru_cache(maxsize=4096)  # the same few hundred strings, asked for on every card
def french_spacing(text: str) -> str:
    """French text with a narrow no-break space before ``; : ! ?`` and » and after «, where it
    had a space (or a no-break one): "Contenu : 63 cartes" → "Contenu\u202f: 63 cartes". Text
    without a space there is left as it is ("10:30", "https://"). Applying it twice changes
    nothing."""
    if "«" not in text and not _BEFORE.search(text):
        return text
    return _AFTER.sub("«" + NARROW_NO_BREAK_SPACE, _BEFORE.sub(NARROW_NO_BREAK_SPACE + r"\1", text))


def printed_text(text: str, language: Literal["fr", "en"]) -> str:
    """``text`` set as printed ``language`` is: typographic apostrophes, and French spacing in
    French; in English no space before ``: ; ! ?`` (a text written in French, the Oie's rules
    template, closes up in English)."""
    text = printed_name(text)
    if language == "fr":
        return french_spacing(text)
    return re.sub(r"[ \u00a0\u202f]+([:;!?])", r"\1", text)
