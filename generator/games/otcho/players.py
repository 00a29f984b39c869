"""How many play Neo Otcho and how many pawns each needs.

« Joueurs : 2 3 4 5 6 » and « 6+nbr_joueurs pions par joueur … Donc 3 joueurs = 6+3 = 9 pions par
joueur ».
"""

from __future__ import annotations

from generator.core.refusal import Refusal
from generator.games.otcho.faces import SLOTS
from generator.games.otcho.refusals import Why

MIN_PLAYERS, MAX_PLAYERS = 2, 6
PAWNS_TO_WIN = len(SLOTS)  # one pawn on each slot of one's own card wins


def check_players(players: int) -> int:
    """``players`` if the game is for that many, else a refusal saying how many may play."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Refusal(
            Why.PLAYER_COUNT, {"low": MIN_PLAYERS, "high": MAX_PLAYERS, "players": players}
        )
    return players


def pawns_per_player(players: int) -> int:
    """Six to fill one's own card, plus one per player to block the others."""
    return PAWNS_TO_WIN + check_players(players)
