"""The Oucédonc referee speaks the command line's language, French or English, and only it:
`verify`, the one-shot game commands, the board, the `play` session (prompts, help, messages,
candidate lists, the end of the game); numbers and plurals as each language writes them
("0 jeton", "0 tokens"); and its JSON (the game file, `verify --json`, `game show --json`) is
the same in both.

Every run goes through the CLI's real language choice (the locale: ``LANG``), inside
:func:`speaking`, so a French run leaves the rest of the suite in English.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from generator.core.i18n import speaking
from generator.games.oucedonc.compare import Direction
from tests.referee_fixtures import PLACES, Result, deck_json, pnp
from tests.referee_language import assert_speaks

LOCALES = {"fr": "fr_FR.UTF-8", "en": "en_US.UTF-8"}
DATA = [name for name, *_ in PLACES] + [f"P{i:02d}" for i in range(1, len(PLACES) + 1)]
DATA += ["Oucédonc en France (test)", "Ana", "Ben", "Chloé", "Intermède"]


def run(language: str, *args: str, stdin: str | None = None, **kwargs) -> Result:
    """``pnp ARGS`` with the locale of ``language`` (no PNP_LANG), the language restored after."""
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": LOCALES[language], "COLUMNS": "80"}
    with speaking("en"), pytest.MonkeyPatch.context() as patch:
        if stdin is not None:
            patch.setattr("sys.stdin", io.StringIO(stdin))
        return pnp(*args, env=env, own_pnp_env=True, **kwargs)


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("deck") / "deck.json"
    path.write_text(deck_json(packs=2, pack_size=3), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- verify


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (
            ("Brest", "west-of", "Rennes"),
            "OUI\u00a0: Brest est à l’ouest de Rennes",
            "YES: Brest is west of Rennes",
        ),
        (
            ("Brest", "west-of", "Orléans"),
            "OUI\u00a0: Brest est à l’ouest d’Orléans",
            "YES: Brest is west of Orléans",
        ),
        (
            ("Paris", "north-of", "Le Havre"),
            "NON\u00a0: Paris n’est pas au nord du Havre",
            "NO: Paris is not north of Le Havre",
        ),
    ],
)
def test_verify_says_its_verdict_in_the_cli_language(
    deck: Path, args: tuple[str, ...], french: str, english: str
) -> None:
    said = {lang: run(lang, "oucedonc", "verify", *args, "--deck", str(deck)) for lang in LOCALES}
    assert said["fr"].returncode == said["en"].returncode == 0
    assert said["fr"].stdout.splitlines()[0] == french
    assert said["en"].stdout.splitlines()[0] == english
    assert "d’écart en" in said["fr"].stdout and " apart, " in said["en"].stdout
    for lang, result in said.items():
        assert_speaks(lang, result.stdout, DATA)
    as_json = {
        lang: run(lang, "oucedonc", "verify", *args, "--deck", str(deck), "--json").stdout
        for lang in LOCALES
    }
    assert as_json["fr"] == as_json["en"] and '"correct"' in as_json["fr"]


def test_decimals_are_written_as_each_language_writes_them(deck: Path) -> None:
    """Brest–Strasbourg: 12°14′ of longitude; the kilometres with one decimal."""
    fr = run("fr", "oucedonc", "verify", "Brest", "west-of", "Strasbourg", "--precision", "second")
    en = run("en", "oucedonc", "verify", "Brest", "west-of", "Strasbourg", "--precision", "second")
    assert fr.returncode == en.returncode == 0, fr.stderr + en.stderr
    gap_fr, gap_en = fr.stdout.splitlines()[-1], en.stdout.splitlines()[-1]
    assert "," in gap_fr.split("km")[0] and "." not in gap_fr
    assert "." in gap_en.split("km")[0] and gap_en.replace(".", ",") == gap_fr.replace(
        "d’écart en longitude", "of longitude apart"
    ).replace("\u00a0", " ")


def test_errors_are_one_line_in_the_cli_language(deck: Path) -> None:
    fr = run("fr", "oucedonc", "verify", "Brest", "upwards", "Rennes", "--deck", str(deck))
    en = run("en", "oucedonc", "verify", "Brest", "upwards", "Rennes", "--deck", str(deck))
    assert fr.returncode == en.returncode == 2
    assert "direction inconnue 'upwards'" in fr.stderr and len(fr.stderr.splitlines()) == 1
    assert "unknown direction 'upwards'" in en.stderr and len(en.stderr.splitlines()) == 1


# --------------------------------------------------------------------------- the game file


MOVES: tuple[tuple[str, ...], ...] = (
    ("place", "brest", "--north-of", "lyon"),
    ("doubt", "--by", "ben", "--neighbour", "lyon"),
    ("place", "nice", "--east-of", "lyon"),
    ("place", "le havre", "--west-of", "lyon"),
    ("count", "--estimate", "ana=1", "--estimate", "ben=0", "--next-start", "paris"),
    ("place", "evreux", "--south-of", "paris"),
    ("undo",),
    ("place", "evreux", "--north-of", "paris"),
    ("place", "orleans", "--between", "paris", "evreux"),
    ("intermede",),
    ("count", "--estimate", "ana=0", "--estimate", "ben=2"),
)


def play_one_shot(language: str, folder: Path, deck: Path) -> tuple[Path, str]:
    game = folder / f"partie-{language}.json"
    new = run(
        language, "oucedonc", "game", "new", str(game), "--deck", str(deck),
        "--players", "Ana,Ben", "--start", "Lyon",
    )  # fmt: skip
    assert new.returncode == 0, new.stderr
    said = [new.stdout]
    for move in MOVES:
        result = run(language, "oucedonc", "game", move[0], str(game), *move[1:])
        assert result.returncode == 0, (move, result.stderr)
        said.append(result.stdout)
    return game, "\n".join(said)


def test_the_game_file_is_the_same_whatever_the_language(deck: Path, tmp_path: Path) -> None:
    """The same moves typed in French and in English: byte-identical game files and positions;
    what the referee said is in its language only."""
    files, said = {}, {}
    for language in LOCALES:
        files[language], said[language] = play_one_shot(language, tmp_path, deck)
    assert files["fr"].read_bytes() == files["en"].read_bytes()
    shown = {lang: run(lang, "oucedonc", "game", "show", str(files["fr"]), "--json").stdout
             for lang in LOCALES}  # fmt: skip
    assert shown["fr"] == shown["en"] and '"phase": "over"' in shown["fr"]
    data = [*DATA, *(str(path) for path in files.values())]
    for language in LOCALES:
        assert_speaks(language, said[language], data)
    assert "1er décompte\u00a0:" in said["fr"] and "count 1:" in said["en"]
    assert "Ben avait raison" in said["fr"] or "Ben avait tort" in said["fr"]
    assert "annulé\u00a0: Évreux au sud de Paris, posée par Ben, revient dans sa main" in said["fr"]
    assert "undone: Ben's Évreux south of Paris is back in their hand" in said["en"]
    assert "la pioche est épuisée après 2 cartes du dernier paquet" in said["fr"]
    assert "the pile is used up after 2 cards of the last pack" in said["en"]
    assert "partie terminée\u00a0:" in said["fr"] and "game over:" in said["en"]


@pytest.mark.parametrize(
    ("tokens", "french", "english"),
    [
        ("0", "0 jeton chacun", "0 tokens each"),
        ("1", "1 jeton chacun", "1 token each"),
        ("2", "2 jetons chacun", "2 tokens each"),
    ],
)
def test_tokens_are_counted_in_each_languages_plural(
    deck: Path, tmp_path: Path, tokens: str, french: str, english: str
) -> None:
    for language, expected in (("fr", french), ("en", english)):
        game = tmp_path / f"{language}.json"
        result = run(
            language, "oucedonc", "game", "new", str(game), "--deck", str(deck),
            "--players", "Ana,Ben", "--tokens", tokens,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert expected in result.stdout, result.stdout


def test_the_help_of_the_referee_commands_is_translated() -> None:
    fr = run("fr", "oucedonc", "game", "new", "--help")
    en = run("en", "oucedonc", "game", "new", "--help")
    assert "Commencer une partie avec le jeu imprimé" in " ".join(fr.stdout.split())
    assert "Start a game with the printed deck" in " ".join(en.stdout.split())
    assert "Les joueurs dans l’ordre du jeu" in " ".join(fr.stdout.split())
    assert "Players in playing order" in " ".join(en.stdout.split())


# --------------------------------------------------------------------------- the session


SESSION = [
    "lyon",  # the start card, its name alone
    "brest n lyon",
    "doute ben lyon",  # French words in an English session: read all the same
    "st n brest",  # ambiguous: the candidates are listed
    "saint-malo east of lyon",
    "aide",
    "undo",
    "nice e lyon",
    "le havre o lyon",
    "compte ana=1 ben=0",
    "paris",
    "evreux s paris",
    "orleans n paris",
    "foix e paris",
    "count ana=0 ben=1",
    "quit",
]


@pytest.fixture(scope="module")
def sessions(deck: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, Path]]:
    """The same lines typed in a French and in an English session: transcripts and files."""
    played = {}
    for language in LOCALES:
        game = tmp_path_factory.mktemp(f"session-{language}") / "partie.json"
        result = run(
            language, "oucedonc", "play", str(game), "--deck", str(deck), "--players", "Ana,Ben",
            stdin="\n".join(SESSION) + "\n",
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        played[language] = (result.stdout, game)
    return played


def test_a_session_reads_both_languages_and_writes_the_same_file(sessions) -> None:
    assert sessions["fr"][1].read_bytes() == sessions["en"][1].read_bytes()


@pytest.mark.parametrize(
    ("language", "prompts", "help_first", "ambiguous", "end"),
    [
        (
            "fr",
            ("départ › lyon", "décompte › compte", "fin › quit"),
            ("annule", "reprendre le dernier coup (« undo »)"),
            "✗ la carte 'saint' est ambiguë\u00a0: Saint-Denis (93) (93), Saint-Étienne (42), "
            "Saint-Malo (35)\u00a0; tapez une plus grande partie du nom",
            "partie terminée\u00a0: Ben gagne avec 6 jetons",
        ),
        (
            "en",
            ("start › lyon", "count › compte", "end › quit"),
            ("undo", "take back the last move ('annule')"),
            "✗ card 'saint' is ambiguous: Saint-Denis (93) (93), Saint-Étienne (42), "
            "Saint-Malo (35); type more of the name",
            "game over: Ben wins with 6 tokens",
        ),
    ],
)
def test_a_session_speaks_the_cli_language_only(
    sessions, language: str, prompts, help_first, ambiguous: str, end: str
) -> None:
    transcript, game = sessions[language]

    def flat(text: str) -> str:  # the lines wrap: compare the words (no-break spaces too)
        return " ".join(text.split())

    for prompt in prompts:
        assert prompt in flat(transcript), prompt
    help_rows = [line.split(None, 1) for line in transcript.splitlines() if line.startswith(" ")]
    assert any(row[0] == help_first[0] for row in help_rows if row)
    for expected in (help_first[1], ambiguous, end):
        assert flat(expected) in flat(transcript), expected
    # Everything said (the lines typed taken out, the help's other-language words too).
    said = [
        line for line in transcript.splitlines()
        if "› " not in line and not line.startswith(" ")
    ]  # fmt: skip
    assert_speaks(language, "\n".join(said), [*DATA, str(game)])


def test_the_contraction_of_de_before_a_name() -> None:
    from generator.games.oucedonc.wording import beside

    with speaking("fr"):
        assert beside(Direction.NORTH_OF, "Angers") == "au nord d’Angers"
        assert beside(Direction.WEST_OF, "Le Havre") == "à l’ouest du Havre"
        assert beside(Direction.SOUTH_OF, "Les Sables-d’Olonne") == "au sud des Sables-d’Olonne"
        assert beside(Direction.EAST_OF, "La Rochelle") == "à l’est de La Rochelle"
        assert beside(Direction.EAST_OF, "Lyon") == "à l’est de Lyon"
        assert beside(Direction.EAST_OF, "Évreux") == "à l’est d’Évreux"
    with speaking("en"):
        assert beside(Direction.WEST_OF, "Le Havre") == "west of Le Havre"


def test_an_english_decks_coordinates_are_quoted_as_its_backs_print_them(tmp_path: Path) -> None:
    """An English deck's backs write W for west: the referee quotes them so in its sentences,
    whatever the language it speaks; its JSON keeps the deck file's text."""
    from msgspec.structs import replace

    from generator.games.oucedonc.deckfile import deck_to_json
    from tests.referee_fixtures import make_deck

    english = tmp_path / "english.json"
    english.write_text(
        deck_to_json(replace(make_deck(), params={"language": "en"})), encoding="utf-8"
    )
    for language in LOCALES:
        said = run(
            language, "oucedonc", "verify", "Brest", "west-of", "Nice", "--deck", str(english)
        )
        assert said.returncode == 0, said.stderr
        assert "4°29′ W" in said.stdout and "4°29′ O" not in said.stdout
    as_json = run(
        "en", "oucedonc", "verify", "Brest", "west-of", "Nice", "--deck", str(english), "--json"
    )
    assert '"lon": "4°29′ O"' in as_json.stdout  # the deck file's text, in every language
    game = tmp_path / "game.json"
    for args in (
        ("new", str(game), "--deck", str(english), "--players", "Ana,Ben", "--start", "Nice"),
        ("place", str(game), "Brest", "--east-of", "Nice"),
    ):
        assert run("fr", "oucedonc", "game", *args).returncode == 0
    doubt = run("fr", "oucedonc", "game", "doubt", str(game), "--by", "Ben", "--neighbour", "Nice")
    assert "Brest (4°29′ W) n’est pas à l’est de Nice (7°16′ E)" in doubt.stdout, doubt.stdout
