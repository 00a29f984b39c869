"""Printable sheets of Les territoires: life trackers, the reference card and the setup sheet.

:mod:`generator.products.territoires_sheets` builds every PDF of the game (the deck is
:mod:`generator.render.territoires.deck`, imposed like every deck). Pages are drawn in
millimetres from the lower-left corner; text sizes are in points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.i18n import MATERIAL_DEFAULT, P_, Language
from generator.games.territoires import (
    LIFE_PER_HOUSE,
    PLAYED_CARDS,
    House,
    Role,
    Setup,
    lenormand,
)
from generator.render.colour import Colour, set_stroke
from generator.render.document import DocInfo, PdfDocument, new_document
from generator.render.draw.shapes import cut_line, rounded_box
from generator.render.draw.text import shrink_to_width, text, width_mm
from generator.render.fonts import MIN_READING_PT, MIN_TEXT_PT, register_fonts
from generator.render.icons import draw_picture, picture_credit
from generator.render.paper import Paper
from generator.render.profile import HOME, PrintProfile
from generator.render.sheet import MARGIN, credit_line
from generator.render.territoires.palette import PALETTE
from generator.render.territoires.rule_texts import (
    cards_of,
    life_cards_line,
    reference_rows,
    third_player_lines,
    third_player_note,
)
from generator.render.territoires.style import HOUSE_SUBTITLE, HOUSE_TITLE, title
from generator.render.territoires.suits import draw_suit
from generator.render.units import pt, to_mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


LIFE_CARDS = tuple(sorted(House.EVEN.life_cards + House.ODD.life_cards))
GAMES_TO_TICK = 6  # tick-box columns on a tracker: one per game played with the sheet


def _span(cards: tuple[int, ...], language: Language) -> str:
    """ "21 à 36": the first and last of a run of cards."""
    return P_(language, "{first} à {last}").format(first=min(cards), last=max(cards))


def _players_line(setup: Setup, language: Language) -> str:
    if setup.players == 2:
        line = P_(language, "2 joueurs · chaque maison a {life} points de vie")
    elif setup.players == 3:
        line = P_(
            language,
            "3 joueurs · deux maisons de {life} points de vie, le 3e joueur n’a pas de vie",
        )
    else:
        line = P_(
            language, "4 joueurs · les deux joueurs d’une maison partagent ses {life} points de vie"
        )
    return line.format(life=LIFE_PER_HOUSE)


def _house_players(setup: Setup, house: House, language: Language) -> str:
    if setup.players == 4:
        return (
            P_(language, "vie commune des joueurs 1 et 3")
            if house is House.EVEN
            else P_(language, "vie commune des joueurs 2 et 4")
        )
    return P_(language, "joueur 1") if house is House.EVEN else P_(language, "joueur 2")


def _heading(canvas: Canvas, top: float, subtitle: str, language: Language) -> None:
    """A sheet's title (the game's, in its serif) and ``subtitle`` under it, from ``top`` (mm):
    Les territoires' own heading, in its body (:mod:`generator.render.sheet`)."""
    f = register_fonts()
    text(canvas, MARGIN, top - 7, title(language), f.title, 20, PALETTE.ink)
    text(canvas, MARGIN, top - 13.5, subtitle, f.regular, 9.5, PALETTE.muted)


# --- life trackers ------------------------------------------------------------------------


def trackers(
    setup: Setup, sheet: Paper, profile: PrintProfile = HOME, language: Language = MATERIAL_DEFAULT
) -> PdfDocument:
    """The life trackers: a column per house, a box per life card and game."""
    document = new_document(
        sheet.width,
        sheet.height,
        DocInfo(
            title=P_(
                language, "Les territoires — suivi des points de vie ({players} joueurs)"
            ).format(players=setup.players),
            subject=P_(language, "Une colonne par maison: cochez chaque carte de vie perdue"),
        ),
        profile,
    )
    draw_trackers(document.canvas, setup, sheet, language)
    credit_line(
        document.canvas,
        sheet.width,
        MARGIN - 3.0,  # the 6 pt line keeps 8 mm from the edge
        picture_credit(language),
        register_fonts().regular,
    )
    document.canvas.showPage()
    return document


