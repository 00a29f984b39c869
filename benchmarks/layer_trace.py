"""How a command's wiring walks the layers, and how often an option string is parsed again.

Runs ``pnp ARGS`` in this process under :func:`sys.setprofile` and reads the calls between
pnp's own functions (``generator.*``), each module in its layer of ``docs/architecture.md``
(core < geo < games < render < products | preflight < kit < cli):

* **layer switches**: the calls the wiring makes (a function of ``cli``, ``kit`` or
  ``products`` calling one of another layer), in order, as the sequence of the layers they go
  to; a switch is a call whose layer differs from the one before it in that sequence. A wiring
  that gathers what it needs from one layer before it moves to the next switches seldom; one
  that goes back and forth (products → render → games → render → geo …) switches often.
* **re-parses**: calls below ``cli`` of the functions that turn an option's text into its
  object (``paper("a4")``, ``parse_duplex("long")``, ``card_size("poker")``, ``parse_offset``,
  ``print_profile("home")``, ``sheet_paper``, ``parse_precisions``) with a string: the command
  line parsed these already.

Run from a checkout (its ``generator`` is the one imported):

    .venv/bin/python benchmarks/layer_trace.py                      # the battery below
    .venv/bin/python benchmarks/layer_trace.py --show oucedonc deck --region bretagne --out d.pdf

Every command runs in a fresh temporary folder, offline, in one process each (a child process
per command, so that each starts cold).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence

LAYERS = ("core", "geo", "games", "render", "products", "preflight", "kit", "cli")
WIRING = {"cli", "kit", "products"}
PARSERS = {
    "paper",
    "parse_duplex",
    "card_size",
    "parse_card_size",
    "parse_offset",
    "print_profile",
    "sheet_paper",
    "parse_precisions",
    "parse_grid",
}

BATTERY: tuple[str, ...] = (
    "oucedonc deck --region bretagne --out d.pdf",
    "territoires sheets --players 3 --out t",
    "pronostiques sheets --players 4 --out p",
    "otcho sheets --players 4 --out o",
    "oie board --out b.pdf",
    "calibrate --out c.pdf",
)


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "generator":
        return None
    return parts[1] if parts[1] in LAYERS else None


def trace(argv: Sequence[str]) -> dict[str, object]:
    """Run ``pnp argv`` here and return its switches, its wiring sequence and its re-parses."""
    from generator.cli.main import run

    sequence: list[tuple[str, str]] = []  # (callee layer, callee function), from the wiring
    reparses: list[str] = []

    def profile(frame, event, arg):  # type: ignore[no-untyped-def]
        if event != "call":
            return
        callee = layer_of(frame.f_globals.get("__name__", ""))
        caller_frame = frame.f_back
        if callee is None or caller_frame is None:
            return
        caller = layer_of(caller_frame.f_globals.get("__name__", ""))
        name = frame.f_code.co_name
        wiring = caller in WIRING and caller_frame.f_code.co_name != "<module>"
        if wiring and callee not in (caller, "core"):
            sequence.append((callee, f"{frame.f_globals['__name__']}.{name}"))
        if name in PARSERS and callee != "cli" and caller != callee:
            first = next(iter(frame.f_locals.values()), None)
            if isinstance(first, str):
                reparses.append(f"{frame.f_globals['__name__']}.{name}({first!r})")

    sys.setprofile(profile)
    try:
        run(list(argv))
    except SystemExit:
        pass
    finally:
        sys.setprofile(None)
    layers = [layer for layer, _ in sequence]
    switches = sum(1 for a, b in itertools.pairwise(layers) if a != b)
    return {"switches": switches, "sequence": sequence, "reparses": reparses}


def run_child(command: str) -> dict[str, object]:
    env = dict(os.environ, PNP_OFFLINE="1", LANG="C.UTF-8")
    with tempfile.TemporaryDirectory() as folder:
        proc = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--child", *command.split()],
            cwd=folder,
            env={**env, "PYTHONPATH": os.getcwd()},
            capture_output=True,
            text=True,
            check=True,
        )
    return json.loads(proc.stdout.splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--show", action="store_true", help="print the wiring's calls too")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.child:
        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()):
            result = trace(args.command)
        print(json.dumps(result))
        return 0
    commands = [" ".join(args.command)] if args.command else list(BATTERY)
    total_switches = total_reparses = 0
    for command in commands:
        result = run_child(command)
        switches, reparses = result["switches"], result["reparses"]
        assert isinstance(switches, int) and isinstance(reparses, list)
        total_switches += switches
        total_reparses += len(reparses)
        print(f"{switches:4d} switches {len(reparses):3d} re-parses  pnp {command}")
        if args.show:
            sequence = result["sequence"]
            assert isinstance(sequence, list)
            previous = None
            for layer, function in sequence:
                mark = "  " if layer == previous else "->"
                print(f"       {mark} {layer:9s} {function}")
                previous = layer
            for call in reparses:
                print(f"       re-parse {call}")
    print(f"{total_switches:4d} switches {total_reparses:3d} re-parses  in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
