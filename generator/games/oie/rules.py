"""The choices the seed leaves open, as explicit options (see docs/rules/oie.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from generator.core.refusal import OneOf, Refusal
from generator.games.oie.refusals import Why

OCCUPIED_SWAP = "swap"  # "les deux paient et échangent leurs places" (default)
OCCUPIED_RETURN = "return"  # "on retourne à la case d'où l'on vient"
OCCUPIED_CHOICES = (OCCUPIED_SWAP, OCCUPIED_RETURN)

FIRST_THROW_EACH = "each"  # every player's first throw of the first round (default)
FIRST_THROW_OPENER = "opener"  # only the very first throw of the game
FIRST_THROW_FROM_START = "from-start"  # every throw made from the start square
FIRST_THROW_OFF = "off"
FIRST_THROW_CHOICES = (
    FIRST_THROW_EACH,
    FIRST_THROW_OPENER,
    FIRST_THROW_FROM_START,
    FIRST_THROW_OFF,
)

INN_WHILE_THERE = "while-there"  # a newcomer swaps with whoever is still at the inn (default)
INN_SAME_ROUND = "same-round"  # only with one who arrived in the same round; else the occupied rule
INN_CHOICES = (INN_WHILE_THERE, INN_SAME_ROUND)

WELL_RESCUED_PAYS = "rescued"  # "Il paie alors pour le sauvetage": the one saved (default)
WELL_RESCUER_PAYS = "rescuer"
WELL_CHOICES = (WELL_RESCUED_PAYS, WELL_RESCUER_PAYS)

POLICY_TEAM = "team"  # values computed for the team variant, one die per pawn (default)
POLICY_BEST = "best"  # each die to the pawn it helps most by the classic game's chain
POLICY_RANDOM = "random"
POLICY_CHOICES = (POLICY_TEAM, POLICY_BEST, POLICY_RANDOM)

# « un autre joueur » at the inn, the well and the prison, in the team variant
OWN_PAWNS_RETURN = "return"  # an own pawn is no other player: the newcomer goes back (default)
OWN_PAWNS_RELEASE = "release"  # an own pawn swaps out, rescues and frees like another player
OWN_PAWNS_CHOICES = (OWN_PAWNS_RETURN, OWN_PAWNS_RELEASE)

#: Solitaire: nobody can free a lone prisoner, so the prison counts as this many lost turns.
SOLITAIRE_PRISON_TURNS = 3


@dataclass(frozen=True)
class Rules:
    """How a game is played. Defaults follow docs/rules/oie.md."""

    occupied: str = OCCUPIED_SWAP
    first_throw: str = FIRST_THROW_EACH
    prison_turns: int | None = None  # None: held until another pawn arrives
    inn_swap: str = INN_WHILE_THERE
    well_payer: str = WELL_RESCUED_PAYS
    ante: int = 0  # stakes each player puts in the pot before the game
    max_rounds: int = 1000  # a game still running after this many rounds is stopped, unfinished

    def __post_init__(self) -> None:
        if self.occupied not in OCCUPIED_CHOICES:
            raise Refusal(
                Why.UNKNOWN_OCCUPIED, {"rule": self.occupied, "choices": OneOf(OCCUPIED_CHOICES)}
            )
        if self.first_throw not in FIRST_THROW_CHOICES:
            raise Refusal(
                Why.UNKNOWN_FIRST_THROW, {"rule": self.first_throw, "choices": FIRST_THROW_CHOICES}
            )
        if self.inn_swap not in INN_CHOICES:
            raise Refusal(Why.UNKNOWN_INN, {"rule": self.inn_swap, "choices": OneOf(INN_CHOICES)})
        if self.well_payer not in WELL_CHOICES:
            raise Refusal(
                Why.UNKNOWN_WELL_PAYER, {"payer": self.well_payer, "choices": OneOf(WELL_CHOICES)}
            )
        if self.prison_turns is not None and self.prison_turns < 0:
            raise Refusal(Why.PRISON_TURNS)
        if self.ante < 0:
            raise Refusal(Why.ANTE)
        if self.max_rounds < 1:
            raise Refusal(Why.MAX_ROUNDS)


@dataclass(frozen=True)
class Teams:
    """The team variant: each player has ``pawns`` pawns; each die moves a different pawn."""

    pawns: int
    policy: str = POLICY_TEAM
    own_pawns: str = OWN_PAWNS_RETURN  # an own pawn at the inn, the well or the prison
    #: one policy per seat (head-to-head comparisons); empty: ``policy`` for every seat
    seat_policies: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.pawns not in (2, 4):
            raise Refusal(Why.PAWNS, {"pawns": self.pawns})
        for policy in (self.policy, *self.seat_policies):
            if policy not in POLICY_CHOICES:
                raise Refusal(Why.UNKNOWN_POLICY, {"policy": policy, "choices": POLICY_CHOICES})
        if self.own_pawns not in OWN_PAWNS_CHOICES:
            raise Refusal(
                Why.UNKNOWN_OWN_PAWNS,
                {"rule": self.own_pawns, "choices": OneOf(OWN_PAWNS_CHOICES)},
            )

    def policy_of(self, seat: int) -> str:
        """The policy that moves ``seat``'s pawns (``seat_policies`` repeats past its end)."""
        if not self.seat_policies:
            return self.policy
        return self.seat_policies[seat % len(self.seat_policies)]


def default_pawns(players: int) -> int:
    """4 pawns for fewer than four players, 2 for five or more; four players: 2 (our choice)."""
    return 4 if players < 4 else 2


def team_variant(
    players: int,
    teams: bool,
    pawns: int | None = None,
    policy: str | None = None,
    own_pawns: str | None = None,
) -> Teams | None:
    """The team variant asked for (``teams``, and its ``pawns``, ``policy``, ``own_pawns``), or
    None for the classic game; the other three only mean something in the team variant (the
    refusal names the setting: ``pawns``, ``policy``, ``own-pawns``).
    ``policy``: one name for every seat, or one per seat separated by commas (``team,best``)."""
    if not teams:
        for name, value in (("pawns", pawns), ("policy", policy), ("own-pawns", own_pawns)):
            if value is not None:
                raise Refusal(Why.TEAMS_ONLY, {"option": name})
        return None
    policies = tuple(p.strip() for p in (policy or POLICY_TEAM).split(","))
    if len(policies) > 1 and len(policies) != players:
        raise Refusal(Why.POLICY_COUNT, {"policies": len(policies), "players": players})
    return Teams(
        pawns or default_pawns(players),
        policies[0],
        own_pawns or OWN_PAWNS_RETURN,
        policies if len(policies) > 1 else (),
    )


def check_players(players: int) -> None:
    if not 1 <= players <= 12:
        raise Refusal(Why.PLAYER_COUNT, {"players": players})


# The choices above as enums, for the command line (click shows and checks them); a test keeps
# each enum equal to its tuple of choices.


class Occupied(StrEnum):
    SWAP = OCCUPIED_SWAP
    RETURN = OCCUPIED_RETURN


class FirstThrowRule(StrEnum):
    EACH = FIRST_THROW_EACH
    OPENER = FIRST_THROW_OPENER
    FROM_START = FIRST_THROW_FROM_START
    OFF = FIRST_THROW_OFF


class InnSwap(StrEnum):
    WHILE_THERE = INN_WHILE_THERE
    SAME_ROUND = INN_SAME_ROUND


class WellPayer(StrEnum):
    RESCUED = WELL_RESCUED_PAYS
    RESCUER = WELL_RESCUER_PAYS