def draw_trackers(
    canvas: Canvas, setup: Setup, sheet: Paper, language: Language = MATERIAL_DEFAULT
) -> None:
    f = register_fonts()
    top = sheet.height - MARGIN
    line = P_(language, "Suivi des points de vie · {players}")
    _heading(canvas, top, line.format(players=_players_line(setup, language)), language)
    gap = 10.0
    column_width = (sheet.width - 2 * MARGIN - gap) / 2
    bottom = MARGIN + (40.0 if setup.players == 3 else 18.0)
    for index, house in enumerate((House.EVEN, House.ODD)):
        x = MARGIN + index * (column_width + gap)
        _tracker_column(canvas, house, setup, x, bottom, column_width, top - 20, language)
    cut_line(canvas, sheet.width / 2, bottom - 2, sheet.width / 2, top - 18, PALETTE.hairline)
    if setup.players == 3:
        _third_player_band(canvas, MARGIN, MARGIN, sheet.width - 2 * MARGIN, 34.0, language)
    else:
        text(
            canvas,
            sheet.width / 2,
            MARGIN + 6,
            P_(
                language,
                "Cochez la case d’une carte perdue (cachée sous la suivante) ; effacez-la quand "
                "un soin la rend.",
            ),
            f.oblique,
            8,
            PALETTE.muted,
            "centre",
        )
        text(
            canvas,
            sheet.width / 2,
            MARGIN + 1.5,
            P_(
                language,
                "On perd d’abord la plus haute carte ; un soin rend la dernière perdue. Jamais "
                "plus de {life} points de vie.",
            ).format(life=LIFE_PER_HOUSE),
            f.oblique,
            8,
            PALETTE.muted,
            "centre",
        )


def _tracker_column(
    canvas: Canvas,
    house: House,
    setup: Setup,
    x: float,
    bottom: float,
    width: float,
    top: float,
    language: Language,
) -> None:
    f = register_fonts()
    colour = PALETTE.house(house).colour
    header = 17.0
    rounded_box(canvas, x, top - header, width, header, 2.5, fill=colour)
    text(canvas, x + 4, top - 7.5, P_(language, HOUSE_TITLE[house]), f.bold, 12, PALETTE.white)
    subtitle = f"{P_(language, HOUSE_SUBTITLE[house])} · {_house_players(setup, house, language)}"
    text(
        canvas,
        x + 4,
        top - 13,
        subtitle,
        f.regular,
        shrink_to_width(subtitle, f.regular, 8, width - 8, MIN_TEXT_PT),
        PALETTE.white,
    )
    labels_y = top - header - 5
    box = 5.0
    box_gap = 1.6
    boxes_width = GAMES_TO_TICK * box + (GAMES_TO_TICK - 1) * box_gap
    boxes_x = x + width - boxes_width - 3
    text(
        canvas,
        boxes_x + boxes_width / 2,
        labels_y + 0.5,
        P_(language, "parties"),
        f.oblique,
        7,
        PALETTE.muted,
        "centre",
    )
    for game in range(GAMES_TO_TICK):
        text(
            canvas,
            boxes_x + game * (box + box_gap) + box / 2,
            labels_y - 3,
            str(game + 1),
            f.regular,
            7,
            PALETTE.muted,
            "centre",
        )
    rows_top = labels_y - 5
    row_height = (rows_top - bottom) / LIFE_PER_HOUSE
    rounded_box(canvas, x, bottom, width, rows_top - bottom, 2.5, fill=PALETTE.house(house).tint)
    for index, card in enumerate(reversed(house.life_cards)):
        row_top = rows_top - index * row_height
        centre = row_top - row_height / 2
        if index:
            canvas.saveState()
            set_stroke(canvas, PALETTE.white)
            canvas.setLineWidth(pt(0.6))
            canvas.line(pt(x + 2), pt(row_top), pt(x + width - 2), pt(row_top))
            canvas.restoreState()
        mini_h = min(row_height - 4, 20.0)
        mini_w = mini_h * 63 / 88
        mini_card(
            canvas, card, x + 4, centre - mini_h / 2, mini_w, mini_h, colour, language=language
        )
        name_x = x + 4 + mini_w + 4
        name = lenormand(card).name_in(language)
        text(canvas, name_x, centre + 1.5, name, f.bold, 10.5, PALETTE.ink)
        left = LIFE_PER_HOUSE - index - 1
        after = P_(language, "perdue : reste {left}").format(left=left)
        text(canvas, name_x, centre - 3.5, after, f.regular, 7.5, PALETTE.muted)
        for game in range(GAMES_TO_TICK):
            bx = boxes_x + game * (box + box_gap)
            rounded_box(
                canvas,
                bx,
                centre - box / 2,
                box,
                box,
                0.8,
                fill=PALETTE.white,
                stroke=colour,
                line=0.35,
            )
    text(
        canvas,
        x + width / 2,
        bottom - 4.5,
        P_(language, "0 : le territoire est tombé"),
        f.oblique,
        8,
        colour,
        "centre",
    )


