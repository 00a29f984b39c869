"""`legal_moves` against the engine: in random games of both modes, every move it lists is
accepted and every move the engine accepts (among every card, place, doubt and start card one
could ask for) is listed."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.game import (
    Count,
    Doubt,
    Intermede,
    Move,
    Phase,
    Place,
    Setup,
    Start,
    State,
    apply,
    deal,
    physical,
    start,
)
from generator.games.oucedonc.legal import legal_moves
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot
from tests.referee_fixtures import small_deck

PLAYERS = ("Ana", "Ben", "Chloé")
DECK = small_deck(places=10, pack_size=2)
IDS = [card.id for card in DECK.places]


def accepted(setup: Setup, state: State, move: Move) -> bool:
    try:
        apply(setup, state, move)
    except Refusal:
        return False
    return True


def candidates(setup: Setup, state: State) -> set[Move]:
    """Every move one could ask for here: each card that could be meant, in every place
    (beside any card, between any two, on the table or not), by the player whose turn it is
    (and the places open now by another player); every doubt by anyone of any card against any
    card; every start card."""
    table = state.table
    on_table = list(table.cards()) if table is not None else []
    off = [card for card in IDS if card not in on_table]
    anchors = [*on_table, *off[:1]]
    cards = [*off, *on_table[:2], "I1"]
    player = setup.players[state.turn]
    other = setup.players[(state.turn + 1) % len(setup.players)]
    slots = [Slot.beside(d, a) for d in Direction for a in anchors]
    slots += [Slot.between(a, b) for a in anchors for b in anchors if a != b]
    moves: set[Move] = {Place(player, c, s) for c in cards for s in slots}
    moves |= {Place(other, m.card, m.slot) for m in legal_moves(setup, state).placements}
    moves |= {Doubt(p, c, n) for p in setup.players for c in on_table for n in on_table if c != n}
    moves |= {Start(card) for card in [*IDS, "I1"]}
    moves.add(Intermede())
    return moves


def check(setup: Setup, state: State) -> None:
    legal = legal_moves(setup, state)
    listed = set(legal.moves)
    assert len(listed) == len(legal.moves)  # each move once
    asked = candidates(setup, state)
    assert listed <= asked  # the candidates cover every listed move...
    assert {move for move in asked if accepted(setup, state, move)} == listed  # ...and the engine
    # A count: due exactly when listed; each estimate from 0 to the cards on the table.
    zeros = Count(tuple((p, 0) for p in setup.players))
    assert accepted(setup, state, zeros) == (legal.count is not None)
    if legal.count is not None:
        most = legal.count.most
        assert accepted(setup, state, Count(tuple((p, most) for p in setup.players)))
        assert not accepted(setup, state, Count(tuple((p, most + 1) for p in setup.players)))


def play_out(setup: Setup, choices: list[int], counts: list[int]) -> int:
    """A game played by picking among the legal moves (and counting when due); every state is
    checked. Returns the number of states checked."""
    state = start(setup)
    checked = 0
    for choice, estimate in zip(choices, counts, strict=False):
        check(setup, state)
        checked += 1
        legal = legal_moves(setup, state)
        if legal.count is not None:
            move: Move = Count(tuple((p, min(estimate, legal.count.most)) for p in setup.players))
        elif legal.moves:
            move = legal.moves[choice % len(legal.moves)]
        else:
            assert state.phase(setup) is Phase.OVER
            break
        state, _event = apply(setup, state, move)
    return checked


games = st.tuples(
    st.lists(st.integers(0, 10_000), min_size=5, max_size=20),
    st.lists(st.integers(0, 6), min_size=20, max_size=20),
)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games, seed=st.integers(0, 1000))
def test_dealt_games_list_exactly_the_moves_the_engine_accepts(game, seed: int) -> None:
    choices, counts = game
    assert play_out(deal(PLAYERS, DECK, seed, RuleOptions()), choices, counts) >= 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games)
def test_physical_games_list_exactly_the_moves_the_engine_accepts(game) -> None:
    choices, counts = game
    assert play_out(physical(PLAYERS, DECK, RuleOptions()), choices, counts) >= 1


def test_a_placement_lists_every_description_of_each_place() -> None:
    """On a column Lyon over Paris: above Lyon, between them (both orders, and as "south of
    Lyon" and "north of Paris"), below Paris; and the row through the start card."""
    setup = deal(PLAYERS, DECK, 3, RuleOptions())
    state = start(setup)
    first = setup.pile[0]
    state, _ = apply(
        setup, state, Place("Ana", first, Slot.beside(Direction.NORTH_OF, setup.reserve[0]))
    )
    legal = legal_moves(setup, state)
    drawn = setup.pile[1]
    top, start_card = first, setup.reserve[0]
    slots = {move.slot for move in legal.placements}
    assert {move.card for move in legal.placements} == {drawn}
    assert {move.player for move in legal.placements} == {"Ben"}
    assert slots == {
        Slot.beside(Direction.NORTH_OF, top),
        Slot.beside(Direction.SOUTH_OF, top),
        Slot.beside(Direction.NORTH_OF, start_card),
        Slot.beside(Direction.SOUTH_OF, start_card),
        Slot.between(top, start_card),
        Slot.between(start_card, top),
        Slot.beside(Direction.WEST_OF, start_card),
        Slot.beside(Direction.EAST_OF, start_card),
    }
    # Ana's card is open to a doubt by Ben or Chloé, against its one neighbour.
    assert set(legal.doubts) == {Doubt("Ben", top, start_card), Doubt("Chloé", top, start_card)}


def test_physical_mode_lists_the_start_cards_then_any_card_drawn() -> None:
    setup = physical(PLAYERS, DECK, RuleOptions())
    state = start(setup)
    legal = legal_moves(setup, state)
    assert {move.card for move in legal.starts} == set(IDS) and not legal.placements
    state, _ = apply(setup, state, Start("P01"))
    legal = legal_moves(setup, state)
    assert {move.card for move in legal.placements} == set(IDS) - {"P01"}
    assert not legal.intermede  # not before a card of the pack is drawn
    state, _ = apply(setup, state, Place("Ana", "P02", Slot.beside(Direction.EAST_OF, "P01")))
    assert legal_moves(setup, state).intermede


@pytest.mark.parametrize("seed", range(5))
def test_a_random_game_of_each_mode_ends_and_checks_every_state(seed: int) -> None:
    rng = random.Random(seed)
    choices = [rng.randrange(10_000) for _ in range(80)]
    counts = [rng.randrange(5) for _ in range(80)]
    for setup in (deal(PLAYERS, DECK, seed, RuleOptions()), physical(PLAYERS, DECK, RuleOptions())):
        assert play_out(setup, choices, counts) > 5
