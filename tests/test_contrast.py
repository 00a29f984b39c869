"""Type on colour reads: WCAG 2 contrast of at least 4.5:1 where the palettes put letters on a
tint or white on a band (the Neo Otcho slots and headers, the Pronostiques bands and team type, the
Oucédonc labels, the Oie badges, the Lenormand role bands, the calibration labels)."""

from __future__ import annotations

import pytest

from generator.games.oie.squares import Kind
from generator.games.pronostiques.suits import Suit
from generator.games.territoires import Role
from generator.render.colour import Colour
from generator.render.oie.palette import PALETTE as OIE
from generator.render.otcho.palette import PALETTE as OTCHO
from generator.render.oucedonc.palette import PALETTE as OUCEDONC
from generator.render.palette import CALIBRATION, WHITE
from generator.render.pronostiques.palette import PALETTE as PRONOSTIQUES
from generator.render.territoires.palette import PALETTE as TERRITOIRES

AA = 4.5


def luminance(colour: Colour) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(v) for v in colour.rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: Colour, b: Colour) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_wcag_s_formula():
    assert contrast(WHITE, Colour(0, 0, 0)) == pytest.approx(21.0)
    assert contrast(WHITE, WHITE) == pytest.approx(1.0)


@pytest.mark.parametrize("player", range(len(OTCHO.players)))
def test_the_otcho_slot_letters_read_on_their_tint(player):
    colours = OTCHO.players[player]
    assert contrast(colours.letters, colours.tint) >= AA
    assert contrast(colours.letters, WHITE) >= AA  # and on the card's white


@pytest.mark.parametrize("suit", list(Suit))
def test_white_type_reads_on_the_pronostiques_bands(suit):
    assert contrast(PRONOSTIQUES.team(suit).deep, WHITE) >= AA


def test_the_oucedonc_labels_and_names_read_on_their_grounds():
    for kind in ("town", "site"):
        assert contrast(OUCEDONC.kind(kind), OUCEDONC.paper) >= AA  # the coloured labels
        assert contrast(OUCEDONC.paper, OUCEDONC.kind(kind)) >= AA  # the names on the bands
    assert contrast(OUCEDONC.muted, OUCEDONC.paper) >= AA
    assert contrast(OUCEDONC.ink, OUCEDONC.paper) >= AA


# --- the pairs the print QA measured under 4.5:1 (issue 30), each from its palette values ---


@pytest.mark.parametrize("player", range(len(OTCHO.players)))
def test_the_otcho_card_header_reads_on_its_band(player):
    # "NEO OTCHO" and "Joueur n · couleur" (9-10.5 pt) in the player's ink on the band: white
    # read at 3.9, 3.4 and 3.1:1 on the vermillion, green and pink
    colours = OTCHO.players[player]
    assert contrast(colours.ink, colours.band) >= AA


@pytest.mark.parametrize("suit", list(Suit))
def test_the_pronostiques_team_type_reads_on_every_ground(suit):
    # suit symbols and team names (rules aid, score pad, prediction rows) in the deep colours
    team = PRONOSTIQUES.team(suit)
    for ground in (
        WHITE,
        PRONOSTIQUES.card,
        team.tint,
        PRONOSTIQUES.zebra,
        PRONOSTIQUES.header_fill,
    ):
        assert contrast(team.deep, ground) >= AA, ground.hex


def test_the_pronostiques_score_table_zeros_read():
    for ground in (WHITE, PRONOSTIQUES.zebra):
        assert contrast(PRONOSTIQUES.no_points, ground) >= AA


@pytest.mark.parametrize("kind", list(Kind))
def test_the_oie_badge_numbers_read(kind):
    # the rules panel's badges: white on the dark ones, the ink on gold (26, 53 were 2.6:1)
    assert contrast(OIE.badge_number(kind), OIE.badge(kind)) >= AA


def test_the_oie_poster_small_print_reads():
    assert contrast(OIE.poster.guide, WHITE) >= AA  # the plan's caption, the tiles' lines


def test_the_oucedonc_accent_reads_on_the_paper():
    assert contrast(OUCEDONC.accent, OUCEDONC.paper) >= AA  # the Intermède's subtitle, the N


@pytest.mark.parametrize("role", list(Role))
def test_the_lenormand_role_names_read_on_their_bands(role):
    assert contrast(TERRITOIRES.white, TERRITOIRES.role(role)) >= AA


def test_the_calibration_labels_read():
    assert contrast(CALIBRATION.muted, WHITE) >= AA
    assert contrast(CALIBRATION.ink, WHITE) >= AA
