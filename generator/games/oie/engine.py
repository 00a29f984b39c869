"""The multi-player engine: every rule of the seed, classic game and team variant.

A game is played from a dice source (an iterator of ``(d1, d2)`` pairs), so tests can script
a game throw by throw and the simulator can feed random throws. Turns that are lost consume no
throw. Squares 0 (start) and 63 (garden) hold any number of pawns; every other square holds one.

State lives in flat lists indexed by pawn (``pawn = seat * pawns_per_player + k``) so the hot
loop of the simulator stays fast; the move itself comes from precomputed tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from generator.games.oie.policies import make_chooser
from generator.games.oie.rules import (
    FIRST_THROW_EACH,
    FIRST_THROW_FROM_START,
    FIRST_THROW_OPENER,
    INN_WHILE_THERE,
    OCCUPIED_SWAP,
    OWN_PAWNS_RELEASE,
    OWN_PAWNS_RETURN,
    WELL_RESCUED_PAYS,
    Rules,
    Teams,
    check_players,
)
from generator.games.oie.squares import INN, LAST, PRISON, START, WELL
from generator.games.oie.tables import MoveTables, move_tables

NOBODY = -1
UNLIMITED = -1
#: Squares with no rule of their own for a pawn arriving there (start and garden excluded).
_PLAIN = tuple(square not in (START, LAST, INN, WELL, PRISON) for square in range(LAST + 1))


@dataclass(frozen=True)
class Event:
    """One thing that happened, for the game log (only recorded when asked)."""

    round: int
    seat: int
    pawn: int
    what: str  # "move", "lost-turn", "prison-fine", "prison-served"
    dice: tuple[int, ...] = ()
    start: int = 0
    final: int = 0
    note: str = ""

    def to_json(self) -> dict[str, object]:
        """The event with seats counted from 1, as people say them."""
        return {
            "round": self.round,
            "seat": self.seat + 1,
            "pawn": self.pawn,
            "what": self.what,
            "dice": list(self.dice),
            "from": self.start,
            "to": self.final,
            "note": self.note,
        }


@dataclass(frozen=True)
class GameResult:
    rounds: int  # rounds played; the winner arrived in the last one
    winner: int | None  # seat, or None if the game was stopped at max_rounds
    pot: int
    paid: tuple[int, ...]  # stakes paid by each seat (ante included)
    positions: tuple[int, ...]  # final square of every pawn
    events: tuple[Event, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "winner_seat": None if self.winner is None else self.winner + 1,
            "rounds": self.rounds,
            "pot": self.pot,
            "paid_by_seat": list(self.paid),
            "positions": list(self.positions),
            "events": [event.to_json() for event in self.events],
        }


class _State:
    """Mutable state of one game (private to the engine, never shared)."""

    __slots__ = (
        "held",
        "inn_round",
        "inn_while_there",
        "occ",
        "own_release",
        "owner",
        "paid",
        "pos",
        "pot",
        "prison_left",
        "prison_pawn",
        "prison_turns",
        "rescued_pays",
        "swap",
    )

    def __init__(
        self, players: int, pawns: int, rules: Rules, own_pawns: str = OWN_PAWNS_RETURN
    ) -> None:
        self.pos = [START] * (players * pawns)
        self.occ = [NOBODY] * (LAST + 1)
        # turns each pawn still makes its owner lose at the inn or in the well; a player loses
        # his turn while any of his pawns has some (one pawn per player: pawn == seat)
        self.held = [0] * (players * pawns)
        self.paid = [rules.ante] * players
        self.owner = [p // pawns for p in range(players * pawns)]
        self.prison_pawn = NOBODY
        self.prison_left = 0
        self.pot = rules.ante * players
        self.swap = rules.occupied == OCCUPIED_SWAP
        self.prison_turns = UNLIMITED if rules.prison_turns is None else rules.prison_turns
        self.inn_round = 0  # round in which the pawn now at the inn arrived there
        self.inn_while_there = rules.inn_swap == INN_WHILE_THERE
        self.rescued_pays = rules.well_payer == WELL_RESCUED_PAYS
        self.own_release = own_pawns == OWN_PAWNS_RELEASE

    def pay(self, seat: int, stakes: int) -> None:
        self.paid[seat] += stakes
        self.pot += stakes

    def put(self, pawn: int, square: int) -> None:
        self.pos[pawn] = square
        if square != START and square != LAST:
            self.occ[square] = pawn

    def land(self, pawn: int, prev: int, final: int, stakes: int, round_number: int) -> str:
        """Place ``pawn`` (already lifted from ``prev``) on ``final``; apply the square and its
        occupant."""
        seat = self.owner[pawn]
        if stakes:
            self.pay(seat, stakes)
        if final in (START, LAST):
            self.pos[pawn] = final
            return ""
        other = self.occ[final]
        note = ""
        if (
            other != NOBODY
            and self.owner[other] == seat
            and not (self.own_release and not _PLAIN[final])
        ):
            # « un autre joueur »: a pawn of the same player is none, on any square; it blocks
            final = prev
            note = f"return:{other}"
        elif (
            final == INN
            and other != NOBODY
            and not self.swap
            and not (self.inn_while_there or self.inn_round == round_number)
        ):
            final = prev  # the inn's own swap is over: the occupied-square rule sends back
            note = f"return:{other}"
        elif final == INN:
            self.pay(seat, 1)
            if other != NOBODY:
                self.put(other, prev)
                self.held[other] = 0
                self.pay(seat, 1)
                self.pay(self.owner[other], 1)
                note = f"swap:{other}"
            self.held[pawn] = 1
            self.inn_round = round_number
        elif final == WELL:
            if other != NOBODY:
                self.put(other, prev)
                self.held[other] = 0
                self.pay(self.owner[other] if self.rescued_pays else seat, 1)
                note = f"rescue:{other}"
            self.held[pawn] = 2
        elif final == PRISON:
            if other != NOBODY:
                self.put(other, prev)
                note = f"free:{other}"
            self.prison_pawn = pawn
            self.prison_left = self.prison_turns
        elif other != NOBODY:
            if self.swap:  # the swap is between two players (an own pawn was handled above)
                self.put(other, prev)
                self.pay(seat, 1)
                self.pay(self.owner[other], 1)
                note = f"swap:{other}"
            else:
                final = prev
                note = f"return:{other}"
        self.put(pawn, final)
        return note

    def prison_turn(self, pawn: int) -> bool:
        """Start of a turn of ``pawn``'s owner: True if the pawn stays in prison (fine paid)."""
        if self.prison_pawn != pawn:
            return False
        if self.prison_left == 0:
            self.prison_pawn = NOBODY
            return False
        self.pay(self.owner[pawn], 1)
        if self.prison_left > 0:
            self.prison_left -= 1
        return True


