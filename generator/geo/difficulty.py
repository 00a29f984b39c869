"""How well known a deck's places are (``--difficulty``): the windows of familiarity ranks each
one draws from are in :data:`generator.geo.selection.DIFFICULTIES`."""

from __future__ import annotations

from enum import StrEnum


class Difficulty(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
