"""The board PDF, read back: numbers, names, page sizes, fonts, tiling, determinism."""

import re

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.core.errors import UserError
from generator.core.typography import printed_text
from generator.games.oie.squares import BOARD, Kind
from generator.render.oie.board import BoardOptions, board_document, sheet_layout
from generator.render.paper import paper
from generator.render.poster import tile_grid
from generator.render.units import PT_PER_MM
from tests.conftest import embedded_fonts


@pytest.fixture(scope="module")
def a4_board(tmp_path_factory):
    return board_document(BoardOptions(paper=paper("a4"))).save(
        tmp_path_factory.mktemp("oie") / "board.pdf"
    )


@pytest.fixture(scope="module")
def poster(tmp_path_factory):
    return board_document(BoardOptions(tiles=paper("a4"), grid=(2, 2))).save(
        tmp_path_factory.mktemp("oie") / "poster.pdf"
    )


def _words(page, x0=0.0, x1=None, y0=0.0, y1=None):
    x1 = page.width if x1 is None else x1
    y1 = page.height if y1 is None else y1
    # small place names sit on two close lines: a tight y tolerance keeps the lines apart
    return [
        w
        for w in page.extract_words(use_text_flow=False, keep_blank_chars=False, y_tolerance=1)
        if x0 <= w["x0"] and w["x1"] <= x1 and y0 <= w["top"] and w["bottom"] <= y1
    ]


def test_every_square_number_is_on_the_board(a4_board):
    layout = sheet_layout(297, 210)
    with pdfplumber.open(a4_board) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        board_words = _words(page, x1=(layout.board_x + layout.board) * PT_PER_MM)
    numbers = [int(w["text"]) for w in board_words if re.fullmatch(r"\d+", w["text"])]
    assert sorted(numbers) == list(range(1, 64))  # each number exactly once on the board


def test_special_squares_are_named_on_the_board_and_in_the_panel(a4_board):
    with pdfplumber.open(a4_board) as pdf:
        text = re.sub(r"[ \n]+", " ", pdf.pages[0].extract_text())  # keeps the no-break spaces
    for square in BOARD:
        if square.kind not in (Kind.ORDINARY, Kind.GOOSE):
            assert printed_text(square.name, "fr") in text
    assert "Le Jeu de l\u2019Oie" in text
    assert "'" not in text  # printed French uses the curly apostrophe
    assert "5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59" in text


def test_rules_text_keeps_colons_with_their_word():
    from generator.render.oie.rules_text import rules_blocks

    markup = " ".join(block.markup for block in rules_blocks())
    assert "\u202f:" in markup and " :" not in markup and " ;" not in markup


@pytest.mark.parametrize("name", ["a4", "letter", "a3"])
def test_page_sizes_are_landscape_paper(tmp_path, name):
    path = board_document(BoardOptions(paper=paper(name))).save(tmp_path / f"{name}.pdf")
    box = PdfReader(path).pages[0].mediabox
    sheet = paper(name)
    assert float(box.width) == pytest.approx(sheet.height * PT_PER_MM, abs=0.01)
    assert float(box.height) == pytest.approx(sheet.width * PT_PER_MM, abs=0.01)


def test_fonts_are_embedded_and_not_base14(a4_board):
    assert embedded_fonts(a4_board) >= {"Fraunces-Bold", "FiraSansCondensed-Regular"}


def test_print_scaling_is_off(a4_board):
    prefs = PdfReader(a4_board).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_same_inputs_give_byte_identical_files(tmp_path):
    a = board_document(BoardOptions(paper=paper("a4"))).save(tmp_path / "a.pdf").read_bytes()
    b = board_document(BoardOptions(paper=paper("a4"))).save(tmp_path / "b.pdf").read_bytes()
    assert a == b
    c = board_document(BoardOptions(tiles=paper("letter"))).save(tmp_path / "c.pdf").read_bytes()
    d = board_document(BoardOptions(tiles=paper("letter"))).save(tmp_path / "d.pdf").read_bytes()
    assert c == d


