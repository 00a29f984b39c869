"""The kit's builders: each turns the kit's parameters into one product's options and builds it.

Every builder is ``def build_x(params: KitParams) -> list[Path | KitFile]`` (the contract is in
:mod:`generator.kit.build`); :mod:`generator.kit.components` lists them. Products know nothing
of the kit: what the kit chooses for them (player counts, papers, advice) is said here.
"""

from __future__ import annotations

from pathlib import Path

from generator.kit.model import KitFile, KitParams, PrintNotes

# ---------------------------------------------------------------- Oucédonc


def build_oucedonc_deck(params: KitParams) -> list[KitFile]:
    """The default deck of the kit's region on its paper, and its deck file."""
    from generator.games.oucedonc.deck import TOKENS
    from generator.products.oucedonc_deck import DeckOptions, make_deck

    options = DeckOptions(
        out=params.out / "oucedonc" / "oucedonc.pdf",
        region=params.region,
        seed=params.seed,
        paper=params.paper,
        profile=params.profile,
        ink_limit=params.ink_limit,
        faces=params.shop,
    )
    files = make_deck(options)
    deck = files.deck
    tokens = f"{'two pages are' if files.pages % 2 == 0 else 'page is'} the {TOKENS} tokens"
    advice = (
        f"For a print shop that prints sheets: both sides, long-edge flip, cut on the crop marks "
        f"(the magenta circles of the tokens are the die line, CutContour). The last {tokens}."
        if params.shop
        else f"Both sides, flip on the long edge, at 100 %; cut on the crop marks. "
        f"The last {tokens}."
    )
    built = [
        KitFile(
            files.pdf,
            title=f"{deck.title}: {len(deck.places)} place cards, {len(deck.others)} other cards, "
            f"{TOKENS} tokens",
            print_notes=PrintNotes(duplex="long", advice=advice),
        ),
    ]
    if files.faces:
        cards, token_faces = files.faces
        count = len(deck.places) + len(deck.others)
        built += [
            KitFile(
                cards,
                title=f"{deck.title}: the {count} cards one face per page (front, back)",
                print_notes=PrintNotes("single", FACES_ADVICE.format(count=count)),
            ),
            KitFile(
                token_faces,
                title=f"{deck.title}: the {TOKENS} tokens one face per page (front, back)",
                print_notes=PrintNotes("single", TOKEN_FACES_ADVICE.format(count=TOKENS)),
            ),
        ]
    built.append(
        KitFile(
            files.json,
            title="Deck file for the referee (pnp oucedonc play, pnp oucedonc game, verify --deck)",
        ),
    )
    built.append(
        KitFile(
            files.referee_page,
            title="The referee on a phone: copy this page to the phone and open it (works offline)",
        )
    )
    return built


FACES_ADVICE = (
    "Send this to a card printer: {count} cards, poker size 63 × 88 mm, 3 mm bleed, "
    "odd pages the fronts, even pages the backs."
)
TOKEN_FACES_ADVICE = (
    "{count} round tokens, front then back; the magenta circle is the die line (spot colour "
    "CutContour): the cutter follows it, the press does not print it."
)


# ---------------------------------------------------------------- Jeu de l'Oie


def _poster_paper(name: str) -> str:
    from generator.render.oie.board import TILE_PAPERS

    return name if name in TILE_PAPERS else "a4"


def build_oie_board(params: KitParams) -> list[Path]:
    """The one-page board on the kit's paper."""
    from generator.products.oie_board import BoardRequest, make_board

    request = BoardRequest(paper=params.paper, profile=params.profile, ink_limit=params.ink_limit)
    return [make_board(request, params.out / "oie-board.pdf")]


def build_oie_themed_board(params: KitParams) -> list[Path]:
    """The board themed with the kit's region."""
    from generator.products.oie_board import BoardRequest, make_board

    slug = (
        "".join(ch if ch.isalnum() else "-" for ch in params.region.lower()).strip("-") or "region"
    )
    request = BoardRequest(
        paper=params.paper,
        theme=params.region,
        seed=params.seed,
        profile=params.profile,
        ink_limit=params.ink_limit,
    )
    return [make_board(request, params.out / f"oie-board-{slug}.pdf")]


def build_oie_poster(params: KitParams) -> list[Path]:
    """The 2x3-page poster on the kit's paper (A4 or Letter): a square board of about 52 cm."""
    from generator.products.oie_board import BoardRequest, make_board

    return [
        make_board(
            BoardRequest(tiles=_poster_paper(params.paper), grid="2x3"),
            params.out / "oie-poster.pdf",
        )
    ]


# ---------------------------------------------------------------- Les territoires


