"""The Oucédonc palette: card stock, night-blue backs, town blue and site green, the gold
of the Intermède and the tokens, the locator map."""

from __future__ import annotations

from msgspec import Struct

from generator.render.colour import Colour, cmyk, hex_colour


class OucedoncPalette(Struct, frozen=True):
    """The Oucédonc deck's colours, each with its sRGB value and its inks."""

    paper: Colour = hex_colour("#FBF7EE", cmyk(4, 3, 8, 0))  # warm card stock
    ink: Colour = hex_colour("#1D2B3A", cmyk(0, 0, 0, 100))  # text
    muted: Colour = hex_colour("#5F6B79", cmyk(0, 0, 0, 74))  # labels (5.1:1 on the paper)
    hairline: Colour = hex_colour("#D9D2C3", cmyk(18, 16, 25, 0))
    grid: Colour = hex_colour("#F1EADB", cmyk(7, 7, 16, 0))  # faint graticule on card stock
    town: Colour = hex_colour("#1F4E79", cmyk(87, 49, 0, 46))  # deep blue: towns
    site: Colour = hex_colour("#2E6B4F", cmyk(73, 4, 64, 53))  # forest green: sites
    # the north, the map marker, the Intermède's subtitle (8 pt): 4.6:1 on the paper (#D1495B,
    # 4.1:1, darkened: its RGB scaled, its black raised to match)
    accent: Colour = hex_colour("#C24455", cmyk(0, 84, 47, 21))
    gold: Colour = hex_colour("#E8A33D", cmyk(7, 40, 85, 4))  # Intermède, tokens
    cream: Colour = hex_colour("#F6E7C8", cmyk(6, 9, 26, 0))  # light half of star points
    night: Colour = hex_colour("#18324D", cmyk(89, 49, 1, 75))  # rule and emblem backs
    night_grid: Colour = hex_colour("#24425F", cmyk(80, 42, 2, 65))
    night_text: Colour = hex_colour("#DCE3EA", cmyk(0, 0, 0, 16))
    land: Colour = hex_colour("#E9E1CF", cmyk(11, 11, 22, 0))  # locator map land
    water: Colour = hex_colour("#E3EEF2", cmyk(12, 5, 7, 0))  # locator map sea
    land_line: Colour = hex_colour("#9C8F74", cmyk(34, 33, 51, 23))
    # The deck's map poster: the sea, the neighbours' land, the départements' faint lines, the
    # deck's region outlined, the graticule.
    poster_water: Colour = hex_colour("#DCEAF2", cmyk(14, 3, 2, 0))
    abroad: Colour = hex_colour("#EFEDE8", cmyk(6, 5, 8, 0))
    area_line: Colour = hex_colour("#C9BEA6", cmyk(21, 22, 35, 2))
    region_line: Colour = hex_colour("#7A6A4F", cmyk(42, 47, 66, 25))
    meridian: Colour = hex_colour("#A9BCCB", cmyk(33, 14, 11, 3))
    cut_line: Colour = hex_colour("#5A5A5A", cmyk(0, 0, 0, 80))  # the tokens', cut at home

    def kind(self, place_kind: str) -> Colour:
        """Blue for a town, green for a site: the colour of a place card."""
        return self.town if place_kind == "town" else self.site


PALETTE = OucedoncPalette()
