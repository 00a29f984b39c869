"""The printable 36-card Petit Lenormand deck of Les territoires, through the imposition engine.

Each front shows the picture of the card's traditional subject (the icon named in the
Lenormand table of ``games/territoires``), the number, the French name, the playing-card inset
(suit drawn as a vector shape), the house of the card's parity and its role in this game with
what it does. The back is
the same for all 36 cards. :func:`lenormand_deck` is the deck, which
:mod:`generator.render.deck_files` imposes, bleeds, marks and mirrors like every deck.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language, _
from generator.games.catalog import TERRITOIRES
from generator.games.territoires import LENORMAND, House, LenormandCard, house_of, role_of
from generator.render.card_size import POKER, CardSize
from generator.render.colour import set_fill, set_stroke
from generator.render.deck import Backs, CardDeck
from generator.render.document import DocInfo
from generator.render.draw.shapes import fill_bleed, rounded_box
from generator.render.draw.text import shrink_to_width, text, width_mm
from generator.render.fonts import MIN_READING_PT, MIN_TEXT_PT, register_fonts
from generator.render.icons import draw_picture, picture_credit
from generator.render.imposition import Card, CardBox, Rect
from generator.render.territoires.palette import PALETTE
from generator.render.territoires.rule_texts import role_effect
from generator.render.territoires.suits import draw_suit
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def _lines_too_wide(width: float, height: float, language: Language = MATERIAL_DEFAULT) -> str:
    """The first front text of the 36 cards that cannot fit its room at 7 pt on a card of this
    size ("" when every one fits): sizes follow the card's width, never below 7 pt."""
    f = register_fonts()
    layout = front_layout(CardBox(width, height, 0.0))
    inner = layout.inner
    house_room = _house_room(layout)
    for number in range(1, len(LENORMAND) + 1):
        card = LENORMAND[number - 1]
        house = house_line(number, language)
        if min(width_mm(house, font, MIN_READING_PT) for font in (f.bold, f.condensed_bold)) > (
            house_room
        ):
            return _("the house line « {text} »").format(text=house)
        for what, string, font, size, room in (
            (
                _("the name « {text} »"),
                card.name_in(language),
                f.title,
                MIN_READING_PT,
                inner.width,
            ),
            (
                _("the playing card « {text} »"),
                card.playing_card.words(language),
                f.oblique,
                _words_size(layout),
                inner.width,
            ),
            (
                _("the role « {text} »"),
                role_of(number).name_in(language).upper(),
                f.condensed_bold,
                MIN_READING_PT,
                inner.width - 4,
            ),
            (
                _("the effect « {text} »"),
                role_effect(number, language),
                f.condensed,
                MIN_READING_PT,
                inner.width,
            ),
        ):
            if width_mm(string, font, size) > room:
                return what.format(text=string)
    return ""


def check_card_fits(
    width: float, height: float, name: str, language: Language = MATERIAL_DEFAULT
) -> None:
    """A card so small that a front's text would print under 7 pt (or overflow its room) is
    refused, saying which text and the narrowest card that takes it."""
    from generator.core.errors import UserError

    what = _lines_too_wide(width, height, language)
    if not what:
        return
    least = next(
        (
            w
            for w in range(math.ceil(width), 64)
            if not _lines_too_wide(w, height * w / width, language)
        ),
        63,
    )
    message = _(
        "a {name} card ({width} mm wide) cannot fit {what} at {size} pt; use --card poker or "
        "bridge, or WxH at least {least} mm wide"
    )
    raise UserError(
        message.format(
            name=name, width=f"{width:g}", what=what, size=f"{MIN_READING_PT:g}", least=least
        )
    )


def _house_room(layout: FrontLayout) -> float:
    """The width (mm) between the number and the playing-card inset, for the house line."""
    left = (
        layout.inner.x
        + width_mm("36", register_fonts().title, 24 * layout.scale)
        + 1.5 * layout.scale
    )
    return layout.inset.x - 1.5 * layout.scale - left


def _words_size(layout: FrontLayout) -> float:
    return max(MIN_READING_PT, 7.5 * layout.scale)


def house_line(number: int, language: Language = MATERIAL_DEFAULT) -> str:
    """ "Paire · civilisation": the parity of the card and its house."""
    if house_of(number) is House.EVEN:
        return P_(language, "Paire · civilisation")
    return P_(language, "Impaire · nature")


@dataclass(frozen=True)
class FrontLayout:
    """Where each part of a front goes (mm, origin the trim's lower-left corner): the picture
    panel fills the middle of the card, the texts keep to the bands above and below it."""

    scale: float
    inner: Rect
    panel: Rect  # the tinted window behind the picture
    picture_size: float  # the picture's larger side
    number_baseline: float
    house_baseline: float
    inset: Rect  # the playing-card inset, top right
    name_baseline: float
    words_baseline: float
    band: Rect  # the role band
    effect_baseline: float

    @property
    def picture_centre(self) -> tuple[float, float]:
        return (self.panel.centre_x, self.panel.y + self.panel.height / 2)


