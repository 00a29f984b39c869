"""Decode TopoJSON (https://github.com/topojson/topojson-specification) into GeoJSON geometries.

A quantized topology stores each arc as integer positions, the first absolute and the others as
deltas from the previous one; ``transform`` (scale, translate) maps them back to longitude and
latitude. Polygons reference arcs by index; a negative index ``~i`` (that is ``-i - 1``) means
arc ``i`` reversed. Consecutive arcs of a ring share their end and start point, which is
written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Position = tuple[float, float]
Ring = list[Position]


class TopologyError(ValueError):
    """The TopoJSON document does not follow the specification."""


@dataclass(frozen=True)
class Topology:
    arcs: tuple[tuple[Position, ...], ...]  # decoded, absolute lon/lat positions
    objects: dict[str, Any]

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> Topology:
        if document.get("type") != "Topology":
            raise TopologyError("not a TopoJSON Topology (type must be 'Topology')")
        transform = document.get("transform")
        raw_arcs = document.get("arcs", [])
        arcs = tuple(decode_arc(arc, transform) for arc in raw_arcs)
        return cls(arcs=arcs, objects=document.get("objects", {}))

    def ring(self, indexes: Sequence[int]) -> Ring:
        """Stitch the arcs of one ring into a closed list of positions."""
        points: Ring = []
        for index in indexes:
            arc = self._arc(index)
            if points:
                if points[-1] != arc[0]:
                    raise TopologyError(
                        f"arc {index} does not start where the ring's last arc ended"
                    )
                points.extend(arc[1:])
            else:
                points.extend(arc)
        if len(points) < 4 or points[0] != points[-1]:
            raise TopologyError("a polygon ring must be closed and have at least 4 positions")
        return points

    def _arc(self, index: int) -> list[Position]:
        if index >= 0:
            return list(self.arcs[index])
        return list(reversed(self.arcs[~index]))

    def geometry(self, geometry: dict[str, Any]) -> dict[str, Any]:
        """Convert one TopoJSON (Multi)Polygon geometry object into a GeoJSON geometry."""
        kind = geometry.get("type")
        if kind == "Polygon":
            return {"type": "Polygon", "coordinates": [self.ring(r) for r in geometry["arcs"]]}
        if kind == "MultiPolygon":
            return {
                "type": "MultiPolygon",
                "coordinates": [[self.ring(r) for r in polygon] for polygon in geometry["arcs"]],
            }
        raise TopologyError(f"geometry type {kind!r} is not supported (only Polygon, MultiPolygon)")

    def find(self, object_name: str, feature_id: str) -> dict[str, Any]:
        """The geometry object of ``object_name`` (a GeometryCollection) whose id is
        ``feature_id``."""
        collection = self.objects.get(object_name)
        if not collection:
            raise TopologyError(f"the topology has no object {object_name!r}")
        geometries: list[dict[str, Any]] = collection.get("geometries", [])
        for geometry in geometries:
            if str(geometry.get("id")) == feature_id:
                return geometry
        raise TopologyError(f"object {object_name!r} has no geometry with id {feature_id!r}")


def decode_arc(
    arc: Sequence[Sequence[float]], transform: dict[str, Any] | None
) -> tuple[Position, ...]:
    """Absolute positions of one arc: undo delta encoding and quantization when ``transform`` is
    set."""
    if transform is None:
        return tuple((float(p[0]), float(p[1])) for p in arc)
    (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
    x = y = 0
    out: list[Position] = []
    for position in arc:
        x += int(position[0])
        y += int(position[1])
        out.append((x * sx + tx, y * sy + ty))
    return tuple(out)
