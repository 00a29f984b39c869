"""The game file: JSON with a schema version, the setup, and the full journal of moves.

Format (``schema`` = ``pnp.oucedonc.game``, ``version`` = 2, or 3 when teams play)::

    {
     "schema": "pnp.oucedonc.game",
     "version": 2,
     "mode": "physical",
     "players": ["Ana", "Ben", "Chloé"],
     "packs": 3,
     "pack_size": 15,
     "options": {"equal_coordinates": "well-placed", ...},
     "journal": [
      {"move": "start", "card": "P11"},
      {"move": "place", "player": "Ana", "card": "P12", "north-of": "P11"},
      {"move": "place", "player": "Ben", "card": "P40", "between": ["P11", "P12"]},
      {"move": "doubt", "by": "Chloé", "card": "P40", "neighbour": "P12"},
      {"move": "intermede"},
      {"move": "count", "estimates": {"Ana": 1, "Ben": 0, "Chloé": 2}},
      {"move": "start", "card": "P07"}
     ],
     "deck": {...the deck file, embedded so the game does not depend on it staying around...}
    }

A game of teams (version 3) adds ``"teams": {"Bleus": ["Ana", "Ben"]}`` after ``players``: a
team is one of the players (it plays as one), with its members named; a player on their own
has no entry.

``mode`` is ``physical`` (the printed deck shuffled by hand: ``start`` moves record the start
cards, ``intermede`` an Intermède drawn before the referee expected it) or ``deal`` (a virtual
deck: a ``seed`` field, and the referee draws every card itself). Version 1 files (before
physical mode) are deal games without ``mode`` and are read as such.

The state is never stored: it is rebuilt by replaying the journal, so every move of a hand-edited
file is checked by the same rules as a move typed at the table. The text is a pure function of
the setup and the journal (one move per line), so undo restores the previous file byte for byte.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from generator.core.i18n import _
from generator.core.refusal import Clause, Refusal, Value
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.deckfile import deck_document, deck_from_document
from generator.games.oucedonc.events import Event
from generator.games.oucedonc.game import (
    Count,
    Doubt,
    Intermede,
    Mode,
    Move,
    Phase,
    Place,
    Setup,
    Start,
    State,
    apply,
    deal,
    physical,
    spot,
    start,
)
from generator.games.oucedonc.refusals import Hint, Noun, Why
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot

SCHEMA = "pnp.oucedonc.game"
VERSION = 3  # the newest this pnp reads; it writes 2 unless teams play (version 3)
TEAMS_VERSION = 3

_DIRECTIONS = tuple(direction.value for direction in Direction)


@dataclass(frozen=True)
class Game:
    setup: Setup
    journal: tuple[Move, ...]
    state: State

    def play(self, move: Move) -> tuple[Game, Event]:
        """The game with ``move`` appended, and what happened; a :class:`Refusal` if it is
        illegal."""
        state, event = apply(self.setup, self.state, move)
        return Game(setup=self.setup, journal=(*self.journal, move), state=state), event

    def to_json(self) -> dict[str, Any]:
        """The position, for scripts (what the referee shows as JSON)."""
        return state_to_json(self)

    def undo(self) -> tuple[Game, Move]:
        if not self.journal:
            raise Refusal(Why.NOTHING_TO_UNDO)
        return replay_game(self.setup, self.journal[:-1]), self.journal[-1]


def replay_game(setup: Setup, journal: tuple[Move, ...], source: Value = Noun.GAME) -> Game:
    state = start(setup)
    for number, move in enumerate(journal, start=1):
        try:
            state, _event = apply(setup, state, move)
        except Refusal as exc:
            raise Refusal(
                Why.ILLEGAL_MOVE_IN_FILE,
                {
                    "source": source,
                    "number": number,
                    "kind": move_to_json(move)["move"],
                    "error": exc,
                },
            ) from None
    return Game(setup=setup, journal=journal, state=state)


def events(game: Game) -> list[Event]:
    """What happened at each move of the journal (replayed)."""
    state = start(game.setup)
    found = []
    for move in game.journal:
        state, event = apply(game.setup, state, move)
        found.append(event)
    return found


def history(game: Game) -> list[str]:
    """What happened at each move of the journal, one line each (replayed)."""
    return [event.text for event in events(game)]


def describe_undone(game: Game, move: Move) -> str:
    """What undoing ``move`` (the last move of ``game`` before the undo) took back, in words."""
    names = game.setup.names()
    if isinstance(move, Place):
        return _("undone: {player}'s {card} {where} is back in their hand").format(
            player=move.player, card=names[move.card], where=spot(game.setup, move.slot).words
        )
    if isinstance(move, Doubt):
        return _(
            "undone: {player}'s doubt of {card} against {neighbour} (the token goes back)"
        ).format(player=move.by, card=names[move.card], neighbour=names[move.neighbour])
    if isinstance(move, Count):
        return _(
            "undone: the count; its cards are back on the table and its tokens back in the reserve"
        )
    if isinstance(move, Start):
        return _("undone: the start card {card}; turn the right one over").format(
            card=names[move.card]
        )
    return _("undone: the early Intermède; the pack goes on")


def state_to_json(game: Game) -> dict[str, Any]:
    """The position for scripts (shown as JSON): names as printed, ids alongside."""
    setup, state = game.setup, game.state
    names = setup.names()
    table = state.table
    phase = state.phase(setup)
    drawn = state.drawn(setup)
    document: dict[str, Any] = {
        "mode": setup.mode.value,
        "phase": phase.value,
        "turn": None if phase is Phase.OVER else setup.players[state.turn],
        "drawn": None if drawn is None else {"id": drawn, "name": names[drawn]},
        "tokens": dict(zip(setup.players, state.tokens, strict=True)),
        "start": None if table is None else table.start,
        "column": [] if table is None else [{"id": c, "name": names[c]} for c in table.column],
        "row": [] if table is None else [{"id": c, "name": names[c]} for c in table.row],
        "open_to_doubt": None if state.pending is None else state.pending.card,
        "cards_left": state.cards_left(setup),
        "pack": state.pack_number(setup),
        "packs": setup.packs,
        "in_pack": state.in_pack,
        "pack_size": setup.pack_size,
        "out_of_play": list(state.out_of_play),
        "counts": [
            {
                "misplaced": r.rewards.misplaced,
                "set_aside": list(r.walk.set_aside),
                "won": dict(r.rewards.won),
                "final": r.final,
            }
            for r in state.counts
        ],
        "winners": list(state.winners(setup)) if phase is Phase.OVER else [],
        "moves": len(game.journal),
    }
    if setup.teams:
        document["teams"] = {team: list(members) for team, members in setup.teams.items()}
    return document


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
    if isinstance(move, Count):
        return {"move": "count", "estimates": dict(move.estimates)}
    if isinstance(move, Start):
        return {"move": "start", "card": move.card}
    return {"move": "intermede"}


def game_to_json(game: Game) -> str:
    setup = game.setup
    teams = setup.teams
    header: dict[str, Any] = {
        "schema": SCHEMA,
        "version": TEAMS_VERSION if teams else 2,  # a file without teams stays readable by pnps
        "mode": setup.mode.value,
        "players": list(setup.players),
    }
    if teams:
        header["teams"] = {team: list(members) for team, members in teams.items()}
    if setup.mode is Mode.DEAL:
        header["seed"] = setup.seed
    header |= {
        "packs": setup.packs,
        "pack_size": setup.pack_size,
        "options": setup.options.to_json(),
    }
    lines = ["{"]
    lines += [f" {json.dumps(key)}: {_dump(value)}," for key, value in header.items()]
    moves = [f"  {_dump(move_to_json(move))}" for move in game.journal]
    lines.append(' "journal": [' + ("\n" + ",\n".join(moves) + "\n ]," if moves else "],"))
    lines.append(setup.memo("deck_json", lambda: _deck_text(setup)))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _deck_text(setup: Setup) -> str:
    """The embedded deck, one card a line (the same for every move of a game: built once)."""
    header = deck_document(setup.deck)
    cards = header.pop("cards")
    deck_lines = [f"  {json.dumps(key)}: {_dump(value)}," for key, value in header.items()]
    deck_lines.append(
        '  "cards": [\n' + ",\n".join(f"   {_dump(card)}" for card in cards) + "\n  ]"
    )
    return ' "deck": {\n' + "\n".join(deck_lines) + "\n }"


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------- reading

_COMMON_FIELDS = {
    "schema",
    "version",
    "players",
    "packs",
    "pack_size",
    "options",
    "journal",
    "deck",
}


def game_from_json(text: str, source: Value = Noun.GAME_FILE) -> Game:
    """Parse, validate and replay a game file; a :class:`Refusal` says what is wrong with it.

    The JSON is read strictly (no key twice, no number Python cannot hold:
    :func:`generator.core.jsondoc.load_document`); after the checks below, the whole document
    goes through the schema of :mod:`generator.games.oucedonc.fileschema` (types and ranges of
    every field, one record per move kind), then the journal is replayed by the rules.
    ``source`` names the file in the refusals (its path, or "game file").
    """
    from generator.core.jsondoc import load_document
    from generator.games.oucedonc.fileschema import GameRecord, validate

    repair = Hint.REPAIR_GAME
    document = load_document(text, source, repair)
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        raise Refusal(Why.NOT_A_GAME_FILE, {"source": source})
    version = _version(document, source)
    mode = _mode(document, version, source)
    expected = _COMMON_FIELDS | ({"seed"} if mode is Mode.DEAL else set())
    if version >= 2:
        expected |= {"mode"}
    missing = sorted(expected - set(document))
    if missing:
        raise Refusal(Why.MISSING_FIELD, {"source": source, "field": missing[0], "repair": repair})
    if version >= TEAMS_VERSION:
        expected |= {"teams"}  # optional
    unknown = sorted(set(document) - expected)
    if unknown:
        raise Refusal(Why.UNKNOWN_FIELD, {"source": source, "field": unknown[0]})
    players = document["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Refusal(Why.PLAYERS_NOT_NAMES, {"source": source})
    for key in ("seed", "packs", "pack_size"):
        if key not in document:
            continue
        if not isinstance(document[key], int) or isinstance(document[key], bool):
            raise Refusal(Why.NOT_WHOLE, {"source": source, "field": key, "value": document[key]})
    if not isinstance(document["deck"], dict):
        raise Refusal(Why.DECK_NOT_OBJECT, {"source": source})
    deck = deck_from_document(
        document["deck"], source=Clause(Noun.EMBEDDED_DECK, {"source": source})
    )
    options = RuleOptions.from_json(document["options"], source)
    teams = _teams(document.get("teams", {}), source)
    if mode is Mode.DEAL:
        setup = deal(
            players,
            deck,
            document["seed"],
            options,
            packs=document["packs"],
            pack_size=document["pack_size"],
            teams=teams,
        )
    else:
        setup = physical(
            players,
            deck,
            options,
            packs=document["packs"],
            pack_size=document["pack_size"],
            teams=teams,
        )
    if list(setup.players) != players:
        raise Refusal(Why.PLAYER_SPACES, {"source": source})
    journal_raw = document["journal"]
    if not isinstance(journal_raw, list):
        raise Refusal(Why.JOURNAL_NOT_LIST, {"source": source})
    journal = tuple(
        _move_from_json(raw, number, source, setup)
        for number, raw in enumerate(journal_raw, start=1)
    )
    validate(document, GameRecord, source, repair)
    return replay_game(setup, journal, source)


def _teams(raw: object, source: Value) -> dict[str, list[str]]:
    """The ``teams`` field: each team's members (names)."""
    if not isinstance(raw, dict) or not all(
        isinstance(members, list) and all(isinstance(m, str) for m in members)
        for members in raw.values()
    ):
        raise Refusal(Why.TEAMS_NOT_NAMES, {"source": source})
    return raw


