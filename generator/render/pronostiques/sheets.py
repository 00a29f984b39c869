"""Pronostiques print-and-play sheets: a score pad and a rules aid.

``pronostiques-score-pad.pdf`` (rounds × players, and the points of every prediction for all 24
finishing orders) and ``pronostiques-rules-aid.pdf``; the race deck and the prediction cards are
:mod:`generator.render.pronostiques.deck`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING

from generator.core.i18n import M_, MATERIAL_DEFAULT, P_, PN_, Language
from generator.games.pronostiques import (
    PREDICTIONS,
    SUITS,
    PileRules,
    ScoreRules,
    check_piles,
    score_order,
)
from generator.games.pronostiques.deck import JOKER, RACE_DECK, SUIT_POWERS
from generator.games.pronostiques.emblems import TEAM_EMBLEMS
from generator.games.pronostiques.piles import PLAYERS
from generator.games.pronostiques.predictions import RANKS
from generator.games.pronostiques.rounds import EXCHANGE, GAME_ENDS_ABOVE, HAND, PILES_TO_END_ROUND
from generator.games.pronostiques.scoring import ScoreLine
from generator.games.pronostiques.suits import Suit
from generator.render.colour import set_fill, set_stroke
from generator.render.draw.text import paragraph, shrink_to_width, width_mm
from generator.render.fonts import MIN_READING_PT, MIN_TEXT_PT
from generator.render.icons import draw_picture, picture_credit
from generator.render.profile import HOME, PrintProfile
from generator.render.pronostiques.palette import PALETTE
from generator.render.pronostiques.race_cards import TEAMS, scoring_rules_text
from generator.render.sheet import (
    FRAME,
    MARGIN,
    SheetHeading,
    close_sheet,
    credit_line,
    open_sheet,
)
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.document import PdfDocument
    from generator.render.fonts import FontSet
    from generator.render.paper import Paper

CREDIT = M_("Pronostiques, jeu du Défi 54 · imprimé avec pnp")


@dataclass(frozen=True)
class PronostiquesOptions:
    """What the score pad and the rules aid print."""

    players: int
    paper: Paper
    laps: int = 8
    score_rules: ScoreRules = ScoreRules()
    profile: PrintProfile = HOME
    language: Language = MATERIAL_DEFAULT  # of every printed word


# --- score pad ------------------------------------------------------------------------------


def _suit_text(c: Canvas, suit: Suit, x: float, y: float, size: float, font: str) -> None:
    set_fill(c, TEAMS[suit].deep)  # type: the deep colour (the team colour reads at 2.9-4.3:1)
    c.setFont(font, size)
    c.drawCentredString(pt(x), pt(y), suit.symbol)


@dataclass(frozen=True)
class ScorePad:
    """The score pad's table (mm): its columns and rows, and the baselines of the header's
    lines, measured down from the header's top."""

    rounds: int = 10
    round_width: float = 14.0
    order_width: float = 44.0  # the four places of the finishing order
    header_height: float = 13.0
    row_height: float = 8.6
    round_label: float = 7.5  # "Manche"
    order_label: float = 5.0  # "Ordre d'arrivée"
    places: float = 10.0  # "1er 2e 3e 4e", level with the rule under each player's name
    player_name: float = 4.5
    player_rule: float = 10.0
    player_columns: float = 12.4  # "points" and "total" (7 pt, descenders clear), under the rule
    baseline_drop: float = 1.3  # from a row's middle down to the baseline of its number
    box_inset: float = 1.8  # a writing box of the finishing order inside its quarter column
    box_margin: float = 1.3  # between a writing box and the row's lines


@dataclass(frozen=True)
class PointsTable:
    """The table of points of the four predictions for the 24 finishing orders (mm)."""

    gap: float = 8.0  # above the table, and between its two blocks of 12 orders
    order_column: float = 30.0
    line_height: float = 5.4


SCORE_PAD = ScorePad()
POINTS_TABLE = PointsTable()
PLACES = ("1er", "2e", "3e", "4e")
ORDERS = tuple(permutations(SUITS))  # every finishing order of the four cars


