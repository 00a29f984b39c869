"""Print profiles: ``home`` (RGB, for screens and home printers) or ``shop`` (PDF/X-4, CMYK).

The profile is a property of a document (:func:`generator.render.document.new_document`): the
same painters draw both; the profile picks each palette colour's form, the bleed, and how the
file is finished (:mod:`generator.render.pdfx` for ``shop``).
"""

from __future__ import annotations

from enum import StrEnum

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import _, number
from generator.render.ink import DEFAULT_INK_LIMIT, INK_LIMIT_RANGE

#: The bleed print shops ask for (mm), around every card and every page of a shop file.
SHOP_BLEED = 3.0


class Profile(StrEnum):
    HOME = "home"
    SHOP = "shop"


class Ink(StrEnum):
    """How much ink the large solid areas take: ``light`` prints the Oucédonc token backs as a
    ring and a small star on the paper (a school printer's cartridge lasts)."""

    FULL = "full"
    LIGHT = "light"


class PrintProfile(Struct, frozen=True):
    """``home`` or ``shop``, and for ``shop`` the total ink limit (%)."""

    kind: Profile = Profile.HOME
    ink_limit: float = DEFAULT_INK_LIMIT

    def __post_init__(self) -> None:
        low, high = INK_LIMIT_RANGE
        if not low <= self.ink_limit <= high:
            raise UserError(
                _(
                    "ink limit {ink_limit} % is out of range; give {low} to {high} (300 for "
                    "coated paper, 240 to 260 for uncoated)"
                ).format(ink_limit=number(self.ink_limit), low=number(low), high=number(high))
            )
        if self.kind is Profile.HOME and self.ink_limit != DEFAULT_INK_LIMIT:
            raise UserError(_("--ink-limit is for print-shop files; add --profile shop"))

    @property
    def shop(self) -> bool:
        return self.kind is Profile.SHOP

    def bleed(self, requested: float | None, home_default: float) -> float:
        """The bleed to use (mm): the user's, else the product's home default or 3 mm for a
        shop; a shop file with less than 3 mm is refused (shops trim up to 1.5 mm off)."""
        if requested is None:
            return SHOP_BLEED if self.shop else home_default
        if self.shop and requested < SHOP_BLEED:
            raise UserError(
                _(
                    "--bleed {requested} is too little for a print shop; they ask for {shop} mm: "
                    "use --bleed {shop} or more, or --profile home"
                ).format(requested=f"{requested:g}", shop=f"{SHOP_BLEED:g}")
            )
        return requested


HOME = PrintProfile()
SHOP = PrintProfile(Profile.SHOP)


def print_profile(name: str | Profile, ink_limit: float | None = None) -> PrintProfile:
    """The profile the user named (``home`` or ``shop``), with an optional ink limit (%)."""
    try:
        kind = Profile(name.value if isinstance(name, Profile) else name.strip().lower())
    except ValueError:
        raise UserError(
            _("unknown profile {name!r}; choose home or shop").format(name=name)
        ) from None
    return PrintProfile(kind, DEFAULT_INK_LIMIT if ink_limit is None else ink_limit)
