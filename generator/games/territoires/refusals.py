"""Why the rules of Les territoires refuse: every reason as a code, with its default sentence
(see :mod:`generator.core.refusal`; the command line's own sentences, which name its options, are
in ``generator/cli/territoires_refusals.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import unique

from generator.core.i18n import N_, NN_, cli_language
from generator.core.refusal import Choice, Json, Plural, Reason, Sentence


@unique
class Why(Reason):
    """The reasons the rules of Les territoires refuse a set-up, a seat or a combination."""

    UNKNOWN_HOUSE = (
        "unknown-house",
        Sentence(N_("unknown house {text!r}; choose even (civilisation) or odd (nature)")),
    )
    PLAYER_COUNT = (
        "player-count",
        Sentence(N_("Les territoires is played by 2, 3 or 4 players, not {players}")),
    )
    NO_SUCH_SEAT = (
        "no-such-seat",
        Sentence(
            N_("seat {seat} does not exist at {players} players; choose a seat from 1 to {players}")
        ),
    )
    NO_SUCH_CARD = (
        "no-such-card",
        Sentence(N_("card {card} does not exist; a Lenormand deck has cards 1 to 36")),
    )
    THIRD_HAS_NO_HOUSE = (
        "third-has-no-house",
        Sentence(N_("the third player of three has no house; name the house he attacks instead")),
    )
    THIRD_NEEDS_TARGET = (
        "third-needs-target",
        Sentence(
            N_("the third player of three has no life and no house; name the house he attacks")
        ),
    )
    SEAT_HOUSE = (
        "seat-house",
        Choice(
            "house",
            (
                ("even", Sentence(N_("seat {seat} plays the even house, not the odd one"))),
                ("odd", Sentence(N_("seat {seat} plays the odd house, not the even one"))),
            ),
        ),
    )
    WHOSE_TURN = (
        "whose-turn",
        Sentence(N_("say whose turn it is: the house that plays (or the seat)")),
    )
    TARGET_ONLY_THIRD = (
        "target-only-third",
        Sentence(
            N_(
                "a target is for the third player of three only; a house always attacks the "
                "other one"
            )
        ),
    )
    LIFE_IMPOSSIBLE = (
        "life-impossible",
        Sentence(N_("life {life} is impossible; a house has 0 to {most} life cards")),
    )
    # -- combinations (InvalidCombination) ----------------------------------------------------
    CARD_COUNT = (
        "card-count",
        Plural(
            NN_(
                "{count} card given; a combination is 2 or 3 cards (1 only for a support laid "
                "alone, when the rules allow it)",
                "{count} cards given; a combination is 2 or 3 cards (1 only for a support laid "
                "alone, when the rules allow it)",
            ),
            "count",
        ),
    )
    CARD_TWICE = (
        "card-twice",
        Sentence(N_("card {card} is given twice; each card is in the deck once")),
    )
    LIFE_CARD = (
        "life-card",
        Sentence(
            N_("card {card} is a life card (21 to 36 count life); only cards 1 to 20 are played")
        ),
    )
    NOT_CONSECUTIVE = (
        "not-consecutive",
        Sentence(
            N_(
                "{a} and {b} do not follow each other; a pair needs consecutive values, e.g. "
                "{a} {next}"
            )
        ),
    )
    PAIRS_MUST_FOLLOW = (
        "pairs-must-follow",
        Sentence(
            N_(
                "{a} and {b} do not follow each other and the rule that pairs are consecutive is "
                "on; lay them in a run of three or play without that rule"
            )
        ),
    )
    THIRD_NO_SUPPORT = (
        "third-no-support",
        Sentence(
            N_(
                "{a} and {b} do not follow each other and supports serve a house only; the third "
                "player has none"
            )
        ),
    )
    THIRD_NO_LIFE = (
        "third-no-life",
        Sentence(
            N_(
                "{a} {b}: the third player of three has no life to heal and the pair has no "
                "weapon or support animal"
            )
        ),
    )
    THIRD_NO_WEAPON = (
        "third-no-weapon",
        Sentence(
            N_(
                "{a} {b} has no weapon (10, 11) or support animal (15, 18); the third player "
                "needs one to attack with two cards"
            )
        ),
    )
    NO_SPECIAL_CARD = (
        "no-special-card",
        Sentence(
            N_(
                "{a} {b} has no special card; a pair needs a weapon (10, 11), a support animal "
                "(15, 18), a support of your house ({supports}) or a healing card (13, 16)"
            )
        ),
    )
    ONE_CARD = (
        "one-card",
        Sentence(
            N_(
                "1 card given; a combination is 2 or 3 cards (a support alone counts only when "
                "the rules allow it)"
            )
        ),
    )
    NOT_ALONE = (
        "not-alone",
        Sentence(
            N_(
                "{card} alone is not a combination; only a support of your house ({supports}) may "
                "be laid alone"
            )
        ),
    )
    RUN_NOT_CONSECUTIVE = (
        "run-not-consecutive",
        Sentence(
            N_(
                "{cards} are not three consecutive values; a run of three needs values that "
                "follow each other, e.g. 7 8 9"
            )
        ),
    )
    CANNOT_HEAL = (
        "cannot-heal",
        Sentence(
            N_(
                "{cards} cannot heal: healing needs 13 or 16 with a card next to it, laid by a "
                "player with life"
            )
        ),
    )
    CANNOT_ATTACK = ("cannot-attack", Sentence(N_("{cards} cannot attack; it only heals")))


@dataclass(frozen=True)
class CardLabel:
    """A Lenormand card as its number and name, in the command line's language."""

    card: int

    def words(self) -> str:
        from generator.games.territoires.lenormand import lenormand

        return lenormand(self.card).label(cli_language())

    def to_json(self) -> Json:
        return self.card


@dataclass(frozen=True)
class Cards:
    """Card numbers written one after the other: "7 8 9" (or "7, 8, 9")."""

    numbers: tuple[int, ...]
    separator: str = " "

    def words(self) -> str:
        return self.separator.join(map(str, self.numbers))

    def to_json(self) -> Json:
        return list(self.numbers)
