"""Scripted games and invariants of the multi-player engine."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.oie.engine import play_classic, play_teams
from generator.games.oie.resolver import resolve_points, resolve_throw
from generator.games.oie.rules import Rules, Teams, default_pawns
from generator.games.oie.simulate import random_throws, simulate
from generator.games.oie.squares import LAST


def script(*throws):
    """A dice source that fails loudly if the game asks for more throws than scripted."""
    yield from throws
    raise AssertionError("the game asked for more throws than scripted")


def stop_after(rounds, **kw):
    return Rules(max_rounds=rounds, **kw)


def test_landing_on_an_occupied_square_swaps_and_both_pay():
    g = play_classic(2, stop_after(1), script((2, 1), (2, 1)), record=True)
    assert g.positions == (0, 3)
    assert g.paid == (1, 1) and g.pot == 2
    assert g.events[1].note == "swap:0"


def test_return_option_sends_the_arriving_pawn_back():
    g = play_classic(2, stop_after(1, occupied="return"), script((2, 1), (2, 1)), record=True)
    assert g.positions == (3, 0) and g.pot == 0
    assert g.events[1].note == "return:0"


def test_inn_loses_a_turn_and_a_newcomer_swaps():
    throws = script(
        (6, 4),
        (5, 3),  # round 1: 10, 8
        (5, 4),
        (6, 5),  # round 2: P0 -> 19 (inn), P1 -> 19: swap, P0 to 8
        (1, 1),
    )  # round 3: P0 plays (freed), P1 loses its turn
    g = play_classic(2, stop_after(3), throws, record=True)
    assert g.positions == (10, 19)
    # inn service: 1 each; swap: 1 each
    assert g.paid == (2, 2) and g.pot == 4
    assert [e.what for e in g.events[-2:]] == ["move", "lost-turn"]


def test_inn_alone_loses_exactly_one_turn():
    throws = script(
        (6, 4),
        (1, 1),  # 10, 2
        (5, 4),
        (1, 1),  # P0 19 (inn, pays), P1 4
        (1, 1),  # P0 loses its turn; P1 6 (bridge, pays) -> 12
        (2, 1),
        (1, 1),
    )  # P0 22; P1 14 (goose) -> 16
    g = play_classic(2, stop_after(4), throws, record=True)
    assert [e.what for e in g.events if e.seat == 0] == ["move", "move", "lost-turn", "move"]
    assert g.positions == (22, 16) and g.paid == (1, 1)


def test_well_rescue_sends_the_first_to_the_rescuers_square():
    throws = script(
        (6, 4),
        (5, 3),  # 10, 8
        (6, 5),
        (6, 6),  # 21, 20
        (6, 4),
        (6, 5),  # P0 -> 31 (well), P1 -> 31 rescues P0 who goes to 20
        (1, 1),  # round 4: P0 22, P1 in the well
        (1, 2),  # round 5: P0 25, P1 in the well
        (1, 1),
        (1, 1),
    )  # round 6: P0 27 (goose) -> 29, P1 33
    g = play_classic(2, stop_after(6), throws, record=True)
    assert g.events[5].note == "rescue:0" and g.events[5].final == 31
    assert g.paid == (1, 0)  # the rescued pays for the rescue
    assert g.positions == (29, 33)
    assert [e.what for e in g.events if e.seat == 1][-3:] == ["lost-turn", "lost-turn", "move"]


def test_well_alone_costs_two_turns():
    g = play_classic(1, stop_after(5), script((6, 4), (6, 5), (6, 4), (1, 1)), record=True)
    assert [e.what for e in g.events] == ["move", "move", "move", "lost-turn", "lost-turn"]
    assert g.positions == (31,)


def test_prison_holds_until_freed_and_fines_every_turn():
    throws = script(
        (6, 4),
        (5, 3),  # 10, 8
        (6, 6),
        (6, 6),  # 22, 20
        (6, 6),
        (6, 6),  # 34, 32 (goose) -> 44
        (6, 6),
        (4, 4),  # P0 46, P1 52 (prison)
        (2, 1),  # round 5: P0 49; P1 fined
        (2, 1),
        (1, 1),  # round 6: P0 52 frees P1, who goes to 49 and plays: 51
        (1, 2),
    )  # round 7: P0 fined; P1 54 (goose) -> 57
    g = play_classic(2, stop_after(7), throws, record=True)
    assert g.positions == (52, 57)
    assert g.paid == (1, 1)
    assert [e.what for e in g.events if e.round >= 5] == [
        "move",
        "prison-fine",
        "move",
        "move",
        "prison-fine",
        "move",
    ]
    assert g.events[-4].note == "free:1" and g.events[-3].start == 49


def test_prison_alone_costs_three_turns_with_the_solitaire_limit():
    throws = script((6, 6), (6, 6), (6, 6), (2, 2), (1, 1))  # 12, 24, 36 (goose) -> 48, 52
    g = play_classic(1, Rules(max_rounds=8, prison_turns=3), throws, record=True)
    assert [e.what for e in g.events] == ["move"] * 4 + ["prison-fine"] * 3 + ["move"]
    assert g.paid == (3,) and g.positions == (56,)


def test_first_player_to_the_garden_wins_the_pot():
    throws = script(
        (6, 3),
        (1, 1),  # first throws: P0 -> 26; P1 -> 2
        (6, 6),
        (1, 1),  # P0 38, P1 4
        (6, 6),
        (1, 1),
    )  # P0 50 (goose) -> 62, P1 6 (bridge, pays) -> 12
    g = play_classic(2, stop_after(3), throws, record=True)
    assert g.events[0].final == 26 and g.positions == (62, 12) and g.paid == (0, 1)
    g = play_classic(2, Rules(), script((5, 4), (1, 1), (6, 4)))  # P0 53, P1 2, P0 63
    assert g.winner == 0 and g.rounds == 2 and g.positions == (LAST, 2)


def test_death_square():
    # 12 (bridge via 6? no: 6+6 from 0 = 12), 24, 36 goose -> 48, 48+10 = 58 death -> start
    g = play_classic(
        1, Rules(max_rounds=4, prison_turns=3), script((6, 6), (6, 6), (6, 6), (5, 5)), record=True
    )
    assert [e.final for e in g.events] == [12, 24, 48, 0]


def test_first_throw_rule_options():
    assert play_classic(2, stop_after(1), script((6, 3), (5, 4))).positions == (26, 53)
    assert play_classic(2, stop_after(1, first_throw="opener"), script((6, 3), (5, 4))).winner == 1
    assert play_classic(2, stop_after(1, first_throw="off"), script((6, 3), (5, 4))).winner == 0


def test_from_start_option_applies_after_death():
    throws = script((6, 6), (6, 6), (6, 6), (5, 5), (6, 3))
    g = play_classic(1, Rules(max_rounds=5, prison_turns=3, first_throw="from-start"), throws)
    assert g.positions == (26,)
    throws = script((6, 6), (6, 6), (6, 6), (5, 5), (6, 3))
    assert play_classic(1, Rules(max_rounds=5, prison_turns=3), throws).winner == 0


def test_bad_options_are_user_errors():
    with pytest.raises(Refusal):
        Rules(occupied="bounce")
    with pytest.raises(Refusal):
        Teams(pawns=3)
    with pytest.raises(Refusal):
        simulate(0, 10)


def _check_board(positions):
    on_board = [p for p in positions if p not in (0, LAST)]
    assert all(0 <= p <= LAST for p in positions)
    assert len(on_board) == len(set(on_board)), positions


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    rounds=st.integers(1, 60),
    occupied=st.sampled_from(["swap", "return"]),
    first=st.sampled_from(["each", "opener", "from-start", "off"]),
    ante=st.integers(0, 3),
    inn=st.sampled_from(["while-there", "same-round"]),
    payer=st.sampled_from(["rescued", "rescuer"]),
)
def test_classic_invariants(players, seed, rounds, occupied, first, ante, inn, payer):
    rules = Rules(
        occupied=occupied,
        first_throw=first,
        ante=ante,
        max_rounds=rounds,
        prison_turns=3 if players == 1 else None,
        inn_swap=inn,
        well_payer=payer,
    )
    g = play_classic(players, rules, random_throws(random.Random(seed)), record=True)
    _check_board(g.positions)
    assert g.pot == sum(g.paid) >= ante * players
    if g.winner is not None:
        assert g.positions[g.winner] == LAST
        assert sum(p == LAST for p in g.positions) == 1
    moves = [e for e in g.events if e.what == "move"]
    assert all(0 <= e.final <= LAST for e in moves)
    # without another pawn involved, the engine lands where the one-throw resolver says
    for e in moves:
        applies = e.start == 0 and (
            first == "from-start"
            or (e.round == 1 and (first == "each" or (first == "opener" and e.seat == 0)))
        )
        if not e.note:
            assert e.final == resolve_throw(e.start, *e.dice, first_throw=applies).final


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    rounds=st.integers(1, 80),
    pawns=st.sampled_from([2, 4]),
    policy=st.sampled_from(["best", "random"]),
    occupied=st.sampled_from(["swap", "return"]),
)
def test_team_invariants(players, seed, rounds, pawns, policy, occupied):
    rng = random.Random(seed)
    g = play_teams(
        players,
        Teams(pawns, policy),
        Rules(occupied=occupied, max_rounds=rounds),
        random_throws(rng),
        rng,
        record=True,
    )
    _check_board(g.positions)
    assert g.pot == sum(g.paid)
    if g.winner is not None:
        assert all(p == LAST for p in g.positions[g.winner * pawns : (g.winner + 1) * pawns])
    # within one turn, the two dice move two different pawns
    turns = {}
    for e in g.events:
        if e.what == "move":
            turns.setdefault((e.round, e.seat), []).append(e)
    for moves in turns.values():
        assert len(moves) in (1, 2)
        for e in moves:
            if not e.note:
                assert e.final == resolve_points(e.start, sum(e.dice)).final
        if len(moves) == 2:
            assert moves[0].pawn != moves[1].pawn
            assert len(moves[0].dice) == len(moves[1].dice) == 1


def test_team_prison_blocks_only_that_pawn():
    seen_other_pawn_move = 0
    for seed in range(60):
        rng = random.Random(seed)
        g = play_teams(2, Teams(2), Rules(max_rounds=300), random_throws(rng), rng, record=True)
        fined = {(e.round, e.seat): e.pawn for e in g.events if e.what == "prison-fine"}
        for e in g.events:
            if e.what == "move" and (e.round, e.seat) in fined:
                assert e.pawn != fined[(e.round, e.seat)]  # the jailed pawn never moves
                seen_other_pawn_move += 1
    assert seen_other_pawn_move > 0  # the player did move its other pawn while one was jailed


def test_default_pawns():
    assert [default_pawns(n) for n in (2, 3, 4, 5, 6)] == [4, 4, 2, 2, 2]


def test_simulation_is_deterministic_and_wins_sum_to_games():
    a = simulate(4, 500, seed=7)
    b = simulate(4, 500, seed=7)
    assert a == b
    assert sum(a.wins_by_seat) == a.finished == 500
    assert a.percentiles[10] <= a.median_rounds <= a.percentiles[90]


def test_well_payer_option():
    throws = [(6, 4), (5, 3), (6, 5), (6, 6), (6, 4), (6, 5)]  # P1 rescues P0 in round 3
    assert play_classic(2, stop_after(3), script(*throws)).paid == (1, 0)
    assert play_classic(2, stop_after(3, well_payer="rescuer"), script(*throws)).paid == (0, 1)


def test_inn_swap_options_with_the_return_reading():
    throws = [
        (6, 4),
        (5, 3),  # 10, 8
        (5, 4),
        (1, 1),  # P0 19 (inn) in round 2, P1 10
        (5, 4),
    ]  # round 3: P0 loses its turn; P1 throws 9 from 10 to the inn
    g = play_classic(2, stop_after(3, occupied="return"), script(*throws), record=True)
    assert g.positions == (10, 19) and g.paid == (2, 2) and g.events[-1].note == "swap:0"
    g = play_classic(
        2, stop_after(3, occupied="return", inn_swap="same-round"), script(*throws), record=True
    )
    assert g.positions == (19, 10) and g.paid == (1, 0) and g.events[-1].note == "return:0"


def _lost_turns_oracle(events, pawns):
    """Replay a team game's log with a hold per pawn: a seat loses its turn while any of its pawns
    still has turns to lose (inn 1, well 2); a pawn swapped out of the inn or rescued from the
    well loses its hold, the holds of the seat's other pawns stay."""
    hold = {}
    previous_turn = None
    for e in events:
        mine = range(e.seat * pawns, (e.seat + 1) * pawns)
        first_of_turn = (e.round, e.seat) != previous_turn
        previous_turn = (e.round, e.seat)
        if e.what == "lost-turn":
            assert any(hold.get(p, 0) for p in mine), (
                f"round {e.round}: seat {e.seat} lost a turn it owed nobody"
            )
            for p in mine:
                if hold.get(p, 0):
                    hold[p] -= 1
            continue
        if e.what == "move":
            if first_of_turn:  # a hold taken by the turn's first die starts with the next turn
                assert not any(hold.get(p, 0) for p in mine), (
                    f"round {e.round}: seat {e.seat} moved while held"
                )
            kind, _, other = e.note.partition(":")
            if kind in ("swap", "rescue") and e.final in (19, 31):
                hold[int(other)] = 0
            if kind != "return" and e.final in (19, 31):
                hold[e.pawn] = 1 if e.final == 19 else 2


