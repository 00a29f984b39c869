"""The one-throw resolver against the cases of the seed."""

import pytest

from generator.core.refusal import Refusal
from generator.games.oie.resolver import resolve_points, resolve_throw
from generator.games.oie.squares import BOARD, GEESE, LAST, Kind
from generator.games.oie.tables import resting_squares


def test_plain_move():
    r = resolve_throw(1, 1, 1)
    assert r.path == (1, 3) and r.final == 3 and r.stakes == 0


def test_exact_arrival_in_the_garden():
    assert resolve_throw(51, 6, 6).final == LAST


def test_bounce_counts_the_excess_backward_from_63():
    r = resolve_throw(60, 3, 2)  # 65 -> 61
    assert r.path == (60, 61) and r.reasons == ("bounce",)


def test_goose_while_bouncing_repeats_backward():
    r = resolve_throw(61, 4, 2)  # 67 -> 59 (goose) -> 53
    assert r.path == (61, 59, 53)
    r = resolve_throw(57, 6, 4)  # 67 -> 59 (goose) -> 49
    assert r.path == (57, 59, 49)


def test_goose_chain_forward():
    assert resolve_throw(1, 3, 1).path == (1, 5, 9, 13)


def test_nine_from_the_start_chains_to_the_garden_after_the_first_throw():
    r = resolve_throw(0, 6, 3)
    assert r.path == (0, 9, 18, 27, 36, 45, 54, 63)


@pytest.mark.parametrize("d1,d2,target", [(6, 3, 26), (3, 6, 26), (5, 4, 53), (4, 5, 53)])
def test_first_throw_rule(d1, d2, target):
    r = resolve_throw(0, d1, d2, first_throw=True)
    assert r.path == (0, target) and r.reasons == ("first-throw",)


def test_first_throw_rule_only_for_those_dice():
    assert resolve_throw(0, 2, 3, first_throw=True).path == (0, 5, 10)


def test_first_throw_only_from_the_start():
    with pytest.raises(Refusal):
        resolve_throw(3, 6, 3, first_throw=True)


def test_bridge_flies_to_12_and_pays():
    r = resolve_throw(1, 3, 2)
    assert r.path == (1, 6, 12) and r.stakes == 1


def test_labyrinth_sends_to_30_and_pays():
    r = resolve_throw(40, 1, 1)
    assert r.path == (40, 42, 30) and r.stakes == 1


def test_death_sends_to_the_start():
    assert resolve_throw(55, 2, 1).path == (55, 58, 0)


def test_goose_then_bounce_then_backward():
    r = resolve_throw(48, 6, 5)  # 59 (goose) -> 70 bounces to 56
    assert r.path == (48, 59, 56) and r.reasons == ("move", "bounce")


@pytest.mark.parametrize(
    "start,d1,d2", [(64, 1, 1), (-1, 1, 1), (3, 0, 1), (3, 7, 1), (6, 1, 1), (63, 1, 1), (5, 1, 1)]
)
def test_impossible_throws_are_user_errors(start, d1, d2):
    with pytest.raises(Refusal):
        resolve_throw(start, d1, d2)


def test_every_move_stays_on_the_board_and_ends_on_a_resting_square():
    resting = set(resting_squares())
    for square in resting - {LAST}:
        for points in range(1, 13):
            r = resolve_points(square, points)
            assert all(0 <= s <= LAST for s in r.path)
            assert r.final in resting
            # every intermediate landing is a goose or a square that sends elsewhere
            for s in r.path[1:-1]:
                assert s in GEESE or BOARD[s].target is not None or s == LAST


def test_table_has_the_issue_squares():
    assert [sq.number for sq in BOARD if sq.kind == Kind.GOOSE] == list(GEESE)
    assert BOARD[6].target == 12 and BOARD[42].target == 30 and BOARD[58].target == 0
    assert (
        BOARD[19].kind == Kind.INN and BOARD[31].kind == Kind.WELL and BOARD[52].kind == Kind.PRISON
    )
    assert BOARD[26].kind == BOARD[53].kind == Kind.DICE and BOARD[63].kind == Kind.GARDEN
    assert len(BOARD) == 64
