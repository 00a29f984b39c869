"""Neo Otcho print-and-play: player cards, the two dice as fold-up nets, pawns, a rules aid.

Four PDFs: ``otcho-cards.pdf`` (one card per player, six pawn-sized slots), ``otcho-dice.pdf``
(two cube nets with glue tabs, and a spare), ``otcho-pawns.pdf`` (6 + players square tokens per
player, colour and shape) and ``otcho-rules-aid.pdf`` (every kind of roll with its exact
probability).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from generator.core.i18n import LANGUAGES, M_, MATERIAL_DEFAULT, P_, PN_, Language
from generator.games.catalog import OTCHO
from generator.games.otcho import FACES, KINDS, SLOTS, Face, RollKind, RollRules, kind_probabilities
from generator.games.otcho.players import MAX_PLAYERS, MIN_PLAYERS, PAWNS_TO_WIN, pawns_per_player
from generator.games.otcho.rolls import OUTCOMES, kind_of, losing_probability, slot_probability
from generator.render.colour import Colour, set_fill, set_stroke
from generator.render.draw.shapes import polygon, star_points
from generator.render.draw.text import paragraph, wrap
from generator.render.fonts import MIN_READING_PT
from generator.render.otcho.cube_net import OTCHO_DIE, SIDES, CubeNet, Edge
from generator.render.otcho.palette import PALETTE
from generator.render.otcho.player_styles import PLAYER_STYLES, SHAPE_NAMES, PlayerStyle, draw_shape
from generator.render.palette import SHEET
from generator.render.profile import HOME, PrintProfile
from generator.render.sheet import (
    MARGIN,
    SheetHeading,
    close_sheet,
    fraction_text,
    open_sheet,
    percent,
)
from generator.render.units import pt, to_mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.document import PdfDocument
    from generator.render.fonts import FontSet
    from generator.render.paper import Paper

CARD_W, CARD_H = 92.0, 78.0
SLOT = 21.0  # a slot holds one pawn (PAWN mm) with room around it
PAWN = 15.0
DIE_FACE = 24.0
TAB_DEPTH = 7.0
CREDIT = M_("Neo Otcho abcd, PGC + Gaël Vacher, d’après Otcho de Gaël Vacher · imprimé avec pnp")


@dataclass(frozen=True)
class OtchoOptions:
    players: int
    paper: Paper
    rules: RollRules
    profile: PrintProfile = HOME
    language: Language = MATERIAL_DEFAULT  # of every printed word


def _sheet(
    options: OtchoOptions, title: str, heading: str, subtitle: str
) -> tuple[PdfDocument, FontSet, float]:
    """A Neo Otcho sheet begun (:func:`generator.render.sheet.open_sheet`): the document, the
    fonts, and the height (mm) where its body starts."""
    return open_sheet(
        options.paper,
        SheetHeading(title, heading, subtitle, PALETTE.accent, OTCHO.name),
        options.profile,
    )


# --- player cards -------------------------------------------------------------------------


def slot_openers(slot: str) -> str:
    """How a slot can be reached from one's own card, e.g. "a b · X a · X b"."""
    first, second = tuple(slot)
    return f"{first} {second}  ·  X {first}  ·  X {second}"


