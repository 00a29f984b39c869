"""How precise a point is: a point rounded to whole arc-minutes must not print as seconds.

GeoNames filed 507 French communes at points rounded to the minute (Quimper at 48°00′N
4°06′W), and some references give a site to the minute only, or to the hundredth of a degree.
Such a point is detected by both its coordinates being whole minutes (or hundredths) to the
1e-5 degree the data keeps (a precise point has both by chance about twice in a million); the
data build keeps none for the communes, and a deck that prints seconds leaves such sites out
(:func:`generator.geo.selection.deal`).
"""

from __future__ import annotations

from generator.geo.model import Place

MINUTES_PER_DEGREE = 60
#: 1e-5 degree is 0.0006 minute: a value within this of a whole minute is one, as the data keeps it
WHOLE_MINUTE_SLACK = 0.0007


def on_minute_grid(value: float) -> bool:
    """True when ``value`` (degrees) is a whole number of arc-minutes: 48.00000, 47.31667."""
    return _on_grid(value, MINUTES_PER_DEGREE)


def _on_grid(value: float, per_degree: int) -> bool:
    units = value * per_degree
    return abs(units - round(units)) < WHOLE_MINUTE_SLACK


def rounded_to_minutes(place: Place) -> bool:
    """Whether a place's point is given to the whole arc-minute only (both coordinates)."""
    return on_minute_grid(place.lat) and on_minute_grid(place.lon)


#: a site's point given to the hundredth of a degree (about 1 km) is too coarse for seconds too
HUNDREDTHS_PER_DEGREE = 100


def on_hundredth_grid(value: float) -> bool:
    """True when ``value`` (degrees) is a whole number of hundredths: 41.56000, -1.15000."""
    return _on_grid(value, HUNDREDTHS_PER_DEGREE)


def too_coarse_for_seconds(place: Place) -> bool:
    """Whether a place's point cannot print to the second: given to the whole minute, or (a
    site) to the hundredth of a degree: the Bassin d'Arcachon at 44.70, -1.15 printed
    44°42′00″ N 1°09′00″ W as if exact. A precise point has both coordinates on either grid
    by chance about once in a million; the curated sites left on them are listed in
    ``tests/test_datasets.py`` (``COARSE_LANDMARKS``), the communes have none."""
    return rounded_to_minutes(place) or (
        place.kind == "site" and on_hundredth_grid(place.lat) and on_hundredth_grid(place.lon)
    )
