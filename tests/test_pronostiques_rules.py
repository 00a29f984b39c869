"""Pronostiques: the four predictions, every scoring line, the pile limits."""

from collections import Counter
from itertools import pairwise, permutations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.pronostiques import (
    PREDICTIONS,
    SUITS,
    PileRules,
    ScoreRules,
    check_piles,
    parse_order,
    score_order,
)
from generator.games.pronostiques.scoring import ThreeInARow, score_prediction
from generator.games.pronostiques.suits import Suit

H, D, S, C = Suit.HEART, Suit.DIAMOND, Suit.SPADE, Suit.CLUB
ORDERS = list(permutations(SUITS))


def rules_points(score, rule):
    return sum(line.points for line in score.lines if line.rule == rule)


def test_the_four_predictions_of_the_seed():
    assert [p.cards for p in PREDICTIONS] == [
        ("Roi ♥", "Dame ♦", "Valet ♠", "10 ♣"),
        ("Roi ♦", "Dame ♣", "Valet ♥", "10 ♠"),
        ("Roi ♠", "Dame ♥", "Valet ♣", "10 ♦"),
        ("Roi ♣", "Dame ♠", "Valet ♦", "10 ♥"),
    ]


@pytest.mark.parametrize("order", ORDERS)
def test_rule_a_hands_out_exactly_six_points(order):
    scores = score_order(order)
    assert sum(rules_points(s, "a") for s in scores) == 6
    # exactly one prediction is right at each place
    for place in range(4):
        assert sum(p.order[place] is order[place] for p in PREDICTIONS) == 1


def test_perfect_prediction_every_line():
    score = score_prediction(PREDICTIONS[0], (H, D, S, C))
    assert [(line.rule, line.points) for line in score.lines] == [
        ("a", 2),
        ("a", 1),
        ("a", 1),
        ("a", 2),
        ("c", 3),
        ("b", 0),
        ("b", 0),
    ]
    assert score.points == 9


def test_rule_b_first_two_and_last_two():
    # ♥♦ right and ♣♠ wrong: first two only; no three in a row (♦♣♠ / ♥♦♣ are not in ♥♦♠♣).
    first_two = score_prediction(PREDICTIONS[0], (H, D, C, S))
    assert [(line.rule, line.points) for line in first_two.lines] == [("a", 2), ("a", 1), ("b", 2)]
    last_two = score_prediction(PREDICTIONS[0], (D, H, S, C))
    assert [(line.rule, line.points) for line in last_two.lines] == [("a", 1), ("a", 2), ("b", 2)]
    assert last_two.points == 5


def test_rule_b_both_pairs_each_or_once():
    # Both pairs right without a three in a row is impossible (it is the whole order), so check the
    # option on the pair lines directly: with (c) off, the perfect order pays 2+2 or 2.
    from generator.games.pronostiques.scoring import _pair_lines

    assert sum(line.points for line in _pair_lines(PREDICTIONS[0], (H, D, S, C), ScoreRules())) == 4
    assert (
        sum(
            line.points
            for line in _pair_lines(PREDICTIONS[0], (H, D, S, C), ScoreRules(pair_bonus_each=False))
        )
        == 2
    )


def test_rule_c_three_in_a_row_anywhere():
    # ♦♠♣ follow each other in ♥♦♠♣ although none is at its place.
    score = score_prediction(PREDICTIONS[0], (D, S, C, H))
    assert [(line.rule, line.points) for line in score.lines] == [("c", 3)]
    assert "♦♠♣" in score.lines[0].text


def test_rule_c_cancels_rule_b():
    # ♥♦♠ then ♣: all right, b would pay; c pays and b does not.
    score = score_prediction(PREDICTIONS[0], (C, H, D, S))
    assert rules_points(score, "c") == 3 and rules_points(score, "b") == 0
    assert score.points == 3


def test_rule_c_relative_reading():
    # ♥ ♣ ♦ ♠: ♥♦♠ keep their order with a gap: only the 'relative' reading pays.
    order = (H, C, D, S)
    adjacent = score_prediction(PREDICTIONS[0], order)
    relative = score_prediction(
        PREDICTIONS[0], order, ScoreRules(three_in_a_row=ThreeInARow.RELATIVE)
    )
    assert rules_points(adjacent, "c") == 0
    assert rules_points(relative, "c") == 3


