"""Les territoires: the Lenormand table, houses and roles, and the attack/healing calculator."""

from generator.games.territoires.combat import (
    ForeignSupport,
    Intent,
    InvalidCombination,
    Outcome,
    PairRule,
    Player,
    Rules,
    RunScoring,
    evaluate,
    life_after,
    readings,
)
from generator.games.territoires.houses import (
    LIFE_PER_HOUSE,
    PLAYED_CARDS,
    House,
    Role,
    Setup,
    house_of,
    role_of,
    seat_house,
    setup_for,
)
from generator.games.territoires.lenormand import LENORMAND, LenormandCard, PlayingCard, Suit, lenormand

__all__ = [
    "ForeignSupport", "Intent", "InvalidCombination", "Outcome", "PairRule", "Player", "Rules",
    "RunScoring", "evaluate", "life_after", "readings", "LIFE_PER_HOUSE", "PLAYED_CARDS", "House", "Role", "Setup",
    "house_of", "role_of", "seat_house", "setup_for", "LENORMAND", "LenormandCard", "PlayingCard",
    "Suit", "lenormand",
]