def test_tile_grid_overlaps_and_covers_the_poster():
    grid = tile_grid(3, 2, paper("a4").landscape(), margin=10, overlap=12)
    assert grid.poster_width == pytest.approx(3 * (277 - 12) + 12)
    for tile in grid.tiles:
        if tile.col + 1 < grid.cols:
            right = grid.tile(tile.row, tile.col + 1)
            assert tile.x + grid.window_width - right.x == pytest.approx(12)
        if tile.row + 1 < grid.rows:
            below = grid.tile(tile.row + 1, tile.col)
            assert below.y + grid.window_height - tile.y == pytest.approx(12)
    assert min(t.x for t in grid.tiles) == 0 and min(t.y for t in grid.tiles) == pytest.approx(0)
    assert max(t.x for t in grid.tiles) + grid.window_width == pytest.approx(grid.poster_width)
    assert max(t.y for t in grid.tiles) + grid.window_height == pytest.approx(grid.poster_height)


@pytest.mark.slow
def test_poster_pages_show_shifted_windows_of_one_sheet(poster):
    grid = tile_grid(2, 2, paper("a4").landscape())
    m = grid.margin * PT_PER_MM
    with pdfplumber.open(poster) as pdf:
        assert len(pdf.pages) == 1 + 4
        assert "Plan d’assemblage" in pdf.pages[0].extract_text()
        pages = pdf.pages[1:]
        for page in pages:
            assert page.width == pytest.approx(297 * PT_PER_MM, abs=0.01)
        seen = set()
        positions = []
        for page, _tile in zip(pages, grid.tiles, strict=True):
            words = page.extract_words()
            # visible: the word's box meets the window (a big number may straddle a seam)
            seen |= {
                w["text"]
                for w in words
                if w["x1"] > m
                and w["x0"] < page.width - m
                and w["bottom"] > m
                and w["top"] < page.height - m
            }
            # every page draws the same sheet (then clips it): record where each word lands
            positions.append(
                {
                    (w["text"], round(w["top"], 1)): w["x0"]
                    for w in words
                    if m < w["top"] and w["bottom"] < page.height - m
                }
            )  # not the margin labels
    assert {str(n) for n in range(1, 64)} <= seen  # every square shows on some page
    # A2 shows the sheet shifted left by one window minus the 12 mm overlap
    step = (grid.window_width - grid.overlap) * PT_PER_MM
    shared = set(positions[0]) & set(positions[1])
    assert len(shared) > 20
    for key in shared:
        assert positions[0][key] - positions[1][key] == pytest.approx(step, abs=0.05)


def test_poster_pages_are_clipped_to_their_window(poster):
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(poster))
    image = pdf[1].render(scale=0.5).to_pil().convert("L")
    w, h = image.size
    margin_px = int(10 / 25.4 * 72 * 0.5)
    # the margin band is blank paper except thin marks; the window is painted
    strip = image.crop((margin_px + 30, 0, w - margin_px - 30, margin_px - 6))
    assert sum(1 for p in strip.get_flattened_data() if p < 200) < 0.02 * strip.width * strip.height
    inside = image.crop((margin_px + 5, margin_px + 5, w - margin_px - 5, h - margin_px - 5))
    assert (
        sum(1 for p in inside.get_flattened_data() if p < 250) > 0.5 * inside.width * inside.height
    )
    pdf.close()


@pytest.mark.parametrize(
    "make",
    [
        lambda: paper("a5"),
        lambda: board_document(BoardOptions(tiles=paper("a3"))),
        lambda: board_document(BoardOptions(tiles=paper("a4"), grid=(9, 1))),
    ],
    ids=["unknown paper", "a3 tiles", "9 columns"],
)
def test_bad_board_options_are_user_errors(make):
    with pytest.raises(UserError):
        make()


BRETAGNE = [
    "Brest",
    "Morlaix",
    "Saint-Pol-de-Léon",
    "Lannion",
    "Perros-Guirec",
    "Paimpol",
    "Guingamp",
    "Saint-Brieuc",
    "Lamballe",
    "Dinan",
    "Saint-Malo",
    "Cancale",
    "Dol-de-Bretagne",
    "Fougères",
    "Vitré",
    "Rennes",
    "Montfort-sur-Meu",
    "Ploërmel",
    "Josselin",
    "Pontivy",
    "Loudéac",
    "Carhaix-Plouguer",
    "Châteaulin",
    "Douarnenez",
    "Quimper",
    "Concarneau",
    "Quimperlé",
    "Lorient",
    "Hennebont",
    "Auray",
    "Carnac",
    "Quiberon",
    "Vannes",
    "Sarzeau",
    "Muzillac",
    "La Roche-Bernard",
    "Redon",
    "Guérande",
    "Le Croisic",
    "Saint-Nazaire",
    "Le Mans",
]


