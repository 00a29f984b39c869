"""The Jeu de l'Oie in two languages: the English board read back from its PDF (English names and
rules, no French sentence, the French board's pages and layout), and `pnp oie` speaking French
or English (its JSON the same in both)."""

from __future__ import annotations

import json
import re

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.core.i18n import speaking
from generator.core.typography import printed_text
from generator.games.oie.squares import BOARD, Kind
from generator.render.oie.board import BoardOptions, board_document, sheet_layout
from generator.render.oie.rules_text import rules_blocks
from generator.render.paper import paper
from generator.render.units import PT_PER_MM
from tests import conftest
from tests.conftest import one_line_error

ENGLISH_NAMES = (
    "Start",
    "The Goose",
    "The Bridge",
    "The Inn",
    "The Dice",
    "The Well",
    "The Maze",
    "The Prison",
    "Death",
    "The Goose Garden",
)
ENGLISH_HEADINGS = ("Object of the game", "How to play", "The squares", "The pot")
# Words of a French sentence that no English sentence of ours uses ("de" and "la" alone would
# also match a place name: the themed board is checked against the French sentences instead).
_FRENCH = (
    "le la les des du de et à au un une qui sur avec pour case cases joueur joueurs pion "
    "pions tour tours partie dés paie perd jusqu"
)
FRENCH_WORDS = frozenset(_FRENCH.split())
_ENGLISH = (
    "the and of to is a on square squares seat round rounds player players pawn give with "
    "games wins mean expected turns final"
)
ENGLISH_WORDS = frozenset(_ENGLISH.split())


def _words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[^\W\d_]+", text)}


def french_words(text: str) -> set[str]:
    """The French function words in ``text`` (none in an English sentence)."""
    return _words(text) & FRENCH_WORDS


def english_words(text: str) -> set[str]:
    """The English words in ``text`` (none in a French sentence of ours; codes like ``swap``,
    option names and numbers are not words of a sentence)."""
    return _words(re.sub(r"--?[\w-]+", "", text)) & ENGLISH_WORDS


def _flat(text: str) -> str:
    return re.sub(r"[ \n]+", " ", text)


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    folder = tmp_path_factory.mktemp("oie-i18n")
    return {
        language: board_document(BoardOptions(paper=paper("a4"), language=language)).save(
            folder / f"{language}.pdf"
        )
        for language in ("fr", "en")
    }


def _page_text(path) -> str:
    """The board's words, then the panel's (read apart: pdfplumber interleaves the lines of two
    columns that share a height)."""
    layout = sheet_layout(297, 210)
    split = (layout.board_x + layout.board) * PT_PER_MM
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        board = page.crop((0, 0, split, page.height)).extract_text()
        panel = page.crop((split, 0, page.width, page.height)).extract_text()
    return _flat(board + "\n" + panel)


@pytest.fixture(scope="module")
def english_text(boards):
    return _page_text(boards["en"])


def test_the_english_board_names_its_squares_and_rules_in_english(english_text):
    for name in (*ENGLISH_NAMES, *ENGLISH_HEADINGS, "First throw", "The Game of the Goose"):
        assert name in english_text, name
    assert "The Bridge: The player pays a toll and flies to square 12." in english_text
    assert "5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59" in english_text
    assert "Le Jeu de l\u2019Oie" in english_text  # the game's title stays French


def test_the_english_board_has_no_french_sentence(english_text):
    rest = english_text.replace("Le Jeu de l\u2019Oie", "")
    assert french_words(rest) == set()
    assert "\u00a0:" not in rest and " :" not in rest  # English sets no space before a colon
    for square in BOARD:
        if square.kind not in (Kind.ORDINARY,):
            assert printed_text(square.name, "fr") not in rest
            assert printed_text(square.rule, "fr")[:30] not in rest


