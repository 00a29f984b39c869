"""`game show`: the cross in the terminal keeps north up, west left, and the column over the start
card."""

from __future__ import annotations

import io
import re

from rich.console import Console

from generator.cli.oucedonc_board import cross, show
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.game import Place, deal
from generator.games.oucedonc.gamefile import new_game
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.table import Slot, Table
from generator.products.referee.table import Cross

NAMES = {
    "S": "Lyon",
    "N1": "Paris",
    "N2": "Lille",
    "S1": "Marseille",
    "W1": "Bordeaux",
    "E1": "Grenoble",
    "E2": "Chamonix-Mont-Blanc",
}


def table(pending: str | None = None) -> Cross:
    """A cross of the table, as the referee service gives it to the board."""
    laid = Table(start="S", column=("N2", "N1", "S", "S1"), row=("W1", "S", "E1", "E2"))
    return Cross.of(laid, NAMES, pending)


def test_the_cross_keeps_the_column_centred_on_the_start_card() -> None:
    lines = cross(table(pending="E2"), width=100).plain.splitlines()
    row_line = next(line for line in lines if line.startswith("W "))
    assert row_line == "W Bordeaux W1 ─ [Lyon S] ─ Grenoble E1 ─ Chamonix-Mont-Blanc E2? E"
    centre = row_line.index("[Lyon S]") + len("[Lyon S]") // 2
    labels = [line.strip() for line in lines]
    assert (
        labels.index("N")
        < labels.index("Lille N2")
        < labels.index("Paris N1")
        < lines.index(row_line)
        < labels.index("Marseille S1")
        < labels.index("S")
    )
    for name in ("N", "Lille N2", "Paris N1", "Marseille S1", "S"):
        line = lines[labels.index(name)]
        assert abs((line.index(name) + len(name) // 2) - centre) <= 1, (name, line)


def test_a_row_too_wide_drops_the_ids_then_writes_the_arms_never_cuts() -> None:
    # Names alone: no ids in the row, nothing cut.
    names_only = cross(table(), width=56).plain
    row_line = next(line for line in names_only.splitlines() if line.startswith("W "))
    assert row_line == "W Bordeaux ─ [Lyon] ─ Grenoble ─ Chamonix-Mont-Blanc E"
    # Narrower: no row of card numbers with a legend (issue 27), the four arms, each from the
    # start card outward (the order a count walks them), long arms wrapped under themselves.
    assert cross(table(pending="E2"), width=40).plain.splitlines() == [
        "[Lyon S]  start card",
        "↑ N  Paris · Lille",
        "↓ S  Marseille",
        "← W  Bordeaux",
        "→ E  Grenoble · Chamonix-Mont-Blanc?",
    ]
    assert cross(table(), width=24).plain.splitlines()[-2:] == [
        "→ E  Grenoble ·",
        "     Chamonix-Mont-Blanc",
    ]
    for width in (16, 24, 40, 56, 100):
        text = cross(table(), width=width).plain
        assert "…" not in text
        for name in NAMES.values():
            assert name in text, (width, name)


def test_show_prints_turn_tokens_and_cards_left() -> None:
    from tests.referee_fixtures import make_deck

    setup = deal(["Ana", "Ben"], make_deck(), 1, RuleOptions(), packs=3, pack_size=15)
    game = new_game(setup)
    game, _ = game.play(
        Place("Ana", setup.pile[0], Slot.beside(Direction.SOUTH_OF, setup.reserve[0]))
    )
    buffer = io.StringIO()
    show(game, Console(file=buffer, width=90, color_system=None), "partie.json")
    text = buffer.getvalue()
    names = setup.names()
    assert (
        f"[{names[setup.reserve[0]]} " in text
        and f"{names[setup.pile[0]]} {setup.pile[0]}?" in text
    )
    assert "Ben's turn: Ben drew" in text and "44 cards left" in text and "pack 1 of 3" in text
    assert "Ana            4" in text and "to play" in text


def test_nobody_is_to_play_during_the_final_count_and_hints_quote_the_file() -> None:
    from tests.referee_fixtures import make_deck

    setup = deal(["Ana", "Ben"], make_deck(), 1, RuleOptions(), packs=1, pack_size=1)
    game = new_game(setup)
    game, _ = game.play(
        Place("Ana", setup.pile[0], Slot.beside(Direction.SOUTH_OF, setup.reserve[0]))
    )
    buffer = io.StringIO()
    show(game, Console(file=buffer, width=120, color_system=None), "ma partie.json")
    text = buffer.getvalue()
    assert "final count due" in text and "to play" not in text
    assert "pnp oucedonc game count 'ma partie.json' --estimate" in text


def test_the_board_speaks_the_cli_language_at_40_80_and_120_columns() -> None:
    """A position with a doubt open, in French and in English: nothing wider than the screen,
    nothing cut, the compass and every label in the language (west is O in French)."""
    import pytest

    from generator.core.i18n import speaking
    from tests.referee_fixtures import PLACES, make_deck
    from tests.referee_language import assert_speaks

    setup = deal(["Ana", "Ben", "Chloé"], make_deck(), 1, RuleOptions(), packs=3, pack_size=15)
    game = new_game(setup)
    anchor = setup.reserve[0]
    for player, card, direction in (
        ("Ana", setup.pile[0], Direction.WEST_OF),
        ("Ben", setup.pile[1], Direction.EAST_OF),
        ("Chloé", setup.pile[2], Direction.NORTH_OF),
    ):
        game, _ = game.play(Place(player, card, Slot.beside(direction, anchor)))
    names = [name for name, *_ in PLACES] + list(setup.names()) + ["Ana", "Ben", "Chloé"]
    expected = {
        "fr": ("O", "joueur", "à jouer", "doute JOUEUR X", "dont on peut douter"),
        "en": ("W", "player", "to play", "doubt PLAYER X", "open to a doubt"),
    }
    from generator.cli.oucedonc_board import Hints

    for language, words in expected.items():
        for width in (40, 80, 120):
            buffer = io.StringIO()
            with speaking(language):  # type: ignore[arg-type]
                show(
                    game,
                    Console(file=buffer, width=width, color_system=None),
                    "p.json",
                    Hints.SESSION,
                )
            text = buffer.getvalue()
            assert max(len(line) for line in text.splitlines()) <= width, (language, width)
            assert "…" not in text.replace("--north-of X …", "")
            flat = " ".join(text.replace("│", " ").split())
            west = words[0]  # the row's line starts with west's letter, or its arm's line does
            assert re.search(rf"│ +{west} .* E +│", text) or re.search(rf"│ ← {west}  .*│", text), (
                language,
                width,
                text,
            )
            for word in words[1:]:
                assert word in flat, (language, width, word)
            assert_speaks(language, text, [*names, setup.deck.title, "p.json"])
    with pytest.raises(AssertionError):  # the check can fail: English is not French
        with speaking("en"):
            buffer = io.StringIO()
            show(game, Console(file=buffer, width=80, color_system=None), "p.json")
        assert_speaks("fr", buffer.getvalue(), names)
