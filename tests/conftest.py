"""What every test shares."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _own_user_folders(tmp_path_factory: pytest.TempPathFactory):
    """The tests never read or write the user's own folders: a data set rebuilt there by
    'pnp data build' would be read instead of the repository's, and a cache could answer for a
    local test server. Child processes inherit the same folders."""
    saved = {name: os.environ.get(name) for name in ("PNP_DATA_DIR", "PNP_CACHE_DIR")}
    os.environ["PNP_DATA_DIR"] = str(tmp_path_factory.mktemp("user-data"))
    os.environ["PNP_CACHE_DIR"] = str(tmp_path_factory.mktemp("user-cache"))
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