def build_territoires_sheets(params: KitParams) -> list[Path]:
    """Trackers, reference card and setup sheet for 2, 3 and 4 players.

    The sheets are laid out for A4 or Letter; a kit on A3 gets them on A4.
    """
    from generator.products.territoires_sheets import SheetOptions, write_sheets
    from generator.render.paper import paper
    from generator.render.sheet import SHEET_PAPERS

    sheet = params.paper if paper(params.paper).name in SHEET_PAPERS else "a4"
    written: list[Path] = []
    for players in (2, 3, 4):
        written += write_sheets(
            SheetOptions(
                out=params.out,
                players=players,
                paper=sheet,
                deck=False,
                profile=params.profile,
                ink_limit=params.ink_limit,
            )
        )
    return written


def build_territoires_deck(params: KitParams) -> list[Path | KitFile]:
    """The 36-card Lenormand deck (poker size, long-edge duplex); for a shop, its faces too."""
    from generator.products.territoires_sheets import SheetOptions, write_sheets

    paths = write_sheets(
        SheetOptions(
            out=params.out,
            paper=params.paper,
            sheets=False,
            profile=params.profile,
            ink_limit=params.ink_limit,
            faces=params.shop,
        )
    )
    written: list[Path | KitFile] = list(paths)
    if params.shop:
        written[1] = KitFile(
            paths[1], print_notes=PrintNotes("single", FACES_ADVICE.format(count=36))
        )
    return written


# ---------------------------------------------------------------- Neo Otcho

OTCHO_ADVICE: dict[str, str] = {
    "otcho-cards.pdf": (
        "Six cards, one per player: cut out only those you need, on 200 g card if you can."
    ),
    "otcho-dice.pdf": "Light card (160 to 200 g): cut on the solid lines, fold on the dashed ones, "
    "glue each tab under its neighbour.",
    "otcho-pawns.pdf": (
        "12 pawns per colour, enough for 6 players; with fewer players each keeps 6 + the number "
        "of players."
    ),
    "otcho-rules-aid.pdf": "Every kind of roll with its exact odds; one per table.",
}


def build_otcho(params: KitParams) -> list[KitFile]:
    """The material for up to 6 players (print fewer cards for fewer players)."""
    from generator.games.otcho import RollRules
    from generator.products.otcho_sheets import build_sheets

    return [
        KitFile(path, print_notes=PrintNotes(advice=OTCHO_ADVICE[path.name]))
        for path in build_sheets(
            params.out, 6, params.paper, RollRules(), params.profile, params.ink_limit
        )
    ]


# ---------------------------------------------------------------- Pronostiques

PRONOSTIQUES_ADVICE: dict[str, str] = {
    "pronostiques-cards.pdf": (
        "Both sides, at 100 %; cut on the crop marks. The 54 race cards come first, then the 4 "
        "prediction cards with their gold back."
    ),
    "pronostiques-score-pad.pdf": (
        "Columns for 4 players, and the points of every finishing order below them."
    ),
    "pronostiques-rules-aid.pdf": (
        "The actions, the card powers, the scoring and the pile limits; one per player."
    ),
    "pronostiques-cards-faces.pdf": FACES_ADVICE.format(count=58),
}


def build_pronostiques(params: KitParams) -> list[KitFile]:
    """The deck (long-edge duplex), a 4-player score pad and the rules aid."""
    from generator.games.pronostiques import ScoreRules
    from generator.products.pronostiques_sheets import build_sheets

    paths = build_sheets(
        params.out,
        4,
        params.paper,
        score_rules=ScoreRules(),
        faces=params.shop,
        profile=params.profile,
        ink_limit=params.ink_limit,
    )
    from generator.products.pronostiques_sheets import deck_sheets_note

    sheets = deck_sheets_note(params.paper, profile=params.profile)
    return [
        KitFile(
            path,
            print_notes=PrintNotes(
                "single" if path.name.endswith("-faces.pdf") else None,
                PRONOSTIQUES_ADVICE[path.name]
                + (
                    f" {sheets[0].upper()}{sheets[1:]}."
                    if path.name == "pronostiques-cards.pdf"
                    else ""
                ),
            ),
        )
        for path in paths
    ]


# ---------------------------------------------------------------- Calibration

CALIBRATION_ADVICE = (
    "Print this first, two-sided at 100 %, and read X and Y on the back grids: "
    "they are the --back-offset X,Y to give the decks."
)


def build_calibration_sheets(params: KitParams) -> list[KitFile]:
    """``pnp calibrate`` for both flip edges, on the kit's paper."""
    from generator.render.calibration import calibration_sheet
    from generator.render.imposition import Duplex
    from generator.render.paper import paper

    sheet = paper(params.paper)
    files = []
    for duplex, edge in ((Duplex.LONG, "long"), (Duplex.SHORT, "short")):
        path = calibration_sheet(sheet, duplex).save(params.out / f"calibration-{edge}-edge.pdf")
        files.append(
            KitFile(
                path, f"Calibration sheet, {edge}-edge flip", PrintNotes(advice=CALIBRATION_ADVICE)
            )
        )
    return files
