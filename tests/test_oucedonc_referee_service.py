"""What issue 27 added to the referee service: "between" verdicts, a count of a cross without a
game file (the same count as a game's), teams, and an ambiguous placement that asks which side.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction, EqualCoordinates, Line
from generator.games.oucedonc.game import Count, Place, Start, physical
from generator.games.oucedonc.gamefile import game_from_json, game_to_json, new_game
from generator.games.oucedonc.rules import ClosestTie, CountPreceding, ExactTie, RuleOptions
from generator.games.oucedonc.table import Arm, Slot
from generator.products.referee import moves
from generator.products.referee.count import count_cross
from generator.products.referee.refusals import Said
from generator.products.referee.session import Asked, Played, Session
from generator.products.referee.table import table_view
from generator.products.referee.verify import verify_between_on_deck
from tests.conftest import one_line_error
from tests.referee_fixtures import deck_json, make_deck, pnp, small_deck

DECK = make_deck()
CARD = {card.name: card for card in DECK.places}


# --------------------------------------------------------------------------- between


def between_by_hand(a: int, b: int, c: int, equal_ok: bool) -> bool:
    """A lies between B and C (printed units of one axis), written out the obvious way."""
    low, high = min(b, c), max(b, c)
    if equal_ok:
        return low <= a <= high
    return low < a < high


@pytest.mark.parametrize("line", list(Line))
@pytest.mark.parametrize("equal", list(EqualCoordinates))
def test_between_verdicts_match_a_plain_comparison(line: Line, equal: EqualCoordinates) -> None:
    axis = line.axis
    names = list(CARD)[:18]
    for a in names:
        for b in names:
            for c in names:
                if len({a, b, c}) < 3:
                    continue
                gap = verify_between_on_deck(a, b, c, line, DECK, equal)
                units = [getattr(CARD[n], f"{axis}_units") for n in (a, b, c)]
                expected = between_by_hand(*units, equal is EqualCoordinates.WELL_PLACED)
                assert gap.correct is expected, (a, b, c, line, equal)
                assert gap.to_json()["between"] == [b, c]


def test_a_between_names_three_different_cards() -> None:
    with pytest.raises(Refusal) as refused:
        verify_between_on_deck("brest", "lyon", "brest", Line.ROW, DECK)
    assert refused.value.code == "same-place"


# --------------------------------------------------------------------------- counts


ARM_DIRECTION = {
    Arm.NORTH: Direction.NORTH_OF,
    Arm.SOUTH: Direction.SOUTH_OF,
    Arm.WEST: Direction.WEST_OF,
    Arm.EAST: Direction.EAST_OF,
}
OPTIONS = st.builds(
    RuleOptions,
    equal_coordinates=st.sampled_from(EqualCoordinates),
    count_preceding=st.sampled_from(CountPreceding),
    closest_tie=st.sampled_from(ClosestTie),
    exact_tie=st.sampled_from(ExactTie),
)


@settings(max_examples=150, deadline=None)
@given(
    order=st.permutations([card.id for card in small_deck(places=16, pack_size=15).places]),
    arms=st.lists(st.sampled_from(list(Arm)), min_size=1, max_size=14),
    estimates=st.lists(st.integers(0, 4), min_size=3, max_size=3),
    options=OPTIONS,
)
def test_a_cross_counted_alone_is_counted_as_a_game_counts_it(order, arms, estimates, options):
    """The same cross laid in a game (card after card, each at the end of its arm) and counted
    by `game count`, and read off the table into count_cross: the same checks, the same set
    asides, the same winnings."""
    deck = small_deck(places=16, pack_size=15)
    game = new_game(physical(["Ana", "Ben", "Chloé"], deck, options, packs=1, pack_size=len(arms)))
    start, cards = order[0], order[1 : 1 + len(arms)]
    game, _ = game.play(Start(start))
    laid: dict[Arm, list[str]] = {arm: [] for arm in Arm}
    for number, (arm, card) in enumerate(zip(arms, cards, strict=True)):
        outermost = laid[arm][-1] if laid[arm] else start
        player = game.setup.players[number % 3]
        game, _ = game.play(Place(player, card, Slot.beside(ARM_DIRECTION[arm], outermost)))
        laid[arm].append(card)
    pairs = tuple(
        (player, min(estimate, len(arms) + 1))
        for player, estimate in zip(game.setup.players, estimates, strict=True)
    )
    game, counted = game.play(Count(pairs))
    alone = count_cross(deck, start, laid, options, pairs)
    assert [item.to_json() for item in alone.set_aside] == counted.to_json()["set_aside"]
    assert dict(alone.won) == dict(counted.won) and alone.exact == counted.exact
    assert alone.misplaced == counted.misplaced and alone.on_table == counted.on_table


def test_count_refuses_a_card_twice_and_an_estimate_beyond_the_table() -> None:
    with pytest.raises(Refusal) as twice:
        count_cross(DECK, "lyon", {Arm.NORTH: ["paris", "Paris"]})
    assert twice.value.reason is Said.CARD_TWICE
    with pytest.raises(Refusal) as high:
        count_cross(DECK, "lyon", {Arm.NORTH: ["paris"]}, estimates=[("Ana", 3)])
    assert high.value.code == "estimate-too-high"


def test_the_count_command_prints_a_short_table(tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(), encoding="utf-8")
    args = ["oucedonc", "count", "Lyon", "--north", "Paris,Marseille,Dijon", "--west", "brest",
            "--estimate", "Ana=1", "--estimate", "Ben=2", "--deck", str(deck)]  # fmt: skip
    said = pnp(*args, env={"COLUMNS": "80"})
    assert said.returncode == 0, said.stderr
    lines = said.stdout.splitlines()
    assert "count: cards set aside: 2 of 5" in lines
    assert any(line.split()[:3] == ["Marseille", "north", "43°18′"] for line in lines), lines
    assert any(line.split()[:4] == ["Ben", "2", "+2", "tokens"] for line in lines), lines
    assert "Ben found the number: 2 tokens from the supply" in lines
    assert max(map(len, lines)) <= 80 and len(lines) <= 14
    as_json = json.loads(pnp(*args, "--json").stdout)
    assert [item["card"]["name"] for item in as_json["set_aside"]] == ["Marseille", "Dijon"]
    assert as_json["won"] == {"Ana": 0, "Ben": 2}
    one_line_error(pnp("oucedonc", "count", "Lyon", "--north", "Paris,paris", "--deck", str(deck)),
                   "named twice")  # fmt: skip


# --------------------------------------------------------------------------- teams


def test_a_team_plays_as_one_player_its_members_named(tmp_path: Path) -> None:
    seats = moves.seats("Bleus = Ana + Ben, Chloé")
    game = moves.new_game(DECK, seats.players, RuleOptions(), start_card="Lyon", teams=seats.teams)
    assert game.setup.players == ("Bleus", "Chloé") and game.setup.teams == {
        "Bleus": ("Ana", "Ben")
    }
    game, placed = game.play(moves.place(game, "brest", Direction.WEST_OF, "lyon", None))
    assert placed.text == "Bleus placed Brest west of Lyon"
    # Ben is of the team that placed it
    with pytest.raises(Refusal, match="Bleus placed Brest and cannot doubt it"):
        game.play(moves.doubt(game, "ben", "lyon"))
    game, doubted = game.play(moves.doubt(game, "chloe", "lyon"))
    assert doubted.text.startswith("Chloé was wrong") and "pays 1 token to Bleus" in doubted.text
    seat = table_view(game).seats[0]
    assert (seat.tokens, table_view(game).seats[1].tokens) == (5, 3)
    assert (seat.name, seat.members) == ("Bleus", ("Ana", "Ben"))
    text = game_to_json(game)
    assert '"version": 3' in text and '"teams": {"Bleus": ["Ana", "Ben"]}' in text
    assert game_from_json(text).journal == game.journal
    alone = moves.new_game(DECK, ["Ana", "Chloé"], RuleOptions(), start_card="Lyon")
    assert '"version": 2' in game_to_json(alone) and '"teams"' not in game_to_json(alone)


@pytest.mark.parametrize(
    ("players", "code"),
    [("Bleus=Ana+Ana,Chloé", "same-player-names"), ("Bleus=Ana+Ben,Ana", "same-player-names"),
     ("Bleus=,Chloé", "empty-player-name"), ("Bleus=A+B+C+D+E+F+G+H+I,Chloé", "team-size")],
)  # fmt: skip
def test_teams_are_checked(players: str, code: str) -> None:
    seats = moves.seats(players)
    with pytest.raises(Refusal) as refused:
        moves.new_game(DECK, seats.players, RuleOptions(), teams=seats.teams)
    assert refused.value.code == code


def test_teams_from_the_command_line_to_the_count(tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(), encoding="utf-8")
    game = tmp_path / "partie.json"
    players = ["--players", "Bleus=Ana+Ben,Chloé", "--start", "Lyon", "--pack-size", "1"]
    said = pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), *players)
    assert "Bleus (Ana, Ben), Chloé" in said.stdout, said.stdout
    assert pnp("oucedonc", "game", "place", str(game), "paris", "n", "lyon").returncode == 0
    counted = pnp("oucedonc", "game", "count", str(game), "--estimate", "ana=0",
                  "--estimate", "chloe=1", "--json")  # fmt: skip
    assert json.loads(counted.stdout)["won"] == {"Bleus": 2, "Chloé": 0}
    shown = pnp("oucedonc", "game", "show", str(game), env={"COLUMNS": "100"}).stdout
    assert "Bleus (Ana, Ben)" in shown


# --------------------------------------------------------------------------- which side


def test_an_ambiguous_placement_asks_which_side_instead_of_guessing(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    game = moves.new_game(DECK, ["Ana", "Ben"], RuleOptions(), start_card="Lyon")
    game, _ = game.play(moves.place(game, "bordeaux", Direction.WEST_OF, "lyon", None))
    path.write_text(game_to_json(game), encoding="utf-8")
    with pytest.raises(Refusal) as refused:
        moves.place(game, "tours", Direction.WEST_OF, "lyon", None)
    assert refused.value.reason is Said.WHICH_SIDE
    assert refused.value.to_json()["data"]["choices"] == [
        {"move": "place", "player": "Ben", "card": CARD["Tours"].id,
         "between": [CARD["Bordeaux"].id, CARD["Lyon"].id]},
        {"move": "place", "player": "Ben", "card": CARD["Tours"].id,
         "west-of": CARD["Bordeaux"].id},
    ]  # fmt: skip
    before = path.read_bytes()
    one_line_error(pnp("oucedonc", "game", "place", str(path), "tours", "--west-of", "lyon"),
                   "--between Bordeaux Lyon")  # fmt: skip
    assert path.read_bytes() == before  # nothing played
    session = Session.open(path)
    asked = session.respond("tours o lyon")
    assert isinstance(asked, Asked) and asked.choices.said == (
        "between Bordeaux and Lyon",
        "west of Bordeaux",
    )
    played = session.respond("2")
    assert isinstance(played, Played) and played.said == "Ben placed Tours west of Bordeaux"
    names = [card.name for card in table_view(played.game).cross.row]  # type: ignore[union-attr]
    assert names == ["Tours", "Bordeaux", "Lyon"]
    # Another line instead of 1 or 2 is read as itself.
    asked = session.respond("nice o lyon")
    assert isinstance(asked, Asked)
    assert isinstance(session.respond("nice e lyon"), Played)


def test_doubting_the_card_just_placed_by_its_own_name(tmp_path: Path) -> None:
    """ "doute ana paris" when Paris is the card doubted: Paris against its one neighbour."""
    path = tmp_path / "partie.json"
    game = moves.new_game(DECK, ["Ana", "Ben"], RuleOptions(), start_card="Lyon")
    game, _ = game.play(moves.place(game, "paris", Direction.NORTH_OF, "lyon", None))
    path.write_text(game_to_json(game), encoding="utf-8")
    played = Session.open(path).respond("doute ben paris")
    assert isinstance(played, Played) and played.said.startswith("Ben was wrong: Paris")
