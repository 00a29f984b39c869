"""The kit in French and in English: the same material, only the words differ.

One French and one English kit are built once for the module (``pnp kit`` and ``pnp kit --lang
en``, every component, the home profile), then compared file by file and page by page:

* the same files, PDFs of the same pages with the same page boxes (MediaBox, TrimBox,
  BleedBox) and the same drawing: every path and image of every page (into the form XObjects),
  at the same place, rounded to a tenth of a point. Only the text objects may differ;
* no English text runs out of its page: a text object of the page lies inside its trim box,
  or wholly in the margin outside it (a sheet's credit line), never across the trim edge, never
  off the page; no English line is cut short with an ellipsis where the French is not;
* the text fitting refuses what does not fit (:func:`generator.render.draw.fit_text.fit_text`
  raises), so a build that succeeds printed nothing too long for it;
* the English kit has no French sentence left: no French function word, no sentence of the
  printed material's catalog verbatim, once the place names (data, never translated) and the
  games' French titles are masked; its gallery says ``<html lang="en">``.

The French kit is the one ``make kit`` builds, byte for byte as before this work
(``scripts/output_hashes.py --compare``, run by hand against main: a test cannot see main).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.core.errors import UserError
from generator.kit.model import KitParams
from generator.kit.run import make_kit
from tests.product_helpers import named_in
from tests.type_sizes import char_size, unread_small

LANGUAGES = ("fr", "en")
ROUND = 1  # decimals of a point: geometry compared to a tenth of a point
EDGE = 0.5  # points a text's box may pass the trim edge by (glyph boxes are the font's)

# Words that are French and not English: one of them in the English material is French left.
FRENCH_WORDS = frozenset(
    {
        "le",
        "la",
        "les",
        "des",
        "du",
        "une",
        "un",
        "et",
        "est",
        "avec",
        "dans",
        "sur",
        "qui",
        "que",
        "pas",
        "vous",
        "votre",
        "vos",
        "aux",
        "au",
        "où",
        "chaque",
        "joueur",
        "joueurs",
        "joueuse",
        "cartes",
        "carte",
        "jetons",
        "jeton",
        "règle",
        "règles",
        "dés",
        "lancez",
        "lancer",
        "tirez",
        "gagne",
        "perd",
        "partie",
        "manche",
        "feuille",
        "feuilles",
        "imprimez",
        "coupez",
        "pliez",
        "collez",
        "retournement",
        "équipe",
        "équipes",
    }
)
# The games keep their French titles in English material (docs/i18n.md); names of sources are
# names too.
KEPT_FRENCH = (
    "Jeu de l'Oie",
    "Jeu de l’Oie",
    "Les territoires",
    "Oucédonc",
    "Pronostiques",
    "Neo Otcho",
    "Code officiel géographique",
    "populations légales",
    "Licence Ouverte",
    "Le Jeu de l'Oie",
    "Le Jeu de l’Oie",
)


def _build(out: Path, language: str) -> Path:
    outcome = make_kit(KitParams(out=out, language=language), jobs=2)
    assert not outcome.result.failures, outcome.result.failures
    return out


# The two whole kits take about 5 s of CPU (their pool workers included): the tests that read
# them are heavy by nature (tests/README.md); the module's other tests are not.
WHOLE_KITS = pytest.mark.slow


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("kits")
    return {language: _build(root / language, language) for language in LANGUAGES}


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def _pdfs(folder: Path) -> list[str]:
    return [name for name in _files(folder) if name.endswith(".pdf")]


# ---------------------------------------------------------------- the same material


@WHOLE_KITS
def test_the_two_kits_have_the_same_files(kits):
    """The same files, each named in its kit's language (Les territoires' names change)."""
    assert sorted(named_in(name, "en") for name in _files(kits["fr"])) == _files(kits["en"])
    assert "territoires-life-2p.pdf" in _files(kits["en"])
    assert len(_pdfs(kits["fr"])) >= 20


@WHOLE_KITS
def test_the_manifests_differ_only_by_language_and_words(kits):
    """The manifest's keys, codes, pages and sheets are the same; its language is the kit's."""
    fr, en = (json.loads((kits[lang] / "manifest.json").read_text("utf-8")) for lang in LANGUAGES)
    assert fr["parameters"].pop("language") == "fr" and en["parameters"].pop("language") == "en"
    assert fr["parameters"] == en["parameters"]
    assert fr["components"] == en["components"]  # names, games, statuses: language-neutral
    neutral = ("path", "component", "pages", "sheets", "duplex", "paper_sheets", "print_at")
    english_files = {entry["path"]: entry for entry in en["files"]}
    for french in fr["files"]:
        english = english_files[named_in(french["path"], "en")]
        french = {**french, "path": named_in(french["path"], "en")}
        assert french.keys() == english.keys()
        assert {k: french.get(k) for k in neutral} == {k: english.get(k) for k in neutral}


def _boxes(page) -> tuple:
    return tuple(
        tuple(round(value, ROUND) for value in box)
        for box in (page.get_mediabox(), page.get_trimbox(), page.get_bleedbox())
    )


def _drawing(page) -> Counter:
    """Every path and image of the page, into its forms: (kind, depth, bounds), rounded."""
    import pypdfium2.raw as raw

    kinds = {raw.FPDF_PAGEOBJ_PATH: "path", raw.FPDF_PAGEOBJ_IMAGE: "image"}
    return Counter(
        (kinds[obj.type], obj.level, tuple(round(v, ROUND) for v in obj.get_bounds()))
        for obj in page.get_objects(max_depth=8)
        if obj.type in kinds
    )


def _counts(drawing: Counter) -> Counter:
    """How many shapes of each kind at each depth (forms in forms) the page draws."""
    counts: Counter = Counter()
    for (kind, level, _), count in drawing.items():
        counts[kind, level] += count
    return counts


# Pages whose drawing flows with their text: the Oie rules panel's pictograms follow their
# paragraphs at the panel's fitted text size, the Pronostiques odds chart sits below the rules.
# There the shapes may move and scale with the text; they must still all be there.
FLOWING = {
    "oie-board.pdf": "the rules panel's pictograms follow their paragraphs",
    "oie-board-france.pdf": "the rules panel's pictograms follow their paragraphs",
    "oie-poster.pdf": "page 1, the assembly plan, shows the board's rules panel",
    "pronostiques-rules-aid.pdf": "the odds chart follows the rules above it",
}


# Documents whose cards follow each language's alphabet: an English deck is ordered and numbered
# by its English names (Eiffel Tower under E), so a card sits elsewhere on the sheets; the whole
# document must still draw the same shapes.
REORDERED = {
    "oucedonc.pdf": "the place cards in the alphabetical order of the deck's language",
}


def _open(path: Path):
    import pypdfium2 as pdfium

    return pdfium.PdfDocument(str(path))


def _pages(kits):
    """Every PDF page of the kit in French and English, side by side."""
    for name in _pdfs(kits["fr"]):
        french, english = _open(kits["fr"] / name), _open(kits["en"] / named_in(name, "en"))
        try:
            assert len(french) == len(english), f"{name}: {len(french)} pages, {len(english)}"
            for index in range(len(french)):
                yield name, index + 1, french[index], english[index]
        finally:
            french.close()
            english.close()


def _difference(french: Counter, english: Counter) -> str:
    only_fr, only_en = french - english, english - french
    return (
        f"{sum(only_fr.values())} shapes only in French, {sum(only_en.values())} only in English "
        f"(e.g. {sorted(only_fr)[:2]} / {sorted(only_en)[:2]})"
    )


@WHOLE_KITS
def test_every_pdf_has_the_same_pages_boxes_and_drawing_in_both_languages(kits):
    """The same pages and page boxes; every path and image at the same place and size, to a
    tenth of a point (a missing, extra, moved or resized box is a difference), except on the
    pages whose drawing flows with their text (:data:`FLOWING`, named one by one), where the
    same shapes must still all be there."""
    differences = []
    reordered: dict[str, tuple[Counter, Counter]] = {}
    for name, page, fr_page, en_page in _pages(kits):
        assert _boxes(fr_page) == _boxes(en_page), f"{name} page {page}"
        french, english = _drawing(fr_page), _drawing(en_page)
        if Path(name).name in REORDERED:
            totals = reordered.setdefault(name, (Counter(), Counter()))
            totals[0].update(_counts(french))
            totals[1].update(_counts(english))
            continue
        if Path(name).name in FLOWING:
            french, english = _counts(french), _counts(english)
        if french != english:
            differences.append(f"{name} page {page}: {_difference(french, english)}")
    for name, (french, english) in reordered.items():
        if french != english:
            differences.append(f"{name}: {_difference(french, english)}")
    assert not differences, "\n".join(differences)


# ---------------------------------------------------------------- no overflow


def _text_objects(page):
    """The page's own text objects (outside forms, whose boxes are in the form's space), each
    with its bounds and its text."""
    import pypdfium2.raw as raw

    text_page = page.get_textpage()
    for obj in page.get_objects(max_depth=0):
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            left, bottom, right, top = obj.get_bounds()
            yield (left, bottom, right, top), text_page.get_text_bounded(left, bottom, right, top)


def _inside(bounds, box) -> bool:
    left, bottom, right, top = bounds
    x0, y0, x1, y1 = box
    return left >= x0 - EDGE and bottom >= y0 - EDGE and right <= x1 + EDGE and top <= y1 + EDGE


def _crosses(bounds, box) -> bool:
    """``bounds`` neither inside ``box`` nor wholly outside it: a text across the box's edge."""
    left, bottom, right, top = bounds
    x0, y0, x1, y1 = box
    outside = right <= x0 + EDGE or left >= x1 - EDGE or top <= y0 + EDGE or bottom >= y1 - EDGE
    return not _inside(bounds, box) and not outside


