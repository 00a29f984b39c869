"""A turn, a round and a game of Pronostiques.

« on en distribue 8 à chaque joueur » · « Échanger jusqu'à 3 de ses cartes en main » ·
« La manche se termine dès que 3 des 4 piles sont complètes » · « La partie s'arrête quand au
moins un joueur à plus de 15 points » (after that round: docs/rules/pronostiques.md).
"""

from __future__ import annotations

HAND = 8  # cards in each hand, refilled from the table after laying one
EXCHANGE = 3  # at most this many cards swapped with the table in one turn
PILES_TO_END_ROUND = 3  # complete piles that end a round (the fourth car is last)
GAME_ENDS_ABOVE = 15  # the game ends after a round where someone has more than this
