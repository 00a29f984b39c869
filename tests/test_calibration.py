"""The duplex calibration sheet: each back grid lies behind its front cross."""

import io
import itertools

import pdfplumber
import pytest

from generator.render.calibration import RULER_HALF, calibration_sheet, targets
from generator.render.imposition import Duplex
from generator.render.paper import paper
from generator.render.units import to_mm
from tests.conftest import one_line_error, pnp


def labels(page) -> dict[str, tuple[float, float]]:
    """Left edge and baseline (mm) of the single-letter target labels A to E."""
    out = {}
    for char in page.chars:
        if char["text"] in "ABCDE" and char["size"] > 8:
            out[char["text"]] = (to_mm(char["x0"]), to_mm(char["matrix"][5]))  # x, baseline
    return out


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_grids_are_behind_the_crosses(duplex, paper_name):
    sheet = paper(paper_name)
    data = calibration_sheet(sheet, duplex).to_bytes()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2
        back = labels(pdf.pages[1])
    for target in targets(sheet):
        # the sheet turned over its long edge mirrors x; over its short edge, y
        if duplex is Duplex.LONG:
            bx, by = sheet.width - target.x, target.y
        else:
            bx, by = target.x, sheet.height - target.y
        # the back label sits 2 mm right of the grid's edge, 3 mm under its top
        assert back[target.label][0] == pytest.approx(bx + RULER_HALF + 2, abs=0.2)
        assert back[target.label][1] == pytest.approx(by + RULER_HALF - 3, abs=0.05)


def test_fold_needs_no_calibration(tmp_path):
    out = tmp_path / "cal.pdf"
    one_line_error(pnp("calibrate", "--duplex", "fold", "--out", str(out)), "needs no calibration")
    assert not out.exists()


@pytest.mark.parametrize("name", ["cal.txt", "folder"])
def test_output_must_be_a_pdf_file(tmp_path, name):
    (tmp_path / "folder").mkdir()
    out = tmp_path / name
    result = pnp("calibrate", "--out", str(out))
    assert result.returncode == 2
    expected = "is a folder" if name == "folder" else "must end in .pdf"
    assert result.stderr.startswith("pnp: error: ") and expected in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_no_line_of_text_crosses_a_grid_and_every_label_stands_apart(duplex, paper_name):
    """The sheet meant to fix drift must be the clearest: the back's instructions clear of every
    grid whichever edge it is flipped on, its labels at 6 pt at least and never touching."""
    sheet = paper(paper_name)
    data = calibration_sheet(sheet, duplex).to_bytes()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            assert min(char["size"] for char in page.chars if char["upright"]) >= 6.0
        back = pdf.pages[1]
        height = to_mm(back.height)
        boxes = []
        for target in targets(sheet):
            bx = sheet.width - target.x if duplex is Duplex.LONG else target.x
            by = target.y if duplex is Duplex.LONG else sheet.height - target.y
            boxes.append(
                (bx - RULER_HALF - 9, by - RULER_HALF - 9, bx + RULER_HALF + 9, by + RULER_HALF + 2)
            )
        for word in back.extract_words():
            x0, x1 = to_mm(word["x0"]), to_mm(word["x1"])
            bottom, top = height - to_mm(word["bottom"]), height - to_mm(word["top"])
            inside = [b for b in boxes if x0 < b[2] and x1 > b[0] and bottom < b[3] and top > b[1]]
            if len(word["text"]) > 3 and "mm" not in word["text"]:  # the instructions
                assert not inside, word["text"]
        numbers = sorted(
            (to_mm(c["x0"]), to_mm(c["x1"]), round(c["top"], 1))
            for c in back.chars
            if c["text"].isdigit() and round(c["size"], 1) == 7.0
        )
        for (_, a1, atop), (b0, _, btop) in itertools.pairwise(numbers):
            if atop == btop and b0 - a1 < 5:  # neighbours on one row of a grid
                assert b0 - a1 > 0.5
