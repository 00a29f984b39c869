"""The Neo Otcho palette: the six players' colours, the dice faces, the kinds of roll."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.otcho import RollKind
from generator.render.colour import Colour, cmyk, hex_colour
from generator.render.palette import OKABE_ITO, WHITE

CHARCOAL = hex_colour("#2B2B2B", cmyk(0, 0, 0, 100))  # the sixth player, and the symbols on yellow


@dataclass(frozen=True)
class PlayerColours:
    colour: Colour  # the card band, the pawns
    tint: Colour  # a light version, for backgrounds
    ink: Colour  # a symbol drawn on the full colour
    letters: Colour  # the slot letters on the tint: contrast at least 4.5:1 (WCAG AA)
    # the player card's header band, under the white title and player line (9-10.5 pt): the
    # colour itself where white reads on it at 4.5:1 or more, else the colour darkened (its RGB
    # scaled, its CMYK given the matching black) just enough to read
    band: Colour


@dataclass(frozen=True)
class OtchoPalette:
    accent: Colour = OKABE_ITO.blue  # the page headers
    white: Colour = WHITE  # card faces, die faces, pawn outlines
    card_edge: Colour = hex_colour("#9AA0A8", cmyk(0, 0, 0, 50))  # the player card's cut outline
    star: Colour = OKABE_ITO.orange  # the ★ face
    star_edge: Colour = hex_colour("#8A5A00", cmyk(0, 44, 100, 56))
    x_face: Colour = hex_colour("#B2182B", cmyk(0, 98, 77, 27))  # the X face
    glue_tab: Colour = hex_colour("#E4E7EB", cmyk(0, 0, 0, 13))
    fold_line: Colour = hex_colour("#7A828C", cmyk(0, 0, 0, 63))
    losing_mark: Colour = hex_colour(
        "#7A7A7A", cmyk(0, 0, 0, 67)
    )  # the stroke over a losing roll in the grid
    # the kinds of roll, on the rules aid
    pair_x: Colour = OKABE_ITO.orange
    pair_star: Colour = OKABE_ITO.yellow
    two_letters: Colour = OKABE_ITO.sky_blue
    x_and_letter: Colour = OKABE_ITO.bluish_green
    same_letters: Colour = hex_colour(
        "#D9D9D9", cmyk(0, 0, 0, 20)
    )  # the three losing kinds in three greys
    star_and_letter: Colour = hex_colour("#BDBDBD", cmyk(0, 0, 0, 35))
    x_and_star: Colour = hex_colour("#9E9E9E", cmyk(0, 0, 0, 50))
    # the players, in seat order (Okabe–Ito colours and their tints)
    players: tuple[PlayerColours, ...] = (
        PlayerColours(
            OKABE_ITO.vermillion,
            hex_colour("#F7DCCB", cmyk(6, 16, 21, 0)),
            WHITE,
            hex_colour("#9E4400", cmyk(0, 70, 100, 42)),
            hex_colour("#C05500", cmyk(0, 67, 100, 22)),  # 4.6:1 (vermillion: 3.9:1)
        ),
        PlayerColours(
            OKABE_ITO.blue,
            hex_colour("#CCE3F0", cmyk(23, 7, 7, 0)),
            WHITE,
            hex_colour("#005A8C", cmyk(90, 44, 0, 36)),
            OKABE_ITO.blue,  # 5.2:1
        ),
        PlayerColours(
            OKABE_ITO.bluish_green,
            hex_colour("#CCECE3", cmyk(22, 2, 15, 0)),
            WHITE,
            hex_colour("#00684C", cmyk(84, 0, 68, 53)),
            hex_colour("#008561", cmyk(80, 0, 65, 25)),  # 4.6:1 (bluish green: 3.4:1)
        ),
        PlayerColours(
            OKABE_ITO.yellow,
            hex_colour("#FCF8D6", cmyk(4, 2, 21, 0)),
            CHARCOAL,
            hex_colour("#6B6200", cmyk(10, 12, 100, 67)),
            OKABE_ITO.yellow,  # under charcoal type (the ink), not white
        ),
        PlayerColours(
            OKABE_ITO.reddish_purple,
            hex_colour("#F5E4ED", cmyk(7, 13, 5, 0)),
            WHITE,
            hex_colour("#93406E", cmyk(20, 82, 4, 36)),
            hex_colour("#A26085", cmyk(15, 61, 5, 26)),  # 4.6:1 (reddish purple: 3.1:1)
        ),
        PlayerColours(
            CHARCOAL, hex_colour("#DADADA", cmyk(0, 0, 0, 20)), WHITE, CHARCOAL, CHARCOAL
        ),
    )

    def kind(self, kind: RollKind) -> Colour:
        return {
            RollKind.PAIR_X: self.pair_x,
            RollKind.PAIR_STAR: self.pair_star,
            RollKind.TWO_LETTERS: self.two_letters,
            RollKind.X_AND_LETTER: self.x_and_letter,
            RollKind.SAME_LETTERS: self.same_letters,
            RollKind.STAR_AND_LETTER: self.star_and_letter,
            RollKind.X_AND_STAR: self.x_and_star,
        }[kind]


PALETTE = OtchoPalette()
