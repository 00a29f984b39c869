"""The five games, one record each: what every front-end says about a game, said once.

A :class:`GameInfo` holds a game's key (its command group, such as ``otcho``), its French title
(printed as it is in every language: the games are French), its English name and the subtitle an
English gallery adds under the title, what it prints and what it referees (French, marked for
the printed material's catalog: ``P_(language, line)`` says them), and the keys of its decks in
the table of decks (:mod:`generator.products.catalog`). The kit's gallery, the products, the
drawing that prints a game's name and the studio's front page read them here.
"""

from __future__ import annotations

from msgspec import Struct

from generator.core.i18n import M_


class GameInfo(Struct, frozen=True):
    """One of the five games: its key, its names, and what pnp prints and referees for it."""

    key: str  # "otcho": the command group, the key of its products and decks
    name: str  # "Neo Otcho": the French title, printed as it is in every language
    english: str  # "Neo Otcho", "the Game of the Goose": its name in English
    subtitle: str  # what an English gallery prints under the title (English)
    material: tuple[str, ...]  # what it prints (French, M_)
    helpers: tuple[str, ...]  # what it referees or computes (French, M_)
    decks: tuple[str, ...] = ()  # its decks' keys in the table of decks


OUCEDONC = GameInfo(
    key="oucedonc",
    name="Oucédonc",
    english="Oucédonc",
    subtitle="the geography card game: where is it, then?",
    material=(
        M_(
            "des jeux de cartes de lieux pour toute région : le nom au recto, les coordonnées "
            "au verso"
        ),
        M_("des jetons"),
        M_("un arbitre pour téléphone, hors ligne"),
    ),
    helpers=(
        M_("le verdict d’un placement contesté"),
        M_("une partie suivie du début à la fin"),
        M_("le décompte en cours de partie"),
    ),
    decks=("oucedonc-cards", "oucedonc-tokens"),
)
OIE = GameInfo(
    key="oie",
    name="Jeu de l'Oie",
    english="the Game of the Goose",
    subtitle="the Game of the Goose",
    material=(
        M_("le plateau de 63 cases en spirale, sur une page, en A3 ou en affiche"),
        M_("un plateau aux lieux d’une région"),
    ),
    helpers=(
        M_("le résultat d’un lancer"),
        M_("des parties simulées"),
        M_("les statistiques exactes d’une partie en solitaire"),
    ),
)
TERRITOIRES = GameInfo(
    key="territoires",
    name="Les territoires",
    english="the Territories",
    subtitle="the Territories, a card game for two houses",
    material=(
        M_("les feuilles de points de vie des deux maisons"),
        M_("un jeu de Petit Lenormand de 36 cartes"),
        M_("un résumé des règles et une feuille de mise en place"),
    ),
    helpers=(M_("le calcul d’une attaque ou d’un soin"),),
    decks=("territoires-lenormand",),
)
OTCHO = GameInfo(
    key="otcho",
    name="Neo Otcho",
    english="Neo Otcho",
    subtitle="a dice game",
    material=(
        M_("les cartes des joueurs"),
        M_("les deux dés spéciaux à plier"),
        M_("les pions"),
        M_("une aide de jeu"),
    ),
    helpers=(M_("ce que permet un lancer, avec sa probabilité"),),
    decks=("otcho-players",),
)
PRONOSTIQUES = GameInfo(
    key="pronostiques",
    name="Pronostiques",
    english="Predictions",
    subtitle="Predictions, a race-betting card game",
    material=(
        M_("un jeu de course de 54 cartes et les quatre cartes pronostic"),
        M_("une feuille de score"),
        M_("une aide de jeu"),
    ),
    helpers=(
        M_("les points de chaque pronostic"),
        M_("les limites des piles"),
    ),
    decks=("pronostiques-race", "pronostiques-predictions"),
)

#: The games, in the order the kit and the help list them.
GAMES: tuple[GameInfo, ...] = (OUCEDONC, OIE, TERRITOIRES, OTCHO, PRONOSTIQUES)


def game(key: str) -> GameInfo:
    """The game ``key`` (a KeyError names it when there is none)."""
    for info in GAMES:
        if info.key == key:
            return info
    raise KeyError(f"no game {key!r}; the games are {', '.join(info.key for info in GAMES)}")
