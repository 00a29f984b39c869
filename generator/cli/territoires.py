"""`pnp territoires`: the attack/healing calculator and the printable sheets of Les territoires."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli import print_options
from generator.cli.common import Force, MaterialLang, material_language, say_written
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
    card_size_parser,
)
from generator.core.i18n import N_, _
from generator.games.territoires import ForeignSupport, House, Intent, PairRule, RunScoring
from generator.render.card_size import NO_OFFSET, POKER, CardSize
from generator.render.duplex import Duplex
from generator.render.paper import HomePaper
from generator.render.profile import Profile

if TYPE_CHECKING:
    from generator.games.territoires import PlayResult

sub = typer.Typer(
    help=N_("Les territoires: attack/healing calculator, life trackers, Lenormand deck."),
    no_args_is_help=True,
)


ATTACK_HELP = N_(
    "Check a combination and give the change in life (the other house's on an attack, your own "
    "on healing).\n\n"
    "Example: [bold]pnp territoires attack 11 12 --house even[/bold] gives -1 on the odd house "
    "(11 is a weapon of the other house). Rules readings: docs/rules/territoires.md."
)


@sub.command("attack", help=ATTACK_HELP)
def attack(
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar=N_("CARD CARD [CARD]"), help=N_("The 2 or 3 cards laid down (numbers 1 to 20).")
        ),
    ],
    house: Annotated[
        str | None,
        typer.Option(
            "--house",
            metavar=N_("even|odd"),
            help=N_("House of the player: even (civilisation) or odd (nature)."),
        ),
    ] = None,
    players: Annotated[
        int, typer.Option("--players", help=N_("Number of players: 2, 3 or 4."))
    ] = 2,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help=N_(
                "Seat of the player (1 = even, 2 = odd, ...); at 3 players, seat 3 has no house."
            ),
        ),
    ] = None,
    target: Annotated[
        str | None,
        typer.Option(
            "--target",
            metavar=N_("even|odd"),
            help=N_("Third player of three only: the house he attacks (even or odd)."),
        ),
    ] = None,
    use: Annotated[
        Intent,
        typer.Option(
            "--as", case_sensitive=False, help=N_("auto, attack or heal (15 16 can do both).")
        ),
    ] = Intent.AUTO,
    pairs: Annotated[
        PairRule,
        typer.Option(
            "--pairs",
            case_sensitive=False,
            help=N_(
                "kind: 4+6, 7+9, 15+18 may be laid together; consecutive: pairs must follow each "
                "other."
            ),
        ),
    ] = PairRule.KIND,
    runs: Annotated[
        RunScoring,
        typer.Option(
            "--runs",
            case_sensitive=False,
            help=N_(
                "parity: a run of three counts by parity; best: a special card in it counts too."
            ),
        ),
    ] = RunScoring.PARITY,
    foreign_support: Annotated[
        ForeignSupport,
        typer.Option(
            "--foreign-support",
            case_sensitive=False,
            help=N_(
                "cancels: the other house's support makes a run of three worth 0; plain: it is an "
                "ordinary card there."
            ),
        ),
    ] = ForeignSupport.CANCELS,
    support_alone: Annotated[
        bool,
        typer.Option(
            "--support-alone",
            help=N_("Résumé reading: a support of your house laid alone deals -2."),
        ),
    ] = False,
    life: Annotated[
        int | None,
        typer.Option(
            "--life",
            help=N_(
                "Life cards the changed house has now (0 to 8): prints its life after the play."
            ),
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    from generator.games.territoires import Player, Rules, play

    rules = Rules(
        pairs=pairs, runs=runs, foreign_support_in_run=foreign_support, support_alone=support_alone
    )
    player = Player.at_seat(players, seat, _house(house), _house(target))
    result = play(_card_numbers(cards), player, rules, use, seat, life)
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
        return
    for line in _result_lines(result):
        typer.echo(line)


def _house(text: str | None) -> House | None:
    """``--house`` and ``--target``: even or odd, pair or impair (either language)."""
    return None if text is None else House.parse(text)


def _result_lines(result: PlayResult) -> list[str]:
    """The text output of ``attack``, in the command line's language."""
    from generator.core.i18n import P_, cli_language
    from generator.games.territoires import LIFE_PER_HOUSE
    from generator.games.territoires.wording import explain, house_phrase

    language = cli_language()
    chosen, shared, after = result.chosen, result.shared_by_seats, result.life_after
    sign = f"{chosen.change:+d}" if chosen.change else "0"
    lines = [
        _effect_on(chosen.effect).format(
            change=sign, house=house_phrase(chosen.side, names=language)
        ),
        "  " + explain(chosen, language, names=language),
        # TRANSLATORS: the rule's identifier (a code), then the seed's sentence it applies
        "  " + _('rule {rule}: "{seed}"').format(rule=chosen.rule, seed=P_(language, chosen.seed)),
    ]
    if shared:
        message = _("the life is shared by seats {first} and {second}")
        lines.append("  " + message.format(first=shared[0], second=shared[1]))
    before = result.life_before
    if before is not None and after is not None:
        if after == 0:
            message = _("life of {house}: {before} -> {after} (the territory has fallen)")
        elif before + chosen.change > after:
            message = _("life of {house}: {before} -> {after} (never more than {most})")
        else:
            message = _("life of {house}: {before} -> {after}")
        house = house_phrase(chosen.side)
        lines.append(
            "  " + message.format(house=house, before=before, after=after, most=LIFE_PER_HOUSE)
        )
    for other in result.alternatives:
        message = _("also possible: {effect} (pass --as {code})")
        effect = _effect_on(other.effect).format(
            change=f"{other.change:+d}", house=house_phrase(other.side)
        )
        lines.append("  " + message.format(effect=effect, code=other.effect))
    return lines


