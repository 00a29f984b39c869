"""The Oucédonc deck in English (``--lang en``) and its command in the CLI's language.

The English deck is built once and read back from its PDF: rule cards, backs and the token sheet
in English, no French sentence left apart from the place names, every text inside its box (the
paragraphs refuse to overflow; a line cut with an ellipsis would show "…"). The French deck
keeps its French texts; the deck file records the language only when it is not French.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import one_line_error, pnp, pnp_process

#: Words only a French text of the deck uses (none is English; the deck's data, its place,
#: département and région names, may hold them).
FRENCH_WORDS = frozenset(
    [
        "carte",
        "cartes",
        "jeton",
        "jetons",
        "règle",
        "paquet",
        "paquets",
        "joueur",
        "joueurs",
        "chacun",
        "habitants",
        "coordonnées",
        "décompte",
        "intermédiaire",
        "doute",
        "mise",
        "pioche",
        "réserve",
        "posez",
        "piochez",
        "retourne",
        "lieu",
        "avec",
        "une",
        "les",
        "des",
        "du",
        "est",
        "et",
        "sur",
        "entre",
        "au",
        "aux",
        "près",
        "seconde",
        "ville",
        "recto",
        "verso",
    ]
)


def page_texts(pdf: Path) -> list[str]:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text.lower())


def data_words(deck: dict) -> set[str]:
    """The words of the deck's data: its place, département and région names."""
    return {
        word
        for card in deck["cards"]
        for key in ("name", "departement_name", "region_name")
        for word in words(card.get(key) or "")
    }


PAGE_LANGUAGES: list[str] = []  # the language each referee page was rendered in


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, str]:
    from generator.products import oucedonc_referee_page

    render_page = oucedonc_referee_page.render_page

    def spy(deck, *args, language="fr", **kwargs):
        PAGE_LANGUAGES.append(language)
        return render_page(deck, *args, language=language, **kwargs)

    folder = tmp_path_factory.mktemp("english")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(oucedonc_referee_page, "render_page", spy)
        result = pnp(
            "oucedonc",
            "deck",
            "--region",
            "bretagne",
            "--lang",
            "en",
            "--out",
            "en.pdf",
            cwd=folder,
        )
    assert result.returncode == 0, result.stderr
    deck = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    return folder / "en.pdf", deck, "\n".join(page_texts(folder / "en.pdf"))


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, str]:
    folder = tmp_path_factory.mktemp("french")
    result = pnp("oucedonc", "deck", "--region", "bretagne", "--out", "fr.pdf", cwd=folder)
    assert result.returncode == 0, result.stderr
    deck = json.loads((folder / "fr.json").read_text(encoding="utf-8"))
    return folder / "fr.pdf", deck, "\n".join(page_texts(folder / "fr.pdf"))


def test_the_english_rule_cards_are_in_english(english):
    _, _, text = english
    flat = " ".join(text.split())
    for title in ("Set-up", "A turn", "Doubt", "The count", "End of the game"):
        assert title in text
    for sentence in (
        "Shuffle the Place cards, name side up.",
        "The player with the most tokens wins.",
        "Both cards are turned back to their name side.",
        "Coordinates to the nearest arc-",
        "So, where is it? Keep your bearings!",
        "Rule 1 / 6",
        "35 tokens",
        "INTERIM COUNT",
    ):
        assert sentence in flat, sentence


def test_the_english_backs_print_inhabitants_west_and_decimal_points(english):
    _, deck, text = english
    assert re.search(r"\b\d{1,3}(?:,\d{3})+ inhabitants\b", text)  # 222,485 inhabitants
    assert not re.search(r"\bhabitants\b", text)
    west = next(card for card in deck["cards"] if card.get("lon_units", 0) < 0)
    printed = west["lon_text"].replace(" O", " W")
    assert printed in text and west["lon_text"] not in text
    assert re.search(r"\b\d+\.\d{4}° · −\d+\.\d{4}°", text)  # 48.1114° · −1.6794°


def test_no_french_is_left_in_the_english_deck_but_the_names(english):
    _, deck, text = english
    left = (set(words(text)) & FRENCH_WORDS) - data_words(deck)
    assert not left, sorted(left)
    assert "…" not in text  # no line cut to fit


def test_the_english_deck_names_its_language_and_keeps_the_rest_neutral(english, french):
    _, deck, _ = english
    _, french_deck, _ = french
    assert deck["params"]["language"] == "en" and "language" not in french_deck["params"]
    assert deck["title"] == "Oucédonc in Bretagne"
    assert french_deck["title"] == "Oucédonc en Bretagne"
    # the same places and coordinates; the ids follow the alphabetical order of the names,
    # which may differ between the languages ("Alignements de Carnac", "Carnac stones")
    neutral = ("kind", "lat_units", "lon_units", "lat_text", "lon_text", "source_id")

    def records(cards: list[dict]) -> list[tuple]:
        return sorted(tuple(str(card.get(key)) for key in neutral) for card in cards)

    assert records(deck["cards"]) == records(french_deck["cards"])