def mini_card(
    canvas: Canvas,
    number: int,
    x: float,
    y: float,
    w: float,
    h: float,
    colour: Colour,
    stacked: bool = False,
    language: Language = MATERIAL_DEFAULT,
) -> None:
    """A small card face: the number and the playing-card inset (``stacked``: all in the top
    strip); otherwise laid out like the real card, the number top left, the rank and suit top
    right and the card's picture below them."""
    f = register_fonts()
    card = lenormand(number)
    rounded_box(canvas, x, y, w, h, 1.2, fill=PALETTE.white, stroke=colour, line=0.4)
    if stacked:
        text(canvas, x + 1.5, y + h - 5, str(number), f.title, 9, colour)
        draw_suit(canvas, card.playing_card.suit.value, x + w - 3, y + h - 3.6, 3.2)
        return
    strip = h * 0.36  # the top strip: number, rank, suit
    baseline = y + h - strip + h * 0.08
    suit = card.playing_card.suit
    # the rank in black ink (small type: one plate), the suit's shape in its colour; the rank is
    # read, so never under 7 pt: on a small card (3 players, Letter) the number gives it room
    index = card.playing_card.index(language)
    index_size = max(h * 0.32, MIN_READING_PT)
    suit_size = h * 0.13
    suit_x = x + w - w * 0.07 - suit_size / 2
    index_right = suit_x - suit_size * 0.7
    room = index_right - width_mm(index, f.condensed_bold, index_size) - w * 0.1 - (x + w * 0.07)
    number_size = shrink_to_width(str(number), f.title, h * 0.52, room, MIN_READING_PT)
    text(canvas, x + w * 0.07, baseline, str(number), f.title, number_size, colour)
    draw_suit(canvas, suit.value, suit_x, baseline + suit_size * 0.45, suit_size)
    text(canvas, index_right, baseline, index, f.condensed_bold, index_size, PALETTE.ink, "right")
    picture = min(w * 0.8, (h - strip) * 0.8)
    draw_picture(canvas, card.picture, x + w / 2, y + (h - strip) * 0.52, picture)


def _third_player_band(
    canvas: Canvas, x: float, y: float, width: float, height: float, language: Language
) -> None:
    f = register_fonts()
    rounded_box(canvas, x, y, width, height, 2.5, fill=PALETTE.paper_tint, stroke=PALETTE.hairline)
    heading = P_(language, "Joueur 3 · sans maison")
    text(canvas, x + 4, y + height - 7, heading, f.bold, 11, PALETTE.ink)
    for index, line in enumerate(third_player_lines(language)):
        text(canvas, x + 4, y + height - 13.5 - index * 5, line, f.regular, 8.5, PALETTE.ink)
    text(canvas, x + 4, y + 4.5, P_(language, "Attaques menées :"), f.oblique, 8, PALETTE.muted)
    for tick in range(24):
        rounded_box(
            canvas,
            x + 32 + tick * 6.2,
            y + 3,
            4.6,
            4.6,
            0.8,
            fill=PALETTE.white,
            stroke=PALETTE.hairline,
        )


# --- reference card ("Résumé") -----------------------------------------------------------


