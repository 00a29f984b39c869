"""`pnp pronostiques`: score the four predictions, check the pile limits, print the material."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from generator.cli import print_options
from generator.cli.common import Force, MaterialLang, material_language, say, say_written
from generator.cli.print_options import (
    BackFirstOption,
    BackOffsetOption,
    DuplexOption,
    FacesOption,
    HomePaperOption,
    ImposedOption,
    InkLimitOption,
    JsonOption,
    PngOption,
    ProfileOption,
    bleed_option,
)
from generator.core.i18n import N_, _
from generator.games.pronostiques.scoring import PairBonus, ThreeInARow
from generator.render.card_size import NO_OFFSET, POKER
from generator.render.duplex import Duplex
from generator.render.paper import HomePaper
from generator.render.profile import Profile

pronostiques = typer.Typer(
    help=N_("Pronostiques: scorer, pile-limit checker and print-and-play sheets."),
    no_args_is_help=True,
)


@pronostiques.command(
    "score",
    help=N_(
        "Score each of the four predictions against a finishing order, with the lines that "
        "earned the points."
    ),
)
def score(
    order: Annotated[
        str,
        typer.Argument(
            metavar=N_("ORDER"),
            help=N_(
                "The finishing order, first to last: ♥♦♠♣, the suits' names (hearts diamonds "
                "spades clubs, or in French), or their letters in the command line's language: "
                "HDSC in English (H hearts, D diamonds, S spades, C clubs); in French (--lang "
                "fr) C is cœur (hearts): CKPT."
            ),
        ),
    ],
    pair_bonus: Annotated[
        PairBonus,
        typer.Option(
            "--pair-bonus",
            help=N_(
                "Rule (b): 'each' pays 2 for the first two AND 2 for the last two; 'once' pays 2 "
                "at most."
            ),
        ),
    ] = PairBonus.EACH,
    three_in_a_row: Annotated[
        ThreeInARow,
        typer.Option(
            "--three-in-a-row",
            help=N_(
                "Rule (c): 'adjacent' (three cars next to each other in both orders) or "
                "'relative' (same relative order, gaps allowed), or 'none' (no rule c)."
            ),
        ),
    ] = ThreeInARow.ADJACENT,
    as_json: JsonOption = False,
) -> None:
    from generator.core.i18n import ngettext, number
    from generator.games.pronostiques import ScoreRules, parse_order, score_order
    from generator.games.pronostiques.suits import order_text

    finish = parse_order(order)
    scores = score_order(finish, ScoreRules.from_names(pair_bonus.value, three_in_a_row.value))
    if as_json:
        payload = {
            "order": order_text(finish),
            "order_letters": "".join(s.letter for s in finish),
            "predictions": [s.to_json() for s in scores],
        }
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    names = " ".join(s.called() for s in finish)
    typer.echo(
        _("finishing order: {order} ({names})").format(order=order_text(finish), names=names)
    )
    for s in scores:
        # TRANSLATORS: a prediction's total, e.g. "Roi ♥ (♥♦♠♣): 5 pts".
        total = ngettext(
            "{prediction} ({order}): {n} pt", "{prediction} ({order}): {n} pts", s.points
        )
        prediction = s.prediction.called()
        order_shown = order_text(s.prediction.order)
        typer.echo(total.format(prediction=prediction, order=order_shown, n=number(s.points)))
        for line in s.lines:
            typer.echo(f"  ({line.rule}) {line.points:+d}  {line.text}")


@pronostiques.command(
    "check-piles",
    help=N_(
        "Say whether four pile heights (♥ ♦ ♠ ♣) respect both pile limits, and which limit "
        "breaks.\n\nExit code 0 when both limits hold, 1 when one breaks."
    ),
)
def check_piles(
    hearts: Annotated[int, typer.Argument(help=N_("Height of the ♥ pile (cards on it)."))],
    diamonds: Annotated[int, typer.Argument(help=N_("Height of the ♦ pile."))],
    spades: Annotated[int, typer.Argument(help=N_("Height of the ♠ pile."))],
    clubs: Annotated[int, typer.Argument(help=N_("Height of the ♣ pile."))],
    laps: Annotated[
        int,
        typer.Option(
            "--laps", help=N_("The card that completes a pile (8 by the seed; 10 as an option).")
        ),
    ] = 8,
    as_json: JsonOption = False,
) -> None:
    from generator.games.pronostiques import PileRules
    from generator.games.pronostiques import check_piles as check
    from generator.games.pronostiques.piles import check_laps
    from generator.games.pronostiques.suits import SUITS

    result = check((hearts, diamonds, spades, clubs), PileRules(laps=check_laps(laps)))
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        heights = "  ".join(
            f"{suit.symbol} {h}" for suit, h in zip(SUITS, result.heights, strict=True)
        )
        typer.echo(_("piles: {heights}").format(heights=heights))
        if result.ok:
            typer.echo(_("ok: both limits hold"))
        for b in result.breaks:
            if b.limit == "spread":
                typer.echo(_("breaks the spread limit: {text}").format(text=b.text))
            else:
                typer.echo(_("breaks the gap limit: {text}").format(text=b.text))
        playable = " ".join(s.symbol for s in result.playable) or _("none")
        typer.echo(_("a card may go next on: {piles}").format(piles=playable))
        if result.round_over:
            typer.echo(_("round over: three piles are complete"))
    if not result.ok:
        raise typer.Exit(1)


@pronostiques.command(
    "sheets",
    help=N_(
        "Print the race deck and the four prediction cards (duplex), a score pad and a rules "
        "aid (PDF)."
    ),
)
def sheets(
    players: Annotated[
        int,
        typer.Option("--players", help=N_("Number of players, 3 or 4 (columns of the score pad).")),
    ] = 4,
    paper: HomePaperOption = HomePaper.A4,
    out: Annotated[Path, typer.Option("--out", help=N_("Folder to write into."))] = Path("output"),
    duplex: DuplexOption = Duplex.LONG,
    back_offset: BackOffsetOption = NO_OFFSET,
    laps: Annotated[
        int,
        typer.Option(
            "--laps",
            help=N_("Race length printed on the lap bars and the rules aid: 8 (seed) or 10."),
        ),
    ] = 8,
    pair_bonus: Annotated[
        PairBonus,
        typer.Option(
            "--pair-bonus", help=N_("Rule (b) as printed and in the points table: each or once.")
        ),
    ] = PairBonus.EACH,
    three_in_a_row: Annotated[
        ThreeInARow,
        typer.Option(
            "--three-in-a-row",
            help=N_("Rule (c) as printed and in the points table: adjacent, relative or none."),
        ),
    ] = ThreeInARow.ADJACENT,
    bleed: Annotated[float | None, bleed_option(1.0)] = None,
    faces: FacesOption = False,
    imposed: ImposedOption = False,
    lang: MaterialLang = "fr",
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    back_first: BackFirstOption = False,
    png: PngOption = None,
    force: Force = False,
) -> None:
    from generator.core.i18n import cli_language
    from generator.games.pronostiques import ScoreRules
    from generator.products.pronostiques_sheets import (
        PRODUCT,
        PronostiquesOptions,
        deck_sheets_note,
    )

    options = PronostiquesOptions(
        players=players,
        laps=laps,
        score_rules=ScoreRules.from_names(pair_bonus.value, three_in_a_row.value),
        paper=print_options.paper(paper),
        profile=print_options.profile(profile, ink_limit),
        imposition=print_options.imposition(POKER, bleed, duplex, back_offset),
        files=print_options.face_files(faces, back_first, png, imposed),
        language=material_language(lang),
    )
    say_written(PRODUCT.make(options, out, force))
    # The note is the kit's too (printed material): said here in the command line's language.
    say(deck_sheets_note(options, cli_language()) + ".")


def register(app: typer.Typer) -> None:
    app.add_typer(pronostiques, name="pronostiques")
