"""Finding a place or a player by the name people type: accents, case, hyphens and apostrophes ignored.

"evreux", "EVREUX" and "Évreux" are the same key; so are "l isle sur la sorgue" and
"L'Isle-sur-la-Sorgue". A name that matches no key is tried once more with every separator
dropped, so "lisle sur la sorgue" (apostrophe typed as nothing) finds it too. A name that matches
nothing, or more than one thing, is a UserError that lists the closest candidates, each with its
distinguishing label (the département for homonyms).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from generator.core.errors import UserError

T = TypeVar("T")

_SEPARATORS = re.compile(r"[\s\-‐‑‒–—'’‘`´ʼ.]+")
_TRAILING_CODE = re.compile(r"^(?P<name>.*?)\s*\((?P<code>[^()]+)\)\s*$")


def name_key(text: str) -> str:
    """The comparison key of a name: no accents, case-folded, separators turned into one space."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    bare = bare.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    return _SEPARATORS.sub(" ", bare.casefold()).strip()


@dataclass(frozen=True)
class Entry(Generic[T]):
    """One thing that can be named: its display name, extra keys it answers to, a qualifier
    that tells homonyms apart (a département code) and the thing itself."""

    name: str
    value: T
    qualifier: str | None = None
    aliases: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.name} ({self.qualifier})" if self.qualifier else self.name


class NameIndex(Generic[T]):
    """Entries indexed by name key, built once and searched many times."""

    def __init__(self, entries: Sequence[Entry[T]]) -> None:
        self._index: dict[str, list[Entry[T]]] = {}
        self._compact: dict[str, list[Entry[T]]] = {}  # separators dropped: "lisle sur la sorgue"
        for entry in entries:
            for alias in {name_key(entry.name), *(name_key(a) for a in entry.aliases)}:
                self._index.setdefault(alias, []).append(entry)
                self._compact.setdefault(_compact(alias), []).append(entry)

    def find(self, text: str, what: str, hint: str) -> T:
        """The value of the one entry named ``text``; a UserError naming the closest candidates otherwise.

        ``text`` may end with a qualifier in parentheses ("Saint-Denis (93)") to pick one homonym.
        ``what`` names the kind of thing ("place", "card", "player"); ``hint`` says what to do.
        """
        index = self._index
        key = name_key(text)
        if not key:
            raise UserError(f"empty {what} name; {hint}")
        found = _unique(index.get(key, []))
        if not found:
            match = _TRAILING_CODE.match(text.strip())
            if match:
                code = name_key(match.group("code"))
                candidates = _unique(index.get(name_key(match.group("name")), []))
                found = [e for e in candidates if e.qualifier and name_key(e.qualifier) == code]
        if not found:  # an apostrophe or hyphen typed as nothing: "Lisle", "saintetienne"
            found = _unique(self._compact.get(_compact(key), []))
        if len(found) == 1:
            return found[0].value
        if len(found) > 1:
            labels = ", ".join(sorted(e.label for e in found)[:8])
            more = "" if len(found) <= 8 else f" and {len(found) - 8} more"
            raise UserError(
                f"{what} {text!r} is ambiguous: {labels}{more}; write it with its code in parentheses, e.g. {found[0].label!r}"
            )
        close = difflib.get_close_matches(key, list(index), n=5, cutoff=0.6)
        labels: list[str] = []
        for candidate in close:
            for entry in _unique(index[candidate]):
                if entry.label not in labels:
                    labels.append(entry.label)
        suggestion = f"; closest: {', '.join(labels[:6])}" if labels else ""
        raise UserError(f"unknown {what} {text!r}{suggestion}; {hint}")


def _compact(key: str) -> str:
    return key.replace(" ", "")


def resolve(text: str, entries: Sequence[Entry[T]], what: str, hint: str) -> T:
    """:meth:`NameIndex.find` on a one-off index."""
    return NameIndex(entries).find(text, what, hint)


def _unique(entries: list[Entry[T]]) -> list[Entry[T]]:
    seen: set[int] = set()
    kept = []
    for entry in entries:
        if id(entry) not in seen:
            seen.add(id(entry))
            kept.append(entry)
    return kept
