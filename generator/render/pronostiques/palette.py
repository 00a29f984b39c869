"""The Pronostiques palette: the four teams (Okabe–Ito colours and their tints), the gold of
the predictions, the navy of the deck's back, the chequered flags, the score pad."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.pronostiques.suits import Suit
from generator.render.colour import Colour, cmyk, hex_colour
from generator.render.palette import OKABE_ITO, SHEET, WHITE


@dataclass(frozen=True)
class TeamColours:
    colour: Colour  # the lap bar, the frame, the pile charts' bars (no type: 2.9-4.3:1)
    tint: Colour  # the power box, the prediction rows
    deep: Colour  # the cards' bands under white type, and type in the team's colour (suit
    # symbols, team names) on white, the tint and the sheets' greys: contrast at least 4.5:1


@dataclass(frozen=True)
class PronostiquesPalette:
    ink: Colour = SHEET.ink
    muted: Colour = SHEET.muted
    rule: Colour = SHEET.rule
    white: Colour = WHITE
    card: Colour = hex_colour("#FFFDF8", cmyk(1, 1, 4, 0))  # the faces' background
    navy: Colour = hex_colour(
        "#1D2B4F", cmyk(93, 67, 0, 67)
    )  # the deck's back, the sheets' headings
    gold: Colour = OKABE_ITO.orange  # the prediction cards
    warning: Colour = OKABE_ITO.yellow  # the Joker
    joker_tint: Colour = hex_colour("#FFF9C4", cmyk(4, 2, 29, 0))
    lap_empty: Colour = hex_colour(
        "#B8BDC4", cmyk(0, 0, 0, 35)
    )  # empty lap segments, the score pad's boxes
    back_dark: Colour = hex_colour("#0E1629", cmyk(96, 65, 8, 92))  # the back's chequered band
    back_light: Colour = hex_colour("#F4F1E8", cmyk(6, 5, 11, 0))
    # the teams
    heart: TeamColours = TeamColours(
        OKABE_ITO.vermillion,
        hex_colour("#FBE6D9", cmyk(5, 11, 15, 0)),
        hex_colour("#AF4C00", cmyk(0, 69, 100, 33)),
    )
    diamond: TeamColours = TeamColours(
        OKABE_ITO.blue,
        hex_colour("#DCEBF5", cmyk(15, 6, 6, 0)),
        hex_colour("#005F94", cmyk(89, 44, 0, 30)),
    )
    spade: TeamColours = TeamColours(
        SHEET.ink,
        hex_colour("#E6E7E9", cmyk(0, 0, 0, 13)),
        hex_colour("#2B3038", cmyk(0, 0, 0, 90)),
    )
    club: TeamColours = TeamColours(
        OKABE_ITO.bluish_green,
        hex_colour("#DAF1EA", cmyk(15, 3, 11, 0)),
        hex_colour("#00704F", cmyk(84, 0, 70, 47)),
    )
    # the score pad and the rules aid
    header_fill: Colour = hex_colour("#EEF1F5", cmyk(0, 0, 0, 8))
    total_fill: Colour = hex_colour("#FFF4D6", cmyk(3, 4, 21, 0))
    zebra: Colour = hex_colour("#F4F6F8", cmyk(0, 0, 0, 5))
    # the zeros of the scoring table: read (an order that scores nothing), so the sheets' muted
    # grey, lighter than the ink but at 5.6:1 on the zebra rows (the pale grey was 2.3:1)
    no_points: Colour = SHEET.muted
    allowed: Colour = hex_colour("#0B7A3B", cmyk(83, 0, 92, 38))  # ✓ under a pile chart
    refused: Colour = hex_colour("#B2182B", cmyk(0, 98, 77, 27))  # ✗ under a pile chart

    def team(self, suit: Suit) -> TeamColours:
        return {
            Suit.HEART: self.heart,
            Suit.DIAMOND: self.diamond,
            Suit.SPADE: self.spade,
            Suit.CLUB: self.club,
        }[suit]


PALETTE = PronostiquesPalette()
