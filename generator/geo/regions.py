"""Resolve what a user types after ``--region`` into a selection of places.

Accepted here: ``france`` (or ``fr``, or nothing), a région or département by name, ignoring
case, accents, hyphens and apostrophes ("bretagne", "Ile de France", "cotes d'armor"), or by
code ("33", "2A"). A bare number is a **département** code, as people say "le 75" for Paris;
since région codes overlap département codes ("53" is Mayenne and Bretagne), a région is
chosen by code with a prefix: ``region:53`` (``dep:53``/``departement:53`` force a
département). Anything else is a :class:`UserError` that lists the closest names.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from generator.errors import UserError
from generator.geo import embedded
from generator.geo.model import Place

SelectionKind = Literal["country", "region", "departement"]

_FRANCE_WORDS = frozenset({"", "france", "fr", "metropole", "france metropolitaine"})
_REGION_PREFIXES = ("region:", "reg:", "r:")
_DEPARTEMENT_PREFIXES = ("departement:", "dep:", "dept:", "d:")


@dataclass(frozen=True)
class RegionSelection:
    """A named set of départements (or all of France) that places can be tested against."""

    kind: SelectionKind
    code: str  # "FR", a région code or a département code
    name: str
    departements: frozenset[str]

    @property
    def label(self) -> str:
        """A human label: "Bretagne (région 53)", "Gironde (département 33)", "France"."""
        if self.kind == "country":
            return self.name
        kind = "région" if self.kind == "region" else "département"
        return f"{self.name} ({kind} {self.code})"

    def contains(self, place: Place) -> bool:
        if place.country != "FR":
            return False
        if self.kind == "country":
            return True
        return place.departement in self.departements

    def filter(self, places: Iterable[Place]) -> tuple[Place, ...]:
        return tuple(place for place in places if self.contains(place))


def normalise(text: str) -> str:
    """Lower case, no accents, hyphens/apostrophes/underscores as spaces, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    for sep in "-'’_.":
        letters = letters.replace(sep, " ")
    return " ".join(letters.split())


def france() -> RegionSelection:
    return RegionSelection("country", "FR", "France", frozenset(d.code for d in embedded.departements()))


def _region(code: str) -> RegionSelection:
    region = next(r for r in embedded.regions() if r.code == code)
    members = frozenset(d.code for d in embedded.departements() if d.region == code)
    return RegionSelection("region", region.code, region.name, members)


def _departement(code: str) -> RegionSelection:
    departement = next(d for d in embedded.departements() if d.code == code)
    return RegionSelection("departement", departement.code, departement.name, frozenset({code}))


def _strip_prefix(text: str, prefixes: tuple[str, ...]) -> str | None:
    for prefix in prefixes:
        if text.startswith(prefix):
            return text[len(prefix) :].strip()
    return None


def resolve_region(text: str) -> RegionSelection:
    """The selection named by ``text`` (see the module docstring); UserError when unknown."""
    raw = text.strip()
    key = normalise(raw)
    region_codes = {r.code for r in embedded.regions()}
    departement_codes = {d.code.upper(): d.code for d in embedded.departements()}

    if key in _FRANCE_WORDS:
        return france()
    lowered = raw.casefold().replace("é", "e")
    code = _strip_prefix(lowered, _REGION_PREFIXES)
    if code is not None:
        if code in region_codes:
            return _region(code)
        raise UserError(
            f"no metropolitan région has code {code!r}; use one of {', '.join(sorted(region_codes))} or a name"
        )
    code = _strip_prefix(lowered, _DEPARTEMENT_PREFIXES)
    if code is not None:
        if code.upper() in departement_codes:
            return _departement(departement_codes[code.upper()])
        raise UserError(f"no metropolitan département has code {code!r}; use 01 to 95, 2A or 2B, or a name")
    candidate = raw.upper()
    if len(candidate) == 1 and candidate.isdigit():
        candidate = "0" + candidate  # "1" -> "01"
    if candidate in departement_codes:
        return _departement(departement_codes[candidate])

    for region in embedded.regions():
        if normalise(region.name) == key:
            return _region(region.code)
    for departement in embedded.departements():
        if normalise(departement.name) == key:
            return _departement(departement.code)
    raise UserError(_unknown_message(raw))


def _unknown_message(raw: str) -> str:
    names = [r.name for r in embedded.regions()] + [d.name for d in embedded.departements()]
    by_key = {normalise(name): name for name in names}
    close = difflib.get_close_matches(normalise(raw), list(by_key), n=4, cutoff=0.6)
    hint = f"did you mean {', '.join(by_key[k] for k in close)}?" if close else "use a région or département name or code"
    return f"unknown region {raw!r}: {hint} (e.g. 'bretagne', 'Gironde', '33', '2A', 'region:53', 'france')"
