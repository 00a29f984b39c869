"""The painters of the Pronostiques race deck: numbered cards, the three powers, the Jokers,
the four prediction cards and the two backs.

Each painter is a frozen dataclass called by the imposition engine with the canvas origin at the
card's trim lower-left corner (PDF points; millimetres converted with :func:`pt`). The four suits
are four racing teams: each has a colour from the Okabe–Ito palette and, as its shape, its suit
symbol, printed in both corners, so no one needs colour to read a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.i18n import M_, MATERIAL_DEFAULT, P_, Language
from generator.games.catalog import PRONOSTIQUES
from generator.games.pronostiques.deck import NUMBERS, Power
from generator.games.pronostiques.emblems import POWER_PICTURES, TEAM_EMBLEMS
from generator.games.pronostiques.predictions import RANKS, Prediction
from generator.games.pronostiques.scoring import PLACES, ScoreRules, ThreeInARow
from generator.games.pronostiques.suits import Suit
from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.shapes import band, fill_bleed
from generator.render.draw.text import paragraph, shrink_to_width, wrap
from generator.render.fonts import register_fonts
from generator.render.icons import draw_icon
from generator.render.pronostiques.palette import PALETTE
from generator.render.units import pt, to_mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.imposition import CardBox


JOKER_BAND = 24.0  # mm: the Joker's dark band under the top edge
PREDICTION_BAND = 17.0  # mm: the gold band of a prediction card
PLACE_ROOM = 5.5  # mm: a place (1er, 2e…) on a prediction card, from its left to the emblem


@dataclass(frozen=True)
class Team:
    name: str  # French, as printed (translated where printed: P_(language, name))
    colour: Colour
    tint: Colour


TEAMS: dict[Suit, Team] = {
    suit: Team(name, PALETTE.team(suit).colour, PALETTE.team(suit).tint)
    for suit, name in (
        (Suit.HEART, M_("Cœur de Piston")),
        (Suit.DIAMOND, M_("Carreau-sserie Racing")),
        (Suit.SPADE, M_("Pique de Vitesse")),
        (Suit.CLUB, M_("Trèfle à Quatre Roues")),
    )
}


def _corner_indices(
    canvas: Canvas,
    box: CardBox,
    rank: str,
    symbol: str,
    colour: Colour,
    bottom_colour: Colour | None = None,
) -> None:
    """Rank and suit in the top-left corner and, turned 180°, in the bottom-right corner."""
    fonts = register_fonts()
    for turned in (False, True):
        canvas.saveState()
        if turned:
            canvas.translate(pt(box.width), pt(box.height))
            canvas.rotate(180)
        x = 4.0 + (1.0 if len(rank) == 1 else 1.8)
        set_fill(canvas, bottom_colour or colour if turned else colour)
        size = 15 if len(rank) == 1 else 12.5
        canvas.setFont(fonts.condensed_bold, size)
        canvas.drawCentredString(pt(x + 1.5), pt(box.height - 9.5), rank)
        canvas.setFont(fonts.regular, 12)
        canvas.drawCentredString(pt(x + 1.5), pt(box.height - 15.5), symbol)
        canvas.restoreState()


def _checkers(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    rows: int,
    size: float,
    dark: Colour = PALETTE.ink,
    light: Colour = PALETTE.white,
) -> None:
    cols = int(width // size) + 1
    for row in range(rows):
        for col in range(cols):
            set_fill(canvas, dark if (row + col) % 2 == 0 else light)
            w = min(size, x + width - (x + col * size))
            if w > 0:
                canvas.rect(
                    pt(x + col * size), pt(y + row * size), pt(w), pt(size), stroke=0, fill=1
                )


def scoring_rules_text(rules: ScoreRules, language: Language = MATERIAL_DEFAULT) -> tuple[str, ...]:
    """Rules (a), (b) and (c) as these options score them, printed in ``language``."""
    b = (
        P_(
            language,
            "b) 2 points si les deux premières sont bonnes, 2 si les deux dernières sont bonnes.",
        )
        if rules.pair_bonus_each
        else P_(
            language,
            "b) 2 points si les deux premières ou les deux dernières sont bonnes (2 au plus).",
        )
    )
    lines = [
        P_(
            language,
            "a) 1 point par voiture arrivée à la bonne place, +1 si c'est la première ou la "
            "dernière.",
        ),
        b,
    ]
    if rules.three_in_a_row is ThreeInARow.ADJACENT:
        lines.append(
            P_(
                language,
                "c) 3 points si 3 voitures qui se suivent à l'arrivée se suivent aussi, dans cet "
                "ordre, dans le pronostic, même à d'autres places ; b ne compte alors pas.",
            )
        )
    elif rules.three_in_a_row is ThreeInARow.RELATIVE:
        lines.append(
            P_(
                language,
                "c) 3 points si 3 des 4 voitures arrivent dans l'ordre du pronostic, même "
                "séparées ou à d'autres places ; b ne compte alors pas.",
            )
        )
    return tuple(lines)


def scoring_summary(rules: ScoreRules, language: Language = MATERIAL_DEFAULT) -> str:
    """The short form printed at the foot of a prediction card."""
    parts = [
        P_(language, "a) 1 pt par voiture bien placée, +1 si 1re ou dernière"),
        P_(language, "b) 2 pts si les deux premières, 2 si les deux dernières sont bonnes")
        if rules.pair_bonus_each
        else P_(language, "b) 2 pts si les deux premières ou les deux dernières sont bonnes"),
    ]
    if rules.three_in_a_row is ThreeInARow.ADJACENT:
        parts.append(
            P_(language, "c) 3 pts si 3 voitures se suivent dans cet ordre (b ne compte alors pas)")
        )
    elif rules.three_in_a_row is ThreeInARow.RELATIVE:
        parts.append(
            P_(
                language,
                "c) 3 pts si 3 voitures arrivent dans cet ordre, même séparées (b ne compte alors "
                "pas)",
            )
        )
    return " · ".join(parts)


# --- fronts ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class NumberFront:
    """Cards 1 to 10: the laps a team's car has run, with a lap bar and the finish line."""

    suit: Suit
    number: int
    laps: int = 8
    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        fonts = register_fonts()
        team = TEAMS[self.suit]
        fill_bleed(canvas, box, PALETTE.card)
        _corner_indices(canvas, box, str(self.number), self.suit.symbol, team.colour)
        cx = box.width / 2
        # the team's emblem, where a playing card has its court figure
        draw_icon(canvas, TEAM_EMBLEMS[self.suit], cx, box.height - 16.5, 22.0, team.colour, 12.0)
        # the car's number roundel
        cy = box.height / 2 - 1
        set_fill(canvas, PALETTE.white)
        set_stroke(canvas, team.colour)
        canvas.setLineWidth(2.4)
        canvas.circle(pt(cx), pt(cy), pt(14), stroke=1, fill=1)
        set_fill(canvas, team.tint)
        canvas.circle(pt(cx), pt(cy), pt(11.6), stroke=0, fill=1)
        set_fill(canvas, team.colour)
        canvas.setFont(fonts.title, 30 if self.number < 10 else 25)
        canvas.drawCentredString(pt(cx), pt(cy - 3.8), str(self.number))
        set_fill(canvas, PALETTE.muted)
        canvas.setFont(fonts.condensed_bold, 6.5)
        lap = P_(self.language, "TOUR {n}").format(n=self.number)
        canvas.drawCentredString(pt(cx), pt(cy - 19), lap)
        # lap bar: a segment per lap card, the first `number` filled; the flag marks the last lap
        seg, gap = 3.9, 0.7
        left = cx - (len(NUMBERS) * seg + (len(NUMBERS) - 1) * gap) / 2
        y = cy - 24.5
        for i in range(len(NUMBERS)):
            x = left + i * (seg + gap)
            if i < self.number:
                set_fill(canvas, team.colour)
                canvas.rect(pt(x), pt(y), pt(seg), pt(2.6), stroke=0, fill=1)
            else:
                set_stroke(canvas, PALETTE.lap_empty)
                canvas.setLineWidth(0.5)
                canvas.rect(pt(x), pt(y), pt(seg), pt(2.6), stroke=1, fill=0)
        flag_x = left + self.laps * (seg + gap) - gap / 2
        set_stroke(canvas, PALETTE.ink)
        canvas.setLineWidth(0.6)
        canvas.line(pt(flag_x), pt(y - 0.8), pt(flag_x), pt(y + 5.2))
        _checkers(canvas, flag_x, y + 3.2, 3.0, 2, 1.0)
        set_fill(canvas, team.colour)
        canvas.setFont(fonts.condensed, 6.3)
        canvas.drawCentredString(pt(cx), pt(6.2), P_(self.language, team.name))


