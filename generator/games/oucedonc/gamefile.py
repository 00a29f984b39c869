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
from dataclasses import dataclass
from typing import Any

from generator.core.errors import UserError
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.deckfile import deck_from_json, deck_to_json
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

SCHEMA = "pnp.oucedonc.game"
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
    """Parse, validate and replay a game file; a one-line UserError says what is wrong."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(
            f"{source} is not valid JSON ({exc.msg} at line {exc.lineno}); repair it by hand or start a new game"
        ) from None
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        raise UserError(
            f"{source} is not an Oucédonc game file; give a file made by 'pnp oucedonc game new'"
        )
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise UserError(
            f"{source} has an invalid version {version!r}; repair it by hand or start a new game"
        )
    if version > VERSION:
        raise UserError(
            f"{source} has game format version {version}, newer than this pnp reads ({VERSION}); upgrade pnp"
        )
    expected = {
        "schema",
        "version",
        "players",
        "seed",
        "packs",
        "pack_size",
        "options",
        "journal",
        "deck",
    }
    missing = sorted(expected - set(document))
    if missing:
        raise UserError(
            f"{source} is damaged: no {missing[0]!r} field; repair it by hand or start a new game"
        )
    unknown = sorted(set(document) - expected)
    if unknown:
        raise UserError(f"{source} has an unknown field {unknown[0]!r}; remove it")
    players = document["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise UserError(f"{source}: 'players' must be a list of names")
    for key in ("seed", "packs", "pack_size"):
        if not isinstance(document[key], int) or isinstance(document[key], bool):
            raise UserError(f"{source}: {key!r} must be a whole number, not {document[key]!r}")
    if not isinstance(document["deck"], dict):
        raise UserError(f"{source}: 'deck' must be the embedded deck object")
    deck = deck_from_json(
        json.dumps(document["deck"], ensure_ascii=False), source=f"{source} (embedded deck)"
    )
    options = RuleOptions.from_json(document["options"], source)
    setup = deal(
        players,
        deck,
        document["seed"],
        options,
        packs=document["packs"],
        pack_size=document["pack_size"],
    )
    if list(setup.players) != players:
        raise UserError(f"{source}: player names have spaces around them; remove the spaces")
    journal_raw = document["journal"]
    if not isinstance(journal_raw, list):
        raise UserError(f"{source}: 'journal' must be a list of moves")
    cards = NameIndex([Entry(name=c.name, value=c.id, aliases=(c.id,)) for c in deck.places])
    journal = tuple(
        _move_from_json(raw, number, source, setup, cards)
        for number, raw in enumerate(journal_raw, start=1)
    )
    return replay_game(setup, journal, source)


def _move_from_json(
    raw: object, number: int, source: str, setup: Setup, cards: NameIndex[str]
) -> Move:
    """One journal entry; card names and player names typed by hand are resolved to ids and names."""
    where = f"{source}: move {number}"
    try:
        move = _parse_move(raw, where)
    except KeyError as exc:
        raise UserError(f"{where} has no {exc.args[0]!r}; repair it or delete it") from None
    hint = "use a card id or name of the deck"
    try:
        if isinstance(move, Place):
            slot = Slot(
                direction=move.slot.direction,
                anchor=cards.find(move.slot.anchor, "card", hint),
                other=None
                if move.slot.other is None
                else cards.find(move.slot.other, "card", hint),
            )
            return Place(
                player=_player(setup, move.player),
                card=cards.find(move.card, "card", hint),
                slot=slot,
            )
        if isinstance(move, Doubt):
            return Doubt(
                by=_player(setup, move.by),
                card=cards.find(move.card, "card", hint),
                neighbour=cards.find(move.neighbour, "card", hint),
            )
        return Count(estimates=tuple((_player(setup, p), e) for p, e in move.estimates))
    except UserError as exc:
        raise UserError(f"{where}: {exc}") from None


def _player(setup: Setup, name: str) -> str:
    return setup.players[setup.player_index(name)]


def _parse_move(raw: object, where: str) -> Move:
    if not isinstance(raw, dict):
        raise UserError(f"{where} is not an object; repair it or delete it")
    kind = raw.get("move")
    if kind == "place":
        _only(raw, {"move", "player", "card", "between", *_DIRECTIONS}, where)
        player, card = _text(raw, "player", where), _text(raw, "card", where)
        forms = [key for key in ("between", *_DIRECTIONS) if key in raw]
        if len(forms) != 1:
            raise UserError(f"{where} must give exactly one of between, {', '.join(_DIRECTIONS)}")
        if forms[0] == "between":
            pair = raw["between"]
            if not (
                isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)
            ):
                raise UserError(f"{where}: 'between' must be a list of two card ids")
            return Place(player=player, card=card, slot=Slot.between(pair[0], pair[1]))
        return Place(
            player=player,
            card=card,
            slot=Slot.beside(Direction(forms[0]), _text(raw, forms[0], where)),
        )
    if kind == "doubt":
        _only(raw, {"move", "by", "card", "neighbour"}, where)
        return Doubt(
            by=_text(raw, "by", where),
            card=_text(raw, "card", where),
            neighbour=_text(raw, "neighbour", where),
        )
    if kind == "count":
        _only(raw, {"move", "estimates"}, where)
        estimates = raw.get("estimates")
        if not isinstance(estimates, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in estimates.values()
        ):
            raise UserError(f"{where}: 'estimates' must map each player to a whole number")
        return Count(estimates=tuple(estimates.items()))
    raise UserError(f"{where} has an unknown kind {kind!r}; moves are place, doubt and count")


def _only(raw: dict[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(raw) - allowed)
    if extra:
        raise UserError(f"{where} has an unknown field {extra[0]!r}; remove it")


def _text(raw: dict[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        what = "a player name" if key in ("player", "by") else "a card id or name"
        raise UserError(f"{where}: {key!r} must be {what}, not {value!r}")
    return value
