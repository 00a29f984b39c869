"""Every text printed on an Oucédonc deck, rendered from templates before anything is drawn.

Rendering all texts first means the glyph check covers every character the PDF will hold, and
the painters receive plain strings (lines) or ReportLab markup (bodies), nothing to evaluate.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language, _
from generator.core.typography import printed_name
from generator.games.oucedonc.coords import format_decimal, printed_coordinate
from generator.games.oucedonc.deck import RULE_CARDS, TOKENS
from generator.games.oucedonc.deckfile import Deck, PlaceCard
from generator.render.card_templates import TemplateSet, markup_plain_text

DECIMALS = 4  # decimal degrees under the printed coordinates


MINUS = "\u2212"  # the minus sign of typeset numbers, not the hyphen


def decimal_degrees(degrees: float, language: Language) -> str:
    """Signed decimal degrees under the coordinates: ``48,1114`` in French, ``48.1114`` in
    English; west and south with a true minus (``−1,6790``)."""
    text = format_decimal(degrees, DECIMALS).replace("-", MINUS)
    return text if language == "fr" else text.replace(",", ".")


class PlaceTexts(Struct, frozen=True):
    """Every text a place card prints, in the deck's language."""

    name: str  # the place's name as printed (typographic apostrophes: "Île d’Yeu")
    mark: str  # the front's small word: "Ville", "Château"…
    latitude_label: str
    longitude_label: str
    lat_text: str  # the coordinates as printed in the deck's language ("1°41′ W")
    lon_text: str
    decimal: str
    where: str
    region: str
    population: str
    footer: str
    front_id: str = ""  # the card's id on the name side, as the referee's commands take it


class RuleTexts(Struct, frozen=True):
    """A rule card's texts: its number, title and body, and its back's."""

    number: int
    title: str
    body: str  # markup
    back_title: str
    back_caption: str


class IntermedeTexts(Struct, frozen=True):
    """The Intermède card's texts, front and back."""

    title: str
    subtitle: str
    front_body: str  # markup
    back_body: str  # markup


class DirectionTexts(Struct, frozen=True):
    """The direction card's texts: its title, the four directions and its back."""

    title: str
    north: str
    south: str
    east: str
    west: str
    back_body: str  # markup


class DeckTexts(Struct, frozen=True):
    """Every text of a deck's cards, worked out once before any card is drawn."""

    title: str
    tagline: str
    places: Mapping[str, PlaceTexts]  # by card id
    intermede: IntermedeTexts
    direction: DirectionTexts
    rules: tuple[RuleTexts, ...]
    tokens_title: str
    tokens_help: str

    def printed_strings(self) -> list[tuple[str, str]]:
        """(what, text) for every string the deck prints apart from place names, for glyph
        checks."""
        items: list[tuple[str, str]] = [
            (_("the deck title"), self.title),
            (_("the tagline"), self.tagline),
        ]
        for card_id, place in self.places.items():
            what = _("card {id}").format(id=card_id)
            items.extend(
                (what, text)
                for text in (
                    place.mark,
                    place.latitude_label,
                    place.longitude_label,
                    place.decimal,
                    place.where,
                    place.region,
                    place.population,
                    place.footer,
                    place.front_id,
                    place.lat_text,
                    place.lon_text,
                )
            )
        items.extend(
            (_("the Intermède card"), markup_plain_text(text))
            for text in (
                self.intermede.title,
                self.intermede.subtitle,
                self.intermede.front_body,
                self.intermede.back_body,
            )
        )
        items.extend(
            (_("the Direction card"), markup_plain_text(text))
            for text in (
                self.direction.title,
                self.direction.north,
                self.direction.south,
                self.direction.east,
                self.direction.west,
                self.direction.back_body,
            )
        )
        for rule in self.rules:
            items.extend(
                (_("rule card {number}").format(number=rule.number), markup_plain_text(text))
                for text in (rule.title, rule.body, rule.back_title, rule.back_caption)
            )
        items.extend((_("the token sheet"), text) for text in (self.tokens_title, self.tokens_help))
        return items