@WHOLE_KITS
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_crosses_the_trim_edge_or_leaves_the_page(kits, language):
    problems = []
    for name in _pdfs(kits[language]):
        document = _open(kits[language] / name)
        try:
            for index in range(len(document)):
                page = document[index]
                trim, media = page.get_trimbox(), page.get_mediabox()
                for bounds, text in _text_objects(page):
                    where = f"{name} page {index + 1} {[round(v) for v in bounds]} {text!r}"
                    if _crosses(bounds, trim):
                        problems.append(f"across the trim edge: {where}")
                    if not _inside(bounds, media):
                        problems.append(f"off the page: {where}")
        finally:
            document.close()
    assert not problems, "\n".join(problems[:40])


def _page_texts(folder: Path) -> dict[tuple[str, int], str]:
    texts = {}
    for name in _pdfs(folder):
        document = _open(folder / name)
        try:
            for index in range(len(document)):
                texts[name, index + 1] = document[index].get_textpage().get_text_range()
        finally:
            document.close()
    return texts


@pytest.fixture(scope="module")
def texts(kits) -> dict[str, dict[tuple[str, int], str]]:
    return {language: _page_texts(kits[language]) for language in LANGUAGES}


def _french(where: tuple[str, int]) -> tuple[str, int]:
    """An English kit's (file, page) as the French kit names it."""
    return (named_in(where[0], "fr", source="en"), where[1])


