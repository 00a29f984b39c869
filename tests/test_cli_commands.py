"""The command table and the lazy root group: every command is found, and a command loads its own
module only (start-up time is measured by benchmarks/startup.py, not here)."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import subprocess
import sys

import pytest
import typer
import typer.main

import generator.cli
from generator.cli import commands, lazy, main


def _top_level_names(app: typer.Typer) -> set[str]:
    return {lazy._command_name(c) for c in app.registered_commands} | {
        lazy._group_name(g) for g in app.registered_groups
    }


@pytest.mark.parametrize("name", list(commands.COMMANDS))
def test_the_modules_of_a_command_register_that_command_and_nothing_else(name):
    scratch = typer.Typer()
    commands.register_commands(scratch, [name])
    assert _top_level_names(scratch) == {name}


def test_every_command_module_is_in_the_table():
    listed = set(commands.modules(commands.COMMANDS))
    for info in pkgutil.iter_modules(generator.cli.__path__, "generator.cli."):
        module = importlib.import_module(info.name)
        if hasattr(module, "register"):
            assert info.name in listed, f"{info.name} has register(app): list it in COMMANDS"


def _tree(command) -> dict:
    """Names, parameters and help of a click command and of everything below it."""
    node = {
        "help": command.help,
        "params": sorted(
            (param.name, tuple(getattr(param, "opts", ())), repr(param.default))
            for param in command.params
        ),
    }
    if hasattr(command, "list_commands"):
        node["commands"] = {
            name: _tree(command.get_command(None, name)) for name in command.list_commands(None)
        }
    return node


def test_the_lazy_root_builds_the_same_commands_as_the_whole_application():
    eager = typer.main.get_command(main.build_app())
    root = main._command("en")
    assert _tree(root) == _tree(eager)


def test_a_command_built_for_one_path_is_that_command():
    for name, path in (("otcho", ["roll"]), ("oucedonc", ["game", "show"]), ("about", [])):
        pruned = lazy.build_command(name, path)
        whole = lazy.build_command(name)
        for word in path:
            assert list(pruned.commands) == [word]
            pruned, whole = pruned.commands[word], whole.commands[word]
        assert _tree(pruned) == _tree(whole)


HEAVY = (
    "pydantic",
    "pyproj",
    "numpy",
    "shapely",
    "geopandas",
    "reportlab",
    "PIL",
    "jinja2",
    "requests",
    "ssl",
    "http.client",
    "xml.sax.saxutils",
    "markdown_it",
    "pygments",
    "rich.markdown",
    "rich.traceback",
    "prompt_toolkit",
)

REPORT = """
import json, sys
from generator.cli.main import run
try:
    run(sys.argv[1:])
except SystemExit as exit:
    code = exit.code
