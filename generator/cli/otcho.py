"""`pnp otcho`: classify a roll of the two Neo Otcho dice; print the game's material."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import Force, say
from generator.cli.print_options import InkLimitOption, ProfileOption
from generator.games.otcho import Stage
from generator.render.paper import HomePaper
from generator.render.profile import Profile

otcho = typer.Typer(
    help="Neo Otcho: roll classifier and print-and-play sheets.", no_args_is_help=True
)


@otcho.command("roll")
def roll(
    first: Annotated[str, typer.Argument(help="First die face: a b c d X * (or ★).")],
    second: Annotated[str, typer.Argument(help="Second die face: a b c d X * (or ★).")],
    stage: Annotated[
        Stage,
        typer.Option(
            "--stage",
            case_sensitive=False,
            help="When in the turn: first, reroll or continuation (decides what a losing roll "
            "costs).",
        ),
    ] = Stage.FIRST,
    x_letter_any_card: Annotated[
        bool,
        typer.Option(
            "--x-letter-any-card",
            help="Option: 'X and a letter' plays on any card, not only your own.",
        ),
    ] = False,
    penalty: Annotated[
        int, typer.Option("--penalty", help="Own pawns a losing continuation roll costs (seed: 2).")
    ] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Say what a roll allows: its kind, the slots it opens, on whose card, and its probability."""
    from generator.games.otcho import RollRules, classify, parse_face
    from generator.games.otcho.rolls import check_penalty

    verdict = classify(
        parse_face(first),
        parse_face(second),
        RollRules(x_letter_any_card=x_letter_any_card, penalty_pawns=check_penalty(penalty)),
        stage,
    )
    if as_json:
        typer.echo(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2))
        return
    p, k = verdict.probability, verdict.kind_probability
    typer.echo(f"{verdict.roll}: {verdict.name}")
    if verdict.losing:
        typer.echo("  losing roll: no pawn to place or remove")
    else:
        where = "any card" if verdict.any_card else "your own card only"
        pawns = "one pawn" if verdict.pawns == 1 else f"{verdict.pawns} pawns"
        typer.echo(f"  place or remove {pawns} on {' / '.join(verdict.slots)} ({where})")
    typer.echo(
        f"  probability of this roll: {p.numerator}/{p.denominator} ({float(p):.1%}); "
        f"of any '{verdict.name}': {k.numerator}/{k.denominator} ({float(k):.1%})"
    )
    typer.echo(f"  next: {verdict.next_step}")


@otcho.command("sheets")
def sheets(
    players: Annotated[int, typer.Option("--players", help="Number of players, 2 to 6.")] = 4,
    paper: Annotated[
        HomePaper, typer.Option("--paper", case_sensitive=False, help="Paper: a4 or letter.")
    ] = HomePaper.A4,
    out: Annotated[Path, typer.Option("--out", help="Folder to write into.")] = Path("output"),
    x_letter_any_card: Annotated[
        bool,
        typer.Option(
            "--x-letter-any-card",
            help="Option: the rules aid says 'X and a letter' plays on any card.",
        ),
    ] = False,
    penalty: Annotated[
        int,
        typer.Option(
            "--penalty", help="Own pawns a losing continuation roll costs, as printed (seed: 2)."
        ),
    ] = 2,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    force: Force = False,
) -> None:
    """Print player cards, the two dice as fold-up nets, the pawns and a rules aid (PDF)."""
    from generator.games.otcho import RollRules
    from generator.games.otcho.rolls import check_penalty
    from generator.products.otcho_sheets import build_sheets

    rules = RollRules(x_letter_any_card=x_letter_any_card, penalty_pawns=check_penalty(penalty))
    for path in build_sheets(out, players, paper.value, rules, profile.value, ink_limit, force):
        say(f"wrote {path}")


def register(app: typer.Typer) -> None:
    app.add_typer(otcho, name="otcho")
