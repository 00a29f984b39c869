"""The team policy: values computed for the team variant itself (docs/rules/oie.md, "Team policy").

In the team variant a pawn moves one die at a time, and the last pawn of a player moves by the sum
of both dice, so the classic game's chain (where a 9 from the start flies to the garden) is the
wrong yardstick. Everything here is computed for one player alone, with the rules of the engine
for his own pawns (« un autre joueur »: ``Teams.own_pawns``) and the prison held for a fixed
number of turns (nobody else comes to free him):

- ``pair_values``: the exact expected number of turns two pawns need to reach the garden when
  every throw is played as well as possible (an optimal-stopping Markov decision process, solved
  by value iteration to 1e-10); it includes the end, where the last pawn moves by both dice.
- ``one_die_values``: the expected number of turns one pawn is worth when it moves one die at a
  time, each die being half a turn of its player (the inn and the well cost their lost turns; the
  prison costs no die, since the other pawns move meanwhile).
- ``team_chooser``: of all the ways to give the two dice to two pawns, the one that leaves the
  fewest expected turns: exact with two pawns; with more, the most advanced pawns count one die
  each and the last two count by the exact table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from generator.games.oie.policies import Chooser
from generator.games.oie.rules import OWN_PAWNS_RELEASE, SOLITAIRE_PRISON_TURNS, Rules, Teams
from generator.games.oie.squares import INN, LAST, PRISON, START, WELL
from generator.games.oie.tables import THROWS, move_tables, resting_squares

FREE = -1  # jail counter when no pawn of the player is held in prison
#: turns lost on arrival, by the player whose pawn arrives (the holds of one turn run together)
_HOLD = tuple(1 if s == INN else 2 if s == WELL else 0 for s in range(LAST + 1))
_OWN_RULE_SQUARES = frozenset((INN, WELL, PRISON))
_TOLERANCE = 1e-10


@dataclass(frozen=True)
class TeamModel:
    """What the values assume: the own-pawn reading and how long the prison holds a pawn."""

    release: bool = False  # the own-pawn rule "release": an own pawn swaps, rescues and frees
    prison_turns: int = SOLITAIRE_PRISON_TURNS

    @classmethod
    def of(cls, teams: Teams, rules: Rules) -> TeamModel:
        turns = SOLITAIRE_PRISON_TURNS if rules.prison_turns is None else rules.prison_turns
        return cls(teams.own_pawns == OWN_PAWNS_RELEASE, turns)


# A position: the squares of the player's pawns (sorted) and the jail counter of the pawn on the
# prison square: FREE, or the turns it still has to wait at the start of the player's turn.
Position = tuple[tuple[int, ...], int]
HOME: Position = ((LAST, LAST), FREE)  # both pawns in the garden: nothing left to play


def _move(
    model: TeamModel, squares: list[int], i: int, points: int, holds: list[int], jail: int
) -> int:
    """Move pawn ``i`` by ``points`` as the engine does for a player alone; return the jail
    counter."""
    prev = squares[i]
    final = move_tables().final[prev * 13 + points]
    if final in (START, LAST):
        squares[i] = final
        return jail
    for j, square in enumerate(squares):
        if j != i and square == final:  # another pawn of the same player
            if not (model.release and final in _OWN_RULE_SQUARES):
                return jail  # « un autre joueur »: he is none; the pawn goes back
            squares[j] = prev  # swapped out, rescued or freed: sent to the square just left
            holds[j] = 0
            if final == PRISON:
                jail = FREE
            break
    squares[i] = final
    holds[i] = _HOLD[final]
    if final == PRISON:
        jail = model.prison_turns
    return jail


def play_throw(
    model: TeamModel, position: Position, movers: tuple[tuple[int, int], ...]
) -> tuple[int, Position]:
    """Play ``movers`` (pawn index, points), in order, from ``position`` (the jail counter already
    counted for this turn): the turns lost and the position at the start of the next turn."""
    squares, jail = list(position[0]), position[1]
    holds = [0] * len(squares)
    for i, points in movers:
        jail = _move(model, squares, i, points, holds, jail)
    if PRISON not in squares:
        jail = FREE
    return max(holds), (tuple(sorted(squares)), jail)


def start_of_turn(position: Position) -> tuple[Position, tuple[int, ...]]:
    """The prison's count at the start of a turn: the position and the indices of movable pawns."""
    squares, jail = position
    jailed = jail > 0
    jail = jail - 1 if jailed else FREE
    movable = tuple(i for i, s in enumerate(squares) if s != LAST and not (jailed and s == PRISON))
    return (squares, jail), movable


