"""Whole Oucédonc games played through the rules engine: placements, doubts, counts, packs, the
end."""

from __future__ import annotations

import pytest

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction, EqualCoordinates
from generator.games.oucedonc.count import walk
from generator.games.oucedonc.game import (
    Count,
    Doubt,
    Phase,
    Place,
    Setup,
    apply,
    deal,
    replay,
    start,
)
from generator.games.oucedonc.gamefile import game_from_json, game_to_json, new_game
from generator.games.oucedonc.refusals import Why
from generator.games.oucedonc.rules import (
    BrokePayer,
    ClosestTie,
    CountPreceding,
    ExactTie,
    RuleOptions,
)
from generator.games.oucedonc.table import Arm, Slot, Table
from tests.referee_fixtures import make_deck

DECK = make_deck()
ID = {card.name: card.id for card in DECK.places}
NAME = {card.id: card.name for card in DECK.places}
N, S, E, W = Direction.NORTH_OF, Direction.SOUTH_OF, Direction.EAST_OF, Direction.WEST_OF


def scripted(
    pile: list[str],
    reserve: list[str],
    options: RuleOptions = RuleOptions(),
    players: tuple[str, ...] = ("Ana", "Ben", "Chloé"),
    packs: int = 1,
) -> Setup:
    """A setup whose draw pile is given by name ("Intermède" for an Intermède card)."""
    ids = []
    intermedes = iter(["I1", "I2"])
    for name in pile:
        ids.append(next(intermedes) if name == "Intermède" else ID[name])
    return Setup(
        players=players,
        deck=DECK,
        seed=0,
        options=options,
        packs=packs,
        pack_size=sum(1 for n in pile if n != "Intermède") // packs,
        pile=tuple(ids),
        reserve=tuple(ID[name] for name in reserve),
    )


def beside(player: str, card: str, direction: Direction, anchor: str) -> Place:
    return Place(player=player, card=ID[card], slot=Slot.beside(direction, ID[anchor]))


def doubt(by: str, card: str, neighbour: str) -> Doubt:
    return Doubt(by=by, card=ID[card], neighbour=ID[neighbour])


def count(**estimates: int) -> Count:
    return Count(estimates=tuple(estimates.items()))


def play(setup: Setup, moves: list) -> tuple:
    state = start(setup)
    messages = []
    for move in moves:
        state, message = apply(setup, state, move)
        messages.append(message.text)
    return state, messages


def names(cards: tuple[str, ...]) -> list[str]:
    return [NAME[c] for c in cards]


# --------------------------------------------------------------------------- the four arms

# Start card Lyon; each arm gets a well-placed card, then a misplaced one, then an outer card that
# is well placed against the misplaced card but not against the nearest card still on the table.
FOUR_ARMS = [
    ("Paris", N, "Lyon"),
    ("Marseille", N, "Paris"),
    ("Dijon", N, "Marseille"),  # north arm
    ("Nice", S, "Lyon"),
    ("Lille", S, "Nice"),
    ("Limoges", S, "Lille"),  # south arm
    ("Bordeaux", W, "Lyon"),
    ("Strasbourg", W, "Bordeaux"),
    ("Reims", W, "Strasbourg"),  # west arm
    ("Grenoble", E, "Lyon"),
    ("Rennes", E, "Grenoble"),
    ("Poitiers", E, "Rennes"),  # east arm
]
PLAYERS = ("Ana", "Ben", "Chloé")


def four_arm_game(options: RuleOptions = RuleOptions()) -> tuple[Setup, list]:
    setup = scripted([card for card, _, _ in FOUR_ARMS], ["Lyon", "Caen"], options)
    moves = [
        beside(PLAYERS[i % 3], card, d, anchor) for i, (card, d, anchor) in enumerate(FOUR_ARMS)
    ]
    return setup, moves


