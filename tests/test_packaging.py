"""The distributions a Python user installs: the sdist and the wheel built from it.

``python -m build`` makes the sdist, then the wheel from the unpacked sdist (so a file missing
from the sdist is missing from the wheel too). No build isolation: the tests never touch the
network, the test extra brings setuptools and build. ``.ci/run`` installs the wheel in a fresh
venv and plays with it offline.
"""

from __future__ import annotations

import email
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from generator import __version__

ROOT = Path(__file__).resolve().parents[1]
DIST_INFO = f"pnp_generator-{__version__}.dist-info"
SHIPPED = ("datasets", "templates")  # top-level folders of the repository, inside the package


def _build_environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONWARNINGS"] = "default"  # every warning the backend raises reaches the log
    return env


# Building the sdist and the wheel from it takes about 4 s of CPU: the tests that read them are
# heavy by nature (tests/README.md).
BUILDS = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The wheel, the sdist and the build's log."""
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
        env=_build_environment(),
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return wheel, sdist, result.stdout + result.stderr


def _shipped_files() -> set[str]:
    """Every file of the repository's datasets/ and templates/, as a path inside generator/."""
    return {
        str(path.relative_to(ROOT))
        for folder in SHIPPED
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


@BUILDS
def test_the_wheel_installs_nothing_but_the_generator_package(built):
    wheel, _, _ = built
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"generator", DIST_INFO}
    top_level = zipfile.ZipFile(wheel).read(f"{DIST_INFO}/top_level.txt").decode().split()
    assert top_level == ["generator"]


@BUILDS
def test_the_wheel_carries_the_datasets_and_the_templates_inside_the_package(built):
    wheel, _, _ = built
    with zipfile.ZipFile(wheel) as archive:
        inside = {
            name.removeprefix("generator/")
            for name in archive.namelist()
            if name.startswith(tuple(f"generator/{folder}/" for folder in SHIPPED))
        }
        assert inside == _shipped_files()
        for name in sorted(inside):
            assert archive.read(f"generator/{name}") == (ROOT / name).read_bytes(), name
        assert "generator/render/fonts/DejaVuSans.ttf" in archive.namelist()


@BUILDS
def test_the_sdist_holds_the_sources_and_the_data_folders(built):
    _, sdist, _ = built
    prefix = f"pnp_generator-{__version__}/"
    with tarfile.open(sdist) as archive:
        names = {name.removeprefix(prefix) for name in archive.getnames()}
    assert _shipped_files() <= names
    assert {"LICENSE", "README.md", "pyproject.toml", "setup.py", "generator/cli/main.py"} <= names


@BUILDS
def test_the_metadata_names_every_licence(built):
    wheel, _, _ = built
    with zipfile.ZipFile(wheel) as archive:
        metadata = email.message_from_bytes(archive.read(f"{DIST_INFO}/METADATA"))
        names = archive.namelist()
    expression = metadata["License-Expression"]
    for licence in (
        "MIT",
        "OFL-1.1",
        "Bitstream-Vera",
        "CC-BY-4.0",
        "Zlib",
        "etalab-2.0",
        "Unicode-3.0",
        "ODbL-1.0",
        "CC0-1.0",
    ):
        assert licence in expression.split(" AND ")
    files = metadata.get_all("License-File")
    assert files == [
        "LICENSE",
        "generator/render/fonts/LICENSE-DejaVu.txt",
        "datasets/OFL-Fraunces.txt",
        "datasets/OFL-FiraSans.txt",
        "datasets/OFL-NotoSansSymbols2.txt",
        "datasets/LICENSE-FOGRA39L.txt",
        "datasets/LICENSE-data.md",
    ]
    assert all(f"{DIST_INFO}/licenses/{file}" in names for file in files)
    classifiers = metadata.get_all("Classifier")
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert not [c for c in classifiers if c.startswith("License ::")]  # the expression says it


@BUILDS
def test_building_prints_no_warning(built):
    _, _, log = built
    assert not [line for line in log.splitlines() if "warning" in line.lower()]


def test_the_editable_install_is_a_plain_path_entry_without_warnings(tmp_path):
    """What `make kit` installs: a .pth line (no import hook to load at every start of
    Python), and not a word from setuptools."""
    script = (
        "import sys; from setuptools import build_meta; "
        "print(build_meta.build_editable(sys.argv[1]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        env=_build_environment(),
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "warning" not in result.stderr.lower(), result.stderr
    with zipfile.ZipFile(tmp_path / result.stdout.split()[-1]) as archive:
        (pth,) = [name for name in archive.namelist() if name.endswith(".pth")]
        assert archive.read(pth).decode().strip() == str(ROOT)
        assert not [name for name in archive.namelist() if name.endswith("_finder.py")]


def test_the_shipped_folders_are_found_through_package_folder_only():
    """A path built from ``__file__`` up to the repository's datasets/ or templates/ works in a
    checkout and breaks in an installed wheel (they are inside the package there)."""
    pattern = re.compile(r"""parents\[\d\]\s*/\s*["'](datasets|templates)["']""")
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "generator").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@BUILDS
def test_the_wheel_ships_the_compiled_catalogs_and_no_po(built):
    """``generator/locale/LANG/LC_MESSAGES/DOMAIN.mo`` for every ``.po`` of the repository, each
    the compilation of that ``.po`` (the same messages and translations); no ``.po`` needed."""
    import io

    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    wheel, _, _ = built
    sources = sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po"))
    assert sources
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert not [name for name in names if name.endswith(".po")]
        for source in sources:
            inside = f"generator/locale/{source.relative_to(ROOT / 'locale').with_suffix('.mo')}"
            assert inside in names, inside
            compiled = read_mo(io.BytesIO(archive.read(inside)))
            with source.open("rb") as stream:
                expected = read_po(stream)
            assert _messages(compiled) == _messages(expected), source.name


def _messages(catalog) -> dict:
    """Message -> translation, plural ones as tuples (the .mo reader gives lists)."""

    def key(value):
        return tuple(value) if isinstance(value, (list, tuple)) else value

    return {key(m.id): key(m.string) for m in catalog if m.id and m.string}
