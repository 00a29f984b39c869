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
from generator.render.draw.text import (
    paragraph,
    shrink_to_width,
    shrink_until,
    string_width,
    wrap,
)
from generator.render.fonts import register_fonts
from generator.render.icons import draw_picture
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
    deep: Colour


TEAMS: dict[Suit, Team] = {
    suit: Team(name, PALETTE.team(suit).colour, PALETTE.team(suit).tint, PALETTE.team(suit).deep)
    for suit, name in (
        (Suit.HEART, M_("Cœur de Piston")),
        (Suit.DIAMOND, M_("Carreau-sserie Racing")),
        (Suit.SPADE, M_("Pique de Vitesse")),
        (Suit.CLUB, M_("Trèfle à Quatre Roues")),
    )
}


#: The bands at the top and the bottom of the race cards (mm from the trim, into the bleed).
BAND = 13.0
#: The frame of the race cards (mm from the trim) and its width (points).
FRAME_INSET = 3.5
FRAME_PT = 1.2
#: The smallest type a player reads on the cards (points); coloured type is never smaller
#: than COLOUR_TEXT_PT (under it, black ink only: see the Oucédonc cards).
LABEL_PT = 7.0
COLOUR_TEXT_PT = 8.0


def _bands(canvas: Canvas, box: CardBox, colour: Colour) -> None:
    """The suit bands: a full-width band at the top and one at the bottom, into the bleed."""
    band(canvas, box, box.height - BAND, colour)
    set_fill(canvas, colour)
    canvas.rect(
        pt(-box.bleed), pt(-box.bleed), pt(box.width + 2 * box.bleed), pt(BAND + box.bleed), 0, 1
    )


def _frame(canvas: Canvas, box: CardBox, colour: Colour) -> None:
    """A rounded frame line inside the trim."""
    set_stroke(canvas, colour)
    canvas.setLineWidth(FRAME_PT)
    canvas.roundRect(
        pt(FRAME_INSET),
        pt(FRAME_INSET),
        pt(box.width - 2 * FRAME_INSET),
        pt(box.height - 2 * FRAME_INSET),
        pt(2.6),
        stroke=1,
        fill=0,
    )


def _banded(
    canvas: Canvas,
    box: CardBox,
    rank: str,
    symbol: str,
    label: str,
    band_colour: Colour,
    ink: Colour,
) -> None:
    """Both bands' content, the bottom one turned 180°: the index (rank in the display face,
    the suit beside it) at the left, ``label`` in spaced capitals in the rest of the band."""
    fonts = register_fonts()
    for turned in (False, True):
        canvas.saveState()
        if turned:
            canvas.translate(pt(box.width), pt(box.height))
            canvas.rotate(180)
        # the index's whole type box (the face's ascent, not only the figure) keeps 4 mm from
        # the trim, as a print shop's safe zone asks
        baseline = box.height - BAND + 1.6
        rank_size = 21.0 if len(rank) == 1 else 17.0
        set_fill(canvas, ink)
        canvas.setFont(fonts.title, rank_size)
        x = FRAME_INSET + 2.4
        canvas.drawString(pt(x), pt(baseline), rank)
        x += to_mm(string_width(rank, fonts.title, rank_size)) + 0.8
        canvas.setFont(fonts.bold, 13.0)
        canvas.drawString(pt(x), pt(baseline), symbol)
        left = x + to_mm(string_width(symbol, fonts.bold, 13.0)) + 1.5
        right = box.width - FRAME_INSET - 2.0
        _spaced(canvas, label, fonts.bold, (left + right) / 2, baseline + 1.2, right - left, ink)
        canvas.restoreState()