def test_the_cross_is_laid_out_north_to_south_and_west_to_east() -> None:
    setup, moves = four_arm_game()
    state, _ = play(setup, moves)
    assert names(state.table.column) == [
        "Dijon",
        "Marseille",
        "Paris",
        "Lyon",
        "Nice",
        "Lille",
        "Limoges",
    ]
    assert names(state.table.row) == [
        "Reims",
        "Strasbourg",
        "Bordeaux",
        "Lyon",
        "Grenoble",
        "Rennes",
        "Poitiers",
    ]
    assert names(state.table.arm(Arm.NORTH)) == ["Paris", "Marseille", "Dijon"]
    assert names(state.table.arm(Arm.WEST)) == ["Bordeaux", "Strasbourg", "Reims"]
    assert state.phase(setup) is Phase.FINAL_COUNT  # one pack, used up: the final count is due


def test_count_sets_aside_cards_on_all_four_arms_against_the_nearest_card_still_on_the_table() -> (
    None
):
    setup, moves = four_arm_game()
    state, _ = play(setup, moves)
    walked = walk(state.table, setup.units, EqualCoordinates.WELL_PLACED, CountPreceding.ON_TABLE)
    # Marseille is south of Paris; Dijon is north of Marseille but south of Paris (still on the
    # table).
    assert names(walked.set_aside) == [
        "Marseille",
        "Dijon",
        "Lille",
        "Limoges",
        "Strasbourg",
        "Reims",
        "Rennes",
        "Poitiers",
    ]
    assert {check.arm for check in walked.checks if check.set_aside} == set(Arm)
    against = {NAME[c.card]: NAME[c.against] for c in walked.checks}
    assert (
        against["Dijon"] == "Paris"
        and against["Paris"] == "Lyon"
        and against["Reims"] == "Bordeaux"
    )


def test_count_option_original_neighbour_compares_with_the_card_as_laid() -> None:
    setup, moves = four_arm_game()
    state, _ = play(setup, moves)
    walked = walk(state.table, setup.units, EqualCoordinates.WELL_PLACED, CountPreceding.ORIGINAL)
    # Dijon is north of Marseille, Limoges south of Lille, Reims west of Strasbourg, Poitiers east
    # of Rennes.
    assert names(walked.set_aside) == ["Marseille", "Lille", "Strasbourg", "Rennes"]
    against = {NAME[c.card]: NAME[c.against] for c in walked.checks}
    assert against["Dijon"] == "Marseille"


def test_final_count_rewards_exact_estimates_and_ends_the_game() -> None:
    setup, moves = four_arm_game()
    state, messages = play(setup, [*moves, count(Ana=8, Ben=8, Chloé=3)])
    assert state.over and state.phase(setup) is Phase.OVER and state.table is None
    # 4 each, no doubts; Ana and Ben both exact: "En cas d'égalité, tous les joueurs gagnent 2
    # jetons".
    assert state.tokens == (6, 6, 4)
    assert state.winners(setup) == ("Ana", "Ben")
    assert "final count: cards set aside: 8 of 13" in messages[-1]
    assert "Ana and Ben found the number: 2 tokens each from the supply" in messages[-1]
    with pytest.raises(Refusal, match="game is over"):
        apply(setup, state, beside("Ana", "Tours", N, "Lyon"))


@pytest.mark.parametrize(
    "estimates, exact_tie, expected, said",
    [
        (
            {"Ana": 8, "Ben": 8, "Chloé": 3},
            ExactTie.EACH,
            (6, 6, 4),
            "Ana and Ben found the number: 2 tokens each",
        ),
        (
            {"Ana": 8, "Ben": 8, "Chloé": 3},
            ExactTie.EVERYONE,
            (6, 6, 6),
            "Ana and Ben found the number: a tie, so every player wins 2 tokens",
        ),
        (
            {"Ana": 8, "Ben": 1, "Chloé": 3},
            ExactTie.EVERYONE,
            (6, 4, 4),
            "Ana found the number: 2 tokens from the supply",
        ),  # no tie: one winner
    ],
)
def test_exact_tie_option(
    estimates: dict[str, int], exact_tie: ExactTie, expected: tuple[int, ...], said: str
) -> None:
    """« En cas d'égalité, tous les joueurs gagnent 2 jetons »: the exact players (default) or
    everyone."""
    setup, moves = four_arm_game(RuleOptions(exact_tie=exact_tie))
    state, messages = play(setup, [*moves, count(**estimates)])
    assert state.tokens == expected and said in messages[-1]


