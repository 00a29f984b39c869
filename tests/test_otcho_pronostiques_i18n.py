"""Neo Otcho and Pronostiques in two languages: the English material holds English text and no
French sentence, with the French pages and layout; the CLI speaks French or English; the JSON
is the same in both."""

from __future__ import annotations

import functools
import json
import re

import pdfplumber
import pytest

from generator.core.i18n import P_, PN_
from generator.games.otcho import RollRules
from generator.games.pronostiques import SUITS, ScoreRules
from generator.games.pronostiques.deck import JOKER, POWERS, SUIT_POWERS
from generator.games.pronostiques.scoring import PLACES, ThreeInARow
from generator.products import otcho_sheets, pronostiques_sheets
from generator.products.options import FaceFiles
from generator.products.pronostiques_sheets import PronostiquesOptions, deck_sheets_note
from generator.render.draw.text import shrink_to_width, width_mm
from generator.render.fonts import register_fonts
from generator.render.paper import paper
from generator.render.pronostiques.race_cards import PLACE_ROOM, TEAMS
from generator.render.sheet import MARGIN
from generator.render.units import to_mm
from tests.conftest import pnp

# Words only French text uses (articles, prepositions, the games' own words): one of them in
# an English page is French left behind. And the reverse, for what the CLI says in French.
_FRENCH = (
    "le la les des du de et un une pour sur avec dans est sont vos votre ses sa son au aux ou pas "
    "utilisez passez joueur joueurs pions carte cartes tour manche roi dame valet pronostic "
    "aide jeu"
)
_ENGLISH = (
    "the of and your any to is are one pawn pawns card cards roll remove only next king ahead "
    "limit limits both"
)
FRENCH_WORDS, ENGLISH_WORDS = frozenset(_FRENCH.split()), frozenset(_ENGLISH.split())
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


def french_words(text: str) -> set[str]:
    """The French-only words of ``text`` (the elision ``d'``/``l'`` counts as French too)."""
    found = words(text) & FRENCH_WORDS
    found |= {w for w in words(text) if re.match(r"^[dlj]'", w)}
    return found


def english_words(text: str) -> set[str]:
    return words(text) & ENGLISH_WORDS


def build_otcho(out, players, paper_name, rules, language):
    options = otcho_sheets.OtchoOptions(
        players=players, paper=paper(paper_name), rules=rules, language=language
    )
    return list(otcho_sheets.PRODUCT.make(options, out).paths)


def build_pronostiques(
    out, players, paper_name, laps=8, score_rules=ScoreRules(), faces=False, language="fr"
):
    options = PronostiquesOptions(
        players=players,
        laps=laps,
        score_rules=score_rules,
        paper=paper(paper_name),
        files=FaceFiles(faces=faces),
        language=language,
    )
    return list(pronostiques_sheets.PRODUCT.make(options, out).paths)


def _build(root, language):
    otcho = build_otcho(root / "o", 6, "a4", RollRules(), language=language)
    pronostiques = build_pronostiques(root / "p", 4, "a4", faces=True, language=language)
    return {path.name: path for path in (*otcho, *pronostiques)}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("l10n")
    return {language: _build(root / language, language) for language in ("fr", "en")}


