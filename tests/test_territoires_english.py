"""Les territoires in two languages: the printed material in English (parsed back from the PDFs:
English texts, no French sentence, the same pages and layout as the French, nothing out of its
room) and the calculator speaking French or English."""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import combinations

import pdfplumber
import pypdfium2
import pypdfium2.raw as pypdfium2_raw
import pytest
from pypdf import PdfReader

from generator.games.territoires import LENORMAND
from generator.render.units import to_mm
from tests.conftest import pnp
from tests.product_helpers import named_in, territoires

TITLE = "Les territoires"  # the game's French name stays, in every language

# Words that only French writes (none of them is English): a line of the English material with
# one of them is French left over.
_FRENCH = (
    "le la les des du de un une et est sont pour avec sur dans par pas ni qui que au aux vous "
    "votre vos son sa ses leur joueur joueurs joueuse carte cartes maison vie suite "
    "pioche défausse réserve soin soutien arme armes animaux paire paires impaire impaires "
    "perdue reste parties tombé mise déroulement résumé recto verso commune"
)
FRENCH_WORDS = frozenset(_FRENCH.split())
ACCENTS = re.compile(r"[àâçéèêëîïôûùüœÀÂÇÉÈÊËÎÏÔÛÙÜŒ]")


def french_left(text: str) -> list[str]:
    """The lines of ``text`` that hold a French word or letter (the title's name aside)."""
    found = []
    for line in text.splitlines():
        rest = line.replace(TITLE, "")
        words = {w.lower() for w in re.findall(r"[^\W\d_]+", rest)}
        if words <= {"les", "territoires"}:
            continue  # the backs: the name on two lines, "Les" above "territoires"
        if words & FRENCH_WORDS or ACCENTS.search(rest):
            found.append(line)
    return found


def _build(folder, language, players, deck):
    paths = territoires(folder, players=players, deck=deck, faces=deck, language=language)
    return {path.name: path for path in paths}


@pytest.fixture(scope="module")
def material(tmp_path_factory):
    """Every sheet for 2, 3 and 4 players and the deck (with its faces), in French and English."""
    built = {}
    for language in ("fr", "en"):
        files = {}
        for players in (2, 3, 4):
            folder = tmp_path_factory.mktemp(f"{language}{players}")
            files.update(_build(folder, language, players, deck=players == 3))
        built[language] = files
    return built


@cache
def _pages(path):
    """Per page: (width, height, text, words), read by pdfplumber in reading order; parsed
    once, and only for the files a test reads words or lines of (about 0.1 s a page)."""
    with pdfplumber.open(path) as pdf:
        return [
            (
                page.width,
                page.height,
                page.extract_text(),
                page.extract_words(keep_blank_chars=True, use_text_flow=True),
            )
            for page in pdf.pages
        ]


@cache
def _drawing(path):
    """Per page, read by pdfium (fast, for whole files): the size, the text in drawing order, and
    the box of every path (into the forms), in points, rounded to a hundredth."""
    document = pypdfium2.PdfDocument(path)
    return [
        (
            (round(page.get_width(), 2), round(page.get_height(), 2)),
            page.get_textpage().get_text_range(),
            sorted(
                tuple(round(v, 2) for v in shape.get_bounds())
                for shape in page.get_objects(filter=(pypdfium2_raw.FPDF_PAGEOBJ_PATH,))
            ),
        )
        for page in document
    ]


def test_the_same_files_in_both_languages_named_in_each(material):
    assert set(material["en"]) == {named_in(name, "en") for name in material["fr"]}
    assert len(material["en"]) == 11
    assert sorted(material["fr"]) == [  # the French names as they always were
        "territoires-jeu-lenormand-faces.pdf",
        "territoires-jeu-lenormand.pdf",
        *(
            f"territoires-{kind}-{n}j.pdf"
            for kind in ("mise-en-place", "resume")
            for n in (2, 3, 4)
        ),
        *(f"territoires-vie-{n}j.pdf" for n in (2, 3, 4)),
    ]
    assert {"territoires-life-2p.pdf", "territoires-summary-3p.pdf", "territoires-setup-4p.pdf"} | {
        "territoires-lenormand-deck.pdf",
        "territoires-lenormand-deck-faces.pdf",
    } <= set(material["en"])
    for name in material["en"]:  # no French word in an English file's name
        assert not re.search(r"vie|resume|mise-en-place|jeu|\dj\.", name), name


def test_the_english_pages_have_the_french_layout(material):
    """Same pages, page sizes and every box, line and shape at the same place: only the text
    differs."""
    for name, french_path in material["fr"].items():
        english = material["en"][named_in(name, "en")]
        french = _drawing(french_path)
        pages = _drawing(english)
        assert len(pages) == len(french), name
        for number, (page, other) in enumerate(zip(pages, french, strict=True)):
            assert page[0] == other[0], (name, number)
            assert page[2] == other[2], (name, number, "the shapes moved")
            assert page[2], (name, number, "no shape read")


