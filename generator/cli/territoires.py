"""`pnp territoires`: the attack/healing calculator and the printable sheets of Les territoires."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import Force, say
from generator.cli.print_options import (
    BackFirstOption,
    FacesOption,
    InkLimitOption,
    ProfileOption,
    bleed_option,
)
from generator.games.territoires import ForeignSupport, House, Intent, PairRule, RunScoring
from generator.render.duplex import Duplex
from generator.render.paper import HomePaper
from generator.render.profile import Profile

sub = typer.Typer(
    help="Les territoires: attack/healing calculator, life trackers, Lenormand deck.",
    no_args_is_help=True,
)


@sub.command("attack")
def attack(
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar="CARD CARD [CARD]", help="The 2 or 3 cards laid down (numbers 1 to 20)."
        ),
    ],
    house: Annotated[
        House | None,
        typer.Option(
            "--house",
            case_sensitive=False,
            help="House of the player: even (civilisation) or odd (nature).",
        ),
    ] = None,
    players: Annotated[int, typer.Option("--players", help="Number of players: 2, 3 or 4.")] = 2,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="Seat of the player (1 = even, 2 = odd, ...); at 3 players, seat 3 has no house.",
        ),
    ] = None,
    target: Annotated[
        House | None,
        typer.Option(
            "--target",
            case_sensitive=False,
            help="Third player of three only: the house he attacks (even or odd).",
        ),
    ] = None,
    use: Annotated[
        Intent,
        typer.Option(
            "--as", case_sensitive=False, help="auto, attack or heal (15 16 can do both)."
        ),
    ] = Intent.AUTO,
    pairs: Annotated[
        PairRule,
        typer.Option(
            "--pairs",
            case_sensitive=False,
            help="kind: 4+6, 7+9, 15+18 may be laid together; consecutive: pairs must follow each "
            "other.",
        ),
    ] = PairRule.KIND,
    runs: Annotated[
        RunScoring,
        typer.Option(
            "--runs",
            case_sensitive=False,
            help="parity: a run of three counts by parity; best: a special card in it counts too.",
        ),
    ] = RunScoring.PARITY,
    foreign_support: Annotated[
        ForeignSupport,
        typer.Option(
            "--foreign-support",
            case_sensitive=False,
            help="cancels: the other house's support makes a run of three worth 0; plain: it is an "
            "ordinary card there.",
        ),
    ] = ForeignSupport.CANCELS,
    support_alone: Annotated[
        bool,
        typer.Option(
            "--support-alone", help="Résumé reading: a support of your house laid alone deals -2."
        ),
    ] = False,
    life: Annotated[
        int | None,
        typer.Option(
            "--life",
            help="Life cards the changed house has now (0 to 8): prints its life after the play.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Check a combination and give the change in life (the other house's on an attack, your own on healing).

    Example: [bold]pnp territoires attack 11 12 --house even[/bold] gives -1 on the odd house
    (11 Fouet is a weapon of the other house). Rules readings: docs/rules/territoires.md.
    """  # noqa: E501 (help text: rich keeps its line breaks)
    from generator.games.territoires import LIFE_PER_HOUSE, Player, Rules, play

    rules = Rules(
        pairs=pairs, runs=runs, foreign_support_in_run=foreign_support, support_alone=support_alone
    )
    player = Player.at_seat(players, seat, house, target)
    result = play(_card_numbers(cards), player, rules, use, seat, life)
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
        return
    chosen, shared, after = result.chosen, result.shared_by_seats, result.life_after
    sign = f"{chosen.change:+d}" if chosen.change else "0"
    typer.echo(f"{chosen.effect} {sign} on the {chosen.side.value} house ({chosen.side.french})")
    typer.echo(f"  {chosen.explanation}")
    typer.echo(f"  rule {chosen.rule}: « {chosen.seed} »")
    if shared:
        typer.echo(f"  the life is shared by seats {shared[0]} and {shared[1]}")
    if life is not None and after is not None:
        note = (
            " (the territory has fallen)"
            if after == 0
            else (f" (never more than {LIFE_PER_HOUSE})" if life + chosen.change > after else "")
        )
        typer.echo(f"  life of the {chosen.side.value} house: {life} -> {after}{note}")
    for other in result.alternatives:
        typer.echo(
            f"  also possible: {other.effect} {other.change:+d} on the {other.side.value} house "
            f"(pass --as {other.effect})"
        )


def _card_numbers(cards: list[str]) -> list[int]:
    from generator.core.errors import UserError

    numbers = []
    for card in cards:
        try:
            numbers.append(int(card))  # "²" passes str.isdigit() yet int() refuses it
        except ValueError:
            raise UserError(
                f"card {card!r} is not a number; give the numbers of the cards, e.g. 11 12"
            ) from None
    return numbers


@sub.command("sheets")
def sheets(
    players: Annotated[int, typer.Option("--players", help="Number of players: 2, 3 or 4.")] = 2,
    paper: Annotated[
        HomePaper, typer.Option("--paper", case_sensitive=False, help="Paper: a4 or letter.")
    ] = HomePaper.A4,
    out: Annotated[Path, typer.Option("--out", help="Folder to write into.")] = Path("output"),
    deck: Annotated[
        bool, typer.Option("--deck/--no-deck", help="Also write the 36-card Lenormand deck.")
    ] = True,
    card: Annotated[
        str,
        typer.Option(
            "--card", help="Card size of the deck: poker, bridge, mini, tarot or WxH in mm."
        ),
    ] = "poker",
    duplex: Annotated[
        Duplex,
        typer.Option(
            "--duplex",
            case_sensitive=False,
            help="Backs of the deck: long or short (duplex flip edge) or fold (fold and glue).",
        ),
    ] = Duplex.LONG,
    bleed: Annotated[float | None, bleed_option(2.0)] = None,
    back_offset: Annotated[
        str,
        typer.Option(
            "--back-offset", help="X,Y mm shift of the backs, measured with `pnp calibrate`."
        ),
    ] = "0,0",
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    faces: FacesOption = False,
    back_first: BackFirstOption = False,
    force: Force = False,
) -> None:
    """Write the life trackers, the reference card, the setup sheet and the Lenormand deck."""
    from generator.products.territoires_sheets import SheetOptions, write_sheets

    options = SheetOptions(
        out=out,
        players=players,
        paper=paper.value,
        deck=deck,
        card=card,
        duplex=duplex.value,
        bleed=bleed,
        back_offset=back_offset,
        profile=profile.value,
        ink_limit=ink_limit,
        faces=faces,
        back_first=back_first,
        force=force,
    )
    for path in write_sheets(options):
        say(f"wrote {path}")


def register(app: typer.Typer) -> None:
    app.add_typer(sub, name="territoires")
