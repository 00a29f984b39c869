"""Hash every file and every stdout of a fixed battery of ``pnp`` commands.

A refactoring proves itself by unchanged hashes: run this before and after, then compare.

    python scripts/output_hashes.py > before.json
    ... change the code ...
    python scripts/output_hashes.py --compare before.json

Each command runs in a fresh temporary folder (offline, embedded data); the report maps
"command :: file" (or "command :: stdout") to its SHA-256. Files under thumbnails/ are
included: the kit's thumbnails are byte-stable too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

COMMANDS: tuple[str, ...] = (
    "kit --out kit",
    "kit --out kit --paper letter --seed 3 --region bretagne",
    "kit --out kit --lang en",
    "kit --out kit --profile shop",
    "kit --out kit --profile shop --lang en --paper letter",
    "oucedonc deck --out d.pdf",
    "oucedonc deck --out d.pdf --region bretagne --duplex short --card-size bridge --seed 5",
    "oucedonc deck --out d.pdf --region IT --duplex fold --paper letter",
    "oucedonc deck --out d.pdf --region 33 --png 50 --precision second --tokens-each 3",
    "oucedonc deck --out d.pdf --region finistere --lang en --faces --profile shop",
    "oucedonc deck --out d.pdf --region DE --lang en --cards 90 --difficulty hard",
    "territoires sheets --players 4 --out t --lang en --faces --profile shop",
    "pronostiques sheets --players 3 --out p --lang en --faces --duplex short",
    "otcho sheets --players 2 --out o --lang en --paper letter",
    "calibrate --out c.pdf --duplex short --paper letter",
    "oie board --out b.pdf",
    "oie board --out b.pdf --tiles a4 --grid 3x2",
    "oie board --out b.pdf --theme bretagne --paper a3",
    "territoires sheets --players 3 --out t",
    "otcho sheets --players 4 --out o",
    "pronostiques sheets --players 4 --out p",
    "places --region bretagne --kind towns --limit 10",
    "places --region Gironde --format json",
    "places --region bretagne --count 30 --seed 7 --format csv",
    "oucedonc verify evreux east-of foix --json",
    "oie move 61 4 2 --json",
    "oie simulate --players 4 --games 2000 --json",
    "oie play --players 3 --seed 7",
    "oie play --players 2 --teams --seed 5",
    "oie stats --exact",
    "territoires attack 11 12 --house even --json",
    "otcho roll a X --json",
    "pronostiques score HDSC --json",
    "pronostiques check-piles 8 5 3 2 --json",
    "about",
)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run_battery(python: str) -> dict[str, str]:
    report: dict[str, str] = {}
    env = dict(os.environ, PNP_OFFLINE="1", COLUMNS="100", LANG="C.UTF-8")
    for command in COMMANDS:
        with tempfile.TemporaryDirectory() as tmp:
            proc = subprocess.run(
                [python, "-m", "generator", *shlex.split(command)],
                cwd=tmp,
                env=env,
                capture_output=True,
                check=False,
            )
            report[f"{command} :: exit"] = str(proc.returncode)
            stdout = proc.stdout
            if command.startswith(("kit", "about")):
                stdout = b""  # progress lines and folders depend on the temporary path
            report[f"{command} :: stdout"] = _sha(stdout.replace(tmp.encode(), b"TMP"))
            for path in sorted(Path(tmp).rglob("*")):
                if path.is_file():
                    report[f"{command} :: {path.relative_to(tmp)}"] = _sha(path.read_bytes())
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, help="a report written earlier")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    report = run_battery(args.python)
    if args.compare is None:
        json.dump(report, sys.stdout, indent=1, sort_keys=True)
        print()
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    changed = sorted(k for k in before.keys() | report.keys() if before.get(k) != report.get(k))
    for key in changed:
        status = "changed" if key in report else "missing"
        print(f"{status if key in before else 'new'}: {key}")
    print(f"{len(report) - len(changed)} of {len(report)} identical")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
