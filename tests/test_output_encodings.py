"""Issue 28, item 5: an output encoding that cannot hold every character (PYTHONIOENCODING=latin-1,
ascii, cp1252) gave a UnicodeEncodeError traceback. pnp prints what the encoding holds and a
stand-in for the rest (→ as ->, ’ as '), accents kept where the encoding has them, in both
languages (generator.cli.streams)."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys

import pytest

from generator.cli.streams import stand_in
from tests.referee_fixtures import deck_json

ENCODINGS = ["latin-1", "ascii", "cp1252"]
# click takes a declared ascii for a misconfigured locale and writes its lines in UTF-8 (its
# documented choice); what pnp prints itself (rich tables, help) comes in ascii stand-ins.
READ_AS = {"ascii": "utf-8"}
COMMANDS = [
    ("oie", "move", "61", "4", "2"),
    ("--help",),
    ("about",),
    ("oucedonc", "verify", "Évreux", "east-of", "Foix", "--deck", "deck.json"),
    ("oucedonc", "game", "show", "game.json"),
    ("places", "--region", "bretagne", "--limit", "5"),
    ("oucedonc", "verify", "Nowhere", "east-of", "Foix", "--deck", "deck.json"),  # an error line
]


def run_encoded(encoding: str, *args: str) -> tuple[int, bytes, bytes]:
    """``pnp ARGS`` in this process, its standard output and error in ``encoding`` (strict, as
    Python opens them for PYTHONIOENCODING=ENCODING): (exit code, stdout bytes, stderr bytes)."""
    from generator.cli import main

    def stream() -> io.TextIOWrapper:
        return io.TextIOWrapper(
            io.BytesIO(), encoding=encoding, errors="strict", write_through=True
        )

    out, err = stream(), stream()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main.run(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0
    out.flush()
    err.flush()
    return code, out.buffer.getvalue(), err.buffer.getvalue()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    from generator.cli import main

    root = tmp_path_factory.mktemp("encodings")
    (root / "deck.json").write_text(deck_json(), encoding="utf-8")
    with contextlib.chdir(root), contextlib.redirect_stdout(io.StringIO()):
        main.run(["oucedonc", "game", "new", "game.json", "--deck", "deck.json",
                  "--players", "Zoé,Ana", "--deal", "--seed", "2"])  # fmt: skip
    return root


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_every_command_prints_in_an_encoding_that_lacks_characters(
    folder, monkeypatch, args, encoding, language
):
    monkeypatch.chdir(folder)
    code, out, err = run_encoded(encoding, "--lang", language, *args)
    text = (out + err).decode(READ_AS.get(encoding, encoding))
    assert "Traceback" not in text and "UnicodeEncodeError" not in text, text
    assert code in (0, 2), text
    assert out or err
    if code == 2:
        assert len(err.decode(READ_AS.get(encoding, encoding)).strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("encoding", "move"),
    [
        ("latin-1", "61 -> 59 (L'Oie) [rebond] -> 53 (Les Dés) [oie]"),
        ("cp1252", "61 -> 59 (L’Oie) [rebond] -> 53 (Les Dés) [oie]"),  # cp1252 has ’
    ],
)
def test_arrows_become_ascii_and_accents_stay_where_the_encoding_has_them(folder, encoding, move):
    code, out, _err = run_encoded(encoding, "--lang", "fr", "oie", "move", "61", "4", "2")
    assert code == 0 and move in out.decode(encoding)


@pytest.mark.parametrize(
    ("char", "encoding", "shown"),
    [
        ("→", "latin-1", "->"),
        ("é", "latin-1", "é"),
        ("é", "ascii", "e"),
        ("’", "latin-1", "'"),
        ("’", "cp1252", "’"),
        ("\u202f", "latin-1", "\u00a0"),
        ("\u202f", "ascii", " "),
        ("œ", "latin-1", "oe"),
        ("œ", "cp1252", "œ"),
        ("«", "ascii", '"'),
        ("漢", "latin-1", "?"),
    ],
)
def test_stand_ins(char, encoding, shown):
    assert stand_in(char, encoding) == shown


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_real_process_with_pythonioencoding(tmp_path, encoding):
    result = subprocess.run(
        [sys.executable, "-m", "generator", "--lang", "fr", "about"],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        timeout=60,
    )
    assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr
    assert "Jeux de lieux récupérés" in result.stdout.decode(READ_AS.get(encoding, encoding))


def test_typed_input_the_encoding_cannot_decode_is_no_traceback(folder):
    """``oucedonc play`` reads lines typed in UTF-8 while the declared encoding is ascii: the
    bytes it cannot decode become U+FFFD, and the session answers one line."""
    result = subprocess.run(
        [sys.executable, "-m", "generator", "oucedonc", "play", "typed.json", "--deck",
         "deck.json", "--players", "Ana,Zoé"],
        input="départ Évreux\nquitter\n".encode(),
        capture_output=True,
        cwd=folder,
        env={**os.environ, "PYTHONIOENCODING": "ascii", "PNP_LANG": "en"},
        timeout=60,
    )  # fmt: skip
    assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr
    assert b"unknown card" in result.stdout
