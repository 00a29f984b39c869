"""The Pronostiques deck: 54 cards, per suit the laps 1 to 10 and three power cards (Valet,
Dame, Roi), and two Jokers; the powers as the seed states them.

« Les cartes 1 à 10 représentent le nombre de tour effectué par les voitures de chaque
couleur. » The 10, Valet, Dame and Roi also make the four predictions (``predictions.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.i18n import M_, P_, Language
from generator.games.pronostiques.suits import SUITS, Suit

NUMBERS: tuple[int, ...] = tuple(range(1, 11))  # the laps, 1 to 10, in every suit
JOKERS = 2
INSTINCT_LOOK = 3  # the Dame: « d'en regarder 3 avant d'en choisir une sur les 3 »


@dataclass(frozen=True)
class Power:
    """A card with a power: its rank, the rank's French name, the power's name and rule (French,
    as printed, translated where printed: the rule is a template, :meth:`rule` fills it)."""

    rank: str  # "V", "D", "R", "JK": the key of the power (and its French corner index)
    rank_name: str  # Valet, Dame, Roi, Joker
    title: str
    text: str

    def rule(self, language: Language) -> str:
        """The power's rule, printed in ``language``."""
        return P_(language, self.text).format(look=INSTINCT_LOOK)

    def index(self, language: Language) -> str:
        """The rank in the card's corners: the initial of its name in ``language`` (V D R in
        French, J Q K in English), JK for a Joker."""
        return self.rank if self.rank == "JK" else P_(language, self.rank_name)[0]


POWERS: dict[str, Power] = {
    "V": Power(
        "V",
        M_("Valet"),
        M_("Pneus neufs"),
        M_(
            "Remplace n’importe quelle carte de sa couleur sur une pile. Qui a la carte remplacée "
            "peut la poser à sa place et reprendre le Valet."
        ),
    ),
    "D": Power(
        "D",
        M_("Dame"),
        M_("Instinct"),
        M_(
            "Échangée contre les cartes de la table, elle permet d’en regarder {look} et d’en "
            "choisir une."
        ),
    ),
    "R": Power(
        "R",
        M_("Roi"),
        M_("Aspiration"),
        M_(
            "Remplace n’importe quelle carte, de n’importe quelle couleur, sur une pile. Qui a la "
            "carte remplacée peut la poser à sa place et reprendre le Roi."
        ),
    ),
    "JK": Power(
        "JK",
        M_("Joker"),
        M_("Crevaison"),
        M_(
            "Posé sur une pile, elle n’avance plus tant qu’aucune carte n’est posée sur une autre "
            "pile ; retirez alors le Joker et mélangez-le aux cartes de la table."
        ),
    ),
}
SUIT_POWERS: tuple[Power, ...] = (POWERS["V"], POWERS["D"], POWERS["R"])  # in every suit
JOKER = POWERS["JK"]


@dataclass(frozen=True)
class RaceCard:
    """One card of the race deck: a lap number or a power, of a suit (a Joker has none)."""

    suit: Suit | None
    number: int | None = None
    power: Power | None = None


RACE_DECK: tuple[RaceCard, ...] = (
    *(
        card
        for suit in SUITS
        for card in (
            *(RaceCard(suit, number=n) for n in NUMBERS),
            *(RaceCard(suit, power=p) for p in SUIT_POWERS),
        )
    ),
    *(RaceCard(None, power=JOKER) for _ in range(JOKERS)),
)
