"""The attack shapes of issue 28 (an outside fuzz's nine failures), each run as a real ``pnp``
process and measured: exit code, one error line, no traceback, CPU and wall time, peak memory
(``os.wait4``), and nothing written outside the folder the command was given.

A shape is a function ``shape(scratch, servers) -> list[Run]`` that lays out its files in the
scratch folder and returns the invocations to make. Every run must end with an exit code of its
``codes`` (2 for bad input: one ``pnp: error:`` line holding ``fragment``), within
:data:`CPU_LIMIT_S` seconds of CPU and :data:`MEMORY_LIMIT_MIB` of memory, and leave every file
outside its ``out`` paths as it was (the scratch folder holds an ``outside/`` folder of the
user's that is compared byte for byte).

Run alone:   python -m tests.fuzz.shapes [--seed S]    (prints the table)
In pytest:   tests/fuzz/test_fuzz.py (a smoke subset marked slow; the whole run marked fuzz)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

CPU_LIMIT_S = 10.0
MEMORY_LIMIT_MIB = 500.0
WALL_LIMIT_S = 300.0  # a hung process (the machine may be loaded: CPU time is the measure)
HUGE_NUMBERS = ["9" * 29, "1e26", "nan", "-inf", "9" * 5000, "1_000_000_000_000_000_000_000"]
ENCODINGS = ["latin-1", "ascii", "cp1252"]
# Folders a system folder check must refuse, chosen so that even a regression cannot write there
# (the kernel's file systems refuse new files anyway): the fuzz never aims at / itself.
SYSTEM_OUTS = ["/proc/pnp-fuzz", "/sys/pnp-fuzz", "/proc/self"]


@dataclass(frozen=True)
class Run:
    """One ``pnp`` invocation of a shape and what it must end with."""

    args: tuple[str, ...]
    codes: tuple[int, ...] = (2,)
    fragment: str = ""  # what the error line holds (when the exit code is 2)
    out: tuple[str, ...] = ()  # paths (relative to the scratch folder) the run may write
    env: tuple[tuple[str, str], ...] = ()
    check: Callable[[Path], str] | None = None  # extra check after the run: "" or a problem
    timed: bool = True  # False for a legitimate build (a whole kit): no CPU limit
    stdin: bytes = b""  # what is typed (the session's lines)
    refusals: int | None = None  # how many "✗ " lines the session prints for them


@dataclass(frozen=True)
class Measured:
    code: int
    stdout: bytes
    stderr: bytes
    cpu: float
    wall: float
    peak_mib: float


@dataclass
class ShapeFigures:
    """One row of the table."""

    shape: str
    runs: int = 0
    failures: int = 0
    worst_cpu: float = 0.0
    worst_wall: float = 0.0
    worst_mib: float = 0.0
    examples: list[str] = field(default_factory=list)

    def add(self, measured: Measured, problem: str, example: str, timed: bool = True) -> None:
        """Count a run; its times count unless it is a legitimate whole-kit build (untimed)."""
        self.runs += 1
        if timed:
            self.worst_cpu = max(self.worst_cpu, measured.cpu)
            self.worst_wall = max(self.worst_wall, measured.wall)
        self.worst_mib = max(self.worst_mib, measured.peak_mib)
        if problem:
            self.failures += 1
            if len(self.examples) < 5:
                self.examples.append(f"{problem}: {example}")


# --------------------------------------------------------------------------- running pnp


def environment(scratch: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_")}
    env.update(
        PNP_CACHE_DIR=str(scratch / "cache"),
        PNP_DATA_DIR=str(scratch / "data"),
        PNP_LANG="en",
        COLUMNS="80",
        PNP_APIGEO_URL="http://127.0.0.1:9/geo",  # no network: a closed port unless a shape
        PNP_GEONAMES_URL="http://127.0.0.1:9/dump",  # points a source at its local server
        PNP_WIKIDATA_URL="http://127.0.0.1:9/sparql",
        PNP_OVERPASS_URL="http://127.0.0.1:9/overpass",
        PNP_CONTOURS_URL="http://127.0.0.1:9/contours",
    )
    env.update(extra or {})
    return env


@dataclass(frozen=True)
class Started:
    child: subprocess.Popen[bytes]
    out: IO[bytes]
    err: IO[bytes]
    at: float


# Runs a command as a "child subreaper" (Linux prctl), so that the processes it leaves behind
# (the kit's fork server and its workers) are waited for here, and writes the resource usage of
# the whole tree (CPU of all, memory of the largest) as its last line on standard error. Its own
# usage would not do: forked from the harness, its peak memory starts at the harness's.
SUBREAPER = """
import ctypes, os, resource, sys
ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
child = os.fork()
if child == 0:
    os.execv(sys.executable, [sys.executable, "-m", "generator", *sys.argv[1:]])