def test_the_french_deck_stays_french(french):
    _, _, text = french
    flat = " ".join(text.split())
    assert "habitants" in text and "inhabitants" not in text
    for sentence in ("Mise en place", "Le doute", "Mélangez les cartes Lieu, côté nom visible."):
        assert sentence in flat


def test_the_referee_page_is_written_in_the_decks_language(english):
    pdf, _, _ = english
    assert PAGE_LANGUAGES == ["en"]
    assert "Oucédonc in Bretagne" in pdf.with_name("en-referee.html").read_text(encoding="utf-8")


def test_the_pdf_metadata_is_english(english):
    import pypdfium2

    document = pypdfium2.PdfDocument(english[0])
    try:
        metadata = document.get_metadata_dict()
    finally:
        document.close()
    assert metadata["Title"] == "Oucédonc in Bretagne"
    assert metadata["Subject"] == "Oucédonc (so, where is it?): cards to print double-sided"


def test_a_country_deck_names_the_country_in_its_language():
    from generator.geo.regions import resolve_region
    from generator.products.oucedonc_places import region_info
    from generator.render.card_templates import load_templates
    from generator.render.oucedonc.texts import render_title

    selection = resolve_region("IT")
    for language, name in (("fr", "Italie"), ("en", "Italy")):
        region = region_info(selection, "IT", language)
        title = render_title(
            load_templates("oucedonc", language=language), region.name, region.kind
        )
        assert (region.name, title) == (name, f"Oucédonc · {name}")
    bretagne = region_info(resolve_region("bretagne"), "bretagne", "en")
    assert bretagne.name == "Bretagne"  # France's régions keep their French names


def test_an_unknown_material_language_is_one_line(tmp_path):
    result = pnp("oucedonc", "deck", "--lang", "xx", "--out", str(tmp_path / "d.pdf"))
    one_line_error(result, "xx")
    assert not list(tmp_path.iterdir())


def test_a_name_with_an_apostrophe_prints_as_typed_in_a_trans_block(tmp_path):
    from generator.render.card_templates import load_templates
    from generator.render.oucedonc.texts import render_title

    for language, expected in (
        ("fr", "Oucédonc en Provence-Alpes-Côte d'Azur"),
        ("en", "Oucédonc in Provence-Alpes-Côte d'Azur"),
    ):
        templates = load_templates("oucedonc", language=language)
        assert render_title(templates, "Provence-Alpes-Côte d'Azur", "region") == expected


# --------------------------------------------------------------------------- the command's words

ENGLISH_WORDS = frozenset(
    ["wrote", "place", "cards", "other", "coordinates", "nearest", "referee", "phone"]
)
FRENCH_CLI_WORDS = frozenset(
    ["écrit", "cartes", "autres", "coordonnées", "près", "arbitre", "téléphone"]
)


