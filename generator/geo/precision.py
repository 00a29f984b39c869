"""How precise a point is: a point rounded to whole arc-minutes must not print as seconds.

GeoNames filed 507 French communes at points rounded to the minute (Quimper at 48°00′N
4°06′W), and some references give a site to the minute only. Such a point is detected by both
its coordinates being whole minutes to the 1e-5 degree the data keeps (a precise point has both
by chance about twice in a million); the data build keeps none for the communes, and a deck that
prints seconds leaves such sites out (:func:`generator.geo.selection.deal`).
"""

from __future__ import annotations

from generator.geo.model import Place

MINUTES_PER_DEGREE = 60
#: 1e-5 degree is 0.0006 minute: a value within this of a whole minute is one, as the data keeps it
WHOLE_MINUTE_SLACK = 0.0007


def on_minute_grid(value: float) -> bool:
    """True when ``value`` (degrees) is a whole number of arc-minutes: 48.00000, 47.31667."""
    minutes = value * MINUTES_PER_DEGREE
    return abs(minutes - round(minutes)) < WHOLE_MINUTE_SLACK


def rounded_to_minutes(place: Place) -> bool:
    """Whether a place's point is given to the whole arc-minute only (both coordinates)."""
    return on_minute_grid(place.lat) and on_minute_grid(place.lon)
