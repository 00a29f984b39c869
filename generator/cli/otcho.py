"""`pnp otcho`: classify a roll of the two Neo Otcho dice; print the game's material."""

from __future__ import annotations

import json
from pathlib import Path

import typer

otcho = typer.Typer(
    help="Neo Otcho: roll classifier and print-and-play sheets.", no_args_is_help=True
)


@otcho.command("roll")
def roll(
    first: str = typer.Argument(..., help="First die face: a b c d X * (or ★)."),
    second: str = typer.Argument(..., help="Second die face: a b c d X * (or ★)."),
    stage: str = typer.Option(
        "first",
        "--stage",
        help="When in the turn: first, reroll or continuation (decides what a losing roll costs).",
    ),
    x_letter_any_card: bool = typer.Option(
        False,
        "--x-letter-any-card",
        help="Option: 'X and a letter' plays on any card, not only your own.",
    ),
    penalty: int = typer.Option(
        2, "--penalty", help="Own pawns a losing continuation roll costs (seed: 2)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Say what a roll allows: its kind, the slots it opens, on whose card, and its probability."""
    from generator.core.errors import UserError
    from generator.games.otcho import RollRules, Stage, classify, parse_face
    from generator.games.otcho.rolls import check_penalty

    try:
        stage_value = Stage(stage.strip().lower())
    except ValueError:
        raise UserError(f"unknown stage {stage!r}; use first, reroll or continuation") from None
    verdict = classify(
        parse_face(first),
        parse_face(second),
        RollRules(x_letter_any_card=x_letter_any_card, penalty_pawns=check_penalty(penalty)),
        stage_value,
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
    players: int = typer.Option(4, "--players", help="Number of players, 2 to 6."),
    paper: str = typer.Option("a4", "--paper", help="Paper: a4 or letter."),
    out: Path = typer.Option(Path("output"), "--out", help="Folder to write into."),
    x_letter_any_card: bool = typer.Option(
        False,
        "--x-letter-any-card",
        help="Option: the rules aid says 'X and a letter' plays on any card.",
    ),
    penalty: int = typer.Option(
        2, "--penalty", help="Own pawns a losing continuation roll costs, as printed (seed: 2)."
    ),
) -> None:
    """Print player cards, the two dice as fold-up nets, the pawns and a rules aid (PDF)."""
    from generator.games.otcho import RollRules
    from generator.games.otcho.rolls import check_penalty
    from generator.products.otcho_sheets import build_sheets

    rules = RollRules(x_letter_any_card=x_letter_any_card, penalty_pawns=check_penalty(penalty))
    for path in build_sheets(out, players, paper, rules):
        typer.echo(f"wrote {path}")


def register(app: typer.Typer) -> None:
    app.add_typer(otcho, name="otcho")
