"""Les territoires: the printed sheets, parsed back (texts, page sizes, embedded fonts)."""

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.core.errors import UserError
from generator.games.territoires import House, lenormand
from generator.render.paper import paper
from generator.render.units import to_mm
from tests.conftest import embedded_fonts, pnp
from tests.product_helpers import territoires

MM = 0.2


_PARSED = {}


def _pages(path):
    """(width mm, height mm, text, chars, words) per page; each file is parsed once."""
    if path not in _PARSED:
        with pdfplumber.open(path) as pdf:
            _PARSED[path] = [
                (to_mm(p.width), to_mm(p.height), p.extract_text(), p.chars, p.extract_words())
                for p in pdf.pages
            ]
    return _PARSED[path]


def _page_size(path):
    box = PdfReader(path).pages[0].mediabox
    return to_mm(float(box.width)), to_mm(float(box.height))


def _fonts_embedded(path):
    """The fonts that draw characters, all of them embedded."""
    used = {c["fontname"].split("+")[-1] for page in _pages(path) for c in page[3]}
    embedded = embedded_fonts(path)
    assert used <= embedded, used - embedded
    return used


@pytest.fixture(scope="module")
def two_players(tmp_path_factory):
    out = tmp_path_factory.mktemp("t2")
    return {p.name: p for p in territoires(out, players=2, paper_name="a4")}


def test_files_written(two_players):
    assert set(two_players) >= {
        "territoires-vie-2j.pdf",
        "territoires-resume-2j.pdf",
        "territoires-mise-en-place-2j.pdf",
    }


def test_tracker_shows_every_life_card_of_each_house(two_players):
    [(width, height, page_text, _chars, _)] = _pages(two_players["territoires-vie-2j.pdf"])
    assert abs(width - 210) < MM and abs(height - 297) < MM
    assert "Maison de la civilisation" in page_text and "Maison de la nature" in page_text
    for house in House:
        for card in house.life_cards:
            assert lenormand(card).name in page_text
            assert str(card) in page_text
    # civilisation on the left half, nature on the right half
    names_left = [w for w in _words(two_players["territoires-vie-2j.pdf"]) if w["text"] == "Croix"]
    names_right = [w for w in _words(two_players["territoires-vie-2j.pdf"]) if w["text"] == "Ancre"]
    assert to_mm(names_left[0]["x0"]) < 105 < to_mm(names_right[0]["x0"])
    # the highest life card is at the top of its column
    croix, chemins = (_word(two_players["territoires-vie-2j.pdf"], n) for n in ("Croix", "Chemins"))
    assert croix["top"] < chemins["top"]


def _words(path):
    return _pages(path)[0][4]


def _word(path, text):
    return next(w for w in _words(path) if w["text"] == text)


@pytest.mark.slow
def test_tracker_text_stays_inside_the_page_margins(two_players):
    for name in two_players:
        for width, height, _, chars, _ in _pages(two_players[name]):
            if name.endswith("lenormand.pdf"):
                # the deck's icon credit, between the bottom crop marks, reaches as low as
                # home printers print (test_territoires_deck checks where); the rest keeps 8 mm
                chars = [c for c in chars if to_mm(c["bottom"]) < height - 10.5]  # above the bleed
            for char in chars:
                assert to_mm(char["x0"]) >= 8 and to_mm(char["x1"]) <= width - 8, (
                    name,
                    char["text"],
                )
                assert to_mm(char["top"]) >= 8 and to_mm(char["bottom"]) <= height - 8, (
                    name,
                    char["text"],
                )


def test_fonts_are_embedded_dejavu(two_players):
    for path in two_players.values():
        names = _fonts_embedded(path)
        assert names and all(n.startswith(("Fraunces", "FiraSans")) for n in names), names


def test_reference_card_lists_the_seed_resume(two_players):
    [(width, _height, page_text, _, _)] = _pages(two_players["territoires-resume-2j.pdf"])
    assert abs(width - 210) < MM
    for expected in (
        "Armes : Faux, Fouet",
        "Animaux : Ours, Chien",
        "Soins : Enfant, Étoiles",
        "4 cartes en main par joueur",
        "pioche : 6 cartes",
        "−1 (autre parité) · −2 (votre parité) · −3 les deux",
    ):
        assert page_text.count(expected) == 2, expected  # two copies to cut apart


def test_setup_sheet_is_landscape_with_the_counts(two_players):
    [(width, height, page_text, _, _)] = _pages(two_players["territoires-mise-en-place-2j.pdf"])
    assert abs(width - 297) < MM and abs(height - 210) < MM
    assert "Réserve : 6 cartes face cachée" in page_text
    assert "Pioche (6)" in page_text
    assert "4 cartes en main" in page_text


