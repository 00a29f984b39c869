"""The palette of Les territoires: the blue of the house of civilisation and the green of the
house of nature, a colour per card role, the card stock and the navy-and-gold backs."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.territoires import House, Role
from generator.render.colour import Colour, hex_colour
from generator.render.palette import WHITE


@dataclass(frozen=True)
class HouseColours:
    colour: Colour  # headers, frames, numbers
    tint: Colour  # backgrounds


@dataclass(frozen=True)
class TerritoiresPalette:
    ink: Colour = hex_colour("#1F1F1F")
    muted: Colour = hex_colour("#6B665E")
    hairline: Colour = hex_colour("#C9C2B3")
    paper_tint: Colour = hex_colour("#F7F2E7")  # the reference card, the setup table
    white: Colour = WHITE  # card faces, tick boxes, text on a house colour
    civilisation: HouseColours = HouseColours(hex_colour("#2B4C7E"), hex_colour("#E3EAF4"))
    nature: HouseColours = HouseColours(hex_colour("#3D6B35"), hex_colour("#E4EEDF"))
    # the roles' bands on the cards (the supports take their house's colour)
    weapon: Colour = hex_colour("#8E2C2C")
    support_animal: Colour = hex_colour("#8A5A24")
    healing: Colour = hex_colour("#A8781C")
    life: Colour = hex_colour("#5E5A52")
    run: Colour = hex_colour("#8B857A")
    # the deck
    card_paper: Colour = hex_colour("#FBF8F1")
    back_navy: Colour = hex_colour("#2A2940")
    back_line: Colour = hex_colour("#3B3957")  # the lattice of the backs
    back_gold: Colour = hex_colour("#C9B37E")
    face_down: Colour = hex_colour("#3A3550")  # the cards face down on the setup diagram
    # the playing-card suits
    suit_red: Colour = hex_colour("#B3202A")
    suit_black: Colour = hex_colour("#1C1C1C")

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
