"""The kit's builders: each turns the kit's parameters into one product's options and builds it.

Every builder is ``def build_x(params: KitParams) -> list[Path | KitFile]`` (the contract is in
:mod:`generator.kit.build`); :mod:`generator.kit.components` lists them. Products know nothing
of the kit: what the kit chooses for them (player counts, papers, advice) is said here.

Every product is built in the kit's language (``params.language``); the titles and advice said
here are French, printed in that language (:func:`~generator.core.i18n.P_`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.i18n import M_, P_, PN_, Language, number
from generator.kit.model import KitFile, KitParams, PrintNotes
from generator.render.paper import PAPERS, Paper

if TYPE_CHECKING:
    from generator.products.options import FaceFiles

# ---------------------------------------------------------------- Oucédonc


def build_oucedonc_deck(params: KitParams) -> list[KitFile]:
    """The default deck of the kit's region on its paper (imposed at home; one face per page
    for a print shop, imposed too with --imposed), and its deck file."""
    from generator.games.oucedonc.deck import TOKENS
    from generator.products.oucedonc_deck import (
        FACES,
        MAIN,
        PRODUCT,
        TOKEN_FACES,
        OucedoncDeckOptions,
    )

    options = OucedoncDeckOptions(
        region=params.region,
        seed=params.seed,
        paper=params.paper,
        profile=params.profile,
        files=_face_files(params),
        language=params.language,
        ink=params.ink,
    )
    written = PRODUCT.make(options, params.out / "oucedonc" / "oucedonc.pdf")
    built = written.built
    deck = built.detail
    language = params.language
    last = (
        P_(language, "Les deux dernières pages sont les {count} jetons.")
        if built.pages % 2 == 0
        else P_(language, "La dernière page est celle des {count} jetons.")
    ).format(count=number(TOKENS, language))
    advice = (
        P_(
            language,
            "Pour un imprimeur qui imprime des feuilles : recto verso, retournement sur le bord "
            "long, coupe sur les traits de coupe (les cercles magenta des jetons sont la ligne "
            "de découpe, CutContour).",
        )
        if params.shop
        else P_(
            language,
            "Recto verso, retournement sur le bord long, à 100 % ; coupez sur les traits de coupe.",
        )
    )
    places, others = len(deck.places), len(deck.others)
    title = P_(language, "{deck} : {places}, {others}, {tokens}").format(
        deck=deck.title,
        places=PN_(language, "{n} carte lieu", "{n} cartes lieux", places).format(
            n=number(places, language)
        ),
        others=PN_(language, "{n} autre carte", "{n} autres cartes", others).format(
            n=number(others, language)
        ),
        tokens=PN_(language, "{n} jeton", "{n} jetons", TOKENS).format(n=number(TOKENS, language)),
    )
    names = {file.name for file in built.files}
    files = []
    if MAIN in names:
        files.append(
            KitFile(
                written.path(MAIN),
                title=title,
                print_notes=PrintNotes(duplex="long", advice=f"{advice} {last}"),
            )
        )
    if FACES in names:
        count = places + others
        files += [
            KitFile(
                written.path(FACES),
                title=P_(
                    language, "{deck} : les {count} cartes, une face par page (recto, verso)"
                ).format(deck=deck.title, count=number(count, language)),
                print_notes=PrintNotes("single", faces_advice(count, language)),
            ),
            KitFile(
                written.path(TOKEN_FACES),
                title=P_(
                    language, "{deck} : les {count} jetons, une face par page (recto, verso)"
                ).format(deck=deck.title, count=number(TOKENS, language)),
                print_notes=PrintNotes(
                    "single",
                    P_(language, TOKEN_FACES_ADVICE).format(count=number(TOKENS, language)),
                ),
            ),
        ]
    files.append(
        KitFile(
            written.path("oucedonc.json"),
            title=P_(
                language,
                "Fichier du jeu pour l’arbitre (pnp oucedonc play, pnp oucedonc game, "
                "verify --deck)",
            ),
        ),
    )
    files.append(
        KitFile(
            written.path("oucedonc-referee.html"),
            title=P_(
                language,
                "L’arbitre sur un téléphone : copiez cette page sur le téléphone et ouvrez-la "
                "(elle marche hors ligne)",
            ),
        )
    )
    return files


FACES_ADVICE = M_(
    "À envoyer à un imprimeur de cartes : {count} cartes, format poker 63 × 88 mm, fond perdu "
    "de 3 mm, les rectos sur les pages impaires, les versos sur les pages paires."
)
TOKEN_FACES_ADVICE = M_(
    "{count} jetons ronds, recto puis verso ; le cercle magenta est la ligne de découpe (ton "
    "direct CutContour) : la découpe le suit, la presse ne l’imprime pas."
)


def faces_advice(count: int, language: Language) -> str:
    """What to tell a card printer about a faces file of ``count`` cards."""
    return P_(language, FACES_ADVICE).format(count=number(count, language))


# ---------------------------------------------------------------- Jeu de l'Oie


def _poster_paper(params: KitParams) -> Paper:
    from generator.render.oie.board import TILE_PAPERS

    return params.paper if params.paper.name in TILE_PAPERS else PAPERS["a4"]


def build_oie_board(params: KitParams) -> list[Path]:
    """The one-page board on the kit's paper."""
    from generator.games.variants import oie_rules
    from generator.products.oie_board import PRODUCT, OieBoardOptions

    options = OieBoardOptions(
        paper=params.paper,
        rules=oie_rules(params.variants),
        profile=params.profile,
        language=params.language,
    )
    return list(PRODUCT.make(options, params.out / "oie-board.pdf").paths)