@WHOLE_KITS
def test_no_english_line_is_cut_short_where_the_french_is_not(texts):
    """A line still too long at the smallest size is cut with an ellipsis
    (:func:`generator.render.oucedonc.cards.centred_line`): English must not need it more."""
    cut = [
        f"{where[0]} page {where[1]}: {text.count('…')} ellipses, "
        f"French {texts['fr'][_french(where)].count('…')}"
        for where, text in texts["en"].items()
        if text.count("…") > texts["fr"][_french(where)].count("…")
    ]
    assert not cut, "\n".join(cut)


def test_the_text_fitting_refuses_a_text_that_does_not_fit():
    """A build that succeeds fitted every place name: what does not fit raises, it is never
    printed past its box."""
    from generator.render.draw.fit_text import fit_text
    from generator.render.fonts import register_fonts

    font = register_fonts().condensed_bold
    fitted = fit_text("Saint-Rémy-de-Provence", font, 60, 40, max_size=20)
    assert fitted.size >= 6.0 and len(fitted.lines) >= 2
    with pytest.raises(UserError, match="too long to print"):
        fit_text("Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", font, 60, 40, 20)


# ---------------------------------------------------------------- no French left


def _place_names(folder: Path) -> list[str]:
    """The names the data gives (never translated): the deck's places, their départements and
    régions (a card's back names them: "Manche", "Pays de la Loire")."""
    deck = json.loads((folder / "oucedonc" / "oucedonc.json").read_text(encoding="utf-8"))
    places = [card for card in deck["cards"] if card.get("kind") == "place"]
    assert len(places) >= 50, "the deck file's place cards (a changed deck file format?)"
    fields = ("name", "departement_name", "region_name")
    names = {card[field] for card in places for field in fields if card.get(field)}
    return sorted(names, key=len, reverse=True)


