"""What pyproject.toml cannot say: the repository keeps ``datasets/`` and ``templates/`` at its top
level (where they are edited, and where PROVENANCE and the docs point); the built package carries
them inside, as ``generator/datasets`` and ``generator/templates``, so that nothing but
``generator`` lands at the top of site-packages. ``generator.core.resources`` finds them in
either place. (A ``package-dir`` mapping would say the same, but it turns the editable install of
``make kit`` into an import hook, with a warning at every install and a slower interpreter start.)

The translations are kept as ``.po`` files in ``locale/``; the build compiles each into its
``.mo`` (Babel): inside the wheel as ``generator/locale``, and in place, beside the ``.po``, for
the editable install (``generator.core.i18n`` reads the ``.po`` itself when its ``.mo`` is older).
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

INSIDE = {"datasets": "generator/datasets", "templates": "generator/templates"}


def compile_catalogs(source: Path, target: Path) -> list[Path]:
    """Every ``LANG/LC_MESSAGES/DOMAIN.po`` under ``source`` compiled to its ``.mo`` under
    ``target``; fuzzy entries are left out, as gettext would."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as stream:
            catalog = read_po(stream, locale=po.parts[-3])
        with mo.open("wb") as stream:
            write_mo(stream, catalog)
        written.append(mo)
    return written


class BuildPyWithData(build_py):
    """``build_py``, then the top-level data folders copied into the built package, and the
    translations compiled into it."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the editable install reads them where they are
            compile_catalogs(Path("locale"), Path("locale"))
            return
        compile_catalogs(Path("locale"), Path(self.build_lib, "generator/locale"))
        for source, target in INSIDE.items():
            for path in sorted(Path(source).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    destination = Path(self.build_lib, target, path.relative_to(source))
                    self.mkpath(str(destination.parent))
                    self.copy_file(str(path), str(destination))


setup(cmdclass={"build_py": BuildPyWithData})
