"""The phone page's count assistant, typed into key by key in headless Chromium, against the
command line: 200 crosses counted by the page and by ``pnp oucedonc count --json`` (the same
cards set aside against the same cards, the same winnings, under every rule option), then a
whole physical game played with ``pnp oucedonc game`` and, at each count, the page's assistant
fed the table as the players read it, ending in the same set-asides and tokens.

Skipped only when Chromium is absent and CI is unset.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from generator.core.namekeys import name_key
from generator.games.oucedonc.deckfile import Deck, deck_from_json
from generator.games.oucedonc.names import NameIndex
from generator.games.oucedonc.referee import card_entries
from tests.referee_fixtures import pnp
from tests.referee_page import Phone
from tests.test_kit_browser import pytestmark  # noqa: F401 - the same skip rule, marked slow

ARMS = ("north", "south", "west", "east")
PLAYERS = (("Ana", ""), ("Bleus", "Ben, Chloé"), ("Dan", ""))


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("deck") / "france.pdf"
    result = pnp("oucedonc", "deck", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out.with_suffix(".json")


def read_deck(path: Path) -> Deck:
    return deck_from_json(path.read_text(encoding="utf-8"))


def unique_form(deck: Deck, card_id: str, rng: random.Random, index: NameIndex[Any]) -> str:
    """A way of typing the card that names it alone: a few letters, its id, its name."""
    card = next(c for c in deck.places if c.id == card_id)
    style = rng.randrange(3)
    if style == 1:
        return card.id.lower()
    key = name_key(card.name)
    if style == 0:
        for length in range(1, len(key) + 1):
            if [e.value.id for e in index.matches(key[:length])] == [card.id]:
                return key[:length]
    return card.name


def add_players(phone: Phone, players: tuple[tuple[str, str], ...]) -> None:
    for name, members in players:
        phone.enter("#new-player", name)
        if members:
            phone.enter("#new-members", members)
        phone.page.keyboard.press("Enter")


def lay(phone: Phone, deck: Deck, start: str, arms: dict[str, list[str]], rng, index) -> None:
    """The cross typed in: the start card, then each arm's cards from the start outward (each
    with Enter), a wrong letter now and then taken back."""
    phone.enter("#start", unique_form(deck, start, rng, index), rng)
    assert phone.page.locator("#start").get_attribute("data-card") == start
    for arm in ARMS:
        for card in arms[arm]:
            phone.enter(f"#add-{arm}", unique_form(deck, card, rng, index), rng)
            phone.page.keyboard.press("Enter")
    laid = phone.page.evaluate(LAID, list(ARMS))
    names = {card.id: card.name for card in deck.places}
    assert laid == {arm: [names[c] for c in arms[arm]] for arm in ARMS}


LAID = """arms => Object.fromEntries(arms.map(arm => [arm,
  [...document.querySelectorAll(`#arm-${arm}-laid li`)].map(li => li.firstChild.textContent)]))"""
COUNTED = """() => ({
  checks: [...document.querySelectorAll("#count-result .checks li[data-id]")].map(li =>
    [li.closest("ul").dataset.arm, li.dataset.id, li.dataset.against,
     li.dataset.setAside === "true"]),
  won: Object.fromEntries([...document.querySelectorAll("#count-won tr[data-player]")]
    .map(tr => [tr.dataset.player, Number(tr.dataset.won)])),
})"""


def count_on_page(phone: Phone, estimates: list[int]) -> dict[str, Any]:
    for at, estimate in enumerate(estimates):
        phone.enter(f"#estimate-{at}", str(estimate))
    phone.page.locator("#count-go").click()
    shown: dict[str, Any] = phone.page.evaluate(COUNTED)
    phone.page.locator("#count-apply").click()  # the winnings go to the tokens, the table clears
    return shown


def tokens_on_page(phone: Phone) -> list[int]:
    return [int(t) for t in phone.page.locator("#player-list .tokens").all_inner_texts()]


def choose_options(phone: Phone, rng: random.Random) -> dict[str, str]:
    options = {
        "--equal-coordinates": rng.choice(["well-placed", "misplaced"]),
        "--count-preceding": rng.choice(["on-table", "original"]),
        "--closest-tie": rng.choice(["all", "none"]),
        "--exact-tie": rng.choice(["each", "everyone"]),
    }
    page = phone.page
    page.locator("details summary").click()
    page.locator("#equal-misplaced").set_checked(options["--equal-coordinates"] == "misplaced")
    page.locator("#count-preceding").select_option(options["--count-preceding"])
    page.locator("#closest-tie").select_option(options["--closest-tie"])
    page.locator("#exact-tie").select_option(options["--exact-tie"])
    page.locator("details summary").click()
    return options


def test_200_counts_typed_into_the_page_are_those_of_the_cli(browser, deck_file) -> None:
    deck = read_deck(deck_file)
    index = NameIndex(card_entries(deck))
    ids = [card.id for card in deck.places]
    rng = random.Random(200)
    phone = Phone(browser, deck_file.with_name(f"{deck_file.stem}-referee.html"))
    add_players(phone, PLAYERS)
    tokens = [4, 4, 4]
    options = choose_options(phone, rng)
    seen = {"aside": 0, "exact": 0, "closest": 0}
    for number in range(200):
        if number % 25 == 0:
            options = choose_options(phone, rng)
        cards = rng.sample(ids, rng.randint(1, 14))
        start, rest = cards[0], cards[1:]
        arms: dict[str, list[str]] = {arm: [] for arm in ARMS}
        for card in rest:
            arms[rng.choice(ARMS)].append(card)
        lay(phone, deck, start, arms, rng, index)
        estimates = [rng.randint(0, min(3, len(cards))) for _ in PLAYERS]
        shown = count_on_page(phone, estimates)
        names = {card.id: card.name for card in deck.places}
        argv = ["oucedonc", "count", names[start], "--deck", str(deck_file), "--json"]
        for arm in ARMS:
            if arms[arm]:
                argv += [f"--{arm}", ",".join(names[c] for c in arms[arm])]
        for (player, _members), estimate in zip(PLAYERS, estimates, strict=True):
            argv += ["--estimate", f"{player}={estimate}"]
        for option, value in options.items():
            argv += [option, value]
        result = pnp(*argv)
        assert result.returncode == 0, result.stderr
        expected = json.loads(result.stdout)
        assert shown["checks"] == [
            [check["arm"], check["card"]["id"], check["against"]["id"], check["set_aside"]]
            for check in expected["checks"]
        ], (start, arms, options)
        assert shown["won"] == expected["won"], (start, arms, estimates, options)
        tokens = [t + expected["won"][p] for t, (p, _m) in zip(tokens, PLAYERS, strict=True)]
        assert tokens_on_page(phone) == tokens
        seen["aside"] += expected["misplaced"] > 0
        seen["exact"] += bool(expected["exact"])
        seen["closest"] += bool(expected["closest"])
    phone.close()
    assert min(seen.values()) > 20, seen


# --------------------------------------------------------------------------- a whole game


def show(game: Path) -> dict[str, Any]:
    result = pnp("oucedonc", "game", "show", str(game), "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def arms_of(position: dict[str, Any]) -> tuple[str, dict[str, list[str]]]:
    """The cross as the players read it off the table: each arm from the start card outward."""
    start = position["start"]
    column = [card["id"] for card in position["column"]]
    row = [card["id"] for card in position["row"]]
    north, south = column[: column.index(start)][::-1], column[column.index(start) + 1 :]
    west, east = row[: row.index(start)][::-1], row[row.index(start) + 1 :]
    return start, {"north": north, "south": south, "west": west, "east": east}


def a_place(position: dict[str, Any], rng: random.Random) -> list[str]:
    """Where the card drawn goes: at an end of a line, or between two cards side by side."""
    column = [card["name"] for card in position["column"]]
    row = [card["name"] for card in position["row"]]
    places = [["--north-of", column[0]], ["--south-of", column[-1]],
              ["--west-of", row[0]], ["--east-of", row[-1]]]  # fmt: skip
    for line in (column, row):
        places += [["--between", a, b] for a, b in pairwise(line)]
    return rng.choice(places)


def test_a_whole_physical_game_through_the_page_and_the_cli(browser, deck_file, tmp_path) -> None:
    """Ana, the team Bleus (Ben and Chloé) and Dan play the printed deck, 3 packs of 6 cards: the
    CLI follows the game; at each count the page's assistant is given the table as the players
    read it (and, after each doubt, the token moved by hand): the same cards set aside, the same
    winnings, the same tokens at the end."""
    deck = read_deck(deck_file)
    index = NameIndex(card_entries(deck))
    names = {card.id: card.name for card in deck.places}
    rng = random.Random(27)
    game = tmp_path / "partie.json"
    order = [card.id for card in deck.places]
    rng.shuffle(order)
    new = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck_file),
              "--players", "Ana,Bleus=Ben+Chloé,Dan", "--packs", "3", "--pack-size", "6",
              "--start", names[order.pop()])  # fmt: skip
    assert new.returncode == 0, new.stderr
    phone = Phone(browser, deck_file.with_name(f"{deck_file.stem}-referee.html"))
    add_players(phone, PLAYERS)
    players = [name for name, _members in PLAYERS]
    counts = 0
    while (position := show(game))["phase"] != "over":
        if position["phase"] == "start":
            said = pnp("oucedonc", "game", "start", str(game), names[order.pop()])
            assert said.returncode == 0, said.stderr
        elif position["phase"] == "play":
            card = order.pop()
            placed = pnp(
                "oucedonc", "game", "place", str(game), names[card], *a_place(position, rng)
            )
            assert placed.returncode == 0, placed.stderr
            if rng.random() < 0.4:  # a doubt: the token moves on the table, and on the page
                before = show(game)
                placer = position["turn"]
                doubter = rng.choice([p for p in players if p != placer])
                neighbour = rng.choice(neighbours(before, card))
                doubt = pnp("oucedonc", "game", "doubt", str(game), "--by", doubter,
                            "--neighbour", names[neighbour])  # fmt: skip
                assert doubt.returncode == 0, doubt.stderr
                after = show(game)["tokens"]
                for player in players:
                    change = after[player] - before["tokens"][player]
                    button = "Un jeton de plus pour" if change > 0 else "Un jeton de moins pour"
                    for _ in range(abs(change)):
                        phone.page.get_by_role("button", name=f"{button} {player}").tap()
        else:  # a count: the players read the cross off the table into the page
            start, arms = arms_of(position)
            lay(phone, deck, start, arms, rng, index)
            on_table = 1 + sum(len(cards) for cards in arms.values())
            estimates = [rng.randint(0, min(4, on_table)) for _ in players]
            shown = count_on_page(phone, estimates)
            typed = [f"--estimate={p}={e}" for p, e in zip(players, estimates, strict=True)]
            said = pnp("oucedonc", "game", "count", str(game), "--json", *typed)
            assert said.returncode == 0, said.stderr
            counted = json.loads(said.stdout)
            assert [c[1] for c in shown["checks"] if c[3]] == [
                item["card"]["id"] for item in counted["set_aside"]
            ]
            assert shown["won"] == counted["won"]
            assert tokens_on_page(phone) == [counted["tokens"][p] for p in players]
            counts += 1
    assert counts == 3 and show(game)["winners"]
    assert tokens_on_page(phone) == [show(game)["tokens"][p] for p in players]
    phone.close()


def neighbours(position: dict[str, Any], card: str) -> list[str]:
    for line in ("column", "row"):
        cards = [c["id"] for c in position[line]]
        if card in cards and card != position["start"]:
            at = cards.index(card)
            return [cards[i] for i in (at - 1, at + 1) if 0 <= i < len(cards)]
    raise AssertionError(f"{card} is not on the table")