def front_layout(box: CardBox) -> FrontLayout:
    scale = box.width / 63.0  # sizes are designed for poker cards and follow the card's width
    inner = box.safe.inset(2.5 * scale)
    inset = Rect(inner.right - 11.5 * scale, inner.top - 15.0 * scale, 11.5 * scale, 15.0 * scale)
    band = Rect(inner.x, inner.y + 3.7 * scale, inner.width, 6.2 * scale)
    words_baseline = band.top + 1.6 * scale
    name_baseline = words_baseline + 4.2 * scale
    panel_bottom = name_baseline + 5.8 * scale  # room for the capitals and É
    panel_top = min(inset.y - 1.0 * scale, box.height * 0.76)
    panel = Rect(inner.x, panel_bottom, inner.width, panel_top - panel_bottom)
    return FrontLayout(
        scale=scale,
        inner=inner,
        panel=panel,
        picture_size=min(panel.height - 5.0 * scale, panel.width - 10.0 * scale),
        number_baseline=inner.top - 8.5 * scale,
        house_baseline=inner.top - 7.9 * scale,
        inset=inset,
        name_baseline=name_baseline,
        words_baseline=words_baseline,
        band=band,
        effect_baseline=inner.y + 0.3 * scale,
    )


@dataclass(frozen=True)
class FrontPainter:
    """Paints the front of one Lenormand card: number, house and playing card on top, the
    picture of the card's subject in the middle, its name, role and effect below."""

    card: LenormandCard
    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        language = self.language
        f = register_fonts()
        number = self.card.number
        house = house_of(number)
        colour = PALETTE.house(house).colour
        role = role_of(number)
        layout = front_layout(box)
        scale, inner = layout.scale, layout.inner
        fill_bleed(canvas, box, PALETTE.card_paper)
        safe = box.safe
        rounded_box(
            canvas, safe.x, safe.y, safe.width, safe.height, 2.5 * scale, stroke=colour, line=0.5
        )
        # Number, top left; the house between it and the inset.
        text(canvas, inner.x, layout.number_baseline, str(number), f.title, 24 * scale, colour)
        house_text = house_line(number, language)
        left = inner.x + width_mm("36", f.title, 24 * scale) + 1.5 * scale
        room = _house_room(layout)
        house_font = f.bold
        house_size = shrink_to_width(house_text, f.bold, 8 * scale, room, MIN_READING_PT)
        if width_mm(house_text, f.bold, house_size) > room:  # narrow cards: condensed
            house_font = f.condensed_bold
            house_size = shrink_to_width(house_text, house_font, 8 * scale, room, MIN_READING_PT)
        text(
            canvas,
            left + room / 2,
            layout.house_baseline,
            house_text,
            house_font,
            house_size,
            colour,
            "centre",
        )
        # Playing-card inset, top right.
        inset = layout.inset
        playing = self.card.playing_card
        ink = PALETTE.suit_red if playing.suit.is_red else PALETTE.ink
        rounded_box(
            canvas,
            inset.x,
            inset.y,
            inset.width,
            inset.height,
            1.2 * scale,
            fill=PALETTE.white,
            stroke=ink,
            line=0.3,
        )
        text(
            canvas,
            inset.centre_x,
            inset.top - 6 * scale,
            playing.index(language),
            f.condensed_bold,
            13 * scale,
            ink,
            "centre",
        )
        draw_suit(canvas, playing.suit.value, inset.centre_x, inset.y + 3.9 * scale, 5.0 * scale)
        # The picture of the card's subject, in a tinted window.
        panel = layout.panel
        rounded_box(
            canvas,
            panel.x,
            panel.y,
            panel.width,
            panel.height,
            2.0 * scale,
            fill=PALETTE.house(house).tint,
        )
        cx, cy = layout.picture_centre
        draw_picture(canvas, self.card.picture, cx, cy, layout.picture_size)
        # The name and the playing card in words under the picture.
        name = self.card.name_in(language)
        name_size = shrink_to_width(name, f.title, 15 * scale, inner.width, MIN_TEXT_PT)
        text(
            canvas,
            box.width / 2,
            layout.name_baseline,
            name,
            f.title,
            name_size,
            PALETTE.ink,
            "centre",
        )
        text(
            canvas,
            box.width / 2,
            layout.words_baseline,
            playing.words(language),
            f.oblique,
            _words_size(layout),
            PALETTE.muted,
            "centre",
        )
        # Role band and what the card does.
        band = layout.band
        rounded_box(
            canvas,
            band.x,
            band.y,
            band.width,
            band.height,
            band.height / 2,
            fill=PALETTE.role(role),
        )
        label = role.name_in(language).upper()
        text(
            canvas,
            box.width / 2,
            band.y + 1.9 * scale,
            label,
            f.condensed_bold,
            shrink_to_width(label, f.condensed_bold, 8 * scale, inner.width - 4, MIN_TEXT_PT),
            PALETTE.white,
            "centre",
        )
        effect = role_effect(number, language)
        text(
            canvas,
            box.width / 2,
            layout.effect_baseline,
            effect,
            f.condensed,
            shrink_to_width(effect, f.condensed, 7.5 * scale, inner.width, MIN_READING_PT),
            PALETTE.ink,
            "centre",
        )