def build_oie_themed_board(params: KitParams) -> list[Path]:
    """The board themed with the kit's region."""
    from generator.games.variants import oie_rules
    from generator.products.oie_board import PRODUCT, OieBoardOptions

    slug = (
        "".join(ch if ch.isalnum() else "-" for ch in params.region.lower()).strip("-") or "region"
    )
    options = OieBoardOptions(
        paper=params.paper,
        theme=params.region,
        seed=params.seed,
        rules=oie_rules(params.variants),
        profile=params.profile,
        language=params.language,
    )
    return list(PRODUCT.make(options, params.out / f"oie-board-{slug}.pdf").paths)


def build_oie_poster(params: KitParams) -> list[Path]:
    """The 2x3-page poster on the kit's paper (A4 or Letter): a square board of about 52 cm."""
    from generator.games.variants import oie_rules
    from generator.products.oie_board import PRODUCT, OieBoardOptions

    options = OieBoardOptions(
        tiles=_poster_paper(params),
        grid=(2, 3),
        rules=oie_rules(params.variants),
        language=params.language,
    )
    return list(PRODUCT.make(options, params.out / "oie-poster.pdf").paths)


# ---------------------------------------------------------------- Les territoires


def build_territoires_sheets(params: KitParams) -> list[Path]:
    """Trackers, reference card and setup sheet for 2, 3 and 4 players.

    The sheets are laid out for A4 or Letter; a kit on A3 gets them on A4.
    """
    from generator.products.territoires_sheets import PRODUCT, TerritoiresOptions
    from generator.render.sheet import SHEET_PAPERS

    sheet = params.paper if params.paper.name in SHEET_PAPERS else PAPERS["a4"]
    written: list[Path] = []
    for players in (2, 3, 4):
        options = TerritoiresOptions(
            players=players,
            paper=sheet,
            deck=False,
            profile=params.profile,
            language=params.language,
        )
        written += PRODUCT.make(options, params.out).paths
    return written


