"""Physical mode (the printed deck shuffled by hand): start cards, any drawn card, the packs from
the deck file, the Intermède due or declared early, one line for each card that cannot be played;
the table's short commands; forgiving names. Hypothesis on move sequences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.refusal import Refusal
from generator.games.oucedonc.compare import Direction, EqualCoordinates
from generator.games.oucedonc.game import (
    Count,
    Doubt,
    Intermede,
    Phase,
    Place,
    Start,
    deal,
    physical,
)
from generator.games.oucedonc.gamefile import Game, game_from_json, game_to_json, new_game
from generator.games.oucedonc.names import Entry, Named, NameIndex
from generator.games.oucedonc.refusals import Hint
from generator.games.oucedonc.rules import (
    BrokePayer,
    ClosestTie,
    CountPreceding,
    ExactTie,
    RuleOptions,
)
from generator.games.oucedonc.table import Slot
from generator.products.referee.phrases import Play, Word, parse
from tests.referee_fixtures import deck_json, make_deck, pnp, small_deck

DECK = make_deck(pack_size=3)
ID = {card.name: card.id for card in DECK.places}
N, S, E, W = Direction.NORTH_OF, Direction.SOUTH_OF, Direction.EAST_OF, Direction.WEST_OF


def fresh(options: RuleOptions | None = None, players=("Ana", "Ben", "Chloé")) -> Game:
    return new_game(physical(players, DECK, options or RuleOptions()))


def played(game: Game, *moves) -> Game:
    for move in moves:
        game, _ = game.play(move)
    return game


def at(player: str, card: str, direction: Direction, anchor: str) -> Place:
    return Place(player, ID[card], Slot.beside(direction, ID[anchor]))


def test_the_start_card_is_recorded_and_any_card_of_the_deck_can_be_drawn() -> None:
    game = fresh()
    assert game.state.phase(game.setup) is Phase.START and game.state.table is None
    with pytest.raises(Refusal, match="no start card is on the table"):
        game.play(at("Ana", "Brest", N, "Lyon"))
    game, started = game.play(Start(ID["Lyon"]))
    assert started.text == "start card: Lyon (P11); Ana plays"
    # Not the card of any shuffle: whatever Ana drew.
    game, placed = game.play(at("Ana", "Brest", N, "Lyon"))
    assert placed.text == "Ana placed Brest north of Lyon" and placed.in_pack == 1
    with pytest.raises(Refusal, match="the start card is already Lyon"):
        game.play(Start(ID["Paris"]))


@pytest.mark.parametrize(
    "move, why",
    [
        (at("Ben", "Brest", S, "Lyon"), "Brest is already on the table; check the card name"),
        (at("Ben", "Lyon", S, "Brest"), "Lyon is the start card, already on the table"),
        (at("Ben", "Nice", S, "Paris"), "Paris is not on the table"),
        (Place("Ben", "I1", Slot.beside(S, "P11")), "Intermède is not a place card"),
        (Place("Ben", "X9", Slot.beside(S, "P11")), "X9 is not a place card of this deck"),
        (at("Ana", "Nice", S, "Lyon"), "it is Ben's turn, not Ana's"),
    ],
)
def test_a_card_that_cannot_be_played_gets_one_line_saying_why(move, why: str) -> None:
    game = played(fresh(), Start(ID["Lyon"]), at("Ana", "Brest", N, "Lyon"))
    with pytest.raises(Refusal, match=why) as caught:
        game.play(move)
    assert "\n" not in str(caught.value)


def test_a_card_removed_by_a_doubt_is_out_of_the_game() -> None:
    game = played(
        fresh(),
        Start(ID["Lyon"]),
        at("Ana", "Marseille", N, "Lyon"),
        Doubt("Ben", ID["Marseille"], ID["Lyon"]),
    )
    assert ID["Marseille"] in game.state.out_of_play and game.state.tokens == (3, 5, 4)
    with pytest.raises(Refusal, match="Marseille is out of the game"):
        game.play(at("Ben", "Marseille", S, "Lyon"))


def test_the_intermede_is_due_after_the_last_card_of_a_pack_then_a_new_start_card() -> None:
    game = played(
        fresh(),
        Start(ID["Lyon"]),
        at("Ana", "Paris", N, "Lyon"),
        at("Ben", "Nice", S, "Lyon"),
        at("Chloé", "Brest", W, "Lyon"),
    )
    assert game.state.phase(game.setup) is Phase.COUNT  # pack 1 of 3 cards is played
    with pytest.raises(
        Refusal, match="the 3 cards of pack 1 are played, so the Intermède comes now"
    ):
        game.play(at("Ana", "Lille", N, "Paris"))
    with pytest.raises(Refusal, match="a count is already due"):
        game.play(Intermede())
    game, counted = game.play(Count((("Ana", 0), ("Ben", 1), ("Chloé", 2))))
    assert "count 1: cards set aside: 0 of 4; Ana found the number: 2 tokens" in counted.text
    assert "the 4 cards of the table leave the game" in counted.text
    assert game.state.phase(game.setup) is Phase.START and game.state.turn == 0
    with pytest.raises(Refusal, match="Paris is out of the game"):
        game.play(Start(ID["Paris"]))
    game = played(game, Start(ID["Tours"]))
    assert game.state.pack_number(game.setup) == 2 and game.state.in_pack == 0


def test_an_intermede_drawn_early_is_declared_and_the_last_pack_ends_with_the_final_count() -> None:
    game = played(fresh(), Start(ID["Lyon"]))
    with pytest.raises(Refusal, match="no card of this pack has been drawn yet"):
        game.play(Intermede())
    with pytest.raises(Refusal, match="no count is due: pack 1 has 3 cards left"):
        game.play(Count((("Ana", 0), ("Ben", 0), ("Chloé", 0))))
    game = played(game, at("Ana", "Paris", N, "Lyon"))
    game, early = game.play(Intermede())
    assert early.text == (
        "Intermède drawn after 1 card of pack 1 (the referee expected 3): interim count due"
    )
    game = played(game, Count((("Ana", 0), ("Ben", 0), ("Chloé", 0))), Start(ID["Tours"]))
    game = played(
        game,
        *[
            at(p, c, N, "Tours")
            for p, c in (("Ben", "Lille"), ("Chloé", "Caen"), ("Ana", "Amiens"))
        ],
    )
    game = played(game, Count((("Ana", 0), ("Ben", 0), ("Chloé", 0))), Start(ID["Rennes"]))
    assert game.state.pack_number(game.setup) == 3
    game = played(game, at("Ben", "Brest", W, "Rennes"))
    game, short = game.play(Intermede())  # the last pack ran out early: the final count
    assert short.final and "final count due" in short.text
    assert game.state.phase(game.setup) is Phase.FINAL_COUNT
    game, final = game.play(Count((("Ana", 0), ("Ben", 1), ("Chloé", 0))))
    assert final.final and game.state.over and game.state.winners(game.setup) == ("Ana", "Chloé")


def test_dealt_games_refuse_start_cards_and_intermedes() -> None:
    game = new_game(deal(["Ana", "Ben"], DECK, 1, RuleOptions(), packs=3, pack_size=3))
    with pytest.raises(Refusal, match="turns the start cards over itself"):
        game.play(Start(ID["Lyon"]))
    with pytest.raises(Refusal, match="knows where the Intermède cards are"):
        game.play(Intermede())


def test_a_version_1_file_is_a_dealt_game_and_a_physical_file_has_no_seed() -> None:
    game = new_game(deal(["Ana", "Ben"], DECK, 3, RuleOptions(), packs=3, pack_size=3))
    document = json.loads(game_to_json(game))
    assert document["mode"] == "deal" and document["seed"] == 3
    del document["mode"]
    document["version"] = 1
    assert game_from_json(json.dumps(document)).setup.pile == game.setup.pile
    text = game_to_json(played(fresh(), Start(ID["Lyon"])))
    document = json.loads(text)
    assert document["mode"] == "physical" and "seed" not in document
    assert document["journal"] == [{"move": "start", "card": "P11"}]
    assert game_to_json(game_from_json(text)) == text


# --------------------------------------------------------------------------- names


def index(*names: str) -> NameIndex[str]:
    return NameIndex([Entry(name=name, value=name) for name in names])


@pytest.mark.parametrize(
    "typed, found",
    [
        ("quiberon", "Presqu'île de Quiberon"),
        ("st-brieuc", "Saint-Brieuc"),
        ("ST BRIEUC", "Saint-Brieuc"),
        ("ste maxime", "Sainte-Maxime"),
        ("belle-ile", "Belle-Île-en-Mer"),
        ("belle ile", "Belle-Île-en-Mer"),
        ("mt st michel", "Mont-Saint-Michel"),
        ("lorient", "Lorient"),
    ],
)
def test_names_by_prefix_abbreviation_and_word_starts(typed: str, found: str) -> None:
    names = index(
        "Presqu'île de Quiberon",
        "Saint-Brieuc",
        "Sainte-Maxime",
        "Belle-Île-en-Mer",
        "Mont-Saint-Michel",
        "Lorient",
        "Lorient-Plage",
    )
    assert names.find(typed, Named.CARD, Hint.TABLE_CARD) == found


def test_an_ambiguous_prefix_lists_the_candidates() -> None:
    names = index("Saint-Malo", "Saint-Brieuc", "Sainte-Maxime", "Quimper")
    with pytest.raises(
        Refusal, match="'saint' is ambiguous: Saint-Brieuc, Saint-Malo, Sainte-Maxime; type more"
    ):
        names.find("saint", Named.CARD, Hint.TABLE_CARD)


# --------------------------------------------------------------------------- the table's commands


def test_short_commands_in_french_and_english() -> None:
    game = played(fresh(), Start(ID["Lyon"]), at("Ana", "Paris", N, "Lyon"))
    paris_lyon = Place("Ben", ID["Brest"], Slot.between(ID["Paris"], ID["Lyon"]))
    for line in (
        "brest entre paris lyon",
        "Brest between Paris and Lyon",
        "brest entre P12 et lyon",
    ):
        assert parse(line, game) == Play(paris_lyon), line
    south = Place("Ben", ID["Brest"], Slot.beside(S, ID["Lyon"]))
    for line in ("brest s lyon", "BREST au sud de LYON", "brest south of lyon", "P05 sud P11"):
        assert parse(line, game) == Play(south), line
    east = Place("Ben", ID["Saint-Étienne"], Slot.beside(E, ID["Lyon"]))
    for line in ("st etienne e lyon", "saint-etienne à l'est de lyon", "st-et est lyon"):
        assert parse(line, game) == Play(east), line
    assert parse("doute ben lyon", game) == Play(Doubt("Ben", ID["Paris"], ID["Lyon"]))
    assert parse("doubt chl", game) == Play(
        Doubt("Chloé", ID["Paris"], ID["Lyon"])
    )  # one neighbour
    for word, expected in (
        ("annule", Word.UNDO),
        ("undo", Word.UNDO),
        ("tableau", Word.BOARD),
        ("aide", Word.HELP),
        ("quit", Word.QUIT),
    ):
        assert parse(word, game) is expected
    assert parse("   ", game) is None
    with pytest.raises(Refusal, match="not understood"):
        parse("brest lyon", game)
    with pytest.raises(Refusal, match="Ana placed Paris and cannot doubt it"):
        game.play(parse("doute ana lyon", game).move)


def test_a_card_name_alone_is_the_start_card_when_one_is_due_and_counts_read_names() -> None:
    game = fresh()
    assert parse("lyon", game) == Play(Start(ID["Lyon"]))
    assert parse("départ lyon", game) == Play(Start(ID["Lyon"]))
    game = played(game, Start(ID["Lyon"]), at("Ana", "Paris", N, "Lyon"), Intermede())
    assert parse("compte ana=2 ben 0 chloé:1", game) == Play(
        Count((("Ana", 2), ("Ben", 0), ("Chloé", 1)))
    )
    assert parse("count Ana=2, Ben=0, Chloe=1", game) == Play(
        Count((("Ana", 2), ("Ben", 0), ("Chloé", 1)))
    )
    with pytest.raises(Refusal, match="give every player's estimate: 'count Ana=N Ben=N Chloé=N'"):
        parse("compte beaucoup", game)


def test_tab_completion_offers_the_names_that_make_sense_there() -> None:
    from generator.cli.oucedonc_play import Completer

    game = played(fresh(), Start(ID["Lyon"]), at("Ana", "Saint-Malo", N, "Lyon"))
    complete = Completer(game).candidates
    fragment, found = complete("saint")
    assert (
        fragment == "saint" and "Saint-Étienne" in found and "Saint-Malo" not in found
    )  # on the table
    fragment, found = complete("brest n sai")
    assert fragment == "sai" and found == ["Saint-Malo"]
    assert complete("brest entre lyon et ")[1] == ["Lyon", "Saint-Malo"]
    assert complete("doute ")[1] == ["Ana", "Ben", "Chloé", "Lyon"]
    assert complete("doute ben ")[1] == ["Lyon"]  # after the player, the neighbours
    assert complete("compte a")[1] == ["Ana="]


def test_tab_after_a_doubter_whose_name_starts_another_completes_the_neighbour() -> None:
    """ "doute jean luc ly": Jean Luc doubts (not Jean, whose name starts his), against Lyon."""
    from generator.cli.oucedonc_play import Completer

    players = ("Jean", "Jean Luc", "Ana")
    game = played(fresh(players=players), Start(ID["Lyon"]), at("Jean", "Paris", N, "Lyon"))
    assert Completer(game).candidates("doute jean luc ly") == ("ly", ["Lyon"])


# --------------------------------------------------------------------------- a session piped in


def test_play_creates_the_game_asks_for_the_start_card_and_keeps_each_move_in_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(pack_size=3), encoding="utf-8")
    path = tmp_path / "partie.json"
    typed = "\n".join(
        [
            "lyon",
            "brest n lyon",
            "paris lyon",
            "doute ben lyon",
            "annule",
            "tableau",
            "quitter",
            "nice s lyon",
        ]
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(typed + "\n"))
    monkeypatch.setenv("COLUMNS", "40")
    result = pnp("oucedonc", "play", str(path), "--deck", str(deck), "--players", "Ana,Ben")
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())  # the lines wrap at 40 columns
    assert "start › lyon" in out and "start card: Lyon (P11); Ana plays" in out
    assert "✗ 'paris lyon' is not understood" in out
    assert "Ben was right" in out or "Ben was wrong" in out
    assert "undone: Ben's doubt of Brest against Lyon" in out
    assert max(len(line) for line in result.stdout.splitlines()) <= 40  # a phone's terminal
    game = game_from_json(path.read_text(encoding="utf-8"))
    assert [type(move).__name__ for move in game.journal] == [
        "Start",
        "Place",
    ]  # quit: nothing after
    # The one-shot commands play on the same file, and the session picks their moves up.
    assert pnp("oucedonc", "game", "place", str(path), "nice", "--south-of", "lyon").returncode == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("paris n brest\nquit\n"))
    result = pnp("oucedonc", "play", str(path))
    assert result.returncode == 0 and "Ana placed Paris north of Brest" in result.stdout


# --------------------------------------------------------------------------- hypothesis

PLAYERS = ("Ana", "Ben", "Chloé")
SMALL = small_deck()
CARD_IDS = [card.id for card in SMALL.places] + ["I1", "Z9"]

move_strategy = st.one_of(
    st.builds(Start, st.sampled_from(CARD_IDS)),
    st.builds(
        lambda p, c, d, a: Place(p, c, Slot.beside(d, a)),
        st.sampled_from(PLAYERS),
        st.sampled_from(CARD_IDS),
        st.sampled_from(list(Direction)),
        st.sampled_from(CARD_IDS),
    ),
    st.builds(
        lambda p, c, a, b: Place(p, c, Slot.between(a, b)),
        st.sampled_from(PLAYERS),
        st.sampled_from(CARD_IDS),
        st.sampled_from(CARD_IDS),
        st.sampled_from(CARD_IDS),
    ),
    st.builds(
        Doubt, st.sampled_from(PLAYERS), st.sampled_from(CARD_IDS), st.sampled_from(CARD_IDS)
    ),
    st.builds(
        lambda e: Count(tuple(zip(PLAYERS, e, strict=True))),
        st.lists(st.integers(0, 4), min_size=3, max_size=3),
    ),
    st.just(Intermede()),
    st.just("undo"),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.lists(move_strategy, max_size=60), bank=st.booleans())
def test_any_physical_move_sequence_keeps_tokens_cards_and_undo_exact(moves, bank: bool) -> None:
    options = RuleOptions(
        broke_payer=BrokePayer.BANK if bank else BrokePayer.NOTHING, starting_tokens=1
    )
    game = new_game(physical(PLAYERS, SMALL, options))
    rewards = 0  # tokens the reserve gave: counts, and the bank for broke payers
    texts = [game_to_json(game)]
    for move in moves:
        before = game_to_json(game)
        if move == "undo":
            if not game.journal:
                continue
            game, _ = game.undo()
            texts.pop()
            assert game_to_json(game) == texts[-1]
            rewards = sum(game.state.tokens) - 3  # recomputed from the restored file
            continue
        try:
            game, event = game.play(move)
        except Refusal as exc:
            assert "\n" not in str(exc)
            assert game_to_json(game) == before  # an illegal move changes nothing
            continue
        if isinstance(move, Count):
            rewards += sum(won for _, won in event.won)
        elif isinstance(move, Doubt) and not event.payment.paid and event.payment.by_bank:
            rewards += 1
        texts.append(game_to_json(game))
        assert sum(game.state.tokens) == 3 + rewards
        assert min(game.state.tokens) >= 0
        table = game.state.table
        if table is not None:
            cards = table.cards()
            assert len(cards) == len(set(cards))  # never twice on the table
            assert not set(cards) & set(game.state.out_of_play)
            assert all(card in {c.id for c in SMALL.places} for card in cards)
        assert len(game.state.out_of_play) == len(set(game.state.out_of_play))
        # undo restores the file byte for byte
        undone, _ = game.undo()
        assert game_to_json(undone) == before
    assert game_to_json(game_from_json(game_to_json(game))) == game_to_json(game)


@pytest.mark.parametrize(
    "command",
    [
        ("verify",),
        ("play",),
        *[
            ("game", name)
            for name in ("new", "place", "doubt", "count", "start", "intermede", "show", "undo")
        ],
    ],
)
def test_each_referee_command_shows_one_example(command: tuple[str, ...]) -> None:
    result = pnp("oucedonc", *command, "--help")
    assert result.returncode == 0
    examples = [line for line in result.stdout.splitlines() if "Example: pnp oucedonc" in line]
    assert len(examples) == 1 and f"pnp oucedonc {' '.join(command)} " in examples[0]


def test_a_move_typed_elsewhere_during_the_session_is_seen_and_played_on(tmp_path: Path) -> None:
    """A one-shot command plays while the session waits at its prompt: the session says so,
    draws the board as the file now is, and the next line is played on top of it."""
    import io

    from rich.console import Console

    from generator.cli.oucedonc_play import Loop, Terminal
    from generator.products.referee.session import Session

    deck = tmp_path / "deck.json"
    deck.write_text(deck_json(pack_size=3), encoding="utf-8")
    path = tmp_path / "partie.json"
    assert pnp(
        "oucedonc", "game", "new", str(path), "--deck", str(deck), "--players", "Ana,Ben",
        "--start", "Lyon",
    ).returncode == 0  # fmt: skip

    class Elsewhere(Terminal):
        def __init__(self) -> None:
            self.lines = iter(["brest n lyon", "nice s lyon", "quitter"])
            self.asked = 0

        def ask(self, prompt, completer=None):
            self.asked += 1
            if self.asked == 2:  # Ben plays from another terminal meanwhile
                result = pnp("oucedonc", "game", "place", str(path), "paris", "--west-of", "lyon")
                assert result.returncode == 0, result.stderr
            return next(self.lines)

    out = io.StringIO()
    console = Console(file=out, width=80)
    Loop(Session.open(path), Elsewhere(), console).run()
    text = " ".join(out.getvalue().split())  # long paths wrap
    assert "was changed by another command" in text
    assert "Ana placed Nice south of Lyon" in text  # Ana's turn again, on top of Ben's move
    game = game_from_json(path.read_text(encoding="utf-8"))
    assert [game.setup.names()[m.card] for m in game.journal[1:]] == ["Brest", "Paris", "Nice"]


@pytest.mark.parametrize(
    "options",
    [
        RuleOptions(),
        RuleOptions(equal_coordinates=EqualCoordinates.MISPLACED),
        RuleOptions(broke_payer=BrokePayer.BANK, starting_tokens=0),
        RuleOptions(count_preceding=CountPreceding.ORIGINAL),
        RuleOptions(closest_tie=ClosestTie.NONE),
        RuleOptions(exact_tie=ExactTie.EVERYONE),
        RuleOptions(starting_tokens=7),
    ],
    ids=lambda options: ",".join(f"{k}={v}" for k, v in options.to_json().items()),
)
def test_every_rule_option_gives_the_same_game_in_both_modes(options: RuleOptions) -> None:
    """The same cards laid the same way, dealt or turned over by hand: same tokens, same counts."""
    order = ["Paris", "Marseille", "Colomiers", "Dijon", "Nice", "Lille"]
    deck = make_deck(pack_size=6)
    ids = {card.name: card.id for card in deck.places}
    places = [
        ("Paris", N, "Montpellier"),
        ("Marseille", N, "Paris"),
        ("Colomiers", N, "Montpellier"),  # the same printed latitude as Montpellier
        ("Dijon", N, "Paris"),  # Marseille has left the game
        ("Nice", S, "Montpellier"),
        ("Lille", S, "Nice"),
    ]
    from generator.games.oucedonc.game import Setup

    dealt = Setup(
        players=("Ana", "Ben", "Chloé"),
        deck=deck,
        seed=0,
        options=options,
        packs=1,
        pack_size=6,
        pile=tuple(ids[name] for name in order),
        reserve=(ids["Montpellier"],),
    )
    by_hand = physical(("Ana", "Ben", "Chloé"), deck, options, packs=1, pack_size=6)
    moves = []
    for turn, (card, direction, anchor) in enumerate(places):
        moves.append(
            Place(("Ana", "Ben", "Chloé")[turn % 3], ids[card], Slot.beside(direction, ids[anchor]))
        )
        if turn in (1, 2):  # a right doubt and a doubt on equal printed latitudes
            moves.append(Doubt(("Ana", "Ben", "Chloé")[(turn + 1) % 3], ids[card], ids[anchor]))
    moves.append(Count((("Ana", 2), ("Ben", 2), ("Chloé", 4))))
    dealt_game = played(new_game(dealt), *moves)
    hand_game = played(new_game(by_hand), Start(ids["Montpellier"]), *moves)
    assert dealt_game.state.over and hand_game.state.over
    assert hand_game.state.tokens == dealt_game.state.tokens
    assert hand_game.state.counts == dealt_game.state.counts
    assert hand_game.state.out_of_play == dealt_game.state.out_of_play
