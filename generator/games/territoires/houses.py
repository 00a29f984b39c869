"""Houses, card roles and the set-up of Les territoires.

Cards 1 to 20 are played; cards 21 to 36 count life: the even ones (22 to 36) for the house of
civilisation, the odd ones (21 to 35) for the house of nature. Ten of the played cards have a
role (weapon, support animal, support of one house, healing); the other ten only make runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.core.i18n import M_, P_, Language
from generator.core.namekeys import name_key
from generator.core.refusal import Refusal
from generator.games.territoires.lenormand import lenormand
from generator.games.territoires.refusals import Why

PLAYED_CARDS: tuple[int, ...] = tuple(range(1, 21))
LIFE_PER_HOUSE = 8


class House(Enum):
    EVEN = "even"
    ODD = "odd"

    @property
    def french(self) -> str:
        return M_("civilisation") if self is House.EVEN else M_("nature")

    def name_in(self, language: Language) -> str:
        """ "civilisation" or "nature", in ``language``."""
        return P_(language, self.french)

    @property
    def other(self) -> House:
        return House.ODD if self is House.EVEN else House.EVEN

    @property
    def life_cards(self) -> tuple[int, ...]:
        """22, 24 ... 36 for the even house; 21, 23 ... 35 for the odd house."""
        return tuple(range(22, 37, 2)) if self is House.EVEN else tuple(range(21, 36, 2))

    @classmethod
    def parse(cls, text: str) -> House:
        """A house as players name it, in either language: its parity (even, pair; odd,
        impair) or its side (civilisation, nature)."""
        house = HOUSE_WORDS.get(name_key(text))
        if house is None:
            raise Refusal(Why.UNKNOWN_HOUSE, {"text": text})
        return house


# How players name a house, both languages at once (no word means the other house in the other
# language): its parity, or its side.
HOUSE_WORDS: dict[str, House] = {
    **dict.fromkeys(("even", "pair", "paire", "civilisation", "civilization"), House.EVEN),
    **dict.fromkeys(("odd", "impair", "impaire", "nature"), House.ODD),
}


def house_of(number: int) -> House:
    """The house whose parity the card has."""
    return House.EVEN if number % 2 == 0 else House.ODD


class Role(Enum):
    WEAPON = "weapon"
    SUPPORT_ANIMAL = "support animal"
    CIVILISATION_SUPPORT = "civilisation support"
    NATURE_SUPPORT = "nature support"
    HEALING = "healing"
    LIFE = "life"
    RUN = "run"  # a played card with no special role: it only makes runs

    @property
    def french(self) -> str:
        return {
            Role.WEAPON: M_("Arme"),
            Role.SUPPORT_ANIMAL: M_("Animal de soutien"),
            Role.CIVILISATION_SUPPORT: M_("Soutien de la civilisation"),
            Role.NATURE_SUPPORT: M_("Soutien de la nature"),
            Role.HEALING: M_("Soin"),
            Role.LIFE: M_("Vie"),
            Role.RUN: M_("Suite"),
        }[self]

    def name_in(self, language: Language) -> str:
        """The role as printed on the card's band: "Arme", "Weapon"."""
        return P_(language, self.french)


ROLE_CARDS: dict[Role, tuple[int, int]] = {
    Role.WEAPON: (10, 11),
    Role.SUPPORT_ANIMAL: (15, 18),
    Role.CIVILISATION_SUPPORT: (4, 6),
    Role.NATURE_SUPPORT: (7, 9),
    Role.HEALING: (13, 16),
}

SUPPORT_OF: dict[Role, House] = {
    Role.CIVILISATION_SUPPORT: House.EVEN,
    Role.NATURE_SUPPORT: House.ODD,
}


def role_of(number: int) -> Role:
    """The role of card ``number`` (1 to 36) in Les territoires."""
    lenormand(number)  # range check
    if number > 20:
        return Role.LIFE
    for role, cards in ROLE_CARDS.items():
        if number in cards:
            return role
    return Role.RUN


@dataclass(frozen=True)
class Setup:
    """How the 20 played cards are dealt for a number of players."""

    players: int
    hand: int  # cards in each player's hand
    reserve: int  # face-down cards between the players
    reserve_rows: tuple[int, ...]  # cards per row of the reserve

    @property
    def draw_pile(self) -> int:
        return len(PLAYED_CARDS) - self.players * self.hand - self.reserve


SETUPS: dict[int, Setup] = {
    2: Setup(players=2, hand=4, reserve=6, reserve_rows=(3, 3)),
    3: Setup(players=3, hand=3, reserve=6, reserve_rows=(3, 3)),
    4: Setup(players=4, hand=3, reserve=4, reserve_rows=(2, 2)),
}


def setup_for(players: int) -> Setup:
    try:
        return SETUPS[players]
    except KeyError:
        raise Refusal(Why.PLAYER_COUNT, {"players": players}) from None


def seats_sharing(players: int, house: House) -> tuple[int, ...]:
    """The seats that share the life of ``house``: both of its players at four, none otherwise."""
    if players != 4:
        return ()
    return (1, 3) if house is House.EVEN else (2, 4)


def seat_house(players: int, seat: int) -> House | None:
    """The house of a seat: seats alternate even, odd, even, odd; the third of three has none.

    The seed gives the even cards to the first player; at four players the two players of each
    house share its life ("les joueurs pairs auront leurs points de vie en commun").
    """
    setup_for(players)
    if not 1 <= seat <= players:
        raise Refusal(Why.NO_SUCH_SEAT, {"seat": seat, "players": players})
    if players == 3 and seat == 3:
        return None
    return House.EVEN if seat % 2 == 1 else House.ODD