def play_classic(
    players: int, rules: Rules, dice: Iterator[tuple[int, int]], record: bool = False
) -> GameResult:
    """One classic game (one pawn per player) with throws taken from ``dice``."""
    check_players(players)
    tables = move_tables()
    final_of, stakes_of = tables.final, tables.stakes
    first_final, first_stakes = tables.first_final, tables.first_stakes
    state = _State(players, 1, rules)
    pos, held, occ = state.pos, state.held, state.occ
    plain = _PLAIN
    events: list[Event] = []
    first_rule = rules.first_throw
    from_start_rule = first_rule == FIRST_THROW_FROM_START
    for round_number in range(1, rules.max_rounds + 1):
        for seat in range(players):
            if held[seat]:
                held[seat] -= 1
                if record:
                    events.append(
                        Event(
                            round_number, seat, seat, "lost-turn", start=pos[seat], final=pos[seat]
                        )
                    )
                continue
            if state.prison_pawn == seat and state.prison_turn(seat):
                if record:
                    events.append(
                        Event(round_number, seat, seat, "prison-fine", start=PRISON, final=PRISON)
                    )
                continue
            d1, d2 = next(dice)
            prev = pos[seat]
            if prev == START and (
                from_start_rule
                or (
                    round_number == 1
                    and (
                        first_rule == FIRST_THROW_EACH
                        or (first_rule == FIRST_THROW_OPENER and seat == 0)
                    )
                )
            ):
                index = 6 * d1 + d2 - 7  # the index of (d1, d2) in tables.THROWS
                final, stakes = first_final[index], first_stakes[index]
            else:
                key = prev * 13 + d1 + d2
                final, stakes = final_of[key], stakes_of[key]
            if occ[prev] == seat:
                occ[prev] = NOBODY
            if plain[final] and occ[final] == NOBODY and not stakes:
                pos[seat] = final  # the common case, inlined: an empty ordinary square
                occ[final] = seat
                note = ""
            else:
                note = state.land(seat, prev, final, stakes, round_number)
            if record:
                events.append(
                    Event(round_number, seat, seat, "move", (d1, d2), prev, pos[seat], note)
                )
            if final == LAST:
                return GameResult(
                    round_number, seat, state.pot, tuple(state.paid), tuple(pos), tuple(events)
                )
    return GameResult(
        rules.max_rounds, None, state.pot, tuple(state.paid), tuple(pos), tuple(events)
    )


