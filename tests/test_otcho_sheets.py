"""Neo Otcho sheets: the dice net folds into a real cube; the PDFs hold what they should."""

from collections import Counter

import pytest
from pypdf import PdfReader

from generator.core.refusal import Refusal
from generator.games.otcho import SLOTS, RollRules, pawns_per_player
from generator.products.otcho_sheets import PRODUCT, OtchoOptions
from generator.render.otcho.cube_net import CUBE_SIDES, OTCHO_DIE, CubeNet, NetCell, fold, seams
from generator.render.otcho.sheets import DIE_FACE, net_extent, tab_polygon
from generator.render.paper import paper
from generator.render.units import pt, to_mm
from tests.conftest import embedded_fonts


def build_sheets(out, players, paper_name, rules=RollRules()):
    """The product's four PDFs written into ``out``, their paths in order."""
    options = OtchoOptions(players=players, paper=paper(paper_name), rules=rules)
    return list(PRODUCT.make(options, out).paths)


def test_die_net_folds_into_a_cube_with_the_declared_opposites():
    sides = fold(OTCHO_DIE)
    assert sorted(sides) == sorted(["a", "b", "c", "d", "X", "★"])
    assert sorted(sides.values()) == sorted(CUBE_SIDES)  # six distinct sides
    for one, other in OTCHO_DIE.opposite:
        assert tuple(-v for v in sides[one]) == sides[other]


def test_every_seam_has_exactly_one_glue_tab():
    groups = seams(OTCHO_DIE)
    assert len(OTCHO_DIE.cut_edges()) == 14
    assert len(groups) == 7  # a cube has 12 edges, 5 are folds of the net, 7 are glued
    for edges in groups.values():
        assert len(edges) == 2
        assert sum(edge in OTCHO_DIE.tabs for edge in edges) == 1
    assert set(OTCHO_DIE.tabs) <= set(OTCHO_DIE.cut_edges())


def test_fold_detects_a_net_that_is_no_cube():
    strip = CubeNet(tuple(NetCell(str(i), i, 0) for i in range(6)), (), ())
    assert len(set(fold(strip).values())) < 6  # a strip of six wraps round onto itself


def test_tabs_lie_outside_the_faces_and_do_not_overlap():
    from shapely.geometry import Polygon, box

    faces = [
        box(c.col * DIE_FACE, c.row * DIE_FACE, (c.col + 1) * DIE_FACE, (c.row + 1) * DIE_FACE)
        for c in OTCHO_DIE.cells
    ]
    tabs = [Polygon(tab_polygon(edge, 0, 0, DIE_FACE)) for edge in OTCHO_DIE.tabs]
    for tab in tabs:
        assert tab.area > 0
        assert all(tab.intersection(face).area < 1e-9 for face in faces)
    for i, one in enumerate(tabs):
        for other in tabs[i + 1 :]:
            assert one.intersection(other).area < 1e-9


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("otcho")
    return {p.name: p for p in build_sheets(out, 3, "a4")}


def _text(path):
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_files_and_page_size(sheets):
    assert sorted(sheets) == [
        "otcho-cards.pdf",
        "otcho-dice.pdf",
        "otcho-pawns.pdf",
        "otcho-rules-aid.pdf",
    ]
    for path in sheets.values():
        box = PdfReader(path).pages[0].mediabox
        assert round(to_mm(float(box.width))) == 210 and round(to_mm(float(box.height))) == 297


def test_fonts_are_embedded(sheets):
    for path in sheets.values():
        assert all(name.startswith(("Fraunces", "FiraSans")) for name in embedded_fonts(path))


def test_player_cards_have_six_slots_each(sheets):
    import pdfplumber

    with pdfplumber.open(sheets["otcho-cards.pdf"]) as pdf:
        page = pdf.pages[0]
        words = [w["text"] for w in page.extract_words()]
        text = page.extract_text()

        def printed_at(size: float) -> str:
            return page.filter(
                lambda o: o.get("object_type") != "char" or round(o["size"], 1) == size
            ).extract_text()

        labels, captions = printed_at(16), " ".join(printed_at(7.0).split())
    # the 16 pt slot labels, two letters each, read card row by card row
    pairs = Counter(
        "".join(tokens[i : i + 2])
        for tokens in (line.split() for line in labels.splitlines())
        for i in range(0, len(tokens), 2)
    )
    assert pairs == dict.fromkeys(SLOTS, 3)  # each slot once on each of the 3 player cards
    for a, b in SLOTS:  # and under it, once per card, the rolls that open it
        assert captions.count(f"{a} {b} · X {a} · X {b}") == 3
    assert "Joueur 3" in text and "Joueur 4" not in text
    assert words.count("NEO") == 3


