"""Write docs/schemas/*.schema.json from the records that validate deck and game files.

Run:  python scripts/write_file_schemas.py   (tests/test_hardening_files.py checks they match)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.games.oucedonc.fileschema import json_schemas  # noqa: E402


def rendered() -> dict[str, str]:
    return {
        f"{name}.schema.json": json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True)
        + "\n"
        for name, schema in json_schemas().items()
    }


if __name__ == "__main__":
    for name, text in rendered().items():
        (ROOT / "docs" / "schemas" / name).write_text(text, encoding="utf-8")
        print(f"wrote docs/schemas/{name}")
