"""A cube's fold-up net as grid cells, its folding, and where the glue tabs go.

Pure geometry (no reportlab): cells of a square grid (column, row; rows grow upward) each carry
one face. :func:`fold` rolls a cube across the net, which tells on which side of the cube each
cell lands; :func:`seams` pairs the cut edges that meet once folded, so a net can be checked to
have exactly one glue tab per seam. Used by the Neo Otcho dice sheet.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

Vector = tuple[int, int, int]
Matrix = tuple[Vector, Vector, Vector]

# The side of a cell in the net and the grid step (and world direction) it leads to.
SIDES: dict[str, tuple[int, int]] = {"E": (1, 0), "N": (0, 1), "W": (-1, 0), "S": (0, -1)}
_WORLD: dict[str, Vector] = {"E": (1, 0, 0), "N": (0, 1, 0), "W": (-1, 0, 0), "S": (0, -1, 0)}
DOWN: Vector = (0, 0, -1)

# Rolling the cube one cell in a direction turns the face on that side to the bottom.
_ROLL: dict[str, Matrix] = {
    "E": ((0, 0, 1), (0, 1, 0), (-1, 0, 0)),  # +90° about y: +x goes down
    "W": ((0, 0, -1), (0, 1, 0), (1, 0, 0)),  # -90° about y: -x goes down
    "N": ((1, 0, 0), (0, 0, 1), (0, -1, 0)),  # -90° about x: +y goes down
    "S": ((1, 0, 0), (0, 0, -1), (0, 1, 0)),  # +90° about x: -y goes down
}

CUBE_SIDES: tuple[Vector, ...] = (
    (1, 0, 0),
    (-1, 0, 0),
    (0, 1, 0),
    (0, -1, 0),
    (0, 0, 1),
    (0, 0, -1),
)


@dataclass(frozen=True)
class NetCell:
    label: str
    col: int
    row: int


@dataclass(frozen=True)
class Edge:
    """A side ("N", "E", "S", "W") of the cell at (col, row)."""

    col: int
    row: int
    side: str


@dataclass(frozen=True)
class CubeNet:
    cells: tuple[NetCell, ...]
    tabs: tuple[Edge, ...]  # cut edges that carry a glue tab
    opposite: tuple[tuple[str, str], ...]  # the pairs of labels that must face each other

    def cell_at(self, col: int, row: int) -> NetCell | None:
        return next((c for c in self.cells if (c.col, c.row) == (col, row)), None)

    def cut_edges(self) -> tuple[Edge, ...]:
        """Edges of a cell with no neighbour across them: cut there, glue or tab."""
        return tuple(
            Edge(c.col, c.row, side)
            for c in self.cells
            for side, (dc, dr) in SIDES.items()
            if self.cell_at(c.col + dc, c.row + dr) is None
        )


def _mul(a: Matrix, b: Matrix) -> Matrix:
    return tuple(
        tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3)
    )  # type: ignore[return-value]


def _apply_transpose(m: Matrix, v: Vector) -> Vector:
    """mᵀ·v: a world direction expressed in the cube's own frame."""
    return tuple(sum(m[k][i] * v[k] for k in range(3)) for i in range(3))  # type: ignore[return-value]


def _orientations(net: CubeNet) -> dict[tuple[int, int], Matrix]:
    """The cube's orientation (body → world) when it lies on each cell, rolling from the first."""
    start = net.cells[0]
    identity: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    seen = {(start.col, start.row): identity}
    queue = deque([(start.col, start.row)])
    while queue:
        col, row = queue.popleft()
        for side, (dc, dr) in SIDES.items():
            nxt = (col + dc, row + dr)
            if nxt not in seen and net.cell_at(*nxt) is not None:
                seen[nxt] = _mul(_ROLL[side], seen[(col, row)])
                queue.append(nxt)
    return seen


def fold(net: CubeNet) -> dict[str, Vector]:
    """The side of the cube (a unit vector of the cube's frame) where each label lands."""
    orientation = _orientations(net)
    if len(orientation) != len(net.cells):
        raise ValueError("the net's cells are not all connected")
    return {c.label: _apply_transpose(orientation[(c.col, c.row)], DOWN) for c in net.cells}


def seams(net: CubeNet) -> dict[frozenset[Vector], tuple[Edge, ...]]:
    """The cut edges grouped by the cube edge (pair of sides) they lie on once folded."""
    orientation = _orientations(net)
    groups: dict[frozenset[Vector], list[Edge]] = {}
    for edge in net.cut_edges():
        m = orientation[(edge.col, edge.row)]
        key = frozenset((_apply_transpose(m, DOWN), _apply_transpose(m, _WORLD[edge.side])))
        groups.setdefault(key, []).append(edge)
    return {key: tuple(edges) for key, edges in groups.items()}


# The Neo Otcho die: a cross-shaped net; a↔c, b↔d, X↔★ face each other.
#        [b]
#   [X]  [a]  [★]
#        [d]
#        [c]
OTCHO_DIE = CubeNet(
    cells=(
        NetCell("a", 1, 2),
        NetCell("b", 1, 3),
        NetCell("X", 0, 2),
        NetCell("★", 2, 2),
        NetCell("d", 1, 1),
        NetCell("c", 1, 0),
    ),
    tabs=(
        Edge(1, 3, "W"),
        Edge(1, 3, "E"),
        Edge(1, 3, "N"),  # b's three cut edges
        Edge(0, 2, "S"),
        Edge(2, 2, "S"),  # X and ★ glue onto d
        Edge(1, 0, "W"),
        Edge(1, 0, "E"),  # c's sides glue onto X and ★
    ),
    opposite=(("a", "c"), ("b", "d"), ("X", "★")),
)