def _name_pattern(name: str) -> str:
    """``name`` as printed, wherever a card broke it into lines: after a hyphen or an
    apostrophe (PDFium reads a hyphen that ends a line as U+FFFE), or at a space."""
    pieces = re.split(r"(\s+|[-'’])", name)
    return "".join(
        r"\s+"
        if piece.isspace()
        else re.escape(piece) + r"\s*"
        if piece in "-'’"
        else re.escape(piece)
        for piece in pieces
        if piece
    )


def _masked(text: str, names: list[str]) -> str:
    """``text`` on one line, with the names it may print in French (data, titles) blanked."""
    text = text.replace("\ufffe", "-").replace("\u00a0", " ").replace("\u202f", " ")
    text = " ".join(text.split())
    for name in sorted((*KEPT_FRENCH, *names), key=len, reverse=True):
        text = re.sub(_name_pattern(name), " ", text)
    return text


def _french_sentences() -> list[str]:
    """The printed material's French messages that English translates differently: the longest
    literal piece of each (a placeholder or a tag cuts it), when it is a phrase."""
    from babel.messages.pofile import read_po

    from generator.core.resources import package_folder

    po = package_folder("locale") / "en" / "LC_MESSAGES" / "material.po"
    with po.open("rb") as stream:
        catalog = read_po(stream)
    pieces = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for msgid in ids:
            if not msgid or msgid in strings:
                continue
            literal = re.split(r"\{[^}]*\}|%\([^)]*\)s|<[^>]*>|%%", msgid)
            piece = max((" ".join(p.replace("\u00a0", " ").split()) for p in literal), key=len)
            if len(piece) >= 16 and " " in piece:
                pieces.append(piece)
    return sorted(set(pieces))


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0
        self.lang = ""

    def handle_starttag(self, tag, attrs):
        if tag == "html":
            self.lang = dict(attrs).get("lang", "")
        if tag in ("style", "script"):
            self.skip += 1
        for key, value in attrs:
            if key in ("alt", "title", "aria-label", "data-missing") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def _html_text(path: Path) -> tuple[str, str]:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.lang, " ".join(parser.parts)


def _french_in(text: str, sentences: list[str]) -> list[str]:
    words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿœŒ’']+", text)}
    found = sorted(FRENCH_WORDS & words)
    found += [f"«{sentence}»" for sentence in sentences if sentence in text]
    return found