_, status = os.waitpid(child, 0)
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stderr.write(f"\\nSUBREAPER {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss}\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""
TREE_USAGE = b"\nSUBREAPER "


def start(args: tuple[str, ...], cwd: Path, env: dict[str, str], stdin: bytes = b"") -> Started:
    """``python -m generator ARGS`` started in ``cwd`` (under :data:`SUBREAPER`) reading
    ``stdin``, its output in temporary files."""
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()  # noqa: SIM115 (closed by finish)
    with tempfile.TemporaryFile() as typed:
        typed.write(stdin)
        typed.seek(0)
        child = subprocess.Popen(
            [sys.executable, "-c", SUBREAPER, *args],
            cwd=cwd,
            env=env,
            stdin=typed,
            stdout=out,
            stderr=err,
        )
    return Started(child, out, err, time.monotonic())


def finish(started: Started) -> Measured:
    """Wait for a started process (killed past :data:`WALL_LIMIT_S`): its figures, those of its
    whole tree as :data:`SUBREAPER` reports them."""
    try:
        started.child.wait(timeout=max(0.0, started.at + WALL_LIMIT_S - time.monotonic()))
    except subprocess.TimeoutExpired:
        started.child.kill()
        started.child.wait()
    wall = time.monotonic() - started.at
    with started.out, started.err:
        started.out.seek(0)
        started.err.seek(0)
        stdout, stderr = started.out.read(), started.err.read()
    stderr, _sep, usage = stderr.rpartition(TREE_USAGE)
    cpu, peak_kib = (float(v) for v in usage.split()) if _sep else (float("inf"), float("inf"))
    return Measured(started.child.returncode, stdout, stderr, cpu, wall, peak_kib / 1024)


def snapshot(root: Path, skip: tuple[str, ...]) -> dict[str, bytes | None]:
    """Every file under ``root`` except the ``skip`` paths (and what they hold)."""
    files: dict[str, bytes | None] = {}
    for path in root.rglob("*"):
        relative = path.relative_to(root).as_posix()
        if any(relative == s or relative.startswith(s.rstrip("/") + "/") for s in skip):
            continue
        if path.is_symlink() or not path.is_file():
            files[relative] = None if not path.is_dir() or path.is_symlink() else b"<dir>"
        else:
            files[relative] = path.read_bytes()
    return files


IGNORED = ("cache", "data", "out")  # pnp's own folders, and every run's output folder


def judge(run: Run, measured: Measured, before: dict, after: dict, scratch: Path) -> str:
    """The first problem of a finished run, or ""."""
    stderr = measured.stderr.decode("utf-8", "replace")
    if b"Traceback" in measured.stderr + measured.stdout:
        return "traceback: " + stderr.strip().splitlines()[-1][:160]
    if measured.code not in run.codes:
        return f"exit code {measured.code}, not {run.codes}: {stderr.strip()[-160:]}"
    if measured.code == 2:
        lines = [line for line in stderr.splitlines() if line.strip()]
        if len(lines) != 1 or not lines[0].startswith("pnp: error: "):
            return f"not one error line: {stderr[-160:]!r}"
        if run.fragment not in lines[0]:
            return f"{run.fragment!r} not in {lines[0][:160]!r}"
    if run.refusals is not None:
        refused = [line for line in measured.stdout.splitlines() if line.startswith("✗ ".encode())]
        if len(refused) != run.refusals:
            return f"{len(refused)} refusal lines, not {run.refusals}"
    if run.timed and measured.cpu > CPU_LIMIT_S:
        return f"{measured.cpu:.1f} s of CPU"
    if measured.peak_mib > MEMORY_LIMIT_MIB:
        return f"{measured.peak_mib:.0f} MiB of memory"
    changed = sorted(
        name for name in set(before) | set(after) if before.get(name) != after.get(name)
    )
    if changed:
        return f"wrote outside its folder: {changed[0]}"
    return run.check(scratch) if run.check is not None else ""


def run_shape(name: str, shape: Callable[..., list[Run]], servers: Servers) -> ShapeFigures:
    figures = ShapeFigures(name)
    with tempfile.TemporaryDirectory(prefix="pnp-shape-") as folder:
        scratch = Path(folder)
        (scratch / "outside").mkdir()
        (scratch / "outside" / "notes.txt").write_bytes(b"my notes\n")
        for run in shape(scratch, servers):
            skip = IGNORED + run.out
            before = snapshot(scratch, skip)
            env = environment(scratch, dict(run.env))
            measured = finish(start(run.args, scratch, env, run.stdin))
            problem = judge(run, measured, before, snapshot(scratch, skip), scratch)
            figures.add(measured, problem, " ".join(run.args)[:160], run.timed)
    return figures


# --------------------------------------------------------------------------- local servers


class Servers:
    """One local HTTP server for the shapes that need a source to answer (pytest-httpserver);
    ``serve(path, body)`` sets what a path answers (bytes, or a function making an iterator)."""

    def __init__(self) -> None:
        import logging

        from pytest_httpserver import HTTPServer

        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        self.server = HTTPServer(host="127.0.0.1", port=0)
        self.server.start()

    def url(self, path: str) -> str:
        return self.server.url_for(path)

    def serve(self, path: str, body: bytes | Callable[[], Iterator[bytes]]) -> None:
        from werkzeug import Response

        def answer(request):  # type: ignore[no-untyped-def]
            return Response(body() if callable(body) else body, content_type="application/json")

        self.server.expect_request(path).respond_with_handler(answer)

    def clear(self) -> None:
        self.server.clear()

    def stop(self) -> None:
        self.server.clear()
        if self.server.is_running():
            self.server.stop()


# --------------------------------------------------------------------------- the shapes

FOLDER_COMMANDS = [
    ("kit", "--jobs", "1"),
    ("otcho", "sheets"),
    ("territoires", "sheets"),
    ("pronostiques", "sheets"),
    ("data", "outlines", "reference.geojson"),
]
FILE_COMMANDS = [
    ("oucedonc", "deck", "--region", "bretagne", "--cards", "48"),
    ("oie", "board"),
    ("calibrate",),
]


def _links(scratch: Path) -> None:
    os.symlink("loop2", scratch / "loop")
    os.symlink("loop", scratch / "loop2")
    os.symlink("nowhere", scratch / "dangling")
    (scratch / "reference.geojson").write_text('{"type": "FeatureCollection", "features": []}')


def symlink_loops(scratch: Path, servers: Servers) -> list[Run]:
    """Item 1: a loop of symbolic links as the output folder, or on the way to the file."""
    _links(scratch)
    runs = [Run((*c, "--out", "loop"), fragment="leads back to itself") for c in FOLDER_COMMANDS]
    runs += [Run((*c, "--out", "loop/x.pdf"), fragment="a loop of links") for c in FILE_COMMANDS]
    runs += [Run((*c, "--out", "loop/sub"), fragment="a loop of links") for c in FOLDER_COMMANDS]
    return runs


def dangling_links(scratch: Path, servers: Servers) -> list[Run]:
    """Item 1: a symbolic link to nowhere as the output folder, or its parent."""
    _links(scratch)
    fragment = "dangling is a symbolic link to nowhere, which does not exist"
    runs = [Run((*c, "--out", "dangling"), fragment=fragment) for c in FOLDER_COMMANDS]
    runs += [Run((*c, "--out", "dangling/sub"), fragment=fragment) for c in FOLDER_COMMANDS]
    runs += [Run((*c, "--out", "dangling/x.pdf"), fragment=fragment) for c in FILE_COMMANDS]
    return runs


def system_folders(scratch: Path, servers: Servers) -> list[Run]:
    """Also seen: --out / --force, --out /dev/stdout.pdf. Probed where even a regression cannot
    write (the kernel's file systems), plus a link of the user's leading to /etc."""
    os.symlink("/etc", scratch / "etc-link")
    runs = [
        Run((*c, "--out", out, "--force"), fragment="is a system folder")
        for c in FOLDER_COMMANDS[:4]
        for out in SYSTEM_OUTS
    ]
    runs += [
        Run((*c, "--out", f"{out}/x.pdf", "--force"), fragment="is a system folder")
        for c in FILE_COMMANDS
        for out in (*SYSTEM_OUTS, "etc-link")
    ]
    runs.append(Run(("otcho", "sheets", "--out", "etc-link", "--force"), fragment="/etc"))
    return runs


def huge_numbers(scratch: Path, servers: Servers, seed: int = 28) -> list[Run]:
    """Item 2: every number option of every command given a number too large or not finite."""
    from tests.fuzz.harness import commands

    rng = random.Random(seed)
    runs = []
    for command in commands():
        for param in command.params:
            kind = type(getattr(param, "type", None)).__name__
            opts = [o for o in getattr(param, "opts", []) if o.startswith("--")]
            if opts and kind in ("IntParamType", "FloatParamType", "IntRange", "FloatRange"):
                for value in rng.sample(HUGE_NUMBERS, 2):
                    args = (*command.path, f"{opts[0]}={value}")
                    runs.append(Run(args, fragment="Invalid value for"))
    return runs


def _template_folder(scratch: Path, name: str, file: str, text: str) -> str:
    folder = scratch / "templates" / name
    folder.mkdir(parents=True)
    (folder / file).write_text(text, encoding="utf-8")
    return str(folder.relative_to(scratch))


def big_templates(scratch: Path, servers: Servers) -> list[Run]:
    """Item 3: card templates of the documented 1 MiB: code, text, markup; and large ones that
    fit. A deck is built with each (refused in one line, or written)."""
    from tests.test_template_limits import HOSTILE_SIZES

    deck = ("oucedonc", "deck", "--region", "bretagne", "--cards", "48")
    runs = []
    for number, (file, body, fragment) in enumerate(HOSTILE_SIZES):
        head = "## title\nBut\n## body\n" if file.startswith("rule_") else "## mark\n"
        folder = _template_folder(scratch, f"h{number}", file, head + body + "\n")
        out = f"out/h{number}.pdf"
        runs.append(Run((*deck, "--templates", folder, "--out", out), fragment=fragment))
    unused = "Texte mis de côté, jamais imprimé. " * 27_000  # 1 MiB in a branch never taken
    mark = (
        "## mark\n{{ _('Ville') }}{% if false %}" + unused + "{% endif %}\n## id\n{{ card.id }}\n"
    )
    fits = _template_folder(scratch, "fits", "place_front.j2", mark)
    runs.append(Run((*deck, "--templates", fits, "--out", "out/fits.pdf"), codes=(0,)))
    return runs


def long_session_lines(scratch: Path, servers: Servers) -> list[Run]:
    """Item 4: each long line of the in-process fuzz (a direction repeated, "between" without
    "and", ...) pasted at 100 KB and 1 MB into ``oucedonc play``: one refusal line each, the
    game file as it was, in bounded time and memory (the reports: 34 s, 2.1 and 3.9 GB)."""
    from tests.fuzz.harness import LONG_LINES, game_text
    from tests.referee_fixtures import deck_json

    (scratch / "deck.json").write_text(deck_json(), encoding="utf-8")
    game = game_text()
    (scratch / "game.json").write_text(game, encoding="utf-8")

    def game_kept(scratch: Path) -> str:
        kept = (scratch / "game.json").read_text(encoding="utf-8") == game
        return "" if kept else "the game file changed"

    return [
        Run(
            ("oucedonc", "play", "game.json"),
            codes=(0,),
            stdin=(make(size) + "\nquitter\n").encode(),
            refusals=1,
            check=game_kept,
        )
        for make in LONG_LINES.values()
        for size in (100_000, 1_000_000)
    ]


def encodings(scratch: Path, servers: Servers) -> list[Run]:
    """Item 5: standard output in an encoding that lacks characters, in both languages."""
    from tests.referee_fixtures import deck_json

    (scratch / "deck.json").write_text(deck_json(), encoding="utf-8")
    commands = [
        ("oie", "move", "61", "4", "2"),
        ("--help",),
        ("about",),
        ("oucedonc", "verify", "Évreux", "east-of", "Foix", "--deck", "deck.json"),
        ("oucedonc", "game", "show", "game.json"),
        ("places", "--region", "bretagne", "--limit", "5"),
    ]
    runs = [Run(("oucedonc", "game", "new", "game.json", "--deck", "deck.json", "--players",
                 "Zoé,Ana", "--deal"), codes=(0,), out=("game.json",))]  # fmt: skip
    for encoding in ENCODINGS:
        for language in ("en", "fr"):
            env = (("PYTHONIOENCODING", encoding), ("PNP_LANG", language))
            runs += [Run(args, codes=(0,), env=env) for args in commands]
    return runs


def _zip_with(flags: int = 0, method: int | None = None) -> bytes:
    from tests.test_geo_sources import FR_ROWS, _zip

    blob = bytearray(_zip("FR.zip", "FR.txt", FR_ROWS))
    for header, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = blob.find(header) + offset
        blob[at] |= flags
        if method is not None:
            blob[at + 2 : at + 4] = method.to_bytes(2, "little")
    return bytes(blob)


def geonames_zips(scratch: Path, servers: Servers) -> list[Run]:
    """Item 6: an encrypted GeoNames zip, and ones compressed in ways zipfile cannot read."""
    runs = []
    for flags, method, fragment in ((1, None, "is encrypted"), (0, 9, "cannot read"),
                                    (0, 99, "cannot read")):  # fmt: skip
        path = f"/dump{len(runs)}/FR.zip"
        servers.serve(path, _zip_with(flags, method))
        env = (("PNP_GEONAMES_URL", servers.url(path.rsplit("/", 1)[0])),)
        runs.append(
            Run(("data", "fetch", "geonames", "--region", "bretagne"), fragment=fragment, env=env,
                check=_nothing_cached)
        )  # fmt: skip
    return runs


def _nothing_cached(scratch: Path) -> str:
    folder = scratch / "cache" / "geonames"
    left = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    return f"kept {left[0]}" if left else ""


def contours_answers(scratch: Path, servers: Servers) -> list[Run]:
    """Item 7: the two reproductions (227 MB of 1.6 million small polygons; one polygon of 8
    million vertices), too many areas, and answers that are fine (the real file's size, and one
    at the bounds)."""
    from tests.contour_answers import collection, feature, like_the_real_file, one_polygon, streamed

    small = collection([feature("84", 2_000)])
    cases = [
        ("many", lambda: streamed(1_600_000, 5), lambda: streamed(1_600_000, 5), "larger than 64"),
        ("one", small, lambda: one_polygon(8_000_000), "larger than 64 MiB"),
        ("areas", collection([feature(str(n), 4) for n in range(1_001)]), small, "1,000 areas"),
        ("real", small, like_the_real_file(3_000), None),
        ("bounds", small, collection([feature(str(n), 995) for n in range(1_000)]), None),
    ]
    runs = []
    for name, regions, departements, fragment in cases:
        servers.serve(f"/{name}/regions-100m.geojson", regions)
        servers.serve(f"/{name}/departements-100m.geojson", departements)
        env = (("PNP_CONTOURS_URL", servers.url(f"/{name}")),)
        codes = (0,) if fragment is None else (2,)
        runs.append(Run(("data", "fetch", "contours"), codes, fragment or "", env=env))
    return runs


def kit_thumbnails_link(scratch: Path, servers: Servers) -> list[Run]:
    """Item 8: a kit's thumbnails/ replaced by a link to a folder of the user's (which holds a
    file of a thumbnail's name): the second kit writes nothing there."""

    def relink(scratch: Path) -> str:
        thumbnails = scratch / "out" / "K" / "thumbnails"
        shutil.rmtree(thumbnails)
        thumbnails.symlink_to(scratch / "outside")
        (scratch / "outside" / "otcho-cards-p001.png").write_bytes(b"my picture")
        return ""

    def untouched(scratch: Path) -> str:
        names = sorted(p.name for p in (scratch / "outside").iterdir())
        return "" if names == ["notes.txt", "otcho-cards-p001.png"] else f"outside/ holds {names}"

    return [
        Run(("kit", "--out", "out/K"), codes=(0,), check=relink, timed=False),
        Run(("kit", "--out", "out/K"), fragment="thumbnails is a symbolic link leading out of",
            check=untouched),
    ]  # fmt: skip


def run_kit_races(rounds: int) -> ShapeFigures:
    """Two ``pnp kit`` into one folder at the same instant, ``rounds`` times: each ends with 0
    or "busy", and every file left in the folder is one the manifest lists."""
    figures = ShapeFigures("9. two kits at once into one folder")
    with tempfile.TemporaryDirectory(prefix="pnp-race-") as folder:
        scratch = Path(folder)
        for number in range(rounds):
            out = scratch / f"K{number}"
            env = environment(scratch)
            pair = [
                start(("kit", "--out", out.name, "--seed", "2", "--paper", "letter"), scratch, env),
                start(("kit", "--out", out.name, "--seed", "1"), scratch, env),
            ]
            results = [finish(started) for started in pair]
            for measured in results:
                run = Run((), codes=(0, 2), fragment="is busy", timed=measured.code == 2)
                problem = judge(run, measured, {}, {}, scratch) or _stray_files(out)
                if all(m.code == 2 for m in results):
                    problem = problem or "neither kit was built"
                figures.add(measured, problem, f"round {number}", run.timed)
    return figures


def _stray_files(out: Path) -> str:
    listed = {e["path"] for e in json.loads((out / "manifest.json").read_text())["files"]}
    present = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    stray = sorted(present - listed - {"manifest.json"})
    return f"stray file {stray[0]}" if stray else ""


SHAPES: dict[str, Callable[[Path, Servers], list[Run]]] = {
    "1. symlink loop as --out": symlink_loops,
    "1. dangling symlink as --out": dangling_links,
    "also: / and system folders as --out": system_folders,
    "2. numbers of 10^26 and more": huge_numbers,
    "3. card templates of 1 MiB": big_templates,
    "4. long lines typed into the session": long_session_lines,
    "5. non-UTF-8 output encodings": encodings,
    "6. encrypted or odd GeoNames zips": geonames_zips,
    "7. contours answers of gigabytes": contours_answers,
    "8. kit thumbnails/ linked outside": kit_thumbnails_link,
}


def run_all(rounds: int = 3, only: list[str] | None = None) -> list[ShapeFigures]:
    servers = Servers()
    rows = []
    try:
        for name, shape in SHAPES.items():
            if only is None or any(word in name for word in only):
                rows.append(run_shape(name, shape, servers))
                servers.clear()
        if only is None or any(word in "9. two kits at once" for word in only):
            rows.append(run_kit_races(rounds))
    finally:
        servers.stop()
    return rows


def table(rows: list[ShapeFigures]) -> str:
    lines = [
        "| shape | runs | failures | worst CPU s | worst wall s | worst memory MiB |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {r.shape} | {r.runs} | {r.failures} | {r.worst_cpu:.1f} | {r.worst_wall:.1f} | "
        f"{r.worst_mib:.0f} |"
        for r in rows
    ]
    lines += [f"- {row.shape}: {example}" for row in rows for example in row.examples]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="races of two kits")
    parser.add_argument("--only", nargs="*", help="shapes whose name holds one of these words")
    options = parser.parse_args(argv)
    started = time.monotonic()
    rows = run_all(options.rounds, options.only)
    print(table(rows))
    print(f"\n{time.monotonic() - started:.0f} s")
    return 1 if any(row.failures for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