def _spaced(
    canvas: Canvas, text: str, font: str, cx: float, y: float, width: float, colour: Colour
) -> None:
    """``text`` in capitals, tracked, centred on ``cx``; the tracking, then the size (never
    under COLOUR_TEXT_PT), give way when it is wider than ``width`` mm."""
    text = text.upper()
    size, spacing = 8.5, 0.9
    natural = string_width(text, font, size)
    if natural + spacing * (len(text) - 1) > pt(width):
        spacing = max(0.0, (pt(width) - natural) / max(1, len(text) - 1))
    if natural > pt(width):
        size = max(COLOUR_TEXT_PT, size * pt(width) / natural)
        spacing = 0.0
    total = string_width(text, font, size) + spacing * (len(text) - 1)
    label = canvas.beginText(pt(cx) - total / 2, pt(y))
    label.setFont(font, size)
    label.setCharSpace(spacing)
    set_fill(canvas, colour)
    label.textOut(text)
    canvas.drawText(label)


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
            "a) 1 point par voiture arrivée à la bonne place, +1 si c’est la première ou la "
            "dernière.",
        ),
        b,
    ]
    if rules.three_in_a_row is ThreeInARow.ADJACENT:
        lines.append(
            P_(
                language,
                "c) 3 points si 3 voitures qui se suivent à l’arrivée se suivent aussi, dans cet "
                "ordre, dans le pronostic, même à d’autres places ; b ne compte alors pas.",
            )
        )
    elif rules.three_in_a_row is ThreeInARow.RELATIVE:
        lines.append(
            P_(
                language,
                "c) 3 points si 3 des 4 voitures arrivent dans l’ordre du pronostic, même "
                "séparées ou à d’autres places ; b ne compte alors pas.",
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
    """Cards 1 to 10: the laps a team's car has run. The team's bands and frame, large
    indexes, the team's emblem, a lap bar with the finish line."""

    suit: Suit
    number: int
    laps: int = 8
    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        fonts = register_fonts()
        team = TEAMS[self.suit]
        fill_bleed(canvas, box, PALETTE.card)
        _bands(canvas, box, team.deep)
        _frame(canvas, box, team.colour)
        name = P_(self.language, team.name)
        _banded(canvas, box, str(self.number), self.suit.symbol, name, team.deep, PALETTE.white)
        cx = box.width / 2
        middle = box.height / 2
        # the team's emblem, where a playing card has its court figure
        draw_picture(canvas, TEAM_EMBLEMS[self.suit], cx, middle + 8.0, 30.0, 24.0)
        # the lap: a segment per lap card, the first `number` filled; the flag marks the last lap
        lap = P_(self.language, "TOUR {n}").format(n=self.number)
        set_fill(canvas, PALETTE.ink)
        canvas.setFont(fonts.bold, 8.0)
        canvas.drawCentredString(pt(cx), pt(middle - 10.6), lap)
        seg, gap = 4.0, 0.7
        left = cx - (len(NUMBERS) * seg + (len(NUMBERS) - 1) * gap) / 2
        y = middle - 17.2
        for i in range(len(NUMBERS)):
            x = left + i * (seg + gap)
            if i < self.number:
                set_fill(canvas, team.colour)
                canvas.rect(pt(x), pt(y), pt(seg), pt(3.0), stroke=0, fill=1)
            else:
                set_stroke(canvas, PALETTE.lap_empty)
                canvas.setLineWidth(0.6)
                canvas.rect(pt(x), pt(y), pt(seg), pt(3.0), stroke=1, fill=0)
        flag_x = left + self.laps * (seg + gap) - gap / 2
        set_stroke(canvas, PALETTE.ink)
        canvas.setLineWidth(0.7)
        canvas.line(pt(flag_x), pt(y - 0.9), pt(flag_x), pt(y + 5.8))
        _checkers(canvas, flag_x, y + 3.6, 3.0, 2, 1.1)


@dataclass(frozen=True)
class PowerFront:
    """Valet, Dame, Roi: a team card with its power; Joker: the puncture. The bands carry the
    index and the power's name; the picture and the power's rule fill the card."""

    power: Power
    suit: Suit | None = None  # None for a Joker
    language: Language = MATERIAL_DEFAULT

    def __call__(self, canvas: Canvas, box: CardBox) -> None:
        fonts = register_fonts()
        language = self.language
        suit = self.suit
        joker = suit is None
        colour = PALETTE.ink if suit is None else TEAMS[suit].colour
        deep = PALETTE.ink if suit is None else TEAMS[suit].deep
        tint = PALETTE.joker_tint if suit is None else TEAMS[suit].tint
        fill_bleed(canvas, box, PALETTE.card)
        _bands(canvas, box, deep)
        if joker:
            for y in (box.height - BAND - 2.0, BAND):
                _checkers(
                    canvas,
                    -box.bleed,
                    y,
                    box.width + 2 * box.bleed,
                    1,
                    2.0,
                    PALETTE.ink,
                    PALETTE.warning,
                )
        _frame(canvas, box, colour)
        symbol = "✱" if suit is None else suit.symbol
        title = P_(language, self.power.title)
        ink = PALETTE.warning if joker else PALETTE.white
        _banded(canvas, box, self.power.index(language), symbol, title, deep, ink)
        cx = box.width / 2
        rank_name = P_(language, self.power.rank_name)
        label = (
            rank_name
            if suit is None
            else f"{rank_name} {suit.symbol} · {P_(language, TEAMS[suit].name)}"
        )
        set_fill(canvas, PALETTE.ink)
        canvas.setFont(fonts.bold, 8.0)
        canvas.drawCentredString(pt(cx), pt(box.height - BAND - (6.5 if joker else 5.0)), label)
        picture = POWER_PICTURES[self.power.rank]
        draw_picture(canvas, picture, cx, box.height / 2 + 7.0, 22.0, 19.0)
        # the power, in a tinted box
        bx, bw, btop, bbottom = 6.0, box.width - 12.0, box.height / 2 - 5.0, BAND + 3.5
        set_fill(canvas, tint)
        set_stroke(canvas, colour)
        canvas.setLineWidth(0.6)
        canvas.roundRect(pt(bx), pt(bbottom), pt(bw), pt(btop - bbottom), pt(2), stroke=1, fill=1)
        rule = self.power.rule(language)
        size = shrink_until(
            8.0,
            LABEL_PT,
            lambda s: (
                to_mm(len(wrap(rule, fonts.regular, s, bw - 4)) * s * 1.24) <= btop - bbottom - 2.0
            ),
        )
        lines = len(wrap(rule, fonts.regular, size, bw - 4))
        text_h = to_mm((lines * 1.24 - 0.24) * size)
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
            leading=size * 1.24,
            centred=True,
        )


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
            shrink_to_width(place, fonts.condensed_bold, 9, PLACE_ROOM, LABEL_PT)
            for place in places
        )
        row_h = 11.6
        top = box.height - 21
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
            set_fill(canvas, team.deep)
            canvas.setFont(fonts.regular, 15)
            canvas.drawCentredString(pt(22.2), pt(y + row_h / 2 - 2.4), suit.symbol)
            draw_picture(canvas, TEAM_EMBLEMS[suit], 15.4, y + row_h / 2, 6.6, 6.6)
            set_fill(canvas, team.deep)
            canvas.setFont(fonts.condensed_bold, COLOUR_TEXT_PT)
            canvas.drawString(pt(27.0), pt(y + row_h / 2 + 0.4), P_(language, team.name))
            set_fill(canvas, PALETTE.ink)
            canvas.setFont(fonts.condensed, LABEL_PT)
            card = P_(language, "{suit} · carte {card}").format(
                suit=suit.called(language), card=f"{P_(language, rank)} {suit.symbol}"
            )
            canvas.drawString(pt(27.0), pt(y + row_h / 2 - 2.9), card)
        summary = scoring_summary(self.rules, language)
        size = shrink_until(
            7.6,
            LABEL_PT,
            lambda s: (
                to_mm(len(wrap(summary, fonts.condensed, s, box.width - 9)) * s * 1.18)
                <= top - 4 * row_h - 5.0
            ),
        )
        paragraph(
            canvas,
            summary,
            4.5,
            top - 4 * row_h - 0.8,
            box.width - 9,
            fonts.condensed,
            size,
            PALETTE.ink,
            leading=size * 1.18,
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