def score_pad(options: PronostiquesOptions) -> PdfDocument:
    """Rounds × players with room to write the finishing order, then the table of points."""
    paper, language = options.paper, options.language
    heading = SheetHeading(
        P_(language, "Pronostiques: feuille de score"),
        P_(language, "Pronostiques · feuille de score"),
        P_(
            language,
            "{players} joueurs · la partie s’arrête après la manche où un joueur dépasse "
            "{above} points ({more} ou plus) ; le plus haut total gagne.",
        ).format(players=options.players, above=GAME_ENDS_ABOVE, more=GAME_ENDS_ABOVE + 1),
        PALETTE.navy,
    )
    doc, fonts, y = open_sheet(paper, heading, options.profile)
    c = doc.canvas
    width = paper.width - 2 * MARGIN
    bottom = _score_table(c, options.players, fonts, y - 2, width, language)
    bottom = _points_table(
        c, options.score_rules, fonts, bottom - POINTS_TABLE.gap, width, language
    )
    _team_legend(c, MARGIN, bottom - 7, width, fonts, language)
    credit_line(c, paper.width, MARGIN - 0.8, picture_credit(language), fonts.regular)
    return close_sheet(doc, paper, P_(language, CREDIT), fonts)


def _team_legend(
    c: Canvas, x: float, top: float, width: float, fonts: FontSet, language: Language
) -> None:
    """The four teams in a row of tiles under the table: emblem, name, suit."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    gap = 4.0
    tile_w, tile_h = (width - 3 * gap) / 4, 13.0
    y = top - tile_h
    for k, suit in enumerate(SUITS):
        team = TEAMS[suit]
        tx = x + k * (tile_w + gap)
        set_fill(c, team.tint)
        c.roundRect(pt(tx), pt(y), pt(tile_w), pt(tile_h), pt(2), stroke=0, fill=1)
        draw_picture(c, TEAM_EMBLEMS[suit], tx + 7.0, y + tile_h / 2, 9.5, 9.0)
        room = pt(tile_w - 15.0)
        name = P_(language, team.name)
        size = max(MIN_READING_PT, min(8.0, room / stringWidth(name, fonts.condensed_bold, 1.0)))
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.condensed_bold, size)
        c.drawString(pt(tx + 13), pt(y + tile_h / 2 + 0.8), name)
        _suit_text(c, suit, tx + 14.6, y + tile_h / 2 - 4.0, 8, fonts.regular)
        set_fill(c, PALETTE.muted)
        c.setFont(fonts.condensed, MIN_READING_PT)
        stable = P_(language, "écurie {suit}").format(suit=suit.called(language))
        c.drawString(pt(tx + 17), pt(y + tile_h / 2 - 4.0), stable)


def _score_table(
    c: Canvas, players: int, fonts: FontSet, top: float, width: float, language: Language
) -> float:
    """The table of rounds from ``top`` (mm) down; returns its bottom."""
    pad = SCORE_PAD
    player_w = (width - pad.round_width - pad.order_width) / players
    _score_header(c, players, fonts, top, width, player_w, language)
    for r in range(pad.rounds + 1):
        row_top = top - pad.header_height - r * pad.row_height
        _score_row(c, r, players, fonts, row_top, width, player_w, language)
    bottom = top - pad.header_height - (pad.rounds + 1) * pad.row_height
    set_stroke(c, PALETTE.ink)
    c.setLineWidth(0.7)
    c.rect(pt(MARGIN), pt(bottom), pt(width), pt(top - bottom), stroke=1, fill=0)
    players_left = MARGIN + pad.round_width + pad.order_width
    for x in [MARGIN + pad.round_width, players_left] + [
        players_left + p * player_w for p in range(1, players)
    ]:
        c.line(pt(x), pt(bottom), pt(x), pt(top))
    return bottom


def _score_header(
    c: Canvas,
    players: int,
    fonts: FontSet,
    top: float,
    width: float,
    player_w: float,
    language: Language,
) -> None:
    pad = SCORE_PAD
    set_fill(c, PALETTE.header_fill)
    c.rect(
        pt(MARGIN), pt(top - pad.header_height), pt(width), pt(pad.header_height), stroke=0, fill=1
    )
    set_fill(c, PALETTE.ink)
    c.setFont(fonts.condensed_bold, 8.5)
    c.drawCentredString(
        pt(MARGIN + pad.round_width / 2), pt(top - pad.round_label), P_(language, "Manche")
    )
    c.drawCentredString(
        pt(MARGIN + pad.round_width + pad.order_width / 2),
        pt(top - pad.order_label),
        P_(language, "Ordre d’arrivée"),
    )
    c.setFont(fonts.condensed, 7)
    for k, place in enumerate(PLACES):
        c.drawCentredString(
            pt(MARGIN + pad.round_width + (k + 0.5) * pad.order_width / 4),
            pt(top - pad.places),
            P_(language, place),
        )
    for p in range(players):
        x = MARGIN + pad.round_width + pad.order_width + p * player_w
        c.setFont(fonts.condensed_bold, 8.5)
        set_fill(c, PALETTE.ink)
        player = P_(language, "Joueur {n}").format(n=p + 1)
        c.drawString(pt(x + 2), pt(top - pad.player_name), player)
        set_stroke(c, PALETTE.rule)
        c.setLineWidth(0.4)
        c.line(
            pt(x + 2), pt(top - pad.player_rule), pt(x + player_w - 2), pt(top - pad.player_rule)
        )
        c.setFont(fonts.condensed, MIN_READING_PT)
        set_fill(c, PALETTE.muted)
        c.drawString(pt(x + 2), pt(top - pad.player_columns), P_(language, "points"))
        c.drawRightString(pt(x + player_w - 2), pt(top - pad.player_columns), P_(language, "total"))


def _score_row(
    c: Canvas,
    r: int,
    players: int,
    fonts: FontSet,
    row_top: float,
    width: float,
    player_w: float,
    language: Language,
) -> None:
    """Round ``r + 1`` (or, after the last, the totals): the round number, four boxes for the
    finishing order, a dashed line between each player's points and total."""
    pad = SCORE_PAD
    row_h = pad.row_height
    total = r == pad.rounds
    if total:
        set_fill(c, PALETTE.total_fill)
        c.rect(pt(MARGIN), pt(row_top - row_h), pt(width), pt(row_h), stroke=0, fill=1)
    set_fill(c, PALETTE.ink)
    c.setFont(fonts.bold if total else fonts.regular, 8.5)
    c.drawCentredString(
        pt(MARGIN + pad.round_width / 2),
        pt(row_top - row_h / 2 - pad.baseline_drop),
        P_(language, "Total") if total else str(r + 1),
    )
    if not total:
        for k in range(4):
            bx = MARGIN + pad.round_width + k * pad.order_width / 4 + pad.box_inset
            set_stroke(c, PALETTE.lap_empty)
            c.setLineWidth(0.4)
            c.roundRect(
                pt(bx),
                pt(row_top - row_h + pad.box_margin),
                pt(pad.order_width / 4 - 2 * pad.box_inset),
                pt(row_h - 2 * pad.box_margin),
                pt(1),
                stroke=1,
                fill=0,
            )
        for p in range(players):
            x = MARGIN + pad.round_width + pad.order_width + p * player_w
            set_stroke(c, PALETTE.rule)
            c.setDash(1, 1.5)
            c.line(
                pt(x + player_w / 2),
                pt(row_top - row_h + 1),
                pt(x + player_w / 2),
                pt(row_top - 1),
            )
            c.setDash()
    set_stroke(c, PALETTE.rule)
    c.setLineWidth(0.4)
    c.line(pt(MARGIN), pt(row_top - row_h), pt(MARGIN + width), pt(row_top - row_h))


