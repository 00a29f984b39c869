"""Les territoires: the Lenormand table, houses, set-up and the attack/healing calculator."""

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.territoires import (
    LENORMAND,
    ForeignSupport,
    House,
    Intent,
    InvalidCombination,
    PairRule,
    Player,
    Role,
    Rules,
    RunScoring,
    evaluate,
    lenormand,
    readings,
    role_of,
    seat_house,
    setup_for,
)
from generator.games.territoires.combat import RULE_SEEDS
from generator.games.territoires.lenormand import RANKS, Suit
from generator.games.territoires.refusals import Why

EVEN = Player(2, House.EVEN)
ODD = Player(2, House.ODD)
THIRD_ON_ODD = Player(3, None, House.ODD)


def change(cards, player=EVEN, rules=Rules(), intent=Intent.AUTO):
    return evaluate(cards, player, rules, intent).change


# --- the Lenormand table -------------------------------------------------------------------


def test_table_has_36_cards_numbered_in_order():
    assert [c.number for c in LENORMAND] == list(range(1, 37))
    assert len({c.name for c in LENORMAND}) == 36


def test_each_playing_card_from_6_to_ace_appears_exactly_once():
    counts = Counter((c.playing_card.rank, c.playing_card.suit) for c in LENORMAND)
    assert set(counts) == {(rank, suit) for rank in RANKS for suit in Suit}
    assert set(counts.values()) == {1}


@pytest.mark.parametrize(
    "number, name, french",
    [
        (1, "Cavalier", "neuf de cœur"),
        (36, "Croix", "six de trèfle"),
        # the ten the seed names
        (10, "Faux", "valet de carreau"),
        (11, "Fouet", "valet de trèfle"),
        (15, "Ours", "dix de trèfle"),
        (18, "Chien", "dix de cœur"),
        (4, "Maison", "roi de cœur"),
        (6, "Nuages", "roi de trèfle"),
        (7, "Serpent", "dame de trèfle"),
        (9, "Bouquet", "dame de pique"),
        (13, "Enfant", "valet de pique"),
        (16, "Étoiles", "six de cœur"),
    ],
)
def test_seed_cards_match_the_table(number, name, french):
    card = lenormand(number)
    assert (card.name, card.playing_card.french) == (name, french)


def test_card_outside_the_deck_is_refused():
    with pytest.raises(Refusal, match="cards 1 to 36"):
        lenormand(37)


# --- houses, roles, set-up ----------------------------------------------------------------


def test_life_cards_of_each_house():
    assert House.EVEN.life_cards == (22, 24, 26, 28, 30, 32, 34, 36)
    assert House.ODD.life_cards == (21, 23, 25, 27, 29, 31, 33, 35)


def test_roles():
    assert [n for n in range(1, 37) if role_of(n) is Role.WEAPON] == [10, 11]
    assert [n for n in range(1, 37) if role_of(n) is Role.SUPPORT_ANIMAL] == [15, 18]
    assert [n for n in range(1, 37) if role_of(n) is Role.CIVILISATION_SUPPORT] == [4, 6]
    assert [n for n in range(1, 37) if role_of(n) is Role.NATURE_SUPPORT] == [7, 9]
    assert [n for n in range(1, 37) if role_of(n) is Role.HEALING] == [13, 16]
    assert [n for n in range(1, 37) if role_of(n) is Role.LIFE] == list(range(21, 37))


@pytest.mark.parametrize("players, hand, reserve, draw", [(2, 4, 6, 6), (3, 3, 6, 5), (4, 3, 4, 4)])
def test_setup_counts_from_the_seed(players, hand, reserve, draw):
    setup = setup_for(players)
    assert (setup.hand, setup.reserve, setup.draw_pile) == (hand, reserve, draw)
    assert players * setup.hand + setup.reserve + setup.draw_pile == 20
    assert sum(setup.reserve_rows) == setup.reserve


