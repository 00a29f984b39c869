"""Real, small kit builders for the kit's tests: they write real PDFs with generator.render.

They stand in for the games' builders (which live on other branches) and include ones that fail
in each way a real one can: a user mistake, a bug, and writing where it must not.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from generator.core.atomic import write_bytes, write_text
from generator.core.errors import UserError
from generator.kit.model import Component, KitFile, KitParams, PrintNotes
from generator.render.document import DocInfo, new_document
from generator.render.fonts import register_fonts
from generator.render.units import pt

B = "tests.kit_sample_builders:"
NO_DATASETS = Path("/nonexistent-datasets")


def _pdf(path: Path, width_mm: float, height_mm: float, pages: list[str], title: str) -> Path:
    fonts = register_fonts()
    document = new_document(width_mm, height_mm, DocInfo(title=title))
    canvas = document.canvas
    for number, text in enumerate(pages, start=1):
        canvas.setFillColorRGB(0.93, 0.85, 0.78)
        canvas.rect(pt(15), pt(15), pt(width_mm - 30), pt(height_mm - 30), stroke=0, fill=1)
        canvas.setFillColorRGB(0.1, 0.1, 0.2)
        canvas.setFont(fonts.title, 28)
        canvas.drawString(pt(25), pt(height_mm - 45), text)
        canvas.setFont(fonts.regular, 12)
        canvas.drawString(pt(25), pt(height_mm - 60), f"page {number} — Œuf, Île-de-France")
        canvas.showPage()
    return document.save(path)


def build_cards(params: KitParams) -> list[Path | KitFile]:
    """Two pages (fronts and backs) on the kit's paper, and the deck's JSON."""
    sheet = params.paper
    names = sorted(
        random.Random(params.seed).sample(["Brest", "Nîmes", "Épinal", "Sète", "Laval", "Albi"], 3)
    )
    deck = _pdf(
        params.out / "cards" / "deck.pdf",
        sheet.width,
        sheet.height,
        [" · ".join(names), "Dos des cartes"],
        "Sample deck",
    )
    data = write_text(
        params.out / "cards" / "deck.json", json.dumps({"cards": names}, ensure_ascii=False) + "\n"
    )
    return [KitFile(deck, "Sample deck", PrintNotes("long", "Cut along the crop marks.")), data]


def build_poster(params: KitParams) -> list[Path]:
    """One landscape page, as another program would write it: no viewer preferences."""
    import pikepdf

    sheet = params.paper.landscape()
    path = _pdf(params.out / "poster.pdf", sheet.width, sheet.height, ["Plateau"], "Sample poster")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        del pdf.Root.ViewerPreferences
        pdf.save(path, deterministic_id=True)
    return [path]


def build_refused(params: KitParams) -> list[Path]:
    """Writes part of its material, then refuses the parameters, as a real builder may."""
    _pdf(params.out / "refused.pdf", 210, 297, ["half"], "Refused")
    (params.out / "scratch.tmp").write_bytes(b"partial")
    raise UserError(f"region {params.region!r} has too few places; choose a larger region")


def build_buggy(params: KitParams) -> list[Path]:
    """Writes a file, then hits a bug."""
    write_bytes(params.out / "poster.pdf", b"%PDF-1.4 not a real one")
    return [Path("nowhere")[5]]  # TypeError: a bug


def build_reserved(params: KitParams) -> list[Path]:
    """Writes the kit's own index.html."""
    return [write_text(params.out / "index.html", "<p>mine</p>")]


def build_outside(params: KitParams) -> list[Path]:
    """Returns a path outside the folder it was given."""
    return [write_text(params.out.parent / "outside.txt", "outside")]


def build_corrupt(params: KitParams) -> list[Path]:
    """Returns a PDF that is not one (a truncated write that bypassed generator.core.atomic)."""
    good = _pdf(params.out / "good.pdf", 210, 297, ["fine"], "Good")
    return [good, write_bytes(params.out / "poster.pdf", b"%PDF-1.4 truncated")]


def build_awkward_names(params: KitParams) -> list[Path]:
    """Names a browser must quote (space, accents) and two PDFs whose thumbnail stems collide."""
    return [
        _pdf(params.out / "règles" / "Aide de jeu.pdf", 210, 297, ["Aide"], "Aide de jeu"),
        _pdf(params.out / "a" / "b.pdf", 210, 297, ["a/b"], "a/b"),
        _pdf(params.out / "a__b.pdf", 210, 297, ["a__b"], "a__b"),
    ]


CARDS = Component("Sample deck", B + "build_cards", game="Game one")
POSTER = Component(
    "Sample poster", B + "build_poster", PrintNotes(advice="Tape the two halves."), game="Game two"
)
REFUSED = Component("Refused", B + "build_refused", game="Game two")
BUGGY = Component("Buggy", B + "build_buggy")
AWKWARD = Component("Awkward names", B + "build_awkward_names")


def build_notes_a(params: KitParams) -> list[Path]:
    """Cheap builders for property tests: text files only."""
    return [
        write_text(params.out / "a.txt", f"a {params.seed}\n"),
        write_text(params.out / "sub" / "a.txt", "a\n"),
    ]


def build_notes_b(params: KitParams) -> list[Path]:
    write_text(params.out / "sub" / "b-extra.txt", "written, not returned\n")
    return [write_text(params.out / "b.txt", "b\n")]


def build_notes_refused(params: KitParams) -> list[Path]:
    write_text(params.out / "c.txt", "c\n")
    raise UserError("refused; change nothing")


def build_notes_buggy(params: KitParams) -> list[Path]:
    write_text(params.out / "sub" / "d.txt", "d\n")
    raise ZeroDivisionError("bug")


def build_environment_note(params: KitParams) -> list[Path]:
    """Writes what the environment says (a worker must see the command's environment of now)."""
    import os

    return [write_text(params.out / "environment.txt", os.environ.get("PNP_KIT_TEST_NOTE", "-"))]


ENVIRONMENT_NOTE = Component("Environment note", B + "build_environment_note")


def build_after_gate(params: KitParams) -> list[Path]:
    """Waits until the FIFO named by ``PNP_KIT_TEST_GATE`` is opened and closed by the test
    (a kit held in the middle of its build), then writes one PDF."""
    import os

    with open(os.environ["PNP_KIT_TEST_GATE"], "rb") as gate:
        gate.read()
    return [_pdf(params.out / "gated.pdf", 210, 297, ["Après"], "Gated")]


GATED = Component("Gated", B + "build_after_gate")