def play_teams(
    players: int,
    teams: Teams,
    rules: Rules,
    dice: Iterator[tuple[int, int]],
    rng: random.Random,
    record: bool = False,
) -> GameResult:
    """One game of the team variant: each die moves a different pawn of the player."""
    check_players(players)
    tables = move_tables()
    per = teams.pawns
    state = _State(players, per, rules, teams.own_pawns)
    choosers = [make_chooser(teams.policy_of(seat), teams, rules, rng) for seat in range(players)]
    pos, held, owner = state.pos, state.held, state.owner
    pawns_of = [tuple(range(seat * per, seat * per + per)) for seat in range(players)]
    home = [0] * players  # pawns of each seat in the garden (a pawn there never leaves)
    events: list[Event] = []
    for round_number in range(1, rules.max_rounds + 1):
        for seat in range(players):
            base = seat * per
            if any(
                held[base : base + per]
            ):  # a pawn of his is still held at the inn or in the well
                for p in range(base, base + per):
                    if held[p]:
                        held[p] -= 1
                if record:
                    events.append(Event(round_number, seat, seat * per, "lost-turn"))
                continue
            jailed = state.prison_pawn
            if jailed != NOBODY and owner[jailed] == seat and state.prison_turn(jailed) and record:
                events.append(
                    Event(round_number, seat, jailed, "prison-fine", start=PRISON, final=PRISON)
                )
            jailed = state.prison_pawn
            movable = [p for p in pawns_of[seat] if pos[p] != LAST and p != jailed]
            if not movable:
                continue
            d1, d2 = next(dice)
            moves: tuple[tuple[int, int], ...]
            if len(movable) == 1:
                moves = ((movable[0], d1 + d2),)
            else:
                a, b = choosers[seat](movable, pos, d1, d2, pawns_of[seat])
                moves = ((a, d1), (b, d2))
            home[seat] += _move_pawns(
                state, tables, moves, round_number, seat, events if record else None
            )
            if home[seat] == per:
                return GameResult(
                    round_number, seat, state.pot, tuple(state.paid), tuple(pos), tuple(events)
                )
    return GameResult(
        rules.max_rounds, None, state.pot, tuple(state.paid), tuple(pos), tuple(events)
    )


def _move_pawns(
    state: _State,
    tables: MoveTables,
    moves: tuple[tuple[int, int], ...],
    round_number: int,
    seat: int,
    events: list[Event] | None,
) -> int:
    """One turn of the team variant: each (pawn, points) of ``moves`` moved in turn, recorded
    in ``events`` if given; how many of the pawns reached the garden."""
    final_of, stakes_of, pos, occ = tables.final, tables.stakes, state.pos, state.occ
    arrived = 0
    for pawn, points in moves:
        prev = pos[pawn]
        key = prev * 13 + points
        final, stakes = final_of[key], stakes_of[key]
        if occ[prev] == pawn:
            occ[prev] = NOBODY
        if _PLAIN[final] and occ[final] == NOBODY and not stakes:
            pos[pawn] = final  # the common case, inlined: an empty ordinary square
            occ[final] = pawn
            note = ""
        else:
            note = state.land(pawn, prev, final, stakes, round_number)
            if final == LAST:
                arrived += 1
        if events is not None:
            events.append(Event(round_number, seat, pawn, "move", (points,), prev, pos[pawn], note))
    return arrived
