"""Kilometres between two printed coordinates, along a meridian or along a parallel (WGS84).

The gap that decides a north/south question is the arc of meridian between the two latitudes;
for east/west it is the arc of the parallel between the two longitudes, taken at the mean
latitude of the two places. Both have closed forms on the ellipsoid, computed here with the
standard library only: the referee answers at the table, and pyproj (the same WGS84 geodesics,
checked against it in the tests) costs more to import than the whole rest of ``verify``.
"""

from __future__ import annotations

import math

# WGS84: semi-major axis (m) and flattening; n is the third flattening, e2 the eccentricity².
_A = 6_378_137.0
_F = 1 / 298.257223563
_N = _F / (2 - _F)
_E2 = _F * (2 - _F)

# Helmert's series of the meridian arc in the third flattening (the terms up to n⁴; the first
# neglected term, of order n⁵ ≈ 1.4e-14, is far below a millimetre on any arc of the Earth).
_RECTIFYING = _A / (1 + _N) * (1 + _N**2 / 4 + _N**4 / 64)
_SINES = (
    -3 / 2 * (_N - _N**3 / 8),
    15 / 16 * (_N**2 - _N**4 / 4),
    -35 / 48 * _N**3,
    315 / 512 * _N**4,
)
_SINE_SCALE = _A / (1 + _N)


def _meridian_m(lat: float) -> float:
    """Distance in metres along a meridian from the equator to latitude ``lat`` (degrees)."""
    phi = math.radians(lat)
    terms = sum(c * math.sin(2 * (k + 1) * phi) for k, c in enumerate(_SINES))
    return _RECTIFYING * phi + _SINE_SCALE * terms


def meridian_km(lat_a: float, lat_b: float) -> float:
    """Length of the meridian arc between two latitudes (degrees), in km (geodesic on WGS84)."""
    return abs(_meridian_m(lat_b) - _meridian_m(lat_a)) / 1000.0


def parallel_km(lon_a: float, lon_b: float, lat: float) -> float:
    """Length of the arc of the parallel at ``lat`` between two longitudes, in km (WGS84).

    A parallel is a circle of radius N(φ)·cos φ, N the prime-vertical radius of curvature of the
    ellipsoid; its arc is that radius times the longitude difference in radians.
    """
    phi = math.radians(lat)
    radius = _A * math.cos(phi) / math.sqrt(1.0 - _E2 * math.sin(phi) ** 2)
    return radius * math.radians(abs(lon_a - lon_b)) / 1000.0