def test_the_english_material_has_no_french_left(material):
    for name, path in material["en"].items():
        for number, (_, text, _) in enumerate(_drawing(path)):
            assert not french_left(text), (name, number, french_left(text))
    # the check itself sees French: every French sheet has some
    for name, path in material["fr"].items():
        assert french_left(_drawing(path)[0][1]), name


def test_the_english_sheets_say_it_in_english(material):
    en = material["en"]
    tracker = _pages(en["territoires-life-3p.pdf"])[0][2]
    for words in (
        "Les territoires — the Territories",
        "Life tracker · 3 players",
        "House of civilisation",
        "House of nature",
        "Player 3 · no house",
        "lost: 7 left",
        "0: the territory has fallen",
        "Pictures: Fluent Emoji",
    ):
        assert words in tracker, words
    for card in (36, 22, 35, 21):  # Cross, Crossroads, Anchor, Mountain
        assert {36: "Cross", 22: "Crossroads", 35: "Anchor", 21: "Mountain"}[card] in tracker
    summary = _pages(en["territoires-summary-2p.pdf"])[0][2]
    for words in ("Summary · 2 players", "Weapons: Scythe, Whip", "−1 to the opponent"):
        assert words in summary, words
    setup = _pages(en["territoires-setup-4p.pdf"])[0][2]
    for words in ("Set-up", "How to play", "Draw pile (4)", "Reserve: 4 cards face down"):
        assert words in setup, words


def test_the_english_deck_has_the_english_names_insets_and_roles(material):
    pages = _drawing(material["en"]["territoires-lenormand-deck-faces.pdf"])
    fronts = [text for _, text, _ in pages[0::2]]
    assert len(fronts) == len(LENORMAND)
    english = {1: "Rider", 2: "Clover", 10: "Scythe", 11: "Whip", 17: "Stork", 36: "Cross"}
    for number, name in english.items():
        assert name in fronts[number - 1], (number, fronts[number - 1])
    eleven = fronts[10]
    assert "jack of clubs" in eleven and "WEAPON" in eleven
    assert "odd house −2 · other −1 · with 10: −3" in eleven
    words = {w["text"] for w in _pages(material["en"]["territoires-lenormand-deck.pdf"])[0][3]}
    assert "K" in words and "R" not in words  # the inset of 4 House: king (roi in French)


def test_the_pdf_metadata_is_in_the_material_language(material):
    info = PdfReader(material["en"]["territoires-life-2p.pdf"]).metadata
    assert info.title == "Les territoires — life tracker (2 players)"
    info = PdfReader(material["fr"]["territoires-vie-2j.pdf"]).metadata
    assert info.title == "Les territoires — suivi des points de vie (2 joueurs)"
    deck = PdfReader(material["en"]["territoires-lenormand-deck.pdf"]).metadata
    assert deck.title == "Les territoires — Petit Lenormand deck (36 cards)"


def _overlaps(a, b, slack: float = 0.3) -> bool:
    """Two texts' boxes (points) cross by more than ``slack``."""
    return (
        a["x0"] + slack < b["x1"]
        and b["x0"] + slack < a["x1"]
        and a["top"] + slack < b["bottom"]
        and b["top"] + slack < a["bottom"]
    )


@pytest.mark.parametrize(
    "name",
    [
        "territoires-life-2p.pdf",
        "territoires-life-3p.pdf",
        "territoires-life-4p.pdf",
        "territoires-summary-2p.pdf",
        "territoires-summary-3p.pdf",
        "territoires-setup-2p.pdf",
        "territoires-setup-3p.pdf",
        "territoires-setup-4p.pdf",
        "territoires-lenormand-deck.pdf",
    ],
)
def test_no_english_text_runs_into_another_or_off_the_page(material, name):
    """Every English text keeps to the page's margins and never overlaps another text: a longer
    translation that ran out of its room would hit its neighbour."""
    for width, height, _, words in _pages(material["en"][name]):
        for word in words:
            assert 5 <= to_mm(word["x0"]) <= to_mm(word["x1"]) <= to_mm(width) - 5, word["text"]
            assert 5 <= to_mm(word["top"]) <= to_mm(word["bottom"]) <= to_mm(height) - 5
        clashes = [(a["text"], b["text"]) for a, b in combinations(words, 2) if _overlaps(a, b)]
        assert not clashes, clashes


def test_the_tracker_names_keep_clear_of_the_tick_boxes(material):
    """The longest English life card name (Crossroads, bold) ends before the first box."""
    with pdfplumber.open(material["en"]["territoires-life-2p.pdf"]) as pdf:
        page = pdf.pages[0]
        name = next(w for w in page.extract_words() if w["text"] == "Crossroads")
        boxes = [r for r in page.rects + page.curves if abs(r["top"] - name["top"]) < 12]
        first_box = min(r["x0"] for r in boxes if r["x0"] > name["x0"] and r["width"] < 20)
        assert name["x1"] < first_box


