"""Finding a place or a player by the name people type: accents, case, hyphens and apostrophes
ignored.

"evreux", "EVREUX" and "Évreux" are the same key; so are "l isle sur la sorgue" and
"L'Isle-sur-la-Sorgue", and "st brieuc" and "Saint-Brieuc" (``st``/``ste``/``mt`` are read as
Saint/Sainte/Mont). A name that matches no key is tried once more with every separator dropped,
so "lisle sur la sorgue" (apostrophe typed as nothing) finds it too; then as the start of a name
("belle ile" finds Belle-Île-en-Mer), then as the start of its words in order ("quiberon" finds
Presqu'île de Quiberon). A name that matches nothing, or more than one thing, is a refusal
(:data:`Why.UNKNOWN_NAME`, :data:`Why.AMBIGUOUS_NAME`) that lists the candidates, each with its
distinguishing label (the département for homonyms).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from msgspec import Struct

from generator.core.i18n import _
from generator.core.namekeys import name_key
from generator.core.refusal import Clause, Json, Refusal
from generator.games.oucedonc.refusals import Hint, Named, Why

__all__ = ["Entry", "NameIndex", "Named", "ambiguous", "name_key", "resolve"]

T = TypeVar("T")

_TRAILING_CODE = re.compile(r"^(?P<name>.*?)\s*\((?P<code>[^()]+)\)\s*$")
QUALIFIER_ROOM = 24  # " (2A)", " (site 05)": what a qualifier adds to a name
SHOWN = 40  # the characters of an over-long name a refusal quotes
# The closest names to one that names nothing: difflib's ratio (Ratcliff and Obershelp), the five
# closest keys at 0.6 or more, and the first six of their labels.
CLOSEST_KEYS = 5
CLOSEST_CUTOFF = 0.6
CLOSEST_SHOWN = 6


class Entry(Struct, Generic[T], frozen=True):
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
    """Entries indexed by name key, built once and searched many times.

    The index holds positions; an entry is looked at (and, from :meth:`of_keys`, made) only when
    a search finds it: 36,000 embedded places are indexed by their keys alone.
    """

    def __init__(self, entries: Sequence[Entry[T]]) -> None:
        self._entry: Callable[[int], Entry[T]] = list(entries).__getitem__
        self._add(
            # Each key once, in the entry's order (a set's order would change with the
            # process's hash seed, and with it the index's data in the phone page).
            (position, dict.fromkeys((name_key(entry.name), *map(name_key, entry.aliases))))
            for position, entry in enumerate(entries)
        )

    @classmethod
    def of_keys(cls, keys: Sequence[str], entry: Callable[[int], Entry[T]]) -> NameIndex[T]:
        """The index of ``len(keys)`` entries without aliases, ``keys[i]`` the name key of the
        entry ``entry(i)`` (made on first use, then kept)."""
        index = cls.__new__(cls)
        made: dict[int, Entry[T]] = {}

        def made_once(position: int) -> Entry[T]:
            if position not in made:
                made[position] = entry(position)
            return made[position]

        index._entry = made_once
        found: dict[str, list[int]] = {}
        for position, key in enumerate(keys):  # _add, one key each: 35,000 communes
            if key in found:
                found[key].append(position)
            else:
                found[key] = [position]
        index._index = found
        index._compact = None
        index._longest = max(map(len, found), default=0) + QUALIFIER_ROOM
        return index

    def _add(self, keyed: Iterable[tuple[int, Iterable[str]]]) -> None:
        self._index: dict[str, list[int]] = {}
        self._compact: dict[str, list[int]] | None = None  # made when first needed
        index = self._index
        for position, aliases in keyed:
            for alias in aliases:
                if alias in index:
                    index[alias].append(position)
                else:
                    index[alias] = [position]
        # The longest text that can name an entry: its name and a qualifier ("Saint-Denis (93)").
        self._longest = max(map(len, index), default=0) + QUALIFIER_ROOM

    def could_name(self, key: str) -> bool:
        """Can a name of this key's length name an entry at all? (A longer one is refused at
        once, whatever its length: a pasted page costs one pass, never a search.)"""
        return len(key) <= self._longest

    def _by_compact_key(self) -> dict[str, list[int]]:
        """Positions by key with the separators dropped ("lisle sur la sorgue"), in order."""
        if self._compact is None:
            grouped: dict[str, list[int]] = {}
            for alias, positions in self._index.items():
                grouped.setdefault(_compact(alias), []).extend(positions)
            self._compact = {
                key: positions if len(positions) == 1 else sorted(set(positions))
                for key, positions in grouped.items()
            }
        return self._compact

    def _entries(self, positions: Iterable[int]) -> list[Entry[T]]:
        """The entries at ``positions``, each once, in order."""
        return [self._entry(position) for position in dict.fromkeys(positions)]

    def matches(self, text: str) -> list[Entry[T]]:
        """Every entry ``text`` names at the first level that finds any: the whole name, the name
        with its qualifier ("Saint-Denis (93)"), without separators, the start of the name, the
        start of its words. One entry: found; several: ambiguous; none: unknown."""
        key = name_key(text)
        if not key or not self.could_name(key):
            return []
        found = self._entries(self._index.get(key, []))
        if not found:
            match = _TRAILING_CODE.match(" ".join(text.split()))  # one space: one pass
            if match:
                code = name_key(match.group("code"))
                candidates = self._entries(self._index.get(name_key(match.group("name")), []))
                found = [e for e in candidates if e.qualifier and name_key(e.qualifier) == code]
        if not found:  # an apostrophe or hyphen typed as nothing: "Lisle", "saintetienne"
            found = self._entries(self._by_compact_key().get(_compact(key), []))
        if not found:  # the start of a name: "belle ile", "mont saint"
            found = self.starting_with(key)
        if not found:  # the start of its words, in order: "quiberon", "pic midi"
            found = self._words_starting_with(key)
        return found

    def find(self, text: str, what: Named, hint: Hint) -> T:
        """The value of the one entry named ``text``; a refusal naming the candidates otherwise.

        ``text`` may end with a qualifier in parentheses ("Saint-Denis (93)") to pick one homonym.
        ``what`` is the kind of thing named; ``hint`` says what to do about a wrong name.
        """
        key = name_key(text)
        if not key:
            raise Refusal(Why.EMPTY_NAME, {"kind": what.value, "hint": hint})
        if not self.could_name(key):
            raise Refusal(
                Why.NAME_TOO_LONG,
                {"name": text[:SHOWN], "length": len(text), "hint": hint},
            )
        found = self.matches(text)
        if len(found) == 1:
            return found[0].value
        if found:
            raise ambiguous(text, found, what)
        labels = [entry.label for entry in self.closest(key)]
        raise Refusal(
            Why.UNKNOWN_NAME,
            {"kind": what.value, "name": text, "closest": tuple(labels), "hint": hint},
        )

    def closest(self, key: str) -> list[Entry[T]]:
        """The entries whose keys are closest to ``key`` (a key that names nothing), closest
        first, each label once."""
        close = difflib.get_close_matches(
            key, list(self._index), n=CLOSEST_KEYS, cutoff=CLOSEST_CUTOFF
        )
        found: dict[str, Entry[T]] = {}
        for candidate in close:
            for entry in self._entries(self._index[candidate]):
                found.setdefault(entry.label, entry)
        return list(found.values())[:CLOSEST_SHOWN]

    def starting_with(self, key: str) -> list[Entry[T]]:
        """Entries whose name key (or separator-free key) starts with ``key``."""
        compact = _compact(key)
        found: list[int] = []
        for alias, positions in self._index.items():
            if alias.startswith(key) or _compact(alias).startswith(compact):
                found.extend(positions)
        return self._entries(found)

    def _words_starting_with(self, key: str) -> list[Entry[T]]:
        typed = key.split()
        found: list[int] = []
        for alias, positions in self._index.items():
            if _words_prefix(typed, alias.split()):
                found.extend(positions)
        return self._entries(found)

    def keys(self) -> list[str]:
        return list(self._index)

    def as_data(self) -> dict[str, object]:
        """The index as a script reads it (the referee's phone page finds names exactly as
        :meth:`matches` and :meth:`find` do): every key in the index's order with the positions
        it names, and the longest text that can name an entry."""
        return {
            "keys": list(self._index),
            "positions": list(self._index.values()),
            "longest": self._longest,
            "closest": {
                "keys": CLOSEST_KEYS,
                "cutoff": CLOSEST_CUTOFF,
                "shown": CLOSEST_SHOWN,
            },
        }


def _words_prefix(typed: list[str], words: list[str]) -> bool:
    """Does each typed word start a word of ``words``, in order ("pic midi" in "pic du midi")?"""
    at = 0
    for part in typed:
        while at < len(words) and not words[at].startswith(part):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


def ambiguous(text: str, found: Sequence[Entry[T]], what: Named) -> Refusal:
    """The refusal of a name that fits several entries, listing them."""
    labels = sorted({e.label for e in found}, key=name_key)
    homonyms = len({name_key(e.name) for e in found}) == 1
    advice = (
        Clause(Hint.WRITE_THE_CODE, {"example": found[0].label})
        if homonyms and found[0].qualifier
        else Clause(Hint.TYPE_MORE)
    )
    return Refusal(
        Why.AMBIGUOUS_NAME,
        {
            "kind": what.value,
            "name": text,
            "candidates": Candidates(tuple(labels)),
            "advice": advice,
        },
    )


class Candidates(Struct, frozen=True):
    """The names a word fits, the first eight shown: "Saint-Denis (93), Saint-Denis (974)" or
    "A, B, … and 4 more"."""

    labels: tuple[str, ...]
    shown: int = 8

    def words(self) -> str:
        text = ", ".join(self.labels[: self.shown])
        if len(self.labels) > self.shown:
            more = len(self.labels) - self.shown
            return _("{names} and {count} more").format(names=text, count=more)
        return text

    def to_json(self) -> Json:
        return list(self.labels)


def _compact(key: str) -> str:
    return key.replace(" ", "")


def resolve(text: str, entries: Sequence[Entry[T]], what: Named, hint: Hint) -> T:
    """:meth:`NameIndex.find` on a one-off index."""
    return NameIndex(entries).find(text, what, hint)
