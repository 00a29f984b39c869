"""The Oucédonc referee under pressure: racing commands on one game file, forgiving player names,
estimates bounded by the cards on the table."""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generator.cli import oucedonc_referee
from generator.core.errors import UserError
from generator.core.locked_update import locked_update
from generator.core.refusal import Refusal
from generator.games.oucedonc import gamefile
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.game import Count, Doubt, Phase, Place, deal
from generator.games.oucedonc.gamefile import Game, game_from_json, game_to_json, new_game
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot
from tests.conftest import one_line_error
from tests.referee_fixtures import deck_json, make_deck, pnp
from tests.waiting import wait_until


def loaded(path: Path) -> Game:
    return game_from_json(path.read_text(encoding="utf-8"))


def played_game(tmp_path: Path, players: str = "Ana,Ben,Chloé", moves: int = 6) -> Path:
    """A game file with ``moves`` placements played (each card east of the row's end)."""
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(pack_size=8), encoding="utf-8")
    path = tmp_path / "partie.json"
    result = pnp(
        "oucedonc",
        "game",
        "new",
        str(path),
        "--deck",
        str(deck),
        "--players",
        players,
        "--deal",
        "--seed",
        "4",
    )
    assert result.returncode == 0, result.stderr
    for _ in range(moves):
        game = loaded(path)
        assert game.state.phase(game.setup) is Phase.PLAY
        result = pnp(
            "oucedonc",
            "game",
            "place",
            str(path),
            game.state.drawn(game.setup),
            "--east-of",
            game.state.table.row[-1],
        )
        assert result.returncode == 0, result.stderr
    return path