def _themed_options():
    from generator.games.oie.route import ordinary_squares

    names = iter(BRETAGNE)
    labels = tuple(next(names) if n in ordinary_squares() else "" for n in range(1, 63))
    return BoardOptions(theme="Bretagne", labels=labels, route=("Brest", "Le Mans"))


def test_themed_board_prints_every_place_inside_its_square(tmp_path):
    from generator.render.oie.spiral import build_spiral

    path = board_document(_themed_options()).save(tmp_path / "theme.pdf")
    layout = sheet_layout(297, 210)
    k = layout.k
    spiral = build_spiral(round((layout.board / 2 - 4.0 * k) / k, 6))
    boxes = []
    for cell in spiral.cells:  # cell boxes in PDF points, top-down like pdfplumber
        xs = [layout.board_x + layout.board / 2 + x * k for x, _ in cell.outline]
        ys = [layout.board_y + layout.board / 2 + y * k for _, y in cell.outline]
        boxes.append(
            (
                min(xs) * PT_PER_MM,
                (210 - max(ys)) * PT_PER_MM,
                max(xs) * PT_PER_MM,
                (210 - min(ys)) * PT_PER_MM,
            )
        )
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        words = _words(page, x1=(layout.board_x + layout.board) * PT_PER_MM)
        text = " ".join(pdf.pages[0].extract_text().split())
    tokens = {w["text"] for w in words}
    for name in BRETAGNE:
        for part in name.replace("-", "- ").split():
            assert (
                part.strip() in tokens
                or part.strip("-") in tokens
                or any(part in t for t in tokens)
            ), name
    for w in words:
        cx, cy = (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2
        home = [b for b in boxes if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
        if home and not w["text"].isdigit():
            assert any(b[0] - 1 <= w["x0"] and w["x1"] <= b[2] + 1 for b in home), w["text"]
    assert "Bretagne · Brest → Le Mans" in text


def test_a_place_name_the_font_cannot_print_is_a_user_error(tmp_path):
    options = BoardOptions(theme="X", labels=("東京",) + ("",) * 61)
    with pytest.raises(UserError, match="glyph"):
        board_document(options).save(tmp_path / "x.pdf")
    assert not list(tmp_path.iterdir())


def test_rules_panel_states_the_occupied_square_rule_in_use():
    from generator.games.oie.rules import Rules
    from generator.render.oie.rules_text import rules_blocks

    swap = " ".join(b.markup for b in rules_blocks(Rules(occupied="swap")))
    back = " ".join(b.markup for b in rules_blocks(Rules(occupied="return")))
    assert "échange sa place" in swap and "retourne à la case" not in swap
    assert "retourne à la case d\u2019où il vient" in back and "échange sa place" not in back


def test_assembly_plan_counts_rows_and_columns_in_good_french(tmp_path):
    path = board_document(BoardOptions(tiles=paper("a4"), grid=(2, 1))).save(tmp_path / "p.pdf")
    with pdfplumber.open(path) as pdf:
        plan = pdf.pages[0].extract_text()
    assert "2 pages A4 (1 rangée × 2 colonnes)" in plan


def test_a_place_name_too_long_for_its_square_goes_on_two_lines(tmp_path):
    # at the 6 pt floor "Forêt de Brocéliande" is wider than a square of the A4 board: it was
    # printed on one line, across the square's edges
    labels = tuple("Forêt de Brocéliande" if n == 37 else "" for n in range(1, 63))
    path = board_document(BoardOptions(paper=paper("a4"), labels=labels)).save(
        tmp_path / "long.pdf"
    )
    with pdfplumber.open(path) as pdf:
        words = {w["text"]: w for w in _words(pdf.pages[0])}
    assert words["Brocéliande"]["top"] > words["Forêt"]["bottom"] - 0.5
