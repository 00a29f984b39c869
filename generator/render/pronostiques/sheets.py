"""Pronostiques print-and-play: the race deck and prediction cards, a score pad, a rules aid.

Three PDFs: ``pronostiques-cards.pdf`` (54 race cards and the 4 prediction cards, imposed by the
shared engine with bleed, crop marks and duplex backs), ``pronostiques-score-pad.pdf`` (rounds ×
players, and the points of every prediction for all 24 finishing orders) and
``pronostiques-rules-aid.pdf``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING

from generator.games.pronostiques import (
    PREDICTIONS,
    SUITS,
    PileRules,
    ScoreRules,
    check_piles,
    score_order,
)
from generator.games.pronostiques.scoring import ScoreLine
from generator.games.pronostiques.suits import Suit
from generator.render.colour import set_fill, set_stroke
from generator.render.profile import HOME, PrintProfile
from generator.render.pronostiques.palette import PALETTE
from generator.render.pronostiques.race_cards import (
    POWERS,
    TEAMS,
    DeckBack,
    NumberFront,
    PowerFront,
    PredictionBack,
    PredictionFront,
    scoring_rules_text,
)
from generator.render.sheet_text import footer, page_header, paragraph
from generator.render.units import pt

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.imposition import Card, Duplex
    from generator.render.paper import Paper

MARGIN = 12.0
SHEET_PAPERS = ("a4", "letter")  # the layouts are designed for these; A3 would only add blank space
CREDIT = "Pronostiques, jeu du Défi 54 · imprimé avec pnp"


@dataclass(frozen=True)
class PronostiquesOptions:
    players: int
    paper: Paper
    laps: int = 8
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    score_rules: ScoreRules = ScoreRules()
    bleed: float = 1.0
    faces: bool = False  # also one face per page (card + bleed), the format print services ask for
    profile: PrintProfile = HOME
    back_first: bool = False  # the faces file: back, then front


def deck_cards(laps: int = 8, score_rules: ScoreRules = ScoreRules()) -> list[Card]:
    """The 54 race cards (per suit 1 to 10, Valet, Dame, Roi; two Jokers) then the 4 predictions."""
    from generator.render.imposition import Card

    back = DeckBack()
    cards = []
    for suit in SUITS:
        for number in range(1, 11):
            cards.append(Card(NumberFront(suit, number, laps), back, f"{number} {suit.symbol}"))
        for rank in ("V", "D", "R"):
            cards.append(
                Card(
                    PowerFront(POWERS[rank], suit), back, f"{POWERS[rank].rank_name} {suit.symbol}"
                )
            )
    for i in range(2):
        cards.append(Card(PowerFront(POWERS["JK"]), back, f"Joker {i + 1}"))
    for prediction in PREDICTIONS:
        cards.append(
            Card(
                PredictionFront(prediction, score_rules),
                PredictionBack(),
                f"Pronostic {prediction.name}",
            )
        )
    return cards


def build_deck(options: PronostiquesOptions, out: Path) -> list[Path]:
    """The deck imposed on sheets and, with ``options.faces``, one face per page as well."""
    from generator.render.document import DocInfo
    from generator.render.imposition import (
        SheetSpec,
        card_size,
        parse_duplex,
        render_deck,
        render_faces,
    )

    duplex: Duplex = parse_duplex(options.duplex)
    card = card_size("poker")
    spec = SheetSpec(
        paper=options.paper,
        card=card,
        bleed=options.bleed,
        duplex=duplex,
        back_offset=options.back_offset,
        profile=options.profile,
    )
    cards = deck_cards(options.laps, options.score_rules)
    info = DocInfo(title="Pronostiques: jeu de 54 cartes et 4 pronostics", subject="Pronostiques")
    paths = [render_deck(cards, spec, info).save(out / "pronostiques-cards.pdf")]
    if options.faces:
        paths.append(
            render_faces(
                cards, card, options.bleed, info, options.profile, options.back_first
            ).save(out / "pronostiques-cards-faces.pdf")
        )
    return paths


# --- score pad ------------------------------------------------------------------------------


def _suit_text(c: Canvas, suit: Suit, x: float, y: float, size: float, font: str) -> None:
    set_fill(c, TEAMS[suit].colour)
    c.setFont(font, size)
    c.drawCentredString(pt(x), pt(y), suit.symbol)


def build_score_pad(options: PronostiquesOptions, out: Path) -> Path:
    from generator.render.document import DocInfo, new_document
    from generator.render.fonts import register_fonts

    fonts = register_fonts()
    paper = options.paper
    doc = new_document(
        paper.width, paper.height, DocInfo(title="Pronostiques: feuille de score"), options.profile
    )
    c = doc.canvas
    width = paper.width - 2 * MARGIN
    y = page_header(
        c,
        paper.width,
        paper.height,
        MARGIN,
        "Pronostiques · feuille de score",
        f"{options.players} joueurs · la partie s'arrête après la manche où un joueur dépasse 15 points "
        "(16 ou plus) ; le plus haut total gagne.",
        PALETTE.navy,
        fonts.title,
        fonts.regular,
    )
    rounds = 10
    round_w, order_w = 14.0, 44.0
    player_w = (width - round_w - order_w) / options.players
    head_h, row_h = 13.0, 8.6
    top = y - 2
    # header
    set_fill(c, PALETTE.header_fill)
    c.rect(pt(MARGIN), pt(top - head_h), pt(width), pt(head_h), stroke=0, fill=1)
    set_fill(c, PALETTE.ink)
    c.setFont(fonts.condensed_bold, 8.5)
    c.drawCentredString(pt(MARGIN + round_w / 2), pt(top - 7.5), "Manche")
    c.drawCentredString(pt(MARGIN + round_w + order_w / 2), pt(top - 5), "Ordre d'arrivée")
    c.setFont(fonts.condensed, 7)
    for k, place in enumerate(("1er", "2e", "3e", "4e")):
        c.drawCentredString(pt(MARGIN + round_w + (k + 0.5) * order_w / 4), pt(top - 10.5), place)
    for p in range(options.players):
        x = MARGIN + round_w + order_w + p * player_w
        c.setFont(fonts.condensed_bold, 8.5)
        set_fill(c, PALETTE.ink)
        c.drawString(pt(x + 2), pt(top - 4.5), f"Joueur {p + 1}")
        set_stroke(c, PALETTE.rule)
        c.setLineWidth(0.4)
        c.line(pt(x + 2), pt(top - 10.5), pt(x + player_w - 2), pt(top - 10.5))
        c.setFont(fonts.condensed, 6)
        set_fill(c, PALETTE.muted)
        c.drawString(pt(x + 2), pt(top - 12.6), "points")
        c.drawRightString(pt(x + player_w - 2), pt(top - 12.6), "total")
    # rows
    for r in range(rounds + 1):
        row_top = top - head_h - r * row_h
        if r == rounds:
            set_fill(c, PALETTE.total_fill)
            c.rect(pt(MARGIN), pt(row_top - row_h), pt(width), pt(row_h), stroke=0, fill=1)
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.bold if r == rounds else fonts.regular, 8.5)
        c.drawCentredString(
            pt(MARGIN + round_w / 2),
            pt(row_top - row_h / 2 - 1.3),
            "Total" if r == rounds else str(r + 1),
        )
        if r < rounds:
            for k in range(4):
                bx = MARGIN + round_w + k * order_w / 4 + 1.8
                set_stroke(c, PALETTE.lap_empty)
                c.setLineWidth(0.4)
                c.roundRect(
                    pt(bx),
                    pt(row_top - row_h + 1.3),
                    pt(order_w / 4 - 3.6),
                    pt(row_h - 2.6),
                    pt(1),
                    stroke=1,
                    fill=0,
                )
            for p in range(options.players):
                x = MARGIN + round_w + order_w + p * player_w
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
    bottom = top - head_h - (rounds + 1) * row_h
    set_stroke(c, PALETTE.ink)
    c.setLineWidth(0.7)
    c.rect(pt(MARGIN), pt(bottom), pt(width), pt(top - bottom), stroke=1, fill=0)
    for x in [MARGIN + round_w, MARGIN + round_w + order_w] + [
        MARGIN + round_w + order_w + p * player_w for p in range(1, options.players)
    ]:
        c.line(pt(x), pt(bottom), pt(x), pt(top))

    # the points of every prediction for every finishing order
    y = bottom - 8
    set_fill(c, PALETTE.ink)
    c.setFont(fonts.bold, 10)
    c.drawString(
        pt(MARGIN), pt(y), "Barème : les points de chaque pronostic pour les 24 arrivées possibles"
    )
    c.setFont(fonts.regular, 7.5)
    set_fill(c, PALETTE.muted)
    c.drawString(
        pt(MARGIN),
        pt(y - 4.5),
        "Cherchez l'ordre d'arrivée (1er à 4e), lisez les points dans la colonne "
        "du pronostic (désigné par son Roi) ; règles a, b et c : voir l'aide de jeu.",
    )
    orders = list(permutations(SUITS))
    block_w = (width - 8) / 2
    line_h = 5.4
    y0 = y - 9
    for block in range(2):
        bx = MARGIN + block * (block_w + 8)
        col_order = 30.0
        col_w = (block_w - col_order) / 4
        c.setFont(fonts.condensed_bold, 7.5)
        set_fill(c, PALETTE.ink)
        c.drawString(pt(bx + 1), pt(y0 - 3.5), "Arrivée")
        for k, prediction in enumerate(PREDICTIONS):
            hx = bx + col_order + (k + 0.5) * col_w
            set_fill(c, PALETTE.ink)
            c.setFont(fonts.condensed_bold, 7.5)
            c.drawRightString(pt(hx + 0.5), pt(y0 - 3.5), "Roi")
            _suit_text(c, prediction.order[0], hx + 2.8, y0 - 3.5, 8, fonts.regular)
        set_stroke(c, PALETTE.ink)
        c.setLineWidth(0.5)
        c.line(pt(bx), pt(y0 - 5), pt(bx + block_w), pt(y0 - 5))
        for i, order in enumerate(orders[block * 12 : (block + 1) * 12]):
            ry = y0 - 5 - (i + 1) * line_h
            if i % 2 == 0:
                set_fill(c, PALETTE.zebra)
                c.rect(pt(bx), pt(ry), pt(block_w), pt(line_h), stroke=0, fill=1)
            for k, suit in enumerate(order):
                _suit_text(c, suit, bx + 4 + k * 6, ry + 1.5, 9, fonts.regular)
            scores = score_order(order, options.score_rules)
            for k, score in enumerate(scores):
                set_fill(c, PALETTE.ink if score.points else PALETTE.no_points)
                c.setFont(fonts.bold if score.points >= 5 else fonts.regular, 8)
                c.drawCentredString(
                    pt(bx + col_order + (k + 0.5) * col_w), pt(ry + 1.5), str(score.points)
                )
    footer(c, paper.width, MARGIN, CREDIT, fonts.regular)
    c.showPage()
    return doc.save(out / "pronostiques-score-pad.pdf")


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
    fonts,
    s: float,
    across: float,
) -> None:
    """Four piles as bars (mm, lower-left at x, y), with the verdict of the pile limits.

    ``s`` scales the type and the bar heights, ``across`` the widths (the column sets their room)."""
    unit, bar_w, step = 3.0 * s, 5.0 * across, 7.0 * across
    set_fill(c, PALETTE.ink)
    c.setFont(fonts.condensed_bold, 8 * s)
    c.drawString(pt(x), pt(y + laps * unit + 8 * s), title)
    set_stroke(c, PALETTE.rule)
    c.setLineWidth(0.3)
    c.line(pt(x), pt(y + laps * unit), pt(x + 3 * step + bar_w), pt(y + laps * unit))
    for i, (suit, h) in enumerate(zip(SUITS, heights)):
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


def score_line_french(line: ScoreLine) -> str:
    """One scoring line, short, e.g. "a ♣ +2", "b ♠♣ +2", "c ♦♠♣ +3", "b ♥♦ 0 (c)"."""
    cars = "".join(car.symbol for car in line.cars)
    if line.rule == "b" and not line.points:
        return f"b {cars} 0 (c)"
    return f"{line.rule} {cars} +{line.points}"


def _scoring_example(
    c: Canvas, x: float, top: float, width: float, rules: ScoreRules, fonts, s: float
) -> float:
    """A worked example: one finishing order and the points of the four predictions, line by line.

    Returns the y (mm) below the last line."""
    set_fill(c, PALETTE.navy)
    c.setFont(fonts.bold, 10 * s)
    c.drawString(pt(x), pt(top - 3.6 * s), "Exemple de décompte")
    c.setFont(fonts.regular, 8.3 * s)
    set_fill(c, PALETTE.ink)
    c.drawString(pt(x), pt(top - 9 * s), "Arrivée :")
    for k, suit in enumerate(EXAMPLE_ORDER):
        _suit_text(c, suit, x + (17 + k * 5) * s, top - 9 * s, 10 * s, fonts.regular)
    y = top - 15 * s
    for score in score_order(EXAMPLE_ORDER, rules):
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.bold, 8.3 * s)
        c.drawString(pt(x), pt(y), f"Roi {score.prediction.order[0].symbol}")
        c.setFont(fonts.regular, 8.3 * s)
        details = " · ".join(score_line_french(line) for line in score.lines) or "aucun point"
        set_fill(c, PALETTE.muted)
        c.drawString(pt(x + 13 * s), pt(y), details)
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.bold, 8.3 * s)
        c.drawRightString(
            pt(x + width), pt(y), f"{score.points} pt" + ("s" if score.points > 1 else "")
        )
        y -= 5 * s
    return y + 5 * s - 2.0 * s


# The aid's type is set as large as the page allows (A4 is taller than Letter), within these bounds.
AID_SCALES = tuple(round(1.4 - 0.025 * i, 3) for i in range(17))  # 1.4 down to 1.0
AID_FLOOR = MARGIN + 3.0  # mm: the content stays above this, clear of the footer line


def _draw_rules_aid(c: Canvas, options: PronostiquesOptions, fonts, s: float) -> float:
    """Draw the aid with its type scaled by ``s``; return the lowest y (mm) any column reached."""
    paper = options.paper
    laps = options.laps
    width = paper.width - 2 * MARGIN
    y = page_header(
        c,
        paper.width,
        paper.height,
        MARGIN,
        "Pronostiques · aide de jeu",
        f"3 ou 4 joueurs · 54 cartes · 4 voitures (♥ ♦ ♠ ♣) font une course de {laps} tours",
        PALETTE.navy,
        fonts.title,
        fonts.regular,
    )
    col_w = (width - 8) / 2
    left, right = MARGIN, MARGIN + col_w + 8
    size = 8.3 * s

    def heading(text: str, x: float, top: float) -> float:
        set_fill(c, PALETTE.navy)
        c.setFont(fonts.bold, 10 * s)
        c.drawString(pt(x), pt(top - 3.6 * s), text)
        return top - 6 * s

    def body(text: str, x: float, top: float) -> float:
        return paragraph(c, text, x, top, col_w, fonts.regular, size) - 1.6 * s

    yl = heading("Mise en place", left, y)
    yl = body(
        "Chacun reçoit en secret un pronostic (une des 4 cartes dorées, ou le groupe Roi, Dame, Valet, 10 "
        "qui le forme) : l'ordre d'arrivée sur lequel il a parié. Mélangez, donnez 8 cartes à chacun ; "
        "le reste forme la table, face cachée.",
        left,
        yl,
    )
    yl = heading("À son tour, une action", left, yl - 1 * s)
    yl = body(
        "• Poser une carte sur la pile de sa couleur, au numéro suivant (le 4 ♣ sur le 3 ♣), puis piocher "
        "une carte de la table pour revenir à 8.",
        left,
        yl,
    )
    yl = body(
        "• Ou échanger jusqu'à 3 cartes de sa main contre autant de cartes de la table.", left, yl
    )
    yl = heading("Les cartes spéciales", left, yl - 1 * s)
    for rank in ("V", "D", "R", "JK"):
        power = POWERS[rank]
        set_fill(c, PALETTE.ink)
        c.setFont(fonts.bold, size)
        label = f"{power.rank_name} « {power.title} » : "
        c.drawString(pt(left), pt(yl - 3 * s), label)
        yl = paragraph(c, power.text, left, yl - 3.6 * s, col_w, fonts.regular, size) - 1.8 * s
    yl = heading("Fin de la manche", left, yl - 1 * s)
    yl = body(
        f"Dès que 3 des 4 piles sont complètes ({laps} cartes). L'ordre d'arrivée est l'ordre où les piles "
        "ont été complétées, la quatrième est dernière.",
        left,
        yl,
    )
    yl = heading("Fin de la partie", left, yl - 1 * s)
    yl = body(
        "Après la manche où au moins un joueur dépasse 15 points (16 ou plus). Le plus haut total gagne.",
        left,
        yl,
    )
    yl = heading("Les écuries", left, yl - 1 * s)
    for suit in SUITS:
        team = TEAMS[suit]
        _suit_text(c, suit, left + 3 * s, yl - 4.2 * s, 12 * s, fonts.regular)
        set_fill(c, team.colour)
        c.setFont(fonts.bold, 8.5 * s)
        c.drawString(pt(left + 8 * s), pt(yl - 3.6 * s), team.name)
        set_fill(c, PALETTE.muted)
        c.setFont(fonts.regular, 8 * s)
        c.drawString(pt(left + 58 * s), pt(yl - 3.6 * s), suit.french)
        yl -= 6 * s

    yr = heading("Décompte de chaque pronostic", right, y)
    for text in (
        *scoring_rules_text(options.score_rules),
        "Le barème de la feuille de score donne les points des 24 arrivées possibles.",
    ):
        yr = paragraph(c, text, right, yr, col_w, fonts.regular, size) - 1.6 * s
    yr = heading("Limites des piles", right, yr - 1 * s)
    rules = PileRules(laps=laps)
    yr = (
        paragraph(
            c,
            f"Écart : la pile la plus avancée a au plus {rules.max_spread} cartes d'avance sur la moins "
            "avancée.",
            right,
            yr,
            col_w,
            fonts.regular,
            size,
        )
        - 1.6 * s
    )
    yr = (
        paragraph(
            c,
            f"Avance : chaque pile a au plus {rules.max_gap} cartes d'avance sur la pile la plus avancée "
            "après elle (rangez les piles de la plus haute à la plus basse : chaque marche fait au plus "
            f"{rules.max_gap}).",
            right,
            yr,
            col_w,
            fonts.regular,
            size,
        )
        - 1.6 * s
    )
    yr = (
        paragraph(
            c,
            "Une carte qui briserait une limite ne peut pas être posée.",
            right,
            yr,
            col_w,
            fonts.regular,
            size,
        )
        - 6 * s
    )
    examples = [
        ((6, 4, 2, 1), "permis : écart 5, marches de 2, 2 et 1"),
        ((7, 3, 3, 2), "interdit : ♥ a 4 cartes d'avance sur ♦"),
        ((6, 5, 3, 0), "interdit : écart de 6 entre ♥ et ♣"),
    ]
    chart_h = laps * 3.0 * s + 10 * s
    across = min(
        s, (col_w / 3 - 3) / 26
    )  # three charts of 3 steps + a bar side by side in the column
    for i, (heights, note) in enumerate(examples):
        check = check_piles(heights, rules)
        _pile_chart(
            c,
            right + 1 + i * col_w / 3,
            yr - chart_h,
            heights,
            laps,
            f"Exemple {i + 1}",
            check.ok,
            note,
            fonts,
            s,
            across,
        )
    yr = _scoring_example(c, right, yr - chart_h - 22 * s, col_w, options.score_rules, fonts, s)
    return min(yl, yr)


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
        if _draw_rules_aid(scratch, options, fonts, s) >= AID_FLOOR:
            return s
    return AID_SCALES[-1]


def build_rules_aid(options: PronostiquesOptions, out: Path) -> Path:
    from generator.render.document import DocInfo, new_document
    from generator.render.fonts import register_fonts

    fonts = register_fonts()
    paper = options.paper
    doc = new_document(
        paper.width, paper.height, DocInfo(title="Pronostiques: aide de jeu"), options.profile
    )
    c = doc.canvas
    _draw_rules_aid(c, options, fonts, aid_scale(options))
    footer(c, paper.width, MARGIN, CREDIT, fonts.regular)
    c.showPage()
    return doc.save(out / "pronostiques-rules-aid.pdf")


__all__ = [
    "SHEET_PAPERS",
    "PronostiquesOptions",
    "build_deck",
    "build_rules_aid",
    "build_score_pad",
    "deck_cards",
]
