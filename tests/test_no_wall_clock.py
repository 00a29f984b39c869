"""The tests neither sleep to wait for something nor assert on the wall clock (tests/README.md).

A fixed ``time.sleep`` is either too short on a loaded machine (a flaky test) or too long
everywhere (a slow one): a test waits for the condition itself (``tests.waiting.wait_until``,
an event, a line read from the other process). A wall-time assertion ("answered in less than
2 s") fails on a loaded machine and proves little: the code under test takes a clock
(``generator.geo.http.Clock``) and the test reads what it chose to wait.

Every file under ``tests/`` is read: a call of ``time.sleep`` (in the code, or in the source of
a child program held in a string) and a comparison that involves a reading of the clock
(``time.time()``, ``time.monotonic()``, ``time.perf_counter()``, or a name assigned from one)
fail this test, unless the line is in :data:`ALLOWED` with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CLOCKS = frozenset({"time", "monotonic", "perf_counter", "monotonic_ns", "time_ns"})
SLEEP = re.compile(r"\btime\.sleep\(|\bfrom time import\b[^\n]*\bsleep\b")

# (file under tests/, the line without its indentation): why it may use the clock.
ALLOWED = {
    ("waiting.py", "if time.monotonic() > ends:"): "the deadline of a wait for a condition",
    ("waiting.py", "time.sleep(POLL_S)"): "the poll interval of that wait",
    ("fuzz/harness.py", "time.sleep(rng.uniform(0.05, 1.2))"): (
        "kill -9 at a random moment of a write: the delay is the fuzz input"
    ),
    ("fuzz/harness.py", "time.sleep(0.02)"): (
        "the window that makes the concurrent game commands overlap (a race to provoke)"
    ),
    ("fuzz/harness.py", "time.sleep(0.05)"): "the pace of a hostile server that trickles",
    ("fuzz/harness.py", "if time.monotonic() - started > 15:"): (
        "a finding: a hostile template still running long after pnp's 5 s limit"
    ),
    ("fuzz/harness.py", "if time.monotonic() - started > 20:"): (
        "a finding: a hostile server still read long after the client's deadlines"
    ),
}


def _is_clock_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in CLOCKS
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "time"
    )


def _reads_clock(node: ast.expr, clock_names: set[str]) -> bool:
    """``node`` is a time read from the clock: a reading, a name holding one, sums and
    differences of them, their min or max (not a call that merely takes one as an argument)."""
    if _is_clock_call(node):
        return True
    if isinstance(node, ast.Name):
        return node.id in clock_names
    if isinstance(node, ast.BinOp):
        return _reads_clock(node.left, clock_names) or _reads_clock(node.right, clock_names)
    if isinstance(node, ast.UnaryOp):
        return _reads_clock(node.operand, clock_names)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in ("min", "max") and any(
            _reads_clock(arg, clock_names) for arg in node.args
        )
    return False


def wall_clock_uses(source: str) -> list[int]:
    """The line numbers of ``source`` that sleep or compare a reading of the clock."""
    lines = [number for number, line in enumerate(source.splitlines(), 1) if SLEEP.search(line)]
    tree = ast.parse(source)
    assignments = [node for node in ast.walk(tree) if isinstance(node, ast.Assign)]
    clock_names: set[str] = set()  # names holding a reading: started = time.monotonic(), and
    while True:  # those computed from one: deadline = started + 5
        more = {
            target.id
            for node in assignments
            if _reads_clock(node.value, clock_names)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        if more <= clock_names:
            break
        clock_names |= more
    lines += [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and any(_reads_clock(side, clock_names) for side in (node.left, *node.comparators))
    ]
    return sorted(set(lines))


def test_no_test_sleeps_or_times_itself_on_the_wall_clock():
    found, used = [], set()
    for path in sorted(TESTS.rglob("*.py")):
        name = path.relative_to(TESTS).as_posix()
        if path == Path(__file__).resolve():
            continue  # its examples are data
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for number in wall_clock_uses(source):
            key = (name, lines[number - 1].strip())
            if key in ALLOWED:
                used.add(key)
            else:
                found.append(f"tests/{name}:{number}: {key[1]}")
    assert found == [], "wait for the condition, or give the code a clock:\n" + "\n".join(found)
    assert used == set(ALLOWED), f"allowed but no longer there: {set(ALLOWED) - used}"


def test_the_check_sees_sleeps_and_timed_assertions():
    source = (
        "import time\n"
        "def test_x():\n"
        "    started = time.monotonic()\n"
        "    time.sleep(2.0)\n"
        "    elapsed = time.monotonic() - started\n"
        "    assert elapsed < 2.5\n"
        "    assert time.perf_counter() > 0\n"
        "    code = 'import time; time.sleep(60)'\n"
        "    deadline = started + 5\n"
        "    assert deadline > 0\n"
        "    assert len(code) > 3\n"
    )
    assert wall_clock_uses(source) == [4, 6, 7, 8, 10]
