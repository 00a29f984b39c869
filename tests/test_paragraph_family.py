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
