"""The README's Oucédonc referee section runs verbatim after `make kit`.

Its first `sh` block is run command by command, in a temporary folder holding what `make kit`
writes for Oucédonc (the kit's own builder, default parameters); each command must succeed.
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from generator.games.oucedonc.gamefile import game_from_json
from tests.referee_fixtures import pnp

README = Path(__file__).resolve().parents[1] / "README.md"


def referee_commands() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Oucédonc referee", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the referee section has no sh block"
    commands = [shlex.split(line, comments=True) for line in block.group(1).splitlines()]
    return [command for command in commands if command]


def test_the_readme_referee_commands_run_verbatim_after_make_kit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.kit.builders import build_oucedonc_deck
    from generator.kit.model import KitParams

    files = build_oucedonc_deck(KitParams(out=tmp_path / "output"))  # what `make kit` writes
    paths = {file.path.relative_to(tmp_path).as_posix() for file in files}
    assert {"output/oucedonc/oucedonc.json", "output/oucedonc/oucedonc-referee.html"} <= paths
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # `play` piped nothing: draws and leaves
    commands = referee_commands()
    assert len(commands) >= 10 and all(command[0] == "pnp" for command in commands)
    for command in commands:
        result = pnp(*command[1:])
        assert result.returncode == 0, (command, result.stderr)
        said = result.stdout
        if command[1:3] == ["game", "undo"]:
            assert said.startswith("undone: Ben's Paris south of Lyon is back in their hand")
        if command[1:3] == ["game", "count"]:
            assert "count 1:" in said and "start card: Strasbourg" in said
    game = game_from_json((tmp_path / "partie.json").read_text(encoding="utf-8"))
    assert len(game.state.counts) == 1 and game.state.table is not None
    assert game.setup.names()[game.state.table.start] == "Strasbourg"
