"""Text that came from data or from a user, made safe to print on a terminal.

A place name, a player name, a file name or a deck title may hold anything: an ESC sequence
that recolours or clears the terminal, a carriage return that overwrites the line, a
right-to-left override that reverses what follows, a byte that is not UTF-8 (a file name
given on the command line). Before such text is printed it goes through :func:`one_line`
(messages, table cells, names) or :func:`terminal` (multi-line text such as a traceback),
which show those characters as visible escapes (``\\x1b``, ``\\u202e``) instead of sending
them. Rich markup is a separate concern: consoles that print data are made with markup and
emoji codes off (:func:`generator.cli.console.data_console`).

:func:`ascii_slug` makes a name into a file name that any system and any browser takes:
"Oucédonc · Finistère" -> "oucedonc-finistere".
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

# DEL, C1 controls, line/paragraph separators, bidi embeddings/overrides/isolates, and lone
# surrogates (a byte that was not UTF-8, kept by Python's surrogateescape)...
_OTHERS = "\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
# ...plus every C0 control; multi-line text keeps \t and \n.
_UNSAFE_ONE_LINE = re.compile(f"[\x00-\x1f{_OTHERS}]")
_UNSAFE_KEEP_LINES = re.compile(f"[\x00-\x08\x0b-\x1f{_OTHERS}]")
# What JSON text needs on top of its own escapes of C0 controls.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a raw byte kept by surrogateescape: show the byte
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(match.group(), f"\\x{code:02x}")
    return f"\\u{code:04x}"


def one_line(text: object) -> str:
    """``text`` on one line, every control or direction character shown as an escape."""
    return _UNSAFE_ONE_LINE.sub(_escape, str(text))


def terminal(text: object) -> str:
    """Like :func:`one_line` but keeping line breaks and tabs (for multi-line text)."""
    return _UNSAFE_KEEP_LINES.sub(_escape, str(text))


def unsafe_characters(text: str) -> list[str]:
    """The characters of ``text`` that :func:`one_line` would escape (empty: ``text`` is clean)."""
    return _UNSAFE_ONE_LINE.findall(text)


def json_line(document: Any, indent: int | None = None) -> str:
    """``json.dumps`` for the terminal: UTF-8 text kept readable (``ensure_ascii=False``) but
    every C1 control, separator, bidi control and lone surrogate written as a ``\\u`` escape
    (the C0 controls are escaped by JSON itself), so printing it is always safe and it is
    still the same JSON."""
    text = json.dumps(document, ensure_ascii=False, indent=indent)
    return _JSON_UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def ascii_slug(text: str, keep: str = "") -> str:
    """``text`` as lower-case ASCII letters and digits (accents folded: "Bavière" ->
    "baviere"; what has no ASCII form dropped), every other run of characters one "-", none at
    either end; the characters of ``keep`` (".", "_") are kept too, but not at either end."""
    bare = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    others = re.compile(f"[^a-z0-9{re.escape(keep)}]+")
    return others.sub("-", bare).strip("-" + keep)