def _points_table(
    c: Canvas, rules: ScoreRules, fonts: FontSet, y: float, width: float, language: Language
) -> float:
    """The points of every prediction for every finishing order, in two blocks of 12; returns
    the table's bottom (mm)."""
    set_fill(c, PALETTE.ink)
    c.setFont(fonts.bold, 10)
    c.drawString(
        pt(MARGIN),
        pt(y),
        P_(
            language, "Barème : les points de chaque pronostic pour les {n} arrivées possibles"
        ).format(n=len(ORDERS)),
    )
    c.setFont(fonts.regular, 7.5)
    set_fill(c, PALETTE.muted)
    c.drawString(
        pt(MARGIN),
        pt(y - 4.5),
        P_(
            language,
            "Cherchez l’ordre d’arrivée (1er à 4e), lisez les points dans la colonne "
            "du pronostic (désigné par son Roi) ; règles a, b et c : voir l’aide de jeu.",
        ),
    )
    orders = list(ORDERS)
    gap = POINTS_TABLE.gap
    block_w = (width - gap) / 2
    half = len(orders) // 2
    for block in range(2):
        _points_block(
            c,
            orders[block * half : (block + 1) * half],
            rules,
            fonts,
            MARGIN + block * (block_w + gap),
            y - 9,
            block_w,
            language,
        )
    return y - 9 - 5 - half * POINTS_TABLE.line_height


