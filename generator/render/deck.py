"""A deck as the table of decks holds it: its cards as faces, with what exporters need to know.

Every deck of every game is one :class:`CardDeck`: Oucédonc's places and rules and its round
tokens, the Lenormand deck of Les territoires, the race deck and the prediction cards of
Pronostiques, the player cards of Neo Otcho. Each card is an imposition
:class:`~generator.render.imposition.Card`: a stable id, a name, a kind, and two painters
``(canvas, box) -> None``. One path
(:mod:`generator.render.deck_files`) turns any deck into an imposed PDF, a faces PDF (one face per
page) and an image per face; the products build the decks, and the table of decks
(:mod:`generator.products.catalog`) lists them.
"""

from __future__ import annotations

from enum import Enum

from msgspec import Struct

from generator.render.card_size import CardSize
from generator.render.document import DocInfo
from generator.render.imposition import Card, CardBox


class Backs(Enum):
    """Whether the cards of a deck share one back or each has its own."""

    ALIKE = "alike"  # one back for every card (a shuffled deck)
    UNIQUE = "unique"  # a back per card (Oucédonc: the back is the answer)


class Shape(Enum):
    """The outline a piece is cut along."""

    CARD = "card"  # the trim rectangle; a painter's art is clipped to the bleed around it
    ROUND = "round"  # a disc inscribed in the trim square, painted about its centre


class CardDeck(Struct, frozen=True):
    """One deck: ``key`` names it in the table of decks (``territoires-lenormand``), ``game``
    is its :class:`~generator.games.catalog.GameInfo` key, ``title`` its printed title; every
    card is ``size`` plus ``bleed`` mm around it. ``info`` is what its PDFs say of themselves
    (title, subject, the credit of the pictures it prints)."""

    key: str
    game: str
    title: str
    size: CardSize
    bleed: float
    cards: tuple[Card, ...]
    backs: Backs
    info: DocInfo
    shape: Shape = Shape.CARD

    def __post_init__(self) -> None:
        ids = [card.id for card in self.cards]
        if not all(ids) or len(set(ids)) != len(ids):
            raise ValueError(f"deck {self.key}: every card needs an id of its own")
        if self.shape is Shape.ROUND and self.size.width != self.size.height:
            raise ValueError(f"deck {self.key}: a round piece is cut from a square")

    @property
    def box(self) -> CardBox:
        """What its painters know of a face."""
        return CardBox(self.size.width, self.size.height, self.bleed)

    def card(self, card_id: str) -> Card:
        """The card ``card_id`` (a KeyError names it when there is none)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(f"deck {self.key} has no card {card_id!r}")
