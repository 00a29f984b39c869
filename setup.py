"""What pyproject.toml cannot say: the repository keeps ``datasets/`` and ``templates/`` at its top
level (where they are edited, and where PROVENANCE and the docs point); the built package carries
them inside, as ``generator/datasets`` and ``generator/templates``, so that nothing but
``generator`` lands at the top of site-packages. ``generator.core.resources`` finds them in
either place. (A ``package-dir`` mapping would say the same, but it turns the editable install of
``make kit`` into an import hook, with a warning at every install and a slower interpreter start.)
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

INSIDE = {"datasets": "generator/datasets", "templates": "generator/templates"}


class BuildPyWithData(build_py):
    """``build_py``, then the top-level data folders copied into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the editable install reads them where they are
            return
        for source, target in INSIDE.items():
            for path in sorted(Path(source).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    destination = Path(self.build_lib, target, path.relative_to(source))
                    self.mkpath(str(destination.parent))
                    self.copy_file(str(path), str(destination))


setup(cmdclass={"build_py": BuildPyWithData})