def reference(
    setup: Setup, sheet: Paper, profile: PrintProfile = HOME, language: Language = MATERIAL_DEFAULT
) -> PdfDocument:
    """Two reference cards (the "Résumé") to cut apart."""
    document = new_document(
        sheet.width,
        sheet.height,
        DocInfo(
            title=P_(language, "Les territoires — résumé des règles"),
            subject=P_(language, "Deux cartes de référence à découper"),
        ),
        profile,
    )
    canvas = document.canvas
    height = (sheet.height - 2 * MARGIN - 8) / 2
    for index in range(2):
        y = MARGIN + index * (height + 8)
        draw_reference(canvas, setup, MARGIN, y, sheet.width - 2 * MARGIN, height, language)
        # each card is cut out on its own: each carries the credit of its pictures
        credit = picture_credit(language)
        credit_line(canvas, sheet.width, y + 2.3, credit, register_fonts().regular)
    cut_line(
        canvas, MARGIN, sheet.height / 2, sheet.width - MARGIN, sheet.height / 2, PALETTE.hairline
    )
    canvas.showPage()
    return document


_REFERENCE_PICTURES = tuple(
    lenormand(number).picture for _, cards, _, _ in reference_rows() for number in cards
)


NOTE_STEP = 4.2  # mm between the notes under the reference table


def _reference_notes(setup: Setup, language: Language) -> tuple[str, ...]:
    together = ", ".join(
        cards_of(role, " + ")
        for role in (Role.CIVILISATION_SUPPORT, Role.NATURE_SUPPORT, Role.SUPPORT_ANIMAL)
    )
    notes: tuple[str, ...] = (
        P_(
            language,
            "Un soutien joué par l’autre maison vaut 0, même dans une suite de 3. Les armes, "
            "animaux ou soutiens d’un même type",
        ),
        # TRANSLATORS: the second line of the note before it (the sentence goes on)
        P_(
            language,
            "se posent aussi ensemble ({pairs}). Les autres combinaisons n’apportent pas plus de "
            "points.",
        ).format(pairs=together),
        P_(
            language,
            "Les cartes jouées vont à la défausse ; on complète sa main à la pioche ; pioche "
            "vide : on bat la défausse.",
        ),
        P_(language, "Le gagnant est le dernier joueur à posséder des cartes de vie."),
    )
    if setup.players == 3:
        notes += (third_player_note(language),)
    if setup.players == 4:
        notes += (
            P_(language, "À 4 joueurs, les deux joueurs d’une maison partagent ses points de vie."),
        )
    return notes


def _setup_line(setup: Setup, language: Language) -> str:
    rows = " + ".join(str(r) for r in setup.reserve_rows)
    return P_(
        language,
        "{hand} cartes en main par joueur · réserve de {reserve} cartes face cachée ({rows}) · "
        "pioche : {pile} cartes",
    ).format(hand=setup.hand, reserve=setup.reserve, rows=rows, pile=setup.draw_pile)


