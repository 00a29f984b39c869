"""Printed coordinates: rounding, formatting, and the monotonicity the referee relies on."""

from hypothesis import given
from hypothesis import strategies as st

from generator.games.oucedonc.coords import (
    Precision,
    format_latitude,
    format_longitude,
    to_units,
)
from generator.games.oucedonc.deckfile import Deck, deck_from_json, deck_to_json, make_place_card

degrees = st.floats(min_value=-180, max_value=180, allow_nan=False)


def test_formats_as_on_french_cards():
    units = to_units(48.1147, Precision.MINUTE)
    assert units == 2887
    assert format_latitude(units, Precision.MINUTE) == "48°07′ N"
    assert format_longitude(to_units(-1.6794, Precision.MINUTE), Precision.MINUTE) == "1°41′ O"
    assert format_latitude(to_units(-21.1151, Precision.MINUTE), Precision.MINUTE) == "21°07′ S"
    assert format_latitude(to_units(48.1147, Precision.SECOND), Precision.SECOND) == "48°06′53″ N"
    assert format_longitude(to_units(7.2619, Precision.HUNDREDTH), Precision.HUNDREDTH) == "7,26° E"


def test_half_rounds_away_from_zero_despite_binary_noise():
    assert to_units(48.25, Precision.MINUTE) == 2895
    assert to_units(-0.5 / 60, Precision.MINUTE) == -1


@given(degrees, degrees, st.sampled_from(list(Precision)))
def test_rounding_never_reverses_an_order(a, b, precision):
    if a < b:
        assert to_units(a, precision) <= to_units(b, precision)


def test_deck_round_trip():
    card = make_place_card(
        "P01", "Rennes", "town", 48.1147, -1.6794, Precision.MINUTE, departement="35"
    )
    deck = Deck("Oucédonc en Bretagne", "bretagne", 7, Precision.MINUTE, (card,))
    assert deck_from_json(deck_to_json(deck)) == deck
