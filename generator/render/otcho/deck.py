"""Neo Otcho's player cards as a deck: one card per player, ids ``PL01`` to ``PL06``.

The front is the card the players' sheet prints
(:func:`~generator.render.otcho.sheets.draw_player_card`, at its full 92 × 78 mm), on white
card stock over the bleed; the back, alike for every card, is the game's name on the header
blue with the faces of its dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language
from generator.games.catalog import OTCHO
from generator.games.otcho import FACES
from generator.render.card_size import CardSize
from generator.render.colour import set_fill, set_stroke
from generator.render.deck import Backs, CardDeck
from generator.render.document import DocInfo
from generator.render.draw.shapes import fill_bleed
from generator.render.imposition import Card
from generator.render.otcho.palette import PALETTE
from generator.render.otcho.player_styles import PLAYER_STYLES
from generator.render.otcho.sheets import CARD_H, CARD_W, draw_player_card
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.imposition import CardBox

PLAYER_CARD = CardSize("otcho", CARD_W, CARD_H)


@dataclass(frozen=True)
class PlayerCardFront:
    """Player ``index``'s card (0 for the first), as the sheet prints it, white to the bleed."""

    index: int
    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        from generator.render.fonts import register_fonts

        fill_bleed(canvas, box, PALETTE.white)
        style = PLAYER_STYLES[self.index]
        draw_player_card(
            canvas, 0, 0, self.index, style, register_fonts(), box.height, self.language
        )


@dataclass(frozen=True)
class PlayerCardBack:
    """The back of every player card: the header blue, a white frame, the game's name and the
    six faces of its dice."""

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        from generator.render.fonts import register_fonts

        fonts = register_fonts()
        fill_bleed(canvas, box, PALETTE.accent)
        frame = box.safe
        set_stroke(canvas, PALETTE.white)
        canvas.setLineWidth(0.8)
        canvas.roundRect(
            pt(frame.x), pt(frame.y), pt(frame.width), pt(frame.height), pt(3), stroke=1, fill=0
        )
        set_fill(canvas, PALETTE.white)
        canvas.setFont(fonts.title, 18)
        canvas.drawCentredString(pt(box.width / 2), pt(box.height / 2 + 1), OTCHO.name.upper())
        canvas.setFont(fonts.regular, 11)
        faces = "  ".join(face.value for face in FACES)
        canvas.drawCentredString(pt(box.width / 2), pt(box.height / 2 - 9), faces)


def player_deck(
    players: int, bleed: float = 1.0, language: Language = MATERIAL_DEFAULT
) -> CardDeck:
    """The cards of ``players`` players (up to six), each ``PLAYER_CARD`` plus ``bleed`` mm."""
    back = PlayerCardBack()
    cards = tuple(
        Card(
            PlayerCardFront(index, language),
            back,
            P_(language, "Joueur {n} · {colour}").format(
                n=index + 1, colour=P_(language, PLAYER_STYLES[index].name)
            ),
            f"PL{index + 1:02d}",
            "player",
        )
        for index in range(players)
    )
    title = P_(language, "Neo Otcho: cartes joueurs")
    return CardDeck(
        key="otcho-players",
        game="otcho",
        title=title,
        size=PLAYER_CARD,
        bleed=bleed,
        cards=cards,
        backs=Backs.ALIKE,
        info=DocInfo(title=title, subject=OTCHO.name),
    )