def _points_block(
    c: Canvas,
    orders: list[tuple[Suit, ...]],
    rules: ScoreRules,
    fonts: FontSet,
    bx: float,
    y0: float,
    block_w: float,
    language: Language,
) -> None:
    table = POINTS_TABLE
    col_order = table.order_column
    col_w = (block_w - col_order) / 4
    c.setFont(fonts.condensed_bold, 7.5)
    set_fill(c, PALETTE.ink)
    c.drawString(pt(bx + 1), pt(y0 - 3.5), P_(language, "Arrivée"))
    for k, prediction in enumerate(PREDICTIONS):
        hx = bx + col_order + (k + 0.5) * col_w
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.condensed_bold, 7.5)
        c.drawRightString(pt(hx + 0.5), pt(y0 - 3.5), P_(language, RANKS[0]))
        _suit_text(c, prediction.order[0], hx + 2.8, y0 - 3.5, 8, fonts.regular)
    set_stroke(c, PALETTE.ink)
    c.setLineWidth(0.5)
    c.line(pt(bx), pt(y0 - 5), pt(bx + block_w), pt(y0 - 5))
    for i, order in enumerate(orders):
        ry = y0 - 5 - (i + 1) * table.line_height
        if i % 2 == 0:
            set_fill(c, PALETTE.zebra)
            c.rect(pt(bx), pt(ry), pt(block_w), pt(table.line_height), stroke=0, fill=1)
        for k, suit in enumerate(order):
            _suit_text(c, suit, bx + 4 + k * 6, ry + 1.5, 9, fonts.regular)
        for k, score in enumerate(score_order(order, rules)):
            set_fill(c, PALETTE.ink if score.points else PALETTE.no_points)
            c.setFont(fonts.bold if score.points >= 5 else fonts.regular, 8)
            c.drawCentredString(
                pt(bx + col_order + (k + 0.5) * col_w), pt(ry + 1.5), str(score.points)
            )


# --- rules aid ------------------------------------------------------------------------------


def _pile_chart(
    c: Canvas,
    x: float,
    y: float,
    heights: tuple[int, ...],
    laps: int,
    title: str,
    ok: bool,
    note: str,
    fonts: FontSet,
    s: float,
    across: float,
) -> None:
    """Four piles as bars (mm, lower-left at x, y), with the verdict of the pile limits.

    ``s`` scales the type and the bar heights, ``across`` the widths (the column sets their
    room)."""
    unit, bar_w, step = 3.0 * s, 5.0 * across, 7.0 * across
    set_fill(c, PALETTE.ink)
    c.setFont(fonts.condensed_bold, 8 * s)
    c.drawString(pt(x), pt(y + laps * unit + 8 * s), title)
    set_stroke(c, PALETTE.rule)
    c.setLineWidth(0.3)
    c.line(pt(x), pt(y + laps * unit), pt(x + 3 * step + bar_w), pt(y + laps * unit))
    for i, (suit, h) in enumerate(zip(SUITS, heights, strict=True)):
        bx = x + i * step
        set_fill(c, TEAMS[suit].colour)
        c.rect(pt(bx), pt(y), pt(bar_w), pt(h * unit), stroke=0, fill=1)
        c.setFont(fonts.condensed_bold, 7 * s)
        set_fill(c, PALETTE.ink)
        c.drawCentredString(pt(bx + bar_w / 2), pt(y + h * unit + 1), str(h))
        _suit_text(c, suit, bx + bar_w / 2, y - 4 * s, 8 * s, fonts.regular)
    paragraph(
        c,
        ("✓ " if ok else "✗ ") + note,
        x,
        y - 6.5 * s,
        3 * step + bar_w + 1,
        fonts.bold,
        6.8 * s,
        colour=PALETTE.allowed if ok else PALETTE.refused,
    )


