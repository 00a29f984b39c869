"""A whole game at a real table, twice: through the one-shot commands and through `pnp oucedonc
play` with the commands piped in, in French (LANG=fr_FR.UTF-8) and in English. All four must end
in the same game file, with the tokens and the winner of a reference computed here,
independently of the engine, from the printed minutes; each language's runs print that
language only (the lines typed, French and English words mixed, are read in both).

The game (physical mode, the printed deck shuffled by hand): 3 packs of 15, 3 players; the
second pack is one card short, so its Intermède comes before the referee expects it (declared);
doubts right and wrong, an undo, a card refused because it is out of the game, a count with the
next start card given on the same line, and the final count.
"""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from generator.core.i18n import speaking
from generator.games.oucedonc.gamefile import game_from_json
from tests.referee_fixtures import PLACES, deck_json, pnp
from tests.referee_language import assert_speaks

PLAYERS = ("Ana", "Ben", "Chloé")
TYPED = {"Ana": "ana", "Ben": "BEN", "Chloé": "chloe"}  # as people type them
PACK_SIZES = (15, 14, 15)  # the second pack was counted short: its Intermède comes early


def printed_minutes(degrees: float) -> int:
    """The whole arc-minutes a back prints: half away from zero."""
    scaled = abs(degrees) * 60
    units = math.floor(round(scaled, 9) + 0.5)
    return units if degrees >= 0 else -units


CARDS = {
    f"P{i:02d}": (name, printed_minutes(lat), printed_minutes(lon))
    for i, (name, _, lat, lon, _) in enumerate(PLACES, start=1)
}


def beyond(card: str, other: str, side: str) -> bool:
    """Is ``card`` on ``side`` of ``other`` (equal printed values count as well placed)?"""
    _, lat, lon = CARDS[card]
    _, other_lat, other_lon = CARDS[other]
    difference = {
        "n": lat - other_lat,
        "s": other_lat - lat,
        "e": lon - other_lon,
        "o": other_lon - lon,
    }[side]
    return difference >= 0


@dataclass
class Reference:
    """The table as the players lay it, and the tokens as the rules pay them."""

    tokens: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 4))
    column: list[str] = field(default_factory=list)  # north → south
    row: list[str] = field(default_factory=list)  # west → east
    start: str = ""

    def lay_start(self, card: str) -> None:
        self.start, self.column, self.row = card, [card], [card]

    def misplaced(self) -> int:
        count = 0
        arms = (
            (list(reversed(self.column[: self.column.index(self.start)])), "n"),
            (self.column[self.column.index(self.start) + 1 :], "s"),
            (list(reversed(self.row[: self.row.index(self.start)])), "o"),
            (self.row[self.row.index(self.start) + 1 :], "e"),
        )
        for cards, side in arms:
            reference = self.start
            for card in cards:
                if beyond(card, reference, side):
                    reference = card
                else:
                    count += 1
        return count

    def reward(self, estimates: dict[str, int]) -> None:
        misplaced = self.misplaced()
        exact = [p for p in PLAYERS if estimates[p] == misplaced]
        if exact:
            for player in exact:
                self.tokens[player] += 2
            return
        best = min(abs(estimates[p] - misplaced) for p in PLAYERS)
        for player in PLAYERS:
            if abs(estimates[player] - misplaced) == best:
                self.tokens[player] += 1

    def pay(self, payer: str, payee: str) -> None:
        if self.tokens[payer] > 0:
            self.tokens[payer] -= 1
            self.tokens[payee] += 1


@dataclass(frozen=True)
class Step:
    """One move, as a one-shot command and as a line of the session."""

    command: tuple[str, ...]  # after "pnp oucedonc game"; FILE is inserted second
    line: str
    refused: bool = False  # the referee must refuse it (exit 2, file untouched)


