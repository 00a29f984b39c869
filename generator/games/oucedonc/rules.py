"""The switchable interpretations of the Oucédonc rules (docs/rules/oucedonc.md explains each)."""

from __future__ import annotations

from enum import Enum
from typing import Any

from msgspec import Struct
from msgspec.structs import asdict

from generator.core.refusal import Refusal, Value
from generator.games.oucedonc.compare import EqualCoordinates
from generator.games.oucedonc.refusals import Why


class BrokePayer(Enum):
    """A player who owes a token after a doubt but has none left."""

    NOTHING = "nothing"  # default: pays nothing, the other player gets nothing
    BANK = "bank"  # the reserve pays in their place


class CountPreceding(Enum):
    """In a count, the card each card is checked against."""

    ON_TABLE = "on-table"  # default: the nearest card toward the start not set aside
    ORIGINAL = "original"  # its neighbour toward the start as laid, even if set aside


class ExactTie(Enum):
    """« En cas d'égalité, tous les joueurs gagnent 2 jetons » when several estimates are exact."""

    EACH = "each"  # default: each player who found the number wins 2 (the others nothing)
    EVERYONE = "everyone"  # literal: every player at the table wins 2


class ClosestTie(Enum):
    """When no estimate is exact and several are equally closest."""

    ALL = "all"  # default: each of them wins 1 token
    NONE = "none"  # nobody wins (the rule says "celui qui", one player)


class RuleOptions(Struct, frozen=True):
    """The rule variants a table chooses (docs/rules/oucedonc.md), the seed's defaults first."""

    equal_coordinates: EqualCoordinates = EqualCoordinates.WELL_PLACED
    broke_payer: BrokePayer = BrokePayer.NOTHING
    count_preceding: CountPreceding = CountPreceding.ON_TABLE
    closest_tie: ClosestTie = ClosestTie.ALL
    exact_tie: ExactTie = ExactTie.EACH
    starting_tokens: int = 4

    def __post_init__(self) -> None:
        if not 0 <= self.starting_tokens <= 99:
            raise Refusal(Why.STARTING_TOKENS, {"tokens": self.starting_tokens})

    def to_json(self) -> dict[str, Any]:
        return {
            key: value.value if isinstance(value, Enum) else value
            for key, value in asdict(self).items()
        }

    @staticmethod
    def from_json(raw: object, source: Value) -> RuleOptions:
        if not isinstance(raw, dict):
            raise Refusal(Why.OPTIONS_NOT_OBJECT, {"source": source})
        kinds: dict[str, type] = {
            "equal_coordinates": EqualCoordinates,
            "broke_payer": BrokePayer,
            "count_preceding": CountPreceding,
            "closest_tie": ClosestTie,
            "exact_tie": ExactTie,
            "starting_tokens": int,
        }
        unknown = sorted(set(raw) - set(kinds))
        if unknown:
            raise Refusal(
                Why.UNKNOWN_RULE_OPTION,
                {"source": source, "option": unknown[0], "known": tuple(kinds)},
            )
        values: dict[str, Any] = {}
        for key, kind in kinds.items():
            if key not in raw:
                continue
            value = raw[key]
            if kind is int:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise Refusal(
                        Why.OPTION_NOT_WHOLE, {"source": source, "option": key, "value": value}
                    )
                values[key] = value
                continue
            try:
                values[key] = kind(value)
            except ValueError:
                choices = tuple(member.value for member in kind)  # type: ignore[attr-defined]
                raise Refusal(
                    Why.OPTION_NOT_A_CHOICE,
                    {"source": source, "option": key, "value": value, "choices": choices},
                ) from None
        return RuleOptions(**values)