EXAMPLE_ORDER = (Suit.DIAMOND, Suit.HEART, Suit.SPADE, Suit.CLUB)


def score_line_short(line: ScoreLine) -> str:
    """One scoring line, short, e.g. "a ♣ +2", "b ♠♣ +2", "c ♦♠♣ +3", "b ♥♦ 0 (c)"."""
    cars = "".join(car.symbol for car in line.cars)
    if line.void_by:
        return f"b {cars} 0" + (" (c)" if line.void_by == "c" else "")
    return f"{line.rule} {cars} +{line.points}"


def _scoring_example(
    c: Canvas,
    x: float,
    top: float,
    width: float,
    rules: ScoreRules,
    fonts: FontSet,
    s: float,
    language: Language,
) -> float:
    """A worked example: one finishing order and the points of the four predictions, line by line.

    Returns the y (mm) below the last line."""
    set_fill(c, PALETTE.navy)
    c.setFont(fonts.bold, 10 * s)
    c.drawString(pt(x), pt(top - 3.6 * s), P_(language, "Exemple de décompte"))
    c.setFont(fonts.regular, 8.3 * s)
    set_fill(c, PALETTE.ink)
    c.drawString(pt(x), pt(top - 9 * s), P_(language, "Arrivée :"))
    for k, suit in enumerate(EXAMPLE_ORDER):
        _suit_text(c, suit, x + (17 + k * 5) * s, top - 9 * s, 10 * s, fonts.regular)
    y = top - 15 * s
    for score in score_order(EXAMPLE_ORDER, rules):
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.bold, 8.3 * s)
        c.drawString(pt(x), pt(y), score.prediction.called(language))
        details = " · ".join(score_line_short(line) for line in score.lines) or P_(
            language, "aucun point"
        )
        points = PN_(language, "{n} pt", "{n} pts", score.points).format(n=score.points)
        # the lines, as large as the room before the points allows (the longest reading of c)
        room = width - 13 * s - width_mm(points, fonts.bold, 8.3 * s) - 1.5
        c.setFont(
            fonts.regular, shrink_to_width(details, fonts.regular, 8.3 * s, room, MIN_TEXT_PT)
        )
        set_fill(c, PALETTE.muted)
        c.drawString(pt(x + 13 * s), pt(y), details)
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.bold, 8.3 * s)
        c.drawRightString(pt(x + width), pt(y), points)
        y -= 5 * s
    return y + 5 * s - 2.0 * s


# The aid's type is set as large as the page allows (A4 is taller than Letter), within these bounds.
AID_SCALES = tuple(round(1.4 - 0.025 * i, 3) for i in range(17))  # 1.4 down to 1.0
AID_FLOOR = MARGIN + 3.0  # mm: the content stays above this, clear of the footer line


@dataclass(frozen=True)
class _AidColumn:
    """A column of the rules aid: its canvas, fonts, type scale ``s`` and width (mm)."""

    c: Canvas
    fonts: FontSet
    s: float
    width: float

    @property
    def size(self) -> float:
        return 8.3 * self.s

    def heading(self, text: str, x: float, top: float) -> float:
        set_fill(self.c, PALETTE.navy)
        self.c.setFont(self.fonts.bold, 10 * self.s)
        self.c.drawString(pt(x), pt(top - 3.6 * self.s), text)
        return top - 6 * self.s

    def text(self, text: str, x: float, top: float) -> float:
        """A paragraph of body text; returns the y (mm) below it, without the gap after it."""
        return paragraph(
            self.c, text, x, top, self.width, self.fonts.regular, self.size, colour=PALETTE.ink
        )

    def body(self, text: str, x: float, top: float) -> float:
        return self.text(text, x, top) - 1.6 * self.s