@pytest.mark.parametrize("players, draw, hand", [(3, 5, 3), (4, 4, 3)])
def test_variants(tmp_path, players, draw, hand):
    paths = {p.name: p for p in territoires(tmp_path, players=players, paper_name="letter")}
    [(width, height, tracker, _, _)] = _pages(paths[f"territoires-vie-{players}j.pdf"])
    assert abs(width - 215.9) < MM and abs(height - 279.4) < MM
    setup_text = _pages(paths[f"territoires-mise-en-place-{players}j.pdf"])[0][2]
    assert f"Pioche ({draw})" in setup_text and f"{hand} cartes en main" in setup_text
    if players == 3:
        assert "Joueur 3 · sans maison" in tracker
        assert "Joueur 3 · sans maison" in setup_text
    else:
        assert (
            "vie commune des joueurs 1 et 3" in tracker
            and "vie commune des joueurs 2 et 4" in tracker
        )
        assert "Joueur 4" in setup_text


def test_same_inputs_give_identical_bytes(tmp_path):
    first = territoires(tmp_path / "a", players=3)
    second = territoires(tmp_path / "b", players=3)
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_cli_sheets_and_bad_input(tmp_path):
    def run(*args):
        return pnp("territoires", *args)

    result = run("sheets", "--players", "5", "--out", str(tmp_path))
    assert (
        result.returncode == 2
        and result.stderr.startswith("pnp: error: ")
        and "--players" in result.stderr
    )
    assert list(tmp_path.iterdir()) == []
    result = run("sheets", "--paper", "a3", "--out", str(tmp_path))
    assert result.returncode == 2 and "'a3' is not one of 'a4', 'letter'" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_kit_components(tmp_path):
    from generator.kit.build import build_kit
    from generator.kit.components import COMPONENTS
    from generator.kit.model import KitParams

    ours = tuple(c for c in COMPONENTS if c.group == "Les territoires")
    assert len(ours) == 2
    result = build_kit(KitParams(out=tmp_path, paper=paper("letter")), ours)
    assert not result.failures
    names = {file.path.name for file in result.files}
    assert {f"territoires-vie-{n}j.pdf" for n in (2, 3, 4)} <= names
    assert "territoires-jeu-lenormand.pdf" in names
    # the kit's paper reaches both the sheets and the deck
    assert abs(_page_size(tmp_path / "territoires-vie-2j.pdf")[0] - 215.9) < MM
    assert abs(_page_size(tmp_path / "territoires-jeu-lenormand.pdf")[0] - 215.9) < MM


def test_bad_deck_option_writes_nothing(tmp_path):
    with pytest.raises(UserError, match="does not fit"):
        territoires(tmp_path, card="300x300")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_player_tracker_headers_stay_inside_their_column(tmp_path, paper):
    # "vie commune des joueurs 2 et 4" used to run past the right edge of the nature header
    [path] = [
        p
        for p in territoires(tmp_path, players=4, paper_name=paper, deck=False)
        if p.name.startswith("territoires-vie")
    ]
    [(width, _, _, chars, _)] = _pages(path)
    column_end = {"left": width / 2 - 5, "right": width - 12}  # MARGIN 12 mm, gap 10 mm
    header = [
        c for c in chars if 32 <= to_mm(c["top"]) <= 49
    ]  # the house bands, 32 to 49 mm from the top
    assert "".join(c["text"] for c in header).count("vie commune des joueurs") == 2
    for char in header:
        x0, x1 = to_mm(char["x0"]), to_mm(char["x1"])
        side = "left" if x0 < width / 2 else "right"
        assert x1 <= column_end[side] - 1, (char["text"], x1, column_end[side])


@pytest.mark.parametrize("players, paper", [(2, "letter"), (3, "letter"), (4, "letter"), (3, "a4")])
def test_reference_card_text_stays_inside_its_box(tmp_path, players, paper):
    # on Letter the 3- and 4-player notes used to run onto the bottom border of the card
    [path] = [
        p
        for p in territoires(tmp_path, players=players, paper_name=paper, deck=False)
        if p.name.startswith("territoires-resume")
    ]
    [(_width, height, _, chars, _)] = _pages(path)
    card = (height - 2 * 12 - 8) / 2  # two cards between 12 mm margins, 8 mm apart
    boxes = [(12, 12 + card), (height - 12 - card, height - 12)]  # (top, bottom) from the page top
    for char in chars:
        top, bottom = to_mm(char["top"]), to_mm(char["bottom"])
        inside = [box for box in boxes if box[0] <= top and bottom <= box[1]]
        assert inside, (char["text"], top, bottom)
        assert bottom <= inside[0][1] - 1.5, (char["text"], bottom, inside[0][1])


def test_out_naming_a_file_is_refused_and_the_file_is_kept(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    with pytest.raises(UserError, match="is a file"):
        territoires(target, deck=False)
    assert target.read_text() == "mine" and list(tmp_path.iterdir()) == [target]
