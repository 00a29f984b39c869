"""The Petit Lenormand table: 36 numbered cards, each with its French name and playing card.

Every Lenormand deck prints a playing-card inset on each card; the 36 insets are exactly the
piquet deck, each rank from 6 to ace in each of the four suits once. The seed names ten of
them (10 Faux = valet de carreau, 11 Fouet = valet de trèfle, ...); the rest is the standard
table found on every Petit Lenormand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.core.errors import UserError


class Suit(Enum):
    HEARTS = "coeur"
    DIAMONDS = "carreau"
    CLUBS = "trèfle"
    SPADES = "pique"

    @property
    def symbol(self) -> str:
        return {"coeur": "♥", "carreau": "♦", "trèfle": "♣", "pique": "♠"}[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


# Ranks of the piquet deck, lowest first: (short index, French name with its article-free form).
RANKS: tuple[str, ...] = ("6", "7", "8", "9", "10", "V", "D", "R", "A")
RANK_NAMES: dict[str, str] = {
    "6": "six",
    "7": "sept",
    "8": "huit",
    "9": "neuf",
    "10": "dix",
    "V": "valet",
    "D": "dame",
    "R": "roi",
    "A": "as",
}


@dataclass(frozen=True)
class PlayingCard:
    rank: str  # one of RANKS
    suit: Suit

    @property
    def short(self) -> str:
        """'V♦' style, as printed in the inset."""
        return f"{self.rank}{self.suit.symbol}"

    @property
    def french(self) -> str:
        """'valet de carreau', 'dix de coeur', 'as de pique'."""
        return f"{RANK_NAMES[self.rank]} de {self.suit.value}"


@dataclass(frozen=True)
class LenormandCard:
    number: int
    name: str  # French name as printed on the card
    playing_card: PlayingCard


def _card(number: int, name: str, rank: str, suit: Suit) -> LenormandCard:
    return LenormandCard(number, name, PlayingCard(rank, suit))


H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES

LENORMAND: tuple[LenormandCard, ...] = (
    _card(1, "Cavalier", "9", H),
    _card(2, "Trèfle", "6", D),
    _card(3, "Bateau", "10", S),
    _card(4, "Maison", "R", H),
    _card(5, "Arbre", "7", H),
    _card(6, "Nuages", "R", C),
    _card(7, "Serpent", "D", C),
    _card(8, "Cercueil", "9", D),
    _card(9, "Bouquet", "D", S),
    _card(10, "Faux", "V", D),
    _card(11, "Fouet", "V", C),
    _card(12, "Oiseaux", "7", D),
    _card(13, "Enfant", "V", S),
    _card(14, "Renard", "9", C),
    _card(15, "Ours", "10", C),
    _card(16, "Étoiles", "6", H),
    _card(17, "Cigogne", "D", H),
    _card(18, "Chien", "10", H),
    _card(19, "Tour", "6", S),
    _card(20, "Jardin", "8", S),
    _card(21, "Montagne", "8", C),
    _card(22, "Chemins", "D", D),
    _card(23, "Souris", "7", C),
    _card(24, "Cœur", "V", H),
    _card(25, "Anneau", "A", C),
    _card(26, "Livre", "10", D),
    _card(27, "Lettre", "7", S),
    _card(28, "Homme", "A", H),
    _card(29, "Femme", "A", S),
    _card(30, "Lys", "R", S),
    _card(31, "Soleil", "A", D),
    _card(32, "Lune", "8", H),
    _card(33, "Clé", "8", D),
    _card(34, "Poissons", "R", D),
    _card(35, "Ancre", "9", S),
    _card(36, "Croix", "6", C),
)

FIRST, LAST = 1, 36


def lenormand(number: int) -> LenormandCard:
    """The card numbered ``number`` (1 to 36), or a UserError saying the range."""
    if not FIRST <= number <= LAST:
        raise UserError(f"card {number} does not exist; a Lenormand deck has cards 1 to 36")
    return LENORMAND[number - 1]
