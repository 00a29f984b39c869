"""Why the referee service refuses what was typed before the rules even see a move: a line of the
session it cannot read, a place it has no data for. The rules' own refusals are in
:mod:`generator.games.oucedonc.refusals`; both are :class:`~generator.core.refusal.Refusal`."""

from __future__ import annotations

from enum import unique

from generator.core.i18n import N_
from generator.core.refusal import Reason, Sentence


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
    EVERY_ESTIMATE = (
        "every-estimate",
        Sentence(N_("give every player's estimate: 'count {example}'")),
    )
    NO_EMBEDDED_PLACES = (
        "no-embedded-places",
        Sentence(N_("the embedded place data is not installed in this pnp; verify on a deck file")),
    )
