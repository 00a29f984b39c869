"""Pronostiques sheets: the deck through the imposition engine, prediction cards, score pad, aid."""

import re
from itertools import permutations

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.core.errors import UserError
from generator.core.refusal import Refusal
from generator.games.pronostiques import SUITS, ScoreRules, parse_order, score_order
from generator.products.options import FaceFiles, Imposition
from generator.products.pronostiques_sheets import PRODUCT, PronostiquesOptions
from generator.render.card_size import card_size
from generator.render.imposition import Duplex, SheetSpec, plan_sheet
from generator.render.paper import paper
from generator.render.pronostiques.deck import prediction_deck, race_deck
from generator.render.pronostiques.race_cards import TEAMS
from generator.render.units import pt, to_mm
from tests.conftest import embedded_fonts


def build_sheets(
    out,
    players,
    paper_name,
    laps=8,
    duplex="long",
    score_rules=ScoreRules(),
    bleed=None,
    faces=False,
):
    """The product's PDFs written into ``out``, their paths in order."""
    options = PronostiquesOptions(
        players=players,
        laps=laps,
        score_rules=score_rules,
        paper=paper(paper_name),
        imposition=Imposition(bleed=bleed, duplex=Duplex(duplex)),
        files=FaceFiles(faces=faces),
    )
    return list(PRODUCT.make(options, out).paths)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("pronostiques")
    return {p.name: p for p in build_sheets(out, 4, "a4")}


def test_deck_composition():
    cards = race_deck().cards + prediction_deck().cards
    labels = [card.name for card in cards]
    assert len(labels) == 58 and len({card.id for card in cards}) == 58
    for suit in SUITS:
        for rank in [str(n) for n in range(1, 11)] + ["Valet", "Dame", "Roi"]:
            assert labels.count(f"{rank} {suit.symbol}") == 1
    assert labels.count("Joker 1") + labels.count("Joker 2") == 2
    assert [line for line in labels if line.startswith("Pronostic")] == [
        "Pronostic Roi ♥",
        "Pronostic Roi ♦",
        "Pronostic Roi ♠",
        "Pronostic Roi ♣",
    ]


def _page_words(path, numbers):
    with pdfplumber.open(path) as pdf:
        return {n: pdf.pages[n].extract_words() for n in numbers}


def test_deck_pages_texts_and_powers(sheets):
    reader = PdfReader(sheets["pronostiques-cards.pdf"])
    assert len(reader.pages) == 14  # 58 cards, 9 per A4 sheet: 7 sheets, front and back
    text = "\n".join(page.extract_text() for page in reader.pages[0::2])
    # each power's name on both bands of its four cards (two for the Joker)
    assert (
        text.count("PNEUS NEUFS") == 8
        and text.count("INSTINCT") == 8
        and text.count("ASPIRATION") == 8
    )
    assert text.count("CREVAISON") == 4
    for team in TEAMS.values():
        # on both bands of its 10 number cards (capitals), on its 3 power cards and the
        # prediction cards
        assert text.count(team.name.upper()) == 20 and text.count(team.name) >= 7
    assert "Remplace n’importe quelle carte de sa couleur" in " ".join(text.split())
    for n in range(1, 11):
        assert f"TOUR {n}" in text
    backs = "\n".join(page.extract_text() for page in reader.pages[1::2])
    assert (
        backs.count("PRONOSTIQUES") == 2 * 54
        and backs.count("PRONOSTIC\n") + backs.count("PRONOSTIC ") >= 4
    )