def test_seats():
    assert seat_house(2, 1) is House.EVEN and seat_house(2, 2) is House.ODD
    assert seat_house(3, 3) is None
    assert [seat_house(4, s) for s in (1, 2, 3, 4)] == [
        House.EVEN,
        House.ODD,
        House.EVEN,
        House.ODD,
    ]
    with pytest.raises(Refusal, match="seat 5"):
        seat_house(4, 5)
    with pytest.raises(Refusal, match="2, 3 or 4 players"):
        setup_for(5)


# --- every rule line of the seed -----------------------------------------------------------


def test_worked_example_even_plays_11_and_12_odd_loses_one():
    outcome = evaluate([11, 12], EVEN)
    assert (outcome.effect, outcome.change, outcome.side, outcome.rule) == (
        "attack",
        -1,
        House.ODD,
        "weapon_other",
    )


def test_run_one_card_of_own_parity_minus_1():
    assert change([1, 2, 3], EVEN) == -1 and evaluate([1, 2, 3], EVEN).rule == "run_one_own"


def test_run_two_cards_of_own_parity_minus_2():
    assert change([1, 2, 3], ODD) == -2 and evaluate([3, 1, 2], ODD).rule == "run_two_own"


def test_weapon_of_own_house_minus_2_of_other_minus_1():
    assert change([10, 9], EVEN) == 0  # 9 is a nature support, worth 0 to the even house
    assert change([11, 12], ODD) == -2
    assert change([11, 12], EVEN) == -1


def test_both_weapons_minus_3():
    assert change([10, 11], EVEN) == -3 and change([10, 11], ODD) == -3


def test_support_animals_same_as_weapons():
    assert change([17, 18], EVEN) == -2 and change([18, 19], ODD) == -1
    assert change([14, 15], ODD) == -2 and change([14, 15], EVEN) == -1
    assert change([15, 18], EVEN) == -3


def test_civilisation_supports_only_for_the_even_house():
    for pair in ([3, 4], [4, 5], [5, 6]):
        assert change(pair, EVEN) == -2
        assert change(pair, ODD) == 0
    assert change([4, 6], EVEN) == -3
    assert change([4, 5, 6], EVEN) == -3
    assert change([4, 5, 6], ODD) == 0


def test_nature_supports_only_for_the_odd_house():
    for pair in ([7, 8], [8, 9], [9, 10]):
        assert change(pair, ODD) == -2
        assert change(pair, EVEN) == 0
    assert change([7, 9], ODD) == -3 and change([7, 8, 9], ODD) == -3
    assert change([7, 8, 9], EVEN) == 0


def test_foreign_support_cancels_a_run_of_three():
    outcome = evaluate([2, 3, 4], ODD)
    assert (outcome.change, outcome.rule, outcome.side) == (0, "support_foreign", House.EVEN)
    plain = Rules(foreign_support_in_run=ForeignSupport.PLAIN)
    assert change([2, 3, 4], ODD, plain) == -1


def test_healing_own_parity_plus_2_other_plus_1_on_own_life():
    heal = evaluate([12, 13], ODD)
    assert (heal.effect, heal.change, heal.side) == ("heal", 2, House.ODD)
    heal = evaluate([13, 14], EVEN)
    assert (heal.effect, heal.change, heal.side) == ("heal", 1, House.EVEN)
    assert change([16, 17], EVEN) == 2 and change([16, 17], ODD) == 1


def test_15_16_attacks_by_default_and_heals_on_request():
    assert [o.effect for o in readings([15, 16], EVEN)] == ["attack", "heal"]
    assert change([15, 16], EVEN) == -1
    assert change([15, 16], EVEN, intent=Intent.HEAL) == 2
    with pytest.raises(InvalidCombination, match="cannot heal"):
        evaluate([10, 11], EVEN, intent=Intent.HEAL)
    with pytest.raises(InvalidCombination, match="cannot attack"):
        evaluate([12, 13], EVEN, intent=Intent.ATTACK)


