"""``pnp oucedonc deck --ink light``: the token backs as a ring on the paper, for school printers.

One deck is built with ``--ink light``; its token pages are rendered by PDFium and their ink
measured (the mean darkness of the page): the backs page must take a small fraction of the
fronts page, whose gold discs are the full back's art (both faces of a token were alike); a bad
value is a usage error.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import one_line_error, pnp

DPI = 24


def ink(pdf: Path, index: int) -> float:
    """Mean ink of page ``index`` (0 for white paper, 1 for a solid black page)."""
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[index % len(document)].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        document.close()
    histogram = image.histogram()  # pixels by grey level
    return sum((255 - level) * n for level, n in enumerate(histogram)) / (255 * sum(histogram))


@pytest.mark.slow  # a deck built (about 3 s of CPU on a loaded machine)
def test_light_token_backs_take_a_fraction_of_the_ink(tmp_path: Path) -> None:
    out = tmp_path / "light.pdf"
    result = pnp(
        "oucedonc", "deck", "--region", "bretagne", "--cards", "48", "--ink", "light",
        "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    fronts, backs = ink(out, -2), ink(out, -1)
    assert fronts > 0.1  # the gold discs: the page is largely coloured
    assert 0 < backs < fronts / 5


def test_an_unknown_ink_is_a_usage_error(tmp_path: Path) -> None:
    result = pnp("oucedonc", "deck", "--ink", "none", "--out", str(tmp_path / "d.pdf"))
    one_line_error(result, "--ink")
    assert not (tmp_path / "d.pdf").exists()


@pytest.mark.slow  # the kit's deck built (about 3 s of CPU on a loaded machine)
def test_the_kit_deck_takes_the_light_ink_and_its_manifest_says_so(tmp_path: Path) -> None:
    from generator.kit.build import KitResult
    from generator.kit.builders import build_oucedonc_deck
    from generator.kit.manifest import manifest_document
    from generator.kit.model import KitParams
    from generator.render.profile import Ink

    params = KitParams(out=tmp_path, region="bretagne", ink=Ink.LIGHT)
    build_oucedonc_deck(params)
    deck = tmp_path / "oucedonc" / "oucedonc.pdf"
    fronts, backs = ink(deck, -2), ink(deck, -1)
    assert 0 < backs < fronts / 5
    empty = KitResult(files=(), failures=(), components=())
    assert manifest_document(params, empty, [])["parameters"]["ink"] == "light"
    full = manifest_document(KitParams(out=tmp_path), empty, [])["parameters"]
    assert "ink" not in full  # a full-ink kit's manifest is the one it always was


def test_the_kit_refuses_an_unknown_ink(tmp_path: Path) -> None:
    result = pnp("kit", "--ink", "none", "--out", str(tmp_path / "kit"))
    one_line_error(result, "--ink")
    assert not (tmp_path / "kit").exists()