def test_the_english_board_has_the_french_pages_and_layout(boards):
    """Same pages, same sizes, every square number at the same place (within 2 pt: a number
    steps down a little for a longer name, so that the name keeps 7 pt): only the text
    differs."""
    readers = {language: PdfReader(path) for language, path in boards.items()}
    assert len(readers["fr"].pages) == len(readers["en"].pages) == 1
    assert readers["fr"].pages[0].mediabox == readers["en"].pages[0].mediabox

    def numbers(path):
        with pdfplumber.open(path) as pdf:
            page = pdf.pages[0]
            words = page.extract_words(y_tolerance=1)
            board = [w for w in words if w["x1"] < page.width * 0.66]
            return sorted(
                (w["text"], round(w["x0"], 1), round(w["top"], 1))
                for w in board
                if w["text"].isdigit()
            )

    french, english = numbers(boards["fr"]), numbers(boards["en"])
    assert [text for text, _, _ in french] == [text for text, _, _ in english]
    for (text, x, y), (_, x_en, y_en) in zip(french, english, strict=True):
        assert abs(x - x_en) <= 2 and abs(y - y_en) <= 2, (text, (x, y), (x_en, y_en))


def test_english_panel_text_for_every_option_and_the_journey():
    # both occupied-square rules and a themed board's journey, in English, without French
    from generator.games.oie.rules import Rules

    for occupied in ("swap", "return"):
        blocks = rules_blocks(
            Rules(occupied=occupied), "Bretagne", ("Brest", "Vitré"), language="en"
        )
        text = " ".join(block.markup for block in blocks)
        assert french_words(re.sub(r"<[^>]+>", "", text)) == set(), text
        assert "The journey" in text and "from the first, <b>Brest</b>" in text
    assert "goes back to the square it came from" in text
    assert "Le voyage" in " ".join(
        b.markup for b in rules_blocks(Rules(), "Bretagne", ("Brest", "Vitré"), language="fr")
    )


def test_the_english_themed_board_has_no_french_sentence(tmp_path):
    # a small region's board: its subtitle and journey in English, the place names as given
    options = BoardOptions(
        paper=paper("a4"),
        theme="Bretagne",
        labels=tuple(f"Ville {n}" for n in range(1, 63)),
        route=("Brest", "Vitré"),
        language="en",
    )
    text = _page_text(board_document(options).save(tmp_path / "themed.pdf"))
    assert "The Game of the Goose" in text and "Bretagne · Brest → Vitré" in text
    assert "Bretagne: the ordinary squares follow a route" in text
    assert "les cases ordinaires" not in text and "Jeu de parcours" not in text


def test_the_english_pdf_metadata_names_the_game_in_both_languages(boards):
    assert PdfReader(boards["en"]).metadata.title == "Le Jeu de l’Oie — the Game of the Goose"
    assert PdfReader(boards["fr"]).metadata.title == "Le Jeu de l’Oie"


def test_board_lang_option_prints_english(tmp_path):
    out = tmp_path / "b.pdf"
    result = conftest.pnp("oie", "board", "--lang", "en", "--out", str(out))
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(out) as pdf:
        assert "The Goose Garden" in pdf.pages[0].extract_text()
    one_line_error(
        conftest.pnp("oie", "board", "--lang", "de", "--out", str(tmp_path / "c.pdf")), "fr or en"
    )


# ---------------------------------------------------------------- the command line


@pytest.fixture(autouse=True)
def _language_restored(monkeypatch):
    """A run's language is set for the process (the CLI's entry point): put it back after."""
    monkeypatch.delenv("LANGUAGE", raising=False)
    with speaking("en"):
        yield


def oie(language: str, *args: str):
    """``pnp oie ARGS`` with the locale of ``language`` (and no PNP_LANG of the developer's)."""
    locale = {"fr": "fr_FR.UTF-8", "en": "en_US.UTF-8"}[language]
    return conftest.pnp("oie", *args, env={"LANG": locale, "LC_ALL": locale}, own_pnp_env=True)


def _message(stderr: str) -> str:
    return re.sub(r"^\S+\s?: \S+\s?: ", "", stderr.strip())  # "pnp: error: " in any language