def pnp_process(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "generator", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def lingering_parse(monkeypatch: pytest.MonkeyPatch, commands: int) -> None:
    """Make every command linger between reading the game file and writing it until
    ``commands`` commands have read it, or for 0.3 s at most: without the lock they would all
    read the same game before any of them writes (one move lost); with it the others wait for
    the lock, and the first stops lingering after 0.3 s."""
    real = gamefile.game_from_json
    readers: list[str] = []
    arrived = threading.Condition()

    def lingering(text: str, source: str = "game file") -> Game:
        game = real(text, source)
        with arrived:
            readers.append(source)
            arrived.notify_all()
            arrived.wait_for(lambda: len(readers) >= commands, timeout=0.3)
        return game

    monkeypatch.setattr(gamefile, "game_from_json", lingering)


# --------------------------------------------------------------------------- racing commands


def test_two_undos_racing_in_threads_both_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both commands read the file before either writes (without the lock one undo is lost)."""
    path = played_game(tmp_path, moves=6)
    journal = loaded(path).journal
    lingering_parse(monkeypatch, 2)
    errors: list[BaseException] = []

    def undo() -> None:
        try:
            oucedonc_referee.game_undo(path)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=undo) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    assert loaded(path).journal == journal[:-2]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "deck.json",
        "partie.json",
    ]  # no lock or temp file left


def test_two_places_racing_in_threads_one_wins_the_other_gets_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = played_game(tmp_path, moves=2)
    game = loaded(path)
    drawn, end = game.state.drawn(game.setup), game.state.table.row[-1]
    lingering_parse(monkeypatch, 2)
    outcomes: list[object] = []

    def place() -> None:
        try:
            oucedonc_referee.game_place(path, drawn, None, None, end, None, None)
            outcomes.append("ok")
        except (UserError, Refusal) as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=place) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert outcomes.count("ok") == 1, outcomes
    (error,) = [o for o in outcomes if o != "ok"]
    assert "already on the table" in str(error) and "\n" not in str(error)
    after = loaded(path)
    assert after.journal[:-1] == game.journal and after.journal[-1].card == drawn


@pytest.mark.slow
def test_undo_processes_started_together_each_take_back_one_move(tmp_path: Path) -> None:
    """Real `pnp` processes: four undos at once on one file remove exactly four moves."""
    path = played_game(tmp_path, moves=6)
    journal = loaded(path).journal
    processes = [pnp_process("oucedonc", "game", "undo", str(path)) for _ in range(4)]
    results = [process.communicate(timeout=60) for process in processes]
    assert [p.returncode for p in processes] == [0, 0, 0, 0], results
    assert loaded(path).journal == journal[:-4]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.json", "partie.json"]


def _holds_open(process: subprocess.Popen[str], path: Path) -> bool:
    """``process`` has ``path`` open: it has reached the lock (it opens the file, then locks it)
    or has exited (``poll`` tells which)."""
    if process.poll() is not None:
        return True
    folder = Path(f"/proc/{process.pid}/fd")
    if not folder.is_dir():
        pytest.skip("no /proc to see the command's open files")
    with contextlib.suppress(OSError):  # a descriptor closed while it is listed
        return any(os.readlink(fd) == str(path) for fd in folder.iterdir())
    return False


def test_a_command_waits_while_another_holds_the_file_then_plays_on_top(tmp_path: Path) -> None:
    path = played_game(tmp_path, moves=3)
    before = path.read_bytes()
    journal = loaded(path).journal
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as a command in the middle of its move would
        process = pnp_process("oucedonc", "game", "undo", str(path))
        wait_until(lambda: _holds_open(process, path), "the command opened the game file")
        with pytest.raises(subprocess.TimeoutExpired):  # at the lock, it does not go on
            process.wait(timeout=0.5)  # (a command that ignored the lock would have ended)
        assert path.read_bytes() == before
    finally:
        os.close(fd)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert loaded(path).journal == journal[:-1]


def test_a_lock_held_too_long_is_a_one_line_error(tmp_path: Path) -> None:
    path = played_game(tmp_path, moves=1)
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with (
            pytest.raises(UserError, match="in use by another pnp command") as caught,
            locked_update(path, "game file", timeout=0.2),
        ):
            pass
        assert "\n" not in str(caught.value)
    finally:
        os.close(fd)


def test_a_file_changed_behind_the_lock_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compare-and-swap: an editor (which takes no lock) saves while the command runs: nothing is
    written."""
    path = played_game(tmp_path, moves=2)
    edited = game_to_json(loaded(path).undo()[0])
    real = gamefile.game_from_json

    def edit_meanwhile(text: str, source: str = "game file") -> Game:
        game = real(text, source)
        path.write_text(edited, encoding="utf-8")
        return game

    monkeypatch.setattr(gamefile, "game_from_json", edit_meanwhile)
    result = pnp("oucedonc", "game", "undo", str(path))
    one_line_error(
        result, "was changed by another program while this command ran; nothing was written"
    )
    assert path.read_text(encoding="utf-8") == edited
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.json", "partie.json"]


def test_read_errors_keep_their_one_line_messages(tmp_path: Path) -> None:
    one_line_error(pnp("oucedonc", "game", "undo", str(tmp_path / "nope.json")), "does not exist")
    one_line_error(pnp("oucedonc", "game", "undo", str(tmp_path)), "is a folder")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    one_line_error(pnp("oucedonc", "game", "undo", str(binary)), "is not UTF-8 text")


# --------------------------------------------------------------------------- player names


NAMED = deal(
    ["Jean-Luc", "Chloé", "Anne Marie", "Annemarie"],
    make_deck(pack_size=5),
    3,
    RuleOptions(),
    packs=3,
    pack_size=5,
)


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("jeanluc", "Jean-Luc"),
        ("JEAN LUC", "Jean-Luc"),
        ("Jean-luc", "Jean-Luc"),
        ("chloe", "Chloé"),
        ("CHLOÉ", "Chloé"),
        ("anne-marie", "Anne Marie"),  # typed with a separator: the name with one
        ("annemarie", "Annemarie"),  # typed without: the name without
    ],
)
def test_player_names_ignore_accents_case_hyphens_and_spaces(typed: str, expected: str) -> None:
    assert NAMED.players[NAMED.player_index(typed)] == expected