def throw_options(
    model: TeamModel, position: Position, d1: int, d2: int
) -> list[tuple[int, Position]]:
    """Every way to play the throw ``d1``, ``d2``: (turns lost, next position)."""
    counted, movable = start_of_turn(position)
    if not movable:
        return [(0, counted)]
    if len(movable) == 1:
        return [play_throw(model, counted, ((movable[0], d1 + d2),))]
    squares = counted[0]
    options, seen = [], set()
    for a in movable:
        for b in movable:
            if a != b and (squares[a], squares[b]) not in seen:
                seen.add((squares[a], squares[b]))  # pawns on one square are interchangeable
                options.append(play_throw(model, counted, ((a, d1), (b, d2))))
    return options


def _positions(model: TeamModel) -> list[Position]:
    squares = resting_squares()
    out: list[Position] = []
    for i, a in enumerate(squares):
        for b in squares[i:]:
            if (a == b and a not in (START, LAST)) or a == b == LAST:
                continue
            out.append(((a, b), FREE))
            if PRISON in (a, b):
                out.extend(((a, b), k) for k in range(model.prison_turns + 1))
    return out


@lru_cache(maxsize=4)
def one_die_values() -> tuple[float, ...]:
    """``value[square]``: expected turns a lone pawn is worth when it moves one die at a time."""
    final = move_tables().final
    value = [0.0] * (LAST + 1)
    squares = [s for s in resting_squares() if s != LAST]
    while True:
        change = 0.0
        for s in reversed(squares):
            v = 0.5 + sum(value[f] + _HOLD[f] for f in (final[s * 13 + d] for d in range(1, 7))) / 6
            change = max(change, abs(v - value[s]))
            value[s] = v
        if change < _TOLERANCE:
            return tuple(value)


#: How one throw is played from a position: branches (weight, options); the branch is worth the
#: best of its options. All options in one branch: the best play; one option: a fixed choice.
Branches = list[tuple[float, list[tuple[int, Position]]]]


@lru_cache(maxsize=4)
def pair_values(model: TeamModel) -> dict[Position, float]:
    """Exact expected turns two pawns of one player need from every position, playing each throw
    as well as possible (position with a pawn in the garden: the other moves by both dice)."""
    return _expected_turns(model, lambda p, d1, d2: [(1.0, throw_options(model, p, d1, d2))])


def policy_turns(model: TeamModel, policy: str) -> float:
    """Exact expected turns of one player alone with two pawns, from the start, when ``policy``
    chooses ("team" reaches ``pair_values``; "random" is the average of its choices)."""
    import random

    from generator.games.oie.policies import make_chooser
    from generator.games.oie.rules import OWN_PAWNS_RETURN

    own = OWN_PAWNS_RELEASE if model.release else OWN_PAWNS_RETURN
    teams = Teams(2, policy, own)
    choose = make_chooser(policy, teams, Rules(prison_turns=model.prison_turns), random.Random(0))

    def branches(position: Position, d1: int, d2: int) -> Branches:
        counted, movable = start_of_turn(position)
        if len(movable) < 2:
            return [(1.0, throw_options(model, position, d1, d2))]
        if policy == "random":
            splits = [(a, b) for a in movable for b in movable if a != b]
        else:
            splits = [choose(list(movable), list(counted[0]), d1, d2, (0, 1))]
        share = 1.0 / len(splits)
        return [(share, [play_throw(model, counted, ((a, d1), (b, d2)))]) for a, b in splits]

    return _expected_turns(model, branches)[((START, START), FREE)]


