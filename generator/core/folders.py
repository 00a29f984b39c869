"""The user's folders for pnp: where answers are cached and where data is kept.

``PNP_CACHE_DIR`` and ``PNP_DATA_DIR`` override them; otherwise they are the platform's user
cache and data folders for "pnp" (on Linux ``~/.cache/pnp`` and ``~/.local/share/pnp``).
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """Where API answers and downloaded dumps are cached (PNP_CACHE_DIR overrides)."""
    override = os.environ.get("PNP_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("pnp", appauthor=False))


def data_dir() -> Path:
    """Where fetched place sets and rebuilt datasets are stored (PNP_DATA_DIR overrides)."""
    override = os.environ.get("PNP_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("pnp", appauthor=False))
