"""The Jeu de l'Oie palette: parchment and brown ink, the squares' fills, the pictures' colours
and the poster's marks."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.oie.squares import Kind
from generator.render.colour import Colour, cmyk, hex_colour
from generator.render.palette import WHITE, PosterPalette


@dataclass(frozen=True)
class SquareFills:
    """The fill of each kind of square: field names are the ``Kind`` values; ordinary squares
    cycle through four soft tints."""

    ordinary: tuple[Colour, ...] = (
        hex_colour("#F3E2BF", cmyk(7, 11, 30, 0)),  # sand
        hex_colour("#E3EACB", cmyk(13, 5, 25, 0)),  # sage
        hex_colour("#F1D6CB", cmyk(7, 19, 20, 0)),  # blush
        hex_colour("#D8E5EA", cmyk(18, 7, 9, 0)),  # mist
    )
    start: Colour = hex_colour("#FFF4D8", cmyk(3, 4, 20, 0))
    goose: Colour = hex_colour("#FFFBF0", cmyk(2, 2, 8, 0))
    bridge: Colour = hex_colour("#CFE2EE", cmyk(22, 8, 7, 0))
    inn: Colour = hex_colour("#F4D2AC", cmyk(7, 20, 36, 0))
    dice: Colour = hex_colour("#FFF1CC", cmyk(3, 5, 25, 0))
    well: Colour = hex_colour("#C4DAE8", cmyk(27, 9, 9, 0))
    labyrinth: Colour = hex_colour("#D3E4BE", cmyk(21, 4, 32, 0))
    prison: Colour = hex_colour("#D2CBC4", cmyk(0, 0, 0, 28))
    death: Colour = hex_colour("#4B3F3C", cmyk(39, 48, 44, 75))
    garden: Colour = hex_colour("#DCEBC4", cmyk(16, 4, 29, 0))

    def of(self, kind: Kind, number: int) -> Colour:
        if kind is Kind.ORDINARY:
            return self.ordinary[number % len(self.ordinary)]
        colour: Colour = getattr(self, kind.value)
        return colour


@dataclass(frozen=True)
class OiePalette:
    # the sheet
    parchment: Colour = hex_colour("#F7EEDA", cmyk(5, 6, 18, 0))  # the page
    board: Colour = hex_colour(
        "#FBF4E4", cmyk(4, 4, 13, 0)
    )  # the framed cards of the board and the rules panel
    frame: Colour = hex_colour("#7A5534", cmyk(18, 51, 77, 56))  # frames, headings, bullets
    ink: Colour = hex_colour("#3B2A20", cmyk(0, 0, 0, 99))  # text and every outline
    ink_on_dark: Colour = WHITE  # text on the Death square: the paper, no ink (small type)
    track_shadow: Colour = hex_colour("#DCCBA8", cmyk(17, 20, 39, 0))
    lawn: Colour = hex_colour("#E9F3D9", cmyk(10, 4, 18, 0))  # the garden's disc
    lawn_rim: Colour = hex_colour("#6E8B3D", cmyk(52, 11, 89, 32))
    badge_text: Colour = WHITE  # square numbers in the rules panel's dark badges
    squares: SquareFills = field(default_factory=SquareFills)
    # the pictures
    goose_white: Colour = hex_colour("#FFFDF6", cmyk(1, 1, 5, 0))
    goose_wing: Colour = hex_colour("#EDE6D6", cmyk(9, 9, 19, 0))
    beak: Colour = hex_colour("#E3862B", cmyk(0, 53, 93, 9))
    water: Colour = hex_colour("#4F86B0", cmyk(66, 28, 4, 22))
    water_light: Colour = hex_colour("#A9C8DE", cmyk(38, 13, 8, 1))
    deep_water: Colour = hex_colour("#3E6E93", cmyk(70, 31, 4, 38))  # the Well's badge
    # the Bridge's badge: the water darkened (RGB scaled, black added) so that its white number
    # reads at 4.6:1 (3.9:1 on the water)
    bridge_water: Colour = hex_colour("#4879A0", cmyk(66, 28, 4, 29))
    stone: Colour = hex_colour("#C9B79C", cmyk(22, 25, 40, 6))
    stone_dark: Colour = hex_colour("#8F7D66", cmyk(34, 38, 53, 32))
    slate: Colour = hex_colour("#5E5750", cmyk(0, 0, 0, 81))  # the Prison's badge
    roof: Colour = hex_colour("#A7432E", cmyk(0, 80, 82, 38))
    wall: Colour = hex_colour("#F1E2C2", cmyk(8, 11, 29, 0))
    wood: Colour = hex_colour("#7A4E2D", cmyk(13, 56, 82, 59))
    hedge: Colour = hex_colour("#4F7A3A", cmyk(62, 8, 90, 43))
    hedge_light: Colour = hex_colour("#86A85A", cmyk(51, 9, 77, 13))
    iron: Colour = hex_colour("#4A4A4F", cmyk(0, 0, 0, 87))
    dark: Colour = hex_colour("#2A2326", cmyk(0, 0, 0, 100))
    bone: Colour = hex_colour("#F3EAD6", cmyk(7, 7, 19, 0))
    gold: Colour = hex_colour("#C99A2E", cmyk(13, 35, 93, 14))
    petal: Colour = hex_colour("#D8646A", cmyk(0, 71, 44, 12))
    petal_2: Colour = hex_colour("#E9B949", cmyk(10, 28, 82, 1))
    die: Colour = hex_colour("#FFFDF8", cmyk(1, 1, 4, 0))
    pawns: tuple[Colour, ...] = (
        hex_colour("#B8433A", cmyk(0, 85, 74, 28)),  # red
        hex_colour("#3F6FA8", cmyk(77, 45, 0, 18)),  # blue
        hex_colour("#4E8A4A", cmyk(65, 2, 82, 33)),  # green
        hex_colour("#D9A032", cmyk(12, 38, 91, 7)),  # yellow
    )
    # the poster's marks: the guide is also the small print of the plan and the tiles (7.4 pt),
    # so dark enough to read on white, 4.6:1 (#9A8670 was 3.5:1)
    guide: Colour = hex_colour("#837260", cmyk(32, 37, 49, 37))
    overlap: Colour = hex_colour("#B8423B", cmyk(0, 85, 72, 28))  # the plan's overlap hatching

    def badge(self, kind: Kind) -> Colour:
        """The badge of a square in the rules panel: the main colour of its picture."""
        return {
            Kind.BRIDGE: self.bridge_water,
            Kind.INN: self.roof,
            Kind.DICE: self.gold,
            Kind.WELL: self.deep_water,
            Kind.LABYRINTH: self.hedge,
            Kind.PRISON: self.slate,
            Kind.DEATH: self.dark,
            Kind.GOOSE: self.gold,
            Kind.START: self.frame,
            Kind.GARDEN: self.hedge,
            Kind.ORDINARY: self.frame,
        }[kind]

    def badge_number(self, kind: Kind) -> Colour:
        """The colour of the number on a badge: white (the paper) on the dark badges, the ink
        on the gold ones (the Dice, the Goose), where white reads at 2.6:1 and the ink 5.3:1."""
        return self.ink if self.badge(kind) == self.gold else self.badge_text

    @property
    def poster(self) -> PosterPalette:
        return PosterPalette(
            ink=self.ink,
            guide=self.guide,
            mark=self.pawns[0],
            label=WHITE,
            overlap=self.overlap,
        )


PALETTE = OiePalette()