@given(st.permutations(SUITS))
def test_points_bounds_and_perfect_only_for_own_order(order):
    for score in score_order(tuple(order)):
        assert 0 <= score.points <= 9
        assert (score.points == 9) == (score.prediction.order == tuple(order))


def test_forum_claim_about_point_distributions():
    """The forum says 24 orders give only 6 point distributions. The 24 orders do fall into 6
    classes of 4 (suit relabelings that map the set of predictions onto itself), and within each
    class the distribution is the same; with the current rules two pairs of classes coincide, so
    there are 4 distinct distributions, and the King's holder is not always on top."""
    symmetries = []
    for perm in permutations(SUITS):
        relabel = dict(zip(SUITS, perm, strict=True))
        if {tuple(relabel[s] for s in p.order) for p in PREDICTIONS} == {
            p.order for p in PREDICTIONS
        }:
            symmetries.append(relabel)
    classes = {frozenset(tuple(g[s] for s in o) for g in symmetries) for o in ORDERS}
    assert len(symmetries) == 4 and len(classes) == 6
    for cls in classes:
        assert (
            len({tuple(sorted((s.points for s in score_order(o)), reverse=True)) for o in cls}) == 1
        )
    distributions = Counter(
        tuple(sorted((s.points for s in score_order(o)), reverse=True)) for o in ORDERS
    )
    assert distributions == {(9, 0, 0, 0): 4, (5, 2, 1, 0): 8, (4, 2, 0, 0): 4, (3, 3, 2, 1): 8}
    king_on_top = 0
    for o in ORDERS:
        points = {s.prediction.order[0]: s.points for s in score_order(o)}
        king_on_top += points[o[0]] == max(points.values())
    assert king_on_top == 16  # not 24


@pytest.mark.parametrize("text", ["♥♦♠♣", "HDSC", "h d s c", "H,D,S,C", "♥️♦️♠️♣️"])
def test_parse_order(text):
    assert parse_order(text) == (H, D, S, C)


@pytest.mark.parametrize("text", ["HDS", "HHSC", "HDSCX", "♥♦♠♣♣"])
def test_parse_order_rejects(text):
    with pytest.raises(Refusal):
        parse_order(text)


@pytest.mark.parametrize(
    "heights, limits",
    [
        ((0, 0, 0, 0), []),
        ((5, 3, 2, 0), []),  # spread 5, gaps 2 1 2
        ((6, 4, 2, 0), ["spread"]),  # spread 6, gaps 2 2 2
        ((4, 0, 0, 0), ["gap"]),
        ((7, 3, 3, 1), ["spread", "gap"]),
        ((8, 8, 5, 3), []),
        ((8, 8, 4, 3), ["gap"]),
        ((1, 6, 3, 3), []),  # spread exactly 5
        ((1, 7, 4, 4), ["spread"]),
    ],
)
def test_pile_limits(heights, limits):
    result = check_piles(heights)
    assert [b.limit for b in result.breaks] == limits
    assert result.ok is (not limits)


def test_pile_limit_messages_name_piles():
    result = check_piles((7, 3, 3, 1))
    assert "♥ (7) is 6 cards ahead of ♣ (1)" in result.breaks[0].text
    assert "♥ (7) is 4 cards ahead of ♦ (3)" in result.breaks[1].text


def test_playable_piles_and_round_end():
    result = check_piles((8, 8, 8, 5))
    assert result.round_over and result.complete == (H, D, S)
    assert result.playable == ()  # « La manche se termine dès que 3 des 4 piles sont complètes »
    assert check_piles((8, 8, 7, 5)).playable == (S, C)
    assert check_piles((3, 0, 0, 0)).playable == (D, S, C)


