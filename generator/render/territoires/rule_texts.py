"""The printed rules of Les territoires, written from the rules in ``games/territoires``:
every life change, card number and count comes from there (``CHANGES``, ``ROLE_CARDS``,
``PLAYED_CARDS``), so a change of rule changes the cards and the sheets with it. Each text is
written in French and translated with ``P_`` into the ``language`` asked for."""

from __future__ import annotations

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language
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


def names_of(role: Role, language: Language = MATERIAL_DEFAULT) -> str:
    """Their Lenormand names: "Faux, Fouet" ("Scythe, Whip")."""
    return ", ".join(lenormand(card).name_in(language) for card in ROLE_CARDS[role])


def _kind(role: Role) -> str:
    return "weapon" if role is Role.WEAPON else "animal"


def role_effect(number: int, language: Language = MATERIAL_DEFAULT) -> str:
    """One line: what the card does in Les territoires."""
    role = role_of(number)
    even = house_of(number) is House.EVEN
    pair = ROLE_CARDS.get(role, ())
    partner = next((card for card in pair if card != number), None)  # the other card of its kind
    if role in (Role.WEAPON, Role.SUPPORT_ANIMAL):
        kind = _kind(role)
        line = (
            P_(language, "maison paire {own} · l’autre {other} · avec {partner} : {both}")
            if even
            else P_(language, "maison impaire {own} · l’autre {other} · avec {partner} : {both}")
        )
        return line.format(
            own=change(kind + "_own"),
            other=change(kind + "_other"),
            partner=partner,
            both=change(kind + "s_both"),
        )
    if role in (Role.CIVILISATION_SUPPORT, Role.NATURE_SUPPORT):
        line = (
            P_(language, "maison paire {own} · avec {partner} : {both} · impaire {foreign}")
            if role is Role.CIVILISATION_SUPPORT
            else P_(language, "maison impaire {own} · avec {partner} : {both} · paire {foreign}")
        )
        return line.format(
            own=change("support_own"),
            partner=partner,
            both=change("supports_both"),
            foreign=change("support_foreign"),
        )
    if role is Role.HEALING:
        line = (
            P_(language, "soigne : maison paire {own} · impaire {other}")
            if even
            else P_(language, "soigne : maison impaire {own} · paire {other}")
        )
        return line.format(own=change("heal_own"), other=change("heal_other"))
    if role is Role.LIFE:
        return (
            P_(language, "un point de vie de la maison paire")
            if even
            else P_(language, "un point de vie de la maison impaire")
        )
    return P_(language, "se joue dans une suite de 3 cartes")


def reference_rows(
    language: Language = MATERIAL_DEFAULT,
) -> tuple[tuple[str, tuple[int, ...], str, str], ...]:
    """The table of the reference card: (section, cards, name, effect)."""
    to_opponent = P_(language, "{change} à l’adversaire")
    return (
        (
            P_(language, "3 cartes qui se suivent"),
            (),
            P_(language, "1 carte de votre parité, 2 de l’autre"),
            to_opponent.format(change=change("run_one_own")),
        ),
        (
            "",
            (),
            P_(language, "2 cartes de votre parité"),
            to_opponent.format(change=change("run_two_own")),
        ),
        (
            P_(language, "2 cartes qui se suivent, dont une spéciale"),
            ROLE_CARDS[Role.WEAPON],
            P_(language, "Armes : {names}").format(names=names_of(Role.WEAPON, language)),
            P_(
                language,
                "{other} (autre parité) · {own} (votre parité) · {both} les deux",
            ).format(
                other=change("weapon_other"),
                own=change("weapon_own"),
                both=change("weapons_both"),
            ),
        ),
        (
            "",
            ROLE_CARDS[Role.SUPPORT_ANIMAL],
            P_(language, "Animaux : {names}").format(names=names_of(Role.SUPPORT_ANIMAL, language)),
            P_(language, "comme les armes : {other} · {own} · {both} les deux").format(
                other=change("animal_other"),
                own=change("animal_own"),
                both=change("animals_both"),
            ),
        ),
        (
            "",
            ROLE_CARDS[Role.CIVILISATION_SUPPORT],
            P_(language, "Soutiens de la civilisation : {names}").format(
                names=names_of(Role.CIVILISATION_SUPPORT, language)
            ),
            P_(language, "maison paire {own}, les deux {both} · maison impaire {foreign}").format(
                own=change("support_own"),
                both=change("supports_both"),
                foreign=change("support_foreign"),
            ),
        ),
        (
            "",
            ROLE_CARDS[Role.NATURE_SUPPORT],
            P_(language, "Soutiens de la nature : {names}").format(
                names=names_of(Role.NATURE_SUPPORT, language)
            ),
            P_(language, "maison impaire {own}, les deux {both} · maison paire {foreign}").format(
                own=change("support_own"),
                both=change("supports_both"),
                foreign=change("support_foreign"),
            ),
        ),
        (
            "",
            ROLE_CARDS[Role.HEALING],
            P_(language, "Soins : {names}").format(names=names_of(Role.HEALING, language)),
            P_(language, "votre vie {other} (autre parité) · {own} (votre parité)").format(
                other=change("heal_other"), own=change("heal_own")
            ),
        ),
    )


def third_player_lines(language: Language = MATERIAL_DEFAULT) -> tuple[str, ...]:
    """What the houseless third player of three may do, for the band of his tracker."""
    weapons, animals = cards_of(Role.WEAPON, ", "), cards_of(Role.SUPPORT_ANIMAL, ", ")
    supports = f"{cards_of(Role.CIVILISATION_SUPPORT, ', ')}, {cards_of(Role.NATURE_SUPPORT, ', ')}"
    return (
        P_(
            language,
            "Il n’a pas de points de vie, ni bonus ni malus de parité ; il attaque la maison de "
            "son choix.",
        ),
        P_(
            language,
            "Suite de 3 : {run} · arme ({weapons}) ou animal ({animals}) avec sa voisine : "
            "{one} · les 2 armes ou les 2 animaux : {both}.",
        ).format(
            run=change("run_third_player"),
            weapons=weapons,
            animals=animals,
            one=change("weapon_third_player"),
            both=change("weapons_both"),
        ),
        P_(
            language,
            "Les soutiens ({supports}) sont pour lui des cartes ordinaires ; il ne se soigne pas "
            "({healing}).",
        ).format(supports=supports, healing=cards_of(Role.HEALING, ", ")),
    )


def third_player_note(language: Language = MATERIAL_DEFAULT) -> str:
    return P_(
        language,
        "Le 3e joueur : pas de vie, ni bonus ni malus de parité (suite {run}, arme ou animal "
        "{one}, les deux {both}).",
    ).format(
        run=change("run_third_player"),
        one=change("weapon_third_player"),
        both=change("weapons_both"),
    )


def life_cards_line(language: Language = MATERIAL_DEFAULT) -> str:
    """Which cards count life and which are played, for the reference card."""
    life = sorted(House.EVEN.life_cards + House.ODD.life_cards)
    return P_(
        language,
        "Cartes {first} à {last} : points de vie (paires : civilisation · impaires : nature). On "
        "joue avec les cartes {played_first} à {played_last}.",
    ).format(
        first=life[0],
        last=life[-1],
        played_first=PLAYED_CARDS[0],
        played_last=PLAYED_CARDS[-1],
    )