def build_territoires_deck(params: KitParams) -> list[Path | KitFile]:
    """The 36-card Lenormand deck: imposed (poker size, long-edge duplex) at home, one face per
    page for a print shop (imposed too with --imposed)."""
    from generator.products.territoires_sheets import PRODUCT, TerritoiresOptions

    options = TerritoiresOptions(
        paper=params.paper,
        sheets=False,
        profile=params.profile,
        files=_face_files(params),
        language=params.language,
    )
    made = PRODUCT.make(options, params.out)
    cards = sum(len(deck.cards) for deck in made.built.decks)
    notes = PrintNotes("single", faces_advice(cards, params.language))
    return [
        KitFile(path, print_notes=notes) if path.name.endswith("-faces.pdf") else path
        for path in made.paths
    ]


# ---------------------------------------------------------------- Neo Otcho

OTCHO_ADVICE: dict[str, str] = {
    "otcho-cards.pdf": M_(
        "Six cartes, une par joueur : découpez seulement celles qu’il vous faut, sur du carton "
        "de 200 g si possible."
    ),
    "otcho-dice.pdf": M_(
        "Carton léger (160 à 200 g) : coupez sur les traits pleins, pliez sur les pointillés, "
        "collez chaque languette sous sa voisine."
    ),
    "otcho-pawns.pdf": M_(
        "12 pions par couleur, assez pour 6 joueurs ; à moins de joueurs, chacun garde 6 + le "
        "nombre de joueurs."
    ),
    "otcho-rules-aid.pdf": M_("Chaque sorte de lancer avec ses chances exactes ; une par table."),
}


def build_otcho(params: KitParams) -> list[KitFile]:
    """The material for up to 6 players (print fewer cards for fewer players)."""
    from generator.games.variants import otcho_rules
    from generator.products.otcho_sheets import PRODUCT, OtchoOptions

    options = OtchoOptions(
        players=6,
        paper=params.paper,
        rules=otcho_rules(params.variants),
        profile=params.profile,
        files=_face_files(params),
        language=params.language,
    )
    made = PRODUCT.make(options, params.out)
    cards = sum(len(deck.cards) for deck in made.built.decks)
    return [_otcho_file(path, cards, params.language) for path in made.paths]


OTCHO_FACES_ADVICE = M_(
    "À envoyer à un imprimeur de cartes : {count} cartes de 92 × 78 mm (un format sur "
    "mesure), fond perdu de 3 mm, les rectos sur les pages impaires, les versos sur les pages "
    "paires."
)


def _otcho_file(path: Path, cards: int, language: Language) -> KitFile:
    if path.name.endswith("-faces.pdf"):
        advice = P_(language, OTCHO_FACES_ADVICE).format(count=number(cards, language))
        return KitFile(path, print_notes=PrintNotes("single", advice))
    if path.name in OTCHO_ADVICE:
        return KitFile(path, print_notes=PrintNotes(advice=P_(language, OTCHO_ADVICE[path.name])))
    return KitFile(path)  # a face image (--png)


# ---------------------------------------------------------------- Pronostiques

PRONOSTIQUES_ADVICE: dict[str, str] = {
    "pronostiques-cards.pdf": M_(
        "Recto verso, à 100 % ; coupez sur les traits de coupe. Les 54 cartes de course "
        "d’abord, puis les 4 cartes de pronostic au dos doré."
    ),
    "pronostiques-score-pad.pdf": M_(
        "Des colonnes pour 4 joueurs, et dessous les points de chaque ordre d’arrivée."
    ),
    "pronostiques-rules-aid.pdf": M_(
        "Les actions, les pouvoirs des cartes, le décompte et les limites des piles ; une par "
        "joueur."
    ),
}


