"""Issue #15, strict files and bounded inputs: deck and game files validated field by field with
a documented schema; FIFOs and devices refused as inputs; hostile JSON is one line."""

from __future__ import annotations

import json
import os
import threading

import pytest

from generator.core.refusal import Refusal
from generator.games.oucedonc.deckfile import deck_from_json
from generator.games.oucedonc.game import deal
from generator.games.oucedonc.gamefile import game_from_json, game_to_json, new_game
from generator.games.oucedonc.rules import RuleOptions
from tests.referee_fixtures import deck_json, make_deck, pnp


def deck_edited(change) -> str:
    document = json.loads(deck_json())
    change(document)
    return json.dumps(document, ensure_ascii=False)


def game_text() -> str:
    return game_to_json(new_game(deal(["Ana", "Ben"], make_deck(), 3, RuleOptions())))


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(version=0), "version: should be 1, not 0"),
        (lambda d: d.update(version=-7), "version: should be 1, not -7"),
        (lambda d: d.update(version=True), "version: should be 1, not true"),
        (
            lambda d: d["params"].update(tokens_each=-4),
            "tokens_each: should be a whole number from 1 to 99, not -4",
        ),
        (
            lambda d: d["cards"][0].update(id=["P01"]),
            "card 1, id: should be a text of 1 to 16 letters, digits, '-' or '_', not [\"P01\"]",
        ),
        (
            lambda d: d["cards"][0].update(lat=91.0),
            "card 1, lat: should be a number from −90 to 90, not 91.0",
        ),
        (lambda d: d["cards"][0].update(name="Brest\x1b[2J"), "without control characters"),
        (lambda d: d.update(packs=0), "packs: should be a whole number from 1 to 50, not 0"),
        (
            lambda d: d.update(extra=1),
            "unknown field “extra”; the fields are schema, version, title,",
        ),
        (
            lambda d: d["cards"].append({"id": "X1", "kind": "joker", "name": "J"}),
            "kind: invalid value 'joker'",
        ),
    ],
)
def test_deck_files_are_checked_field_by_field(change, fragment):
    with pytest.raises(Refusal) as info:
        deck_from_json(deck_edited(change), "deck.json")
    assert fragment in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('{"a": 1, "a": 2}', "gives the key 'a' twice"),
        ("[" * 30_000 + "]" * 30_000, "nested too deeply"),
        ('{"seed": ' + "9" * 4400 + "}", "a number pnp cannot read"),
        ('{"lat": NaN}', "a number pnp cannot read"),
    ],
)
def test_hostile_json_is_one_line_for_decks_and_games(text, fragment):
    for read in (deck_from_json, game_from_json):
        with pytest.raises(Refusal) as info:
            read(text, "file.json")
        assert fragment in str(info.value)


def test_a_second_journal_key_is_refused_instead_of_emptying_the_game():
    text = game_text()
    doubled = text.replace('"journal": [],', '"journal": [{"move": "count"}], "journal": [],', 1)
    assert doubled != text
    with pytest.raises(Refusal, match="gives the key 'journal' twice"):
        game_from_json(doubled, "partie.json")


def test_a_4300_digit_seed_in_a_game_file_is_one_line():
    document = json.loads(game_text())
    text = json.dumps(document).replace('"seed": 3', '"seed": ' + "7" * 5000, 1)
    with pytest.raises(Refusal, match="a number pnp cannot read"):
        game_from_json(text, "partie.json")
    too_big = json.dumps(document).replace('"seed": 3', '"seed": ' + "7" * 30, 1)
    with pytest.raises(
        Refusal, match="seed: should be a whole number from −9,223,372,036,854,775,808 to "
    ):
        game_from_json(too_big, "partie.json")


def test_the_documented_schemas_are_the_ones_pnp_validates_with():
    from scripts.write_file_schemas import ROOT, rendered

    for name, text in rendered().items():
        assert (ROOT / "docs" / "schemas" / name).read_text(encoding="utf-8") == text, (
            f"docs/schemas/{name} is stale: run python scripts/write_file_schemas.py"
        )


def test_files_pnp_writes_pass_the_documented_schema():
    import jsonschema

    from scripts.write_file_schemas import ROOT

    deck_schema = json.loads((ROOT / "docs/schemas/oucedonc-deck.schema.json").read_text())
    jsonschema.validate(json.loads(deck_json()), deck_schema)
    game_schema = json.loads((ROOT / "docs/schemas/oucedonc-game.schema.json").read_text())
    game_schema["$defs"]["GameRecord"]["properties"]["deck"] = {"type": "object"}
    jsonschema.validate(json.loads(game_text()), game_schema)


# --------------------------------------------------------------------------- regular files only


def _run_with_watchdog(*args):
    """The command must return by itself; a FIFO opened for reading would block for ever."""
    result = {}
    thread = threading.Thread(target=lambda: result.update(r=pnp(*args)), daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), f"pnp {' '.join(args)} blocked"
    return result["r"]


@pytest.mark.parametrize("kind", ["game", "deck", "font"])
def test_a_fifo_or_dev_zero_as_an_input_is_refused_at_once(tmp_path, kind):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json())
    specials = [tmp_path / "fifo.json", "/dev/zero"]
    os.mkfifo(specials[0])
    for special in map(str, specials):
        if kind == "game":
            args = ("oucedonc", "game", "show", special)
        elif kind == "deck":
            args = ("oucedonc", "verify", "P01", "north-of", "P02", "--deck", special)
        else:
            args = ("oucedonc", "deck", "--font", special, "--out", str(tmp_path / "d.pdf"))
        result = _run_with_watchdog(*args)
        assert result.returncode == 2, result.stderr
        assert "not a regular file" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_fifo_as_a_polygon_region_is_refused(tmp_path):
    fifo = tmp_path / "zone.geojson"
    os.mkfifo(fifo)
    result = _run_with_watchdog("places", "--region", str(fifo))
    assert result.returncode == 2 and "not a regular file" in result.stderr
