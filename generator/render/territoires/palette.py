"""The palette of Les territoires: the blue of the house of civilisation and the green of the
house of nature, a colour per card role, the card stock and the navy-and-gold backs."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.territoires import House, Role
from generator.render.colour import Colour, cmyk, hex_colour
from generator.render.palette import WHITE


@dataclass(frozen=True)
class HouseColours:
    colour: Colour  # headers, frames, numbers
    tint: Colour  # backgrounds


@dataclass(frozen=True)
class TerritoiresPalette:
    ink: Colour = hex_colour("#1F1F1F", cmyk(0, 0, 0, 100))
    muted: Colour = hex_colour("#6B665E", cmyk(0, 0, 0, 75))
    hairline: Colour = hex_colour("#C9C2B3", cmyk(25, 21, 31, 2))
    paper_tint: Colour = hex_colour(
        "#F7F2E7", cmyk(5, 5, 11, 0)
    )  # the reference card, the setup table
    white: Colour = WHITE  # card faces, tick boxes, text on a house colour
    civilisation: HouseColours = HouseColours(
        hex_colour("#2B4C7E", cmyk(88, 59, 0, 38)), hex_colour("#E3EAF4", cmyk(13, 7, 5, 0))
    )
    nature: HouseColours = HouseColours(
        hex_colour("#3D6B35", cmyk(66, 5, 89, 53)), hex_colour("#E4EEDF", cmyk(12, 5, 15, 0))
    )
    # the roles' bands on the cards (the supports take their house's colour), under the role's
    # name in white (8 pt): each at 4.5:1 or more (healing and run darkened from #A8781C, 3.9:1,
    # and #8B857A, 3.7:1: their RGB scaled, their black raised to match)
    weapon: Colour = hex_colour("#8E2C2C", cmyk(0, 92, 73, 50))
    support_animal: Colour = hex_colour("#8A5A24", cmyk(7, 50, 90, 53))
    healing: Colour = hex_colour("#996D1A", cmyk(10, 40, 96, 41))
    life: Colour = hex_colour("#5E5A52", cmyk(0, 0, 0, 80))
    run: Colour = hex_colour("#7A746B", cmyk(39, 34, 42, 38))
    # the deck
    card_paper: Colour = hex_colour("#FBF8F1", cmyk(3, 3, 7, 0))
    back_navy: Colour = hex_colour("#2A2940", cmyk(79, 64, 2, 80))
    back_line: Colour = hex_colour("#3B3957", cmyk(68, 59, 1, 65))  # the lattice of the backs
    back_gold: Colour = hex_colour("#C9B37E", cmyk(23, 27, 56, 4))
    face_down: Colour = hex_colour(
        "#3A3550", cmyk(66, 61, 2, 69)
    )  # the cards face down on the setup diagram
    # the playing-card suits
    suit_red: Colour = hex_colour("#B3202A", cmyk(0, 96, 80, 27))
    suit_black: Colour = hex_colour("#1C1C1C", cmyk(0, 0, 0, 100))

    def house(self, house: House) -> HouseColours:
        return self.civilisation if house is House.EVEN else self.nature

    def role(self, role: Role) -> Colour:
        return {
            Role.WEAPON: self.weapon,
            Role.SUPPORT_ANIMAL: self.support_animal,
            Role.CIVILISATION_SUPPORT: self.civilisation.colour,
            Role.NATURE_SUPPORT: self.nature.colour,
            Role.HEALING: self.healing,
            Role.LIFE: self.life,
            Role.RUN: self.run,
        }[role]


PALETTE = TerritoiresPalette()
