"""The import contracts of pyproject.toml ([tool.importlinter]) hold, and they can fail.

Each case copies the package into a temporary folder, adds one module with an import the
contracts forbid, and runs ``lint-imports`` there: it must name the broken contract and exit
non-zero. The unmodified copy passes (CI runs ``lint-imports`` on the checkout itself).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("layers")
    shutil.copytree(
        ROOT / "generator",
        folder / "generator",
        ignore=lambda folder, names: [
            name
            for name in names
            if name == "__pycache__" or (Path(folder, name).is_file() and name[-3:] != ".py")
        ],
    )
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")
    return folder


def lint_imports(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_package_as_it_is_keeps_every_contract(package_copy: Path) -> None:
    result = lint_imports(package_copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # a lower layer importing a higher one
        ("geo/_upward.py", "from generator.render import units", "generator.geo is not allowed"),
        ("core/_upward.py", "import generator.games.oie.rules", "generator.core is not allowed"),
        ("games/_upward.py", "from generator.cli import main", "generator.games is not allowed"),
        ("render/_upward.py", "from generator.kit import model", "generator.render is not allowed"),
        # the rules drawing or reaching the network
        ("games/oie/_pdf.py", "import reportlab.pdfgen.canvas", "generator.games is not allowed"),
        # one game's rules reaching into another's
        ("games/otcho/_other.py", "from generator.games.oie import rules", "stand alone"),
        # the referee service talking to a terminal itself
        ("products/referee/_ui.py", "import rich.console", "serves every front-end"),
    ],
)
def test_a_forbidden_import_breaks_its_contract(
    package_copy: Path, module: str, line: str, broken: str
) -> None:
    path = package_copy / "generator" / module
    path.write_text(f"{line}\n", encoding="utf-8")
    try:
        result = lint_imports(package_copy)
    finally:
        path.unlink()
    assert result.returncode != 0
    assert "BROKEN" in result.stdout
    assert broken in result.stdout