def test_move_speaks_the_locale():
    french = oie("fr", "move", "61", "4", "2").stdout.splitlines()
    assert french == [
        "4+2\u00a0: 61 → 59 (L\u2019Oie) [rebond] → 53 (Les Dés) [oie]",
        "case d\u2019arrivée\u00a0: 53",
    ]
    english = oie("en", "move", "61", "4", "2").stdout.splitlines()
    assert english == [
        "4+2: 61 → 59 (The Goose) [bounce] → 53 (The Dice) [goose]",
        "final square: 53",
    ]
    assert "[premier lancer]" in oie("fr", "move", "0", "6", "3", "--first-throw").stdout


def test_json_is_the_same_in_both_languages():
    for args in (
        ("move", "61", "4", "2", "--json"),
        ("simulate", "--players", "3", "--games", "200", "--json"),
        ("play", "--players", "2", "--teams", "--seed", "4", "--json"),
        ("stats", "--exact", "--horizon", "12", "--json"),
    ):
        french, english = oie("fr", *args).stdout, oie("en", *args).stdout
        assert french == english, args
        json.loads(french)


def test_play_log_in_french():
    lines = oie("fr", "play", "--seed", "2").stdout.splitlines()
    assert lines[1] == "tour   1  joueur 2\u00a0:   6+5   0 → 11  (échange avec joueur 1)"
    assert lines[-1].startswith("le joueur ") and "remporte le pot de" in lines[-1]
    teams = oie("fr", "play", "--players", "2", "--teams", "--seed", "5", "--policy", "best").stdout
    assert "joueur 1 pion 3\u00a0: amende de prison" in teams
    assert not english_words(teams)


def test_stats_and_simulate_in_french_with_french_numbers():
    exact = oie("fr", "stats", "--exact", "--horizon", "12").stdout
    assert exact.startswith("solitaire (exact)\u00a0: nombre de tours attendu 29,3968 = ")
    assert "centiles des tours\u00a0: p10 8, p25 12, p50 > 12" in exact
    assert "   2  0,00463  0,0046  ██" in exact
    assert not english_words(exact)
    table = oie("fr", "simulate", "--games", "1500", "--seed", "2").stdout
    assert "1\u202f500 parties, 4 joueurs" in table and "parties finies" in table
    assert re.search(r"victoires\u00a0: joueur 1 +│ +\d+ \(\d+,\d\u00a0%\)", table)
    assert not english_words(table)
    english = oie("en", "simulate", "--games", "1500", "--seed", "2").stdout
    assert "1,500 games, 4 players" in english and re.search(r"\(\d+\.\d%\)", english)
    assert not french_words(english)


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (("move", "70", "1", "1"), "la case 70 n’est pas sur le plateau", "square 70 is not"),
        (("move", "6", "1", "1"), "(Le Pont)", "(The Bridge)"),
        (("simulate", "--games", "0"), "0 partie, c’est hors limites", "0 games is out of range"),
        (("simulate", "--teams", "--policy", "clever"), "stratégie des pions", "unknown pawn"),
        (("play", "--pawns", "2"), "ajoutez --teams", "add --teams"),
        (("stats", "--horizon", "5"), "l’horizon 5 est hors limites", "horizon 5 is out"),
    ],
)
def test_errors_are_one_line_in_the_locale(args, french, english):
    in_french = _message(one_line_error(oie("fr", *args), french))
    assert not english_words(in_french), in_french
    in_english = _message(one_line_error(oie("en", *args), english))
    assert not french_words(in_english), in_english


def test_help_in_french():
    text = _flat(oie("fr", "board", "--help").stdout)
    assert "Imprimer le plateau en spirale de 63 cases" in text
    assert "Plateau sur une page" in text


def test_an_english_themed_board_names_the_same_journey_in_english():
    from generator.products.oie_board import load_theme

    french, english = load_theme("IT", language="fr"), load_theme("IT", language="en")
    assert (french.title, english.title) == ("Italie", "Italy")
    assert [p.id for p in french.journey.places] == [p.id for p in english.journey.places]
    english_names = {p.name for p in english.journey.places}
    french_names = {p.name for p in french.journey.places}
    assert {"Genoa", "Verona", "Perugia"} <= english_names  # the English exonyms
    assert {"Gênes", "Vérone", "Pérouse"} <= french_names  # the French ones