def draw_player_card(
    canvas: Canvas,
    x: float,
    y: float,
    index: int,
    style: PlayerStyle,
    fonts: FontSet,
    height: float = CARD_H,
    language: Language = MATERIAL_DEFAULT,
) -> None:
    """One player card of ``height`` mm with its lower-left corner at (x, y) mm."""
    c = canvas
    c.setLineWidth(0.4)
    set_stroke(c, PALETTE.card_edge)
    set_fill(c, PALETTE.white)
    c.roundRect(pt(x), pt(y), pt(CARD_W), pt(height), pt(3), stroke=1, fill=1)
    band = 11.0
    set_fill(c, style.band)
    path = c.beginPath()
    top = y + height
    r = 3.0
    path.moveTo(pt(x), pt(top - band))
    path.lineTo(pt(x), pt(top - r))
    path.arcTo(pt(x), pt(top - 2 * r), pt(x + 2 * r), pt(top), startAng=180, extent=-90)
    path.lineTo(pt(x + CARD_W - r), pt(top))
    path.arcTo(
        pt(x + CARD_W - 2 * r), pt(top - 2 * r), pt(x + CARD_W), pt(top), startAng=90, extent=-90
    )
    path.lineTo(pt(x + CARD_W), pt(top - band))
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    set_fill(c, style.ink)
    draw_shape(c, style.shape, x + 8, top - band / 2, 7.5)
    c.setFont(fonts.title, 10.5)
    c.drawString(pt(x + 14), pt(top - band / 2 - 1.4), OTCHO.name.upper())
    c.setFont(fonts.condensed_bold, 9)
    player = P_(language, "Joueur {n} · {colour}").format(
        n=index + 1, colour=P_(language, style.name)
    )
    c.drawRightString(pt(x + CARD_W - 5), pt(top - band / 2 - 1.2), player)

    cols, gap_x = 3, (CARD_W - 3 * SLOT) / 4
    grid_top = top - band - 4.0
    row_h = SLOT + 7.5
    for i, slot in enumerate(SLOTS):
        col, row = i % cols, i // cols
        sx = x + gap_x + col * (SLOT + gap_x)
        sy = grid_top - SLOT - row * row_h
        set_fill(c, style.tint)
        set_stroke(c, style.colour)
        c.setLineWidth(1.1)
        c.roundRect(pt(sx), pt(sy), pt(SLOT), pt(SLOT), pt(2.5), stroke=1, fill=1)
        set_fill(c, style.letters)
        c.setFont(fonts.title, 16)
        c.drawCentredString(pt(sx + SLOT / 2), pt(sy + SLOT / 2 - 2.8), f"{slot[0]} {slot[1]}")
        set_fill(c, SHEET.muted)
        c.setFont(fonts.condensed, MIN_READING_PT)
        c.drawCentredString(pt(sx + SLOT / 2), pt(sy - 3.8), slot_openers(slot))
    set_fill(c, SHEET.muted)
    # condensed, its descenders 3 mm above the bottom: the line keeps 3 mm from the card's
    # edges, a print shop's safe zone (in the italic it ran to 2.4 mm from the sides, and it
    # sat 2.5 mm from the bottom)
    c.setFont(fonts.condensed, MIN_READING_PT)
    c.drawCentredString(
        pt(x + CARD_W / 2),
        pt(y + 3.8),
        P_(
            language,
            "Gagnez en posant {pawns} de vos pions sur les {slots} emplacements · "
            "X X et ★ ★ : partout",
        ).format(pawns=PAWNS_TO_WIN, slots=len(SLOTS)),
    )


def player_cards_sheet(options: OtchoOptions) -> PdfDocument:
    """The players' cards, two by two down the page (shorter on Letter), to cut out."""
    paper, language = options.paper, options.language
    doc, fonts, top = _sheet(
        options,
        P_(language, "Neo Otcho: cartes joueurs"),
        P_(language, "Neo Otcho · cartes joueurs"),
        P_(
            language,
            "Une carte par joueur. Découpez le long du contour ; un carton de 200 g tient mieux "
            "sur la table.",
        ),
    )
    c = doc.canvas
    cols, rows = 2, 3
    room = top - 4 - (MARGIN + 2)  # down to 2 mm above the page footer's line
    # Three rows fit A4 at full height with 5 mm gaps; on Letter (17.6 mm shorter) the gaps close up
    # to 2 mm first, so the cards lose only 3 mm and the page footer keeps its space.
    gap = max(2.0, min(5.0, (room - rows * CARD_H) / (rows - 1)))
    height = min(CARD_H, (room - (rows - 1) * gap) / rows)
    left = (paper.width - cols * CARD_W - (cols - 1) * gap) / 2
    for i in range(options.players):
        col, row = i % cols, i // cols
        draw_player_card(
            c,
            left + col * (CARD_W + gap),
            top - 4 - height - row * (height + gap),
            i,
            PLAYER_STYLES[i],
            fonts,
            height,
            language,
        )
    return close_sheet(doc, paper, P_(language, CREDIT), fonts)


# --- dice ---------------------------------------------------------------------------------


