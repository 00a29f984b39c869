"""Every rule number lives in games/: the printed cards and sheets read it from there."""

from collections import Counter

import pytest

from generator.games.pronostiques import SUITS
from generator.games.pronostiques.deck import JOKERS, NUMBERS, POWERS, RACE_DECK
from generator.games.pronostiques.rounds import GAME_ENDS_ABOVE
from generator.games.territoires import CHANGES, Player, evaluate
from generator.games.territoires.combat import RULE_SEEDS
from generator.render.territoires import rule_texts


def test_the_race_deck_is_54_cards_13_per_suit_and_two_jokers():
    assert len(RACE_DECK) == 54
    per_suit = Counter(card.suit for card in RACE_DECK)
    assert per_suit == {**{suit: len(NUMBERS) + 3 for suit in SUITS}, None: JOKERS}
    assert [card.number for card in RACE_DECK[: len(NUMBERS)]] == list(range(1, 11))
    assert {card.power.rank for card in RACE_DECK if card.power} == set(POWERS)


def test_every_territoires_rule_has_its_change_and_the_calculator_uses_it():
    assert CHANGES.keys() == RULE_SEEDS.keys()
    outcome = evaluate([11, 12], Player(2))  # 11 Fouet, a weapon of the other (odd) house
    assert outcome.rule == "weapon_other" and outcome.change == CHANGES["weapon_other"]


def test_the_printed_card_texts_follow_the_rule_table(monkeypatch):
    assert rule_texts.role_effect(10) == "maison paire −2 · l’autre −1 · avec 11\u202f: −3"
    monkeypatch.setitem(CHANGES, "weapon_own", -4)
    assert rule_texts.role_effect(10).startswith("maison paire −4")
    assert "−4 (votre parité)" in rule_texts.reference_rows()[2][3]


@pytest.mark.parametrize(("change", "printed"), [(-2, "−2"), (1, "+1"), (0, "0")])
def test_a_change_prints_with_a_true_minus(change, printed):
    assert rule_texts.signed(change) == printed


def test_the_end_of_game_is_printed_from_the_rules(tmp_path):
    from pypdf import PdfReader

    from generator.products.pronostiques_sheets import PRODUCT, PronostiquesOptions

    paths = PRODUCT.make(PronostiquesOptions(players=3), tmp_path).paths
    pad = next(p for p in paths if p.name == "pronostiques-score-pad.pdf")
    text = " ".join(PdfReader(pad).pages[0].extract_text().split())
    assert f"dépasse {GAME_ENDS_ABOVE} points ({GAME_ENDS_ABOVE + 1} ou plus)" in text
