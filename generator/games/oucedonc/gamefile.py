"""The game file: JSON with a schema version, the setup, and the full journal of moves.

Format (``schema`` = ``pnp.oucedonc.game``, ``version`` = 1)::

    {
     "schema": "pnp.oucedonc.game",
     "version": 1,
     "players": ["Ana", "Ben", "Chloé"],
     "seed": 7,
     "packs": 3,
     "pack_size": 15,
     "options": {"equal_coordinates": "well-placed", ...},
     "journal": [
      {"move": "place", "player": "Ana", "card": "P12", "north-of": "P03"},
      {"move": "place", "player": "Ben", "card": "P40", "between": ["P03", "P12"]},
      {"move": "doubt", "by": "Chloé", "card": "P40", "neighbour": "P12"},
      {"move": "count", "estimates": {"Ana": 1, "Ben": 0, "Chloé": 2}}
     ],
     "deck": {...the deck file, embedded so the game does not depend on it staying around...}
    }

The state is never stored: it is rebuilt by replaying the journal, so every move of a hand-edited
file is checked by the same rules as a move typed at the table. The text is a pure function of
the setup and the journal (one move per line), so undo restores the previous file byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.core.errors import UserError
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.deckfile import deck_from_json, deck_to_json
from generator.games.oucedonc.fileschema import CountMove, DoubtMove, PlaceMove
from generator.games.oucedonc.game import (
    Count,
    Doubt,
    Move,
    Place,
    Setup,
    State,
    apply,
    deal,
    start,
)
from generator.games.oucedonc.names import Entry, NameIndex
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot

SCHEMA = "pnp.oucedonc.game"  # fileschema.GAME_SCHEMA, GAME_VERSION
VERSION = 1

_DIRECTIONS = tuple(direction.value for direction in Direction)


@dataclass(frozen=True)
class Game:
    setup: Setup
    journal: tuple[Move, ...]
    state: State

    def play(self, move: Move) -> tuple[Game, str]:
        """The game with ``move`` appended, and what happened; a UserError if it is illegal."""
        state, message = apply(self.setup, self.state, move)
        return Game(setup=self.setup, journal=self.journal + (move,), state=state), message

    def undo(self) -> tuple[Game, Move]:
        if not self.journal:
            raise UserError("nothing to undo: no move has been played yet")
        return replay_game(self.setup, self.journal[:-1]), self.journal[-1]


def replay_game(setup: Setup, journal: tuple[Move, ...], source: str = "the game") -> Game:
    state = start(setup)
    for number, move in enumerate(journal, start=1):
        try:
            state, _ = apply(setup, state, move)
        except UserError as exc:
            raise UserError(
                f"{source}: move {number} ({move_to_json(move)['move']}) is illegal: {exc}"
            ) from None
    return Game(setup=setup, journal=journal, state=state)


def history(game: Game) -> list[str]:
    """What happened at each move of the journal, one line each (replayed)."""
    state = start(game.setup)
    lines = []
    for move in game.journal:
        state, message = apply(game.setup, state, move)
        lines.append(message)
    return lines


def state_to_json(game: Game) -> dict[str, Any]:
    """The position for scripts (``game show --json``): names as printed, ids alongside."""
    setup, state = game.setup, game.state
    names = setup.names()
    table = state.table
    phase = state.phase(setup)
    drawn = state.drawn(setup)
    return {
        "phase": phase.value,
        "turn": None if phase.value == "over" else setup.players[state.turn],
        "drawn": None if drawn is None else {"id": drawn, "name": names[drawn]},
        "tokens": dict(zip(setup.players, state.tokens)),
        "start": None if table is None else table.start,
        "column": [] if table is None else [{"id": c, "name": names[c]} for c in table.column],
        "row": [] if table is None else [{"id": c, "name": names[c]} for c in table.row],
        "open_to_doubt": None if state.pending is None else state.pending.card,
        "cards_left": state.cards_left(setup),
        "pack": state.pack_number(setup),
        "packs": setup.packs,
        "counts": [
            {
                "misplaced": r.rewards.misplaced,
                "set_aside": list(r.walk.set_aside),
                "won": dict(r.rewards.won),
                "final": r.final,
            }
            for r in state.counts
        ],
        "winners": list(state.winners(setup)) if phase.value == "over" else [],
        "moves": len(game.journal),
    }


def new_game(setup: Setup) -> Game:
    return Game(setup=setup, journal=(), state=start(setup))


# --------------------------------------------------------------------------- writing


def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Place):
        entry: dict[str, Any] = {"move": "place", "player": move.player, "card": move.card}
        if move.slot.other is not None:
            entry["between"] = [move.slot.anchor, move.slot.other]
        else:
            assert move.slot.direction is not None
            entry[move.slot.direction.value] = move.slot.anchor
        return entry
    if isinstance(move, Doubt):
        return {"move": "doubt", "by": move.by, "card": move.card, "neighbour": move.neighbour}
    return {"move": "count", "estimates": dict(move.estimates)}


def game_to_json(game: Game) -> str:
    setup = game.setup
    header = {
        "schema": SCHEMA,
        "version": VERSION,
        "players": list(setup.players),
        "seed": setup.seed,
        "packs": setup.packs,
        "pack_size": setup.pack_size,
        "options": setup.options.to_json(),
    }
    lines = ["{"]
    lines += [f" {json.dumps(key)}: {_dump(value)}," for key, value in header.items()]
    moves = [f"  {_dump(move_to_json(move))}" for move in game.journal]
    lines.append(' "journal": [' + ("\n" + ",\n".join(moves) + "\n ]," if moves else "],"))
    deck = json.loads(deck_to_json(setup.deck))
    cards = deck.pop("cards")
    deck_lines = [f"  {json.dumps(key)}: {_dump(value)}," for key, value in deck.items()]
    deck_lines.append(
        '  "cards": [\n' + ",\n".join(f"   {_dump(card)}" for card in cards) + "\n  ]"
    )
    lines.append(' "deck": {\n' + "\n".join(deck_lines) + "\n }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------- reading


def game_from_json(text: str, source: str = "game file") -> Game:
    """Parse, validate and replay a game file; a one-line UserError says what is wrong.

    Every field is checked against the schema (:mod:`generator.games.oucedonc.fileschema`),
    duplicate keys refused, then the journal is replayed by the rules.
    """
    from generator.core.jsondoc import load_document
    from generator.games.oucedonc.fileschema import GameRecord, validate

    advice = "repair it by hand or start a new game"
    document = load_document(text, source, advice)
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        raise UserError(
            f"{source} is not an Oucédonc game file; give a file made by 'pnp oucedonc game new'"
        )
    version = document.get("version")
    if type(version) is int and version > VERSION:
        raise UserError(
            f"{source} has game format version {version}, newer than this pnp reads ({VERSION}); upgrade pnp"
        )
    record = validate(document, GameRecord, source, advice)
    deck = deck_from_json(
        json.dumps(record.deck, ensure_ascii=False), source=f"{source} (embedded deck)"
    )
    options = RuleOptions.from_json(record.options, source)
    setup = deal(
        record.players, deck, record.seed, options, packs=record.packs, pack_size=record.pack_size
    )
    if list(setup.players) != record.players:
        raise UserError(f"{source}: player names have spaces around them; remove the spaces")
    cards = NameIndex([Entry(name=c.name, value=c.id, aliases=(c.id,)) for c in deck.places])
    journal = tuple(
        _move_from_record(raw, number, source, setup, cards)
        for number, raw in enumerate(record.journal, start=1)
    )
    return replay_game(setup, journal, source)


def _move_from_record(
    raw: object, number: int, source: str, setup: Setup, cards: NameIndex[str]
) -> Move:
    """One journal entry; card names and player names typed by hand are resolved to ids and names."""
    where = f"{source}: move {number}"
    reader = MOVE_READERS.get(type(raw))
    if reader is None:  # a kind in the schema but not read here: a bug, said plainly
        raise UserError(f"{where}: this pnp cannot play a {type(raw).__name__} move")
    try:
        return reader(raw, setup, cards)
    except UserError as exc:
        raise UserError(f"{where}: {exc}") from None


_HINT = "use a card id or name of the deck"


def _read_place(raw: PlaceMove, setup: Setup, cards: NameIndex[str]) -> Move:
    forms = {
        "between": raw.between,
        Direction.NORTH_OF.value: raw.north_of,
        Direction.SOUTH_OF.value: raw.south_of,
        Direction.EAST_OF.value: raw.east_of,
        Direction.WEST_OF.value: raw.west_of,
    }
    given = [key for key, value in forms.items() if value is not None]
    if len(given) != 1:
        raise UserError(f"it must give exactly one of between, {', '.join(_DIRECTIONS)}")
    if raw.between is not None:
        first, second = raw.between
        slot = Slot.between(cards.find(first, "card", _HINT), cards.find(second, "card", _HINT))
    else:
        anchor = forms[given[0]]
        assert isinstance(anchor, str)
        slot = Slot.beside(Direction(given[0]), cards.find(anchor, "card", _HINT))
    return Place(
        player=_player(setup, raw.player), card=cards.find(raw.card, "card", _HINT), slot=slot
    )


def _read_doubt(raw: DoubtMove, setup: Setup, cards: NameIndex[str]) -> Move:
    return Doubt(
        by=_player(setup, raw.by),
        card=cards.find(raw.card, "card", _HINT),
        neighbour=cards.find(raw.neighbour, "card", _HINT),
    )


def _read_count(raw: CountMove, setup: Setup, cards: NameIndex[str]) -> Move:
    return Count(estimates=tuple((_player(setup, p), e) for p, e in raw.estimates.items()))


# One reader per move kind of the schema (fileschema.MOVE_KINDS): add a kind in both places.
MOVE_READERS: dict[type, Callable[[Any, Setup, NameIndex[str]], Move]] = {
    PlaceMove: _read_place,
    DoubtMove: _read_doubt,
    CountMove: _read_count,
}


def _player(setup: Setup, name: str) -> str:
    return setup.players[setup.player_index(name)]
