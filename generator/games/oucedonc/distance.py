"""Kilometres between two printed coordinates, along a meridian or along a parallel (WGS84).

The gap that decides a north/south question is the arc of meridian between the two latitudes;
for east/west it is the arc of the parallel between the two longitudes, taken at the mean
latitude of the two places. pyproj is imported inside the functions so the referee starts fast.
"""

from __future__ import annotations

import math
from functools import lru_cache


def meridian_km(lat_a: float, lat_b: float) -> float:
    """Length of the meridian arc between two latitudes (degrees), in km (geodesic on WGS84)."""
    _, _, metres = _wgs84().inv(0.0, lat_a, 0.0, lat_b)
    return metres / 1000.0


def parallel_km(lon_a: float, lon_b: float, lat: float) -> float:
    """Length of the arc of the parallel at ``lat`` between two longitudes, in km (WGS84).

    A parallel is a circle of radius N(φ)·cos φ, N the prime-vertical radius of curvature of the
    ellipsoid; its arc is that radius times the longitude difference in radians.
    """
    geod = _wgs84()
    phi = math.radians(lat)
    radius = geod.a * math.cos(phi) / math.sqrt(1.0 - geod.es * math.sin(phi) ** 2)
    return radius * math.radians(abs(lon_a - lon_b)) / 1000.0


@lru_cache(maxsize=1)
def _wgs84():  # -> pyproj.Geod; built once, it is immutable
    from pyproj import Geod

    return Geod(ellps="WGS84")