def _expected_turns(
    model: TeamModel, branches: Callable[[Position, int, int], Branches]
) -> dict[Position, float]:
    """Expected turns to the garden from every position of two pawns, each throw played as
    ``branches`` says: Gauss-Seidel value iteration to 1e-10, a position's loops on itself solved
    in place, and the lone last pawn's chain solved exactly first."""
    positions = _positions(model)
    one = one_die_values()
    # most advanced first, so that one sweep carries values back from the garden
    positions.sort(key=lambda p: one[p[0][0]] + one[p[0][1]])
    value = [one[p[0][0]] + one[p[0][1]] for p in positions] + [0.0]
    tables = _option_tables(positions, branches)
    loops = [any(nxt == k for _, row in rows for _, nxt in row) for k, rows in enumerate(tables)]
    # the last pawn alone (its partner in the garden) has no choice: solved exactly first, since
    # its slow bounces near the garden would take value iteration hundreds of sweeps
    lone = [k for k, p in enumerate(positions) if LAST in p[0]]
    for k, v in zip(lone, _solve_fixed([tables[k] for k in lone], lone, value), strict=True):
        value[k] = v
    lone_set = set(lone)
    while True:
        change = 0.0
        for k, rows in enumerate(tables):
            if k in lone_set:
                continue
            x = _looping_value(rows, k, value) if loops[k] else _expected_best(rows, value)
            change = max(change, abs(x - value[k]))
            value[k] = x
        if change < _TOLERANCE:
            return {p: value[k] for k, p in enumerate(positions)}


#: Per position: its distinct rows of options (cost, index of the next position), each with its
#: weight out of the 36 throws.
OptionRows = list[tuple[float, tuple[tuple[int, int], ...]]]


def _option_tables(
    positions: list[Position], branches: Callable[[Position, int, int], Branches]
) -> list[OptionRows]:
    """The rows of options of every position (in the order of ``positions``; the garden, HOME,
    is the index just past the last position)."""
    index = {p: k for k, p in enumerate(positions)}
    index[HOME] = len(positions)
    tables: list[OptionRows] = []
    for p in positions:
        weights: dict[tuple[tuple[int, int], ...], float] = {}
        for d1, d2 in THROWS:
            for weight, options in branches(p, d1, d2):
                choice = tuple(sorted({(1 + lost, index[nxt]) for lost, nxt in options}))
                weights[choice] = weights.get(choice, 0.0) + weight
        tables.append([(weight, choice) for choice, weight in weights.items()])
    return tables


def _expected_best(rows: OptionRows, value: list[float]) -> float:
    """A position's expected turns when no option comes back to it: the best option of each
    row, weighted."""
    total = 0.0
    for weight, row in rows:
        best = 1e18
        for cost, nxt in row:
            v = cost + value[nxt]
            if v < best:
                best = v
        total += weight * best
    return total / 36


def _looping_value(rows: OptionRows, k: int, value: list[float]) -> float:
    """Position ``k``'s expected turns x when some options come back to it: x = E[min over
    options of (cost + value)], solved for x in a few steps from its current value."""
    x = value[k]
    for _ in range(8):
        total, looping = 0.0, 0.0
        for weight, row in rows:
            best, best_loop = 1e18, False
            for cost, nxt in row:
                v = cost + (x if nxt == k else value[nxt])
                if v < best:
                    best, best_loop = v, nxt == k
            if best_loop:
                total += weight * (best - x)
                looping += weight
            else:
                total += weight * best
        new = total / (36 - looping)  # some throw always leaves: looping < 36
        if abs(new - x) < _TOLERANCE:
            return new
        x = new
    return x