@dataclass(frozen=True)
class PowerFront:
    """Valet, Dame, Roi: a team card with its power; Joker: the puncture."""

    power: Power
    suit: Suit | None = None  # None for a Joker
    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        fonts = register_fonts()
        language = self.language
        suit = self.suit
        joker = suit is None
        colour = PALETTE.ink if suit is None else TEAMS[suit].colour
        tint = PALETTE.joker_tint if suit is None else TEAMS[suit].tint
        fill_bleed(canvas, box, PALETTE.card)
        if joker:
            band(canvas, box, box.height - JOKER_BAND, PALETTE.ink)
            _checkers(
                canvas,
                -box.bleed,
                box.height - 26,
                box.width + 2 * box.bleed,
                1,
                2.0,
                PALETTE.ink,
                PALETTE.warning,
            )
        symbol = "✱" if suit is None else suit.symbol
        index_colour = PALETTE.warning if joker else colour
        _corner_indices(
            canvas,
            box,
            self.power.index(language),
            symbol,
            index_colour,
            PALETTE.ink if joker else None,
        )
        cx = box.width / 2
        set_fill(canvas, PALETTE.warning if joker else colour)
        canvas.setFont(fonts.condensed_bold, 11)
        title = P_(language, self.power.title).upper()
        canvas.drawCentredString(pt(cx), pt(box.height - 9.2), title)
        canvas.setFont(fonts.condensed, 7)
        set_fill(canvas, PALETTE.white if joker else PALETTE.muted)
        rank_name = P_(language, self.power.rank_name)
        label = rank_name if suit is None else f"{rank_name} {suit.symbol}"
        canvas.drawCentredString(pt(cx), pt(box.height - 14), label)
        icon_y = box.height - 35 if not joker else box.height - 39.5
        picture = POWER_PICTURES[self.power.rank]
        draw_icon(canvas, picture, cx, icon_y, 21.0 if not joker else 19.0, colour)
        # the power, in a tinted box
        bx, bw, btop, bbottom = 5.0, box.width - 10.0, 39.5, 19.5
        set_fill(canvas, tint)
        set_stroke(canvas, colour)
        canvas.setLineWidth(0.6)
        canvas.roundRect(pt(bx), pt(bbottom), pt(bw), pt(btop - bbottom), pt(2), stroke=1, fill=1)
        size = 6.6
        rule = self.power.rule(language)
        lines = len(wrap(rule, fonts.regular, size, bw - 4))
        text_h = to_mm((lines * 1.22 - 0.22) * size)
        text_top = (btop + bbottom) / 2 + text_h / 2 + 0.4
        paragraph(
            canvas,
            rule,
            bx + 2,
            text_top,
            bw - 4,
            fonts.regular,
            size,
            PALETTE.ink,
            leading=size * 1.22,
            centred=True,
        )
        set_fill(canvas, colour if not joker else PALETTE.muted)
        canvas.setFont(fonts.condensed, 6.3)
        team_name = rank_name if suit is None else P_(language, TEAMS[suit].name)
        canvas.drawCentredString(pt(cx), pt(6.2), team_name)