def _version(document: dict[str, Any], source: Value) -> int:
    """The file's format version, one this pnp reads."""
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Refusal(
            Why.BAD_VERSION, {"source": source, "version": version, "repair": Hint.REPAIR_GAME}
        )
    if version > VERSION:
        raise Refusal(
            Why.GAME_VERSION_NEWER, {"source": source, "version": version, "readable": VERSION}
        )
    return version


def _mode(document: dict[str, Any], version: int, source: Value) -> Mode:
    if version == 1:
        if "mode" in document:
            raise Refusal(Why.UNKNOWN_FIELD, {"source": source, "field": "mode"})
        return Mode.DEAL
    raw = document.get("mode")
    if raw is None:
        raise Refusal(Why.NO_MODE, {"source": source})
    try:
        return Mode(raw)
    except (ValueError, TypeError):
        raise Refusal(Why.UNKNOWN_MODE, {"source": source, "mode": raw}) from None


def _move_from_json(raw: object, number: int, source: Value, setup: Setup) -> Move:
    """One journal entry; card names and player names typed by hand are resolved to ids and
    names."""
    where = Clause(Noun.MOVE, {"source": source, "number": number})
    try:
        move = _parse_move(raw, where)
    except KeyError as exc:
        raise Refusal(Why.MOVE_FIELD_MISSING, {"where": where, "field": exc.args[0]}) from None
    hint = Hint.JOURNAL_CARD

    def card(text: str) -> str:
        return setup.card_id(text, hint)

    try:
        if isinstance(move, Place):
            slot = Slot(
                direction=move.slot.direction,
                anchor=card(move.slot.anchor),
                other=None if move.slot.other is None else card(move.slot.other),
            )
            return Place(player=setup.player_name(move.player), card=card(move.card), slot=slot)
        if isinstance(move, Doubt):
            return Doubt(
                by=setup.player_name(move.by),
                card=card(move.card),
                neighbour=card(move.neighbour),
            )
        if isinstance(move, Count):
            return Count(estimates=tuple((setup.player_name(p), e) for p, e in move.estimates))
        if isinstance(move, Start):
            return Start(card=card(move.card))
        return move
    except Refusal as exc:
        raise Refusal(Why.MOVE_REFUSED, {"where": where, "error": exc}) from None


