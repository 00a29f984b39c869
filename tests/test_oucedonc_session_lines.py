"""Long lines at the table (issue 28, item 4): a line longer than any move is one refusal, and a
line is read with a number of name look-ups that does not grow with its length.

Main read ``brest w rennes w w w …`` by trying every split of the line on a direction word (34 s
for 10 KB) and ``brest between lyon lyon …`` by building every cut of its anchors (2.1 GB for
1.1 MB). Now the length is checked first (proportional to what a move can hold: three card
names and a few words, or every player's estimate) and only the splits whose card part could be
a card's name are tried. The time and memory of whole processes are measured by
``benchmarks/session_long_lines.py``; here, the look-ups are counted.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from generator.core.refusal import Refusal
from generator.games.oucedonc import words
from generator.games.oucedonc.game import physical
from generator.games.oucedonc.gamefile import Game, game_to_json, new_game
from generator.games.oucedonc.rules import RuleOptions
from generator.products.referee import moves, phrases
from generator.products.referee.refusals import Said
from generator.products.referee.session import Session, completions
from tests.conftest import one_line_error
from tests.referee_fixtures import deck_json, make_deck, pnp

PLAYERS = ("Ana", "Ben", "Chloé")
SHAPES = {
    "direction repeated": lambda size: ("brest w rennes" + " w" * size)[:size],
    "between and": lambda size: ("brest between " + "lyon " * size + "and " + "paris " * size)[
        :size
    ],
    "between without and": lambda size: ("brest between " + "lyon " * size)[:size],
    "doubt of many words": lambda size: ("doute " + "jean luc " * size)[:size],
    "count of many names": lambda size: ("compte " + "ana=1 ben " * size)[:size],
}


def started() -> Game:
    game = new_game(physical(PLAYERS, make_deck(), RuleOptions()))
    game, _ = game.play(moves.start(game, "Lyon"))
    game, _ = game.play(moves.place(game, "Brest", words.DIRECTIONS["w"], "Lyon", None))
    return game


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every card name looked up while a line is read."""
    calls: list[str] = []
    real = moves.resolve_card

    def resolve(game, text, among=None):  # type: ignore[no-untyped-def]
        calls.append(text)
        return real(game, text, among)

    monkeypatch.setattr(moves, "resolve_card", resolve)
    return calls


@pytest.mark.parametrize("shape", ["direction repeated", "between and", "between without and"])
def test_a_line_just_within_the_limit_is_read_with_a_few_look_ups(
    shape: str, counted: list[str]
) -> None:
    game = started()
    counted.clear()
    limits = phrases.line_limits(game)
    line = SHAPES[shape](limits.characters)
    assert len(line) == limits.characters
    with pytest.raises(Refusal):  # no card is called "rennes w w w": refused by the rules
        phrases.parse(line, game)
    # A split on each of its hundred direction words was tried before: a few now, whatever the
    # length (the card's name is at most card_words words, and a few little words).
    most = 2 * (limits.card_words + words.MAX_FILLERS + 1)
    assert 0 < len(counted) <= most, (len(counted), most)


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("size", [3_000, 1_000_000])
def test_a_line_longer_than_any_move_is_refused_before_it_is_read(
    shape: str, size: int, counted: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "partie.json"
    path.write_text(game_to_json(started()), encoding="utf-8")
    before = path.read_bytes()
    session = Session.open(path)
    counted.clear()
    with pytest.raises(Refusal) as caught:
        session.respond(SHAPES[shape](size))
    refusal = caught.value
    assert refusal.reason is Said.LINE_TOO_LONG and counted == []
    assert refusal.data["most"] == phrases.line_limits(session.game).characters
    assert 0 < refusal.data["most"] < refusal.data["length"] <= size  # type: ignore[operator]
    assert path.read_bytes() == before
    assert completions(session.game, SHAPES[shape](size)) == ("", [])


def test_the_limit_follows_the_deck_and_the_players() -> None:
    """Three card names and a few words, or every player's estimate: whichever is longer, with
    room for the words typed out in full; runs of spaces count as one."""
    game = started()
    limits = phrases.line_limits(game)
    longest = max(len(card.name) for card in game.setup.deck.places)
    assert 3 * longest < limits.characters < 20 * longest
    legitimate = "Pic du Midi de Bigorre au nord de Chamonix-Mont-Blanc"
    assert len(legitimate) < limits.characters
    phrases.check_length("lyon" + " " * 10_000 + "n brest", game)  # short once the spaces go


def new_game_file(folder: Path) -> Path:
    """A game of Ana and Ben, Lyon turned over, made by `pnp oucedonc game new`."""
    deck = folder / "deck.json"
    deck.write_text(deck_json(), encoding="utf-8")
    path = folder / "partie.json"
    assert pnp(
        "oucedonc", "game", "new", str(path), "--deck", str(deck), "--players", "Ana,Ben",
        "--start", "Lyon",
    ).returncode == 0  # fmt: skip
    return path


def test_a_pasted_megabyte_in_the_session_is_one_line_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_game_file(tmp_path)
    before = path.read_bytes()
    pasted = SHAPES["between and"](1_000_000)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{pasted}\nbrest n lyon\nquitter\n"))
    monkeypatch.setenv("COLUMNS", "100")
    result = pnp("oucedonc", "play", str(path))
    assert result.returncode == 0, result.stderr
    refused = [line for line in result.stdout.splitlines() if line.startswith("✗")]
    assert len(refused) == 1 and "a move has at most" in refused[0], refused
    assert len(result.stdout) < 20_000  # the transcript repeats the start of the line only
    assert "Ana placed Brest north of Lyon" in " ".join(result.stdout.split())
    assert path.read_bytes() != before  # the move after it was played


def test_a_one_shot_command_with_a_huge_name_is_one_line(tmp_path: Path) -> None:
    path = new_game_file(tmp_path)
    before = path.read_bytes()
    name = "saint " * 20_000
    result = pnp("oucedonc", "game", "place", str(path), name, "--north-of", "lyon")
    one_line_error(result, "characters long, longer than any name it could be")
    assert len(result.stderr) < 500 and path.read_bytes() == before
    result = pnp("oucedonc", "verify", "évreux" * 100_000, "east-of", "foix")
    one_line_error(result, "longer than any name it could be")
