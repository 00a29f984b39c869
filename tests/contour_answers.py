"""Etalab contours answers in the real format (GeoJSON FeatureCollections of départements), as
big as the real file or as hostile as the outside fuzz of issue 28, streamed in chunks so that
a 227 MB answer never sits whole in the test's memory."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator


def ring(vertices: int, lon: float = 2.0, lat: float = 46.0, radius: float = 0.5) -> list:
    """A closed ring of ``vertices`` positions around (lon, lat), rounded as Etalab rounds."""
    points = [
        [
            round(lon + radius * math.cos(2 * math.pi * k / (vertices - 1)), 6),
            round(lat + radius * math.sin(2 * math.pi * k / (vertices - 1)), 6),
        ]
        for k in range(vertices - 1)
    ]
    return [*points, points[0]]


def feature(code: str, vertices: int, parts: int = 1) -> dict:
    """A département: ``parts`` polygons (islands) of ``vertices`` positions in all."""
    each = max(4, vertices // parts)
    polygons = [[ring(each, 2.0 + part, 46.0)] for part in range(parts)]
    return {
        "type": "Feature",
        "properties": {"code": code, "nom": f"Département {code}", "region": "84"},
        "geometry": {"type": "MultiPolygon", "coordinates": polygons},
    }


def collection(features: list[dict]) -> bytes:
    return json.dumps({"type": "FeatureCollection", "features": features}).encode()


def like_the_real_file(vertices: int = 3_000) -> bytes:
    """101 départements of about ``vertices`` positions each, some in several parts (the 100 m
    file: about 300,000 vertices in all)."""
    return collection([feature(f"{n:02d}", vertices, parts=1 + n % 4) for n in range(1, 102)])


def streamed(count: int, vertices: int, chunk: int = 4_096) -> Iterator[bytes]:
    """A FeatureCollection of ``count`` features of ``vertices`` positions each, in pieces of
    ``chunk`` features (one piece encoded once and sent again: a server as fast as the network)."""
    one = json.dumps(feature("99", vertices)).encode()
    piece = b"," + b",".join([one] * chunk)
    yield b'{"type": "FeatureCollection", "features": [' + one
    sent = 1
    while sent + chunk <= count:
        yield piece
        sent += chunk
    yield b"," * (count > sent) + b",".join([one] * (count - sent)) + b"]}"


def one_polygon(vertices: int, chunk: int = 100_000) -> Iterator[bytes]:
    """One département whose single ring has ``vertices`` positions (rounded up to whole
    pieces of ``chunk``), in pieces."""
    yield (
        b'{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": '
        b'{"code": "33", "nom": "Gironde"}, "geometry": {"type": "Polygon", "coordinates": [['
    )
    piece = b",".join([b"[-1.234567,45.123456]"] * chunk)
    for start in range(0, vertices, chunk):
        yield piece if start == 0 else b"," + piece
    yield b"]]}}]}"
