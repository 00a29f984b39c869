"""The calculator's readings in words, worded here once for both languages.

:mod:`generator.games.territoires.combat` finds *why* a combination counts (a
:class:`~generator.games.territoires.combat.Reason`); :func:`explain` says it, in the language
asked for: the command line's for the calculator's answer, English for the JSON's
``"explanation"`` (which stays the same whatever the language, the cards named as in the rules
data). The other lines of the text output (the change, the house, the life) are the CLI's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.i18n import Language, _, ngettext, speaking
from generator.games.territoires.houses import House, Role, house_of
from generator.games.territoires.lenormand import lenormand

if TYPE_CHECKING:
    from generator.games.territoires.combat import Outcome, Reason


def house_phrase(house: House, names: Language | None = None) -> str:
    """ "the even house (civilisation)" (with its name when ``names`` is given) or "the even
    house", in the command line's language."""
    if names is None:
        return _("the even house") if house is House.EVEN else _("the odd house")
    phrase = _("the even house ({name})") if house is House.EVEN else _("the odd house ({name})")
    return phrase.format(name=house.name_in(names))


def explain(outcome: Outcome, language: Language, names: Language) -> str:
    """Why ``outcome`` counts and what it does, in ``language``, the cards named in ``names``:
    "11 Fouet is a weapon of the other house (odd): the odd house (nature) loses 1 life card"."""
    with speaking(language):
        reason = _reason(outcome.reason, names)
        if outcome.effect == "heal":
            won = outcome.change
            result = ngettext(
                "{house} wins back {count} life card", "{house} wins back {count} life cards", won
            ).format(house=house_phrase(outcome.side), count=won)
        elif outcome.change:
            lost = -outcome.change
            result = ngettext(
                "{house} loses {count} life card", "{house} loses {count} life cards", lost
            ).format(house=house_phrase(outcome.side, names), count=lost)
        else:
            result = _("{house} loses nothing").format(house=house_phrase(outcome.side, names))
        # TRANSLATORS: why a combination counts, then what it does to a house's life
        return _("{reason}: {result}").format(reason=reason, result=result)


def _reason(reason: Reason, names: Language) -> str:
    card = lenormand(reason.card).label(names) if reason.card is not None else ""
    weapon = reason.role is Role.WEAPON
    kind = reason.kind
    if kind == "both_supports":
        assert reason.pair is not None
        a, b = reason.pair
        if reason.house is House.EVEN:
            return _("both civilisation supports {a} and {b} laid together").format(a=a, b=b)
        return _("both nature supports {a} and {b} laid together").format(a=a, b=b)
    if kind == "both_of_kind":
        assert reason.pair is not None
        a, b = reason.pair
        words = _("both weapons {a} and {b}") if weapon else _("both support animals {a} and {b}")
        return words.format(a=a, b=b)
    if kind == "kind_third":
        words = (
            _("{card} is a weapon; the third player has no parity bonus or malus")
            if weapon
            else _("{card} is a support animal; the third player has no parity bonus or malus")
        )
        return words.format(card=card)
    if kind in ("kind_own", "kind_other"):
        assert reason.card is not None
        even = house_of(reason.card) is House.EVEN
        words = {
            ("kind_own", True, True): _("{card} is a weapon of your house (even)"),
            ("kind_own", True, False): _("{card} is a weapon of your house (odd)"),
            ("kind_own", False, True): _("{card} is a support animal of your house (even)"),
            ("kind_own", False, False): _("{card} is a support animal of your house (odd)"),
            ("kind_other", True, True): _("{card} is a weapon of the other house (even)"),
            ("kind_other", True, False): _("{card} is a weapon of the other house (odd)"),
            ("kind_other", False, True): _("{card} is a support animal of the other house (even)"),
            ("kind_other", False, False): _("{card} is a support animal of the other house (odd)"),
        }[(kind, weapon, even)]
        return words.format(card=card)
    if kind == "run_parity":
        return ngettext(
            "a run of three with {count} card of your parity",
            "a run of three with {count} cards of your parity",
            reason.own,
        ).format(count=reason.own)
    words = {
        "own_support": _("{card} supports your house"),
        "foreign_support_in_run": _("{card} supports the other house, even inside a run of three"),
        "foreign_support": _("{card} supports the other house"),
        "run_third": _("a run of three; the third player has no parity bonus or malus"),
        "support_alone": _("{card} supports your house, laid alone"),
        "heals_own": _("{card} heals and has your parity"),
        "heals_other": _("{card} heals with the other house's parity"),
    }[kind]
    return words.format(card=card)
