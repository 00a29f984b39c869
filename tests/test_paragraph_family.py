"""A PDF does not depend on what was drawn before it in the same process: reportlab keeps the
<b>/<i> face mapping of Paragraph markup in a registry of its own, and the kit builds its
components in worker processes in no fixed order."""

from __future__ import annotations

import subprocess
import sys

SETUP_SHEET = """
import sys
from pathlib import Path
if sys.argv[1] == "after-a-deck":
    from generator.render.fonts import paragraph_family, register_fonts
    paragraph_family(register_fonts())  # what an Oucédonc deck does before its paragraphs
from generator.games.territoires import setup_for
from generator.render.paper import paper
from generator.render.territoires.sheets import setup_sheet
setup_sheet(setup_for(2), paper("a4")).save(Path(sys.argv[2]))
"""


def test_the_setup_sheet_is_the_same_alone_and_after_an_oucedonc_deck(tmp_path):
    pdfs = []
    for order in ("alone", "after-a-deck"):
        pdf = tmp_path / f"{order}.pdf"
        subprocess.run([sys.executable, "-c", SETUP_SHEET, order, str(pdf)], check=True)
        pdfs.append(pdf.read_bytes())
    assert pdfs[0] == pdfs[1]


FACES_AFTER = """
from reportlab.lib.fonts import tt2ps
from reportlab.pdfbase import pdfmetrics
from generator.products.oucedonc_deck import OucedoncDeckOptions, build
from generator.render import fonts
build(OucedoncDeckOptions(region="29", cards=20))
print(sorted(pdfmetrics.getRegisteredFontNames()))
for face in (fonts.CONDENSED, fonts.CONDENSED_BOLD):  # what the map poster needs later
    fonts.register_face(face)
for family in (fonts.REGULAR, fonts.CONDENSED, fonts.DISPLAY):
    print(family, [tt2ps(family, bold, italic) for bold, italic in ((0, 0), (1, 0), (0, 1))])
"""


def test_a_deck_parses_its_own_faces_only_and_a_face_added_later_keeps_the_families():
    """The Oucédonc deck parses the four faces it prints in; the condensed faces registered
    later in the process (the kit's next product) leave every family's bold and italic."""
    from generator.render import fonts
    from generator.render.oucedonc.cards import DECK_FACES

    shown = subprocess.run(
        [sys.executable, "-c", FACES_AFTER], check=True, capture_output=True, text=True
    ).stdout.splitlines()
    assert shown[0] == str(sorted(DECK_FACES))
    assert shown[1:] == [
        f"{fonts.REGULAR} {[fonts.REGULAR, fonts.BOLD, fonts.ITALIC]}",
        f"{fonts.CONDENSED} {[fonts.CONDENSED, fonts.CONDENSED_BOLD, fonts.CONDENSED]}",
        f"{fonts.DISPLAY} {[fonts.DISPLAY] * 3}",
    ]


def test_a_font_set_of_some_faces_names_registered_faces_only():
    from generator.render import fonts

    some = fonts.register_fonts((fonts.REGULAR, fonts.BOLD))
    assert some == fonts.FontSet(
        regular=fonts.REGULAR,
        bold=fonts.BOLD,
        oblique=fonts.REGULAR,
        condensed=fonts.REGULAR,
        condensed_bold=fonts.BOLD,
        title=fonts.BOLD,
    )
    assert fonts.register_fonts() == fonts.FontSet()