def _solve_fixed(
    tables: list[OptionRows],
    unknowns: list[int],
    value: list[float],
) -> list[float]:
    """Solve the chain of ``unknowns`` (one option per throw) exactly: Gauss-Jordan elimination.

    A transition to a position outside ``unknowns`` reads its (fixed) value from ``value``."""
    where = {k: i for i, k in enumerate(unknowns)}
    n = len(unknowns)
    matrix = [[0.0] * (n + 1) for _ in range(n)]
    for i, rows in enumerate(tables):
        matrix[i][i] += 36.0
        for weight, row in rows:
            ((cost, nxt),) = row  # the last pawn has one way to play each throw
            matrix[i][n] += weight * cost
            if nxt in where:
                matrix[i][where[nxt]] -= weight
            else:
                matrix[i][n] += weight * value[nxt]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        top = matrix[col]
        scale = top[col]
        top[:] = [v / scale for v in top]
        for r in range(n):
            if r != col and matrix[r][col]:
                factor = matrix[r][col]
                row_r = matrix[r]
                for c in range(col, n + 1):
                    row_r[c] -= factor * top[c]
    return [matrix[i][n] for i in range(n)]


def _value(position: Position, pairs: dict[Position, float], one: tuple[float, ...]) -> float:
    """Expected turns left: exact for two pawns; with more, the two least advanced pawns (by the
    one-die value) by the exact table and every other pawn by its one-die value."""
    squares, jail = position
    if len(squares) == 2:
        return 0.0 if position == HOME else pairs[position]
    ranked = sorted(squares, key=one.__getitem__)
    trailing = tuple(sorted(ranked[-2:]))
    if trailing == (LAST, LAST):
        return 0.0
    leaders = sum(one[s] for s in ranked[:-2])
    return leaders + pairs[(trailing, jail if PRISON in trailing else FREE)]


def team_chooser(teams: Teams, rules: Rules) -> Chooser:
    """The team policy: the choice that leaves the fewest expected turns (lost turns included)."""
    split = splitter(TeamModel.of(teams, rules))

    def choose(
        movable: list[int], pos: list[int], d1: int, d2: int, mine: tuple[int, ...]
    ) -> tuple[int, int]:
        base = mine[0]  # a player's pawns are numbered base, base + 1, ...
        a, b = split(
            tuple(pos[base : base + len(mine)]), tuple([p - base for p in movable]), d1, d2
        )
        return a + base, b + base

    return choose


def best_split(
    model: TeamModel, squares: tuple[int, ...], movable: tuple[int, ...], d1: int, d2: int
) -> tuple[int, int]:
    """Which of the player's pawns (indices into ``squares``) takes ``d1`` and moves first, and
    which takes ``d2``: the split with the fewest expected turns left, lost turns included; ties
    go to the lower-numbered pawns. A pawn of the player not movable and not home is in prison."""
    return splitter(model)(squares, movable, d1, d2)


Split = Callable[[tuple[int, ...], tuple[int, ...], int, int], tuple[int, int]]


@lru_cache(maxsize=4)
def splitter(model: TeamModel) -> Split:
    """``best_split`` for one model, its tables bound once and its decisions remembered (a throw
    is decided again and again: the same squares and dice come back in game after game)."""
    return _Splitter(model)