def draw_reference(
    canvas: Canvas,
    setup: Setup,
    x: float,
    y: float,
    width: float,
    height: float,
    language: Language = MATERIAL_DEFAULT,
) -> None:
    f = register_fonts()
    rounded_box(
        canvas, x, y, width, height, 3, fill=PALETTE.paper_tint, stroke=PALETTE.hairline, line=0.4
    )
    pad = 6.0
    top = y + height - pad
    text(canvas, x + pad, top - 6, title(language), f.title, 16, PALETTE.ink)
    text(
        canvas,
        x + width - pad,
        top - 6,
        P_(language, "Résumé · {players} joueurs").format(players=setup.players),
        f.bold,
        10,
        PALETTE.muted,
        "right",
    )
    text(
        canvas,
        x + pad,
        top - 12.5,
        life_cards_line(language),
        f.regular,
        8.5,
        PALETTE.ink,
    )
    text(canvas, x + pad, top - 17, _setup_line(setup, language), f.regular, 8.5, PALETTE.ink)
    notes = _reference_notes(setup, language)
    line_y = top - 24
    column_cards = x + pad
    column_name = x + pad + 24
    column_effect = x + pad + 88
    effect_width = x + width - pad - column_effect
    # rows are 8.2 mm apart, closer when the card is short (Letter) so the last note stays inside
    rows = reference_rows(language)
    sections = sum(1 for row in rows if row[0])
    room = (line_y - NOTE_STEP * (len(notes) - 1) - 1.5 - 0.5 * sections) - (y + 4.5)
    row_height = min(8.2, room / (len(rows) + sections))
    for section, cards, name, effect in rows:
        if section:
            line_y -= 2
            canvas.saveState()
            set_stroke(canvas, PALETTE.hairline)
            canvas.setLineWidth(pt(0.3))
            canvas.line(pt(x + pad), pt(line_y + 4.8), pt(x + width - pad), pt(line_y + 4.8))
            canvas.restoreState()
            text(canvas, x + pad, line_y, section.upper(), f.condensed_bold, 8, PALETTE.muted)
            line_y -= row_height - 1.5
        card_x = column_cards
        for number in cards:  # each card: its picture, then its number
            draw_picture(canvas, lenormand(number).picture, card_x + 2.3, line_y + 1.3, 4.6)
            text(canvas, card_x + 5.4, line_y, str(number), f.bold, 9.5, PALETTE.ink)
            card_x += 5.4 + width_mm(str(number), f.bold, 9.5) + 2.2
        text(
            canvas,
            column_name,
            line_y,
            name,
            f.regular,
            shrink_to_width(name, f.regular, 9, column_effect - column_name - 2, MIN_TEXT_PT),
            PALETTE.ink,
        )
        text(
            canvas,
            column_effect,
            line_y,
            effect,
            f.bold,
            shrink_to_width(effect, f.bold, 9, effect_width, MIN_TEXT_PT),
            PALETTE.ink,
        )
        line_y -= row_height
    canvas.saveState()
    set_stroke(canvas, PALETTE.hairline)
    canvas.setLineWidth(pt(0.3))
    canvas.line(pt(x + pad), pt(line_y + 3.5), pt(x + width - pad), pt(line_y + 3.5))
    canvas.restoreState()
    note_y = line_y - 1.5
    for note in notes:
        text(canvas, x + pad, note_y, note, f.oblique, 7.8, PALETTE.muted)
        note_y -= NOTE_STEP


# --- setup sheet --------------------------------------------------------------------------


def setup_sheet(
    setup: Setup, sheet: Paper, profile: PrintProfile = HOME, language: Language = MATERIAL_DEFAULT
) -> PdfDocument:
    """Where the reserve, the hands, the draw pile and the life cards go, on landscape paper."""
    landscape = sheet.landscape()
    document = new_document(
        landscape.width,
        landscape.height,
        DocInfo(
            title=P_(language, "Les territoires — mise en place ({players} joueurs)").format(
                players=setup.players
            ),
            subject=P_(language, "Où poser la réserve, les mains, la pioche et les cartes de vie"),
        ),
        profile,
    )
    draw_setup(document.canvas, setup, landscape, language)
    document.canvas.showPage()
    return document


CARD_W, CARD_H = 15.0, 21.0  # the cards of the diagram (a quarter of a poker card)


def _slot(
    canvas: Canvas, x: float, y: float, face_down: bool, colour: Colour = PALETTE.hairline
) -> None:
    if face_down:
        rounded_box(
            canvas, x, y, CARD_W, CARD_H, 1.2, fill=PALETTE.face_down, stroke=PALETTE.face_down
        )
        rounded_box(
            canvas,
            x + 1.5,
            y + 1.5,
            CARD_W - 3,
            CARD_H - 3,
            0.8,
            stroke=PALETTE.back_gold,
            line=0.3,
        )
    else:
        rounded_box(canvas, x, y, CARD_W, CARD_H, 1.2, fill=PALETTE.white, stroke=colour, line=0.4)


def _row_of_slots(
    canvas: Canvas,
    count: int,
    cx: float,
    y: float,
    face_down: bool,
    gap: float = 2.5,
    colour: Colour = PALETTE.hairline,
) -> None:
    total = count * CARD_W + (count - 1) * gap
    for index in range(count):
        _slot(canvas, cx - total / 2 + index * (CARD_W + gap), y, face_down, colour)


def _life_column(
    canvas: Canvas,
    house: House,
    x: float,
    top: float,
    label: str,
    shared: bool,
    language: Language,
) -> None:
    f = register_fonts()
    colour = PALETTE.house(house).colour
    step = 7.0
    for index, card in enumerate(house.life_cards):  # lowest on top, the highest lies at the bottom
        mini_card(
            canvas, card, x, top - CARD_H - index * step, CARD_W, CARD_H, colour, stacked=True
        )
    text(canvas, x + CARD_W / 2, top + 2.5, label, f.bold, 8, colour, "centre")
    if shared:
        shared_label = P_(language, "commune")
        text(canvas, x + CARD_W / 2, top + 5.8, shared_label, f.oblique, 7, PALETTE.muted, "centre")


