"""Write generator/core/namekey_tables.json: the Unicode tables of ``name_key``'s rules.

    .venv/bin/python scripts/namekey_tables.py [--check]

The referee page carries ``generator.core.namekeys.key_rules()`` so that a phone keys what is
typed as pnp does. Its tables (combining characters, case folds, spaces) are a pass over the
Basic Multilingual Plane in Python's Unicode database: 20 ms of every deck. The file keeps them
for the Unicode version of the Python that writes it; a Python of another version makes them
again (``namekeys._stored_tables``). Run it when the project's Python changes Unicode version;
``--check`` fails (exit 1) when the file is not what this Python makes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.core.namekeys import TABLES_FILE, unicode_tables


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    text = json.dumps(unicode_tables(), separators=(",", ":")) + "\n"
    if args.check:
        same = TABLES_FILE.is_file() and TABLES_FILE.read_text(encoding="utf-8") == text
        print(f"{TABLES_FILE.name}: {'up to date' if same else 'stale: run without --check'}")
        return 0 if same else 1
    TABLES_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {TABLES_FILE} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