def script() -> tuple[list[Step], Reference, list[str]]:
    """The whole game: what is typed, and the reference tokens."""
    rng = random.Random(12)
    ids = list(CARDS)
    rng.shuffle(ids)
    starts = [ids.pop(), ids.pop(), ids.pop()]
    ref = Reference()
    steps: list[Step] = []
    turn = 0
    out: list[str] = []
    for pack, size in enumerate(PACK_SIZES):
        start = starts[pack]
        if pack == 0:
            ref.lay_start(start)  # given to 'game new --start' / at the session's first prompt
        for number in range(size):
            if pack == 2 and number == 5:  # a card out of the game, drawn again by mistake
                gone = typed_name(out[0], 1)
                steps.append(
                    Step(
                        ("place", gone, "--north-of", typed_name(ref.start, 0)),
                        f"{gone} n {typed_name(ref.start, 0)}",
                        refused=True,
                    )
                )
            card = ids.pop()
            line_cards = {"column": ref.column, "row": ref.row}
            line = "column" if rng.random() < 0.5 else "row"
            cards = line_cards[line]
            at = rng.randrange(len(cards) + 1)  # where the card goes on its line
            typed_where, where = placement(cards, at, line, number)
            if pack == 0 and number == 4:  # placed by mistake, then taken back
                steps.append(
                    Step(
                        ("place", typed_name(card, 2), *where),
                        f"{typed_name(card, 1)} {typed_where}",
                    )
                )
                steps.append(Step(("undo",), "annule"))
            steps.append(
                Step(
                    ("place", typed_name(card, number), *where),
                    f"{typed_name(card, number + 1)} {typed_where}",
                )
            )
            cards.insert(at, card)
            turn += 1
            if number % 3 == 1:  # the next player doubts, against the neighbour toward the start
                doubter = PLAYERS[turn % 3]
                index = cards.index(card)
                toward = index + 1 if index < cards.index(ref.start) else index - 1
                neighbour = cards[toward]
                side = (
                    ("n" if index < toward else "s")
                    if line == "column"
                    else ("o" if index < toward else "e")
                )
                steps.append(
                    Step(
                        (
                            "doubt",
                            "--by",
                            TYPED[doubter],
                            "--neighbour",
                            typed_name(neighbour, number),
                        ),
                        f"doute {TYPED[doubter]} {typed_name(neighbour, number + 2)}",
                    )
                )
                placer = PLAYERS[(turn - 1) % 3]
                if beyond(card, neighbour, side):
                    ref.pay(doubter, placer)
                else:
                    ref.pay(placer, doubter)
                    cards.remove(card)
                    out.append(card)
        if pack == 1:  # the Intermède came after 14 cards
            steps.append(Step(("intermede",), "intermède"))
        steps += count_steps(ref, pack, starts)
        if pack < 2:
            ref.lay_start(starts[pack + 1])
    return steps, ref, starts


def typed_name(card: str, style: int) -> str:
    """A card as typed: its id, its name in lower case, or the name as printed."""
    printed = CARDS[card][0]
    return [card, printed.lower(), printed][style % 3]


def placement(cards: list[str], at: int, line: str, number: int) -> tuple[str, tuple[str, ...]]:
    """Where a card goes at index ``at`` of its line (``cards``, a "column" or a "row"): as typed
    in the session, and as the one-shot command's options."""
    if at == 0:
        side = "n" if line == "column" else "o"
        anchor, option = cards[0], "--north-of" if line == "column" else "--west-of"
        return f"{side} {typed_name(anchor, number)}", (option, typed_name(anchor, number))
    if at == len(cards):
        side = "s" if line == "column" else "e"
        anchor, option = cards[-1], "--south-of" if line == "column" else "--east-of"
        return f"{side} {typed_name(anchor, number)}", (option, typed_name(anchor, number))
    first, second = cards[at - 1], cards[at]
    typed_where = f"entre {typed_name(first, number)} et {typed_name(second, number + 1)}"
    return typed_where, ("--between", typed_name(first, number), typed_name(second, number + 1))


def count_steps(ref: Reference, pack: int, starts: list[str]) -> list[Step]:
    """The count that ends pack ``pack`` (the players' estimates, rewarded in ``ref``), with the
    next start card after the first two packs."""
    misplaced = ref.misplaced()
    estimates = {"Ana": misplaced, "Ben": max(0, misplaced - 1), "Chloé": misplaced + 1}
    if pack == 2:
        estimates = {"Ana": misplaced + 2, "Ben": misplaced + 1, "Chloé": misplaced + 1}
    typed = [f"{TYPED[p]}={e}" for p, e in estimates.items()]
    ref.reward(estimates)
    command = ["count"] + [part for estimate in typed for part in ("--estimate", estimate)]
    if pack == 0:  # the next start card on the same line as the count
        command += ["--next-start", typed_name(starts[1], 1)]
        return [
            Step(tuple(command), "compte " + " ".join(typed)),
            Step((), f"{typed_name(starts[1], 2)}"),  # the session: the name alone
        ]
    if pack == 1:
        return [
            Step(tuple(command), "count " + " ".join(typed)),
            Step(("start", typed_name(starts[2], 0)), f"départ {typed_name(starts[2], 1)}"),
        ]
    return [Step(tuple(command), "compte " + " ".join(typed))]