@dataclass(frozen=True)
class PredictionFront:
    """One of the four secret predictions: the finishing order it bets on and how it scores."""

    prediction: Prediction
    rules: ScoreRules = ScoreRules()
    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        fonts = register_fonts()
        language = self.language
        fill_bleed(canvas, box, PALETTE.card)
        band(canvas, box, box.height - PREDICTION_BAND, PALETTE.gold)
        _checkers(canvas, -box.bleed, box.height - 19, box.width + 2 * box.bleed, 1, 2.0)
        cx = box.width / 2
        set_fill(canvas, PALETTE.ink)
        canvas.setFont(fonts.title, 12)
        canvas.drawCentredString(pt(cx), pt(box.height - 8.5), P_(language, "PRONOSTIC"))
        canvas.setFont(fonts.condensed_bold, 8)
        whose = P_(language, "du {king}").format(king=self.prediction.called(language))
        canvas.drawCentredString(pt(cx), pt(box.height - 13.8), whose)
        places = tuple(P_(language, place) for place in PLACES)
        # the four places share the largest size (9 pt at most) that fits before the emblems
        place_size = min(
            shrink_to_width(place, fonts.condensed_bold, 9, PLACE_ROOM, 6) for place in places
        )
        row_h = 12.0
        top = box.height - 22
        for i, (suit, rank) in enumerate(zip(self.prediction.order, RANKS, strict=True)):
            team = TEAMS[suit]
            y = top - (i + 1) * row_h
            set_fill(canvas, team.tint)
            canvas.roundRect(
                pt(4), pt(y + 0.8), pt(box.width - 8), pt(row_h - 1.6), pt(1.5), stroke=0, fill=1
            )
            set_fill(canvas, PALETTE.ink)
            canvas.setFont(fonts.condensed_bold, place_size)
            canvas.drawString(pt(6), pt(y + row_h / 2 - 1.4), places[i])
            set_fill(canvas, team.colour)
            canvas.setFont(fonts.regular, 15)
            canvas.drawCentredString(pt(22.2), pt(y + row_h / 2 - 2.4), suit.symbol)
            draw_icon(canvas, TEAM_EMBLEMS[suit], 15.4, y + row_h / 2, 6.6, team.colour, 6.6)
            set_fill(canvas, team.colour)
            canvas.setFont(fonts.condensed_bold, 7.2)
            canvas.drawString(pt(27.0), pt(y + row_h / 2 + 0.2), P_(language, team.name))
            set_fill(canvas, PALETTE.muted)
            canvas.setFont(fonts.condensed, 6.2)
            card = P_(language, "{suit} · carte {card}").format(
                suit=suit.called(language), card=f"{P_(language, rank)} {suit.symbol}"
            )
            canvas.drawString(pt(27.0), pt(y + row_h / 2 - 2.9), card)
        paragraph(
            canvas,
            scoring_summary(self.rules, language),
            4.5,
            15.5,
            box.width - 9,
            fonts.condensed,
            6.0,
            PALETTE.muted,
            leading=5.8 * 1.22,
            centred=True,
        )