def test_deck_boxes_and_print_settings(sheets):
    reader = PdfReader(sheets["pronostiques-cards.pdf"])
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge" and prefs["/PrintScaling"] == "/None"
    layout = plan_sheet(
        SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=1.0, duplex=Duplex.LONG)
    )
    assert layout.per_sheet == 9
    page = reader.pages[0]
    trim = [to_mm(float(v)) for v in page.trimbox]
    left = min(s.trim.x for s in layout.fronts)
    bottom = min(s.trim.y for s in layout.fronts)
    assert trim[0] == pytest.approx(left, abs=0.01) and trim[1] == pytest.approx(bottom, abs=0.01)
    assert trim[2] - trim[0] == pytest.approx(
        3 * 63 + 2 * 2 * 1.0, abs=0.01
    )  # cards abut, bleed between
    bleed = [to_mm(float(v)) for v in page.bleedbox]
    assert bleed[0] == pytest.approx(left - 1.0, abs=0.01)


def test_prediction_backs_sit_behind_their_fronts(sheets):
    layout = plan_sheet(
        SheetSpec(paper=paper("a4"), card=card_size("poker"), bleed=1.0, duplex=Duplex.LONG)
    )
    words = _page_words(sheets["pronostiques-cards.pdf"], (12, 13))
    page_h = pt(297)
    fronts = [w for w in words[12] if w["text"] == "PRONOSTIC"]
    backs = [w for w in words[13] if w["text"] == "PRONOSTIC" and w["upright"]]

    def slot_of(word, slots):
        x = to_mm((word["x0"] + word["x1"]) / 2)
        y = to_mm(page_h - (word["top"] + word["bottom"]) / 2)
        return next(
            i
            for i, s in enumerate(slots)
            if s.trim.x < x < s.trim.right and s.trim.y < y < s.trim.top
        )

    assert sorted(slot_of(w, layout.fronts) for w in fronts) == [0, 1, 2, 3]
    # each back page shows the title twice (upright and turned); the slots are the mirrored ones
    assert sorted({slot_of(w, layout.backs) for w in backs}) == [0, 1, 2, 3]


def test_prediction_cards_show_their_order(sheets):
    text = PdfReader(sheets["pronostiques-cards.pdf"]).pages[12].extract_text()
    for king in "♥♦♠♣":
        assert f"du Roi {king}" in text
    assert "carte Dame ♦" in text and "carte 10 ♥" in text


def test_fonts_embedded_no_helvetica(sheets):
    for path in sheets.values():
        assert all(name.startswith(("Fraunces", "FiraSans")) for name in embedded_fonts(path))


def test_score_pad_columns_and_barème(sheets, tmp_path):
    text = PdfReader(sheets["pronostiques-score-pad.pdf"]).pages[0].extract_text()
    assert "Joueur 4" in text and "Total" in text and "16 ou plus" in text
    rows = re.findall(
        r"([♥♦♠♣])\s*([♥♦♠♣])\s*([♥♦♠♣])\s*([♥♦♠♣])\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", text
    )
    assert len(rows) == 24
    assert {r[:4] for r in rows} == {tuple(s.symbol for s in o) for o in permutations(SUITS)}
    for row in rows:
        expected = [s.points for s in score_order(parse_order("".join(row[:4])))]
        assert [int(v) for v in row[4:]] == expected
    three = build_sheets(tmp_path, 3, "letter")
    text3 = PdfReader(three[1]).pages[0].extract_text()
    assert "Joueur 3" in text3 and "Joueur 4" not in text3


def test_rules_aid_content(sheets):
    text = PdfReader(sheets["pronostiques-rules-aid.pdf"]).pages[0].extract_text()
    for needle in (
        "Pneus neufs",
        "Instinct",
        "Aspiration",
        "Crevaison",
        "au plus 5 cartes",
        "au plus 3 cartes",
        "3 des 4 piles",
        "16 ou plus",
        "échanger jusqu’à 3 cartes",
    ):
        assert needle in text
    # the worked example is the scorer's: ♦♥♠♣ gives 5, 2, 1 and 0
    example = text.split("Exemple de décompte")[1]
    assert re.findall(r"(\d+) pts?\b", example) == ["5", "2", "1", "0"]
    assert (
        "1 pt" in example and "1 pts" not in example and "0 pts" not in example
    )  # French: 0 pt, 1 pt
    assert "b ♠♣ +2" in example