def build_pronostiques(params: KitParams) -> list[KitFile]:
    """The deck (long-edge duplex), a 4-player score pad and the rules aid."""
    from generator.games.variants import pronostiques_rules
    from generator.products.pronostiques_sheets import (
        PRODUCT,
        PronostiquesOptions,
        deck_sheets_note,
    )

    laps, score_rules = pronostiques_rules(params.variants)
    options = PronostiquesOptions(
        players=4,
        laps=laps,
        score_rules=score_rules,
        paper=params.paper,
        profile=params.profile,
        files=_face_files(params),
        language=params.language,
    )
    made = PRODUCT.make(options, params.out)
    sheets = deck_sheets_note(options, params.language)
    cards = sum(len(deck.cards) for deck in made.built.decks)
    return [
        KitFile(path, print_notes=_pronostiques_notes(path, sheets, cards, params))
        for path in made.paths
    ]


def _pronostiques_notes(
    path: Path, sheets: str, cards: int, params: KitParams
) -> PrintNotes | None:
    if path.suffix == ".png":
        return None  # a face image (--png): no printing advice
    if path.name.endswith("-faces.pdf"):
        return PrintNotes("single", faces_advice(cards, params.language))
    advice = P_(params.language, PRONOSTIQUES_ADVICE[path.name])
    if path.name == "pronostiques-cards.pdf":
        advice += f" {sheets[0].upper()}{sheets[1:]}."
    return PrintNotes(None, advice)


# ---------------------------------------------------------------- online play

EXPORTS_ADVICE = M_(
    "Pour Tabletop Simulator : copiez {name}.json et {name}.png dans le dossier Saves/Saved "
    "Objects de Tabletop Simulator (Documents/My Games/Tabletop Simulator), laissez {name}_images "
    "où il est, puis dans une partie : Objects > Saved Objects, cliquez sur l’objet."
)


def build_exports(params: KitParams) -> list[Path | KitFile]:
    """Every game as a Tabletop Simulator saved object (``pnp export tts``), its images named
    by their place in the kit's folder."""
    from generator.exports.source import Game
    from generator.exports.tts import PRODUCT, TtsOptions, images_url

    files: list[Path | KitFile] = []
    for game in Game:
        folder = params.out / "exports" / "tts"  # the staging folder's while it is built
        site = f"{params.site.rstrip('/')}/exports/tts"  # where it will be
        options = TtsOptions(game, images_url(site, None, game.value), params.language)
        written = PRODUCT.make(options, folder)
        advice = P_(params.language, EXPORTS_ADVICE).format(name=game.value)
        files.append(KitFile(written.paths[0], game.info.name, PrintNotes(advice=advice)))
        files += written.paths[1:]
    return files


# ---------------------------------------------------------------- Calibration

CALIBRATION_ADVICE = M_(
    "Imprimez-la en premier, recto verso à 100 %, et lisez X et Y sur les grilles du verso : "
    "c’est le --back-offset X,Y à donner aux jeux de cartes."
)


def build_calibration_sheets(params: KitParams) -> list[KitFile]:
    """``pnp calibrate`` for both flip edges, on the kit's paper."""
    from generator.products.calibration import PRODUCT, CalibrationOptions
    from generator.render.duplex import Duplex

    language = params.language
    titles = {
        "long": P_(language, "Feuille d’étalonnage, retournement sur le bord long"),
        "short": P_(language, "Feuille d’étalonnage, retournement sur le bord court"),
    }
    files = []
    for duplex in (Duplex.LONG, Duplex.SHORT):
        edge = duplex.value
        options = CalibrationOptions(params.paper, duplex, language)
        written = PRODUCT.make(options, params.out / f"calibration-{edge}-edge.pdf")
        notes = PrintNotes(advice=P_(language, CALIBRATION_ADVICE))
        files.append(KitFile(written.paths[0], titles[edge], notes))
    return files


# ---------------------------------------------------------------- the kit's choices


def _face_files(params: KitParams) -> FaceFiles:
    """The files of a deck in the kit: the profile's (imposed at home, one face per page for a
    shop), the imposed sheets too with --imposed, images with --png."""
    from generator.products.options import FaceFiles
    from generator.render.deck_files import ImageSize

    images = None if params.png is None else ImageSize(dpi=params.png)
    return FaceFiles(images=images, imposed=params.imposed)
