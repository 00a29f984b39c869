"""Benchmark: how long a hostile or merely large card template takes to be refused or accepted
(issue 28, item 3: a 1 MB template took 42 s to be refused, a 20 KB one 1.4 s).

    python benchmarks/template_limits.py [--before /path/to/other/checkout] [--deck]

Each case is a ``--templates`` folder holding one file of the outside fuzz's shapes, at 20 KB
and at the documented 1 MiB: Jinja code (``{{ card.id }}`` repeated, ``{% if %}`` blocks), plain
text, a markup section of ``<``. For each, a FRESH Python process renders it as a deck does
(``load_templates(...).render(...)`` then the section) and reports its CPU time (user + system,
``os.wait4``), its peak memory and its outcome; ``--deck`` also runs the whole ``pnp oucedonc
deck --templates`` command. ``--before`` runs the same cases with another checkout's code beside
(its folder is the working folder, so ``python -m generator`` imports its package). The goal:
every case under 1 s of CPU for the template itself, refusal and acceptance alike.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIB = 1 << 20

SHAPES = {
    "code {{ card.id }}": ("place_front.j2", "## mark\n", "{{ card.id }}"),
    "code {% if %}": ("place_front.j2", "## mark\n", "{% if 1 %}x{% endif %}"),
    "plain text": ("place_front.j2", "## mark\n", "Le but du jeu : placer. "),
    "markup of <": ("rule_game.j2", "## title\nBut\n## body\n", "<"),
}

RENDER = """
import sys
from pathlib import Path
from generator.core.errors import UserError
from generator.render.card_templates import load_templates
folder, name = Path(sys.argv[1]), sys.argv[2]
try:
    sections = load_templates("oucedonc", folder).render(name, {"card": {"id": "P01"}})
    text = sections.markup("body") if name.startswith("rule_") else sections.line("mark")
    print(f"accepted ({len(text):,} characters)")
except UserError as exc:
    print("refused: " + str(exc).split(": ", 1)[-1][:70])
"""


def measure(argv: list[str], cwd: Path, limit_s: float) -> tuple[float, float, str]:
    """(CPU seconds, peak MiB, last line of output) of one fresh process, stopped after
    ``limit_s`` seconds of wall time."""
    env = {**os.environ, "PNP_OFFLINE": "1", "COLUMNS": "100"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        started = time.monotonic()
        while not (ended := os.wait4(child.pid, os.WNOHANG))[0]:
            if time.monotonic() - started > limit_s:
                child.kill()
            time.sleep(0.05)  # polling the child's end
        child.returncode = os.waitstatus_to_exitcode(ended[1])
        out.seek(0)
        lines = out.read().decode(errors="replace").strip().splitlines()
    usage = ended[2]
    outcome = (lines or [""])[-1] if child.returncode >= 0 else f"stopped after {limit_s:.0f} s"
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, outcome


def cases(scratch: Path) -> list[tuple[str, Path, str]]:
    made = []
    for label, (name, head, piece) in SHAPES.items():
        for size, size_label in ((20_000, "20 KB"), (MIB - 4096, "1 MiB")):
            folder = scratch / f"{len(made):02d}"
            folder.mkdir()
            body = piece * ((size - len(head)) // len(piece))
            (folder / name).write_text(head + body + "\n", encoding="utf-8")
            made.append((f"{label}, {size_label}", folder, name))
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another checkout to run beside this one")
    parser.add_argument("--deck", action="store_true", help="also the whole deck command")
    parser.add_argument("--limit", type=float, default=300, help="wall seconds before a stop")
    options = parser.parse_args()
    checkouts = [("this", ROOT)] + ([("before", options.before)] if options.before else [])
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pnp-tpl-bench-") as scratch:
        print(
            "| case | checkout | CPU s | peak MiB | outcome |\n|---|---|---:|---:|---|", flush=True
        )
        for label, folder, name in cases(Path(scratch)):
            for who, checkout in checkouts:
                runs = [[sys.executable, "-c", RENDER, str(folder), name]]
                if options.deck:
                    out = Path(scratch) / "out" / "d.pdf"
                    runs.append([sys.executable, "-m", "generator", "oucedonc", "deck", "--region",
                                 "bretagne", "--cards", "48", "--templates", str(folder), "--out",
                                 str(out)])  # fmt: skip
                for argv in runs:
                    cpu, peak, outcome = measure(argv, checkout, options.limit)
                    what = label + (" (deck)" if "deck" in argv else "")
                    print(
                        f"| {what} | {who} | {cpu:.2f} | {peak:.0f} | {outcome[:80]} |", flush=True
                    )
    print(f"\n{time.monotonic() - started:.0f} s in all")


if __name__ == "__main__":
    main()