@pytest.mark.parametrize(
    "tie, expected",
    [(ClosestTie.ALL, (5, 5, 4)), (ClosestTie.NONE, (4, 4, 4))],
)
def test_closest_estimates_tied(tie: ClosestTie, expected: tuple[int, ...]) -> None:
    setup, moves = four_arm_game(RuleOptions(closest_tie=tie))
    state, _ = play(setup, [*moves, count(Ana=7, Ben=9, Chloé=0)])
    assert state.tokens == expected


def test_a_single_closest_estimate_wins_one_token_under_both_tie_options() -> None:
    for tie in ClosestTie:
        setup, moves = four_arm_game(RuleOptions(closest_tie=tie))
        state, _ = play(setup, [*moves, count(Ana=6, Ben=9, Chloé=0)])
        assert state.tokens == (4, 5, 4)


def test_count_needs_every_players_estimate_once() -> None:
    setup, moves = four_arm_game()
    state, _ = play(setup, moves)
    with pytest.raises(Refusal, match="no estimate from Chloé"):
        apply(setup, state, count(Ana=1, Ben=2))
    with pytest.raises(Refusal, match="unknown player 'Zoé'"):
        apply(setup, state, count(Ana=1, Ben=2, Chloé=0, Zoé=3))
    with pytest.raises(Refusal, match="0 or more"):
        apply(setup, state, count(Ana=-1, Ben=2, Chloé=0))
    with pytest.raises(Refusal, match="two estimates"):
        apply(setup, state, Count(estimates=(("Ana", 1), ("ana", 2), ("Ben", 0), ("Chloé", 0))))


# --------------------------------------------------------------------------- doubts


def test_a_right_doubt_takes_a_token_and_removes_the_card() -> None:
    setup = scripted(["Marseille", "Paris"], ["Lyon"])
    state, messages = play(
        setup, [beside("Ana", "Marseille", N, "Lyon"), doubt("Ben", "Marseille", "Lyon")]
    )
    assert state.tokens == (3, 5, 4)
    assert names(state.table.cards()) == ["Lyon"] and ID["Marseille"] in state.out_of_play
    assert messages[-1].startswith(
        "Ben was right: Marseille (43°18′ N) is not north of Lyon (45°46′ N)"
    )
    assert state.turn == 1  # a doubt does not change whose turn it is


def test_a_wrong_doubt_gives_a_token_and_the_card_stays() -> None:
    setup = scripted(["Paris", "Marseille"], ["Lyon"])
    state, messages = play(
        setup, [beside("Ana", "Paris", N, "Lyon"), doubt("Chloé", "Paris", "Lyon")]
    )
    assert state.tokens == (5, 4, 3)
    assert names(state.table.column) == ["Paris", "Lyon"]
    assert "Chloé was wrong" in messages[-1]


def test_only_the_two_compared_cards_matter() -> None:
    # Lille goes between Paris and Lyon: south of Paris is wrong, north of Lyon is right.
    setup = scripted(["Paris", "Lille", "Nice"], ["Lyon"])
    base = [
        beside("Ana", "Paris", N, "Lyon"),
        Place("Ben", ID["Lille"], Slot.between(ID["Paris"], ID["Lyon"])),
    ]
    right, _ = play(setup, [*base, doubt("Chloé", "Lille", "Paris")])
    wrong, _ = play(setup, [*base, doubt("Chloé", "Lille", "Lyon")])
    assert right.tokens == (4, 3, 5) and ID["Lille"] not in right.table
    assert wrong.tokens == (4, 5, 3) and ID["Lille"] in wrong.table


