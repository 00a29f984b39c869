"""What a move did, as typed results: the line the referee says, and the same as JSON.

:func:`generator.games.oucedonc.game.apply` returns one of these with the new state. ``text`` is
the one line a table reads ("Ben was right: …"), in the command line's language
(:mod:`wording`); ``to_json()`` is what scripts read, the same in every language (its phrases,
such as ``where``, are written in English from the same fields). Cards are :class:`CardRef`
(id and name), so neither form needs the deck to be understood.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.i18n import Language, _, listed, ngettext
from generator.games.oucedonc.compare import Direction
from generator.games.oucedonc.coords import printed_coordinate
from generator.games.oucedonc.wording import beside, between, ordinal


@dataclass(frozen=True)
class CardRef:
    id: str
    name: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name}


@dataclass(frozen=True)
class Spot:
    """Where a card went: ``direction`` of ``anchor``, or between ``anchor`` and ``other``."""

    anchor: CardRef
    direction: Direction | None = None
    other: CardRef | None = None

    @property
    def english(self) -> str:
        """ "north of Lyon", "between Lyon and Paris": the JSON's words, in every language."""
        if self.other is not None:
            return f"between {self.anchor.name} and {self.other.name}"
        assert self.direction is not None
        return f"{self.direction.value.replace('-', ' ')} {self.anchor.name}"

    @property
    def words(self) -> str:
        """The same in the command line's language."""
        if self.other is not None:
            return between(self.anchor.name, self.other.name)
        assert self.direction is not None
        return beside(self.direction, self.anchor.name)


@dataclass(frozen=True)
class Comparison:
    """Two printed coordinates on one axis: ``card`` against ``other`` in ``direction``.

    ``difference`` is the sign of (card − other) × the direction's sign: 1 when ``card`` lies
    in ``direction`` of ``other``, -1 when not, 0 when the two print the same value."""

    card: str  # names
    other: str
    direction: Direction
    mine: str  # the values as the deck file writes them: "43°18′ N", "1°41′ O"
    theirs: str
    difference: int
    printed: Language = "fr"  # the deck's language: its backs write "1°41′ W" in English

    @property
    def shown(self) -> tuple[str, str]:
        """The two values as the backs print them (what the players read and compare)."""
        return printed_coordinate(self.mine, self.printed), printed_coordinate(
            self.theirs, self.printed
        )

    @property
    def latitude(self) -> bool:
        return self.direction.axis == "lat"

    def english(self) -> str:
        """``Biarritz (1°34′ O) is west of Metz (6°11′ E)``: a doubt's ``compared`` in JSON."""
        axis = "latitude" if self.latitude else "longitude"
        if self.difference == 0:
            return f"{self.card} and {self.other} have the same printed {axis} ({self.mine})"
        lies = self.direction.value.replace("-", " ")
        negation = "" if self.difference > 0 else "not "
        return f"{self.card} ({self.mine}) is {negation}{lies} {self.other} ({self.theirs})"

    def words(self) -> str:
        """The same in the command line's language, the values as the backs print them."""
        mine, theirs = self.shown
        fields = {"card": self.card, "other": self.other, "mine": mine}
        if self.difference == 0:
            if self.latitude:
                return _("{card} and {other} have the same printed latitude ({mine})").format(
                    **fields
                )
            return _("{card} and {other} have the same printed longitude ({mine})").format(**fields)
        where = beside(self.direction, self.other)
        if self.difference > 0:
            return _("{card} ({mine}) is {where} ({theirs})").format(
                card=self.card, mine=mine, where=where, theirs=theirs
            )
        return _("{card} ({mine}) is not {where} ({theirs})").format(
            card=self.card, mine=mine, where=where, theirs=theirs
        )

    def english_aside(self) -> str:
        """``43°18′ N, not north of Paris at 48°51′ N``: why a count set a card aside (JSON)."""
        if self.difference == 0:
            axis = "latitude" if self.latitude else "longitude"
            return f"{self.mine}, the same {axis} as {self.other}"
        lies = self.direction.value.replace("-", " ")
        return f"{self.mine}, not {lies} {self.other} at {self.theirs}"

    def words_aside(self) -> str:
        """The same in the command line's language, the values as the backs print them."""
        mine, theirs = self.shown
        if self.difference == 0:
            if self.latitude:
                return _("{mine}, the same latitude as {other}").format(mine=mine, other=self.other)
            return _("{mine}, the same longitude as {other}").format(mine=mine, other=self.other)
        return _("{mine}, not {where} at {theirs}").format(
            mine=mine, where=beside(self.direction, self.other), theirs=theirs
        )


