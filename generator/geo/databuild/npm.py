"""Fetch npm package tarballs with ``npm pack`` and read files out of them.

``npm pack NAME@VERSION`` downloads the published tarball and checks its integrity hash; the
files are then read straight from the tarball, never extracted to disk.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import UserError
from generator.core.i18n import _


@dataclass(frozen=True)
class NpmPackage:
    name: str
    version: str

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"


@dataclass(frozen=True)
class PackedPackage:
    package: NpmPackage
    tarball: Path
    integrity: str  # the registry's "sha512-..." hash, as reported by npm

    def read(self, member: str) -> bytes:
        """Bytes of ``package/<member>`` inside the tarball."""
        with tarfile.open(self.tarball, "r:gz") as archive:
            try:
                handle = archive.extractfile(f"package/{member}")
            except KeyError:
                handle = None
            if handle is None:
                raise UserError(
                    _("{spec} has no file {member}; check the pinned version").format(
                        spec=self.package.spec, member=member
                    )
                )
            return handle.read()

    def read_folder(self, folder: str, suffix: str = "") -> dict[str, bytes]:
        """The files of ``package/<folder>`` whose names end in ``suffix``, by their names
        inside that folder (one pass over the tarball)."""
        prefix = f"package/{folder}"
        found = {}
        with tarfile.open(self.tarball, "r:gz") as archive:
            for member in archive:
                name = member.name
                if member.isfile() and name.startswith(prefix) and name.endswith(suffix):
                    handle = archive.extractfile(member)
                    if handle is not None:
                        found[name[len(prefix) :]] = handle.read()
        return found


def npm_pack(package: NpmPackage, destination: Path) -> PackedPackage:
    """Download ``package`` into ``destination`` with ``npm pack``."""
    npm = shutil.which("npm")
    if npm is None:
        raise UserError(
            _(
                "npm is not installed; install Node.js and npm (e.g. apt-get install npm) to "
                "rebuild the data"
            )
        )
    command = [npm, "pack", package.spec, "--json", "--pack-destination", str(destination)]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    except subprocess.TimeoutExpired as exc:
        raise UserError(
            _("npm pack {spec} timed out; check the network and retry").format(spec=package.spec)
        ) from exc
    if result.returncode != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        detail = lines[-1].strip() if lines else f"exit code {result.returncode}"
        raise UserError(
            _("npm pack {spec} failed ({detail}); check the network and retry").format(
                spec=package.spec, detail=detail
            )
        )
    try:
        info = json.loads(result.stdout)[0]
        tarball = destination / info["filename"]
        integrity = info["integrity"]
    except (ValueError, LookupError, TypeError) as exc:
        raise UserError(
            _("npm pack {spec} printed unexpected output; update npm and retry").format(
                spec=package.spec
            )
        ) from exc
    if not tarball.is_file():
        raise UserError(
            _("npm pack {spec} wrote no tarball; check the npm installation").format(
                spec=package.spec
            )
        )
    return PackedPackage(package=package, tarball=tarball, integrity=integrity)