@pytest.mark.parametrize(
    "equal, doubter_right",
    [(EqualCoordinates.WELL_PLACED, False), (EqualCoordinates.MISPLACED, True)],
)
def test_equal_printed_coordinates(equal: EqualCoordinates, doubter_right: bool) -> None:
    # Colomiers and Montpellier both print 43°37′ N.
    setup = scripted(["Colomiers", "Paris"], ["Montpellier"], RuleOptions(equal_coordinates=equal))
    state, message = play(
        setup,
        [beside("Ana", "Colomiers", N, "Montpellier"), doubt("Ben", "Colomiers", "Montpellier")],
    )
    assert (state.tokens == (3, 5, 4)) is doubter_right
    assert "same printed latitude (43°37′ N)" in message[-1]


@pytest.mark.parametrize(
    "broke, expected, said",
    [
        (BrokePayer.NOTHING, (0, 0, 0), "Ana has no token to give Ben;"),
        (BrokePayer.BANK, (0, 1, 0), "Ana has no token left, so the reserve gives 1 to Ben;"),
    ],
)
def test_a_player_without_tokens(broke: BrokePayer, expected: tuple[int, ...], said: str) -> None:
    setup = scripted(
        ["Marseille", "Paris"], ["Lyon"], RuleOptions(broke_payer=broke, starting_tokens=0)
    )
    state, messages = play(
        setup, [beside("Ana", "Marseille", N, "Lyon"), doubt("Ben", "Marseille", "Lyon")]
    )
    assert state.tokens == expected and said in messages[-1]


def test_illegal_doubts() -> None:
    setup = scripted(["Paris", "Marseille", "Nice"], ["Lyon"])
    with pytest.raises(Refusal, match="no card is open to doubt"):
        apply(setup, start(setup), doubt("Ben", "Lyon", "Lyon"))
    state, _ = play(setup, [beside("Ana", "Paris", N, "Lyon")])
    with pytest.raises(Refusal, match="Ana placed Paris and cannot doubt it"):
        apply(setup, state, doubt("Ana", "Paris", "Lyon"))
    with pytest.raises(Refusal, match="unknown player 'Zoé'"):
        apply(setup, state, doubt("Zoé", "Paris", "Lyon"))
    state, _ = play(
        setup, [beside("Ana", "Paris", N, "Lyon"), beside("Ben", "Marseille", S, "Lyon")]
    )
    with pytest.raises(Refusal, match="only the card just placed \\(Marseille\\)"):
        apply(
            setup, state, doubt("Chloé", "Paris", "Lyon")
        )  # a doubt after the next card was placed
    with pytest.raises(Refusal, match="Paris is not next to Marseille; its neighbour is Lyon"):
        apply(setup, state, doubt("Chloé", "Marseille", "Paris"))
    state, _ = apply(setup, state, doubt("Chloé", "Marseille", "Lyon"))
    with pytest.raises(Refusal, match="no card is open to doubt"):
        apply(setup, state, doubt("Ana", "Marseille", "Lyon"))  # one doubt per card


# --------------------------------------------------------------------------- placements


def test_illegal_placements() -> None:
    setup = scripted(["Paris", "Marseille", "Nice", "Brest"], ["Lyon"])
    state, _ = play(setup, [beside("Ana", "Paris", N, "Lyon")])
    with pytest.raises(Refusal, match="it is Ben's turn, not Ana's"):
        apply(setup, state, beside("Ana", "Marseille", S, "Lyon"))
    with pytest.raises(Refusal, match="Paris is already on the table; Ben drew Marseille"):
        apply(setup, state, beside("Ben", "Paris", S, "Lyon"))
    with pytest.raises(Refusal, match="Nice is not the card Ben drew"):
        apply(setup, state, beside("Ben", "Nice", S, "Lyon"))
    with pytest.raises(Refusal, match="Brest is not on the table"):
        apply(setup, state, beside("Ben", "Marseille", S, "Brest"))
    with pytest.raises(
        Refusal, match="Paris is on the north–south column, so nothing can go east of Paris"
    ):
        apply(setup, state, beside("Ben", "Marseille", E, "Paris"))
    state, _ = play(
        setup, [beside("Ana", "Paris", N, "Lyon"), beside("Ben", "Marseille", W, "Lyon")]
    )
    with pytest.raises(Refusal, match="Paris and Marseille are not adjacent on one line"):
        apply(setup, state, Place("Chloé", ID["Nice"], Slot.between(ID["Paris"], ID["Marseille"])))
    # North of Lyon when Paris is already there: the card goes between Lyon and Paris.
    state, _ = apply(setup, state, beside("Chloé", "Nice", N, "Lyon"))
    assert names(state.table.column) == ["Paris", "Nice", "Lyon"]