@dataclass(frozen=True)
class Payment:
    """One token after a doubt, ``payer`` to ``payee``; ``paid`` False if the payer had none."""

    payer: str
    payee: str
    paid: bool
    by_bank: bool  # the payer had none and the reserve paid instead (BrokePayer.BANK)

    @property
    def text(self) -> str:
        if self.paid:
            return _("{payer} pays 1 token to {payee}").format(payer=self.payer, payee=self.payee)
        if self.by_bank:
            return _("{payer} has no token left, so the reserve gives 1 to {payee}").format(
                payer=self.payer, payee=self.payee
            )
        return _("{payer} has no token to give {payee}").format(payer=self.payer, payee=self.payee)

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
    spot: Spot
    pack: int
    in_pack: int  # place cards drawn from this pack so far, this one included

    @property
    def where(self) -> str:
        """ "north of Lyon", "between Lyon and Paris" (English: the JSON's)."""
        return self.spot.english

    @property
    def text(self) -> str:
        return _("{player} placed {card} {where}").format(
            player=self.player, card=self.card.name, where=self.spot.words
        )

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
    comparison: Comparison  # the two backs: "Marseille (43°18′ N) is not north of Lyon (45°46′ N)"
    doubter_right: bool
    payment: Payment

    @property
    def compared(self) -> str:
        """The two backs in words (English: the JSON's)."""
        return self.comparison.english()

    @property
    def text(self) -> str:
        fields = {
            "doubter": self.doubter,
            "compared": self.comparison.words(),
            "payment": self.payment.text,
            "card": self.card.name,
        }
        if self.doubter_right:
            return _("{doubter} was right: {compared}; {payment}; {card} leaves the game").format(
                **fields
            )
        return _("{doubter} was wrong: {compared}; {payment}; {card} stays").format(**fields)

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
    comparison: Comparison  # "43°18′ N, not north of Paris at 48°51′ N"

    @property
    def why(self) -> str:
        """Why, in English (the JSON's)."""
        return self.comparison.english_aside()

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card.to_json(),
            "arm": self.arm,
            "against": self.against.to_json(),
            "why": self.why,
        }


@dataclass(frozen=True)
class Checked:
    """A card checked by a count: against the card before it on its arm, kept or set aside."""

    card: CardRef
    arm: str  # north | south | west | east
    against: CardRef
    comparison: Comparison  # "48°51′ N, north of Lyon at 45°46′ N"
    set_aside: bool

    @property
    def aside(self) -> SetAside:
        return SetAside(self.card, self.arm, self.against, self.comparison)

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card.to_json(),
            "arm": self.arm,
            "against": self.against.to_json(),
            "set_aside": self.set_aside,
            "compared": self.comparison.english(),
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
    tokens: tuple[tuple[str, int], ...]  # every player's tokens after the count

    @property
    def misplaced(self) -> int:
        return len(self.set_aside)

    @property
    def winners_line(self) -> str:
        """Who found the number or came closest, and what they win (:func:`winners`)."""
        return winners(self.exact, self.closest, self.won)

    @property
    def title(self) -> str:
        """ "count 1", "final count" ("1er décompte", "décompte final")."""
        if self.final:
            return _("final count")
        # TRANSLATORS: {number} is "1", "2" in English, "1er", "2e" in French
        return _("count {number}").format(number=ordinal(self.number))

    @property
    def cleared(self) -> str:
        """What happens to the table's cards after the count."""
        if self.final:
            return _("the game is over")
        return ngettext(
            "the {n} card of the table leaves the game",
            "the {n} cards of the table leave the game",
            self.on_table,
        ).format(n=self.on_table)

    @property
    def text(self) -> str:
        """``count 1: cards set aside: 2 of 9 (Marseille, Dijon); Ana found the number: 2 tokens
        from the supply; the 9 cards of the table leave the game``: one line for the last moves
        (the command line shows the count as a table)."""
        aside = set_aside_words(self.misplaced, self.on_table)
        if self.set_aside:
            names = ", ".join(item.card.name for item in self.set_aside)
            aside = _("{aside} ({cards})").format(aside=aside, cards=names)
        return _("{kind}: {aside}; {winners}; {cleared}").format(
            kind=self.title, aside=aside, winners=self.winners_line, cleared=self.cleared
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


def set_aside_words(misplaced: int, on_table: int) -> str:
    """ "cards set aside: 2 of 9" (no plural to agree: French agrees with the 2, English with
    the 9)."""
    return _("cards set aside: {n} of {total}").format(n=misplaced, total=on_table)


def winners(exact: Sequence[str], closest: Sequence[str], won: Sequence[tuple[str, int]]) -> str:
    """Who won what at a count, and by which rule: "Ana found the number: 2 tokens from the
    supply", "nobody found the number; Ben came closest: 1 token from the supply"."""
    winning = [player for player, tokens in won if tokens]
    if exact:
        found = listed(exact)
        if len(winning) > len(exact):
            return _("{players} found the number: a tie, so every player wins 2 tokens").format(
                players=found
            )
        return ngettext(
            "{players} found the number: 2 tokens from the supply",
            "{players} found the number: 2 tokens each from the supply",
            len(exact),
        ).format(players=found)
    if winning:
        return ngettext(
            "nobody found the number; {players} came closest: 1 token from the supply",
            "nobody found the number; {players} came equally close: 1 token each",
            len(winning),
        ).format(players=listed(winning))
    return _("nobody found the number; {players} came equally close and win nothing").format(
        players=listed(closest)
    )


@dataclass(frozen=True)
class Started:
    card: CardRef
    player: str  # whose turn it is now

    @property
    def text(self) -> str:
        return _("start card: {card} ({id}); {player} plays").format(
            card=self.card.name, id=self.card.id, player=self.player
        )

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
            return ngettext(
                "the pile is used up after {n} card of the last pack (the referee expected "
                "{expected}): final count due",
                "the pile is used up after {n} cards of the last pack (the referee expected "
                "{expected}): final count due",
                self.in_pack,
            ).format(n=self.in_pack, expected=self.expected)
        return ngettext(
            "Intermède drawn after {n} card of pack {pack} (the referee expected {expected}): "
            "interim count due",
            "Intermède drawn after {n} cards of pack {pack} (the referee expected {expected}): "
            "interim count due",
            self.in_pack,
        ).format(n=self.in_pack, pack=self.pack, expected=self.expected)

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "intermede",
            "pack": self.pack,
            "in_pack": self.in_pack,
            "expected": self.expected,
            "final": self.final,
        }


Event = Placed | Doubted | Counted | Started | IntermedeDrawn