else:
    code = 0
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _modules_of(*args: str) -> tuple[int, set[str]]:
    result = subprocess.run(
        [sys.executable, "-c", REPORT, *args], capture_output=True, text=True, timeout=120
    )
    report = json.loads(result.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"])


@pytest.mark.parametrize(
    ("args", "module"),
    [
        (("otcho", "roll", "a", "X"), "generator.cli.otcho"),
        (("oie", "move", "61", "4", "2"), "generator.cli.oie"),
        (("pronostiques", "score", "HDSC"), "generator.cli.pronostiques"),
        (("territoires", "attack", "11", "12", "--house", "even"), "generator.cli.territoires"),
        (("oucedonc", "verify", "evreux", "east-of", "foix"), "generator.cli.oucedonc_referee"),
    ],
)
def test_a_table_command_imports_its_own_module_and_nothing_heavy(args, module):
    code, modules = _modules_of(*args)
    assert code == 0
    assert module in modules
    others = set(commands.modules(commands.COMMANDS)) - set(commands.modules([args[0]]))
    assert not others & modules  # the modules of the other commands are not imported
    assert not [m for m in HEAVY if m in modules]


@pytest.mark.parametrize(
    ("args", "absent"),
    [
        # the plain status lines of a move need no rich; the board of 'game show' does
        (("oucedonc", "game", "place", "NOFILE", "X", "--north-of", "Y"), ("rich",)),
        (("oucedonc", "game", "doubt", "NOFILE", "--by", "A", "--neighbour", "Y"), ("rich",)),
        # verify needs neither the game's state machine nor the referee's prompt session
        (
            ("oucedonc", "verify", "evreux", "east-of", "foix"),
            (
                "rich",
                "secrets",
                "generator.games.oucedonc.game",
                "generator.games.oucedonc.gamefile",
                "generator.games.oucedonc.events",
                "generator.games.oucedonc.deckfile",
            ),
        ),
    ],
)
def test_a_referee_command_imports_only_what_it_uses(args, absent):
    _, modules = _modules_of(*args)
    assert "generator.cli.oucedonc_referee" in modules
    assert not [m for m in absent if m in modules]


def test_the_root_help_imports_no_command_module():
    code, modules = _modules_of("--help")
    assert code == 0
    assert not set(commands.modules(commands.COMMANDS)) & modules


def test_the_root_help_summaries_are_the_first_paragraphs_of_the_commands_help():
    import inspect

    eager = typer.main.get_command(main.build_app())
    assert list(commands.SUMMARIES) == list(commands.COMMANDS)
    for name, summary in commands.SUMMARIES.items():
        assert summary == inspect.cleandoc(eager.commands[name].help or "").split("\n\n")[0]


@pytest.mark.parametrize("env", [{}, {"FORCE_COLOR": "1"}, {"TYPER_USE_RICH": "0"}])
def test_the_lazy_root_help_is_the_whole_applications_help(env):
    whole = "import typer.main; from generator.cli.main import build_app; "
    whole += "typer.main.get_command(build_app())(['--help'], prog_name='pnp')"
    environment = {**os.environ, "COLUMNS": "100", **env}
    outputs = [
        subprocess.run(
            [sys.executable, *program], capture_output=True, text=True, timeout=120, env=environment
        ).stdout
        for program in (["-m", "generator", "--help"], ["-c", whole])
    ]
    assert outputs[0] and outputs[0] == outputs[1]


def test_the_root_help_lists_every_command_in_table_order():
    result = subprocess.run(
        [sys.executable, "-m", "generator", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "100"},
    )
    assert result.returncode == 0
    listed = [line.split()[1] for line in result.stdout.splitlines() if line.startswith("│ ")]
    names = [name for name in listed if name in commands.COMMANDS]
    assert names == list(commands.COMMANDS)


def _pnp(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "100", **env},
    )


@pytest.mark.parametrize("args", [(), ("otcho",), ("otcho", "roll"), ("oucedonc", "game", "show")])
def test_dash_h_is_help_everywhere(args):
    short, long = _pnp(*args, "-h"), _pnp(*args, "--help")
    assert short.returncode == long.returncode == 0
    assert short.stdout == long.stdout and "Usage: pnp" in short.stdout


def test_shell_completion_is_installed_shown_and_answers_from_the_lazy_commands(tmp_path):
    shown = _pnp("--show-completion", "bash")
    assert shown.returncode == 0 and "_PNP_COMPLETE=complete_bash" in shown.stdout
    installed = _pnp("--install-completion", "bash", HOME=str(tmp_path), SHELL="/bin/bash")
    assert installed.returncode == 0, installed.stderr
    script = tmp_path / ".bash_completions" / "pnp.sh"
    assert "_PNP_COMPLETE=complete_bash" in script.read_text(encoding="utf-8")
    assert str(script) in (tmp_path / ".bashrc").read_text(encoding="utf-8")
    for words, expected in (("pnp ot", "otcho"), ("pnp oucedonc game sh", "show")):
        answer = _pnp(
            _PNP_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(len(words.split()) - 1)
        )
        assert answer.stdout.split() == [expected]