# The kit's material by game (the files whose names start so): one test each, so that each
# game's English is seen on its own.
PARTS = {
    "oucedonc-deck": ("oucedonc/oucedonc.pdf",),
    "oucedonc-referee-page": ("oucedonc/oucedonc-referee.html",),
    "oie": ("oie-",),
    "territoires": ("territoires-",),
    "otcho": ("otcho-",),
    "pronostiques": ("pronostiques-",),
    "calibration": ("calibration-",),
    "gallery": ("index.html",),
}


@pytest.fixture(scope="module")
def english_words(kits, texts) -> dict[str, str]:
    """Every text of the English kit by file (PDF pages, then the two web pages), masked."""
    names = _place_names(kits["en"])
    words = {
        f"{name} page {page}": _masked(text, names)
        for (name, page), text in sorted(texts["en"].items())
    }
    for html in ("index.html", "oucedonc/oucedonc-referee.html"):
        words[html] = _masked(_html_text(kits["en"] / html)[1], names)
    return words


@WHOLE_KITS
@pytest.mark.parametrize("part", PARTS)
def test_the_english_kit_has_no_french_sentence(english_words, part):
    sentences = _french_sentences()
    mine = {where: text for where, text in english_words.items() if where.startswith(PARTS[part])}
    assert mine, f"no file of {part} in the kit"
    french = [
        f"{where}: {', '.join(found[:8])}"
        for where, text in mine.items()
        if (found := _french_in(text, sentences))
    ]
    assert not french, f"French left in the English {part}:\n" + "\n".join(french)


@WHOLE_KITS
def test_the_french_test_sees_french(kits, texts):
    """The detector itself: it finds French in the French kit, page after page."""
    names = _place_names(kits["fr"])
    sentences = _french_sentences()
    assert sentences, "the material catalog has French sentences translated into English"
    pages = [
        where for where, text in texts["fr"].items() if _french_in(_masked(text, names), sentences)
    ]
    assert len(pages) >= len(texts["fr"]) // 2
    _, gallery = _html_text(kits["fr"] / "index.html")
    assert _french_in(_masked(gallery, names), sentences)


@WHOLE_KITS
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_gallery_says_its_language(kits, language):
    lang, text = _html_text(kits[language] / "index.html")
    assert lang == language
    heading, subtitle = {
        "fr": ("Avant d’imprimer", None),
        "en": ("Before you print", "the Game of the Goose"),
    }[language]
    assert heading in text
    assert "Jeu de l'Oie" in text  # the title stays French
    if subtitle:
        assert subtitle in text
    else:
        assert "Game of the Goose" not in text


# ---------------------------------------------------------------- the command line


def _run_cli(monkeypatch, *args: str) -> int:
    """``pnp ARGS`` in this process, on the sample components; the language it sets is undone."""
    import contextvars
    import os

    from generator.cli.main import run
    from tests.kit_sample_builders import CARDS, POSTER

    monkeypatch.setattr("generator.kit.components.COMPONENTS", (CARDS, POSTER))
    monkeypatch.setenv("LANGUAGE", os.environ.get("LANGUAGE", ""))  # the CLI sets it: restored

    def invoke() -> int:
        try:
            run(list(args))
        except SystemExit as exit_info:
            return int(exit_info.code or 0)
        return 0

    return contextvars.copy_context().run(invoke)


@pytest.mark.parametrize(
    ("cli", "material", "said", "header"),
    [
        ("fr", "en", "éléments construits\u00a0: 2 sur 2, 3 fichiers\u00a0; ouvrez", "fichier"),
        ("en", "fr", "2 of 2 components built, 3 files; open", "file"),
    ],
)
def test_the_command_line_speaks_its_language_and_prints_the_kits(
    tmp_path, monkeypatch, capsys, cli, material, said, header
):
    out = tmp_path / "out"
    code = _run_cli(monkeypatch, "--lang", cli, "kit", "--out", str(out), "--lang", material)
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert said in printed.out
    assert printed.out.split()[0] == header and ("ko" in printed.out) == (cli == "fr")
    lang, _ = _html_text(out / "index.html")
    assert lang == material
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["parameters"]["language"] == material


