"""What an export reads: the games a user named, and their decks in the format it asks.

The decks come from the table of decks (:mod:`generator.products.catalog`): each product of a
game gives its decks in a :class:`~generator.products.options.DeckFormat` through its
``deck_options``. An export never builds a product's files to find its cards. An export given
a :data:`DeckSource` takes its decks from there instead (the studio's deck, made from its
recipe: :func:`generator.products.oucedonc_recipe.recipe_decks`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from generator.core.errors import UserError
from generator.core.i18n import _
from generator.games.catalog import GAMES, GameInfo
from generator.products.options import DeckFormat
from generator.render.deck import CardDeck


class Game(Enum):
    """The games an export names (the command groups' keys)."""

    OUCEDONC = "oucedonc"
    OIE = "oie"
    TERRITOIRES = "territoires"
    OTCHO = "otcho"
    PRONOSTIQUES = "pronostiques"

    @property
    def info(self) -> GameInfo:
        return next(info for info in GAMES if info.key == self.value)


#: The decks an export takes in the format it asks, instead of its games' default decks.
DeckSource = Callable[[DeckFormat], tuple[CardDeck, ...]]


def game_decks(
    game: Game, fmt: DeckFormat, source: DeckSource | None = None
) -> tuple[CardDeck, ...]:
    """Every deck of ``game`` in the format ``fmt``, in the table's order (``source``'s when
    given: one deck's export)."""
    from generator.products.catalog import game_products

    if source is not None:
        return source(fmt)
    return tuple(deck for product in game_products(game.value) for deck in product.decks_in(fmt))


def decks_of(
    games: Sequence[Game], fmt: DeckFormat, source: DeckSource | None = None
) -> tuple[CardDeck, ...]:
    """The decks of ``games`` (each once, in the order named; ``source``'s when given); a
    one-line UserError when none of them prints a deck."""
    chosen = tuple(dict.fromkeys(games))
    decks = tuple(deck for game in chosen for deck in game_decks(game, fmt, source))
    if not decks:
        raise UserError(
            _("{games} prints no cards; name a game with a deck: {decks}").format(
                games=", ".join(game.value for game in chosen),
                decks=", ".join(info.key for info in GAMES if info.decks),
            )
        )
    return decks
