"""What the studio built, by content: a folder per deck, named by its recipe's key.

The key (:func:`generator.products.oucedonc_recipe.recipe_key`) is the recipe's content address:
the same recipe, the same files, so any worker process, and any machine sharing the folder,
serves any deck that one of them built. Every file is written under a temporary name and
renamed into place (:mod:`generator.core.atomic`): a reader never sees half a file, and two
workers building the same recipe at once write the same bytes. Nothing a request says becomes
a path unchecked: keys are 32 hex digits, file names come from :data:`DECK_FILES` or are
checked by :data:`PREVIEW`. The folder is bounded: past :attr:`Cache.max_entries` decks the
least recently built go.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from generator.core.i18n import LANGUAGES

KEY = re.compile(r"^[0-9a-f]{32}$")
#: The files of a built deck: its summary once per language the studio speaks (its warnings
#: are sentences in that language; the other files are the same whoever asked).
DECK_FILES = frozenset(
    {"recipe.json", "deck.json", "deck.pdf", "faces.pdf", "referee.html"}
    | {f"summary.{language}.json" for language in LANGUAGES}
)
#: A card face's preview: ``P07-front.png``.
PREVIEW = re.compile(r"^[A-Z]{1,2}\d{1,4}-(front|back)\.png$")


class NotCached(LookupError):
    """No such entry in the cache."""


@dataclass(frozen=True)
class Cache:
    root: Path
    max_entries: int = 400

    def folder(self, kind: str, key: str) -> Path:
        if kind not in ("decks", "material") or not KEY.match(key):
            raise NotCached(key)
        return self.root / kind / key

    def path(self, kind: str, key: str, name: str) -> Path:
        if name not in DECK_FILES and not PREVIEW.match(name) and not _material_name(name):
            raise NotCached(name)
        return self.folder(kind, key) / name

    def read(self, kind: str, key: str, name: str) -> bytes:
        try:
            return self.path(kind, key, name).read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            raise NotCached(name) from None

    def has(self, kind: str, key: str, name: str) -> bool:
        return self.path(kind, key, name).is_file()

    def write(self, kind: str, key: str, name: str, data: bytes) -> Path:
        from generator.core.atomic import write_bytes

        path = self.path(kind, key, name)
        new = not path.parent.is_dir()
        path.parent.mkdir(parents=True, exist_ok=True)
        written = write_bytes(path, data)
        if new:
            self.trim(kind)
        return written

    def trim(self, kind: str) -> None:
        """Remove the least recently built entries past :attr:`max_entries`."""
        base = self.root / kind
        try:
            entries = [entry for entry in os.scandir(base) if KEY.match(entry.name)]
        except FileNotFoundError:
            return
        if len(entries) <= self.max_entries:
            return
        entries.sort(key=lambda entry: entry.stat().st_mtime)
        for entry in entries[: len(entries) - self.max_entries]:
            shutil.rmtree(entry.path, ignore_errors=True)


_MATERIAL = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,80}\.(pdf|png|zip|json)$")


def _material_name(name: str) -> bool:
    return bool(_MATERIAL.match(name)) and ".." not in name