class _Splitter:
    """The team policy's split for one model (:func:`splitter`)."""

    def __init__(self, model: TeamModel) -> None:
        self.model = model
        self.pairs = pair_values(model)
        self.one = one_die_values()
        self.final = move_tables().final
        self.correction = _pair_corrections(model)
        self.special = _OWN_RULE_SQUARES if model.release else frozenset()
        # how long a jailed pawn still waits is not known at the table: the middle of the model's
        self.jailed_wait = (model.prison_turns - 1) // 2
        self.memo: dict[tuple[tuple[int, ...], tuple[int, ...], int, int], tuple[int, int]] = {}

    def __call__(
        self, squares: tuple[int, ...], movable: tuple[int, ...], d1: int, d2: int
    ) -> tuple[int, int]:
        key = (squares, movable, d1, d2)
        known = self.memo.get(key)
        if known is not None:
            return known
        jail = FREE
        if len(movable) + squares.count(LAST) < len(squares):
            jail = self.jailed_wait
        if len(squares) > 2 and jail == FREE and PRISON not in squares:
            known = self.many(squares, movable, d1, d2)
        else:
            known = self.by_play(squares, movable, d1, d2, jail)
        if len(self.memo) >= _MEMO_SIZE:
            self.memo.clear()
        self.memo[key] = known
        return known

    def by_play(
        self, squares: tuple[int, ...], movable: tuple[int, ...], d1: int, d2: int, jail: int
    ) -> tuple[int, int]:
        """Every split played out with ``play_throw`` and valued with ``_value``."""
        best, best_value = (movable[0], movable[1]), 1e18
        for a in movable:
            for b in movable:
                if a != b:
                    v = self.played(squares, jail, a, d1, b, d2)
                    if v < best_value - 1e-12:
                        best, best_value = (a, b), v
        return best

    def played(
        self, squares: tuple[int, ...], jail: int, a: int, d1: int, b: int, d2: int
    ) -> float:
        """The expected turns left after pawn ``a`` moves by ``d1``, then ``b`` by ``d2``, its
        lost turns included, played out with ``play_throw``."""
        lost, nxt = play_throw(self.model, (squares, jail), ((a, d1), (b, d2)))
        return lost + _value(nxt, self.pairs, self.one)

    def many(
        self, squares: tuple[int, ...], movable: tuple[int, ...], d1: int, d2: int
    ) -> tuple[int, int]:
        """Three pawns or more, none on the prison square: ``by_play`` with the common cases
        written out. A position is worth the sum of its one-die values plus the correction
        (exact pair value minus their one-die values) of its two least advanced pawns."""
        one, final, hold, special = self.one, self.final, _HOLD, self.special
        correction = self.correction
        total = 0.0
        for square in squares:
            total += one[square]
        best, best_value = (movable[0], movable[1]), 1e18
        for a in _one_start_pawn(squares, movable):
            sa = squares[a]
            ta = final[sa * 13 + d1]
            a_moves = ta in (START, LAST) or ta not in squares  # an own pawn there: it goes back
            new_a = ta if a_moves else sa
            lost_a = hold[ta] if a_moves else 0
            gain_a = total - one[sa] + one[new_a]
            for b in _one_start_pawn(squares, movable, but=a):
                sb = squares[b]
                tb = final[sb * 13 + d2]
                if ta == PRISON or tb == PRISON or ta in special or tb in special:
                    v = self.played(squares, FREE, a, d1, b, d2)
                else:
                    # b goes back if it lands on an own pawn: a where it now stands, or a pawn
                    # that has not moved (a's old square is free once a has left it)
                    if tb in (START, LAST) or (tb != new_a and (tb == sa or tb not in squares)):
                        new_b, lost = tb, max(lost_a, hold[tb])
                    else:
                        new_b, lost = sb, lost_a
                    # the two least advanced pawns after the move: largest one-die values
                    first = second = LAST
                    for k, square in enumerate(squares):
                        if k == a:
                            square = new_a
                        elif k == b:
                            square = new_b
                        if one[square] > one[first]:
                            first, second = square, first
                        elif one[square] > one[second]:
                            second = square
                    v = lost + gain_a - one[sb] + one[new_b] + correction[first * 64 + second]
                if v < best_value - 1e-12:
                    best, best_value = (a, b), v
        return best


def _one_start_pawn(
    squares: tuple[int, ...], movable: tuple[int, ...], but: int | None = None
) -> Iterator[int]:
    """The pawns of ``movable`` other than ``but``, in order, of those on the start only the
    first: pawns on the start are interchangeable, the first one stands for all."""
    start_seen = False
    for pawn in movable:
        if pawn == but:
            continue
        if squares[pawn] == START:
            if start_seen:
                continue
            start_seen = True
        yield pawn


_MEMO_SIZE = 1 << 18


@lru_cache(maxsize=4)
def _pair_corrections(model: TeamModel) -> tuple[float, ...]:
    """``table[x * 64 + y]``: the exact value of two pawns on ``x`` and ``y`` (none jailed) minus
    their one-die values; both orders; 0 for two pawns in the garden."""
    one = one_die_values()
    table = [0.0] * (64 * 64)
    for (squares, jail), v in pair_values(model).items():
        if jail == FREE:
            x, y = squares
            table[x * 64 + y] = table[y * 64 + x] = v - one[x] - one[y]
    return tuple(table)
