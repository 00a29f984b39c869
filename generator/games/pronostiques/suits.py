"""The four suits, which are the four racing teams, and how users type a finishing order."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from generator.core.i18n import M_, P_, Language, cli_language
from generator.core.namekeys import name_key
from generator.core.refusal import Refusal
from generator.games.pronostiques.refusals import Why


class Suit(Enum):
    """A suit of the 54-card deck; in Pronostiques, one racing car (team)."""

    HEART = "♥"
    DIAMOND = "♦"
    SPADE = "♠"
    CLUB = "♣"

    @property
    def symbol(self) -> str:
        return self.value

    @property
    def letter(self) -> str:
        return _LETTERS[self]

    @property
    def french(self) -> str:
        """The suit's French name (the rules' word: Cœur, Carreau, Pique, Trèfle)."""
        return _FRENCH[self]

    def called(self, language: Language | None = None) -> str:
        """The suit's name in ``language`` (the command line's by default): Pique, Spades."""
        return P_(cli_language() if language is None else language, self.french)

    def __str__(self) -> str:
        return self.value


SUITS: tuple[Suit, ...] = (Suit.HEART, Suit.DIAMOND, Suit.SPADE, Suit.CLUB)

_LETTERS = {Suit.HEART: "H", Suit.DIAMOND: "D", Suit.SPADE: "S", Suit.CLUB: "C"}
_FRENCH = {
    Suit.HEART: M_("Cœur"),
    Suit.DIAMOND: M_("Carreau"),
    Suit.SPADE: M_("Pique"),
    Suit.CLUB: M_("Trèfle"),
}

# How players type a suit, one table per language. Symbols and names are read in both languages
# (no name means another suit in the other language); single letters follow the language the
# command line speaks, since C is Clubs in English and Cœur (hearts) in French: a French player
# typing C gets hearts, never a wrong score.
SYMBOLS: dict[str, Suit] = {
    "♥": Suit.HEART,
    "♡": Suit.HEART,
    "♦": Suit.DIAMOND,
    "♢": Suit.DIAMOND,
    "♠": Suit.SPADE,
    "♤": Suit.SPADE,
    "♣": Suit.CLUB,
    "♧": Suit.CLUB,
}


@dataclass(frozen=True)
class SuitWords:
    """The words of one language for the suits: each suit's letter, and its names (keyed as
    :func:`~generator.core.namekeys.name_key` writes them)."""

    letters: Mapping[str, Suit]
    names: Mapping[str, Suit]

    @property
    def spelled(self) -> str:
        """ "H D S C": the letters, in suit order."""
        return " ".join(
            letter.upper() for suit in SUITS for letter, of in self.letters.items() if of is suit
        )


ENGLISH = SuitWords(
    letters={"h": Suit.HEART, "d": Suit.DIAMOND, "s": Suit.SPADE, "c": Suit.CLUB},
    names={
        **dict.fromkeys(("heart", "hearts"), Suit.HEART),
        **dict.fromkeys(("diamond", "diamonds"), Suit.DIAMOND),
        **dict.fromkeys(("spade", "spades"), Suit.SPADE),
        **dict.fromkeys(("club", "clubs"), Suit.CLUB),
    },
)
FRENCH = SuitWords(
    letters={"c": Suit.HEART, "k": Suit.DIAMOND, "p": Suit.SPADE, "t": Suit.CLUB},
    names={
        **dict.fromkeys(("coeur", "coeurs"), Suit.HEART),
        **dict.fromkeys(("carreau", "carreaux"), Suit.DIAMOND),
        **dict.fromkeys(("pique", "piques"), Suit.SPADE),
        **dict.fromkeys(("trefle", "trefles"), Suit.CLUB),
    },
)
WORDS: Mapping[Language, SuitWords] = {"en": ENGLISH, "fr": FRENCH}
NAMES: Mapping[str, Suit] = {**ENGLISH.names, **FRENCH.names}

_SEPARATORS = re.compile(r"[\s,;/>-]+")


def parse_suit(text: str, language: Language | None = None) -> Suit:
    """One suit: its symbol, its name in either language, or its letter in ``language`` (the
    command line's by default)."""
    words = WORDS[cli_language() if language is None else language]
    key = name_key(text.replace("\ufe0f", ""))  # the emoji variation selector after ♥
    suit = SYMBOLS.get(key) or NAMES.get(key) or words.letters.get(key)
    if suit is None:
        raise Refusal(Why.UNKNOWN_SUIT, {"text": text, "letters": words.spelled})
    return suit


def parse_order(text: str, language: Language | None = None) -> tuple[Suit, ...]:
    """A finishing order of the four suits, first to last: "♥♦♠♣", "HDSC", "H D S C", "h,d,s,c"
    in English, "CKPT" in French, "coeur carreau pique trefle" in either (single letters are
    read in ``language``, the command line's by default)."""
    suits: list[Suit] = []
    for word in _SEPARATORS.split(text.replace("\ufe0f", "")):
        if not word:
            continue
        if name_key(word) in NAMES:
            suits.append(NAMES[name_key(word)])
            continue
        suits.extend(parse_suit(ch, language) for ch in word)
    if sorted(s.letter for s in suits) != sorted(s.letter for s in SUITS):
        letters = WORDS[cli_language() if language is None else language].spelled
        raise Refusal(Why.ORDER_SUITS, {"text": text, "letters": letters})
    return tuple(suits)


def order_text(order: tuple[Suit, ...]) -> str:
    return "".join(s.symbol for s in order)
