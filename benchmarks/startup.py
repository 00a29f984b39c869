"""Start-up of the table commands and of ``pnp --help``: whole-process CPU time and peak memory.

Every command is a fresh process (``os.wait4`` gives its own user + system CPU time and its peak
resident memory), measured side by side in one run with two floors: the interpreter doing
nothing (``python -c pass``, same venv) and a minimal argparse application. The commands are run
round-robin, so a burst of load from another user of the machine touches all of them alike; the
figure is the smallest CPU time of the repetitions (the least disturbed run), the median is shown
beside it. CPU time, not wall time: this machine is shared and wall time is noise.

The files the referee commands read (an Oucédonc deck and a game) are made first with ``pnp``
itself; a command that changes its game file gets a fresh copy before each run.

Run:  .venv/bin/python benchmarks/startup.py            (the figures of benchmarks/README.md)
      .venv/bin/python benchmarks/startup.py --compare before=/path/to/old/.venv/bin/python
      .venv/bin/python benchmarks/startup.py --repeat 21 --json results.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

TABLE_TARGET = 0.12  # s CPU, every table command (issue #14)
HELP_TARGET = 0.2  # s CPU, pnp --help

ARGPARSE_APP = """
import argparse
parser = argparse.ArgumentParser(prog="pnp")
commands = parser.add_subparsers(dest="command", required=True)
roll = commands.add_parser("roll", help="classify a roll")
roll.add_argument("first")
roll.add_argument("second")
roll.add_argument("--stage", default="first")
options = parser.parse_args()
print(options.first, options.second, options.stage)
"""


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]  # after the program
    target: float | None
    program: str = "pnp"  # "pnp", "python"
    fresh_copy: tuple[str, str] | None = None  # (template, copy) of a file the command changes


@dataclass(frozen=True)
class Figure:
    case: Case
    cpu_min: float
    cpu_median: float
    peak_mib: float

    @property
    def ok(self) -> bool | None:
        return None if self.case.target is None else self.cpu_min <= self.case.target


def _environment() -> dict[str, str]:
    # Bytecode caches as a user has them (pip compiles them at install; an editable install
    # writes them on first run): without them every run would compile the sources again.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["COLUMNS"] = "100"
    env["PNP_OFFLINE"] = "1"
    return env


def _run(argv: list[str], env: dict[str, str], check: bool = True) -> tuple[float, float, str]:
    """CPU seconds (user + system) and peak MiB of one process, and its stdout."""
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        stderr = child.stderr.read().decode() if child.stderr else ""
        if child.stderr:
            child.stderr.close()
        out.seek(0)
        stdout = out.read().decode()
    if check and child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {child.returncode}: {stderr.strip()}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stdout


def _pnp() -> list[str]:
    script = Path(sys.executable).with_name("pnp")
    return [str(script)] if script.exists() else [sys.executable, "-m", "generator"]


def _prepare(folder: Path, env: dict[str, str]) -> dict[str, str]:
    """A deck, a new game and a game with one card placed; what the game commands need."""
    pnp = _pnp()
    deck = folder / "deck.pdf"
    _run([*pnp, "oucedonc", "deck", "--region", "bretagne", "--out", str(deck)], env)
    game = folder / "game.json"
    deck_json = str(folder / "deck.json")
    players = ("--players", "Ana,Ben,Chloé", "--seed", "4", "--deal")  # the referee deals
    _run([*pnp, "oucedonc", "game", "new", str(game), "--deck", deck_json, *players], env)
    state = json.loads(_run([*pnp, "oucedonc", "game", "show", str(game), "--json"], env)[2])
    drawn, start = state["drawn"]["id"], state["start"]
    placed = folder / "placed.json"
    shutil.copyfile(game, placed)
    _run([*pnp, "oucedonc", "game", "place", str(placed), drawn, "--north-of", start], env)
    return {
        "deck": str(folder / "deck.json"),
        "game": str(game),
        "placed": str(placed),
        "drawn": drawn,
        "start": start,
        "work": str(folder / "work.json"),
    }


def cases(files: dict[str, str]) -> list[Case]:
    f = files
    return [
        Case("python -c pass (floor)", ("-c", "pass"), None, program="python"),
        Case("argparse app (floor)", ("-c", ARGPARSE_APP, "roll", "a", "X"), None, "python"),
        Case(
            "python -c 'import typer' (the CLI stack alone)", ("-c", "import typer"), None, "python"
        ),
        Case("pnp --help", ("--help",), HELP_TARGET),
        Case("pnp otcho roll a X", ("otcho", "roll", "a", "X"), TABLE_TARGET),
        Case("pnp oie move 61 4 2", ("oie", "move", "61", "4", "2"), TABLE_TARGET),
        Case("pnp pronostiques score ♥♦♠♣", ("pronostiques", "score", "♥♦♠♣"), TABLE_TARGET),
        Case(
            "pnp territoires attack 11 12 --house even",
            ("territoires", "attack", "11", "12", "--house", "even"),
            TABLE_TARGET,
        ),
        Case(
            "pnp oucedonc verify evreux east-of foix",
            ("oucedonc", "verify", "evreux", "east-of", "foix"),
            TABLE_TARGET,
        ),
        Case(
            "pnp oucedonc verify A west-of B --deck D",
            ("oucedonc", "verify", f["drawn"], "west-of", f["start"], "--deck", f["deck"]),
            TABLE_TARGET,
        ),
        Case("pnp oucedonc game show G", ("oucedonc", "game", "show", f["game"]), TABLE_TARGET),
        Case(
            "pnp oucedonc game place G CARD --north-of S",
            ("oucedonc", "game", "place", f["work"], f["drawn"], "--north-of", f["start"]),
            TABLE_TARGET,
            fresh_copy=(f["game"], f["work"]),
        ),
        Case(
            "pnp oucedonc game doubt G --by Ben --neighbour S",
            ("oucedonc", "game", "doubt", f["work"], "--by", "Ben", "--neighbour", f["start"]),
            TABLE_TARGET,
            fresh_copy=(f["placed"], f["work"]),
        ),
    ]


@dataclass(frozen=True)
class Install:
    """One pnp to measure: its interpreter and its console script."""

    label: str
    python: str

    @property
    def pnp(self) -> list[str]:
        script = Path(self.python).with_name("pnp")
        return [str(script)] if script.exists() else [self.python, "-m", "generator"]


def measure(installs: list[Install], repeat: int) -> dict[str, list[Figure]]:
    """Every case for every install, round-robin: the figures of each install, by label."""
    env = _environment()
    with tempfile.TemporaryDirectory(prefix="pnp-startup-") as scratch:
        all_cases = cases(_prepare(Path(scratch), env))
        runs = [
            (install, case, [install.python] if case.program == "python" else install.pnp)
            for install in installs
            for case in all_cases
        ]
        samples: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for round_ in range(repeat + 1):  # round 0 warms the caches up and is not counted
            for install, case, program in runs:
                if case.fresh_copy:
                    shutil.copyfile(*case.fresh_copy)
                cpu, peak, _ = _run([*program, *case.argv], env)
                if round_:
                    samples.setdefault((install.label, case.name), []).append((cpu, peak))
    return {
        install.label: [
            Figure(
                case,
                min(cpu for cpu, _ in samples[install.label, case.name]),
                statistics.median(cpu for cpu, _ in samples[install.label, case.name]),
                max(peak for _, peak in samples[install.label, case.name]),
            )
            for case in all_cases
        ]
        for install in installs
    }


def table(figures: dict[str, list[Figure]]) -> str:
    """One row per command: its target, then CPU min / median and peak memory per install."""
    labels = list(figures)
    head = "| command | target (s CPU) |" + "".join(
        f" {label}: CPU min (s) | median | peak MiB |" for label in labels
    )
    lines = [head, "|---|---|" + "---|---|---|" * len(labels)]
    for case_figures in zip(*figures.values(), strict=True):
        case = case_figures[0].case
        target = "" if case.target is None else f"{case.target:.2f}"
        cells = "".join(
            f" {f.cpu_min:.3f}{'' if f.ok is not False else ' (over)'} | {f.cpu_median:.3f} "
            f"| {f.peak_mib:.1f} |"
            for f in case_figures
        )
        lines.append(f"| `{case.name}` | {target} |{cells}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=11, help="measured runs of each command")
    parser.add_argument(
        "--compare",
        metavar="LABEL=PYTHON",
        action="append",
        default=[],
        help="also measure the pnp installed with this interpreter (e.g. before=/tmp/old/.venv/"
        "bin/python), side by side in the same run",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    options = parser.parse_args()
    installs = [
        Install(label, python)
        for label, _, python in (item.partition("=") for item in options.compare)
    ]
    installs.append(Install("this", sys.executable))
    figures = measure(installs, options.repeat)
    print(table(figures))
    if options.json:
        document = {
            label: [
                {
                    "command": f.case.name,
                    "target": f.case.target,
                    "cpu_min": round(f.cpu_min, 4),
                    "cpu_median": round(f.cpu_median, 4),
                    "peak_mib": round(f.peak_mib, 1),
                }
                for f in install_figures
            ]
            for label, install_figures in figures.items()
        }
        options.json.write_text(
            json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    main()
