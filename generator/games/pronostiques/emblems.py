"""The pictures of Pronostiques: an emblem per racing team and one per card power.

Each names a game-icons.net icon of the embedded subset (``datasets/game_icons.json``). The
emblems follow the team names: Cœur de Piston, the engine's spark plug; Carreau-sserie Racing,
a car door (the bodywork); Pique de Vitesse, the speedometer; Trèfle à Quatre Roues, the race
car. The powers show what they do: Valet « Pneus neufs », a new wheel; Dame « Instinct », an
eye half closed on the three cards she looks at; Roi « Aspiration », the double chevron of a
car gaining in another's slipstream; Joker « Crevaison », the flat tyre.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.games.pronostiques.suits import Suit

TEAM_EMBLEMS: Mapping[Suit, str] = {
    Suit.HEART: "spark-plug",
    Suit.DIAMOND: "car-door",
    Suit.SPADE: "speedometer",
    Suit.CLUB: "race-car",
}

#: Keyed by the rank printed in the corner: Valet, Dame, Roi, Joker.
POWER_PICTURES: Mapping[str, str] = {
    "V": "car-wheel",
    "D": "semi-closed-eye",
    "R": "fast-forward-button",
    "JK": "flat-tire",
}


def icons() -> frozenset[str]:
    """Every icon the Pronostiques material may show."""
    return frozenset({*TEAM_EMBLEMS.values(), *POWER_PICTURES.values()})