def test_other_combinations_bring_no_more():
    # "Les autres combinaisons n'apporteront pas plus de points (par exemple 7, 8, 9 et 10)"
    with pytest.raises(InvalidCombination, match="2 or 3 cards"):
        evaluate([7, 8, 9, 10], ODD)
    assert change([9, 10], ODD) == -2  # support -2 and weapon of the other house -1 do not add up


def test_run_scoring_option_best():
    best = Rules(runs=RunScoring.BEST)
    assert change([3, 4, 5], EVEN) == -1
    assert change([3, 4, 5], EVEN, best) == -2
    assert change([11, 12, 13], ODD, best) == -2


def test_pairs_option_consecutive():
    strict = Rules(pairs=PairRule.CONSECUTIVE)
    for pair, player in (([4, 6], EVEN), ([7, 9], ODD), ([15, 18], EVEN)):
        with pytest.raises(InvalidCombination, match="consecutive"):
            evaluate(pair, player, strict)
    assert change([4, 5, 6], EVEN, strict) == -3


def test_support_alone_option():
    from generator.cli.refusals import sentence

    with pytest.raises(InvalidCombination, match="a support alone counts only when") as caught:
        evaluate([4], EVEN)
    assert caught.value.reason is Why.ONE_CARD and "--support-alone" in sentence(caught.value)
    alone = Rules(support_alone=True)
    outcome = evaluate([4], EVEN, alone)
    assert (outcome.change, outcome.rule) == (-2, "support_alone")
    with pytest.raises(InvalidCombination, match="only a support of your house"):
        evaluate([4], ODD, alone)


# --- variants -----------------------------------------------------------------------------


def test_third_player_has_no_parity_bonus_nor_malus():
    assert change([1, 2, 3], THIRD_ON_ODD) == -1
    assert change([2, 3, 4], THIRD_ON_ODD) == -1  # no malus: a support does not cancel his run
    assert change([11, 12], THIRD_ON_ODD) == -1 and change([17, 18], THIRD_ON_ODD) == -1
    assert change([10, 11], THIRD_ON_ODD) == -3
    assert evaluate([1, 2, 3], THIRD_ON_ODD).side is House.ODD


def test_third_player_cannot_heal_nor_use_supports():
    with pytest.raises(InvalidCombination, match="no life to heal"):
        evaluate([12, 13], THIRD_ON_ODD)
    with pytest.raises(InvalidCombination, match="no weapon"):
        evaluate([3, 4], THIRD_ON_ODD)
    with pytest.raises(InvalidCombination, match="supports serve a house"):
        evaluate([4, 6], THIRD_ON_ODD)


def test_four_players_play_as_their_house():
    for seat, house in ((1, House.EVEN), (3, House.EVEN), (2, House.ODD), (4, House.ODD)):
        player = Player.at_seat(4, seat, None)
        assert player.house is house
        assert evaluate([11, 12], player).change == evaluate([11, 12], Player(2, house)).change


@pytest.mark.parametrize(
    "players, seat, house, target, why, option",
    [
        (3, 3, None, None, Why.THIRD_NEEDS_TARGET, "--target even|odd"),
        (3, 3, House.EVEN, House.ODD, Why.THIRD_HAS_NO_HOUSE, "drop --house"),
        (2, 2, House.EVEN, None, Why.SEAT_HOUSE, "drop --house or --seat"),
        (2, None, None, None, Why.WHOSE_TURN, "pass --house even|odd"),
        (2, None, House.EVEN, House.ODD, Why.TARGET_ONLY_THIRD, "--target is for the third"),
    ],
)
def test_player_resolution_errors(players, seat, house, target, why, option):
    """Each refusal has its reason; the rules name no option, the command line does."""
    from generator.cli.refusals import sentence

    with pytest.raises(Refusal) as caught:
        Player.at_seat(players, seat, house, target)
    assert caught.value.reason is why
    assert "--" not in str(caught.value) and option in sentence(caught.value)


# --- invalid combinations, with the reason -------------------------------------------------