# --- backs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckBack:
    """The race deck's back: navy, a chequered band and the title, the same both ways up."""

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        fonts = register_fonts()
        fill_bleed(canvas, box, PALETTE.navy)
        cy = box.height / 2
        _checkers(
            canvas,
            -box.bleed,
            cy - 3,
            box.width + 2 * box.bleed,
            2,
            3.0,
            PALETTE.back_dark,
            PALETTE.back_light,
        )
        set_stroke(canvas, PALETTE.gold)
        canvas.setLineWidth(0.8)
        canvas.roundRect(
            pt(4), pt(4), pt(box.width - 8), pt(box.height - 8), pt(3), stroke=1, fill=0
        )
        for turned in (False, True):
            canvas.saveState()
            if turned:
                canvas.translate(pt(box.width), pt(box.height))
                canvas.rotate(180)
            set_fill(canvas, PALETTE.back_light)
            canvas.setFont(fonts.title, 11.5)
            canvas.drawCentredString(pt(box.width / 2), pt(cy + 10), PRONOSTIQUES.name.upper())
            set_fill(canvas, PALETTE.gold)
            canvas.setFont(fonts.regular, 9)
            canvas.drawCentredString(pt(box.width / 2), pt(cy + 20), "♥  ♦  ♠  ♣")
            canvas.restoreState()


@dataclass(frozen=True)
class PredictionBack:
    """The prediction cards' back: gold, so they never mix with the deck."""

    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        fonts = register_fonts()
        fill_bleed(canvas, box, PALETTE.gold)
        set_stroke(canvas, PALETTE.ink)
        canvas.setLineWidth(0.8)
        canvas.roundRect(
            pt(4), pt(4), pt(box.width - 8), pt(box.height - 8), pt(3), stroke=1, fill=0
        )
        cy = box.height / 2
        _checkers(canvas, -box.bleed, cy - 2, box.width + 2 * box.bleed, 2, 2.0)
        for turned in (False, True):
            canvas.saveState()
            if turned:
                canvas.translate(pt(box.width), pt(box.height))
                canvas.rotate(180)
            set_fill(canvas, PALETTE.ink)
            canvas.setFont(fonts.title, 11)
            canvas.drawCentredString(pt(box.width / 2), pt(cy + 13), P_(self.language, "PRONOSTIC"))
            canvas.setFont(fonts.condensed, 7)
            secret = P_(self.language, "secret · à garder pour soi")
            canvas.drawCentredString(pt(box.width / 2), pt(cy + 7), secret)
            canvas.restoreState()
