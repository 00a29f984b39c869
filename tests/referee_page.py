"""The referee's phone page in a real browser: the system's Chromium driven by Playwright, with
real key presses and taps (never a value set by a script). Shared by the page's test modules;
their ``browser`` fixture is :func:`launched` (``tests/conftest.py``).

``keys(page, text)`` types a text one key at a time, as a thumb does; ``typo`` first types a
wrong letter and takes it back with Backspace. ``fresh(page, selector)`` empties a field the way
a player does: select all, Backspace.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.core.i18n import Language
from generator.games.oucedonc.deckfile import Deck
from generator.products.oucedonc_referee_page import render_page

CHROMIUM = next(
    (
        path
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (path := shutil.which(name))
    ),
    None,
)

PHONE = {"width": 360, "height": 740}
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
LETTERS = "azertyuiop"


def launched() -> Iterator[Any]:
    """One headless Chromium (the system's) for a module's tests."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM, "CI=true but chromium is not installed: apt-get install -y chromium"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def page_file(deck: Deck, folder: Path, language: Language = "fr") -> Path:
    path = folder / f"referee-{language}.html"
    path.write_text(render_page(deck, language=language), encoding="utf-8")
    return path


class Phone:
    """The page open on a 360 × 740 touch screen; every error of its script fails the test."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(path.as_uri())

    def close(self) -> None:
        self.context.close()
        assert self.errors == []

    def fresh(self, selector: str) -> None:
        """Tap the field and empty it with the keyboard."""
        self.page.locator(selector).click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Backspace")

    def keys(self, text: str, rng: random.Random | None = None, typo: float = 0.0) -> None:
        """``text`` one key at a time (a key down, its character, a key up for each); with
        ``rng``, a wrong letter now and then, taken back with Backspace."""
        typed = ""
        for char in text:
            if rng is not None and rng.random() < typo:
                self.page.keyboard.type(typed + rng.choice(LETTERS))
                self.page.keyboard.press("Backspace")
                typed = ""
            typed += char
        if typed:
            self.page.keyboard.type(typed)

    def enter(self, selector: str, text: str, rng: random.Random | None = None) -> None:
        self.fresh(selector)
        self.keys(text, rng, typo=0.15 if rng is not None else 0.0)

    def value(self, selector: str) -> str:
        return str(self.page.locator(selector).input_value())

    def shoot(self, name: str) -> None:
        """A screenshot kept where ``PNP_SCREENSHOTS`` says (looked at by hand)."""
        folder = os.environ.get("PNP_SCREENSHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(folder) / f"{name}.png"))
