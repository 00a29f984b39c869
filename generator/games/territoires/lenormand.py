"""The Petit Lenormand table: 36 numbered cards, each with its name, playing card and picture.

Every Lenormand deck prints a playing-card inset on each card; the 36 insets are exactly the
piquet deck, each rank from 6 to ace in each of the four suits once. The seed names ten of
them (10 Faux = valet de carreau, 11 Fouet = valet de trèfle, ...); the rest is the standard
table found on every Petit Lenormand.

Every card also shows its traditional subject, as every Lenormand deck people buy does (the
Rider, the Clover, the Ship…): ``picture`` names the colour picture that draws it (the embedded
set, ``datasets/colour_art.json``: Fluent Emoji, and the subjects that set lacks drawn for pnp in
its manner: the Scythe, the Whip, the Stork, the Tower, the Paths, the Lilies, the Cross). Each
picture is the card's own subject: two birds on a branch, a child, a stork, a garden with its
fountain and trees, a gentleman, a lady, white lilies, a wooden cross.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.core.i18n import M_, P_, Language
from generator.core.refusal import Refusal
from generator.games.territoires.refusals import Why


class Suit(Enum):
    HEARTS = M_("cœur")
    DIAMONDS = M_("carreau")
    CLUBS = M_("trèfle")
    SPADES = M_("pique")

    @property
    def symbol(self) -> str:
        return {"cœur": "♥", "carreau": "♦", "trèfle": "♣", "pique": "♠"}[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


# Ranks of the piquet deck, lowest first: (short index, French name with its article-free form).
RANKS: tuple[str, ...] = ("6", "7", "8", "9", "10", "V", "D", "R", "A")
RANK_NAMES: dict[str, str] = {
    "6": M_("six"),
    "7": M_("sept"),
    "8": M_("huit"),
    "9": M_("neuf"),
    "10": M_("dix"),
    "V": M_("valet"),
    "D": M_("dame"),
    "R": M_("roi"),
    "A": M_("as"),
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
        """'valet de carreau', 'dix de cœur', 'as de pique'."""
        return self.words("fr")

    def words(self, language: Language) -> str:
        """The card in words: 'valet de carreau' in French, 'jack of diamonds' in English."""
        # TRANSLATORS: a playing card in words: "valet de carreau", "jack of diamonds"
        return P_(language, "{rank} de {suit}").format(
            rank=P_(language, RANK_NAMES[self.rank]), suit=P_(language, self.suit.value)
        )

    def index(self, language: Language) -> str:
        """The rank as printed in the inset: '10', 'V' (valet) in French, 'J' (jack) in English:
        a court card or an ace shows the first letter of its name in ``language``."""
        if self.rank.isdigit():
            return self.rank
        return P_(language, RANK_NAMES[self.rank])[0].upper()


@dataclass(frozen=True)
class LenormandCard:
    number: int
    name: str  # French name as printed on the card (its English one: name_in)
    called: str  # the name with its article, "Le Cavalier": the catalog's key for it
    playing_card: PlayingCard
    picture: str  # the colour picture of the card's traditional subject

    def name_in(self, language: Language) -> str:
        """The card's name as printed in ``language``: "Cavalier" in French, "Rider" in English
        (the usual English names). The catalog translates the name with its article, as the
        tradition calls the card ("Le Trèfle" is the card, "Trèfle" alone the suit of clubs)."""
        return self.name if language == "fr" else P_(language, self.called)

    def label(self, language: Language) -> str:
        """Its number and name: "11 Fouet", "11 Whip"."""
        return f"{self.number} {self.name_in(language)}"


def _card(
    number: int, name: str, called: str, rank: str, suit: Suit, picture: str
) -> LenormandCard:
    return LenormandCard(number, name, called, PlayingCard(rank, suit), picture)


H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES

LENORMAND: tuple[LenormandCard, ...] = (
    # TRANSLATORS: a Lenormand card, with its article: its usual name, as printed on the card
    # (no article: "Rider", "Clover")
    _card(1, "Cavalier", M_("Le Cavalier"), "9", H, "rider"),
    _card(2, "Trèfle", M_("Le Trèfle"), "6", D, "clover"),
    _card(3, "Bateau", M_("Le Bateau"), "10", S, "ship"),
    _card(4, "Maison", M_("La Maison"), "R", H, "house"),
    _card(5, "Arbre", M_("L’Arbre"), "7", H, "tree"),
    _card(6, "Nuages", M_("Les Nuages"), "R", C, "clouds"),
    _card(7, "Serpent", M_("Le Serpent"), "D", C, "snake"),
    _card(8, "Cercueil", M_("Le Cercueil"), "9", D, "coffin"),
    _card(9, "Bouquet", M_("Le Bouquet"), "D", S, "bouquet"),
    _card(10, "Faux", M_("La Faux"), "V", D, "scythe"),
    _card(11, "Fouet", M_("Le Fouet"), "V", C, "whip"),
    _card(12, "Oiseaux", M_("Les Oiseaux"), "7", D, "birds"),
    _card(13, "Enfant", M_("L’Enfant"), "V", S, "child"),
    _card(14, "Renard", M_("Le Renard"), "9", C, "fox"),
    _card(15, "Ours", M_("L’Ours"), "10", C, "bear"),
    _card(16, "Étoiles", M_("Les Étoiles"), "6", H, "stars"),
    _card(17, "Cigogne", M_("La Cigogne"), "D", H, "stork"),
    _card(18, "Chien", M_("Le Chien"), "10", H, "dog"),
    _card(19, "Tour", M_("La Tour"), "6", S, "tower"),
    _card(20, "Jardin", M_("Le Jardin"), "8", S, "garden"),
    _card(21, "Montagne", M_("La Montagne"), "8", C, "mountain"),
    _card(22, "Chemins", M_("Les Chemins"), "D", D, "paths"),
    _card(23, "Souris", M_("Les Souris"), "7", C, "mice"),
    _card(24, "Cœur", M_("Le Cœur"), "V", H, "heart"),
    _card(25, "Anneau", M_("L’Anneau"), "A", C, "ring"),
    _card(26, "Livre", M_("Le Livre"), "10", D, "book"),
    _card(27, "Lettre", M_("La Lettre"), "7", S, "letter"),
    _card(28, "Homme", M_("L’Homme"), "A", H, "man"),
    _card(29, "Femme", M_("La Femme"), "A", S, "woman"),
    _card(30, "Lys", M_("Le Lys"), "R", S, "lilies"),
    _card(31, "Soleil", M_("Le Soleil"), "A", D, "sun"),
    _card(32, "Lune", M_("La Lune"), "8", H, "moon"),
    _card(33, "Clé", M_("La Clé"), "8", D, "key"),
    _card(34, "Poissons", M_("Les Poissons"), "R", D, "fish"),
    _card(35, "Ancre", M_("L’Ancre"), "9", S, "anchor"),
    _card(36, "Croix", M_("La Croix"), "6", C, "cross"),
)

FIRST, LAST = 1, 36


def lenormand(number: int) -> LenormandCard:
    """The card numbered ``number`` (1 to 36), or a refusal saying the range."""
    if not FIRST <= number <= LAST:
        raise Refusal(Why.NO_SUCH_CARD, {"card": number})
    return LENORMAND[number - 1]
