"""The printing choices the products share, as objects: how a deck is imposed on sheets, and
which face files it also gets.

Each product's options hold its own choices beside these (a paper, a print profile, a language
are plain fields of every product's options). The command line declares the options that make
them once (:mod:`generator.cli.print_options`) and hands the products these objects.
"""

from __future__ import annotations

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, Language, _
from generator.render.card_size import NO_OFFSET, POKER, BackOffset, CardSize
from generator.render.deck_files import ImageSize
from generator.render.duplex import Duplex
from generator.render.imposition import SheetSpec
from generator.render.paper import Paper
from generator.render.profile import PrintProfile


class Imposition(Struct, frozen=True):
    """How a deck is laid on sheets: the card's size, the bleed around it (None: the product's
    home bleed, 3 mm for a print shop), how the backs get behind the fronts, and the backs'
    shift measured with ``pnp calibrate``."""

    card: CardSize = POKER
    bleed: float | None = None
    duplex: Duplex = Duplex.LONG
    back_offset: BackOffset = NO_OFFSET

    def spec(
        self,
        paper: Paper,
        profile: PrintProfile,
        home_bleed: float,
        language: Language = MATERIAL_DEFAULT,
    ) -> SheetSpec:
        """The imposition engine's spec (a UserError for a bleed the profile refuses or one
        out of range)."""
        return SheetSpec(
            paper=paper,
            card=self.card,
            bleed=profile.bleed(self.bleed, home_bleed),
            duplex=self.duplex,
            back_offset=self.back_offset,
            profile=profile,
            language=language,
        )


class DeckFormat(Struct, frozen=True):
    """What an export asks of a product's decks: their card size (None: the product's own, for
    decks cut to one size only), the bleed around each face (mm; None: the product's home
    bleed; 0 for a screen) and the language of their printed words. A product turns it into its
    options with ``Product.deck_options``."""

    card: CardSize | None = None
    bleed: float | None = None
    language: Language = MATERIAL_DEFAULT

    def imposition(self) -> Imposition:
        """An :class:`Imposition` cut to this format (poker cards when it names no size)."""
        return Imposition(card=self.card or POKER, bleed=self.bleed)


class FaceFiles(Struct, frozen=True):
    """The deck files beside each other: one face per page (``faces``, the back before the
    front with ``back_first``), the deck imposed on sheets (``imposed``) and an image per face
    (``images``).

    What a deck gets depends on its print profile: at home the imposed sheets always, the faces
    file when asked; for a print shop the faces file always (what card printers take: one card
    and its bleed a page, TrimBox and BleedBox on each) and the imposed sheets only when asked
    (a copy shop that prints sheets and cuts them; the studio's previews are cut from them).
    Each product checks them against its profile (:meth:`check`)."""

    faces: bool = False
    back_first: bool = False
    images: ImageSize | None = None
    imposed: bool = False

    def faces_for(self, profile: PrintProfile) -> bool:
        """Whether a deck printed with ``profile`` gets its faces file."""
        return self.faces or profile.shop

    def imposed_for(self, profile: PrintProfile) -> bool:
        """Whether a deck printed with ``profile`` gets its imposed sheets."""
        return self.imposed or not profile.shop

    def check(self, profile: PrintProfile) -> None:
        """A UserError for a choice ``profile`` makes meaningless."""
        if self.back_first and not self.faces_for(profile):
            raise UserError(_("--back-first orders the faces files; add --faces"))
        if self.imposed and not profile.shop:
            raise UserError(
                _("--imposed adds the imposed sheets to a shop deck; a home deck always has them")
            )