@pytest.fixture(scope="module")
def spoken(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """``pnp oucedonc deck --region bretagne`` run under a French and an English locale."""
    out = {}
    for language, locale in (("fr", "fr_FR.UTF-8"), ("en", "en_US.UTF-8")):
        folder = tmp_path_factory.mktemp(f"spoken-{language}")
        env = {"LANG": locale, "LC_ALL": "", "LC_MESSAGES": "", "PNP_LANG": "", "LANGUAGE": ""}
        ran = pnp_process("oucedonc", "deck", "--region", "bretagne", cwd=folder, env=env)
        assert ran.returncode == 0 and not ran.stderr, ran.stderr
        out[language] = ran.stdout
    return out


def without_paths(text: str) -> str:
    """The words of the lines, the files' names (data) taken out."""
    return re.sub(r"\S*output/\S*", " ", text)


@pytest.mark.slow
def test_a_french_locale_prints_only_french(spoken):
    text = spoken["fr"]
    lines = text.splitlines()
    assert lines[0].startswith("Oucédonc en Bretagne\u00a0: 63 cartes Lieu + 9 autres cartes, ")
    assert "coordonnées à la " in lines[0]
    assert all(line.startswith(("Oucédonc", "écrit\u00a0: ")) for line in lines), text
    assert not set(words(without_paths(text))) & ENGLISH_WORDS, text


@pytest.mark.slow
def test_an_english_locale_prints_only_english(spoken):
    text = spoken["en"]
    lines = text.splitlines()
    assert lines[0].startswith("Oucédonc en Bretagne: 63 place cards + 9 other cards, 18 pages")
    assert "coordinates to the nearest arc-" in lines[0]
    assert all(line.startswith(("Oucédonc", "wrote ")) for line in lines), text
    assert not set(words(without_paths(text))) & FRENCH_CLI_WORDS, text


def test_pnp_places_speaks_french_with_french_numbers():
    result = pnp(
        "--lang", "fr", "places", "--region", "bretagne", "--kind", "towns", "--limit", "3"
    )
    assert result.returncode == 0, result.stderr
    assert "Bretagne" in result.stdout and "\u00a0: 3 lieux" in result.stdout
    assert re.search(r"\d{3}\u202f\d{3}", result.stdout)  # 230 890
    assert re.search(r"48,\d{4}", result.stdout) and "Nom" in result.stdout


def test_pnp_places_names_the_kinds_in_the_clis_language_and_keeps_codes_in_json():
    french = pnp("--lang", "fr", "places", "--region", "bretagne", "--limit", "6")
    english = pnp("--lang", "en", "places", "--region", "bretagne", "--limit", "6")
    assert re.search(r"Rennes +ville ", french.stdout), french.stdout
    assert re.search(r"Rennes +town ", english.stdout), english.stdout
    assert "Dép." in french.stdout and "Dept" in english.stdout
    data = pnp("--lang", "fr", "places", "--region", "bretagne", "--limit", "2", "--format", "json")
    assert {record["kind"] for record in json.loads(data.stdout)} <= {"town", "site"}


def test_pnp_places_speaks_english_with_english_numbers():
    result = pnp(
        "--lang", "en", "places", "--region", "bretagne", "--kind", "towns", "--limit", "3"
    )
    assert result.returncode == 0, result.stderr
    assert ": 3 places" in result.stdout and re.search(r"\d{3},\d{3}", result.stdout)
    assert re.search(r"48\.\d{4}", result.stdout) and "Name" in result.stdout


def test_pnp_places_deck_prints_west_as_the_cli_speaks():
    common = ("places", "--region", "bretagne", "--count", "50", "--seed", "7")
    french = pnp("--lang", "fr", *common)
    english = pnp("--lang", "en", *common)
    # the deck prints minutes (′) or seconds (″), whichever the region allows; west is O or W
    assert re.search(r"[′″] O\b", french.stdout) and not re.search(r"[′″] W\b", french.stdout)
    assert re.search(r"[′″] W\b", english.stdout) and not re.search(r"[′″] O\b", english.stdout)
    assert "Choisi parmi" in french.stdout and "Chosen among" in english.stdout


def test_the_deck_options_errors_speak_french():
    result = pnp("--lang", "fr", "oucedonc", "deck", "--sites-share", "2")
    one_line_error(result, "part des sites 2 hors limites")


def test_a_deck_file_without_a_language_is_french_and_a_strange_one_is_refused(english, french):
    from generator.core.refusal import Refusal
    from generator.games.oucedonc.deckfile import deck_from_json

    english_pdf, english_deck, _ = english
    french_pdf, _, _ = french
    read = deck_from_json(english_pdf.with_suffix(".json").read_text(encoding="utf-8"))
    assert read.language == "en"
    assert deck_from_json(french_pdf.with_suffix(".json").read_text()).language == "fr"
    strange = dict(english_deck, params=dict(english_deck["params"], language="de"))
    with pytest.raises(Refusal, match="language"):
        deck_from_json(json.dumps(strange))


def test_a_card_text_too_long_for_its_card_is_refused_not_printed(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    long_text = " ".join(["Un joueur doute de la carte posée et la retourne."] * 60)
    (folder / "rule_doubt.j2").write_text(f"## title\nLe doute\n## body\n{long_text}\n")
    result = pnp(
        "--lang",
        "en",
        "oucedonc",
        "deck",
        "--region",
        "bretagne",
        "--templates",
        str(folder),
        "--out",
        str(tmp_path / "d.pdf"),
    )
    one_line_error(result, "does not fit its box")
    assert "Un joueur doute" in result.stderr
    assert not (tmp_path / "d.pdf").exists()


def test_every_data_credit_has_its_english_line():
    from generator.core.i18n import P_
    from generator.geo.catalog import _EMBEDDED_CREDITS
    from generator.geo.sources import ATTRIBUTIONS

    for credit in (*ATTRIBUTIONS.values(), *(text for _, text in _EMBEDDED_CREDITS)):
        english = P_("en", credit)
        assert english != credit and " : " not in english, credit