@pytest.mark.parametrize(
    "cards, reason",
    [
        ([1, 2], "no special card"),
        ([19, 20], "no special card"),
        ([3, 5], "do not follow each other"),
        ([2, 4, 5], "not three consecutive"),
        ([0, 1], "does not exist"),
        ([37, 36], "does not exist"),
        ([11, 11], "given twice"),
        ([20, 21], "life card"),
        ([], "2 or 3 cards"),
    ],
)
def test_invalid_combinations_give_the_reason(cards, reason):
    with pytest.raises(InvalidCombination, match=reason):
        evaluate(cards, EVEN)


# --- properties over all combinations -----------------------------------------------------

LISTED_CHANGES = {-3, -2, -1, 0, 1, 2}
ALL_RULES = [
    Rules(p, r, f, s)
    for p in PairRule
    for r in RunScoring
    for f in ForeignSupport
    for s in (False, True)
]
ALL_PLAYERS = [
    EVEN,
    ODD,
    THIRD_ON_ODD,
    Player(3, None, House.EVEN),
    Player(4, House.EVEN),
    Player(4, House.ODD),
]


def test_every_valid_combination_gives_a_listed_change():
    """Exhaustive over every 1-, 2- and 3-card set of 1..20, every player and every option."""
    valid = 0
    refused: dict[Why, InvalidCombination] = {}  # one refusal of each reason, worded below
    for rules in ALL_RULES:
        for player in ALL_PLAYERS:
            for size in (1, 2, 3):
                for cards in combinations(range(1, 21), size):
                    try:
                        found = readings(cards, player, rules)
                    except InvalidCombination as exc:
                        refused.setdefault(exc.reason, exc)  # a reason is always given
                        continue
                    valid += 1
                    for outcome in found:
                        assert outcome.change in LISTED_CHANGES
                        assert outcome.rule in RULE_SEEDS
                        if outcome.effect == "heal":
                            assert outcome.change > 0 and outcome.side is player.house
                        else:
                            assert outcome.change <= 0
                            assert outcome.side is (
                                player.target if player.house is None else player.house.other
                            )
    assert valid > 500
    assert refused and all(isinstance(why, Why) and str(exc) for why, exc in refused.items())


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 20), min_size=2, max_size=3, unique=True),
    st.sampled_from(ALL_PLAYERS),
    st.sampled_from(ALL_RULES),
)
def test_order_of_the_cards_does_not_matter(cards, player, rules):
    results = set()
    for order in permutations(cards):
        try:
            results.add(tuple(readings(order, player, rules)))
        except InvalidCombination as exc:
            results.add(str(exc))
    assert len(results) == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=2, max_size=3, unique=True))
def test_a_run_of_three_always_counts_for_a_house_unless_cancelled(cards):
    ordered = sorted(cards)
    if len(ordered) == 3 and ordered[2] - ordered[0] == 2:
        for player in (EVEN, ODD):
            outcome = evaluate(ordered, player)
            foreign = {7, 9} if player.house is House.EVEN else {4, 6}
            if foreign & set(ordered):
                assert outcome.change == 0
            else:
                assert outcome.change in (-1, -2, -3)


def test_player_is_coherent():
    with pytest.raises(ValueError):
        Player(3, None, None)
    with pytest.raises(ValueError):
        Player(2, None, House.ODD)
    with pytest.raises(ValueError):
        Player(2, House.EVEN, House.ODD)


def test_life_after_stays_between_0_and_8():
    from generator.games.territoires import life_after

    assert life_after(8, evaluate([10, 11], EVEN)) == 5
    assert life_after(2, evaluate([10, 11], EVEN)) == 0
    assert life_after(7, evaluate([12, 13], ODD)) == 8  # +2 at 7: capped at the 8 life cards
    assert life_after(8, evaluate([12, 13], EVEN)) == 8
    with pytest.raises(Refusal, match="0 to 8"):
        life_after(9, evaluate([12, 13], EVEN))
