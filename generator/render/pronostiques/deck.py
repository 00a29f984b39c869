"""The two decks of Pronostiques: the 54-card race deck and the four prediction cards.

Built here, once each, from the game's tables (``games.pronostiques``): ids are stable in every
language (``H01`` to ``H10`` the laps of ♥, ``H11`` ``H12`` ``H13`` its Valet, Dame and Roi,
``JK01`` ``JK02`` the Jokers, ``PR01`` to ``PR04`` the predictions in the order of
:data:`~generator.games.pronostiques.PREDICTIONS`); names are the cards' as players call them.
The race deck's backs are all alike; the predictions' are gold, so they never mix with it.
"""

from __future__ import annotations

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language
from generator.games.catalog import PRONOSTIQUES
from generator.games.pronostiques import PREDICTIONS, ScoreRules
from generator.games.pronostiques.deck import JOKER, RACE_DECK, RaceCard
from generator.render.card_size import POKER, CardSize
from generator.render.deck import Backs, CardDeck
from generator.render.document import DocInfo
from generator.render.icons import picture_credit
from generator.render.imposition import Card
from generator.render.pronostiques.race_cards import (
    DeckBack,
    NumberFront,
    PowerFront,
    PredictionBack,
    PredictionFront,
)

#: The number a power card has in its suit's ids: after the ten laps.
POWER_NUMBERS = {"V": 11, "D": 12, "R": 13}


def deck_info(language: Language) -> DocInfo:
    """What the Pronostiques card PDFs say of themselves (both decks share them)."""
    return DocInfo(
        title=P_(
            language, "Pronostiques: jeu de {cards} cartes et {predictions} pronostics"
        ).format(cards=len(RACE_DECK), predictions=len(PREDICTIONS)),
        subject=PRONOSTIQUES.name,
        credit=picture_credit(language),
    )


def _race_card(card: RaceCard, laps: int, back: DeckBack, language: Language, joker: int) -> Card:
    if card.suit is None:  # a Joker
        name = f"{P_(language, JOKER.rank_name)} {joker}"
        return Card(PowerFront(JOKER, None, language), back, name, f"JK{joker:02d}", "joker")
    if card.number is not None:
        front = NumberFront(card.suit, card.number, laps, language)
        name, number = f"{card.number} {card.suit.symbol}", card.number
        return Card(front, back, name, f"{card.suit.letter}{number:02d}", "lap")
    assert card.power is not None
    name = f"{P_(language, card.power.rank_name)} {card.suit.symbol}"
    number = POWER_NUMBERS[card.power.rank]
    front_power = PowerFront(card.power, card.suit, language)
    return Card(front_power, back, name, f"{card.suit.letter}{number:02d}", "power")


def race_deck(
    laps: int = 8,
    size: CardSize = POKER,
    bleed: float = 1.0,
    language: Language = MATERIAL_DEFAULT,
) -> CardDeck:
    """The race deck of :data:`RACE_DECK` (per suit 1 to 10, Valet, Dame, Roi; the Jokers), its
    lap bars printed for a race of ``laps``."""
    back = DeckBack()
    cards, jokers = [], 0
    for card in RACE_DECK:
        jokers += card.suit is None
        cards.append(_race_card(card, laps, back, language, jokers))
    return CardDeck(
        key="pronostiques-race",
        game="pronostiques",
        title=P_(language, "Pronostiques · jeu de course"),
        size=size,
        bleed=bleed,
        cards=tuple(cards),
        backs=Backs.ALIKE,
        info=deck_info(language),
    )


def prediction_deck(
    score_rules: ScoreRules = ScoreRules(),
    size: CardSize = POKER,
    bleed: float = 1.0,
    language: Language = MATERIAL_DEFAULT,
) -> CardDeck:
    """The four prediction cards, scored by ``score_rules``, with their gold back."""
    back = PredictionBack(language)
    cards = tuple(
        Card(
            PredictionFront(prediction, score_rules, language),
            back,
            P_(language, "Pronostic {king}").format(king=prediction.called(language)),
            f"PR{number:02d}",
            "prediction",
        )
        for number, prediction in enumerate(PREDICTIONS, start=1)
    )
    return CardDeck(
        key="pronostiques-predictions",
        game="pronostiques",
        title=P_(language, "Pronostiques · cartes pronostic"),
        size=size,
        bleed=bleed,
        cards=cards,
        backs=Backs.ALIKE,
        info=deck_info(language),
    )
