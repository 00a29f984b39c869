"""The faces of the two special dice and the six slots of a player card."""

from __future__ import annotations

from enum import Enum
from itertools import combinations

from generator.core.refusal import Refusal
from generator.games.otcho.refusals import Why


class Face(Enum):
    """One face of a Neo Otcho die. ``value`` is how it is printed."""

    A = "a"
    B = "b"
    C = "c"
    D = "d"
    X = "X"
    STAR = "★"

    @property
    def is_letter(self) -> bool:
        return self in LETTERS

    def __str__(self) -> str:
        return self.value


FACES: tuple[Face, ...] = (Face.A, Face.B, Face.C, Face.D, Face.X, Face.STAR)
LETTERS: tuple[Face, ...] = (Face.A, Face.B, Face.C, Face.D)

# The six slots of a player card, named by their two letters: ab, ac, ad, bc, bd, cd.
SLOTS: tuple[str, ...] = tuple(f"{x.value}{y.value}" for x, y in combinations(LETTERS, 2))

_ALIASES: dict[str, Face] = {
    "a": Face.A,
    "b": Face.B,
    "c": Face.C,
    "d": Face.D,
    "x": Face.X,
    "★": Face.STAR,
    "*": Face.STAR,
    "☆": Face.STAR,
    "⭐": Face.STAR,
    "star": Face.STAR,
    "etoile": Face.STAR,
    "étoile": Face.STAR,
}


def parse_face(text: str) -> Face:
    """A face from how a user types it: a b c d (any case), X, ★ or * (also ⭐ or ★ as a phone sends
    it)."""
    face = _ALIASES.get(
        text.replace("\ufe0f", "").strip().lower()
    )  # drop the emoji variation selector
    if face is None:
        raise Refusal(Why.UNKNOWN_FACE, {"text": text})
    return face