def test_a_player_name_fitting_two_players_is_a_one_line_error_naming_both() -> None:
    setup = deal(
        ["Ma Rie", "Mar-Ie", "Ben"], make_deck(pack_size=5), 3, RuleOptions(), packs=3, pack_size=5
    )
    with pytest.raises(Refusal) as caught:
        setup.player_index("marie")
    message = str(caught.value)
    assert (
        "ambiguous" in message
        and "Ma Rie" in message
        and "Mar-Ie" in message
        and "\n" not in message
    )
    with pytest.raises(Refusal, match="unknown player 'Zoé'; the players are Ma Rie, Mar-Ie, Ben"):
        setup.player_index("Zoé")


def test_cli_doubt_by_and_count_estimate_find_players_without_accents_or_hyphens(
    tmp_path: Path,
) -> None:
    path = played_game(tmp_path, players="Jean-Luc,Chloé,Ben", moves=1)
    game = loaded(path)
    neighbour = game.state.table.neighbours(game.state.pending.card)[0]
    result = pnp("oucedonc", "game", "doubt", str(path), "--by", "chloe", "--neighbour", neighbour)
    assert result.returncode == 0, result.stderr
    doubt = loaded(path).journal[-1]
    assert isinstance(doubt, Doubt) and doubt.by == "Chloé"
    # Play to the first count, then estimate with names typed loosely.
    while (game := loaded(path)).state.phase(game.setup) is Phase.PLAY:
        result = pnp(
            "oucedonc",
            "game",
            "place",
            str(path),
            game.state.drawn(game.setup),
            "--east-of",
            game.state.table.row[-1],
        )
        assert result.returncode == 0, result.stderr
    result = pnp(
        "oucedonc",
        "game",
        "count",
        str(path),
        "--estimate",
        "jeanluc=1",
        "--estimate",
        "CHLOE=0",
        "--estimate",
        "ben=2",
    )
    assert result.returncode == 0, result.stderr
    count = loaded(path).journal[-1]
    assert isinstance(count, Count) and count.estimates == (
        ("Jean-Luc", 1),
        ("Chloé", 0),
        ("Ben", 2),
    )


# --------------------------------------------------------------------------- estimate bound


def first_count_position() -> tuple[Game, int]:
    setup = deal(["Ana", "Ben"], make_deck(pack_size=3), 5, RuleOptions(), packs=2, pack_size=3)
    game = new_game(setup)
    while game.state.phase(setup) is Phase.PLAY:
        table = game.state.table
        game, _ = game.play(
            Place(
                setup.players[game.state.turn],
                game.state.drawn(setup),
                Slot.beside(Direction.EAST_OF, table.row[-1]),
            )
        )
    return game, len(game.state.table.cards())


def test_an_estimate_above_the_cards_on_the_table_is_refused_saying_the_maximum() -> None:
    game, on_table = first_count_position()
    assert on_table == 4  # the start card and three placed cards
    played, _ = game.play(Count((("Ana", on_table), ("Ben", 0))))  # the maximum itself is allowed
    assert len(played.state.counts) == 1
    with pytest.raises(Refusal) as caught:
        game.play(Count((("Ana", 1), ("Ben", on_table + 1))))
    assert str(caught.value) == (
        f"Ben's estimate is {on_table + 1} but there are only {on_table} cards on the table; "
        f"give at most {on_table}"
    )


def test_cli_refuses_a_too_large_estimate_and_leaves_the_file_alone(tmp_path: Path) -> None:
    path = played_game(tmp_path, moves=8)
    game = loaded(path)
    assert game.state.phase(game.setup) is Phase.COUNT
    on_table = len(game.state.table.cards())
    before = path.read_bytes()
    result = pnp(
        "oucedonc",
        "game",
        "count",
        str(path),
        "--estimate",
        "Ana=1",
        "--estimate",
        "Ben=0",
        "--estimate",
        f"chloe={on_table + 5}",
    )
    one_line_error(result, f"give at most {on_table}")
    assert path.read_bytes() == before
