"""docs/python-api.md, run as written: the ``python`` blocks of its products' sections, in
order, in one namespace, in an empty folder holding ``places.csv`` (48 towns of Finistère, the
first example's input). Its referee section runs in tests/test_python_api_doc.py."""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "python-api.md"
BLOCK = re.compile(r"^```python\n(?P<code>.*?)^```$", re.DOTALL | re.MULTILINE)


def blocks() -> list[str]:
    """The blocks of every section before the referee's."""
    text = DOC.read_text(encoding="utf-8")
    products = text.split("\n## The referee\n")[0]
    return [match["code"] for match in BLOCK.finditer(products)]


def write_places(path: Path) -> None:
    """The 48 largest towns of Finistère of which no two share a printed second of latitude or
    of longitude (the data rounds a few to the same second: a deck would refuse them)."""
    from generator.games.oucedonc.coords import Precision, to_units
    from generator.geo import embedded

    towns, seen = [], set()
    for town in sorted(
        (place for place in embedded.communes() if place.departement == "29"),
        key=lambda place: -(place.population or 0),
    ):
        units = {
            ("lat", to_units(town.lat, Precision.SECOND)),
            ("lon", to_units(town.lon, Precision.SECOND)),
        }
        if not units & seen and len(towns) < 48:
            towns.append(town)
            seen |= units
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "lat", "lon"])
        writer.writerows((town.name, town.lat, town.lon) for town in towns)


@pytest.mark.slow
def test_every_example_of_the_python_api_runs_as_written(tmp_path):
    code = blocks()
    assert len(code) >= 6
    write_places(tmp_path / "places.csv")
    namespace: dict[str, object] = {"__name__": "python_api_doc"}
    printed = io.StringIO()
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        for number, block in enumerate(code, start=1):
            with contextlib.redirect_stdout(printed):
                exec(compile(block, f"{DOC.name}, block {number}", "exec"), namespace)
    finally:
        os.chdir(before)
    said = printed.getvalue()
    assert "Oucédonc · ma classe 48" in said
    for name in ("classe.pdf", "classe.json", "classe-referee.html", "oie-a3.pdf"):
        assert (tmp_path / name).is_file(), name
    assert (tmp_path / "otcho" / "otcho-rules-aid.pdf").is_file()
    assert (tmp_path / "L01_front.png").is_file()
    assert "territoires-lenormand territoires territoires-sheets" in said


def test_the_page_shows_the_shape_and_names_every_product():
    from generator.products.catalog import PRODUCTS

    text = DOC.read_text(encoding="utf-8")
    assert "Options  →  build(options)  →  Built  →  write(built, out, force)" in text
    modules = {product.build.__module__.rsplit(".", 1)[-1] for product in PRODUCTS.values()}
    shown = set(re.findall(r"generator\.products\.(\w+) import", text))
    assert modules - {"calibration", "oucedonc_referee_page"} <= shown
