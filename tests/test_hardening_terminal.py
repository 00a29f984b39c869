"""Issue #15, terminal injection: hostile names printed through every command that echoes them.

Names that look like rich markup (``[/]``, ``[bold red]…[/]``) or emoji codes print as typed;
control characters (ESC sequences, carriage returns, bidi overrides, bytes that are not UTF-8)
never reach the terminal raw: they are refused in names pnp stores, and shown as escapes in
what it echoes (paths, typed arguments).
"""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from generator.geo.catalog import stored_path, write_places
from generator.geo.model import Place
from generator.geo.regions import resolve_region
from tests.referee_fixtures import PLACES, deck_json, pnp

MARKUP_NAMES = ["[/]", "[bold red]Zoé[/]", ":fire: Brûle", "[link=file:///etc]x[/link]"]
RAW = ("\x1b", "\x07", "\r", "\u202e", "\x9b")


def clean(result) -> None:
    """No traceback, no markup error, no raw control character anywhere in the output."""
    text = result.stdout + result.stderr
    assert "Traceback" not in text and "MarkupError" not in text, text
    for char in RAW:
        assert char not in text, (char, text)


def hostile_deck(tmp_path):
    document = json.loads(deck_json())
    for card, name in zip(document["cards"], MARKUP_NAMES, strict=False):
        card["name"] = name
    document["title"] = "[/]Deck :fire: [bold]"
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_game_commands_print_markup_like_names_as_typed(tmp_path):
    deck = hostile_deck(tmp_path)
    game = tmp_path / "partie[/].json"
    players = "[/],[bold red]Zoé[/],:fire:"
    result = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players", players,
                 "--deal", "--seed", "2")  # fmt: skip
    clean(result)
    assert result.returncode == 0, result.stderr
    assert "[bold red]Zoé[/]" in result.stdout
    shown = pnp("oucedonc", "game", "show", str(game))
    clean(shown)
    assert shown.returncode == 0, shown.stderr
    assert "[/]" in shown.stdout and "[bold red]Zoé[/]" in shown.stdout
    assert "[/]Deck :fire: [bold]" in shown.stdout
    as_json = pnp("oucedonc", "game", "show", str(game), "--json")
    clean(as_json)
    assert "[bold red]Zoé[/]" in json.loads(as_json.stdout)["tokens"]
    for args in (
        ("oucedonc", "game", "doubt", str(game), "--by", "[/]", "--neighbour", "[/]"),
        ("oucedonc", "game", "place", str(game), "[/]", "--north-of", "[bold red]Zoé[/]"),
        ("oucedonc", "game", "count", str(game), "--estimate", "[/]=1"),
        ("oucedonc", "game", "undo", str(game)),
        ("oucedonc", "verify", "[/]", "north-of", ":fire: Brûle", "--deck", str(deck)),
        ("oucedonc", "verify", "[/]\x1b[2J", "north-of", "x", "--deck", str(deck)),
    ):
        outcome = pnp(*args)
        clean(outcome)
        assert outcome.returncode in (0, 2), outcome.stderr


@pytest.mark.parametrize(
    "players",
    ["Ana,Ben\x1b[31m", "Ana,Be\rn", "Ana,\u202eBen", "Ana,B\udcffen"],
)
def test_player_names_with_control_characters_or_bad_bytes_are_refused(tmp_path, players):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json())
    game = tmp_path / "partie.json"
    result = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players", players)
    clean(result)
    assert result.returncode == 2 and "control character" in result.stderr
    assert not game.exists()


def test_places_tables_print_stored_names_as_text(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_DATA_DIR", str(tmp_path / "data"))
    selection = resolve_region("france")
    places = [
        Place(
            id=f"t:{i}",
            name=name,
            kind="town",
            lat=lat,
            lon=lon,
            departement=dept,
            population=1000 * (i + 1),
            familiarity=1000.0 * (i + 1),
        )
        for i, (name, _kind, lat, lon, dept) in enumerate(PLACES)
    ]
    places[0] = replace(places[0], name="[/]")
    places[1] = replace(places[1], name="[bold red]Rouge[/]")
    places[2] = replace(places[2], name="Évreux\x1b]0;pwned\x07")  # an edited stored set
    write_places(stored_path("apigeo", selection), places)
    for args in (
        ("places", "--source", "apigeo"),
        ("places", "--source", "apigeo", "--format", "csv"),
        ("places", "--source", "apigeo", "--format", "json"),
        ("places", "--source", "apigeo", "--count", "20", "--precision", "second"),
    ):
        result = pnp(*args)
        clean(result)
        assert result.returncode == 0, result.stderr
        if "--count" not in args:  # a deck may leave the hostile places out
            assert "[/]" in result.stdout
            assert "\\x1b" in result.stdout.replace("\\u001b", "\\x1b")


def test_a_polygon_file_with_a_hostile_name_is_a_plain_title(tmp_path):
    polygon = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [
                        [[-5.2, 47.2], [-1.0, 47.2], [-1.0, 48.9], [-5.2, 48.9], [-5.2, 47.2]]
                    ],
                },
            }
        ],
    }
    path = tmp_path / "[bold]zone\x1b[5m.geojson"
    path.write_text(json.dumps(polygon))
    result = pnp("places", "--region", str(path), "--limit", "3")
    clean(result)
    assert result.returncode == 0, result.stderr
    assert "[bold]zone\\x1b[5m" in result.stdout


@pytest.mark.parametrize("name", ["bad\nname.pdf", "esc\x1b[2Jname.pdf", "bidi\u202efdp.pdf"])
def test_paths_are_echoed_escaped_in_errors_and_reports(tmp_path, name):
    folder = tmp_path / "in"
    folder.mkdir()
    target = folder / name
    target.write_text("not a pnp PDF")
    result = pnp("calibrate", "--out", str(target))
    clean(result)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    written = pnp("calibrate", "--out", str(folder / ("new-" + name)))
    clean(written)
    assert written.returncode == 0 and len(written.stdout.strip().splitlines()) == 1
