"""Time to build the Jeu de l'Oie board PDFs and the exact solitaire statistics.

python benchmarks/oie_board.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parents[1])
)  # run from any folder, on this checkout

from generator.games.oie.stats import distribution, expected_turns
from generator.render.oie.board import BoardOptions, board_document
from generator.render.paper import paper


def write_board(options: BoardOptions, path: Path) -> Path:
    return board_document(options).save(path)


def timed(label: str, action) -> None:
    start = time.perf_counter()
    result = action()
    elapsed = time.perf_counter() - start
    size = f"  {result.stat().st_size / 1024:.0f} KiB" if isinstance(result, Path) else ""
    print(f"{label:<36} {elapsed:6.2f} s{size}")


def main() -> None:
    timed("exact expected turns (first call)", expected_turns)
    timed("exact distribution, 200 turns", lambda: distribution(200))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        timed(
            "board A4 (first, with font loading)",
            lambda: write_board(BoardOptions(paper=paper("a4")), out / "a.pdf"),
        )
        timed("board A4", lambda: write_board(BoardOptions(paper=paper("a4")), out / "b.pdf"))
        timed("board A3", lambda: write_board(BoardOptions(paper=paper("a3")), out / "c.pdf"))
        timed("poster 2x2 A4", lambda: write_board(BoardOptions(tiles=paper("a4")), out / "d.pdf"))
        timed(
            "poster 3x3 Letter",
            lambda: write_board(BoardOptions(tiles=paper("letter"), grid=(3, 3)), out / "e.pdf"),
        )


if __name__ == "__main__":
    main()