def test_slots_fit_a_pawn(sheets):
    import pdfplumber

    with pdfplumber.open(sheets["otcho-pawns.pdf"]) as pdf:
        page = pdf.pages[0]
        squares = [
            r
            for r in page.rects
            if abs(to_mm(r["width"]) - 15) < 0.05 and abs(to_mm(r["height"]) - 15) < 0.05
        ]
    assert len(squares) == 3 * pawns_per_player(3)  # 9 pawns for each of 3 players


def test_rules_aid_lists_every_kind_with_exact_probability(sheets):
    text = _text(sheets["otcho-rules-aid.pdf"])
    for name, fraction in [
        ("Paire de X", "1/36"),
        ("Paire d’étoiles", "1/36"),
        ("Deux lettres différentes", "1/3"),
        ("X et une lettre", "2/9"),
        ("Deux lettres identiques", "1/9"),
        ("Étoile et une lettre", "2/9"),
        ("X et étoile", "1/18"),
    ]:
        assert name in text and fraction in text
    assert "275/324" in text and "11/18" in text and "sa carte" in text


def test_rules_aid_follows_the_option(tmp_path):
    paths = build_sheets(tmp_path, 2, "letter", RollRules(x_letter_any_card=True))
    table = _text(paths[-1]).split("Probabilité")[1].split("Les 36")[0]
    default = (
        _text(build_sheets(tmp_path / "default", 2, "a4")[-1])
        .split("Probabilité")[1]
        .split("Les 36")[0]
    )
    assert table.count("toute carte") == 4 and "sa carte" not in table
    assert default.count("toute carte") == 3 and default.count("sa carte") == 1
    box = PdfReader(paths[0]).pages[0].mediabox
    assert round(to_mm(float(box.width)), 1) == 215.9


def test_dice_nets_drawn_at_their_size(sheets):
    import pdfplumber

    with pdfplumber.open(sheets["otcho-dice.pdf"]) as pdf:
        faces = [r for r in pdf.pages[0].rects if abs(to_mm(r["width"]) - DIE_FACE) < 0.05]
    assert len(faces) == 18  # six faces per die, two dice and a spare
    min_x, min_y, max_x, max_y = net_extent(OTCHO_DIE, DIE_FACE)
    assert max_x - min_x < 100 and max_y - min_y < 120


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_dice_page_holds_a_spare_net_beside_the_instructions(tmp_path, paper_name):
    """The space under the two nets holds a third (spare) net, turned a quarter, with the
    instructions in a column beside it: inside the margins, above the footer, nothing
    overlapping."""
    import pdfplumber

    dice = next(p for p in build_sheets(tmp_path, 4, paper_name) if p.name == "otcho-dice.pdf")
    with pdfplumber.open(dice) as pdf:
        page = pdf.pages[0]
        width, height = to_mm(float(page.width)), to_mm(float(page.height))
        faces = [r for r in page.rects if abs(to_mm(r["width"]) - DIE_FACE) < 0.05]
        words = page.extract_words()
        shapes = page.rects + page.curves
    spare = [r for r in faces if to_mm(r["top"]) > height / 2]
    assert len(spare) == 6
    # turned a quarter: the spare's faces form a row of four (b a d c) across the page
    rows = [round(to_mm(r["top"])) for r in spare]
    assert sorted(rows.count(row) for row in set(rows)) == [1, 1, 4]
    for shape in shapes:  # nets and tabs inside the margins, above the footer
        assert to_mm(shape["x0"]) >= 12.0 - 0.01 and to_mm(shape["x1"]) <= width - 12.0 + 0.01
        assert to_mm(shape["bottom"]) <= height - 12.0 - 3.0
    net_right = max(
        to_mm(s["x1"]) for s in shapes if to_mm(s["top"]) > to_mm(min(r["top"] for r in spare)) - 10
    )
    montage = next(w for w in words if w["text"] == "Montage")
    column = [
        w
        for w in words
        if to_mm(montage["top"]) <= to_mm(w["top"]) < height - 12.0  # not the footer
        and w["x0"] >= montage["x0"] - 0.5
    ]
    assert any(w["text"] == "Découpez" for w in column)  # the instructions sit in that column
    assert all(
        to_mm(w["x0"]) >= net_right + 4 and to_mm(w["x1"]) <= width - 12.0 + 0.01 for w in column
    )
    assert all(to_mm(w["bottom"]) <= height - 15.0 for w in column)