def test_a_removed_card_closes_the_gap() -> None:
    table = (
        Table.with_start("L")
        .place("A", Slot.beside(N, "L"), {})
        .place("B", Slot.beside(N, "A"), {})
    )
    table = table.place("C", Slot.between("A", "B"), {})
    assert table.column == ("B", "C", "A", "L")
    assert table.without("C").column == ("B", "A", "L")
    assert table.neighbours("A") == ("C", "L")


# --------------------------------------------------------------------------- packs, Intermède,
# reserve


def test_intermede_triggers_a_count_then_a_new_start_card_and_the_same_player_continues() -> None:
    setup = scripted(
        ["Paris", "Marseille", "Intermède", "Nice", "Lille"], ["Lyon", "Tours"], packs=2
    )
    moves = [beside("Ana", "Paris", N, "Lyon"), beside("Ben", "Marseille", N, "Paris")]
    state, _ = play(setup, moves)
    assert state.phase(setup) is Phase.COUNT
    with pytest.raises(Refusal, match="a count is due"):
        apply(setup, state, beside("Chloé", "Nice", S, "Lyon"))
    # The doubt on the last card is still allowed before the count starts.
    state, _ = apply(setup, state, doubt("Ana", "Marseille", "Paris"))
    assert state.tokens == (5, 3, 4)
    state, event = apply(setup, state, count(Ana=0, Ben=1, Chloé=2))
    message = event.text
    assert "cards set aside: 0 of 2" in message and state.tokens == (7, 3, 4)
    assert names(state.table.cards()) == ["Tours"] and state.turn == 2
    assert state.phase(setup) is Phase.PLAY and state.drawn(setup) == ID["Nice"]
    with pytest.raises(Refusal, match="no count is due"):
        apply(setup, state, count(Ana=0, Ben=1, Chloé=2))
    state, _ = apply(setup, state, beside("Chloé", "Nice", S, "Tours"))
    state, _ = apply(setup, state, beside("Ana", "Lille", N, "Tours"))
    state, _ = apply(setup, state, count(Ana=0, Ben=0, Chloé=1))
    assert state.over and state.winners(setup) == ("Ana",) and state.tokens == (9, 5, 4)
    assert len(state.counts) == 2 and state.counts[-1].final


def test_deal_follows_the_deck_packs_and_intermedes_with_the_seed() -> None:
    setup = deal(["Ana", "Ben"], DECK, seed=5, options=RuleOptions(), packs=3, pack_size=15)
    assert len(setup.pile) == 47 and setup.pile[15] == "I1" and setup.pile[31] == "I2"
    assert len(setup.reserve) == 5 and not set(setup.reserve) & set(setup.pile)
    assert sorted(setup.pile[:15] + setup.pile[16:31] + setup.pile[32:] + setup.reserve) == sorted(
        ID.values()
    )
    assert deal(["Ana", "Ben"], DECK, 5, RuleOptions()).pile == setup.pile
    assert deal(["Ana", "Ben"], DECK, 6, RuleOptions()).pile != setup.pile


@pytest.mark.parametrize(
    "players, match",
    [
        (["Ana"], "2 to 8 players"),
        (["Ana", "ANA"], "same name"),
        (["Ana", ""], "empty"),
        (["Ana", "B=n"], "contains"),
    ],
)
def test_bad_player_lists(players: list[str], match: str) -> None:
    with pytest.raises(Refusal, match=match):
        deal(players, DECK, 1, RuleOptions())


