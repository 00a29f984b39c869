"""The printed rules of Les territoires, written from the rules in ``games/territoires``:
every life change, card number and count comes from there (``CHANGES``, ``ROLE_CARDS``,
``PLAYED_CARDS``), so a change of rule changes the cards and the sheets with it."""

from __future__ import annotations

from generator.games.territoires import (
    CHANGES,
    PLAYED_CARDS,
    House,
    Role,
    house_of,
    lenormand,
    role_of,
)
from generator.games.territoires.houses import ROLE_CARDS

MINUS = "\u2212"  # a real minus sign, not a hyphen


def signed(change: int) -> str:
    """A change in life as printed: "−2", "+1", "0"."""
    if change < 0:
        return f"{MINUS}{-change}"
    return f"+{change}" if change else "0"


def change(rule: str) -> str:
    """The printed change of ``rule`` (an id of ``games.territoires.combat.RULE_SEEDS``)."""
    return signed(CHANGES[rule])


def cards_of(role: Role, separator: str = " · ") -> str:
    """The two cards of a kind: "10 · 11"."""
    return separator.join(str(card) for card in ROLE_CARDS[role])


def names_of(role: Role) -> str:
    """Their Lenormand names: "Faux, Fouet"."""
    return ", ".join(lenormand(card).name for card in ROLE_CARDS[role])


def _kind(role: Role) -> str:
    return "weapon" if role is Role.WEAPON else "animal"


def role_effect(number: int) -> str:
    """One line: what the card does in Les territoires."""
    role = role_of(number)
    parity = house_of(number).parity_word
    pair = ROLE_CARDS.get(role, ())
    partner = next((card for card in pair if card != number), None)  # the other card of its kind
    if role in (Role.WEAPON, Role.SUPPORT_ANIMAL):
        kind = _kind(role)
        return (
            f"maison {parity} {change(kind + '_own')} · l'autre {change(kind + '_other')} · "
            f"avec {partner} : {change(kind + 's_both')}"
        )
    if role in (Role.CIVILISATION_SUPPORT, Role.NATURE_SUPPORT):
        own, other = (
            ("paire", "impaire") if role is Role.CIVILISATION_SUPPORT else ("impaire", "paire")
        )
        return (
            f"maison {own} {change('support_own')} · avec {partner} : {change('supports_both')} · "
            f"{other} {change('support_foreign')}"
        )
    if role is Role.HEALING:
        other = "paire" if parity == "impaire" else "impaire"
        return f"soigne : maison {parity} {change('heal_own')} · {other} {change('heal_other')}"
    if role is Role.LIFE:
        return f"un point de vie de la maison {parity}"
    return "se joue dans une suite de 3 cartes"


def reference_rows() -> tuple[tuple[str, tuple[int, ...], str, str], ...]:
    """The table of the reference card: (section, cards, name, effect)."""
    return (
        (
            "3 cartes qui se suivent",
            (),
            "1 carte de votre parité, 2 de l'autre",
            f"{change('run_one_own')} à l'adversaire",
        ),
        ("", (), "2 cartes de votre parité", f"{change('run_two_own')} à l'adversaire"),
        (
            "2 cartes qui se suivent, dont une spéciale",
            ROLE_CARDS[Role.WEAPON],
            f"Armes : {names_of(Role.WEAPON)}",
            f"{change('weapon_other')} (autre parité) · {change('weapon_own')} (votre parité) · "
            f"{change('weapons_both')} les deux",
        ),
        (
            "",
            ROLE_CARDS[Role.SUPPORT_ANIMAL],
            f"Animaux : {names_of(Role.SUPPORT_ANIMAL)}",
            f"comme les armes : {change('animal_other')} · {change('animal_own')} · "
            f"{change('animals_both')} les deux",
        ),
        (
            "",
            ROLE_CARDS[Role.CIVILISATION_SUPPORT],
            f"Soutiens de la civilisation : {names_of(Role.CIVILISATION_SUPPORT)}",
            f"maison paire {change('support_own')}, les deux {change('supports_both')} · "
            f"maison impaire {change('support_foreign')}",
        ),
        (
            "",
            ROLE_CARDS[Role.NATURE_SUPPORT],
            f"Soutiens de la nature : {names_of(Role.NATURE_SUPPORT)}",
            f"maison impaire {change('support_own')}, les deux {change('supports_both')} · "
            f"maison paire {change('support_foreign')}",
        ),
        (
            "",
            ROLE_CARDS[Role.HEALING],
            f"Soins : {names_of(Role.HEALING)}",
            f"votre vie {change('heal_other')} (autre parité) · {change('heal_own')} "
            "(votre parité)",
        ),
    )


def third_player_lines() -> tuple[str, ...]:
    """What the houseless third player of three may do, for the band of his tracker."""
    weapons, animals = cards_of(Role.WEAPON, ", "), cards_of(Role.SUPPORT_ANIMAL, ", ")
    supports = f"{cards_of(Role.CIVILISATION_SUPPORT, ', ')}, {cards_of(Role.NATURE_SUPPORT, ', ')}"
    return (
        "Il n'a pas de points de vie, ni bonus ni malus de parité ; il attaque la maison de son "
        "choix.",
        f"Suite de 3 : {change('run_third_player')} · arme ({weapons}) ou animal ({animals}) avec "
        f"sa voisine : {change('weapon_third_player')} · les 2 armes ou les 2 animaux : "
        f"{change('weapons_both')}.",
        f"Les soutiens ({supports}) sont pour lui des cartes ordinaires ; il ne se soigne pas "
        f"({cards_of(Role.HEALING, ', ')}).",
    )


def third_player_note() -> str:
    return (
        "Le 3e joueur : pas de vie, ni bonus ni malus de parité (suite "
        f"{change('run_third_player')}, arme ou animal {change('weapon_third_player')}, les deux "
        f"{change('weapons_both')})."
    )


def life_cards_line() -> str:
    """Which cards count life and which are played, for the reference card."""
    life = sorted(House.EVEN.life_cards + House.ODD.life_cards)
    return (
        f"Cartes {life[0]} à {life[-1]} : points de vie (paires : civilisation · impaires : "
        f"nature). On joue avec les cartes {PLAYED_CARDS[0]} à {PLAYED_CARDS[-1]}."
    )
