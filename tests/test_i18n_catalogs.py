"""The translation catalogs: complete, faithful to their messages, up to date with the code.

For each gettext domain (docs/i18n.md): every message extracted from the code and the templates
has a translation that is neither empty nor fuzzy, with every plural form; a translation keeps
the ``{fields}`` of its message (a field missing or misspelt is a KeyError, or a value lost, when
the CLI fills it); the ``.po`` files are what ``scripts/i18n.py update`` writes (nothing to add,
nothing obsolete); and every marked message in the code is a literal the extractor can see.
"""

from __future__ import annotations

import ast
import re
import string
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import i18n  # noqa: E402  (scripts/i18n.py)

DOMAINS = {domain.name: domain for domain in i18n.domains()}


@pytest.fixture(scope="module", params=sorted(DOMAINS))
def domain(request):
    """A domain, its messages as extracted now and its catalog as written in the repository."""
    chosen = DOMAINS[request.param]
    return chosen, i18n.extract(chosen), i18n.read(chosen.po, chosen.target_language)


def _ids(catalog) -> set:
    return {message.id for message in catalog if message.id}


def test_every_message_has_a_translation(domain):
    chosen, _template, catalog = domain
    assert i18n.missing(chosen, catalog) == []


def test_the_catalog_is_up_to_date_with_the_code(domain):
    _chosen, template, catalog = domain
    added = sorted(map(str, _ids(template) - _ids(catalog)))
    obsolete = sorted(map(str, _ids(catalog) - _ids(template)))
    assert added == [], "run: .venv/bin/python scripts/i18n.py update"
    assert obsolete == [], "run: .venv/bin/python scripts/i18n.py update"


def _fields(text: str) -> set[str]:
    """The named fields of a str.format template ("{name!r:>4}" -> "name!r")."""
    fields = set()
    for _literal, name, _spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields.add(name + (f"!{conversion}" if conversion else ""))
    return fields


def _brace_entries(catalog):
    for message in catalog:
        if not message.id or "python-format" in message.flags:
            continue  # %-formatted (click's "%(prog)s"): not str.format templates
        yield message


def test_each_translation_keeps_the_fields_of_its_message(domain):
    _chosen, _template, catalog = domain
    wrong = []
    for message in _brace_entries(catalog):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        try:
            expected = set().union(*(_fields(text) for text in ids))
            for text in strings:
                found = _fields(text)
                # a singular may leave out the count it does not need ("1 page", "une page")
                if not found <= expected or (len(ids) == 1 and found != expected):
                    wrong.append((ids[0], text))
        except ValueError as exc:  # an unbalanced brace
            wrong.append((ids[0], f"{exc}"))
    assert wrong == []


def test_plural_entries_have_every_form(domain):
    _chosen, _template, catalog = domain
    short = [
        message.id[0]
        for message in catalog
        if isinstance(message.id, tuple)
        and (len(message.string) != catalog.num_plurals or not all(message.string))
    ]
    assert short == []


def test_the_french_catalogs_use_french_typography():
    """Before ; : ! ? and inside « », a no-break space, never a plain one (CLI messages); an
    apostrophe between letters is the typographic one (’), as the material prints it."""
    bad = []
    for name in ("pnp", "vendor"):
        catalog = i18n.read(DOMAINS[name].po, "fr")
        for message in catalog:
            if not message.id:
                continue  # the header
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                if any(f" {mark}" in text for mark in ";:!?»") or "« " in text:
                    bad.append(text)
                if re.search(r"(?<=[^\W\d_])'(?=[^\W\d_])", text):  # n'importe: n’importe
                    bad.append(text)
    assert bad == []


# --- the marks in the code -----------------------------------------------------------------

#: Marking functions and the position of their message (P_ and PN_ take the language first).
MARKERS = {"_": 0, "N_": 0, "NN_": 0, "ngettext": 0, "P_": 1, "PN_": 1, "M_": 0}
#: Where the marking functions are defined or handed to Jinja2 as the templates' gettext.
WRAPPERS = {"generator/core/i18n.py", "generator/render/template_sandbox.py"}


def _marked_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            position = MARKERS.get(node.func.id)
            if position is not None and len(node.args) > position:
                yield node, node.args[position]


def _hidden(call: ast.Call, message: ast.expr) -> bool:
    """True when the extractor cannot see the message: an f-string, ``"…" % x``, ``"…" + x``,
    ``"…".format()``... A literal is seen; so is, for a translating call (``_``, ``P_``...), a
    name that holds a message marked where it is defined (``M_("Oie")``, ``N_("…")``); the
    marking calls themselves (``N_``, ``NN_``, ``M_``) take literals only."""
    if isinstance(message, ast.Constant) and isinstance(message.value, str):
        return False
    marking = isinstance(call.func, ast.Name) and call.func.id in ("N_", "NN_", "M_")
    return marking or not isinstance(message, (ast.Name, ast.Attribute, ast.Subscript))


def test_every_marked_message_is_a_literal():
    """``_(f"…")``, ``_("…" % x)`` or ``_(variable)`` hide the message from the extractor (and
    the translator): the message is a literal, its values filled in after the translation."""
    wrong = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        if str(path.relative_to(ROOT)) in WRAPPERS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call, message in _marked_calls(tree):
            if _hidden(call, message):
                where = f"{path.relative_to(ROOT)}:{call.lineno}"
                wrong.append(f"{where}: {ast.unparse(call)[:80]}")
    assert wrong == [], "use translate_cli(text) for a CLI message marked elsewhere"


def test_the_literal_check_catches_an_f_string():
    source = "\n".join(
        [
            '_(f"{n} cards")',
            'P_(language, "x" % 2)',
            'N_("fine")',
            "P_(language, square.name)",
            "N_(name)",
            '_("a" + b)',
            "_(label)",
        ]
    )
    flagged = [call for call, message in _marked_calls(ast.parse(source)) if _hidden(call, message)]
    assert [ast.unparse(call) for call in flagged] == [
        "_(f'{n} cards')",
        "P_(language, 'x' % 2)",
        "N_(name)",
        "_('a' + b)",
    ]