def deck_context(
    deck: Deck,
    region_name: str,
    region_kind: str,
    tokens_each: int,
    language: Language = MATERIAL_DEFAULT,
) -> dict[str, Any]:
    """The ``deck`` variable of every template. (What it reads of ``deck``, with the cards, is
    what the deck product keys the texts it keeps on: ``_Printed`` in
    :mod:`generator.products.oucedonc_deck`. Read another field here, add it there.)"""
    packed = deck.packs * deck.pack_size
    return {
        "title": printed_name(deck.title),
        "region": deck.region,
        "region_name": printed_name(region_name),
        "region_kind": region_kind,
        "packs": deck.packs,
        "pack_size": deck.pack_size,
        "places": len(deck.places),
        "intermedes": sum(1 for card in deck.others if card.kind == "intermede"),
        "reserve": len(deck.places) - packed,
        "tokens": TOKENS,
        "tokens_each": tokens_each,
        "precision": deck.precision.value,
        "precision_label": P_(language, deck.precision.label),
    }


def render_title(templates: TemplateSet, region_name: str, region_kind: str) -> str:
    """The deck's title ("Oucédonc en Bretagne"), before the deck exists."""
    context = {"region_name": region_name, "region_kind": region_kind}
    return templates.render("title.j2", {"deck": context}).line("title")


def place_context(card: PlaceCard, language: Language = MATERIAL_DEFAULT) -> dict[str, Any]:
    context = {key: getattr(card, key) for key in card.__struct_fields__}
    # the names as printed; the deck file keeps them as the data gives them ("Côte-d'Or"),
    # which the referee's matching takes alike (namekeys)
    for key in ("name", "departement_name", "region_name"):
        if context[key]:
            context[key] = printed_name(context[key])
    context["lat_text"] = printed_coordinate(card.lat_text, language)
    context["lon_text"] = printed_coordinate(card.lon_text, language)
    context["lat_decimal"] = decimal_degrees(card.lat, language)
    context["lon_decimal"] = decimal_degrees(card.lon, language)
    return context


def render_deck_texts(
    templates: TemplateSet,
    deck: Deck,
    region_name: str,
    region_kind: str,
    tokens_each: int,
    language: Language = MATERIAL_DEFAULT,
) -> DeckTexts:
    """Every text of the deck in ``language`` (``templates`` must speak it too: they were
    loaded with :func:`~generator.render.card_templates.load_templates` for it)."""
    context = deck_context(deck, region_name, region_kind, tokens_each, language)
    common = templates.render("deck.j2", {"deck": context})
    places: dict[str, PlaceTexts] = {}
    for card in deck.places:
        card_context = place_context(card, language)
        back = templates.render("place_back.j2", {"deck": context, "card": card_context})
        front = templates.render("place_front.j2", {"deck": context, "card": card_context})
        places[card.id] = PlaceTexts(
            name=card_context["name"],
            mark=front.line("mark"),
            latitude_label=back.line("latitude"),
            longitude_label=back.line("longitude"),
            lat_text=card_context["lat_text"],
            lon_text=card_context["lon_text"],
            decimal=back.line("decimal"),
            where=back.line("where"),
            region=back.line("region"),
            population=back.line("population"),
            footer=back.line("footer"),
            front_id=front.line("id") if "id" in front.parts else "",
        )
    intermede = templates.render("intermede.j2", {"deck": context})
    direction = templates.render("direction.j2", {"deck": context})
    rules = []
    for number, rule in enumerate(RULE_CARDS, start=1):
        rule_context = {
            "number": number,
            "total": len(RULE_CARDS),
            "id": rule.id,
            "name": rule.name,
        }
        face = templates.render(rule.template, {"deck": context, "rule": rule_context})
        back = templates.render("card_back.j2", {"deck": context, "rule": rule_context})
        rules.append(
            RuleTexts(
                number,
                face.line("title"),
                face.markup("body"),
                back.line("title"),
                back.line("caption"),
            )
        )
    return DeckTexts(
        title=context["title"],
        tagline=common.line("tagline"),
        places=places,
        intermede=IntermedeTexts(
            intermede.line("title"),
            intermede.line("subtitle"),
            intermede.markup("front_body"),
            intermede.markup("back_body"),
        ),
        direction=DirectionTexts(
            direction.line("title"),
            direction.line("north"),
            direction.line("south"),
            direction.line("east"),
            direction.line("west"),
            direction.markup("back_body"),
        ),
        rules=tuple(rules),
        tokens_title=common.line("tokens_title"),
        tokens_help=common.line("tokens_help"),
    )