def _aid_heading(options: PronostiquesOptions) -> SheetHeading:
    language = options.language
    return SheetHeading(
        P_(language, "Pronostiques: aide de jeu"),
        P_(language, "Pronostiques · aide de jeu"),
        P_(
            language,
            "{fewest} ou {most} joueurs · {cards} cartes · {cars} voitures ({suits}) font une "
            "course de {laps} tours",
        ).format(
            fewest=PLAYERS[0],
            most=PLAYERS[-1],
            cards=len(RACE_DECK),
            cars=len(SUITS),
            suits=" ".join(suit.symbol for suit in SUITS),
            laps=options.laps,
        ),
        PALETTE.navy,
    )


def _draw_rules_aid(
    c: Canvas, options: PronostiquesOptions, fonts: FontSet, s: float, y: float
) -> float:
    """Draw the aid's body from ``y`` (mm) down, its type scaled by ``s``; return the lowest y
    (mm) any column reached."""
    width = options.paper.width - 2 * MARGIN
    column = _AidColumn(c, fonts, s, (width - 8) / 2)
    left = _aid_how_to_play(column, options, MARGIN, y)
    right = _aid_scoring_and_piles(column, options, MARGIN + column.width + 8, y)
    return min(left, right)


def _aid_how_to_play(column: _AidColumn, options: PronostiquesOptions, x: float, y: float) -> float:
    """The left column: set-up, a turn, the special cards, the end, the teams."""
    c, fonts, s, size = column.c, column.fonts, column.s, column.size
    language = options.language
    y = column.heading(P_(language, "Mise en place"), x, y)
    y = column.body(
        P_(
            language,
            "Chacun reçoit en secret un pronostic (une des {predictions} cartes dorées, ou le "
            "groupe {ranks} qui le forme) : l’ordre d’arrivée sur lequel il a parié. Mélangez, "
            "donnez {hand} cartes à chacun ; le reste forme la table, face cachée.",
        ).format(
            predictions=len(PREDICTIONS),
            ranks=", ".join(P_(language, rank) for rank in RANKS),
            hand=HAND,
        ),
        x,
        y,
    )
    y = column.heading(P_(language, "À son tour, une action"), x, y - 1 * s)
    y = column.body(
        P_(
            language,
            "• Poser une carte sur la pile de sa couleur, au numéro suivant (le 4 ♣ sur le 3 ♣), "
            "puis piocher une carte de la table pour revenir à {hand}.",
        ).format(hand=HAND),
        x,
        y,
    )
    y = column.body(
        P_(
            language,
            "• Ou échanger jusqu’à {exchange} cartes de sa main contre autant de cartes de la "
            "table.",
        ).format(exchange=EXCHANGE),
        x,
        y,
    )
    y = column.heading(P_(language, "Les cartes spéciales"), x, y - 1 * s)
    for power in (*SUIT_POWERS, JOKER):
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.bold, size)
        name = P_(language, "{rank} « {power} » : ").format(
            rank=P_(language, power.rank_name), power=P_(language, power.title)
        )
        c.drawString(pt(x), pt(y - 3 * s), name)
        y = column.text(power.rule(language), x, y - 3.6 * s) - 1.8 * s
    y = column.heading(P_(language, "Fin de la manche"), x, y - 1 * s)
    y = column.body(
        P_(
            language,
            "Dès que {complete} des {piles} piles sont complètes ({laps} cartes). L’ordre "
            "d’arrivée est l’ordre où les piles ont été complétées, la quatrième est dernière.",
        ).format(complete=PILES_TO_END_ROUND, piles=len(SUITS), laps=options.laps),
        x,
        y,
    )
    y = column.heading(P_(language, "Fin de la partie"), x, y - 1 * s)
    y = column.body(
        P_(
            language,
            "Après la manche où au moins un joueur dépasse {above} points ({more} ou plus). Le "
            "plus haut total gagne.",
        ).format(above=GAME_ENDS_ABOVE, more=GAME_ENDS_ABOVE + 1),
        x,
        y,
    )
    y = column.heading(P_(language, "Les écuries"), x, y - 1 * s)
    for suit in SUITS:
        team = TEAMS[suit]
        _suit_text(c, suit, x + 3 * s, y - 4.2 * s, 12 * s, fonts.regular)
        set_fill(c, team.deep)
        c.setFont(fonts.bold, 8.5 * s)
        c.drawString(pt(x + 8 * s), pt(y - 3.6 * s), P_(language, team.name))
        set_fill(c, PALETTE.muted)
        c.setFont(fonts.regular, 8 * s)
        c.drawString(pt(x + 58 * s), pt(y - 3.6 * s), suit.called(language))
        y -= 6 * s
    return y


