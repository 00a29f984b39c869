"""The studio's sentences for the Oucédonc refusals it words its own way.

The rules' default sentences (:mod:`generator.games.oucedonc.refusals`) are clauses of the
command line's lines: lower case, the typed name in Python's quotes (``'Brezt'``), and advice
about "the deck file". On the studio's phone page a refusal stands alone in a box, read by a
player who has never seen a deck file: a sentence that starts with a capital, the typed text in
the language's quotation marks (“Brezt”, « Brezt »: the marks are the translation's), and
advice about what the player holds, the printed card (its name, or the number in its corner).
The command line keeps its own words (:mod:`generator.cli.oucedonc_refusals`).
"""

from __future__ import annotations

from generator.core.i18n import N_
from generator.core.refusal import Choice, IfAny, Reason, Sentence, Wording
from generator.core.refusal import Refusal as RuleRefusal
from generator.games.oucedonc.refusals import Hint, Why


def _kinds(card: str, player: str, place: str) -> Choice:
    return Choice(
        "kind",
        (("card", Sentence(card)), ("player", Sentence(player)), ("place", Sentence(place))),
    )


def _unknown(kind: str, some: str, none: str) -> tuple[str, IfAny]:
    return (kind, IfAny("closest", Sentence(some), Sentence(none)))


WORDINGS: dict[Reason, Wording] = {
    Hint.DECK_CARD: Sentence(
        N_("type the name as printed on the card, or the number in its corner")
    ),
    Hint.WRITE_THE_CODE: Sentence(N_("type it with its code in brackets, such as “{example}”")),
    Why.EMPTY_NAME: _kinds(
        N_("Name a card: {hint}."), N_("Name a player: {hint}."), N_("Name a place: {hint}.")
    ),
    Why.UNKNOWN_NAME: Choice(
        "kind",
        (
            _unknown(
                "card",
                N_("No card is called “{name}”; the closest: {closest}; {hint}."),
                N_("No card is called “{name}”; {hint}."),
            ),
            _unknown(
                "player",
                N_("No player is called “{name}”; the closest: {closest}; {hint}."),
                N_("No player is called “{name}”; {hint}."),
            ),
            _unknown(
                "place",
                N_("No place is called “{name}”; the closest: {closest}; {hint}."),
                N_("No place is called “{name}”; {hint}."),
            ),
        ),
    ),
    Why.AMBIGUOUS_NAME: _kinds(
        N_("“{name}” could be several cards: {candidates}; {advice}."),
        N_("“{name}” could be several players: {candidates}; {advice}."),
        N_("“{name}” could be several places: {candidates}; {advice}."),
    ),
    Why.NAME_TOO_LONG: Sentence(N_("“{name}…” is longer than any card’s name; {hint}.")),
    Why.SAME_PLACE: Sentence(
        N_(
            "Both cards are {name}: a card is never north, south, east or west of itself; "
            "choose two different cards."
        )
    ),
}


def said(refusal: RuleRefusal) -> str:
    """A rule's refusal as the studio says it: its own sentence where it has one, else the
    rules' default; a referee's refusal is a sentence standing alone, from a capital. Another
    game's (a variant's: "laps must be one of 8, 10") starts with the name it is given by and
    stays as written."""
    text = refusal.message(WORDINGS.get)
    if not isinstance(refusal.reason, Why):
        return text
    return text[:1].upper() + text[1:]
