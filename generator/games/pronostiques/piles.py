"""The pile limits of Pronostiques: no car may lap too far ahead of the others.

"la pile la plus avancée ne peut pas avoir plus de 5 cartes d'avance sur la moins avancée" and
"chaque pile ne peut avoir plus de 3 cartes d'avance sur la pile la plus avancée après elle".
Heights are given in suit order ♥ ♦ ♠ ♣. Readings: docs/rules/pronostiques.md.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from generator.core.i18n import ngettext, number, speaking
from generator.core.refusal import Number, Refusal
from generator.games.pronostiques.refusals import Why
from generator.games.pronostiques.suits import SUITS, Suit

PLAYERS: tuple[int, ...] = (3, 4)  # « Nombre de joueur: 3-4 »
SEED_LAPS = 8  # « piles allant de 1 à 8 »
RACE_LENGTHS: tuple[int, ...] = (SEED_LAPS, 10)  # the seed's 8 (default), or the cards' 10 (option)


def check_players(players: int) -> int:
    """``players`` if Pronostiques is for that many, else a refusal saying how many may play."""
    if players not in PLAYERS:
        raise Refusal(Why.PLAYER_COUNT, {"players": players})
    return players


def check_laps(laps: int) -> int:
    """``laps`` if it is a race length of the rules (docs/rules/pronostiques.md), else a
    refusal."""
    if laps not in RACE_LENGTHS:
        raise Refusal(Why.RACE_LENGTH, {"laps": laps})
    return laps


#: « La manche se termine dès que 3 des 4 piles sont complètes. »
ROUND_OVER_PILES = 3


@dataclass(frozen=True)
class PileRules:
    """``laps``: the card that completes a pile (8 by the seed's "piles allant de 1 à 8");
    ``max_spread``: most vs least advanced; ``max_gap``: a pile vs the next most advanced."""

    laps: int = SEED_LAPS
    max_spread: int = 5
    max_gap: int = 3


@dataclass(frozen=True)
class PileBreak:
    """A pile limit broken: the pile ``ahead`` is too far ahead of the pile ``behind`` (the
    least advanced for the spread, the next most advanced for the gap)."""

    limit: str  # "spread" or "gap"
    ahead: Suit
    ahead_height: int
    behind: Suit
    behind_height: int
    most: int  # the limit: at most this many cards ahead

    @property
    def text(self) -> str:
        """The break in words, in the command line's language."""
        cards = self.ahead_height - self.behind_height
        if self.limit == "spread":
            message = ngettext(
                "{ahead} ({ahead_height}) is {cards} card ahead of {behind} ({behind_height}), "
                "the least advanced pile: at most {most}",
                "{ahead} ({ahead_height}) is {cards} cards ahead of {behind} ({behind_height}), "
                "the least advanced pile: at most {most}",
                cards,
            )
        else:
            message = ngettext(
                "{ahead} ({ahead_height}) is {cards} card ahead of {behind} ({behind_height}), "
                "the next most advanced pile: at most {most}",
                "{ahead} ({ahead_height}) is {cards} cards ahead of {behind} ({behind_height}), "
                "the next most advanced pile: at most {most}",
                cards,
            )
        return message.format(
            ahead=self.ahead.symbol,
            ahead_height=number(self.ahead_height),
            cards=number(cards),
            behind=self.behind.symbol,
            behind_height=number(self.behind_height),
            most=number(self.most),
        )


@dataclass(frozen=True)
class PileCheck:
    heights: tuple[int, ...]  # ♥ ♦ ♠ ♣
    breaks: tuple[PileBreak, ...]
    playable: tuple[Suit, ...]  # piles that may take the next card: none once the round is over
    complete: tuple[Suit, ...]
    rules: PileRules

    @property
    def ok(self) -> bool:
        return not self.breaks

    @property
    def round_over(self) -> bool:
        """The round ends as soon as three of the four piles are complete."""
        return len(self.complete) >= ROUND_OVER_PILES

    def to_json(self) -> dict[str, object]:
        """The check as JSON: codes, and the breaks' sentences in English whatever the language
        spoken (the JSON is the same in every language)."""
        with speaking("en"):
            return self._json()

    def _json(self) -> dict[str, object]:
        return {
            "heights": {s.symbol: h for s, h in zip(SUITS, self.heights, strict=True)},
            "ok": self.ok,
            "breaks": [{"limit": b.limit, "text": b.text} for b in self.breaks],
            "playable": [s.symbol for s in self.playable],
            "complete": [s.symbol for s in self.complete],
            "round_over": self.round_over,
            "laps": self.rules.laps,
        }


def limit_breaks(heights: tuple[int, ...], rules: PileRules = PileRules()) -> tuple[PileBreak, ...]:
    """The limits that ``heights`` (♥ ♦ ♠ ♣) break, most serious first; empty when legal."""
    named = sorted(zip(heights, SUITS, strict=True), key=lambda hs: (-hs[0], SUITS.index(hs[1])))
    breaks = []
    (top, top_suit), (low, low_suit) = named[0], named[-1]
    if top - low > rules.max_spread:
        breaks.append(PileBreak("spread", top_suit, top, low_suit, low, rules.max_spread))
    for (h, suit), (next_h, next_suit) in itertools.pairwise(named):
        if h - next_h > rules.max_gap:
            breaks.append(PileBreak("gap", suit, h, next_suit, next_h, rules.max_gap))
    return tuple(breaks)


def check_piles(heights: tuple[int, ...], rules: PileRules = PileRules()) -> PileCheck:
    """Whether four pile heights respect both limits, which break, and where a card may go next."""
    if len(heights) != 4:
        raise Refusal(Why.FOUR_HEIGHTS, {"count": Number(len(heights))})
    for suit, h in zip(SUITS, heights, strict=True):
        if not 0 <= h <= rules.laps:
            raise Refusal(Why.PILE_HEIGHT, {"suit": suit.symbol, "height": h, "laps": rules.laps})
    heights = tuple(heights)
    complete = tuple(suit for suit, h in zip(SUITS, heights, strict=True) if h == rules.laps)
    # « La manche se termine dès que 3 des 4 piles sont complètes »: then no card is played.
    playable = tuple(
        suit
        for i, suit in enumerate(SUITS)
        if len(complete) < ROUND_OVER_PILES
        and heights[i] < rules.laps
        and not limit_breaks((*heights[:i], heights[i] + 1, *heights[i + 1 :]), rules)
    )
    return PileCheck(heights, limit_breaks(heights, rules), playable, complete, rules)
