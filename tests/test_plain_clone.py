"""A plain clone passes ``python -m pytest`` after ``pip install -e '.[test]'``, without make.

The clone is a copy of the files git gives one (tracked, and new ones not ignored: no ``.mo``,
no ``.venv``), as they are in this working tree; its virtualenv sees this one's packages
(a ``.pth`` line, so nothing is downloaded) and gets the editable install of the clone, as
pip makes it. The install compiles the catalogs beside their ``.po`` (``setup.py``); a second
worktree sharing that virtualenv, or a clone cleaned with ``git clean -X``, has none, so they
are removed before the i18n tests of the command line run in the clone: the catalogs are then
read from the ``.po`` (click's and Typer's words too, :func:`generator.core.i18n.vendor_folder`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a virtualenv, an editable install and a test file in a clone

ROOT = Path(__file__).resolve().parents[1]


def _git_files() -> list[str]:
    """The files a clone of this working tree would hold, once its changes are committed."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (an sdist, say): no clone to make")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    return [name for name in listed.decode().split("\0") if (ROOT / name).is_file()]


def _clone(target: Path) -> Path:
    for name in _git_files():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    return target


def _virtualenv(folder: Path) -> Path:
    """A virtualenv whose packages are this one's (pip, setuptools and the dependencies)."""
    venv.EnvBuilder(with_pip=False).create(folder)
    python = folder / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (Path(site) / "dependencies.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")
    return python


def _environment(tmp_path: Path) -> dict[str, str]:
    cleared = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "VIRTUAL_ENV")
    env = {k: v for k, v in os.environ.items() if k not in cleared}
    env["PNP_CACHE_DIR"] = str(tmp_path / "cache")
    env["PNP_DATA_DIR"] = str(tmp_path / "data")
    return env


def test_a_plain_clone_installs_then_passes_the_i18n_tests_without_compiled_catalogs(tmp_path):
    clone = _clone(tmp_path / "clone")
    assert not list(clone.glob("locale/*/LC_MESSAGES/*.mo"))
    python = _virtualenv(tmp_path / "venv")
    env = _environment(tmp_path)
    offline = ("--no-deps", "--no-build-isolation", "--no-index")
    install = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", *offline, "--editable", str(clone)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]
    sources = sorted(clone.glob("locale/*/LC_MESSAGES/*.po"))
    compiled = sorted(clone.glob("locale/*/LC_MESSAGES/*.mo"))
    assert compiled == [po.with_suffix(".mo") for po in sources]  # the install compiled them

    for mo in compiled:
        mo.unlink()
    tests = subprocess.run(
        [python, "-m", "pytest", "-p", "no:cacheprovider", "tests/test_i18n_cli_core.py"],
        capture_output=True,
        text=True,
        cwd=clone,
        env=env,
        timeout=600,
    )
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    assert re.search(r"^\d+ passed in ", tests.stdout, re.MULTILINE), tests.stdout[-2000:]
    assert not list(clone.glob("locale/*/LC_MESSAGES/*.mo"))  # read from the .po, not compiled
