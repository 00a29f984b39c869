"""The printable 36-card Petit Lenormand deck of Les territoires, through the imposition engine.

Each front shows the number, the French name, the playing-card inset (suit drawn as a vector
shape), the house of the card's parity and its role in this game with what it does. The back is
the same for all 36 cards. :func:`render_lenormand_deck` hands the painters to
:func:`generator.render.imposition.render_deck`, which places them, bleeds, marks and mirrors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.games.territoires import LENORMAND, House, LenormandCard, house_of, role_of
from generator.render.colour import set_fill, set_stroke
from generator.render.document import DocInfo, PdfDocument
from generator.render.draw.shapes import fill_bleed
from generator.render.imposition import Card, CardBox, SheetSpec, render_deck
from generator.render.territoires.palette import PALETTE
from generator.render.territoires.rule_texts import role_effect
from generator.render.territoires.style import (
    fit_size,
    fonts,
    rounded_box,
    text,
)
from generator.render.territoires.suits import draw_suit
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


#: The deck's smallest type (the house line), in points on a poker card: 6 pt still on a bridge
#: card (57 mm wide); :func:`check_card_fits` refuses narrower cards.
SMALLEST_PT = 6.7


def check_card_fits(width: float, name: str) -> None:
    """Sizes follow the card's width: a card so narrow that the house line would print under
    6 pt is refused, saying so."""
    from generator.core.errors import UserError
    from generator.render.fonts import MIN_TEXT_PT

    size = SMALLEST_PT * width / 63.0
    if size < MIN_TEXT_PT - 1e-9:
        least = math.ceil(63.0 * MIN_TEXT_PT / SMALLEST_PT)  # 56.4 mm: 57 is the first whole mm
        raise UserError(
            f"a {name} card ({width:g} mm wide) cannot fit the Lenormand cards' house and role "
            f"lines at {MIN_TEXT_PT:g} pt (they would print at {size:.1f} pt); use --card poker "
            f"or bridge, or WxH at least {least} mm wide"
        )


def house_line(number: int) -> str:
    house = house_of(number)
    return f"{'Paire' if house is House.EVEN else 'Impaire'} · {house.french}"


@dataclass(frozen=True)
class FrontPainter:
    """Paints the front of one Lenormand card."""

    card: LenormandCard

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        f = fonts()
        number = self.card.number
        house = house_of(number)
        colour = PALETTE.house(house).colour
        role = role_of(number)
        safe = box.safe
        scale = box.width / 63.0  # sizes are designed for poker cards and follow the card's width
        fill_bleed(canvas, box, PALETTE.card_paper)
        rounded_box(
            canvas, safe.x, safe.y, safe.width, safe.height, 2.5 * scale, stroke=colour, line=0.5
        )
        inner = safe.inset(2.5 * scale)
        # Number, top left.
        text(canvas, inner.x, inner.top - 8.5 * scale, str(number), f.title, 24 * scale, colour)
        # Playing-card inset, top right.
        inset_w, inset_h = 11.5 * scale, 15.0 * scale
        ix, iy = inner.right - inset_w, inner.top - inset_h
        playing = self.card.playing_card
        ink = PALETTE.suit_red if playing.suit.is_red else PALETTE.ink
        rounded_box(
            canvas, ix, iy, inset_w, inset_h, 1.2 * scale, fill=PALETTE.white, stroke=ink, line=0.3
        )
        text(
            canvas,
            ix + inset_w / 2,
            iy + inset_h - 6 * scale,
            playing.rank,
            f.condensed_bold,
            13 * scale,
            ink,
            "centre",
        )
        draw_suit(canvas, playing.suit.value, ix + inset_w / 2, iy + 3.9 * scale, 5.0 * scale)
        # Emblem: a tinted medallion with the suit; the name below it.
        emblem_y = box.height * 0.62
        canvas.saveState()
        set_fill(canvas, PALETTE.house(house).tint)
        canvas.circle(pt(box.width / 2), pt(emblem_y), pt(12.5 * scale), stroke=0, fill=1)
        canvas.restoreState()
        draw_suit(canvas, playing.suit.value, box.width / 2, emblem_y, 12 * scale, colour)
        name_y = emblem_y - 21 * scale
        name_size = fit_size(self.card.name, f.title, 15 * scale, inner.width)
        text(
            canvas, box.width / 2, name_y, self.card.name, f.title, name_size, PALETTE.ink, "centre"
        )
        text(
            canvas,
            box.width / 2,
            name_y - 5.5 * scale,
            playing.french,
            f.oblique,
            7 * scale,
            PALETTE.muted,
            "centre",
        )
        # Role band and what the card does.
        band_h = 6.2 * scale
        band_y = inner.y + 9.5 * scale
        rounded_box(
            canvas, inner.x, band_y, inner.width, band_h, band_h / 2, fill=PALETTE.role(role)
        )
        label = role.french.upper()
        text(
            canvas,
            box.width / 2,
            band_y + 1.9 * scale,
            label,
            f.condensed_bold,
            fit_size(label, f.condensed_bold, 8 * scale, inner.width - 4),
            PALETTE.white,
            "centre",
        )
        effect = role_effect(number)
        text(
            canvas,
            box.width / 2,
            band_y - 4 * scale,
            effect,
            f.condensed,
            fit_size(effect, f.condensed, 7 * scale, inner.width),
            PALETTE.ink,
            "centre",
        )
        # House at the bottom.
        text(
            canvas,
            box.width / 2,
            inner.y + 0.2 * scale,
            house_line(number),
            f.bold,
            SMALLEST_PT * scale,
            colour,
            "centre",
        )


def paint_back(canvas: Canvas, box: CardBox) -> None:
    """The common back: a navy lattice, a gold frame and the game's name in a medallion."""
    f = fonts()
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
    for index, suit in enumerate(("coeur", "pique", "carreau", "trèfle")):
        dx = (-1 if index % 2 == 0 else 1) * 7.5 * scale
        dy = (1 if index < 2 else -1) * 10.5 * scale
        draw_suit(canvas, suit, cx + dx, cy + dy, 3.2 * scale, PALETTE.back_gold)
    text(canvas, cx, cy + 1.2 * scale, "Les", f.title, 8 * scale, PALETTE.back_gold, "centre")
    text(
        canvas,
        cx,
        cy - 4.2 * scale,
        "territoires",
        f.title,
        10.5 * scale,
        PALETTE.back_gold,
        "centre",
    )


def lenormand_cards() -> list[Card]:
    """The 36 cards in number order, each with its front painter and the common back."""
    return [
        Card(front=FrontPainter(card), back=paint_back, label=f"{card.number} {card.name}")
        for card in LENORMAND
    ]


DECK_INFO = DocInfo(
    title="Les territoires — jeu de Petit Lenormand (36 cartes)",
    subject="Recto : numéro, nom, carte à jouer, maison et rôle ; verso commun",
)


def render_lenormand_deck(spec: SheetSpec) -> PdfDocument:
    return render_deck(lenormand_cards(), spec, DECK_INFO)


def render_lenormand_faces(spec: SheetSpec, back_first: bool = False) -> PdfDocument:
    """The 36 cards one face per page (card + bleed), for card printers."""
    from generator.render.imposition import render_faces

    return render_faces(
        lenormand_cards(), spec.card, spec.bleed, DECK_INFO, spec.profile, back_first
    )
