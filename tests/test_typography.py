"""Printed typography: typographic apostrophes in names, French narrow no-break spaces, and line
breaking that never breaks at a no-break space. The kits' PDFs are read back."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.core.i18n import P_
from generator.core.namekeys import name_key
from generator.core.typography import french_spacing, printed_name, printed_text
from generator.render.draw.fit_text import break_tokens
from generator.render.draw.text import platypus_paragraph, split_lines
from generator.render.fonts import FACES, face_file, register_fonts
from tests.conftest import pnp

NNBSP = "\u202f"


def test_printed_name_sets_the_typographic_apostrophe():
    assert printed_name("Côte-d'Or") == "Côte-d’Or"
    assert printed_name("Provence-Alpes-Côte d'Azur") == "Provence-Alpes-Côte d’Azur"
    assert printed_name("Brest") == "Brest"


def test_a_name_is_found_with_either_apostrophe():
    assert name_key("Île d'Yeu") == name_key("Île d’Yeu") == name_key(printed_name("Île d'Yeu"))


def test_french_spacing():
    assert (
        french_spacing("Contenu : 63 cartes ; bien !")
        == f"Contenu{NNBSP}: 63 cartes{NNBSP}; bien{NNBSP}!"
    )
    assert french_spacing("Valet « Pneus neufs » :") == f"Valet «{NNBSP}Pneus neufs{NNBSP}»{NNBSP}:"
    assert french_spacing("x\u00a0?") == f"x{NNBSP}?"
    assert french_spacing("10:30 https://a.b") == "10:30 https://a.b"  # no space: left alone
    once = french_spacing("Pas satisfait ? « colle »")
    assert french_spacing(once) == once


def test_the_material_catalog_sets_french_spacing_in_french_only():
    assert P_("fr", "Mise en place : la réserve.") == f"Mise en place{NNBSP}: la réserve."
    assert " :" not in P_(
        "en",
        "Communes : Insee via Etalab, chefs-lieux IGN (Licence Ouverte 2.0) et GeoNames "
        "(CC BY 4.0)",
    )


def test_english_text_sets_no_space_before_a_colon():
    assert printed_text("Rules : d'abord", "en") == "Rules: d’abord"


def test_every_face_has_the_narrow_no_break_space():
    from fontTools.ttLib import TTFont

    for face in FACES:
        assert 0x202F in TTFont(str(face_file(face))).getBestCmap(), face


def test_lines_never_break_at_a_no_break_space():
    fonts = register_fonts()
    text = f"Collez chaque languette «{NNBSP}colle{NNBSP}» sous la face{NNBSP}: la réserve{NNBSP}!"
    for width in range(20, 300, 7):
        lines = split_lines(text, fonts.regular, 10, width)
        assert " ".join(lines) == text
        for line in lines:
            assert not line.startswith((":", "»", "!")) and not line.endswith("«")
    assert break_tokens(f"Intermède{NNBSP}: x") == [f"Intermède{NNBSP}: ", "x"]


def test_reportlab_paragraphs_keep_the_narrow_space(tmp_path):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import SimpleDocTemplate

    fonts = register_fonts()
    text = f"Posez <b>6 cartes</b> en 2 lignes de 3{NNBSP}: la réserve «{NNBSP}colle{NNBSP}»."
    style = ParagraphStyle("s", fontName=fonts.regular, fontSize=9)
    path = tmp_path / "p.pdf"
    SimpleDocTemplate(str(path), leftMargin=500, rightMargin=20).build(
        [platypus_paragraph(text, style)]  # a column 75 pt wide: several lines
    )
    with pdfplumber.open(path) as pdf:
        lines = pdf.pages[0].extract_text().splitlines()
    assert len(lines) > 2
    for line in lines:
        assert not line.startswith((":", "»")) and not line.endswith("«"), lines
    printed = PdfReader(path).pages[0].extract_text()
    assert f"3{NNBSP}:" in printed and f"«{NNBSP}colle{NNBSP}»" in printed


# ---------------------------------------------------------------- the kits, read back


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    root = tmp_path_factory.mktemp("kits")
    for language in ("fr", "en"):
        result = pnp("kit", "--out", str(root / language), "--lang", language)
        assert result.returncode == 0, result.stderr
    return root


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def _lines(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]


@pytest.mark.slow  # two whole kits, every page read back
def test_printed_place_names_use_the_typographic_apostrophe(kits):
    for language in ("fr", "en"):
        for pdf in sorted((kits / language).rglob("*.pdf")):
            text = _text(pdf)
            assert "'" not in text, (pdf.name, re.findall(r".{0,20}'.{0,20}", text)[:3])
        deck = _text(kits / language / "oucedonc" / "oucedonc.pdf")
        assert "’" in deck


@pytest.mark.slow  # two whole kits, every page read back
def test_french_material_has_narrow_no_break_spaces(kits):
    for pdf in sorted((kits / "fr").rglob("*.pdf")):
        text = _text(pdf)
        assert not re.search(r"[ \u00a0][:;!?»]|«[ \u00a0]", text), (pdf.name, text[:200])
        for line in _lines(pdf):
            stripped = line.strip()
            assert not stripped.startswith((":", ";", "!", "?", "»")), (pdf.name, line)
            assert not stripped.endswith("«"), (pdf.name, line)
    assert f"Pneus neufs{NNBSP}»" in _text(kits / "fr" / "pronostiques-rules-aid.pdf")
    assert f"3{NNBSP}: la réserve" in _text(kits / "fr" / "territoires-mise-en-place-3j.pdf")


@pytest.mark.slow  # two whole kits, every page read back
def test_english_material_has_no_space_before_punctuation(kits):
    for pdf in sorted((kits / "en").rglob("*.pdf")):
        text = _text(pdf)
        assert NNBSP + ":" not in text and not re.search(r" [:;!?]", text), pdf.name
    deck = _text(kits / "en" / "oucedonc" / "oucedonc.pdf")
    assert "chefs-lieux" not in deck and "IGN administrative centres" in deck
