"""Player and team colours stay apart for colour-blind players (and shapes back them up).

Colour-vision deficiencies are simulated with the matrices of Machado, Oliveira & Fernandes (2009),
severity 1.0, in linear RGB; distances are CIE76 ΔE in L*a*b*. A ΔE above about 10 is an obvious
difference side by side.
"""

import itertools
import math

import pytest

from generator.render.otcho.player_styles import PLAYER_STYLES
from generator.render.pronostiques.race_cards import TEAMS

SIMULATIONS = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb):
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen_as(hex_colour: str, matrix) -> tuple[float, float, float]:
    rgb = [_linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5)]
    return _lab([min(1.0, max(0.0, sum(row[k] * rgb[k] for k in range(3)))) for row in matrix])


def closest_pair(colours, matrix) -> float:
    return min(
        math.dist(seen_as(a, matrix), seen_as(b, matrix))
        for a, b in itertools.combinations(colours, 2)
    )


@pytest.mark.parametrize("deficiency", sorted(SIMULATIONS))
def test_player_colours_apart(deficiency):
    assert closest_pair([s.colour.hex for s in PLAYER_STYLES], SIMULATIONS[deficiency]) > 15


@pytest.mark.parametrize("deficiency", sorted(SIMULATIONS))
def test_player_card_bands_apart(deficiency):
    # the cards' header bands, three of them darkened so that their white type reads at 4.5:1,
    # stay an obvious difference side by side (the pawns keep the colours above; the shapes and
    # the player's name on the band back them up)
    assert closest_pair([s.band.hex for s in PLAYER_STYLES], SIMULATIONS[deficiency]) > 10


@pytest.mark.parametrize("deficiency", sorted(SIMULATIONS))
def test_team_colours_apart(deficiency):
    assert closest_pair([t.colour.hex for t in TEAMS.values()], SIMULATIONS[deficiency]) > 15


def test_the_check_would_catch_red_and_green():
    # the classic trap: a red and a green of similar lightness merge for deuteranopes
    assert (
        closest_pair(["#D62728", "#2CA02C"], SIMULATIONS["deuteranopia"]) < 15
    )  # a common chart red and green


def test_every_player_has_its_own_shape():
    assert len({s.shape for s in PLAYER_STYLES}) == len(PLAYER_STYLES) == 6