def test_a_deck_too_small_for_the_packs_says_what_fits() -> None:
    from generator.cli.refusals import sentence

    with pytest.raises(
        Refusal,
        match="47 place cards but 3 packs of 15 plus 3 start cards need 48; play packs of 14 cards",
    ) as caught:
        deal(["Ana", "Ben"], make_deck(count=47), 1, RuleOptions())
    assert caught.value.reason is Why.DECK_TOO_SMALL
    assert caught.value.to_json()["data"]["advice"] == {  # type: ignore[index]
        "code": "smaller-packs",
        "data": {"size": 14},
    }
    assert sentence(caught.value).endswith("need 48; use --pack-size 14")  # the CLI's words
    setup = deal(
        ["Ana", "Ben"], make_deck(count=47), 1, RuleOptions(), pack_size=14
    )  # 42 + 3 start cards
    assert len(setup.reserve) == 5


def test_a_whole_seeded_game_to_the_end_through_the_game_file() -> None:
    """Every turn the drawn card goes at the north end; the doubter checks it against its
    neighbour."""
    setup = deal(
        ["Ana", "Ben", "Chloé"],
        make_deck(pack_size=4),
        seed=11,
        options=RuleOptions(),
        packs=3,
        pack_size=4,
    )
    game = new_game(setup)
    total_before = sum(game.state.tokens)
    doubts = 0
    while not game.state.over:
        state = game.state
        if state.phase(setup) is Phase.PLAY:
            table = state.table
            north_end = table.column[0]
            game, _ = game.play(
                Place(setup.players[state.turn], state.drawn(setup), Slot.beside(N, north_end))
            )
            if doubts % 2 == 0:
                doubter = setup.players[game.state.turn]
                game, _ = game.play(Doubt(doubter, game.state.pending.card, north_end))
            doubts += 1
        else:
            misplaced = len(
                walk(
                    state.table, setup.units, EqualCoordinates.WELL_PLACED, CountPreceding.ON_TABLE
                ).set_aside
            )
            estimates = tuple((p, misplaced + i) for i, p in enumerate(setup.players))
            game, _ = game.play(Count(estimates))
    assert len(game.state.counts) == 3 and game.state.counts[-1].final
    # Each count paid 2 tokens to exactly one player (Ana was exact every time).
    assert sum(game.state.tokens) == total_before + 3 * 2
    again = game_from_json(game_to_json(game))
    assert again.state == game.state and game_to_json(again) == game_to_json(game)
    assert replay(setup, game.journal) == game.state


def test_undo_of_a_count_puts_the_table_and_tokens_back() -> None:
    setup, moves = four_arm_game()
    game = new_game(setup)
    for move in moves:
        game, _ = game.play(move)
    before = game
    game, _ = game.play(count(Ana=8, Ben=0, Chloé=1))
    assert game.state.over and game.state.tokens == (6, 4, 4)
    undone, dropped = game.undo()
    assert dropped == count(Ana=8, Ben=0, Chloé=1)
    assert undone.state == before.state and undone.state.table == before.state.table
    assert game_to_json(undone) == game_to_json(before)
    # Undo all the way back to the start card alone.
    while undone.journal:
        undone, _ = undone.undo()
    assert undone.state.table == Table.with_start(ID["Lyon"]) and undone.state.tokens == (4, 4, 4)
    with pytest.raises(Refusal, match="nothing to undo"):
        undone.undo()


def test_more_packs_than_the_deck_has_intermede_cards_for_are_refused() -> None:
    """Two Intermède cards separate at most three packs: a fourth pack would never be counted
    apart."""
    from generator.cli.refusals import sentence

    with pytest.raises(
        Refusal, match="4 packs need 3 Intermède cards between them but the deck has 2; play 3"
    ) as caught:
        deal(["Ana", "Ben"], DECK, 1, RuleOptions(), packs=4, pack_size=5)
    assert caught.value.reason is Why.TOO_FEW_INTERMEDES
    assert "; use --packs 3 or fewer" in sentence(caught.value)
    setup = deal(["Ana", "Ben"], DECK, 1, RuleOptions(), packs=3, pack_size=5)
    assert setup.intermedes_in_pile == 2