def draw_setup(
    canvas: Canvas, setup: Setup, page: Paper, language: Language = MATERIAL_DEFAULT
) -> None:
    f = register_fonts()
    top = page.height - MARGIN
    line = P_(language, "Mise en place · {players}")
    _heading(canvas, top, line.format(players=_players_line(setup, language)), language)
    table_x, table_w = MARGIN, 178.0
    table_y, table_h = MARGIN, top - 20 - MARGIN
    rounded_box(
        canvas,
        table_x,
        table_y,
        table_w,
        table_h,
        4,
        fill=PALETTE.paper_tint,
        stroke=PALETTE.hairline,
    )
    cx = table_x + table_w / 2
    cy = table_y + table_h / 2
    # Reserve in the middle.
    rows = setup.reserve_rows
    row_gap = 3.0
    block_h = len(rows) * CARD_H + (len(rows) - 1) * row_gap
    for index, count in enumerate(rows):
        _row_of_slots(
            canvas, count, cx, cy + block_h / 2 - (index + 1) * CARD_H - index * row_gap, True
        )
    text(
        canvas,
        cx,
        cy - block_h / 2 - 5,
        P_(language, "Réserve : {count} cartes face cachée").format(count=setup.reserve),
        f.bold,
        8,
        PALETTE.ink,
        "centre",
    )
    # Draw pile on the left of the reserve and discard on its right; with 3 players the left
    # is the third player's seat, so the pile goes above the discard, both on the right.
    reserve_half = max(rows) * (CARD_W + 2.5) / 2
    if setup.players == 3:
        pile_x = discard_x = cx + reserve_half + 10
        pile_y, discard_y = cy + 4.0, cy - CARD_H - 6.0
    else:
        pile_x, discard_x = cx - reserve_half - 10 - CARD_W, cx + reserve_half + 10
        pile_y = discard_y = cy - CARD_H / 2
    for offset in (1.2, 0.6, 0.0):
        _slot(canvas, pile_x + offset, pile_y + offset, True)
    text(
        canvas,
        pile_x + CARD_W / 2,
        pile_y - 4.5,
        P_(language, "Pioche ({count})").format(count=setup.draw_pile),
        f.bold,
        7.5,
        PALETTE.ink,
        "centre",
    )
    _slot(canvas, discard_x, discard_y, False)
    discard = P_(language, "défausse")
    text(
        canvas,
        discard_x + CARD_W / 2,
        discard_y + CARD_H / 2 - 1,
        discard,
        f.oblique,
        7.5,
        PALETTE.muted,
        "centre",
    )
    # Hands: seat 1 at the bottom, then clockwise.
    seats = _seat_positions(setup.players, table_x, table_y, table_w, table_h)
    for seat, (hx, hy, label_y) in enumerate(seats, start=1):
        house = (
            None if (setup.players == 3 and seat == 3) else (House.EVEN if seat % 2 else House.ODD)
        )
        colour = PALETTE.house(house).colour if house else PALETTE.muted
        _row_of_slots(canvas, setup.hand, hx, hy, False, colour=colour)
        label = (
            P_(language, "Joueur {seat} · {house} · {hand} cartes en main")
            if house
            else P_(language, "Joueur {seat} · sans maison · {hand} cartes en main")
        )
        text(
            canvas,
            hx,
            label_y,
            label.format(
                seat=seat, house=house.name_in(language) if house else "", hand=setup.hand
            ),
            f.bold,
            8,
            colour,
            "centre",
        )
    # Life columns at the two sides of the table.
    shared = setup.players == 4
    _life_column(
        canvas,
        House.EVEN,
        table_x + 6,
        table_y + table_h - 12,
        P_(language, "vie paire"),
        shared,
        language,
    )
    _life_column(
        canvas,
        House.ODD,
        table_x + table_w - 6 - CARD_W,
        table_y + table_h - 12,
        P_(language, "vie impaire"),
        shared,
        language,
    )
    _steps(
        canvas,
        setup,
        table_x + table_w + 8,
        top - 22,
        page.width - MARGIN - (table_x + table_w + 8),
        language,
    )


