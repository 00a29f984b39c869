"""The four suits, which are the four racing teams, and how users type a finishing order."""

from __future__ import annotations

from enum import Enum

from generator.core.i18n import M_, P_, Language, cli_language
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

_ALIASES: dict[str, Suit] = {
    "♥": Suit.HEART,
    "♡": Suit.HEART,
    "h": Suit.HEART,
    "♦": Suit.DIAMOND,
    "♢": Suit.DIAMOND,
    "d": Suit.DIAMOND,
    "♠": Suit.SPADE,
    "♤": Suit.SPADE,
    "s": Suit.SPADE,
    "♣": Suit.CLUB,
    "♧": Suit.CLUB,
    "c": Suit.CLUB,
}

_IGNORED = set(" ,;-/>\ufe0f")  # separators, and the emoji variation selector after ♥ etc.


def parse_suit(text: str) -> Suit:
    suit = _ALIASES.get(text.strip().lower())
    if suit is None:
        raise Refusal(Why.UNKNOWN_SUIT, {"text": text})
    return suit


def parse_order(text: str) -> tuple[Suit, ...]:
    """A finishing order of the four suits, first to last: "♥♦♠♣", "HDSC", "H D S C", "h,d,s,c"."""
    suits = tuple(parse_suit(ch) for ch in text if ch not in _IGNORED)
    if sorted(s.letter for s in suits) != sorted(s.letter for s in SUITS):
        raise Refusal(Why.ORDER_SUITS, {"text": text})
    return suits


def order_text(order: tuple[Suit, ...]) -> str:
    return "".join(s.symbol for s in order)
