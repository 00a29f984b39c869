"""The Oucédonc palette: card stock, night-blue backs, town blue and site green, the gold
of the Intermède and the tokens, the locator map."""

from __future__ import annotations

from dataclasses import dataclass

from generator.render.colour import Cmyk, Colour, hex_colour


@dataclass(frozen=True)
class OucedoncPalette:
    paper: Colour = hex_colour("#FBF7EE")  # warm card stock
    ink: Colour = hex_colour("#1D2B3A")  # text
    muted: Colour = hex_colour("#6B7785")  # labels
    hairline: Colour = hex_colour("#D9D2C3")
    grid: Colour = hex_colour("#F1EADB")  # faint graticule on card stock
    town: Colour = hex_colour("#1F4E79")  # deep blue: towns
    site: Colour = hex_colour("#2E6B4F")  # forest green: sites
    accent: Colour = hex_colour("#D1495B")  # the north, the map marker
    gold: Colour = hex_colour("#E8A33D")  # Intermède, tokens
    cream: Colour = hex_colour("#F6E7C8")  # light half of star points
    night: Colour = hex_colour("#18324D")  # rule and emblem backs
    night_grid: Colour = hex_colour("#24425F")
    night_text: Colour = hex_colour("#DCE3EA")
    land: Colour = hex_colour("#E9E1CF")  # locator map land
    land_line: Colour = hex_colour("#9C8F74")
    cut_line: Colour = hex_colour("#5A5A5A")
    #: The tokens' die line in print-shop files: the spot colour cutters and print shops'
    #: workflows expect (``CutContour``), shown as magenta; not printed.
    die_line: Colour = hex_colour("#EC008C", Cmyk(0, 1, 0, 0), "CutContour")

    def kind(self, place_kind: str) -> Colour:
        """Blue for a town, green for a site: the colour of a place card."""
        return self.town if place_kind == "town" else self.site


PALETTE = OucedoncPalette()
