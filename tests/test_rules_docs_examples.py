"""Every worked example of docs/rules/*.md, run against the CLI, so docs and engines cannot drift.

A worked example is a ``console`` block, written the way a terminal shows it:

    ```console
    $ pnp territoires attack 9 10 11 --house even
    attack 0 on the odd house (nature)
    ...
    ```

Each ``$ pnp ...`` line is a command (split like a shell would, with ``shlex``); the lines after
it, up to the next command or the end of the block, are what it prints (standard output, then
standard error). A line holding only ``...`` stands for any number of lines, so a long output can
be shown in part. The commands of one block run in order, in one empty temporary folder, through
the same entry point as the ``pnp`` command.
"""

from __future__ import annotations

import contextlib
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"
ELLIPSIS = "..."
_FENCE = re.compile(r"^(?P<indent>[ \t]*)```console[ \t]*$")  # indented inside a list item too


@dataclass(frozen=True)
class Command:
    argv: tuple[str, ...]  # after "pnp"
    expected: tuple[str, ...]  # output lines, "..." for any lines


@dataclass(frozen=True)
class Block:
    doc: str
    line: int  # 1-based line of the opening fence
    commands: tuple[Command, ...]

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}"


def parse_blocks(text: str, doc: str) -> list[Block]:
    """The ``console`` blocks of a Markdown text."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        indent = fence["indent"]
        start = i + 1
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            line = lines[i].rstrip()
            body.append(line[len(indent) :] if line.startswith(indent) else line)
            i += 1
        if i == len(lines):
            raise ValueError(f"{doc}:{start}: console block without its closing ```")
        i += 1
        commands: list[Command] = []
        for line in body:
            if line.startswith("$ "):
                words = shlex.split(line[2:])
                if not words or words[0] != "pnp":
                    raise ValueError(f"{doc}:{start}: a worked example runs pnp, not {line!r}")
                commands.append(Command(tuple(words[1:]), ()))
            elif not commands:
                raise ValueError(f"{doc}:{start}: output before the first '$ pnp' line")
            else:
                last = commands[-1]
                commands[-1] = Command(last.argv, (*last.expected, line))
        if not commands:
            raise ValueError(f"{doc}:{start}: empty console block")
        blocks.append(Block(doc, start, tuple(commands)))
    return blocks


def matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """``actual`` lines equal ``expected``, where a "..." line stands for any number of lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == ELLIPSIS:
        return any(matches(rest, actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == head and matches(rest, actual[1:])


def _all_blocks() -> list[Block]:
    blocks = []
    for path in sorted(DOCS.glob("*.md")):
        blocks += parse_blocks(path.read_text(encoding="utf-8"), path.name)
    return blocks


BLOCKS = _all_blocks()


def run_pnp(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Run ``pnp ARGV`` in this process (the console script's entry point); its output lines."""
    from generator.cli.main import run

    with contextlib.suppress(SystemExit):  # pnp ends with sys.exit(code) when it fails
        run(list(argv))
    captured = capsys.readouterr()
    return [line.rstrip() for line in (captured.out + captured.err).splitlines()]


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.name)
def test_worked_example(block, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    for command in block.commands:
        actual = run_pnp(command.argv, capsys)
        assert matches(command.expected, actual), (
            f"{block.name}: pnp {shlex.join(command.argv)} printed\n"
            + "\n".join(actual)
            + "\n--- the doc says ---\n"
            + "\n".join(command.expected)
        )


def test_every_rules_doc_has_worked_examples():
    docs = {path.name for path in DOCS.glob("*.md")}
    assert docs and docs == {block.doc for block in BLOCKS}


def test_the_example_format():
    text = "intro\n```console\n$ pnp oie move 1 2 3 --json\n{\n...\n}\n$ pnp about\n```\n"
    (block,) = parse_blocks(text, "x.md")
    (indented,) = parse_blocks(text.replace("\n", "\n  ").replace("intro", "- item"), "x.md")
    assert indented.commands == block.commands
    assert block.line == 2 and [c.argv for c in block.commands] == [
        ("oie", "move", "1", "2", "3", "--json"),
        ("about",),
    ]
    assert block.commands[0].expected == ("{", "...", "}") and block.commands[1].expected == ()
    assert matches(("{", "...", "}"), ["{", "a", "b", "}"]) and matches(
        ("{", "...", "}"), ["{", "}"]
    )
    assert not matches(("{", "...", "}"), ["{", "a"]) and not matches(("a",), ["a", "b"])
    assert not matches(("a",), ["b"]) and matches(("...",), [])
    for bad in ("```console\n$ ls\n```\n", "```console\nhello\n```\n", "```console\n$ pnp x\n"):
        with pytest.raises(ValueError):
            parse_blocks(bad, "bad.md")
