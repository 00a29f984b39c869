"""The golden files' fixture (tests/goldens.py): an exact comparison, a readable diff, and
``--update-goldens`` to take a change made on purpose."""

from __future__ import annotations

from tests.goldens import diff

SUITE = """
TEXT = {text!r}

def test_page(golden):
    golden("page.txt", TEXT)
"""


def _suite(pytester, text: str) -> None:
    pytester.makeconftest('pytest_plugins = ("tests.goldens",)')
    pytester.makepyfile(test_suite=SUITE.format(text=text))


def test_a_missing_golden_fails_then_update_writes_it_and_it_passes(pytester, monkeypatch):
    monkeypatch.setattr("tests.goldens.FOLDER", pytester.path / "goldens")
    _suite(pytester, "line one\nline two\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*no golden file*page.txt: run the test with --update-goldens*"])
    pytester.runpytest_inprocess("-p", "no:cacheprovider", "--update-goldens").assert_outcomes(
        passed=1
    )
    assert (pytester.path / "goldens" / "page.txt").read_text() == "line one\nline two\n"
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)

    _suite(pytester, "line one\nline 2\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*differs from*page.txt*", "*-line two", "*+line 2"])


def test_the_diff_breaks_long_lines_and_shows_only_what_changed():
    cards = ",".join(f'{{"id":"P{n:02}","name":"Place {n}"}}' for n in range(60))
    changed = cards.replace("Place 42", "Place 24")
    shown = diff(f"<head>\n{cards}\n</head>\n", f"<head>\n{changed}\n</head>\n")
    removed = [line for line in shown.splitlines() if line.startswith("-") and "Place" in line]
    added = [line for line in shown.splitlines() if line.startswith("+") and "Place" in line]
    assert len(removed) == len(added) == 1
    assert "Place 42" in removed[0] and "Place 24" in added[0] and len(added[0]) < 130
    assert diff("same\n", "same\n") == ""