def test_nothing_is_playable_once_the_round_is_over_in_every_pile_state():
    """Every one of the 6,561 states of four piles: a card may go on a pile only while fewer than
    3 are complete, and then exactly on the unfinished piles that stay within both limits."""
    laps = 8
    rules = PileRules(laps=laps)
    for heights in product(range(laps + 1), repeat=4):
        result = check_piles(heights, rules)
        over = sum(h == laps for h in heights) >= 3
        assert result.round_over is over
        expected = (
            ()
            if over
            else tuple(
                suit
                for i, suit in enumerate(SUITS)
                if heights[i] < laps
                and check_piles((*heights[:i], heights[i] + 1, *heights[i + 1 :]), rules).ok
            )
        )
        assert result.playable == expected, heights


@given(st.tuples(*[st.integers(0, 8)] * 4))
def test_pile_limits_against_brute_force(heights):
    ordered = sorted(heights, reverse=True)
    spread_ok = ordered[0] - ordered[-1] <= 5
    gap_ok = all(a - b <= 3 for a, b in pairwise(ordered))
    assert check_piles(heights).ok is (spread_ok and gap_ok)
    for suit in check_piles(heights).playable:
        i = SUITS.index(suit)
        assert check_piles((*heights[:i], heights[i] + 1, *heights[i + 1 :])).ok


def test_pile_heights_out_of_range():
    with pytest.raises(Refusal, match="0 to 8"):
        check_piles((9, 0, 0, 0))
    assert check_piles((9, 6, 6, 6), PileRules(laps=10)).ok


PAIR_OPTIONS = [(each, reading) for each in (True, False) for reading in ThreeInARow]


@pytest.mark.parametrize(("each", "reading"), PAIR_OPTIONS)
@pytest.mark.parametrize("order", ORDERS)
def test_every_right_pair_has_its_b_line_even_at_zero(order, each, reading):
    """24 orders x 6 option sets: a prediction with the first (last) two right always shows a
    "first two" ("last two") (b) line, at 0 when it pays nothing, and the points add up."""
    rules = ScoreRules(pair_bonus_each=each, three_in_a_row=reading)
    for score in score_order(order, rules):
        guess = score.prediction.order
        b_lines = [line for line in score.lines if line.rule == "b"]
        right = [
            which
            for which, sl in (("first", slice(0, 2)), ("last", slice(2, 4)))
            if guess[sl] == order[sl]
        ]
        assert [line.text.split(" ")[0] for line in b_lines] == right
        assert all(
            line.cars == order[:2] if line.text.startswith("first") else line.cars == order[2:]
            for line in b_lines
        )
        c_applies = rules_points(score, "c") == 3
        paid = 0 if c_applies else min(len(right), 2 if each else 1) * 2
        assert rules_points(score, "b") == paid
        assert all(bool(line.void_by) is (line.points == 0) for line in b_lines)


def test_pair_bonus_once_shows_the_last_two_at_zero():
    once = ScoreRules(pair_bonus_each=False, three_in_a_row=ThreeInARow.NONE)
    lines = score_prediction(PREDICTIONS[0], (H, D, S, C), once).lines
    assert [(line.rule, line.points, line.text) for line in lines if line.rule == "b"] == [
        ("b", 2, "first two right (♥♦)"),
        ("b", 0, "last two right (♠♣): no points, (b) pays once"),
    ]


def test_without_rule_c_the_pair_option_matters():
    none_each = ScoreRules(three_in_a_row=ThreeInARow.NONE)
    none_once = ScoreRules(pair_bonus_each=False, three_in_a_row=ThreeInARow.NONE)
    assert score_prediction(PREDICTIONS[0], (H, D, S, C), none_each).points == 10
    assert score_prediction(PREDICTIONS[0], (H, D, S, C), none_once).points == 8
    assert rules_points(score_prediction(PREDICTIONS[0], (D, S, C, H), none_each), "c") == 0


def test_players_and_race_lengths_of_the_rules():
    from generator.games.pronostiques.piles import check_laps, check_players

    assert [check_players(n) for n in (3, 4)] == [3, 4] and [check_laps(n) for n in (8, 10)] == [
        8,
        10,
    ]
    for players in (2, 5):
        with pytest.raises(Refusal, match="3 or 4 players"):
            check_players(players)
    for laps in (7, 9, 11):
        with pytest.raises(Refusal, match="use 8 or 10"):
            check_laps(laps)
