"""`pnp preflight`: a clean PDF/X-4 file passes every shop rule; crafted bad files fail the
rule they break and no other; bad input exits 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pikepdf
import pytest

from generator.cli.main import run
from generator.preflight.report import preflight
from generator.preflight.rules import Limits
from generator.render.card_size import card_size
from generator.render.colour import Cmyk, hex_colour, set_fill
from generator.render.document import DocInfo, new_document
from generator.render.fonts import register_fonts
from generator.render.imposition import Card, CardBox, render_faces
from generator.render.pdfx import finish_pdfx
from generator.render.profile import HOME, SHOP
from generator.render.units import pt

FONTS = register_fonts()
SHOP_LIMITS = Limits("shop", 300.0)
NAVY = hex_colour("#1F4E79", Cmyk(1.0, 0.72, 0.0, 0.4))
BLACK = hex_colour("#000000", Cmyk(0, 0, 0, 1))


def clean(canvas) -> None:
    """A card-like page: a navy background, black-ink text at 8 pt (CMYK set directly, so that
    a home canvas lets it through unchanged)."""
    canvas.setFillColorCMYK(1.0, 0.72, 0.0, 0.4)
    canvas.rect(0, 0, pt(63), pt(88), stroke=0, fill=1)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setFont(FONTS.regular, 8)
    canvas.drawString(pt(6), pt(10), "Le Havre")


def shop_file(tmp_path: Path, draw, name: str = "x.pdf", bleed: float = 3.0) -> Path:
    """Draw on a home canvas (which lets anything through), then finish it as PDF/X-4: the file
    is right in every respect but what ``draw`` does wrong."""
    doc = new_document(63, 88, DocInfo(title="Préflight"), HOME)
    draw(doc.canvas)
    doc.canvas.showPage()
    path = tmp_path / name
    path.write_bytes(finish_pdfx(doc.to_bytes(), bleed))
    return path


def statuses(path: Path, limits: Limits = SHOP_LIMITS) -> dict[str, str]:
    return {r.rule: r.status for r in preflight(path, limits).results}


def failing(path: Path, limits: Limits = SHOP_LIMITS) -> set[str]:
    return {rule for rule, status in statuses(path, limits).items() if status == "fail"}


def test_a_shop_document_passes_every_shop_rule(tmp_path):
    doc = new_document(63, 88, DocInfo(title="Propre"), SHOP)
    canvas = doc.canvas
    set_fill(canvas, NAVY)
    canvas.rect(0, 0, pt(63), pt(88), stroke=0, fill=1)
    set_fill(canvas, BLACK)
    canvas.setFont(FONTS.regular, 8)
    canvas.drawString(pt(6), pt(10), "Le Havre")
    canvas.showPage()
    path = tmp_path / "clean.pdf"
    path.write_bytes(doc.to_bytes())
    report = preflight(path, SHOP_LIMITS)
    assert report.passed, report.lines()
    assert statuses(path)["pdfx"] == "pass"
    assert statuses(path)["output-intent"] == "pass"


@pytest.mark.parametrize(
    ("name", "draw", "rule"),
    [
        (
            "rgb-text",
            lambda c: (clean(c), c.setFillColorRGB(0.8, 0.1, 0.1), c.drawString(10, 40, "rouge")),
            {"colour-spaces"},
        ),
        (
            "rgb-black-text",
            lambda c: (clean(c), c.setFillColorRGB(0, 0, 0), c.drawString(10, 40, "noir")),
            {"colour-spaces", "black-text"},
        ),
        (
            "ink-350",
            lambda c: (clean(c), c.setFillColorCMYK(1, 1, 0.5, 1), c.rect(5, 5, 20, 20, 0, 1)),
            {"ink"},
        ),
        (
            "rich-black-text",
            lambda c: (
                clean(c),
                c.setFillColorCMYK(0.6, 0.4, 0.4, 1),
                c.drawString(10, 40, "riche"),
            ),
            {"black-text"},
        ),
        (
            "transparency",
            lambda c: (clean(c), c.setFillAlpha(0.5), c.rect(5, 5, 20, 20, 0, 1)),
            {"transparency"},
        ),
        (
            "unembedded-font",
            lambda c: (clean(c), c.setFont("Helvetica", 9), c.drawString(10, 40, "Helvetica")),
            {"fonts"},
        ),
        (
            "tiny-text",
            lambda c: (clean(c), c.setFont(FONTS.regular, 4.5), c.drawString(10, 40, "minuscule")),
            {"text-size"},
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_a_crafted_defect_fails_its_rule_and_only_it(tmp_path, name, draw, rule):
    path = shop_file(tmp_path, draw, f"{name}.pdf")
    assert failing(path) == rule


def test_one_millimetre_of_bleed_fails_the_boxes_rule(tmp_path):
    def face(canvas, box: CardBox) -> None:
        clean(canvas)

    doc = render_faces([Card(face, face)], card_size("poker"), 1.0, DocInfo(title="1 mm"), SHOP)
    path = tmp_path / "bleed1.pdf"
    path.write_bytes(doc.to_bytes())
    assert failing(path) == {"boxes"}
    report = preflight(path, SHOP_LIMITS)
    boxes = next(r for r in report.results if r.rule == "boxes")
    assert "1.00 mm" in " ".join(boxes.where)


def test_a_lower_ink_limit_is_an_option(tmp_path):
    path = shop_file(
        tmp_path,
        lambda c: (clean(c), c.setFillColorCMYK(0.7, 0.6, 0.6, 0.3), c.rect(5, 5, 9, 9, 0, 1)),
    )
    assert "ink" not in failing(path)  # 220 %
    assert "ink" in failing(path, Limits("shop", 200.0))


def test_a_transparency_group_on_a_form_is_found(tmp_path):
    path = shop_file(tmp_path, clean)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[0]
        form = pdf.make_stream(b"0 0 0 1 k 0 0 10 10 re f")
        form.Type = pikepdf.Name.XObject
        form.Subtype = pikepdf.Name.Form
        form.BBox = [0, 0, 10, 10]
        form.Group = pikepdf.Dictionary(S=pikepdf.Name.Transparency, CS=pikepdf.Name.DeviceCMYK)
        page.Resources.XObject = pikepdf.Dictionary(Fm9=form)
        page.contents_add(pdf.make_stream(b"q /Fm9 Do Q"))
        pdf.save(path)
    assert failing(path) == {"transparency"}


def test_pdfx_keys_missing_fail_the_pdfx_and_output_intent_rules(tmp_path):
    doc = new_document(63, 88, DocInfo(title="Sans PDF/X"), HOME)
    clean(doc.canvas)
    doc.canvas.showPage()
    path = tmp_path / "plain.pdf"
    path.write_bytes(doc.to_bytes())
    assert {"pdfx", "output-intent", "boxes"} <= failing(path)
    assert failing(path, Limits("home")) == set()


def test_home_rules_want_print_scaling_and_the_version_its_keys_need(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "old.pdf"
    canvas = Canvas(str(path), pdfVersion=(1, 4), initialFontName=FONTS.regular, invariant=1)
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    canvas.drawString(20, 20, "recto")
    canvas.showPage()
    canvas.save()
    assert failing(path, Limits("home")) == {"pdf-version", "viewer-preferences"}


def test_our_home_documents_declare_what_they_use(tmp_path):
    doc = new_document(63, 88, DocInfo(title="Maison"), HOME, duplex="long")
    clean(doc.canvas)
    doc.canvas.showPage()
    path = tmp_path / "home.pdf"
    path.write_bytes(doc.to_bytes())
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.7"
        assert pdf.Root.ViewerPreferences.Duplex == "/DuplexFlipLongEdge"
        assert pdf.Root.ViewerPreferences.PrintScaling == "/None"
    assert failing(path, Limits("home")) == set()


class Outcome:
    def __init__(self, exit_code: int, output: str) -> None:
        self.exit_code, self.output = exit_code, output


class Runner:
    """``pnp ARGS`` in this process: exit code and stdout + stderr."""

    def __init__(self, capsys) -> None:
        self.capsys = capsys

    def invoke(self, args: list[str]) -> Outcome:
        code = 0
        try:
            run(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = self.capsys.readouterr()
        return Outcome(code, out + err)


@pytest.fixture
def runner(capsys) -> Runner:
    return Runner(capsys)


def test_cli_exit_codes_and_json(tmp_path, runner):
    good = shop_file(tmp_path, clean, "good.pdf")
    result = runner.invoke(["preflight", str(good), "--profile", "shop"])
    assert result.exit_code == 0, result.output
    assert "PASS  pdfx" in result.output
    bad = shop_file(
        tmp_path, lambda c: (clean(c), c.setFillAlpha(0.4), c.rect(5, 5, 9, 9, 0, 1)), "bad.pdf"
    )
    result = runner.invoke(["preflight", str(bad), "--profile", "shop", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["passed"] is False
    assert [r["rule"] for r in report["rules"] if r["status"] == "fail"] == ["transparency"]
    assert report["rules"][0]["rule"] == "pdf-version"


@pytest.mark.parametrize("content", [b"hello, not a pdf", b"%PDF-1.4\n%%garbage only\n"])
def test_not_a_pdf_is_bad_input(tmp_path, runner, content):
    path = tmp_path / "x.pdf"
    path.write_bytes(content)
    result = runner.invoke(["preflight", str(path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_an_encrypted_pdf_is_bad_input(tmp_path, runner):
    good = shop_file(tmp_path, clean, "good.pdf")
    locked = tmp_path / "locked.pdf"
    with pikepdf.open(good) as pdf:
        pdf.save(locked, encryption=pikepdf.Encryption(owner="o", user="u"))
    result = runner.invoke(["preflight", str(locked)])
    assert result.exit_code == 2
    assert "encrypted" in result.output
    opened = tmp_path / "opened.pdf"
    with pikepdf.open(good) as pdf:
        pdf.save(opened, encryption=pikepdf.Encryption(owner="o", user=""))
    result = runner.invoke(["preflight", str(opened)])
    assert result.exit_code == 2
    assert "encrypted" in result.output


def test_a_missing_file_and_a_bad_ink_limit_are_bad_input(tmp_path, runner):
    assert runner.invoke(["preflight", str(tmp_path / "none.pdf")]).exit_code == 2
    good = shop_file(tmp_path, clean, "good.pdf")
    result = runner.invoke(["preflight", str(good), "--profile", "shop", "--ink-limit", "900"])
    assert result.exit_code == 2


def _hostile(tmp_path: Path, kind: str) -> str:
    if kind == "fifo":
        os.mkfifo(tmp_path / "pipe.pdf")
        return str(tmp_path / "pipe.pdf")
    if kind == "folder":
        return str(tmp_path)
    if kind == "device":
        return "/dev/zero"
    if kind == "long name":
        return str(tmp_path / ("x" * 300 + ".pdf"))
    good = shop_file(tmp_path, clean, "good.pdf")
    path = tmp_path / f"{kind}.pdf"
    if kind == "truncated":
        path.write_bytes(good.read_bytes()[:700])
    else:  # a catalogue whose page tree has no pages array
        path.write_bytes(
            b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 1 0 R >> endobj\n"
            b"trailer << /Root 1 0 R >>\n%%EOF"
        )
    return str(path)


@pytest.mark.parametrize(
    "kind", ["fifo", "folder", "device", "long name", "truncated", "broken page tree"]
)
def test_a_hostile_input_is_one_line_and_exit_2(tmp_path, kind):
    from tests.conftest import pnp

    result = pnp("preflight", _hostile(tmp_path, kind))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result
    assert len(lines) == 1 and lines[0].startswith("pnp: error: "), lines
    assert "0x" not in lines[0] and "Traceback" not in result.stderr
