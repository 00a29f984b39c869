"""The game file: CLI round trips, illegal moves leave it byte for byte, broken files refused,
properties."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction, EqualCoordinates
from generator.games.oucedonc.count import walk
from generator.games.oucedonc.game import Count, Doubt, Phase, Place, deal
from generator.games.oucedonc.gamefile import Game, game_from_json, game_to_json, new_game
from generator.games.oucedonc.rules import CountPreceding, RuleOptions
from generator.games.oucedonc.table import Slot
from tests.conftest import one_line_error, pnp_process
from tests.referee_fixtures import deck_json, make_deck, pnp


@pytest.fixture()
def game_file(tmp_path: Path) -> Path:
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(pack_size=3), encoding="utf-8")
    path = tmp_path / "partie.json"
    result = pnp(
        "oucedonc",
        "game",
        "new",
        str(path),
        "--deck",
        str(deck),
        "--players",
        "Ana,Ben,Chloé",
        "--deal",
        "--seed",
        "4",
    )
    assert result.returncode == 0, result.stderr
    return path


def loaded(path: Path) -> Game:
    return game_from_json(path.read_text(encoding="utf-8"))


def test_cli_round_trip_place_doubt_count_show_undo(game_file: Path) -> None:
    game = loaded(game_file)
    setup = game.setup
    names = setup.names()
    start_card = names[game.state.table.start]
    first = names[game.state.drawn(setup)]
    result = pnp_process(
        "oucedonc", "game", "place", str(game_file), first.lower(), "--north-of", start_card
    )
    assert result.returncode == 0, result.stderr
    assert (
        f"Ana placed {first} north of {start_card}" in result.stdout
        and "Ben's turn" in result.stdout
    )
    after_place = game_file.read_bytes()

    result = pnp(
        "oucedonc", "game", "doubt", str(game_file), "--by", "chloe", "--neighbour", start_card
    )
    assert result.returncode == 0, result.stderr
    state = loaded(game_file).state
    assert ("Chloé was right" in result.stdout) == (state.tokens == (3, 4, 5))
    assert ("Chloé was wrong" in result.stdout) == (state.tokens == (5, 4, 3))

    result = pnp_process("oucedonc", "game", "show", str(game_file))
    assert result.returncode == 0 and "Ana" in result.stdout and "Ben's turn" in result.stdout
    assert f"[{start_card} " in result.stdout and "cards left" in result.stdout

    result = pnp("oucedonc", "game", "undo", str(game_file))
    assert result.returncode == 0 and "undone" in result.stdout
    assert game_file.read_bytes() == after_place


def test_cli_plays_a_whole_game_to_the_winner(game_file: Path) -> None:
    while True:
        game = loaded(game_file)
        state, setup = game.state, game.setup
        phase = state.phase(setup)
        if phase is Phase.OVER:
            break
        if phase is Phase.PLAY:
            result = pnp(
                "oucedonc",
                "game",
                "place",
                str(game_file),
                state.drawn(setup),
                "--east-of",
                state.table.row[-1],
            )
        else:
            misplaced = len(
                walk(
                    state.table, setup.units, EqualCoordinates.WELL_PLACED, CountPreceding.ON_TABLE
                ).set_aside
            )
            result = pnp(
                "oucedonc",
                "game",
                "count",
                str(game_file),
                "--estimate",
                f"Ana={misplaced}",
                "--estimate",
                f"ben={misplaced + 1}",
                "--estimate",
                f"Chloé={len(state.table.cards())}",
            )
        assert result.returncode == 0, result.stderr
    assert "game over: Ana wins with 10 tokens" in result.stdout  # exact three times: 4 + 3 × 2
    one_line_error(
        pnp("oucedonc", "game", "place", str(game_file), "Paris", "--north-of", "Lyon"),
        "game is over",
    )


def test_illegal_moves_leave_the_file_byte_identical(game_file: Path) -> None:
    game = loaded(game_file)
    names = game.setup.names()
    start_card = names[game.state.table.start]
    drawn = names[game.state.drawn(game.setup)]
    other = next(c.name for c in game.setup.deck.places if c.name not in (drawn, start_card))
    before = game_file.read_bytes()
    cases = [
        (("place", other, "--north-of", start_card), "is not the card Ana drew"),
        (("place", start_card, "--north-of", start_card), "already on the table"),
        (("place", drawn, "--north-of", other), "not on the table"),
        (("place", drawn, "--north-of", start_card, "--west-of", start_card), "exactly one of"),
        (("place", drawn), "exactly one of"),
        (("place", "Atlantis", "--north-of", start_card), "unknown card 'Atlantis'"),
        (("doubt", "--by", "Ben", "--neighbour", start_card), "no card is open to doubt"),
        (
            ("count", "--estimate", "Ana=1", "--estimate", "Ben=1", "--estimate", "Chloé=1"),
            "no count is due",
        ),
        (("undo",), "nothing to undo"),
    ]
    for args, fragment in cases:
        one_line_error(pnp("oucedonc", "game", args[0], str(game_file), *args[1:]), fragment)
        assert game_file.read_bytes() == before
    assert (
        pnp("oucedonc", "game", "place", str(game_file), drawn, "--south-of", start_card).returncode
        == 0
    )
    before = game_file.read_bytes()
    for args, fragment in [
        (("doubt", "--by", "Ana", "--neighbour", start_card), "cannot doubt it"),
        (("doubt", "--by", "Zoé", "--neighbour", start_card), "unknown player 'Zoé'"),
        (("doubt", "--by", "Ben", "--neighbour", other), "is not next to"),
        (
            ("count", "--estimate", "Ana=x"),
            "no count is due",
        ),  # the phase first, then the estimates
    ]:
        one_line_error(pnp("oucedonc", "game", args[0], str(game_file), *args[1:]), fragment)
        assert game_file.read_bytes() == before


def test_new_refuses_to_overwrite_and_rejects_bad_setups(game_file: Path, tmp_path: Path) -> None:
    before = game_file.read_bytes()
    deck = tmp_path / "deck.json"
    one_line_error(
        pnp("oucedonc", "game", "new", str(game_file), "--deck", str(deck), "--players", "A,B"),
        "--force",
    )
    assert game_file.read_bytes() == before
    target = tmp_path / "other.json"
    one_line_error(
        pnp("oucedonc", "game", "new", str(target), "--deck", str(deck), "--players", "Ana"),
        "2 to 8 players",
    )
    one_line_error(
        pnp(
            "oucedonc",
            "game",
            "new",
            str(target),
            "--deck",
            str(deck),
            "--players",
            "A,B",
            "--closest-tie",
            "x",
        ),
        "all, none",
    )
    assert not target.exists() and sorted(p.name for p in tmp_path.iterdir()) == [
        "deck.json",
        "partie.json",
    ]


def test_same_seed_same_file_and_options_recorded(tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(), encoding="utf-8")
    paths = [tmp_path / f"g{i}.json" for i in range(2)]
    for path in paths:
        result = pnp(
            "oucedonc",
            "game",
            "new",
            str(path),
            "--deck",
            str(deck),
            "--players",
            "Ana,Ben",
            "--deal",
            "--seed",
            "9",
            "--count-preceding",
            "original",
            "--tokens",
            "6",
            "--exact-tie",
            "everyone",
        )
        assert result.returncode == 0, result.stderr
    assert paths[0].read_bytes() == paths[1].read_bytes()
    document = json.loads(paths[0].read_text(encoding="utf-8"))
    assert (
        document["schema"] == "pnp.oucedonc.game"
        and document["version"] == 2
        and document["mode"] == "deal"
        and document["seed"] == 9
    )
    assert (
        document["options"]["count_preceding"] == "original"
        and document["options"]["starting_tokens"] == 6
    )
    assert document["options"]["exact_tie"] == "everyone"
    one_line_error(
        pnp(
            "oucedonc",
            "game",
            "new",
            str(tmp_path / "x.json"),
            "--deck",
            str(deck),
            "--players",
            "Ana,Ben",
            "--exact-tie",
            "some",
        ),
        "choose one of each, everyone",
    )
    # A file written before the option existed has no exact_tie: it plays with the default.
    del document["options"]["exact_tie"]
    assert game_from_json(json.dumps(document)).setup.options.exact_tie.value == "each"
    assert document["journal"] == [] and len(document["deck"]["cards"]) == 54


# --------------------------------------------------------------------------- broken files


def base_text() -> str:
    setup = deal(["Ana", "Ben"], make_deck(pack_size=3), 2, RuleOptions(), packs=3, pack_size=3)
    game = new_game(setup)
    game, _ = game.play(
        Place("Ana", setup.pile[0], Slot.beside(Direction.NORTH_OF, setup.reserve[0]))
    )
    return game_to_json(game)


def edited(change) -> str:
    document = json.loads(base_text())
    change(document)
    return json.dumps(document, ensure_ascii=False)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('{"schema": "pnp.oucedonc.game", ', "not valid JSON"),
        ("[1, 2]", "not an Oucédonc game file"),
        (edited(lambda d: d.update(version=4)), "newer than this pnp reads (3); upgrade pnp"),
        (edited(lambda d: d.update(version="1")), "invalid version"),
        (edited(lambda d: d.pop("journal")), "no 'journal' field"),
        (edited(lambda d: d.update(colour="red")), "unknown field 'colour'"),
        (edited(lambda d: d["journal"][0].update(card="P99")), "move 1: unknown card 'P99'"),
        (
            edited(lambda d: d["journal"][0].update(card=d["deck"]["cards"][20]["id"])),
            "move 1 (place) is illegal",
        ),
        (edited(lambda d: d["journal"][0].update(player="Ben")), "it is Ana's turn"),
        (edited(lambda d: d["journal"].append({"move": "jump"})), "unknown kind 'jump'"),
        (
            edited(lambda d: d["journal"].append({"move": "count", "estimates": {"Ana": "2"}})),
            "whole number",
        ),
        (edited(lambda d: d["options"].update(closest_tie="some")), "choose one of all, none"),
        (edited(lambda d: d["options"].update(house_rule=1)), "unknown rule option 'house_rule'"),
        (edited(lambda d: d["deck"].update(version=7)), "deck format version 7"),
        (
            edited(lambda d: d["deck"]["cards"][0].update(lat_units=0)),
            "printed text that does not match",
        ),
        (edited(lambda d: d.update(players=["Ana"])), "2 to 8 players"),
        (edited(lambda d: d.update(seed=None)), "'seed' must be a whole number"),
        (
            edited(lambda d: d["journal"][0].update(player=5)),
            "move 1: 'player' must be a player name, not 5",
        ),
        (
            edited(lambda d: d["journal"][0].update(card=5)),
            "move 1: 'card' must be a card id or name, not 5",
        ),
    ],
)
def test_corrupted_hand_broken_or_newer_files_are_refused(text: str, fragment: str) -> None:
    with pytest.raises(Refusal) as info:
        game_from_json(text, source="partie.json")
    assert fragment in str(info.value)


def test_a_hand_edited_but_legal_journal_is_accepted_with_names_as_typed() -> None:
    document = json.loads(base_text())
    setup = game_from_json(base_text()).setup
    names = setup.names()
    document["journal"].append(
        {
            "move": "doubt",
            "by": "ben",
            "card": names[setup.pile[0]].upper(),
            "neighbour": names[setup.reserve[0]],
        }
    )
    game = game_from_json(json.dumps(document, ensure_ascii=False))
    assert len(game.journal) == 2 and game.state.pending is None
    # Written back, the hand-typed names become the canonical ids and player names.
    assert game.journal[-1] == Doubt(by="Ben", card=setup.pile[0], neighbour=setup.reserve[0])


def test_cli_refuses_a_corrupted_file_without_touching_it(tmp_path: Path) -> None:
    path = tmp_path / "partie.json"
    path.write_text(base_text()[:-40], encoding="utf-8")
    before = path.read_bytes()
    one_line_error(pnp("oucedonc", "game", "show", str(path)), "not valid JSON")
    one_line_error(pnp("oucedonc", "game", "undo", str(path)), "not valid JSON")
    assert path.read_bytes() == before
    newer = tmp_path / "newer.json"
    newer.write_text(edited(lambda d: d.update(version=4)), encoding="utf-8")
    one_line_error(pnp("oucedonc", "game", "show", str(newer)), "upgrade pnp")


# --------------------------------------------------------------------------- properties


def legal_moves(game: Game) -> list:
    """Every legal move from this position (placements in every slot, doubts, one count)."""
    setup, state = game.setup, game.state
    phase = state.phase(setup)
    moves: list = []
    if phase is Phase.OVER:
        return moves
    if state.pending is not None:
        placer = state.pending.player
        for index, player in enumerate(setup.players):
            if index != placer:
                moves += [
                    Doubt(player, state.pending.card, n)
                    for n in state.table.neighbours(state.pending.card)
                ]
    if phase is Phase.PLAY:
        player, card, table = setup.players[state.turn], state.drawn(setup), state.table
        for anchor in table.column:
            moves += [
                Place(player, card, Slot.beside(d, anchor))
                for d in (Direction.NORTH_OF, Direction.SOUTH_OF)
            ]
        for anchor in table.row:
            moves += [
                Place(player, card, Slot.beside(d, anchor))
                for d in (Direction.WEST_OF, Direction.EAST_OF)
            ]
        for line in (table.column, table.row):
            moves += [Place(player, card, Slot.between(a, b)) for a, b in itertools.pairwise(line)]
    else:
        moves.append(
            Count(
                tuple(
                    (p, min(i, len(game.state.table.cards()))) for i, p in enumerate(setup.players)
                )
            )
        )
    return moves


SETUPS = {
    tokens: deal(
        ["Ana", "Ben", "Chloé"],
        make_deck(pack_size=5),
        3,
        RuleOptions(starting_tokens=tokens),
        packs=3,
        pack_size=5,
    )
    for tokens in (0, 1, 4)
}


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tokens=st.sampled_from(sorted(SETUPS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30),
)
def test_random_games_keep_the_invariants(tokens: int, choices: list[int]) -> None:
    game = new_game(SETUPS[tokens])
    for choice in choices:
        moves = legal_moves(game)
        if not moves:
            break
        move = moves[choice % len(moves)]
        before_text = game_to_json(game)
        before = game.state
        after, _ = game.play(move)
        if isinstance(move, Doubt):
            # Doubts move tokens between players: none created, none lost, one player −1 and one +1
            # at most.
            assert sum(after.state.tokens) == sum(before.tokens)
            changes = sorted(a - b for a, b in zip(after.state.tokens, before.tokens, strict=True))
            assert changes in ([0, 0, 0], [-1, 0, 1])
            assert all(t >= 0 for t in after.state.tokens)
        if isinstance(move, Count):
            record = after.state.counts[-1]
            # A count never sets aside the start card, and every card of the table is checked once.
            assert before.table.start not in record.walk.set_aside
            assert sorted(c.card for c in record.walk.checks) == sorted(
                c for c in before.table.cards() if c != before.table.start
            )
            assert sum(after.state.tokens) - sum(before.tokens) == sum(record.rewards.won.values())
        # Undo restores the previous file exactly.
        undone, dropped = after.undo()
        assert dropped == move and game_to_json(undone) == before_text
        game = after
    # The file replays to the same state.
    assert game_from_json(game_to_json(game)).state == game.state


def test_missing_files_are_one_line_errors(tmp_path: Path) -> None:
    one_line_error(pnp("oucedonc", "game", "show", str(tmp_path / "nope.json")), "does not exist")
    one_line_error(pnp("oucedonc", "game", "show", str(tmp_path)), "is a folder")
    one_line_error(
        pnp(
            "oucedonc",
            "game",
            "new",
            str(tmp_path / "g.json"),
            "--deck",
            str(tmp_path / "deck.json"),
            "--players",
            "A,B",
        ),
        "does not exist",
    )
    assert list(tmp_path.iterdir()) == []


@settings(max_examples=150, deadline=None)
@given(
    arms=st.lists(
        st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), max_size=6),
        min_size=4,
        max_size=4,
    ),
    equal=st.sampled_from(list(EqualCoordinates)),
    preceding=st.sampled_from(list(CountPreceding)),
)
def test_a_count_never_sets_aside_the_start_card_and_leaves_each_arm_in_order(
    arms, equal, preceding
) -> None:
    """Random crosses with many equal coordinates: the walk checks every card once, never the start;
    with the default reading, the cards it keeps on each arm are in order outward from the start."""
    from generator.games.oucedonc.compare import is_placed_correctly
    from generator.games.oucedonc.table import Arm, Table

    coordinates = {"start": (0, 0)}
    names = {
        arm: [f"{arm.value}{i}" for i in range(len(cards))]
        for arm, cards in zip(Arm, arms, strict=True)
    }
    for arm, cards in zip(Arm, arms, strict=True):
        coordinates.update(zip(names[arm], cards, strict=True))
    table = Table(
        start="start",
        column=(*reversed(names[Arm.NORTH]), "start", *names[Arm.SOUTH]),
        row=(*reversed(names[Arm.WEST]), "start", *names[Arm.EAST]),
    )
    units = lambda card, axis: coordinates[card][0 if axis == "lat" else 1]  # noqa: E731
    walked = walk(table, units, equal, preceding)
    assert "start" not in walked.set_aside
    assert sorted(c.card for c in walked.checks) == sorted(c for c in coordinates if c != "start")
    if preceding is CountPreceding.ON_TABLE:
        for arm in Arm:
            kept = ["start", *(c for c in table.arm(arm) if c not in walked.set_aside)]
            for inner, outer in itertools.pairwise(kept):
                direction = arm.outward
                assert is_placed_correctly(
                    units(outer, direction.axis), units(inner, direction.axis), direction, equal
                )


def test_show_json_and_history(game_file: Path) -> None:
    game = loaded(game_file)
    setup = game.setup
    drawn, start_card = game.state.drawn(setup), game.state.table.start
    assert (
        pnp("oucedonc", "game", "place", str(game_file), drawn, "--west-of", start_card).returncode
        == 0
    )
    result = pnp("oucedonc", "game", "show", str(game_file), "--json")
    assert result.returncode == 0, result.stderr
    position = json.loads(result.stdout)
    assert (
        position["phase"] == "play"
        and position["turn"] == "Ben"
        and position["open_to_doubt"] == drawn
    )
    assert [c["id"] for c in position["row"]] == [drawn, start_card] and position["tokens"] == {
        "Ana": 4,
        "Ben": 4,
        "Chloé": 4,
    }
    assert position["cards_left"] == 8 and position["moves"] == 1
    shown = pnp("oucedonc", "game", "show", str(game_file))
    assert (
        "last moves:" in shown.stdout
        and f"Ana placed {setup.names()[drawn]} west of" in shown.stdout
    )


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        (
            "lat_units",
            "abc",
            "card 1, lat_units: should be a whole number from −1,000,000,000 to 1,000,000,000, "
            'not "abc"',
        ),
        (
            "lon_units",
            1.5,
            "card 1, lon_units: should be a whole number from −1,000,000,000 to 1,000,000,000, "
            "not 1.5",
        ),
        (
            "name",
            None,
            "card 1, name: should be a text of 1 to 200 characters without control characters, "
            "not null",
        ),
        ("name", "  ", "has no name"),
        (
            "id",
            ["P01"],
            "card 1, id: should be a text of 1 to 16 letters, digits, '-' or '_', not [\"P01\"]",
        ),
        ("tokens_each", "many", 'tokens_each: should be a whole number from 1 to 99, not "many"'),
        ("tokens_each", -4, "tokens_each: should be a whole number from 1 to 99, not -4"),
    ],
)
def test_a_hand_broken_deck_file_is_one_line_and_no_game_file(
    tmp_path: Path, field: str, value: object, fragment: str
) -> None:
    document = json.loads(deck_json(pack_size=3))
    if field == "tokens_each":
        document["params"]["tokens_each"] = value
    else:
        document["cards"][0][field] = value
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(document), encoding="utf-8")
    game = tmp_path / "partie.json"
    one_line_error(
        pnp("oucedonc", "game", "new", str(game), "--deck", str(deck), "--players", "Ana,Ben"),
        fragment,
    )
    one_line_error(
        pnp("oucedonc", "verify", "P02", "north-of", "P03", "--deck", str(deck)), fragment
    )
    assert not game.exists()


def test_placing_when_no_card_can_be_placed_says_why_before_looking_at_the_names(
    tmp_path: Path,
) -> None:
    setup = deal(["Ana", "Ben"], make_deck(), 1, RuleOptions(), packs=1, pack_size=1)
    game, _ = new_game(setup).play(
        Place("Ana", setup.pile[0], Slot.beside(Direction.NORTH_OF, setup.reserve[0]))
    )
    path = tmp_path / "partie.json"
    path.write_text(game_to_json(game), encoding="utf-8")
    one_line_error(
        pnp("oucedonc", "game", "place", str(path), "Atlantis", "--north-of", "Typo"),
        "a count is due",
    )
    for typed, fragment in (
        ("Ana=x", "not a whole number"),
        ("Ana", "not PLAYER=NUMBER"),
        ("=2", "not PLAYER=NUMBER"),
    ):
        one_line_error(
            pnp("oucedonc", "game", "count", str(path), "--estimate", typed, "--estimate", "Ben=1"),
            fragment,
        )
    assert (
        pnp(
            "oucedonc", "game", "count", str(path), "--estimate", "Ana=0", "--estimate", "Ben=1"
        ).returncode
        == 0
    )
    before = path.read_bytes()
    one_line_error(
        pnp("oucedonc", "game", "place", str(path), "Atlantis", "--north-of", "Typo"),
        "the game is over",
    )
    one_line_error(
        pnp("oucedonc", "game", "count", str(path), "--estimate", "Zoé=x"), "the game is over"
    )
    assert path.read_bytes() == before
