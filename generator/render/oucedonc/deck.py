"""The Oucédonc deck as a deck of faces: its place cards, Intermèdes, Direction and rule cards.

The cards are built here, once, in deck order (the deck file's order and ids); the tokens are
:func:`generator.render.oucedonc.token_sheet.token_deck`. Every back is its own card's: a place
card's back is the answer.
"""

from __future__ import annotations

from generator.core.i18n import P_, Language
from generator.games.oucedonc.deckfile import Deck
from generator.render.card_size import CardSize
from generator.render.deck import Backs, CardDeck
from generator.render.document import DocInfo
from generator.render.imposition import Card
from generator.render.oucedonc.cards import (
    CardStyle,
    DirectionBack,
    DirectionFront,
    EmblemBack,
    IntermedeFace,
    LocatorMap,
    PlaceBack,
    PlaceFront,
    RuleFront,
)
from generator.render.oucedonc.texts import DeckTexts


def card_deck(
    deck: Deck,
    texts: DeckTexts,
    style: CardStyle,
    locator: LocatorMap | None,
    size: CardSize,
    bleed: float,
    credit: str,
    language: Language,
    card_credit: str = "",
) -> CardDeck:
    """The cards of ``deck`` in its order: places, Intermèdes, Direction, rules. ``credit``
    (the pictures' authors) goes in the PDFs' information, ``card_credit`` (the data and the
    pictures) on the back of the Direction card."""
    cards = [
        Card(
            PlaceFront(place, texts.places[place.id], style),
            PlaceBack(place, texts.places[place.id], style, locator),
            place.name,
            place.id,
            "place",
        )
        for place in deck.places
    ]
    rules = iter(texts.rules)
    intermede, direction = texts.intermede, texts.direction
    for other in deck.others:
        if other.kind == "intermede":
            cards.append(
                Card(
                    IntermedeFace(intermede, intermede.front_body, style),
                    IntermedeFace(intermede, intermede.back_body, style),
                    other.name,
                    other.id,
                    other.kind,
                )
            )
        elif other.kind == "direction":
            front = DirectionFront(direction, style)
            back = DirectionBack(direction, style, card_credit)
            cards.append(Card(front, back, other.name, other.id, other.kind))
        else:
            rule = next(rules)
            cards.append(
                Card(
                    RuleFront(rule, texts.title, style),
                    EmblemBack(rule.back_title, rule.back_caption, style),
                    other.name,
                    other.id,
                    other.kind,
                )
            )
    return CardDeck(
        key="oucedonc-cards",
        game="oucedonc",
        title=deck.title,
        size=size,
        bleed=bleed,
        cards=tuple(cards),
        backs=Backs.UNIQUE,
        info=DocInfo(
            title=deck.title,
            subject=P_(language, "Oucédonc : cartes à imprimer recto verso"),
            credit=credit,
        ),
    )