# --- the command line in both languages ------------------------------------------------------


def _attack(*args, language):
    return pnp("--lang", language, "territoires", "attack", *args)


def test_the_calculator_speaks_french():
    result = _attack("15", "16", "--house", "odd", "--life", "3", language="fr")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "attaque -2 sur la maison paire (civilisation)",
        "  15 Ours est un animal de soutien de votre maison (impaire)\u00a0: la maison paire "
        "(civilisation) perd 2 cartes de vie",
        "  règle animal_own\u00a0: «\u00a0Même calcul des points que pour les armes. (-2 cartes si "
        "l'animal est de sa maison)\u00a0»",
        "  vie de la maison paire\u00a0: 3 -> 1",
        "  possible aussi\u00a0: soin +1 sur la maison impaire (passez --as heal)",
    ]


def test_the_calculator_speaks_english():
    result = _attack("15", "16", "--house", "odd", "--life", "3", language="en")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "attack -2 on the even house (civilisation)",
        "  15 Bear is a support animal of your house (odd): the even house (civilisation) loses 2 "
        "life cards",
        '  rule animal_own: "Same scoring as for the weapons. (-2 cards if the animal is of one’s '
        'own house)"',
        "  life of the even house: 3 -> 1",
        "  also possible: heal +1 on the odd house (pass --as heal)",
    ]
    assert not french_left(result.stdout.replace("(civilisation)", ""))


def test_the_locale_chooses_french():
    result = pnp(
        "territoires",
        "attack",
        "12",
        "13",
        "--house",
        "odd",
        env={"LC_ALL": "fr_FR.UTF-8"},
        own_pnp_env=True,
    )
    assert result.stdout.startswith("soin +2 sur la maison impaire (nature)\n")
    assert (
        "13 Enfant soigne et a votre parité\u00a0: la maison impaire regagne 2 cartes de vie"
        in (result.stdout)
    )


@pytest.mark.parametrize(
    "args, french, english",
    [
        (
            ["21", "22", "--house", "even"],
            "la carte 21 Montagne est une carte de vie",
            "card 21 Mountain is a life card",
        ),
        (["4", "--house", "even"], "1 carte donnée\u00a0;", "1 card given;"),
        (["7", "8", "9", "10", "--house", "odd"], "4 cartes données\u00a0;", "4 cards given;"),
        (["3", "5", "--house", "even"], "3 et 5 ne se suivent pas", "3 and 5 do not follow"),
        (["11", "12", "--house", "even", "--life", "9"], "une vie de 9 est impossible", "life 9"),
        (
            ["11", "12", "--players", "4", "--seat", "2", "--house", "even"],
            "la place 2 joue la maison impaire, pas la paire",
            "seat 2 plays the odd house, not the even one",
        ),
    ],
)
def test_errors_in_both_languages_stay_one_line(args, french, english):
    for language, expected in (("fr", french), ("en", english)):
        result = _attack(*args, language=language)
        assert result.returncode == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], (language, lines)


def test_the_json_is_the_same_in_both_languages():
    args = ("15", "16", "--house", "odd", "--life", "3", "--json")
    french, english = (_attack(*args, language=lang).stdout for lang in ("fr", "en"))
    assert french == english
    data = json.loads(english)
    assert data["seed"].startswith("Même calcul des points")  # the seed's own words
    assert data["explanation"].startswith("15 Ours is a support animal of your house (odd)")


def test_the_help_speaks_the_cli_language():
    french = pnp("--lang", "fr", "territoires", "attack", "--help").stdout
    assert "Vérifier une combinaison" in french and "Nombre de joueurs" in french
    english = pnp("--lang", "en", "territoires", "attack", "--help").stdout
    assert "Check a combination" in english and "Number of players" in english


def test_sheets_lang_en_from_the_command_line(tmp_path):
    result = pnp("territoires", "sheets", "--no-deck", "--lang", "en", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(tmp_path / "territoires-summary-2p.pdf") as pdf:
        assert "Summary · 2 players" in pdf.pages[0].extract_text()
    refused = pnp("territoires", "sheets", "--lang", "de", "--out", str(tmp_path))
    assert refused.returncode == 2 and "de" in refused.stderr


def test_a_card_too_small_for_the_english_texts_is_refused_in_english_terms(tmp_path):
    result = pnp("territoires", "sheets", "--card", "44x62", "--lang", "en", "--out", str(tmp_path))
    assert result.returncode == 2
    assert "cannot fit the house line « Even · civilisation »" in result.stderr
    assert not list(tmp_path.iterdir())