def test_deterministic(tmp_path):
    one = build_sheets(tmp_path / "one", 4, "a4")
    two = build_sheets(tmp_path / "two", 4, "a4")
    for a, b in zip(one, two, strict=True):
        assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_checked(tmp_path, players):
    with pytest.raises(Refusal, match="2 to 6"):
        build_sheets(tmp_path, players, "a4")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_six_player_cards_stay_on_the_page_and_apart(tmp_path, paper_name):
    import pdfplumber

    cards = build_sheets(tmp_path, 6, paper_name)[0]
    with pdfplumber.open(cards) as pdf:
        page = pdf.pages[0]
        bands = sorted({round(w["top"], 1) for w in page.extract_words() if w["text"] == "NEO"})
        footer = max(w["bottom"] for w in page.extract_words())
        slot_words = [w for w in page.extract_words() if w["text"] in ("a", "b", "c", "d")]
    assert len(bands) == 3  # three rows of cards
    assert all(w["bottom"] < page.height - pt(11) for w in slot_words)  # above the page footer
    assert footer <= page.height - pt(6)
    # Full-size cards on A4, at least 75 mm on Letter, and room between the lowest card and the page
    # footer (on Letter the cards used to shrink to 74 mm and touch the footer line).
    outlines = [
        r
        for r in page.rects + page.curves
        if abs(r["width"] - pt(92)) < 0.5 and r["height"] > pt(50)
    ]
    least = 78 if paper_name == "a4" else 75
    assert len(outlines) == 6 and all(
        pt(least) - 0.5 < r["height"] < pt(78) + 0.5 for r in outlines
    )
    credit_top = min(
        w["top"]
        for w in page.extract_words()
        if w["text"] == "Neo" and w["top"] > page.height * 0.9
    )
    assert credit_top - max(r["bottom"] for r in outlines) >= pt(2.5)


def test_outcome_grid_has_each_kind_as_often_as_the_odds_say(sheets):
    """The 6×6 grid of the rules aid: count its cells by fill colour, compare with the 36
    outcomes."""
    import pdfplumber

    from generator.games.otcho import RollKind, kind_probabilities
    from generator.render.otcho.palette import PALETTE

    with pdfplumber.open(sheets["otcho-rules-aid.pdf"]) as pdf:
        cells = [
            r
            for r in pdf.pages[0].rects
            if abs(to_mm(r["width"]) - 10) < 0.05 and abs(to_mm(r["height"]) - 10) < 0.05
        ]
    assert len(cells) == 36

    def same(colour, target):
        return all(abs(a - b) < 0.01 for a, b in zip(colour, target.rgb, strict=True))

    for kind in RollKind:
        count = sum(same(cell["non_stroking_color"], PALETTE.kind(kind)) for cell in cells)
        assert count == kind_probabilities()[kind] * 36, kind


def test_rules_aid_words_the_house_penalty(tmp_path):
    none = " ".join(
        _text(build_sheets(tmp_path / "0", 2, "a4", RollRules(penalty_pawns=0))[-1]).split()
    )
    one = " ".join(
        _text(build_sheets(tmp_path / "1", 2, "a4", RollRules(penalty_pawns=1))[-1]).split()
    )
    assert (
        "0 de" not in none
        and "sans autre pénalité" in none
        and "arrête le tour, sans pénalité" in none
    )
    assert "retirez un de vos pions" in one and "coûte un de ses pions" in one


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_word_of_a_player_card_keeps_3_mm_from_its_edges(tmp_path, language):
    """A print shop's safe zone: the goal line at the foot of each card ran to 2.4 mm from the
    sides and 2.5 mm from the bottom, where a cut a little off could reach it."""
    import pdfplumber

    from generator.render.profile import SHOP

    options = OtchoOptions(players=2, profile=SHOP, language=language)
    paths = PRODUCT.make(options, tmp_path).paths
    faces = next(p for p in paths if p.name == "otcho-cards-faces.pdf")
    reader = PdfReader(faces)
    with pdfplumber.open(faces) as pdf:
        for page, boxes in zip(pdf.pages, reader.pages, strict=True):
            trim = [float(v) for v in boxes.trimbox]
            height = float(boxes.mediabox.top)
            for char in page.chars:
                if char["text"].isspace():
                    continue
                left, right = char["x0"] - trim[0], trim[2] - char["x1"]
                bottom, top = height - char["bottom"] - trim[1], trim[3] - (height - char["top"])
                assert to_mm(min(left, right, bottom, top)) >= 3.0 - 1e-6, char["text"]