@functools.cache
def _pages(path):
    """Each page's text and size (pt), read once per file (pdfium: 0.1 s for the 116-page
    faces, where pypdf took 1.5)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(path)
    return [(page.get_textpage().get_text_range(), page.get_size()) for page in document]


def _chars(path):
    """The characters of each page, with their positions (pdfplumber)."""
    with pdfplumber.open(path) as pdf:
        return [(page.width, page.chars) for page in pdf.pages]


def test_english_material_has_english_text_and_no_french(built):
    english = built["en"]
    expected = {
        "otcho-cards.pdf": ["player cards", "Player 1 · Vermilion", "Win by placing 6"],
        "otcho-dice.pdf": ["Spare die", "Assembly", "glue"],
        "otcho-pawns.pdf": ["12 pawns per player", "Player 6 · Black · cross"],
        "otcho-rules-aid.pdf": ["Pair of X", "Losing roll", "equally likely rolls"],
        "pronostiques-cards.pdf": ["NEW TYRES", "PUNCTURE", "PREDICTION", "LAP 8"],
        "pronostiques-cards-faces.pdf": ["SLIPSTREAM", "keep it to yourself"],
        "pronostiques-score-pad.pdf": ["score pad", "Points table", "Finishing order"],
        "pronostiques-rules-aid.pdf": ["Set-up", "Pile limits", "Scoring example"],
    }
    assert set(english) == set(expected)
    for name, phrases in expected.items():
        text = "\n".join(page for page, _ in _pages(english[name]))
        for phrase in phrases:
            assert phrase in text, (name, phrase)
        assert not french_words(text), (name, french_words(text))


def test_the_french_material_is_french(built):
    text = "\n".join(page for page, _ in _pages(built["fr"]["otcho-rules-aid.pdf"]))
    assert "Paire de X" in text and not english_words(text) - {"x"}
    text = "\n".join(page for page, _ in _pages(built["fr"]["pronostiques-rules-aid.pdf"]))
    assert "Mise en place" in text and french_words(text)


def test_both_languages_have_the_same_pages(built):
    for name, french in built["fr"].items():
        french_pages = [size for _, size in _pages(french)]
        english_pages = [size for _, size in _pages(built["en"][name])]
        assert english_pages == french_pages, name


def test_pdf_titles_follow_the_language(built):
    from pypdf import PdfReader

    assert PdfReader(built["en"]["otcho-rules-aid.pdf"]).metadata.title == "Neo Otcho: rules aid"
    assert PdfReader(built["fr"]["otcho-rules-aid.pdf"]).metadata.title == "Neo Otcho: aide de jeu"
    title = PdfReader(built["en"]["pronostiques-cards.pdf"]).metadata.title
    assert title == "Pronostiques: 54-card deck and 4 predictions"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_sheet_text_stays_inside_the_margins(built, language):
    """No line of the sheets (not the cards, which the imposition places) runs into the margins."""
    for name, path in built[language].items():
        if "-cards" in name:
            continue
        for width, chars in _chars(path):
            left = min(to_mm(char["x0"]) for char in chars)
            right = max(to_mm(char["x1"]) for char in chars)
            assert left >= MARGIN - 0.2 and right <= to_mm(width) - MARGIN + 0.2, (name, right)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_card_lines_fit_their_room(language):
    """The one-line texts of the cards, measured against the room the card gives them (mm)."""
    fonts = register_fonts()
    card_width = 63.5
    for team in TEAMS.values():
        name = P_(language, team.name)
        assert width_mm(name, fonts.condensed_bold, 7.2) <= 31.0, name  # a prediction row
        assert width_mm(name, fonts.condensed, 6.3) <= card_width - 2 * 10, name  # the corners
    for power in (*SUIT_POWERS, JOKER):
        title = P_(language, power.title).upper()
        assert width_mm(title, fonts.condensed_bold, 11) <= card_width - 2 * 12, title
        assert power.index(language) in ("V", "D", "R", "J", "Q", "K", "JK")
    places = [P_(language, place) for place in PLACES]
    sizes = [shrink_to_width(p, fonts.condensed_bold, 9, PLACE_ROOM, 6) for p in places]
    assert all(width_mm(p, fonts.condensed_bold, min(sizes)) <= PLACE_ROOM for p in places)
    assert min(sizes) >= 7.5 and (language == "en" or min(sizes) == 9)
    secret = P_(language, "secret · à garder pour soi")
    assert width_mm(secret, fonts.condensed, 7) <= card_width - 8


def test_corner_indices_and_names():
    assert [POWERS[rank].index("fr") for rank in ("V", "D", "R", "JK")] == ["V", "D", "R", "JK"]
    assert [POWERS[rank].index("en") for rank in ("V", "D", "R", "JK")] == ["J", "Q", "K", "JK"]
    assert [suit.called("en") for suit in SUITS] == ["Hearts", "Diamonds", "Spades", "Clubs"]
    assert [suit.called("fr") for suit in SUITS] == ["Cœur", "Carreau", "Pique", "Trèfle"]
    assert "{look}" not in POWERS["D"].rule("en") and "3" in POWERS["D"].rule("en")


def test_deck_sheets_note_in_both_languages():
    english = deck_sheets_note(PronostiquesOptions(), "en")
    assert english.startswith("58 cards on 7 sheets of 9; the last sheet holds the 4 prediction")
    assert english.endswith("its 5 other places stay empty")
    french = deck_sheets_note(PronostiquesOptions(), "fr")
    assert french.startswith("58 cartes sur 7 feuilles de 9\u202f; la dernière feuille")
    assert french.endswith("ses 5 autres emplacements restent vides")
    assert (
        PN_("fr", "{n} pt", "{n} pts", 1) == "{n} pt"
        and PN_("en", "{n} pt", "{n} pts", 0) == "{n} pts"
    )


def test_the_rules_aid_follows_the_options_in_english(tmp_path):
    rules = RollRules(x_letter_any_card=True, penalty_pawns=1)
    paths = build_otcho(tmp_path / "o", 2, "letter", rules, language="en")
    text = _pages(next(p for p in paths if p.name == "otcho-rules-aid.pdf"))[0][0]
    assert "remove one of your pawns" in " ".join(text.split()) and "any card" in text
    once = ScoreRules(pair_bonus_each=False, three_in_a_row=ThreeInARow.RELATIVE)
    paths = build_pronostiques(tmp_path / "p", 3, "letter", 10, score_rules=once, language="en")
    text = " ".join(_pages(next(p for p in paths if "aid" in p.name))[0][0].split())
    assert "(2 at most)" in text and "even apart or at other places" in text
    assert "race over 10 laps" in text and not french_words(text)


# --- the command line ---------------------------------------------------------------------

CLI_COMMANDS = [
    ("otcho", "roll", "a", "X"),
    ("otcho", "roll", "b", "b", "--stage", "continuation", "--penalty", "1"),
    ("otcho", "roll", "*", "*"),
    # Symbols: a suit's single letter is the CLI's language's (a French C is cœur), so the same
    # command in both languages names its suits by their symbols.
    ("pronostiques", "score", "♦♥♠♣"),
    ("pronostiques", "score", "♥♦♠♣", "--three-in-a-row", "none", "--pair-bonus", "once"),
    ("pronostiques", "check-piles", "7", "3", "3", "1"),
    ("pronostiques", "check-piles", "8", "8", "8", "5"),
]


@pytest.mark.parametrize("args", CLI_COMMANDS, ids=" ".join)
def test_the_cli_speaks_french_or_english(args):
    french = pnp("--lang", "fr", *args)
    english = pnp("--lang", "en", *args)
    assert french.returncode == english.returncode
    assert french_words(french.stdout) and not english_words(french.stdout)
    assert english_words(english.stdout) and not french_words(english.stdout)


def test_a_french_locale_speaks_french():
    env = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    result = pnp("pronostiques", "score", "♦♠♣♥", env=env, own_pnp_env=True)
    assert result.stdout.splitlines()[:3] == [
        "ordre d’arrivée\u00a0: ♦♠♣♥ (Carreau Pique Trèfle Cœur)",
        "Roi ♥ (♥♦♠♣)\u00a0: 3 pts",
        "  (c) +3  ♦♠♣ se suivent dans cet ordre",
    ]
    result = pnp("otcho", "roll", "a", "X", env=env, own_pnp_env=True)
    assert "probabilité de ce jet\u00a0: 1/18 (5,6" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("otcho", "roll", "a", "e"),
        ("otcho", "roll", "a", "b", "--penalty", "9"),
        ("otcho", "sheets", "--players", "7"),
        ("pronostiques", "score", "HDS"),
        ("pronostiques", "check-piles", "9", "0", "0", "0"),
        ("pronostiques", "sheets", "--players", "5"),
        ("pronostiques", "sheets", "--back-first"),
    ],
    ids=" ".join,
)
def test_errors_in_both_languages(args, tmp_path):
    french = pnp("--lang", "fr", *args, cwd=tmp_path)
    english = pnp("--lang", "en", *args, cwd=tmp_path)
    assert french.returncode == english.returncode == 2
    for result in (french, english):
        assert len(result.stderr.strip().splitlines()) == 1
    french_message = french.stderr.split(":", 2)[-1]  # after the "pnp: error:" prefix
    english_message = english.stderr.split(":", 2)[-1]
    assert french_words(french_message), french_message
    assert not french_words(english_message), english_message
    assert not list(tmp_path.iterdir())  # nothing written


def test_help_in_both_languages():
    assert "Face du premier dé" in pnp("--lang", "fr", "otcho", "roll", "--help").stdout
    assert "First die face" in pnp("--lang", "en", "otcho", "roll", "--help").stdout
    french = pnp("--lang", "fr", "pronostiques", "check-piles", "--help").stdout
    assert "Code de sortie 0" in french and "Hauteur de la pile" in french


@pytest.mark.parametrize(
    "args",
    [
        ("otcho", "roll", "a", "X", "--json"),
        ("otcho", "roll", "b", "b", "--stage", "continuation", "--json"),
        ("pronostiques", "score", "♦♥♠♣", "--json"),
        ("pronostiques", "check-piles", "7", "3", "3", "1", "--json"),
    ],
    ids=" ".join,
)
def test_json_is_the_same_in_both_languages(args):
    french, english = pnp("--lang", "fr", *args), pnp("--lang", "en", *args)
    assert french.stdout == english.stdout
    data = json.loads(english.stdout)
    assert not french_words(json.dumps(data.get("next_step", ""), ensure_ascii=False))


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_scoring_example_leaves_room_for_the_points(tmp_path, language):
    """The longest reading of rule c on Letter: each line of the worked example ends before its
    total (they overlapped before the lines shrank to their room)."""
    relative = ScoreRules(three_in_a_row=ThreeInARow.RELATIVE)
    paths = build_pronostiques(tmp_path, 3, "letter", score_rules=relative, language=language)
    aid = next(p for p in paths if "aid" in p.name)
    with pdfplumber.open(aid) as pdf:
        page_words = pdf.pages[0].extract_words(keep_blank_chars=False)
    totals = [w for w in page_words if w["text"] in ("pt", "pts") and w["x0"] > 300]
    assert len(totals) == 4
    for total in totals:
        number = max(
            (w for w in page_words if abs(w["top"] - total["top"]) < 1 and w["x1"] < total["x0"]),
            key=lambda w: w["x1"],
        )  # the total's number, just left of "pts"
        line = [
            w
            for w in page_words
            if abs(w["top"] - total["top"]) < 2 and w["x1"] < number["x0"] and w["x0"] > 300
        ]
        assert line and max(w["x1"] for w in line) < number["x0"] - 1