def test_team_holds_belong_to_pawns_not_overwritten_by_another_pawn():
    # A seat whose pawn falls in the well loses two turns even if its other pawn, left at the
    # inn, is swapped out by a newcomer or lands on the inn in the same turn.
    checked = 0
    for seed in range(150):
        rng = random.Random(seed)
        g = play_teams(3, Teams(4), Rules(max_rounds=400), random_throws(rng), rng, record=True)
        _lost_turns_oracle(g.events, 4)
        checked += sum(1 for e in g.events if e.what == "lost-turn")
    assert checked > 100


def test_team_pawn_landing_on_its_own_pawn_goes_back():
    # "Si un joueur tombe sur une case occupée par un autre joueur, les deux paient et échangent
    # leurs places": a pawn of the same player is no other player, so the general rule applies:
    # "on retourne à la case d'où l'on vient", and nobody pays.
    own_returns = 0
    for seed in range(40):
        rng = random.Random(seed)
        g = play_teams(3, Teams(4), Rules(max_rounds=400), random_throws(rng), rng, record=True)
        for e in g.events:
            kind, _, other = e.note.partition(":")
            if e.what != "move" or kind not in ("swap", "return") or e.final in (19, 31, 52):
                continue
            same_player = int(other) // 4 == e.seat
            if kind == "swap":
                assert not same_player, e
            elif same_player:
                assert e.final == e.start, e
                own_returns += 1
    assert own_returns > 0