PILE_EXAMPLES = (
    ((6, 4, 2, 1), M_("permis : écart 5, marches de 2, 2 et 1")),
    ((7, 3, 3, 2), M_("interdit : ♥ a 4 cartes d’avance sur ♦")),
    ((6, 5, 3, 0), M_("interdit : écart de 6 entre ♥ et ♣")),
)


def _aid_scoring_and_piles(
    column: _AidColumn, options: PronostiquesOptions, x: float, y: float
) -> float:
    """The right column: how a prediction scores, the pile limits with three examples, a worked
    scoring example."""
    c, fonts, s = column.c, column.fonts, column.s
    laps, language = options.laps, options.language
    y = column.heading(P_(language, "Décompte de chaque pronostic"), x, y)
    for text in (
        *scoring_rules_text(options.score_rules, language),
        P_(
            language,
            "Le barème de la feuille de score donne les points des {n} arrivées possibles.",
        ).format(n=len(ORDERS)),
    ):
        y = column.body(text, x, y)
    y = column.heading(P_(language, "Limites des piles"), x, y - 1 * s)
    rules = PileRules(laps=laps)
    y = column.body(
        P_(
            language,
            "Écart : la pile la plus avancée a au plus {spread} cartes d’avance sur la moins "
            "avancée.",
        ).format(spread=rules.max_spread),
        x,
        y,
    )
    y = column.body(
        P_(
            language,
            "Avance : chaque pile a au plus {gap} cartes d’avance sur la pile la plus avancée "
            "après elle (rangez les piles de la plus haute à la plus basse : chaque marche fait "
            "au plus {gap}).",
        ).format(gap=rules.max_gap),
        x,
        y,
    )
    limit = P_(language, "Une carte qui briserait une limite ne peut pas être posée.")
    y = column.text(limit, x, y) - 6 * s
    chart_h = laps * 3.0 * s + 10 * s
    across = min(s, (column.width / 3 - 3) / 26)  # three charts of 3 steps + a bar side by side
    for i, (heights, note) in enumerate(PILE_EXAMPLES):
        _pile_chart(
            c,
            x + 1 + i * column.width / 3,
            y - chart_h,
            heights,
            laps,
            P_(language, "Exemple {n}").format(n=i + 1),
            check_piles(heights, rules).ok,
            P_(language, note),
            fonts,
            s,
            across,
        )
    return _scoring_example(
        c, x, y - chart_h - 22 * s, column.width, options.score_rules, fonts, s, language
    )


def aid_scale(options: PronostiquesOptions) -> float:
    """The largest type scale at which both columns of the aid end above ``AID_FLOOR``."""
    import io

    from reportlab.pdfgen.canvas import Canvas as ScratchCanvas

    from generator.render.fonts import register_fonts

    fonts = register_fonts()
    for s in AID_SCALES:
        scratch = ScratchCanvas(
            io.BytesIO(), pagesize=(pt(options.paper.width), pt(options.paper.height))
        )
        top = FRAME.body_top(options.paper)
        if _draw_rules_aid(scratch, options, fonts, s, top) >= AID_FLOOR:
            return s
    return AID_SCALES[-1]


def rules_aid(options: PronostiquesOptions) -> PdfDocument:
    """The rules aid: how to play, the powers, the scoring, the pile limits, a worked example,
    its type as large as the page allows."""
    scale = aid_scale(options)
    doc, fonts, top = open_sheet(options.paper, _aid_heading(options), options.profile)
    _draw_rules_aid(doc.canvas, options, fonts, scale, top)
    return close_sheet(doc, options.paper, P_(options.language, CREDIT), fonts)


__all__ = ["PronostiquesOptions", "rules_aid", "score_pad"]