def _seat_positions(
    players: int, x: float, y: float, w: float, h: float
) -> list[tuple[float, float, float]]:
    """(centre x of the hand, bottom of its cards, y of its label) for each seat."""
    bottom = (x + w / 2, y + 12, y + 7.5)
    top = (x + w / 2, y + h - 8 - CARD_H, y + h - 4.5)
    if players == 2:
        return [bottom, top]
    left = (x + w / 2 - 55, y + 42, y + 38)
    right = (x + w / 2 + 55, y + 42, y + 38)
    if players == 3:
        return [bottom, top, left]
    return [bottom, left, top, right]


def _steps(
    canvas: Canvas, setup: Setup, x: float, top: float, width: float, language: Language
) -> None:
    f = register_fonts()
    from reportlab.lib.styles import ParagraphStyle

    from generator.render.draw.text import platypus_paragraph
    from generator.render.fonts import paragraph_family

    paragraph_family(f)  # the <b> of the steps, whatever was drawn before in this process
    style = ParagraphStyle(
        "step", fontName=f.regular, fontSize=8.6, leading=11.2, textColor=PALETTE.ink.reportlab
    )
    steps = [
        P_(
            language,
            "Séparez les cartes <b>{life}</b> : les paires ({even}) vont à la maison de la "
            "civilisation, les impaires ({odd}) à la maison de la nature. Posez-les en colonne : "
            "ce sont les points de vie.",
        ).format(
            life=_span(LIFE_CARDS, language),
            even=_span(House.EVEN.life_cards, language),
            odd=_span(House.ODD.life_cards, language),
        ),
        P_(language, "Mélangez les <b>{count} cartes {span}</b>.").format(
            count=len(PLAYED_CARDS), span=_span(PLAYED_CARDS, language)
        ),
        P_(language, "Donnez <b>{hand} cartes</b> à chaque joueur.").format(hand=setup.hand),
        P_(
            language,
            "Posez <b>{reserve} cartes face cachée</b> entre les joueurs, en {rows} lignes de "
            "{per_row} : la réserve.",
        ).format(
            reserve=setup.reserve, rows=len(setup.reserve_rows), per_row=setup.reserve_rows[0]
        ),
        P_(language, "Le reste (<b>{pile} cartes</b>) forme la pioche.").format(
            pile=setup.draw_pile
        ),
        P_(
            language,
            "À votre tour, échangez une carte de votre main avec une carte de la réserve, que "
            "vous reposez face visible ou cachée.",
        ),
    ]
    if setup.players == 4:
        steps.append(
            P_(
                language,
                "Les joueurs 1 et 3 (pairs) partagent leur vie, les joueurs 2 et 4 (impairs) la "
                "leur.",
            )
        )
    if setup.players == 3:
        steps.append(
            P_(
                language,
                "Le joueur 3 n’a pas de vie ni de parité : il attaque la maison de son choix.",
            )
        )
    turn = [
        P_(
            language,
            "Une suite de 3 cartes qui se suivent, ou 2 cartes dont une spéciale (arme, animal, "
            "soutien, soin) avec sa voisine, attaque ou soigne : voir le résumé.",
        ),
        P_(
            language,
            "Les cartes jouées vont à la défausse ; complétez votre main avec la pioche. Pioche "
            "vide : battez la défausse, elle devient la pioche.",
        ),
        P_(language, "Une carte de vie perdue se cache sous la suivante ; un soin la rend."),
        P_(language, "Le gagnant est le dernier joueur à posséder des cartes de vie."),
    ]
    y = top
    for heading, items in (
        (P_(language, "Mise en place"), steps),
        (P_(language, "Déroulement"), turn),
    ):
        text(canvas, x, y, heading, f.bold, 11, PALETTE.ink)
        y -= 4
        for number, step in enumerate(items, start=1):
            paragraph = platypus_paragraph(f"<b>{number}.</b> {step}", style)
            _, used = paragraph.wrap(pt(width), pt(200))
            y -= to_mm(used) + 2.2
            paragraph.drawOn(canvas, pt(x), pt(y))
        y -= 9
