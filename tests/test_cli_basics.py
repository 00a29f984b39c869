"""The CLI contract: help works, user mistakes give one line and exit code 2."""

import subprocess
import sys


def run_pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=60
    )


def test_help_lists_commands():
    result = run_pnp("--help")
    assert result.returncode == 0
    assert "Usage" in result.stdout


def test_unknown_command_is_one_line_and_exit_2():
    result = run_pnp("no-such-command")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("pnp: error: ")
    assert "--help" in lines[0]


def test_unknown_option_is_one_line_and_exit_2():
    result = run_pnp("about", "--nope")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