@pytest.mark.parametrize("policy", ["best", "team"])
def test_policies_do_not_waste_a_die_on_their_own_pawn(policy):
    from generator.games.oie.policies import make_chooser

    choose = make_chooser(policy, Teams(2), Rules(), random.Random(0))
    # pawns on 24 and 26, dice 2 and 2: giving the first 2 to the pawn on 24 lands it on 26, still
    # held by its partner, and sends it back; moving the pawn on 26 first frees the square
    assert choose([0, 1], [24, 26], 2, 2, (0, 1)) == (1, 0)
    # 16 + 2 = 18, a goose, then 20: the same block one goose further
    assert choose([0, 1], [16, 20], 2, 2, (0, 1)) == (1, 0)
    # another player's pawn on 26 does not block (it is swapped): the policy is free to choose
    assert choose([0, 1], [24, 40, 26], 2, 2, (0, 1)) == choose([0, 1], [24, 40], 2, 2, (0, 1))


def _own_pawn_notes(events, pawns):
    """(kind, square) of every note where a pawn meets another pawn of the same player."""
    found = []
    for e in events:
        kind, _, other = e.note.partition(":")
        if e.what == "move" and other and int(other) // pawns == e.seat:
            found.append((kind, e.start if kind == "return" else e.final))
    return found


