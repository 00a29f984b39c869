"""The same words everywhere (issue 27, item 2): the one-shot commands take the session's words in
both languages (one table per language, generator/games/oucedonc/words.py), a French player's C
is cœur, the French help and hints speak French, an English verdict prints W for west.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.core.namekeys import name_key
from generator.core.refusal import Refusal
from generator.games.oucedonc import words
from generator.games.oucedonc.compare import Direction
from generator.games.pronostiques.suits import SUITS, Suit, parse_order
from generator.games.territoires import House
from tests.conftest import one_line_error
from tests.referee_fixtures import deck_json, pnp

FRENCH = {"LANG": "fr_FR.UTF-8", "PNP_LANG": "fr"}
ENGLISH = {"LANG": "C.UTF-8", "PNP_LANG": "en"}


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    path = tmp_path / "deck.json"
    path.write_text(deck_json(), encoding="utf-8")
    return path


def verdict(*args: str, env: dict[str, str] = ENGLISH) -> dict[str, object]:
    result = pnp("oucedonc", "verify", *args, "--json", env=env)
    assert result.returncode == 0, result.stderr
    answer: dict[str, object] = json.loads(result.stdout)
    return answer


# Every word of both tables, as a one-shot `verify` reads it: the session's words, in full, as
# an option-like word ("north-of") or in a few words ("au nord de").
N, S, E, W = Direction.NORTH_OF, Direction.SOUTH_OF, Direction.EAST_OF, Direction.WEST_OF
SPELLINGS = [
    *((word, way) for table in words.WORDS.values() for word, way in table.directions.items()),
    ("north-of", N), ("west_of", W), ("au nord de", N), ("à l'ouest de", W), ("l'est", E),
    ("au sud", S),
]  # fmt: skip


@pytest.mark.parametrize(("word", "direction"), SPELLINGS)
def test_verify_reads_every_direction_word_of_both_languages(word: str, direction: Direction, deck):
    for env in (FRENCH, ENGLISH):
        said = verdict("brest", word, "lyon", "--deck", str(deck), env=env)
        assert said["direction"] == direction.value, (word, env)
    # the words split over the arguments, as typed without quotes
    said = verdict("saint", "malo", *word.split(), "lyon", "--deck", str(deck))
    assert said["a"] == "Saint-Malo" and said["direction"] == direction.value


def test_the_session_and_the_one_shot_commands_read_one_table() -> None:
    from generator.products.referee import phrases, session

    assert phrases.table_words is words and session.words is words
    assert set(words.DIRECTIONS) == {w for t in words.WORDS.values() for w in t.directions}
    for table in words.WORDS.values():  # no word means two directions across the languages
        for word, direction in table.directions.items():
            assert words.DIRECTIONS[word] is direction


def test_between_in_either_language_needs_the_line(deck: Path) -> None:
    english = verdict(
        "brest", "between", "lyon", "and", "paris", "--line", "row", "--deck", str(deck)
    )
    typed = ["brest", "entre", "lyon", "et", "paris", "--line", "rangée", "--deck", str(deck)]
    french = verdict(*typed, env=FRENCH)
    assert english == french and english["line"] == "row" and english["correct"] is False
    refused = pnp("oucedonc", "verify", "brest", "entre", "lyon", "paris", "--deck", str(deck),
                  env=FRENCH)  # fmt: skip
    one_line_error(refused, "sur quelle ligne")


def test_an_english_verdict_prints_w_for_west_and_a_french_one_o() -> None:
    english = pnp("oucedonc", "verify", "brest", "west-of", "rennes", env=ENGLISH)
    french = pnp("oucedonc", "verify", "brest", "ouest", "rennes", env=FRENCH)
    assert "4°29′ W" in english.stdout and "′ O" not in english.stdout, english.stdout
    assert "4°29′ O" in french.stdout and "′ W" not in french.stdout, french.stdout


def test_game_place_takes_the_sessions_words(deck: Path, tmp_path: Path) -> None:
    game = tmp_path / "partie.json"
    assert pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players",
               "Ana,Ben", "--start", "Lyon").returncode == 0  # fmt: skip
    assert (
        pnp("oucedonc", "game", "place", str(game), "brest", "ouest", "de", "lyon").returncode == 0
    )
    said = pnp("oucedonc", "game", "place", str(game), "nantes", "entre", "brest", "et", "lyon")
    assert said.returncode == 0 and "Ben placed Nantes between Brest and Lyon" in said.stdout
    position = json.loads(pnp("oucedonc", "game", "show", str(game), "--json").stdout)
    assert [card["name"] for card in position["row"]] == ["Brest", "Nantes", "Lyon"]
    one_line_error(pnp("oucedonc", "game", "place", str(game), "paris"), "exactly one of")


def test_the_french_help_and_hints_say_no_card_nor_player(deck: Path, tmp_path: Path) -> None:
    for command in (["game", "place"], ["game", "doubt"], ["game", "count"], ["game", "start"],
                    ["verify"], ["count"], ["play"]):  # fmt: skip
        shown = pnp("oucedonc", *command, "--help", env={**FRENCH, "COLUMNS": "120"}).stdout
        for english in ("CARD", "PLAYER", "FILE"):
            assert english not in shown, (command, english, shown)
    game = tmp_path / "partie.json"
    said = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players", "Ana,Ben",
               "--start", "Lyon", env=FRENCH)  # fmt: skip
    said = pnp("oucedonc", "game", "place", str(game), "brest", "o", "lyon", env=FRENCH)
    assert "--by JOUEUR" in said.stdout and "CARTE" in said.stdout, said.stdout
    assert "PLAYER" not in said.stdout and "CARD" not in said.stdout


# --------------------------------------------------------------------------- other games


@pytest.mark.parametrize(
    ("typed", "language"),
    [("HDSC", "en"), ("h d s c", "en"), ("CKPT", "fr"), ("c,k,p,t", "fr"), ("♥♦♠♣", "fr"),
     ("♥️♦️♠️♣️", "en"), ("coeur carreau pique trèfle", "en"), ("Hearts Diamonds Spades Clubs", "fr")],
)  # fmt: skip
def test_suits_in_either_language(typed: str, language: str) -> None:
    assert parse_order(typed, language) == SUITS  # type: ignore[arg-type]


def test_a_french_c_is_coeur_never_clubs_silently() -> None:
    """C is Clubs in English and Cœur in French: a letter of the other language is an error,
    never a wrong order."""
    assert parse_order("CKPT", "fr")[0] is Suit.HEART
    assert parse_order("CSDH", "en")[0] is Suit.CLUB
    for typed, language in (("HDSC", "fr"), ("CKPT", "en"), ("PCKH", "fr")):
        with pytest.raises(Refusal, match=r"C K P T|H D S C"):
            parse_order(typed, language)  # type: ignore[arg-type]
    french = pnp("pronostiques", "score", "CKPT", "--json", env=FRENCH)
    english = pnp("pronostiques", "score", "HDSC", "--json", env=ENGLISH)
    assert json.loads(french.stdout) == json.loads(english.stdout)
    one_line_error(pnp("pronostiques", "score", "HDSC", env=FRENCH), "C K P T")
    help_fr = pnp("pronostiques", "score", "--help", env={**FRENCH, "COLUMNS": "200"}).stdout
    assert "CKPT en français" in " ".join(help_fr.split())


@pytest.mark.parametrize(
    ("typed", "house"),
    [("even", House.EVEN), ("pair", House.EVEN), ("Paire", House.EVEN),
     ("civilisation", House.EVEN), ("odd", House.ODD), ("impair", House.ODD),
     ("IMPAIRE", House.ODD), ("nature", House.ODD)],
)  # fmt: skip
def test_houses_in_either_language(typed: str, house: House) -> None:
    assert House.parse(typed) is house
    french = pnp("territoires", "attack", "11", "12", "--house", typed, "--json", env=FRENCH)
    assert french.returncode == 0, french.stderr
    english = pnp("territoires", "attack", "11", "12", "--house", house.value, "--json")
    assert json.loads(french.stdout) == json.loads(english.stdout)


def test_every_direction_word_is_a_key_as_name_key_writes_it() -> None:
    for table in words.WORDS.values():
        for word in (*table.directions, *table.between, *table.fillers, *table.lines):
            assert name_key(word) == word, word
