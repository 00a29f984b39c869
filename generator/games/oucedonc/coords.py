"""Coordinates as printed on the backs of Oucédonc cards, and the precision they are compared at.

The referee never disagrees with the cards: it compares the integers printed on the backs.
A coordinate is turned into a whole number of *units* (arc-minutes by default) by rounding half
away from zero; that integer is what is printed and what is compared. Rounding is monotone, so a
strict order between printed values is always the true order of the places.
"""

from __future__ import annotations

import math
from enum import Enum, StrEnum
from functools import cache, partial
from typing import TYPE_CHECKING

from generator.core.i18n import M_, Language
from generator.core.refusal import Refusal
from generator.games.oucedonc.refusals import Why

if TYPE_CHECKING:  # numpy comes with the selection: the referee never imports it
    from generator.geo.selection import Grid


class Precision(Enum):
    """How finely coordinates are printed (and therefore compared)."""

    MINUTE = "minute"
    SECOND = "second"
    HUNDREDTH = "0.01"

    @property
    def units_per_degree(self) -> int:
        return {"minute": 60, "second": 3600, "0.01": 100}[self.value]

    @property
    def label(self) -> str:
        """French description, for rule cards and the referee page (printed material: translated
        where printed, ``P_(language, precision.label)``)."""
        return {
            "minute": M_("à la minute d’arc près"),
            "second": M_("à la seconde d’arc près"),
            "0.01": M_("au centième de degré près"),
        }[self.value]


def parse_precision(text: str) -> Precision:
    """``minute``, ``second`` or ``0.01``; a refusal otherwise."""
    try:
        return Precision(text.strip().lower())
    except ValueError:
        choices = tuple(p.value for p in Precision)
        raise Refusal(Why.UNKNOWN_PRECISION, {"text": text, "choices": choices}) from None


def to_units(degrees: float, precision: Precision) -> int:
    """Decimal degrees to whole printed units, rounding half away from zero."""
    return _to_units(degrees, precision.units_per_degree)


def _to_units(degrees: float, per_degree: int) -> int:
    scaled = abs(degrees) * per_degree
    # Guard against binary noise such as 48.25 * 60 = 2894.9999999999995.
    units = math.floor(round(scaled, 9) + 0.5)
    return units if degrees >= 0 else -units


def from_units(units: int, precision: Precision) -> float:
    """Printed units back to decimal degrees (the value the card states)."""
    return units / precision.units_per_degree


def _format(units: int, precision: Precision, positive: str, negative: str) -> str:
    hemisphere = positive if units >= 0 else negative
    magnitude = abs(units)
    if precision is Precision.MINUTE:
        degrees, minutes = divmod(magnitude, 60)
        return f"{degrees}°{minutes:02d}′ {hemisphere}"
    if precision is Precision.SECOND:
        degrees, rest = divmod(magnitude, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{degrees}°{minutes:02d}′{seconds:02d}″ {hemisphere}"
    whole, hundredths = divmod(magnitude, 100)
    return f"{whole},{hundredths:02d}° {hemisphere}"


def format_latitude(units: int, precision: Precision) -> str:
    """``48°07′ N`` (minute), ``48°07′12″ N`` (second) or ``48,12° N`` (0.01)."""
    return _format(units, precision, "N", "S")


def format_longitude(units: int, precision: Precision) -> str:
    """``1°41′ O`` (O for ouest, as on French cards) or ``7°15′ E``."""
    return _format(units, precision, "E", "O")


def printed_coordinate(text: str, language: Language) -> str:
    """A coordinate as the deck file records it (French: ``1°41′ O``, ``48,12° N``) as the cards
    of ``language`` print it: English writes W for west and a decimal point. The deck file's
    text is the same in every language (the referee compares the units)."""
    if language == "fr":
        return text
    value, _space, hemisphere = text.rpartition(" ")
    return f"{value.replace(',', '.')} {'W' if hemisphere == 'O' else hemisphere}"


def format_decimal(degrees: float, decimals: int = 2) -> str:
    """Signed decimal degrees with a French decimal comma: ``48,11`` or ``-1,68``."""
    text = f"{degrees:.{decimals}f}".replace(".", ",")
    return "0" + text[2:] if text.startswith("-0") and set(text[1:]) <= {"0", ","} else text


#: The precision ``auto``: whole arc-minutes as on the original cards when the deck loses nothing
#: at that precision (every best known place dealt, the deck complete); arc-seconds otherwise.
AUTO_PRECISIONS = (Precision.MINUTE, Precision.SECOND)
AUTO = "auto"


class PrecisionChoice(StrEnum):
    """A precision as a user asks for a deck's: one of :class:`Precision`'s, or
    ``auto`` (:data:`AUTO_PRECISIONS`, tried in order)."""

    AUTO = AUTO  # the module constant, read in the class body
    MINUTE = Precision.MINUTE.value
    SECOND = Precision.SECOND.value
    HUNDREDTH = Precision.HUNDREDTH.value

    @property
    def precisions(self) -> tuple[Precision, ...]:
        """The precisions a deck may try, in order: minute then second for ``auto``."""
        return AUTO_PRECISIONS if self is PrecisionChoice.AUTO else (Precision(self.value),)


def parse_precisions(text: str) -> tuple[Precision, ...]:
    """``auto`` (minute, else second) or one precision: the precisions a deck may try, in order."""
    if text.strip().lower() == AUTO:
        return AUTO_PRECISIONS
    return (parse_precision(text),)


@cache  # one grid per precision: a deal of the same terms is then known again (geo.selection)
def printed_grid(precision: Precision) -> Grid:
    """The selection's decidability grid: the integers the backs print at ``precision``."""
    from generator.geo.selection import Grid

    # the selection asks for every candidate's units: the enum is read once here
    per_degree = precision.units_per_degree
    return Grid(precision.value, partial(_to_units, per_degree=per_degree), per_degree)