def test_a_language_the_kit_does_not_print_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    assert _run_cli(monkeypatch, "--lang", "en", "kit", "--out", str(out), "--lang", "de") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "de is not a language of the material: use fr or en" in err[0]
    assert not out.exists()
    with pytest.raises(UserError, match="unknown kit language 'de'"):
        make_kit(KitParams(out=out, language="de"))  # type: ignore[arg-type]


# --- type: sizes, families, place names (issue 30) -------------------------------------------

#: The decks of cards: their running text is read at arm's length, at 7 pt or more.
DECKS = ("oucedonc/oucedonc.pdf", "territoires-jeu-lenormand.pdf", "pronostiques-cards.pdf")


_char_size = char_size  # a glyph turned a quarter: its size is the box's width (type_sizes)


def _sized_chars(path: Path) -> list[tuple[float, str, str]]:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return [
            (_char_size(c), c["text"], c["fontname"].split("+")[-1])
            for page in pdf.pages
            for c in page.chars
            if not c["text"].isspace()
        ]


@WHOLE_KITS
@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_on_any_page_is_under_6_pt_even_read_naively(kits, language):
    """pdfplumber's own ``size`` of a glyph turned a quarter is its advance: read that way too
    (as a simple check of the file would), nothing is under 6 pt; small type is never turned."""
    import pdfplumber

    for name in _pdfs(kits[language]):
        with pdfplumber.open(kits[language] / name) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                small = [
                    c["text"] for c in page.chars if min(c["size"], _char_size(c)) < 6.0 - 0.01
                ]
                assert not small, (name, number, "".join(small)[:60])


@WHOLE_KITS
@pytest.mark.parametrize("language", LANGUAGES)
def test_what_a_player_reads_is_7_pt_or_more_on_every_page(kits, language):
    """Under 7 pt only credits, licences and marks (tests/type_sizes.py), never under 6 pt: the
    Oie boards' names, the score pad's heads, the trackers' ranks were 5.5 to 6.8 pt."""
    small = {name: unread_small(kits[language] / name) for name in _pdfs(kits[language])}
    assert not any(small.values()), {name: lines[:5] for name, lines in small.items() if lines}


@WHOLE_KITS
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("deck", DECKS)
def test_a_deck_prints_at_most_a_tenth_of_its_characters_under_7_pt(kits, language, deck):
    sizes = [size for size, _, _ in _sized_chars(kits[language] / named_in(deck, language))]
    under = sum(size < 7.0 - 0.01 for size in sizes)
    assert sizes and under / len(sizes) <= 0.10, (deck, under, len(sizes))


@WHOLE_KITS
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_material_is_set_in_a_display_face_and_a_text_face(kits, language):
    families = {
        re.sub(r"(Condensed)?-.*$", "", font)
        for name in _pdfs(kits[language])
        for _, _, font in _sized_chars(kits[language] / name)
    }
    assert {"Fraunces", "FiraSans"} <= families, families
    assert not {family for family in families if family.startswith("DejaVu")}  # no fallback


@WHOLE_KITS
def test_the_place_names_come_in_three_sizes_at_most(kits):
    import pdfplumber

    with pdfplumber.open(kits["fr"] / "oucedonc" / "oucedonc.pdf") as pdf:
        sizes = {
            round(c["size"], 1)
            for page in pdf.pages[0:14:2]  # the fronts of the 63 places (7 sheets)
            for c in page.chars
            if c["fontname"].endswith("Fraunces-Bold")
        }
    assert 1 <= len(sizes) <= 3, sizes