def test_fold_and_short_duplex(tmp_path):
    fold = build_sheets(tmp_path / "fold", 4, "a4", duplex="fold")[0]
    prefs = PdfReader(fold).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/Simplex"
    short = build_sheets(tmp_path / "short", 4, "letter", duplex="short")[0]
    assert (
        PdfReader(short).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    )


def test_deterministic(tmp_path, sheets):
    for again in build_sheets(tmp_path, 4, "a4"):
        assert again.read_bytes() == sheets[again.name].read_bytes()


@pytest.mark.parametrize("players, laps", [(2, 8), (5, 8), (4, 9)])
def test_bad_parameters(tmp_path, players, laps):
    with pytest.raises(Refusal):  # the rules refuse the table or the race length
        build_sheets(tmp_path, players, "a4", laps)
    assert not list(tmp_path.iterdir())


def test_scoring_options_reach_the_barème_and_the_aid(tmp_path):
    from generator.games.pronostiques import ScoreRules
    from generator.games.pronostiques.scoring import ThreeInARow

    rules = ScoreRules(three_in_a_row=ThreeInARow.NONE)
    paths = build_sheets(tmp_path, 4, "a4", score_rules=rules)
    pad = PdfReader(paths[1]).pages[0].extract_text()
    rows = re.findall(
        r"([♥♦♠♣])\s*([♥♦♠♣])\s*([♥♦♠♣])\s*([♥♦♠♣])\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", pad
    )
    assert ("♥", "♦", "♠", "♣", "10", "0", "0", "0") in rows  # no rule (c): 6 + 2 + 2
    aid = PdfReader(paths[2]).pages[0].extract_text()
    assert "b) 2 points" in aid and "c) 3 points" not in aid


def test_print_shop_faces(tmp_path):
    paths = build_sheets(tmp_path, 4, "a4", bleed=3.0, faces=True)
    faces = next(p for p in paths if p.name == "pronostiques-cards-faces.pdf")
    reader = PdfReader(faces)
    assert len(reader.pages) == 2 * 58
    page = reader.pages[0]
    assert to_mm(float(page.mediabox.width)) == pytest.approx(63 + 6, abs=0.01)
    trim = [to_mm(float(v)) for v in page.trimbox]
    assert trim[0] == pytest.approx(3, abs=0.01) and trim[2] - trim[0] == pytest.approx(
        63, abs=0.01
    )


def test_bleed_out_of_range_writes_nothing(tmp_path):
    with pytest.raises(UserError, match="bleed"):
        build_sheets(tmp_path, 4, "a4", bleed=9.0)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_rules_aid_uses_the_page_down_to_the_footer(tmp_path, paper_name):
    """The aid's type grows until a column reaches the footer zone: no large blank band at the
    bottom of A4 (it used to leave ~66 mm), yet nothing runs into the footer on Letter."""
    aid = next(
        p for p in build_sheets(tmp_path, 4, paper_name) if p.name == "pronostiques-rules-aid.pdf"
    )
    with pdfplumber.open(aid) as pdf:
        page = pdf.pages[0]
        height = to_mm(float(page.height))
        footer_top = min(
            to_mm(float(w["top"])) for w in page.extract_words() if w["text"] == "Pronostiques,"
        )
        content = [ch for ch in page.chars if to_mm(float(ch["top"])) < footer_top - 1]
        lowest = max(to_mm(float(ch["bottom"])) for ch in content)
    assert height - lowest >= 12.0 + 2.0  # clear of the footer line (drawn at 8 mm from the bottom)
    assert height - lowest <= 12.0 + 12.0  # but no band of blank paper above it
    assert (
        max(float(ch["size"]) for ch in content if "Bold" not in ch["fontname"]) >= 9.5
    )  # was 8.3 pt
    assert all(to_mm(float(ch["x1"])) <= to_mm(float(page.width)) - 12.0 + 0.5 for ch in content)
