"""The one table of squares of the Jeu de l'Oie.

Square 0 is the start (off the spiral), 1..63 the spiral, 63 the garden. Each :class:`Square`
carries its kind, its French name, where it sends a pawn (if anywhere), whether arriving there
pays a stake into the pot, and the sentence of the rules that describes it. The board draws from
this table, the rules panel is rendered from it and the engine resolves moves with it.

Names and sentences are French, marked with ``M_`` for the printed material's catalog and
translated where they are printed (:func:`square_name`, :func:`square_rule`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from generator.core.i18n import M_, P_, Language
from generator.core.typography import printed_name

LAST = 63
START = 0


class Kind(StrEnum):
    START = "start"
    ORDINARY = "ordinary"
    GOOSE = "goose"
    BRIDGE = "bridge"
    INN = "inn"
    DICE = "dice"
    WELL = "well"
    LABYRINTH = "labyrinth"
    PRISON = "prison"
    DEATH = "death"
    GARDEN = "garden"


GEESE: tuple[int, ...] = (5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59)
BRIDGE, INN, WELL, LABYRINTH, PRISON, DEATH = 6, 19, 31, 42, 52, 58


@dataclass(frozen=True)
class Square:
    number: int
    kind: Kind
    name: str = ""  # French name printed on the board ("" for ordinary squares), M_-marked
    target: int | None = None  # where the pawn is sent on arrival (bridge, labyrinth, death)
    pays: bool = False  # arriving there pays one stake into the pot
    lost_turns: int = 0  # turns lost on arrival (the prison holds until freed: see rules)
    rule: str = ""  # the sentence of the rules panel, in French, M_-marked


@dataclass(frozen=True)
class FirstThrow:
    """The first-throw rule: a 9 made of these two dice flies to ``target``."""

    dice: tuple[int, int]
    target: int


FIRST_THROWS: tuple[FirstThrow, ...] = (FirstThrow((6, 3), 26), FirstThrow((5, 4), 53))

_SPECIALS: dict[int, Square] = {
    0: Square(
        0, Kind.START, M_("Départ"), rule=M_("Tous les pions partent d’ici ; la Mort y renvoie.")
    ),
    BRIDGE: Square(
        BRIDGE,
        Kind.BRIDGE,
        M_("Le Pont"),
        target=12,
        pays=True,
        rule=M_("Le joueur paie un droit de passage et vole à la case 12."),
    ),
    INN: Square(
        INN,
        Kind.INN,
        M_("L’Hôtellerie"),
        pays=True,
        lost_turns=1,
        rule=M_(
            "Le joueur paie le service et perd un tour. Si un autre joueur y arrive "
            "pendant qu’il y est retenu, ils échangent leurs places."
        ),
    ),
    26: Square(
        26, Kind.DICE, M_("Les Dés"), rule=M_("Au premier lancer, 6 et 3 mènent directement ici.")
    ),
    WELL: Square(
        WELL,
        Kind.WELL,
        M_("Le Puits"),
        lost_turns=2,
        rule=M_(
            "Le joueur perd deux tours, à moins qu’un autre joueur n’y tombe avant : "
            "celui-ci le délivre et l’envoie à la case qu’il vient de quitter ; "
            "le délivré paie le sauvetage."
        ),
    ),
    LABYRINTH: Square(
        LABYRINTH,
        Kind.LABYRINTH,
        M_("Le Labyrinthe"),
        target=30,
        pays=True,
        rule=M_("Le joueur s’y perd, paie et se retrouve à la case 30."),
    ),
    PRISON: Square(
        PRISON,
        Kind.PRISON,
        M_("La Prison"),
        rule=M_(
            "Le joueur y reste jusqu’à ce qu’un autre joueur y tombe et lui donne "
            "la case qu’il vient de quitter ; il paie une amende à chaque tour passé "
            "en prison."
        ),
    ),
    53: Square(
        53, Kind.DICE, M_("Les Dés"), rule=M_("Au premier lancer, 5 et 4 mènent directement ici.")
    ),
    DEATH: Square(
        DEATH,
        Kind.DEATH,
        M_("La Mort"),
        target=START,
        rule=M_("Le joueur retourne au départ et recommence la partie."),
    ),
    LAST: Square(
        LAST,
        Kind.GARDEN,
        M_("Le Jardin de l’Oie"),
        rule=M_(
            "Il faut y arriver au compte exact ; les points en trop se comptent "
            "à reculons depuis la case 63. Le premier arrivé gagne le pot."
        ),
    ),
}


def _square(number: int) -> Square:
    if number in _SPECIALS:
        return _SPECIALS[number]
    if number in GEESE:
        return Square(
            number,
            Kind.GOOSE,
            M_("L’Oie"),
            rule=M_("Une Oie fait rejouer le même nombre de cases, dans le sens de la marche."),
        )
    return Square(number, Kind.ORDINARY)


BOARD: tuple[Square, ...] = tuple(_square(n) for n in range(LAST + 1))

GOOSE_SET = frozenset(GEESE)


def special_squares() -> tuple[Square, ...]:
    """The squares with a rule of their own (not ordinary, not geese), start and garden included."""
    return tuple(sq for sq in BOARD if sq.kind not in (Kind.ORDINARY, Kind.GOOSE))


def square_name(number: int, language: Language) -> str:
    """The name of square ``number`` in ``language``, with its typographic apostrophe ("L’Oie";
    "" for an ordinary square)."""
    name = BOARD[number].name
    return printed_name(P_(language, name)) if name else ""


def square_rule(number: int, language: Language) -> str:
    """The rules panel's sentence of square ``number`` in ``language`` ("" if it has none)."""
    rule = BOARD[number].rule
    return P_(language, rule) if rule else ""