def paint_back(canvas: Canvas, box: CardBox) -> None:
    """The common back: a navy lattice, a gold frame and the game's name in a medallion."""
    f = register_fonts()
    scale = box.width / 63.0
    fill_bleed(canvas, box, PALETTE.back_navy)
    frame = box.safe
    canvas.saveState()
    clip = canvas.beginPath()
    clip.roundRect(pt(frame.x), pt(frame.y), pt(frame.width), pt(frame.height), pt(2.5 * scale))
    canvas.clipPath(clip, stroke=0, fill=0)
    set_stroke(canvas, PALETTE.back_line)
    canvas.setLineWidth(pt(0.35))
    step = 6.0 * scale
    cx, cy = box.width / 2, box.height / 2
    reach = box.width + box.height
    k = -int(reach / step) - 1
    while k * step <= reach:  # lines through the centre's lattice, symmetric under a half turn
        offset = k * step
        canvas.line(
            pt(cx + offset - reach), pt(cy - reach), pt(cx + offset + reach), pt(cy + reach)
        )
        canvas.line(
            pt(cx + offset - reach), pt(cy + reach), pt(cx + offset + reach), pt(cy - reach)
        )
        k += 1
    canvas.restoreState()
    rounded_box(
        canvas,
        frame.x,
        frame.y,
        frame.width,
        frame.height,
        2.5 * scale,
        stroke=PALETTE.back_gold,
        line=0.6,
    )
    inner = frame.inset(1.6 * scale)
    rounded_box(
        canvas,
        inner.x,
        inner.y,
        inner.width,
        inner.height,
        1.8 * scale,
        stroke=PALETTE.back_gold,
        line=0.25,
    )
    canvas.saveState()
    set_fill(canvas, PALETTE.back_navy)
    set_stroke(canvas, PALETTE.back_gold)
    canvas.setLineWidth(pt(0.6))
    canvas.circle(pt(cx), pt(cy), pt(19 * scale), stroke=1, fill=1)
    canvas.setLineWidth(pt(0.25))
    canvas.circle(pt(cx), pt(cy), pt(17.6 * scale), stroke=1, fill=0)
    canvas.restoreState()
    for index, suit in enumerate(("cœur", "pique", "carreau", "trèfle")):
        dx = (-1 if index % 2 == 0 else 1) * 7.5 * scale
        dy = (1 if index < 2 else -1) * 10.5 * scale
        draw_suit(canvas, suit, cx + dx, cy + dy, 3.2 * scale, PALETTE.back_gold)
    first, rest = TERRITOIRES.name.split(" ", 1)  # "Les" above "territoires", in every language
    text(canvas, cx, cy + 1.2 * scale, first, f.title, 8 * scale, PALETTE.back_gold, "centre")
    text(
        canvas,
        cx,
        cy - 4.2 * scale,
        rest,
        f.title,
        10.5 * scale,
        PALETTE.back_gold,
        "centre",
    )


def lenormand_deck(
    size: CardSize = POKER, bleed: float = 2.0, language: Language = MATERIAL_DEFAULT
) -> CardDeck:
    """The 36 cards in number order (ids ``L01`` to ``L36``), each with its front and the common
    back, ``size`` plus ``bleed`` mm, printed in ``language``."""
    cards = tuple(
        Card(
            FrontPainter(card, language),
            paint_back,
            card.label(language),
            f"L{card.number:02d}",
            "lenormand",
        )
        for card in LENORMAND
    )
    title = P_(language, "Les territoires — jeu de Petit Lenormand ({count} cartes)").format(
        count=len(LENORMAND)
    )
    return CardDeck(
        key="territoires-lenormand",
        game="territoires",
        title=title,
        size=size,
        bleed=bleed,
        cards=cards,
        backs=Backs.ALIKE,
        info=DocInfo(
            title=title,
            subject=P_(
                language, "Recto : numéro, image, nom, carte à jouer, maison et rôle ; verso commun"
            ),
            credit=picture_credit(language),
        ),
    )
