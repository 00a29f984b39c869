"""The duplex calibration sheet: each back grid lies behind its front cross."""

import io

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
    assert result.stderr.startswith("pnp: error: ") and "must end in .pdf" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]