def _effect_on(effect: str) -> str:
    """ "attack {change} on {house}" or "heal {change} on {house}", to fill."""
    return _("attack {change} on {house}") if effect == "attack" else _("heal {change} on {house}")


def _card_numbers(cards: list[str]) -> list[int]:
    from generator.core.errors import UserError

    numbers = []
    for card in cards:
        try:
            numbers.append(int(card))  # "²" passes str.isdigit() yet int() refuses it
        except ValueError:
            message = _("card {card} is not a number; give the numbers of the cards, e.g. 11 12")
            raise UserError(message.format(card=repr(card))) from None
    return numbers


@sub.command(
    "sheets",
    help=N_("Write the life trackers, the reference card, the setup sheet and the Lenormand deck."),
)
def sheets(
    players: Annotated[
        int, typer.Option("--players", help=N_("Number of players: 2, 3 or 4."))
    ] = 2,
    paper: HomePaperOption = HomePaper.A4,
    out: Annotated[Path, typer.Option("--out", help=N_("Folder to write into."))] = Path("output"),
    deck: Annotated[
        bool, typer.Option("--deck/--no-deck", help=N_("Also write the 36-card Lenormand deck."))
    ] = True,
    card: Annotated[
        CardSize,
        typer.Option(
            "--card",
            parser=card_size_parser,
            metavar="SIZE",
            help=N_("Card size of the deck: poker, bridge, mini, tarot, WxH in mm or WxHin."),
        ),
    ] = POKER,
    duplex: DuplexOption = Duplex.LONG,
    bleed: Annotated[float | None, bleed_option(2.0)] = None,
    back_offset: BackOffsetOption = NO_OFFSET,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    faces: FacesOption = False,
    imposed: ImposedOption = False,
    back_first: BackFirstOption = False,
    png: PngOption = None,
    force: Force = False,
    lang: MaterialLang = "fr",
) -> None:
    from generator.products.territoires_sheets import PRODUCT, TerritoiresOptions

    options = TerritoiresOptions(
        players=players,
        paper=print_options.paper(paper),
        deck=deck,
        profile=print_options.profile(profile, ink_limit),
        imposition=print_options.imposition(card, bleed, duplex, back_offset),
        files=print_options.face_files(faces, back_first, png, imposed),
        language=material_language(lang),
    )
    say_written(PRODUCT.make(options, out, force))


def register(app: typer.Typer) -> None:
    app.add_typer(sub, name="territoires")