def _team_games(own_pawns, games=120, players=2, pawns=4):
    notes = []
    for seed in range(games):
        rng = random.Random(seed)
        g = play_teams(
            players,
            Teams(pawns, "best", own_pawns),
            Rules(max_rounds=400),
            random_throws(rng),
            rng,
            record=True,
        )
        assert g.pot == sum(g.paid)
        notes += _own_pawn_notes(g.events, pawns)
    return notes


def test_own_pawns_never_free_rescue_or_swap_by_default():
    # « jusqu'à ce qu'un autre joueur y tombe », « à moins qu'un autre joueur y tombe », « si un
    # autre joueur tombe dans l'Hôtellerie »: read like « occupée par un autre joueur », a pawn
    # of the same player is no other player anywhere; it goes back where it came from.
    notes = _team_games("return")
    assert notes and {kind for kind, _ in notes} == {"return"}


def test_own_pawns_release_option_keeps_the_former_reading():
    notes = _team_games("release", players=3)
    kinds = {kind for kind, _ in notes}
    assert {"free", "swap"} <= kinds  # the prison frees and the inn swaps an own pawn
    assert all(kind == "return" or square in (19, 31, 52) for kind, square in notes)


@pytest.mark.parametrize(
    ("square", "came_from", "release_note", "release_paid", "release_hold"),
    [(52, 46, "free:0", 0, 0), (19, 13, "swap:0", 3, 1), (31, 25, "rescue:0", 1, 2)],
)
def test_own_pawn_on_the_prison_inn_or_well(
    square, came_from, release_note, release_paid, release_hold
):
    """Pawn 0 of a player sits on the prison (jailed), the inn or the well; his pawn 1 arrives.

    Default: pawn 1 goes back where it came from, nobody pays and pawn 0 stays (still jailed).
    ``--own-pawns release``: pawn 0 is freed, swapped or rescued to the square pawn 1 left."""
    from generator.games.oie.engine import NOBODY, _State

    for own_pawns in ("return", "release"):
        state = _State(1, 2, Rules(), own_pawns)
        state.put(0, square)
        if square == 52:
            state.prison_pawn, state.prison_left = 0, -1
        state.put(1, came_from)
        state.occ[came_from] = NOBODY  # pawn 1 is lifted from its square
        note = state.land(1, came_from, square, 0, 1)
        if own_pawns == "return":
            assert (note, state.pos, state.paid, state.held[1]) == (
                "return:0",
                [square, came_from],
                [0],
                0,
            )
            assert state.prison_pawn == (0 if square == 52 else NOBODY)
        else:
            assert (note, state.pos) == (release_note, [came_from, square])
            assert (state.paid, state.held[1]) == ([release_paid], release_hold)
            assert state.prison_pawn == (1 if square == 52 else NOBODY)
