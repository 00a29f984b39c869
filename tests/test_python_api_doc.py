"""docs/python-api.md, its referee section run as written: each ``python`` block after the ones
before it, in one namespace, in a folder holding the deck the examples read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.referee_fixtures import deck_json

DOC = Path(__file__).resolve().parents[1] / "docs" / "python-api.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def section(title: str) -> str:
    """The text of the ``## title`` section, up to the next section of the same level."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : None if end < 0 else end]


def test_the_referee_section_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = tmp_path / "output" / "oucedonc" / "oucedonc.json"
    deck.parent.mkdir(parents=True)
    deck.write_text(deck_json(), encoding="utf-8")  # French towns: Lyon, Brest, Paris, Évreux...
    monkeypatch.chdir(tmp_path)
    blocks = BLOCK.findall(section("The referee"))
    assert len(blocks) >= 6
    namespace: dict[str, object] = {"__name__": "python_api_doc"}
    for number, block in enumerate(blocks, start=1):
        exec(compile(block, f"{DOC.name} (referee block {number})", "exec"), namespace)
    assert (tmp_path / "partie.json").is_file()
