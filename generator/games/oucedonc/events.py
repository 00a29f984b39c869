"""What a move did, as typed results: the line the referee says, and the same as JSON.

:func:`generator.games.oucedonc.game.apply` returns one of these with the new state. ``text`` is
the one line a table reads ("Ben was right: …"); ``to_json()`` is what scripts read. Cards are
:class:`CardRef` (id and name), so neither form needs the deck to be understood.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CardRef:
    id: str
    name: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name}


@dataclass(frozen=True)
class Payment:
    """One token after a doubt, ``payer`` to ``payee``; ``paid`` False if the payer had none."""

    payer: str
    payee: str
    paid: bool
    by_bank: bool  # the payer had none and the reserve paid instead (--broke-payer bank)

    @property
    def text(self) -> str:
        if self.paid:
            return f"{self.payer} pays 1 token to {self.payee}"
        if self.by_bank:
            return f"{self.payer} has no token left, so the reserve gives 1 to {self.payee}"
        return f"{self.payer} has no token to give {self.payee}"

    def to_json(self) -> dict[str, Any]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "paid": self.paid,
            "by_bank": self.by_bank,
        }


@dataclass(frozen=True)
class Placed:
    player: str
    card: CardRef
    where: str  # "north of Lyon", "between Lyon and Paris"
    pack: int
    in_pack: int  # place cards drawn from this pack so far, this one included

    @property
    def text(self) -> str:
        return f"{self.player} placed {self.card.name} {self.where}"

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "placed",
            "player": self.player,
            "card": self.card.to_json(),
            "where": self.where,
            "pack": self.pack,
            "in_pack": self.in_pack,
        }


@dataclass(frozen=True)
class Doubted:
    doubter: str
    placer: str
    card: CardRef
    neighbour: CardRef
    compared: str  # the two backs in words: "Marseille (43°18′ N) is not north of Lyon (45°46′ N)"
    doubter_right: bool
    payment: Payment

    @property
    def text(self) -> str:
        verdict = "right" if self.doubter_right else "wrong"
        fate = "leaves the game" if self.doubter_right else "stays"
        return (
            f"{self.doubter} was {verdict}: {self.compared}; {self.payment.text}; "
            f"{self.card.name} {fate}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "doubted",
            "doubter": self.doubter,
            "placer": self.placer,
            "card": self.card.to_json(),
            "neighbour": self.neighbour.to_json(),
            "compared": self.compared,
            "doubter_right": self.doubter_right,
            "card_removed": self.doubter_right,
            "payment": self.payment.to_json(),
        }


@dataclass(frozen=True)
class SetAside:
    """A card set aside by a count, and why: not beyond the card before it on its arm."""

    card: CardRef
    arm: str  # north | south | west | east
    against: CardRef
    why: str  # "43°18′ N, not north of Paris at 48°51′ N"

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card.to_json(),
            "arm": self.arm,
            "against": self.against.to_json(),
            "why": self.why,
        }


@dataclass(frozen=True)
class Counted:
    number: int
    final: bool
    set_aside: tuple[SetAside, ...]
    on_table: int  # cards on the table when the count began, start card included
    estimates: tuple[tuple[str, int], ...]
    exact: tuple[str, ...]
    closest: tuple[str, ...]
    won: tuple[tuple[str, int], ...]  # every player, in playing order
    winners_line: str  # "exact: Ana (+2)", "none exact; closest: Ben (+1)"
    tokens: tuple[tuple[str, int], ...]  # every player's tokens after the count

    @property
    def misplaced(self) -> int:
        return len(self.set_aside)

    @property
    def text(self) -> str:
        kind = "final count" if self.final else f"count {self.number}"
        aside = (
            "; ".join(f"{item.card.name} ({item.why})" for item in self.set_aside)
            if self.set_aside
            else "none"
        )
        tokens = ", ".join(f"{player} {count}" for player, count in self.tokens)
        cleared = (
            "the game is over"
            if self.final
            else f"the {self.on_table} cards of the table leave the game"
        )
        return (
            f"{kind}: {self.misplaced} misplaced (set aside: {aside}); {self.winners_line}; "
            f"tokens: {tokens}; {cleared}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "counted",
            "number": self.number,
            "final": self.final,
            "misplaced": self.misplaced,
            "set_aside": [item.to_json() for item in self.set_aside],
            "on_table": self.on_table,
            "estimates": dict(self.estimates),
            "exact": list(self.exact),
            "closest": list(self.closest),
            "won": dict(self.won),
            "tokens": dict(self.tokens),
        }


@dataclass(frozen=True)
class Started:
    card: CardRef
    player: str  # whose turn it is now

    @property
    def text(self) -> str:
        return f"start card: {self.card.name} ({self.card.id}); {self.player} plays"

    def to_json(self) -> dict[str, Any]:
        return {"event": "started", "card": self.card.to_json(), "player": self.player}


@dataclass(frozen=True)
class IntermedeDrawn:
    """An Intermède declared before the referee expected it (a pack counted short)."""

    pack: int
    in_pack: int  # place cards drawn from this pack before it
    expected: int  # the pack size the deck file gives
    final: bool  # no Intermède follows the last pack: the pile is declared used up

    @property
    def text(self) -> str:
        if self.final:
            return (
                f"the pile is used up after {self.in_pack} cards of the last pack "
                f"(the referee expected {self.expected}): final count due"
            )
        return (
            f"Intermède drawn after {self.in_pack} cards of pack {self.pack} "
            f"(the referee expected {self.expected}): interim count due"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "intermede",
            "pack": self.pack,
            "in_pack": self.in_pack,
            "expected": self.expected,
            "final": self.final,
        }


Event = Placed | Doubted | Counted | Started | IntermedeDrawn
