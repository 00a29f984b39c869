"""The pictures of Pronostiques: an emblem per racing team and one per card power.

Each names a colour picture of the embedded set (``datasets/colour_art.json``). The emblems
follow the team names: Cœur de Piston, the engine's spark plug; Carreau-sserie Racing, a car's
bodywork; Pique de Vitesse, the stopwatch; Trèfle à Quatre Roues, the race car. The powers show
what they do: Valet « Pneus neufs », a new tyre; Dame « Instinct », an eye; Roi « Aspiration »,
the gust of a car gaining in another's slipstream; Joker « Crevaison », the flat tyre.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.games.pronostiques.suits import Suit

TEAM_EMBLEMS: Mapping[Suit, str] = {
    Suit.HEART: "spark-plug",
    Suit.DIAMOND: "car",
    Suit.SPADE: "stopwatch",
    Suit.CLUB: "racing-car",
}

#: Keyed by the rank printed in the corner: Valet, Dame, Roi, Joker.
POWER_PICTURES: Mapping[str, str] = {
    "V": "new-tyre",
    "D": "eye",
    "R": "slipstream",
    "JK": "flat-tyre",
}


def icons() -> frozenset[str]:
    """Every icon the Pronostiques material may show."""
    return frozenset({*TEAM_EMBLEMS.values(), *POWER_PICTURES.values()})