def _edge_segment(
    edge: Edge, x0: float, y0: float, size: float
) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The two ends of a cell edge (mm) and the outward unit normal."""
    cx, cy = x0 + edge.col * size, y0 + edge.row * size
    return {
        "N": ((cx, cy + size), (cx + size, cy + size), (0.0, 1.0)),
        "S": ((cx + size, cy), (cx, cy), (0.0, -1.0)),
        "E": ((cx + size, cy + size), (cx + size, cy), (1.0, 0.0)),
        "W": ((cx, cy), (cx, cy + size), (-1.0, 0.0)),
    }[edge.side]


def tab_polygon(
    edge: Edge, x0: float, y0: float, size: float, depth: float = TAB_DEPTH
) -> list[tuple[float, float]]:
    """The trapezoid glue tab on a cut edge of a net drawn at (x0, y0) with cells of ``size`` mm."""
    (ax, ay), (bx, by), (nx, ny) = _edge_segment(edge, x0, y0, size)
    inset = depth * 0.9  # 42° sides: the tab never reaches a neighbouring tab at a corner
    ux, uy = (bx - ax) / size, (by - ay) / size
    return [
        (ax, ay),
        (bx, by),
        (bx - ux * inset + nx * depth, by - uy * inset + ny * depth),
        (ax + ux * inset + nx * depth, ay + uy * inset + ny * depth),
    ]


def net_extent(net: CubeNet, size: float) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the net's cells and tabs, drawn at the origin."""
    points = [
        (c.col * size + dx * size, c.row * size + dy * size)
        for c in net.cells
        for dx in (0, 1)
        for dy in (0, 1)
    ]
    points += [p for edge in net.tabs for p in tab_polygon(edge, 0, 0, size)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _draw_face(c: Canvas, label: str, x: float, y: float, size: float, fonts: FontSet) -> None:
    cx, cy = x + size / 2, y + size / 2
    if label == Face.STAR.value:
        set_fill(c, PALETTE.star)
        set_stroke(c, PALETTE.star_edge)
        c.setLineWidth(0.6)
        polygon(c, star_points(cx, cy - 0.5, size * 0.36), fill=True, stroke=True)
        return
    set_fill(c, PALETTE.x_face if label == Face.X.value else SHEET.ink)
    font_size = size * 2.2
    c.setFont(fonts.title, font_size)
    c.drawCentredString(pt(cx), pt(cy) - font_size * 0.36, label)
    if label in ("b", "d"):  # tell b from d (and a face from its upside-down view) by an underline
        c.setLineWidth(1.0)
        set_stroke(c, SHEET.ink)
        c.line(pt(cx - 3), pt(cy - size * 0.36), pt(cx + 3), pt(cy - size * 0.36))


def draw_die_net(
    c: Canvas,
    net: CubeNet,
    x0: float,
    y0: float,
    size: float,
    fonts: FontSet,
    language: Language = MATERIAL_DEFAULT,
    tab_words: bool = True,
) -> None:
    """A net with its cells' lower-left grid origin at (x0, y0) mm: tabs, faces, cut and fold
    lines; ``tab_words``: "colle" on the tabs above and below (a net drawn turned a quarter
    leaves them out: its words would run sideways)."""
    c.setLineJoin(1)
    for edge in net.tabs:
        poly = tab_polygon(edge, x0, y0, size)
        set_fill(c, PALETTE.glue_tab)
        set_stroke(c, SHEET.ink)
        c.setLineWidth(0.6)
        polygon(c, poly, fill=True, stroke=True)
        (ax, ay), (bx, by), (nx, ny) = _edge_segment(edge, x0, y0, size)
        mx, my = (ax + bx) / 2 + nx * TAB_DEPTH * 0.45, (ay + by) / 2 + ny * TAB_DEPTH * 0.45
        if tab_words and ny != 0.0:  # the word on the tabs above and below (the side ones are
            # too narrow)
            c.saveState()
            c.translate(pt(mx), pt(my))
            c.rotate(0 if ny > 0 else 180)
            set_fill(c, SHEET.muted)
            c.setFont(fonts.condensed, MIN_READING_PT)
            c.drawCentredString(0, -pt(0.9), P_(language, "colle"))
            c.restoreState()
    for cell in net.cells:
        cx, cy = x0 + cell.col * size, y0 + cell.row * size
        set_fill(c, PALETTE.white)
        c.rect(pt(cx), pt(cy), pt(size), pt(size), stroke=0, fill=1)
        _draw_face(c, cell.label, cx, cy, size, fonts)
    # fold lines: dashed, between neighbouring cells
    set_stroke(c, PALETTE.fold_line)
    c.setLineWidth(0.5)
    c.setDash(2.5, 2)
    for cell in net.cells:
        for side in ("E", "N"):
            dc, dr = SIDES[side]
            if net.cell_at(cell.col + dc, cell.row + dr) is not None:
                (ax, ay), (bx, by), _ = _edge_segment(Edge(cell.col, cell.row, side), x0, y0, size)
                c.line(pt(ax), pt(ay), pt(bx), pt(by))
    c.setDash()
    # cut lines: solid, on every cut edge without a tab (tab outlines are already cut lines)
    set_stroke(c, SHEET.ink)
    c.setLineWidth(0.8)
    for edge in net.cut_edges():
        if edge not in net.tabs:
            (ax, ay), (bx, by), _ = _edge_segment(edge, x0, y0, size)
            c.line(pt(ax), pt(ay), pt(bx), pt(by))
    c.setDash(2.5, 2)
    set_stroke(c, PALETTE.fold_line)
    c.setLineWidth(0.5)
    for edge in net.tabs:  # the edge a tab hangs on is folded, not cut
        (ax, ay), (bx, by), _ = _edge_segment(edge, x0, y0, size)
        c.line(pt(ax), pt(ay), pt(bx), pt(by))
    c.setDash()


def dice_sheet(options: OtchoOptions) -> PdfDocument:
    """The two dice as cube nets with glue tabs, a spare, and how to fold them."""
    paper, language = options.paper, options.language
    doc, fonts, top = _sheet(
        options,
        P_(language, "Neo Otcho: les deux dés à plier"),
        P_(language, "Neo Otcho · les deux dés"),
        P_(language, "Faces a b c d X ★. Imprimez à 100 % sur carton léger (160 à 200 g)."),
    )
    c = doc.canvas
    min_x, min_y, max_x, max_y = net_extent(OTCHO_DIE, DIE_FACE)
    width, height = max_x - min_x, max_y - min_y
    gap = (paper.width - 2 * MARGIN - 2 * width) / 3
    net_top = top - 8
    for i in range(2):
        left = MARGIN + gap + i * (width + gap)
        draw_die_net(
            c, OTCHO_DIE, left - min_x, net_top - height - min_y, DIE_FACE, fonts, language
        )
        set_fill(c, SHEET.muted)
        c.setFont(fonts.condensed_bold, 8)
        die = P_(language, "Dé {n}").format(n=i + 1)
        c.drawCentredString(pt(left + width / 2), pt(net_top + 1.5), die)
    # Below: a spare net (a die that gets crushed or glued askew), turned a quarter so that it
    # sits beside the instructions; the faces of a die read in every direction anyway.
    section_top = net_top - height - 10
    spare_left, spare_top = MARGIN + gap, section_top - 5
    set_fill(c, SHEET.muted)
    c.setFont(fonts.condensed_bold, 8)
    c.drawCentredString(
        pt(spare_left + height / 2), pt(section_top), P_(language, "Dé de rechange")
    )
    c.saveState()
    c.translate(pt(spare_left + max_y), pt(spare_top - width - min_x))
    c.rotate(90)
    draw_die_net(c, OTCHO_DIE, 0, 0, DIE_FACE, fonts, language, tab_words=False)
    c.restoreState()
    text_left = spare_left + height + 8
    text_width = paper.width - MARGIN - gap - text_left
    set_fill(c, SHEET.muted)
    c.setFont(fonts.condensed_bold, 8)
    c.drawString(pt(text_left), pt(section_top), P_(language, "Montage"))
    steps = [
        P_(language, "1. Découpez le long des traits pleins, languettes comprises."),
        P_(
            language,
            "2. Marquez les traits pointillés (une règle et une pointe sèche) et pliez-les tous "
            "vers l’arrière.",
        ),
        P_(
            language,
            "3. Collez chaque languette « colle » sous la face voisine, en finissant par la "
            "face c.",
        ),
        P_(
            language,
            "Faces opposées : a et c, b et d, X et ★. Les lettres b et d sont soulignées pour ne "
            "pas les confondre.",
        ),
        P_(
            language,
            "Dés de {size} mm. Chaque face sort une fois sur six ; l’aide de jeu donne les "
            "probabilités de chaque combinaison.",
        ).format(size=f"{DIE_FACE:g}"),
        P_(language, "Le troisième patron remplace un dé abîmé ou mal collé."),
    ]
    y = spare_top
    for line in steps:
        y = paragraph(c, line, text_left, y, text_width, fonts.regular, 9, colour=SHEET.ink) - 2
    return close_sheet(doc, paper, P_(language, CREDIT), fonts)


# --- pawns --------------------------------------------------------------------------------


def pawns_sheet(options: OtchoOptions) -> PdfDocument:
    """Each player's pawns, colour and shape, in strips to cut."""
    paper, language = options.paper, options.language
    n = pawns_per_player(options.players)
    doc, fonts, top = _sheet(
        options,
        P_(language, "Neo Otcho: pions"),
        P_(language, "Neo Otcho · pions"),
        P_(
            language,
            "{n} pions par joueur ({win} + {players} joueurs). Chaque couleur a sa forme. "
            "Coupez en bandes, puis en carrés de {size} mm.",
        ).format(n=n, win=PAWNS_TO_WIN, players=options.players, size=f"{PAWN:g}"),
    )
    c = doc.canvas
    per_row = int((paper.width - 2 * MARGIN) // PAWN)
    left = (paper.width - min(per_row, n) * PAWN) / 2
    y = top - 6
    for i in range(options.players):
        style = PLAYER_STYLES[i]
        set_fill(c, SHEET.ink)
        c.setFont(fonts.condensed_bold, 8.5)
        label = P_(language, "Joueur {n} · {colour} · {shape}").format(
            n=i + 1,
            colour=P_(language, style.name),
            shape=P_(language, SHAPE_NAMES[style.shape]),
        )
        c.drawString(pt(left), pt(y - 3), label)
        y -= 5
        for k in range(n):
            row, col = divmod(k, per_row)
            px, py = left + col * PAWN, y - (row + 1) * PAWN
            set_fill(c, style.colour)
            set_stroke(c, PALETTE.white)
            c.setLineWidth(0.6)
            c.rect(pt(px), pt(py), pt(PAWN), pt(PAWN), stroke=1, fill=1)
            set_fill(c, style.ink)
            draw_shape(c, style.shape, px + PAWN / 2, py + PAWN / 2, PAWN * 0.55)
        rows = -(-n // per_row)
        set_stroke(c, SHEET.ink)
        c.setLineWidth(0.3)
        c.rect(
            pt(left),
            pt(y - rows * PAWN),
            pt(min(per_row, n) * PAWN),
            pt(rows * PAWN),
            stroke=1,
            fill=0,
        )
        y -= rows * PAWN + 6
    return close_sheet(doc, paper, P_(language, CREDIT), fonts)


# --- rules aid ----------------------------------------------------------------------------

KIND_EXAMPLES: dict[RollKind, tuple[str, str]] = {
    RollKind.PAIR_X: ("X", "X"),
    RollKind.PAIR_STAR: ("★", "★"),
    RollKind.TWO_LETTERS: ("a", "c"),
    RollKind.X_AND_LETTER: ("a", "X"),
    RollKind.SAME_LETTERS: ("b", "b"),
    RollKind.STAR_AND_LETTER: ("★", "d"),
    RollKind.X_AND_STAR: ("X", "★"),
}


def kind_effect(
    kind: RollKind, rules: RollRules, language: Language = MATERIAL_DEFAULT
) -> tuple[str, str]:
    """(what the roll does, on which card), as printed on the aid in ``language``."""
    any_card = P_(language, "toute carte")
    where_x = any_card if rules.x_letter_any_card else P_(language, "sa carte")
    losing = P_(language, "Coup perdant")
    return {
        RollKind.PAIR_X: (
            P_(language, "Placer ou retirer 1 pion sur un emplacement quelconque"),
            any_card,
        ),
        RollKind.PAIR_STAR: (
            P_(language, "Placer ou retirer 2 pions, sur deux emplacements quelconques"),
            any_card,
        ),
        RollKind.TWO_LETTERS: (
            P_(language, "Placer ou retirer 1 pion sur l’emplacement des deux lettres (a c → ac)"),
            any_card,
        ),
        RollKind.X_AND_LETTER: (
            P_(
                language,
                "X remplace une autre lettre : 1 pion sur l’un des 3 emplacements de la lettre "
                "(a X → ab, ac ou ad)",
            ),
            where_x,
        ),
        RollKind.SAME_LETTERS: (P_(language, "Coup perdant (aa, bb, cc, dd)"), "—"),
        RollKind.STAR_AND_LETTER: (losing, "—"),
        RollKind.X_AND_STAR: (losing, "—"),
    }[kind]


def _mini_die(
    c: Canvas,
    label: str,
    x: float,
    y: float,
    size: float,
    fonts: FontSet,
    fill: Colour = PALETTE.white,
) -> None:
    set_fill(c, fill)
    set_stroke(c, SHEET.ink)
    c.setLineWidth(0.6)
    c.roundRect(pt(x), pt(y), pt(size), pt(size), pt(size * 0.18), stroke=1, fill=1)
    if label == "★":
        set_fill(c, PALETTE.star)
        set_stroke(c, PALETTE.star_edge)
        c.setLineWidth(0.3)
        polygon(
            c, star_points(x + size / 2, y + size / 2 - 0.2, size * 0.36), fill=True, stroke=True
        )
        return
    set_fill(c, PALETTE.x_face if label == "X" else SHEET.ink)
    fs = size * 2.0
    c.setFont(fonts.title, fs)
    c.drawCentredString(pt(x + size / 2), pt(y + size / 2) - fs * 0.36, label)


@dataclass(frozen=True)
class KindTable:
    """The rules aid's table of the kinds of roll: where each column starts (mm right of the
    page margin) and how a row is set."""

    combination: float = 19.0
    effect: float = 61.0
    effect_width: float = 66.0
    where: float = 131.0
    probability: float = 153.0
    row_height: float = 12.0
    baseline_drop: float = 1.3  # mm from a row's middle down to the baseline of its 8–9 pt text


KIND_TABLE = KindTable()
OUTCOME_CELL = 10.0  # mm, a cell of the 6 × 6 grid of outcomes


def rules_aid(options: OtchoOptions) -> PdfDocument:
    """Every kind of roll with its exact probability, the turn, the key odds."""
    paper, rules, language = options.paper, options.rules, options.language
    doc, fonts, y = _sheet(
        options,
        P_(language, "Neo Otcho: aide de jeu"),
        P_(language, "Neo Otcho · aide de jeu"),
        P_(
            language,
            "{low} à {high} joueurs · 2 dés spéciaux (a b c d X ★) · une carte et {win} + nombre "
            "de joueurs pions par joueur",
        ).format(low=MIN_PLAYERS, high=MAX_PLAYERS, win=PAWNS_TO_WIN),
    )
    c = doc.canvas
    width = paper.width - 2 * MARGIN
    y = _aid_turn(c, rules, fonts, y, width, language)
    y = _kind_table(c, rules, fonts, y, width, language)
    legend_x, legend_y = _outcome_grid(c, fonts, y, language)
    _aid_facts(c, rules, fonts, legend_x, legend_y, MARGIN + width - legend_x, language)
    return close_sheet(doc, paper, P_(language, CREDIT), fonts)


def _aid_turn_texts(rules: RollRules, language: Language) -> tuple[str, list[str]]:
    """The goal and the three steps of a turn, in ``language``."""
    goal = P_(
        language,
        "But : être le premier à poser {pawns} de ses pions sur les {slots} emplacements de sa "
        "carte.",
    ).format(pawns=PAWNS_TO_WIN, slots=len(SLOTS))
    n = rules.penalty_pawns
    if n:
        then = PN_(
            language,
            "3. Puis passez les dés à gauche, ou relancez pour continuer : ce jet ne se relance "
            "pas et, s’il est perdant, retirez un de vos pions (de votre carte ou d’une autre). "
            "On peut continuer tant que les jets gagnent.",
            "3. Puis passez les dés à gauche, ou relancez pour continuer : ce jet ne se relance "
            "pas et, s’il est perdant, retirez {n} de vos pions (de votre carte ou d’une autre). "
            "On peut continuer tant que les jets gagnent.",
            n,
        ).format(n=n)
    else:
        then = P_(
            language,
            "3. Puis passez les dés à gauche, ou relancez pour continuer : ce jet ne se relance "
            "pas et, s’il est perdant, votre tour s’arrête, sans autre pénalité. On peut "
            "continuer tant que les jets gagnent.",
        )
    turn = [
        P_(
            language,
            "1. Lancez les deux dés. Pas satisfait ? Relancez-les une fois : ce second jet est "
            "gardé.",
        ),
        P_(
            language,
            "2. Jouez la combinaison (tableau). Un pion retiré revient toujours à son "
            "propriétaire ; un emplacement occupé ne reçoit pas d’autre pion. X est un joker.",
        ),
        then,
    ]
    return goal, turn


GOAL_PT, TURN_PT = 10.0, 9.0


def _aid_turn_depth(rules: RollRules, fonts: FontSet, width: float, language: Language) -> float:
    """How far down (mm) the goal and the steps reach in ``language``: each paragraph is its
    lines at 1.3 × its size (:func:`paragraph`'s leading), and the gaps between them."""
    goal, turn = _aid_turn_texts(rules, language)
    depth = 1 + len(wrap(goal, fonts.bold, GOAL_PT, width)) * to_mm(GOAL_PT * 1.3) + 2.5
    for line in turn:
        depth += len(wrap(line, fonts.regular, TURN_PT, width)) * to_mm(TURN_PT * 1.3) + 1.2
    return depth + 3


def _aid_turn(
    c: Canvas, rules: RollRules, fonts: FontSet, y: float, width: float, language: Language
) -> float:
    """The goal and the three steps of a turn; returns the y (mm) below them in the language
    whose text is the longest, so that the page's drawing is the same in both."""
    goal, turn = _aid_turn_texts(rules, language)
    top = y
    y = paragraph(c, goal, MARGIN, y - 1, width, fonts.bold, GOAL_PT, colour=SHEET.ink) - 2.5
    for line in turn:
        y = paragraph(c, line, MARGIN, y, width, fonts.regular, TURN_PT, colour=SHEET.ink) - 1.2
    return top - max(_aid_turn_depth(rules, fonts, width, other) for other in LANGUAGES)


def _kind_table(
    c: Canvas, rules: RollRules, fonts: FontSet, y: float, width: float, language: Language
) -> float:
    """Every kind of roll: example dice, name, effect, on which card, probability; then the
    total. Returns the y (mm) below the table."""
    table = KIND_TABLE
    columns = (
        (MARGIN, P_(language, "Jet")),
        (MARGIN + table.combination, P_(language, "Combinaison")),
        (MARGIN + table.effect, P_(language, "Effet")),
        (MARGIN + table.where, P_(language, "Où")),
        (MARGIN + table.probability, P_(language, "Probabilité")),
    )
    set_fill(c, SHEET.ink)
    c.setFont(fonts.condensed_bold, 8.5)
    for x, head in columns:
        c.drawString(pt(x), pt(y - 3), head)
    y -= 5
    set_stroke(c, SHEET.ink)
    c.setLineWidth(0.6)
    c.line(pt(MARGIN), pt(y), pt(MARGIN + width), pt(y))
    probabilities = kind_probabilities()
    for kind in RollKind:
        _kind_row(c, kind, probabilities[kind], rules, fonts, y, width, language)
        y -= table.row_height
        set_stroke(c, SHEET.rule)
        c.setLineWidth(0.3)
        c.line(pt(MARGIN), pt(y), pt(MARGIN + width), pt(y))
    c.setFont(fonts.bold, 8.8)
    set_fill(c, SHEET.ink)
    c.drawString(pt(MARGIN + table.combination), pt(y - 4.5), P_(language, "Total"))
    total = sum(probabilities.values(), Fraction(0))
    c.drawString(pt(MARGIN + table.probability), pt(y - 4.5), fraction_text(total))
    c.setFont(fonts.regular, 8.2)
    set_fill(c, SHEET.muted)
    every = f"{OUTCOMES}/{OUTCOMES} · {percent(Fraction(1), language, digits=0)}"
    c.drawRightString(pt(MARGIN + width), pt(y - 4.5), every)
    return y - 12


def _kind_row(
    c: Canvas,
    kind: RollKind,
    probability: Fraction,
    rules: RollRules,
    fonts: FontSet,
    top: float,
    width: float,
    language: Language,
) -> None:
    """One row of the table of kinds, ``top`` mm its upper edge."""
    table = KIND_TABLE
    info = KINDS[kind]
    effect, where = kind_effect(kind, rules, language)
    mid = top - table.row_height / 2
    baseline = pt(mid - table.baseline_drop)
    text_colour = SHEET.muted if info.losing else SHEET.ink
    set_fill(c, PALETTE.kind(kind))
    c.rect(
        pt(MARGIN),
        pt(top - table.row_height + 1),
        pt(1.6),
        pt(table.row_height - 2),
        stroke=0,
        fill=1,
    )
    for k, face in enumerate(KIND_EXAMPLES[kind]):
        _mini_die(c, face, MARGIN + 3.5 + k * 7.5, mid - 3.2, 6.4, fonts)
    set_fill(c, text_colour)
    c.setFont(fonts.condensed_bold, 9)
    c.drawString(pt(MARGIN + table.combination), baseline, P_(language, info.name))
    effect_lines = len(wrap(effect, fonts.regular, 8.2, table.effect_width))
    paragraph(
        c,
        effect,
        MARGIN + table.effect,
        mid + 1.5 + (effect_lines - 1) * 1.9,
        table.effect_width,
        fonts.regular,
        8.2,
        colour=text_colour,
    )
    c.setFont(fonts.regular, 8.2)
    set_fill(c, SHEET.ink)
    c.drawString(pt(MARGIN + table.where), baseline, where)
    c.setFont(fonts.bold, 9)
    c.drawString(pt(MARGIN + table.probability), baseline, fraction_text(probability))
    c.setFont(fonts.regular, 8.2)
    set_fill(c, SHEET.muted)
    c.drawRightString(
        pt(MARGIN + width),
        baseline,
        f"{int(probability * OUTCOMES)}/{OUTCOMES} · {percent(probability, language)}",
    )


def _outcome_grid(c: Canvas, fonts: FontSet, y: float, language: Language) -> tuple[float, float]:
    """The 36 equally likely outcomes, coloured by kind (losing ones struck), and their legend.

    Returns where the key facts start beside the legend (x, y in mm)."""
    cell = OUTCOME_CELL
    grid_left = MARGIN + 12
    set_fill(c, SHEET.ink)
    c.setFont(fonts.bold, 10)
    heading = P_(language, "Les {n} jets équiprobables").format(n=OUTCOMES)
    c.drawString(pt(MARGIN), pt(y - 3), heading)
    y -= 7
    c.setFont(fonts.condensed, 7.5)
    set_fill(c, SHEET.muted)
    c.drawString(pt(grid_left + cell + 1.2), pt(y - 2), P_(language, "dé 2 →"))
    c.drawCentredString(pt(grid_left + cell / 2), pt(y - 2), P_(language, "dé 1 ↓"))
    y -= 3
    for j, face in enumerate(FACES):
        _mini_die(
            c, face.value, grid_left + (j + 1) * cell + 1.2, y - cell + 1.2, cell - 2.4, fonts
        )
    for i, f1 in enumerate(FACES):
        row_y = y - (i + 2) * cell
        _mini_die(c, f1.value, grid_left + 1.2, row_y + 1.2, cell - 2.4, fonts)
        for j, f2 in enumerate(FACES):
            _outcome_cell(c, kind_of(f1, f2), grid_left + (j + 1) * cell, row_y)

    # the legend beside the grid
    lx = grid_left + (len(FACES) + 1) * cell + 10
    ly = y - 2
    for kind in RollKind:
        set_fill(c, PALETTE.kind(kind))
        c.rect(pt(lx), pt(ly - 3.2), pt(4), pt(4), stroke=0, fill=1)
        set_fill(c, SHEET.ink)
        c.setFont(fonts.regular, 8)
        count = int(kind_probabilities()[kind] * OUTCOMES)
        c.drawString(pt(lx + 6), pt(ly - 2.6), f"{P_(language, KINDS[kind].name)} ({count})")
        ly -= 5.2
    return lx, ly - 3


def _outcome_cell(c: Canvas, kind: RollKind, x: float, y: float) -> None:
    cell = OUTCOME_CELL
    set_fill(c, PALETTE.kind(kind))
    set_stroke(c, PALETTE.white)
    c.setLineWidth(0.8)
    c.rect(pt(x), pt(y), pt(cell), pt(cell), stroke=1, fill=1)
    if KINDS[kind].losing:
        set_stroke(c, PALETTE.losing_mark)
        c.setLineWidth(0.5)
        c.line(pt(x + 2), pt(y + 2), pt(x + cell - 2), pt(y + cell - 2))


def _aid_facts(
    c: Canvas,
    rules: RollRules,
    fonts: FontSet,
    x: float,
    y: float,
    width: float,
    language: Language,
) -> None:
    """The key odds, in words, beside the grid's legend."""
    lose = losing_probability()
    win = 1 - lose
    with_reroll = 1 - lose * lose
    own = slot_probability("ab", rules)
    other = slot_probability("ab", rules, own_card=False)
    odds = {
        "win": fraction_text(win),
        "win_percent": percent(win, language),
        "lose": fraction_text(lose),
        "lose_percent": percent(lose, language),
        "reroll": fraction_text(with_reroll),
        "reroll_percent": percent(with_reroll, language),
        "own": fraction_text(own),
        "own_percent": percent(own, language),
        "other": fraction_text(other),
        "other_percent": percent(other, language),
    }
    n = rules.penalty_pawns
    if n:
        continuation = PN_(
            language,
            "Un jet de continuation perdant ({lose}, {lose_percent}) coûte un de ses pions.",
            "Un jet de continuation perdant ({lose}, {lose_percent}) coûte {n} de ses pions.",
            n,
        )
    else:
        continuation = P_(
            language,
            "Un jet de continuation perdant ({lose}, {lose_percent}) arrête le tour, sans "
            "pénalité.",
        )
    facts = [
        P_(language, "Jet gagnant : {win} ({win_percent}) ; perdant : {lose} ({lose_percent})."),
        P_(
            language,
            "Avec la relance du premier jet, au moins un jet gagnant : 1 − ({lose})² = "
            "{reroll} ({reroll_percent}).",
        ),
        continuation,
        P_(
            language,
            "Un emplacement donné (ab par exemple) s’ouvre sur sa carte avec {own} "
            "({own_percent}), sur celle d’un autre avec {other} ({other_percent}).",
        ),
    ]
    for fact in facts:
        text = fact.format(n=n, **odds)
        y = paragraph(c, text, x, y, width, fonts.regular, 8.2, colour=SHEET.ink) - 1.5
