"""The Jeu de l'Oie palette: parchment and brown ink, the squares' fills, the pictures' colours
and the poster's marks."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.oie.squares import Kind
from generator.render.colour import Colour, hex_colour
from generator.render.palette import WHITE, PosterPalette


@dataclass(frozen=True)
class SquareFills:
    """The fill of each kind of square: field names are the ``Kind`` values; ordinary squares
    cycle through four soft tints."""

    ordinary: tuple[Colour, ...] = (
        hex_colour("#F3E2BF"),  # sand
        hex_colour("#E3EACB"),  # sage
        hex_colour("#F1D6CB"),  # blush
        hex_colour("#D8E5EA"),  # mist
    )
    start: Colour = hex_colour("#FFF4D8")
    goose: Colour = hex_colour("#FFFBF0")
    bridge: Colour = hex_colour("#CFE2EE")
    inn: Colour = hex_colour("#F4D2AC")
    dice: Colour = hex_colour("#FFF1CC")
    well: Colour = hex_colour("#C4DAE8")
    labyrinth: Colour = hex_colour("#D3E4BE")
    prison: Colour = hex_colour("#D2CBC4")
    death: Colour = hex_colour("#4B3F3C")
    garden: Colour = hex_colour("#DCEBC4")

    def of(self, kind: Kind, number: int) -> Colour:
        if kind is Kind.ORDINARY:
            return self.ordinary[number % len(self.ordinary)]
        colour: Colour = getattr(self, kind.value)
        return colour


@dataclass(frozen=True)
class OiePalette:
    # the sheet
    parchment: Colour = hex_colour("#F7EEDA")  # the page
    board: Colour = hex_colour("#FBF4E4")  # the framed cards of the board and the rules panel
    frame: Colour = hex_colour("#7A5534")  # frames, headings, bullets
    ink: Colour = hex_colour("#3B2A20")  # text and every outline
    ink_on_dark: Colour = hex_colour("#FFF6E6")  # text on the Death square
    track_shadow: Colour = hex_colour("#DCCBA8")
    lawn: Colour = hex_colour("#E9F3D9")  # the garden's disc
    lawn_rim: Colour = hex_colour("#6E8B3D")
    badge_text: Colour = WHITE  # square numbers in the rules panel's badges
    squares: SquareFills = field(default_factory=SquareFills)
    # the pictures
    goose_white: Colour = hex_colour("#FFFDF6")
    goose_wing: Colour = hex_colour("#EDE6D6")
    beak: Colour = hex_colour("#E3862B")
    water: Colour = hex_colour("#4F86B0")
    water_light: Colour = hex_colour("#A9C8DE")
    deep_water: Colour = hex_colour("#3E6E93")  # the Well's badge
    stone: Colour = hex_colour("#C9B79C")
    stone_dark: Colour = hex_colour("#8F7D66")
    slate: Colour = hex_colour("#5E5750")  # the Prison's badge
    roof: Colour = hex_colour("#A7432E")
    wall: Colour = hex_colour("#F1E2C2")
    wood: Colour = hex_colour("#7A4E2D")
    hedge: Colour = hex_colour("#4F7A3A")
    hedge_light: Colour = hex_colour("#86A85A")
    iron: Colour = hex_colour("#4A4A4F")
    dark: Colour = hex_colour("#2A2326")
    bone: Colour = hex_colour("#F3EAD6")
    gold: Colour = hex_colour("#C99A2E")
    petal: Colour = hex_colour("#D8646A")
    petal_2: Colour = hex_colour("#E9B949")
    die: Colour = hex_colour("#FFFDF8")
    pawns: tuple[Colour, ...] = (
        hex_colour("#B8433A"),  # red
        hex_colour("#3F6FA8"),  # blue
        hex_colour("#4E8A4A"),  # green
        hex_colour("#D9A032"),  # yellow
    )
    # the poster's marks
    guide: Colour = hex_colour("#9A8670")
    veil: Colour = Colour(1.0, 1.0, 1.0, alpha=0.55)  # over the plan's thumbnail
    overlap: Colour = Colour(0.72, 0.26, 0.23, alpha=0.18)  # the plan's overlap bands

    def badge(self, kind: Kind) -> Colour:
        """The badge of a square in the rules panel: the main colour of its picture."""
        return {
            Kind.BRIDGE: self.water,
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

    @property
    def poster(self) -> PosterPalette:
        return PosterPalette(
            ink=self.ink,
            guide=self.guide,
            mark=self.pawns[0],
            label=WHITE,
            fade=self.veil,
            overlap=self.overlap,
        )


PALETTE = OiePalette()