def _parse_move(raw: object, where: Clause) -> Move:
    if not isinstance(raw, dict):
        raise Refusal(Why.MOVE_NOT_OBJECT, {"where": where})
    kind = raw.get("move")
    if kind == "place":
        _only(raw, {"move", "player", "card", "between", *_DIRECTIONS}, where)
        player, card = _text(raw, "player", where), _text(raw, "card", where)
        forms = [key for key in ("between", *_DIRECTIONS) if key in raw]
        if len(forms) != 1:
            raise Refusal(Why.PLACE_FORMS, {"where": where, "directions": ", ".join(_DIRECTIONS)})
        if forms[0] == "between":
            pair = raw["between"]
            if not (
                isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)
            ):
                raise Refusal(Why.BETWEEN_NOT_PAIR, {"where": where})
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
            raise Refusal(Why.ESTIMATES_NOT_NUMBERS, {"where": where})
        return Count(estimates=tuple(estimates.items()))
    if kind == "start":
        _only(raw, {"move", "card"}, where)
        return Start(card=_text(raw, "card", where))
    if kind == "intermede":
        _only(raw, {"move"}, where)
        return Intermede()
    raise Refusal(Why.UNKNOWN_MOVE_KIND, {"where": where, "kind": kind})


def _only(raw: dict[str, Any], allowed: set[str], where: Clause) -> None:
    extra = sorted(set(raw) - allowed)
    if extra:
        raise Refusal(Why.UNKNOWN_FIELD, {"source": where, "field": extra[0]})


def _text(raw: dict[str, Any], key: str, where: Clause) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        expected = "player" if key in ("player", "by") else "card"
        raise Refusal(
            Why.MOVE_FIELD_TYPE,
            {"where": where, "expected": expected, "field": key, "value": value},
        )
    return value
