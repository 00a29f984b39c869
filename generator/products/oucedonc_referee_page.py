"""``DECK-referee.html``: the referee on a phone, one self-contained page beside the deck JSON.

What it does, in the deck's language (printed material: its words are the ``material``
catalog's):

- **Verify** a placement: the card laid, a direction (north, south, west, east of a neighbour,
  or between two cards of the column or of the row), the neighbours; the verdict shown large
  with the cards' coordinates exactly as their backs print them, the same verdict as ``pnp
  oucedonc verify --deck`` (:mod:`generator.products.referee.verify`).
- **Count**: the players enter each arm's cards in the order they lie, from the start card
  outward, by typing or tapping, and every player's (or team's) estimate; the page applies the
  seed's rule exactly as ``pnp oucedonc count`` and ``game count`` do (from the start card
  outward, a card out of place with the one before it is set aside), says which cards it set
  aside and why, who wins what, and adds the winnings to the tokens it keeps.
- **Players and tokens**: the players or teams (a team plays as one player, its members named)
  and their tokens, moved by hand after a doubt.

Names are found as the terminal finds them, by the same algorithm on the same data: the deck's
name index (:meth:`generator.games.oucedonc.names.NameIndex.as_data`: the keys in the index's
order, what each names), the rules of :func:`generator.core.namekeys.name_key` for what is typed
(:func:`~generator.core.namekeys.key_rules`), the same levels (whole name or id, a qualifier in
parentheses, without separators, the start of the name, the start of its words) and, for a
misspelling, the closest names by difflib's ratio with the same cut-off. What the player types
stays in the field until a candidate is chosen (tap or Enter). The page holds its data, script
and style: no network, no external script, font or image, so it opens from the phone's files
and is served as it is by the studio.

The template is ``templates/referee/page.html.j2``, rendered in an autoescaped sandbox;
``tests/test_oucedonc_referee_page*.py`` drive it in headless Chromium with real key presses.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from generator.core.i18n import MATERIAL_DEFAULT, N_, P_, Language
from generator.core.namekeys import key_rules, name_key
from generator.core.outputs import text_holds
from generator.core.resources import package_folder
from generator.core.typography import printed_name
from generator.games.catalog import OUCEDONC
from generator.games.oucedonc.coords import printed_coordinate
from generator.games.oucedonc.deckfile import Deck
from generator.games.oucedonc.names import NameIndex
from generator.games.oucedonc.referee import card_entries
from generator.games.oucedonc.rules import RuleOptions
from generator.games.oucedonc.wording import VOWEL
from generator.products.contract import Built, BuiltFile, FileKind, Product

if TYPE_CHECKING:
    from jinja2 import Template

TEMPLATE = package_folder("templates") / "referee" / "page.html.j2"


# What every page says in its footer: how the next deck recognises the page as pnp's own.
PAGE_MARKER = b"<code>pnp oucedonc verify --deck</code>"
REFEREE_PAGE = FileKind(
    N_("referee page"),
    text_holds(PAGE_MARKER),
    N_("wrote {path} (the referee on a phone: open it from the phone's files)"),
)
MAIN = "oucedonc-referee.html"


def page_path(deck_json: Path) -> Path:
    """``output/bretagne.json`` -> ``output/bretagne-referee.html``."""
    return deck_json.with_name(f"{deck_json.stem}-referee.html")


def starting_tokens(deck: Deck, rules: RuleOptions) -> int:
    """The tokens each player starts with: what the deck's rule cards print, else the rules'."""
    return int(deck.params.get("tokens_each", rules.starting_tokens))


def page_data(
    deck: Deck, rules: RuleOptions = RuleOptions(), language: Language = MATERIAL_DEFAULT
) -> dict[str, Any]:
    """What the page's script reads: every place card as its back prints it in ``language``,
    the deck's name index and the rules that key a typed name, the rule options it opens
    with."""
    index = NameIndex(card_entries(deck))  # the index `verify --deck` finds names in
    return {
        "title": deck.title,  # the key of the page's stored game (not shown)
        "language": language,
        "precision": deck.precision.value,
        "rules": {
            "equal_coordinates": rules.equal_coordinates.value,
            "count_preceding": rules.count_preceding.value,
            "closest_tie": rules.closest_tie.value,
            "exact_tie": rules.exact_tie.value,
        },
        "tokens": starting_tokens(deck, rules),
        "keys": key_rules(),
        "index": index.as_data(),
        "vowel": VOWEL.pattern,  # French writes "d’Angers", "du Mans" (wording.of_place)
        "cards": [
            {
                "id": card.id,
                "name": printed_name(card.name),  # shown; found by its key, ' or ’ alike
                "qualifier": card.departement,
                "qualifier_key": name_key(card.departement or ""),
                "lat_units": card.lat_units,
                "lon_units": card.lon_units,
                "lat_text": printed_coordinate(card.lat_text, language),
                "lon_text": printed_coordinate(card.lon_text, language),
            }
            for card in deck.places
        ],
    }


def render_page(
    deck: Deck,
    rules: RuleOptions = RuleOptions(),
    language: Language = MATERIAL_DEFAULT,
) -> str:
    """The page's HTML for ``deck`` in ``language`` (its words through the printed material's
    catalog: the page is printed material, in the deck's language); ``rules`` are the rule
    options it opens with (the players may change them on the page)."""
    template = _page_template(language)
    data = json.dumps(page_data(deck, rules, language), ensure_ascii=False, separators=(",", ":"))
    # Inside <script>, "</script" or "<!--" would end or confuse the element: write every "<"
    # as its JSON escape (it only occurs inside strings).
    safe = data.replace("<", "\\u003c")
    return template.render(
        title=printed_name(deck.title),
        places=len(deck.places),
        precision_label=P_(language, deck.precision.label),
        deck_json=safe,
    )


@lru_cache(maxsize=4)
def _page_template(language: Language) -> Template:
    """The page's template speaking ``language``, compiled once per process (a long-running
    one, the studio's workers, makes many pages)."""
    from generator.render.template_sandbox import RegularFileLoader, sandboxed_environment

    environment = sandboxed_environment(
        RegularFileLoader(str(TEMPLATE.parent)), autoescape=True, language=language
    )
    environment.keep_trailing_newline = False
    # The script's words are JSON strings ({{ _("…")|tojson }}), written as the page's own
    # literals were: UTF-8, keys in their order ("<", ">", "&" and "'" are still escaped).
    environment.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "sort_keys": False}
    return environment.get_template(TEMPLATE.name)


class RefereePageOptions(Struct, frozen=True):
    """The page of ``deck``, printed in ``language``, opening with the ``rules`` options."""

    deck: Deck
    rules: RuleOptions = RuleOptions()
    language: Language = MATERIAL_DEFAULT


def page_file(deck: Deck, language: Language, rules: RuleOptions = RuleOptions()) -> BuiltFile:
    """The page as a built file (the deck's companion, or the page alone)."""
    page = render_page(deck, rules, language=language)
    return BuiltFile(MAIN, REFEREE_PAGE, page.encode("utf-8"))


def build(options: RefereePageOptions) -> Built[None]:
    """The page in memory."""
    page = page_file(options.deck, options.language, options.rules)
    return Built(PRODUCT.key, (page,), None, main=MAIN)


PRODUCT: Product[RefereePageOptions, None] = Product(
    "oucedonc-referee-page", OUCEDONC.key, build, main=lambda options: MAIN, main_kind=REFEREE_PAGE
)
