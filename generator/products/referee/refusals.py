"""Why the referee service refuses what was typed before the rules even see a move: a line of the
session it cannot read, a place it has no data for. The rules' own refusals are in
:mod:`generator.games.oucedonc.refusals`; both are :class:`~generator.core.refusal.Refusal`."""

from __future__ import annotations

from enum import unique

from generator.core.i18n import N_
from generator.core.refusal import Choice, Reason, Sentence


@unique
class Said(Reason):
    """The reasons a typed line (or a verdict by name) is refused."""

    LINE_TOO_LONG = (
        "line-too-long",
        Sentence(
            N_(
                "this line has {length} characters and a move has at most {most}; type one move a "
                "line"
            )
        ),
    )
    NOT_UNDERSTOOD = (
        "not-understood",
        Sentence(
            N_(
                "{line!r} is not understood; place a card as 'brest n lyon' or 'brest between "
                "lyon and paris' (n s e w, north south east west); 'help' lists the commands"
            )
        ),
    )
    WHICH_CARD_WHERE = (
        "which-card-where",
        Sentence(N_("say which card goes where: 'brest n lyon', 'brest between lyon and paris'")),
    )
    BETWEEN_TWO = (
        "between-two",
        Sentence(N_("'between' takes two cards side by side: 'brest between lyon and paris'")),
    )
    WHICH_NEIGHBOUR = (
        "which-neighbour",
        Sentence(N_("against which neighbour of {card}: {neighbours}? e.g. 'doubt ben {first}'")),
    )
    WHICH_SIDE = (
        "which-side",
        Choice(
            "side",
            (
                (
                    "north-of",
                    Sentence(N_("{anchor} already has {neighbour} to its north: {choices}?")),
                ),
                (
                    "south-of",
                    Sentence(N_("{anchor} already has {neighbour} to its south: {choices}?")),
                ),
                (
                    "west-of",
                    Sentence(N_("{anchor} already has {neighbour} to its west: {choices}?")),
                ),
                (
                    "east-of",
                    Sentence(N_("{anchor} already has {neighbour} to its east: {choices}?")),
                ),
            ),
        ),
    )
    CARD_TWICE = (
        "card-twice",
        Sentence(N_("{card} is named twice; a card lies in one place of the cross")),
    )
    EVERY_ESTIMATE = (
        "every-estimate",
        Sentence(N_("give every player's estimate: 'count {example}'")),
    )
    VERIFY_FORM = (
        "verify-form",
        Sentence(
            N_(
                "{text!r} does not say where; ask as 'brest west-of rennes', 'brest ouest rennes' "
                "or 'brest between lyon paris'"
            )
        ),
    )
    WHICH_LINE = (
        "which-line",
        Sentence(
            N_(
                "say on which line {first} and {second} lie: the north–south column or the "
                "west–east row"
            )
        ),
    )
    NO_EMBEDDED_PLACES = (
        "no-embedded-places",
        Sentence(N_("the embedded place data is not installed in this pnp; verify on a deck file")),
    )