LOCALES = {"fr": "fr_FR.UTF-8", "en": "en_US.UTF-8"}
SAYS = {  # what each language says at the moments the test looks at
    "fr": {
        "refused": "a quitté la partie",
        "early": "Intermède pioché après 14 cartes du paquet 2 (l’arbitre en attendait 15)",
        "over": "partie terminée",
        "wins": "{player} gagne avec {best} jetons",
        "share": "se partagent la victoire",
    },
    "en": {
        "refused": "out of the game",
        "early": "Intermède drawn after 14 cards of pack 2 (the referee expected 15)",
        "over": "game over",
        "wins": "{player} wins with {best} tokens",
        "share": "share the victory",
    },
}
DATA = [name for name, *_ in PLACES] + list(CARDS) + ["Oucédonc en France (test)", *PLAYERS]


def locale_env(language: str) -> dict[str, str]:
    """The locale of ``language`` and nothing else choosing it (no PNP_LANG, LC_ALL)."""
    return {"LC_ALL": "", "LC_MESSAGES": "", "LANG": LOCALES[language]}


def game_command(language: str, *args: str):
    with speaking("en"):  # the in-process run sets the language: restore it after
        return pnp("oucedonc", "game", *args, env=locale_env(language), own_pnp_env=True)


def new_game(path: Path, deck: Path, start: str, language: str) -> None:
    result = game_command(
        language, "new", str(path), "--deck", str(deck), "--players", ",".join(PLAYERS),
        "--start", start,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


@dataclass(frozen=True)
class Played:
    one_shot: bytes  # the game file the one-shot commands wrote
    session: bytes  # the game file the session wrote
    said: str  # everything the one-shot commands printed
    transcript: str  # the session
    ref: Reference
    game_file: Path


@cache
def played(language: str, folder: Path) -> Played:
    """The whole game in ``language``: by one-shot commands, then by the session."""
    steps, ref, starts = script()
    deck = folder / "deck.json"
    deck.write_text(deck_json(), encoding="utf-8")
    placed = sum(1 for step in steps if step.command[:1] == ("place",) and not step.refused)
    assert placed - 1 + len(starts) >= 45  # one placement is undone
    says = SAYS[language]

    one_shot = folder / f"one-shot-{language}.json"
    new_game(one_shot, deck, CARDS[starts[0]][0].upper(), language)
    said = []
    for step in steps:
        if not step.command:
            continue
        before = one_shot.read_bytes()
        result = game_command(language, step.command[0], str(one_shot), *step.command[1:])
        if step.refused:
            assert result.returncode == 2 and says["refused"] in result.stderr, result.stderr
            assert one_shot.read_bytes() == before
            said.append(result.stderr)
            continue
        assert result.returncode == 0, (step, result.stderr)
        said.append(result.stdout)
    assert says["over"] in result.stdout

    session = folder / f"session-{language}.json"
    lines = [CARDS[starts[0]][0].lower()] + [step.line for step in steps] + ["quitter"]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PNP_")}
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "oucedonc",
            "play",
            str(session),
            "--deck",
            str(deck),
            "--players",
            ", ".join(PLAYERS),
        ],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={**environment, **locale_env(language), "COLUMNS": "80"},
    )
    assert completed.returncode == 0, completed.stderr
    return Played(
        one_shot.read_bytes(),
        session.read_bytes(),
        "\n".join(said),
        completed.stdout,
        ref,
        session,
    )


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("table")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_whole_physical_game_by_one_shot_commands_and_by_the_session_end_alike(
    language: str, folder: Path
) -> None:
    game_of = played(language, folder)
    says = SAYS[language]
    transcript = game_of.transcript
    assert transcript.count("✗") == 1 and says["refused"] in transcript  # the one refused card
    assert says["early"] in " ".join(transcript.split())

    assert game_of.session == game_of.one_shot
    game = game_from_json(game_of.session.decode("utf-8"))
    ref = game_of.ref
    assert dict(zip(game.setup.players, game.state.tokens, strict=True)) == ref.tokens
    best = max(ref.tokens.values())
    winners = tuple(p for p in PLAYERS if ref.tokens[p] == best)
    assert game.state.over and game.state.winners(game.setup) == winners
    won = says["wins"].format(player=winners[0], best=best) if len(winners) == 1 else says["share"]
    assert won in " ".join(transcript.split()) and won in game_of.said
    # Only its language: what the commands said, and the session with the typed lines taken out.
    data = [*DATA, str(folder)]
    assert_speaks(language, game_of.said, data)
    spoken = [line for line in transcript.splitlines() if "› " not in line]
    assert_speaks(language, "\n".join(spoken), data)


@pytest.mark.slow
def test_the_game_file_is_the_same_in_french_and_in_english(folder: Path) -> None:
    assert played("fr", folder).session == played("en", folder).session
