"""The command line's sentences for the refusals of Les territoires that name its options."""

from __future__ import annotations

from generator.core.i18n import N_, NN_
from generator.core.refusal import Choice, Plural, Reason, Sentence, Wording
from generator.games.territoires.refusals import Why

WORDINGS: dict[Reason, Wording] = {
    Why.PLAYER_COUNT: Sentence(
        N_(
            "Les territoires is played by 2, 3 or 4 players, not {players}; pass --players 2, 3 "
            "or 4"
        )
    ),
    Why.THIRD_HAS_NO_HOUSE: Sentence(
        N_(
            "the third player of three has no house; drop --house and name the house he attacks "
            "with --target"
        )
    ),
    Why.THIRD_NEEDS_TARGET: Sentence(
        N_(
            "the third player of three has no life and no house; name the house he attacks "
            "with --target even|odd"
        )
    ),
    Why.SEAT_HOUSE: Choice(
        "house",
        (
            (
                "even",
                Sentence(
                    N_(
                        "seat {seat} plays the even house, not the odd one; drop --house or "
                        "--seat, or fix one of them"
                    )
                ),
            ),
            (
                "odd",
                Sentence(
                    N_(
                        "seat {seat} plays the odd house, not the even one; drop --house or "
                        "--seat, or fix one of them"
                    )
                ),
            ),
        ),
    ),
    Why.WHOSE_TURN: Sentence(N_("say whose turn it is: pass --house even|odd (or --seat N)")),
    Why.TARGET_ONLY_THIRD: Sentence(
        N_(
            "--target is for the third player of three (--players 3 --seat 3); a house always "
            "attacks the other one"
        )
    ),
    Why.LIFE_IMPOSSIBLE: Sentence(
        N_("life {life} is impossible; a house has 0 to {most} life cards, pass --life 0 to {most}")
    ),
    Why.CARD_COUNT: Plural(
        NN_(
            "{count} card given; a combination is 2 or 3 cards (1 only with --support-alone)",
            "{count} cards given; a combination is 2 or 3 cards (1 only with --support-alone)",
        ),
        "count",
    ),
    Why.PAIRS_MUST_FOLLOW: Sentence(
        N_(
            "{a} and {b} do not follow each other and the rule --pairs consecutive is on; lay "
            "them in a run of three or drop that option"
        )
    ),
    Why.ONE_CARD: Sentence(
        N_(
            "1 card given; a combination is 2 or 3 cards (a support alone counts only with "
            "--support-alone)"
        )
    ),
    Why.CANNOT_ATTACK: Sentence(N_("{cards} cannot attack; it only heals (drop --as attack)")),
}
