"""Neo Otcho roll classification: every kind, the slots it opens, exact probabilities."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.otcho import (
    FACES,
    SLOTS,
    Face,
    RollKind,
    RollRules,
    Stage,
    classify,
    parse_face,
)
from generator.games.otcho.rolls import (
    KINDS,
    all_outcomes,
    kind_probabilities,
    losing_probability,
    slot_probability,
)

A, B, C, D, X, STAR = Face.A, Face.B, Face.C, Face.D, Face.X, Face.STAR


def test_slots_are_the_six_letter_pairs():
    assert SLOTS == ("ab", "ac", "ad", "bc", "bd", "cd")


@pytest.mark.parametrize(
    "first, second, kind, pawns, slots, any_card",
    [
        (X, X, RollKind.PAIR_X, 1, SLOTS, True),
        (STAR, STAR, RollKind.PAIR_STAR, 2, SLOTS, True),
        (A, C, RollKind.TWO_LETTERS, 1, ("ac",), True),
        (D, B, RollKind.TWO_LETTERS, 1, ("bd",), True),
        (A, X, RollKind.X_AND_LETTER, 1, ("ab", "ac", "ad"), False),
        (X, D, RollKind.X_AND_LETTER, 1, ("ad", "bd", "cd"), False),
        (C, C, RollKind.SAME_LETTERS, 0, (), False),
        (STAR, B, RollKind.STAR_AND_LETTER, 0, (), False),
        (X, STAR, RollKind.X_AND_STAR, 0, (), False),
        (STAR, X, RollKind.X_AND_STAR, 0, (), False),
    ],
)
def test_every_kind_of_roll(first, second, kind, pawns, slots, any_card):
    verdict = classify(first, second)
    assert verdict.kind is kind
    assert verdict.pawns == pawns
    assert verdict.slots == slots
    assert verdict.any_card is any_card
    assert verdict.losing is (pawns == 0)


def test_x_and_letter_option_opens_any_card():
    assert classify(X, B, RollRules(x_letter_any_card=True)).any_card is True
    assert classify(X, B).any_card is False


def test_kind_probabilities_exact_and_sum_to_one():
    probs = kind_probabilities()
    assert probs == {
        RollKind.PAIR_X: Fraction(1, 36),
        RollKind.PAIR_STAR: Fraction(1, 36),
        RollKind.TWO_LETTERS: Fraction(12, 36),
        RollKind.X_AND_LETTER: Fraction(8, 36),
        RollKind.SAME_LETTERS: Fraction(4, 36),
        RollKind.STAR_AND_LETTER: Fraction(8, 36),
        RollKind.X_AND_STAR: Fraction(2, 36),
    }
    assert sum(probs.values()) == 1
    assert losing_probability() == Fraction(14, 36)
    assert len(all_outcomes()) == 36 and len(set(all_outcomes())) == 36


def test_roll_probability_counts_both_orders():
    assert classify(A, B).probability == Fraction(2, 36)
    assert classify(A, A).probability == Fraction(1, 36)
    # The 21 unordered rolls add up to 1.
    unordered = {frozenset((a, b)) for a, b in product(FACES, FACES)}
    total = sum(classify(*(tuple(r) * 2)[:2]).probability for r in unordered)
    assert len(unordered) == 21 and total == 1


def test_slot_probability_matches_a_hand_count():
    # ab on own card: a-b (2) + X-a (2) + X-b (2) + X-X (1) + star-star (1) = 8 of 36.
    assert slot_probability("ab") == Fraction(8, 36)
    # On another card X-and-letter does not count by default.
    assert slot_probability("ab", own_card=False) == Fraction(4, 36)
    assert slot_probability("ab", RollRules(x_letter_any_card=True), own_card=False) == Fraction(
        8, 36
    )


@given(st.sampled_from(FACES), st.sampled_from(FACES))
def test_classification_is_symmetric_and_consistent(first, second):
    one, two = classify(first, second), classify(second, first)
    assert (one.kind, one.slots, one.pawns, one.probability) == (
        two.kind,
        two.slots,
        two.pawns,
        two.probability,
    )
    assert KINDS[one.kind].losing == (one.slots == ())
    # A slot opened by two letters contains both letters; by X and a letter, that letter.
    letters = {f.value for f in (first, second) if f.is_letter}
    for slot in one.slots:
        assert letters <= set(slot) or one.kind in (RollKind.PAIR_X, RollKind.PAIR_STAR)


def test_losing_roll_costs_pawns_only_on_a_continuation():
    assert classify(A, A, stage=Stage.FIRST).penalty_pawns == 0
    assert classify(A, A, stage=Stage.REROLL).penalty_pawns == 0
    assert classify(A, A, stage=Stage.CONTINUATION).penalty_pawns == 2
    assert classify(A, B, stage=Stage.CONTINUATION).penalty_pawns == 0
    assert classify(A, A, RollRules(penalty_pawns=1), Stage.CONTINUATION).penalty_pawns == 1


@pytest.mark.parametrize(
    "text, face",
    [
        ("a", A),
        ("B", B),
        ("x", X),
        ("X", X),
        ("*", STAR),
        ("★", STAR),
        ("★\ufe0f", STAR),
        ("⭐", STAR),
        (" c ", C),
    ],
)
def test_parse_face(text, face):
    assert parse_face(text) is face


def test_parse_face_rejects_unknown():
    with pytest.raises(Refusal, match="a b c d X"):
        parse_face("e")


def test_next_step_words_the_house_penalty():
    # A 0-pawn house rule used to say "remove 0 of your own pawns".
    assert classify(A, A, RollRules(penalty_pawns=0), Stage.CONTINUATION).next_step == (
        "losing roll: your turn ends (no penalty under this house rule)"
    )
    assert "costs" not in classify(A, B, RollRules(penalty_pawns=0)).next_step
    assert (
        "remove one of your own pawns"
        in classify(A, A, RollRules(penalty_pawns=1), Stage.CONTINUATION).next_step
    )
    assert "costs 2 of your pawns" in classify(A, B).next_step


def test_pawns_per_player_as_the_seed_counts_them():
    from generator.games.otcho import check_players, pawns_per_player

    # « Donc 3 joueurs = 6+3 = 9 pions par joueur ; Donc 4 joueurs = 6+4 = 10 pions par joueur »
    assert [pawns_per_player(n) for n in range(2, 7)] == [8, 9, 10, 11, 12]
    for players in (1, 7):
        with pytest.raises(Refusal, match="2 to 6 players"):
            check_players(players)


def test_house_penalty_range():
    from generator.games.otcho.rolls import check_penalty

    assert [check_penalty(n) for n in (0, 2, 6)] == [0, 2, 6]
    for pawns in (-1, 7):
        with pytest.raises(Refusal, match="0 to 6 pawns"):
            check_penalty(pawns)
