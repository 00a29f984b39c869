"""`pnp oie`: the Jeu de l'Oie board, one-throw resolver, simulator and exact statistics."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

from generator.cli import print_options
from generator.cli.common import Force, MaterialLang, material_language, say_written
from generator.cli.print_options import GridOption, InkLimitOption, JsonOption, ProfileOption
from generator.core.i18n import N_, _, cli_language, ngettext, number, percent
from generator.games.oie.rules import FirstThrowRule, InnSwap, Occupied, Rules, WellPayer
from generator.render.paper import HomePaper, PaperName
from generator.render.profile import Profile

# --own-pawns of simulate and play
OwnPawns = Annotated[
    str | None,
    typer.Option(
        "--own-pawns",
        help=N_(
            "Team variant, a pawn of one's own at the inn, well or prison: "
            "return (default: it blocks) or release."
        ),
    ),
]

# The rule options of the board, the simulator and the game log, declared once.
OccupiedOption = Annotated[
    Occupied, typer.Option("--occupied", help=N_("Occupied square: swap (default) or return."))
]
FirstThrowOption = Annotated[
    FirstThrowRule,
    typer.Option(
        "--first-throw-rule",
        help=N_("6+3/5+4 rule: each (first throw of each player), opener, from-start or off."),
    ),
]
InnSwapOption = Annotated[
    InnSwap, typer.Option("--inn-swap", help=N_("Inn swap: while-there or same-round."))
]
WellPayerOption = Annotated[
    WellPayer,
    typer.Option("--well-payer", help=N_("Who pays a well rescue: rescued or rescuer.")),
]
PrisonTurnsOption = Annotated[
    int | None,
    typer.Option("--prison-turns", help=N_("Leave prison after N turns (default: when freed).")),
]
# The team variant's options (simulate and play).
TeamsOption = Annotated[
    bool, typer.Option("--teams", help=N_("Team variant: several pawns, one die each."))
]
PawnsOption = Annotated[
    int | None,
    typer.Option("--pawns", help=N_("Pawns per player in the team variant (2 or 4).")),
]
PolicyOption = Annotated[
    str | None,
    typer.Option(
        "--policy",
        help=N_(
            "Team variant: which pawn takes which die: team (default), best or random; "
            "or one per seat, e.g. team,best."
        ),
    ),
]
DiceSeedOption = Annotated[int, typer.Option("--seed", help=N_("Seed of the dice."))]

app = typer.Typer(
    help=N_("Jeu de l'Oie: board, throw resolver, simulator, exact statistics."),
    no_args_is_help=True,
)


def _print_json(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


@app.command("board", help=N_("Print the 63-square spiral board with its rules panel."))
def board(
    paper: Annotated[
        PaperName | None,
        typer.Option(
            "--paper", case_sensitive=False, help=N_("One-page board: a4 (default), letter or a3.")
        ),
    ] = None,
    tiles: Annotated[
        HomePaper | None,
        typer.Option(
            "--tiles",
            case_sensitive=False,
            help=N_("Poster tiled over several a4 or letter pages."),
        ),
    ] = None,
    grid: GridOption = None,
    theme: Annotated[
        str | None,
        typer.Option("--theme", help=N_("Region whose places name the ordinary squares.")),
    ] = None,
    source: Annotated[
        str, typer.Option("--source", help=N_("With --theme: where the places come from."))
    ] = "embedded",
    seed: Annotated[
        int, typer.Option("--seed", help=N_("With --theme: seed of the place selection."))
    ] = 1,
    occupied: OccupiedOption = Occupied.SWAP,
    out: Annotated[
        Path | None, typer.Option("--out", help=N_("PDF to write (default output/oie-board.pdf)."))
    ] = None,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    force: Force = False,
    lang: MaterialLang = "fr",
) -> None:
    from generator.products.oie_board import PRODUCT, OieBoardOptions, main_name

    options = OieBoardOptions(
        paper=print_options.paper(paper) if paper else None,
        tiles=print_options.paper(tiles) if tiles else None,
        grid=grid,
        theme=theme,
        source=source,
        seed=seed,
        rules=Rules(occupied=occupied.value),
        profile=print_options.profile(profile, ink_limit),
        language=material_language(lang),
    )
    written = PRODUCT.make(options, out or Path("output") / main_name(options), force)
    say_written(written)


@app.command(
    "move", help=N_("Resolve one throw: bounce, geese, bridge, labyrinth, death, first-throw rule.")
)
def move(
    start: Annotated[
        int, typer.Argument(metavar=N_("FROM"), help=N_("Square the pawn stands on (0 = start)."))
    ],
    d1: Annotated[int, typer.Argument(help=N_("First die (1-6)."))],
    d2: Annotated[int, typer.Argument(help=N_("Second die (1-6)."))],
    first_throw: Annotated[
        bool,
        typer.Option("--first-throw", help=N_("The game's first throw: 6+3 → 26, 5+4 → 53.")),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    from generator.games.oie.resolver import throw
    from generator.games.oie.squares import square_name

    result = throw(start, d1, d2, first_throw=first_throw)
    if as_json:
        _print_json(result.to_json())
        return
    resolution = result.resolution
    language = cli_language()
    parts = [f"{start}"]
    for step in resolution.steps:
        name = square_name(step.square, language)
        label = f"{step.square}" + (f" ({name})" if name else "")
        if step.reason != "move":
            label = f"{label} [{_(_STEP_WORDS[step.reason])}]"
        parts.append(label)
    typer.echo(_("{dice}: {path}").format(dice=f"{d1}+{d2}", path=" → ".join(parts)))
    typer.echo(_("final square: {square}").format(square=resolution.final))


#: Why a pawn went on from where the dice took it (the resolver's step reasons), as ``move``
#: prints them after the square, in brackets.
_STEP_WORDS = {
    # TRANSLATORS: printed in brackets after a square: the pawn went on because of a goose
    "goose": N_("goose"),
    # TRANSLATORS: in brackets after a square: the excess points were counted back from 63
    "bounce": N_("bounce"),
    # TRANSLATORS: in brackets after a square: the bridge (6) sent the pawn there
    "bridge": N_("bridge"),
    # TRANSLATORS: in brackets after a square: the labyrinth (42) sent the pawn there
    "labyrinth": N_("labyrinth"),
    # TRANSLATORS: in brackets after a square: death (58) sent the pawn back to the start
    "death": N_("death"),
    # TRANSLATORS: in brackets after a square: the first-throw rule (6+3, 5+4) sent it there
    "first-throw": N_("first-throw"),
}


def _rules(
    occupied: Occupied,
    first: FirstThrowRule,
    inn: InnSwap,
    payer: WellPayer,
    prison_turns: int | None,
    ante: int = 0,
    max_rounds: int = 1000,
) -> Rules:

    return Rules(
        occupied=occupied.value,
        first_throw=first.value,
        ante=ante,
        max_rounds=max_rounds,
        inn_swap=inn.value,
        well_payer=payer.value,
        prison_turns=prison_turns,
    )


@app.command("simulate", help=N_("Play many games: length in rounds, wins by seat, pot."))
def simulate(
    players: Annotated[
        int, typer.Option("--players", help=N_("Number of players (1 = solitaire)."))
    ] = 4,
    games: Annotated[int, typer.Option("--games", help=N_("Number of games to play."))] = 10_000,
    teams: TeamsOption = False,
    pawns: PawnsOption = None,
    policy: PolicyOption = None,
    own_pawns: OwnPawns = None,
    occupied: OccupiedOption = Occupied.SWAP,
    first: FirstThrowOption = FirstThrowRule.EACH,
    ante: Annotated[
        int, typer.Option("--ante", help=N_("Stakes each player puts in the pot at the start."))
    ] = 0,
    max_rounds: Annotated[
        int, typer.Option("--max-rounds", help=N_("Stop a game after this many rounds."))
    ] = 1000,
    inn: InnSwapOption = InnSwap.WHILE_THERE,
    payer: WellPayerOption = WellPayer.RESCUED,
    prison_turns: PrisonTurnsOption = None,
    seed: DiceSeedOption = 1,
    as_json: JsonOption = False,
) -> None:
    from generator.games.oie.rules import team_variant
    from generator.games.oie.simulate import simulate as run

    team_rules = team_variant(players, teams, pawns, policy, own_pawns)
    rules = _rules(occupied, first, inn, payer, prison_turns, ante, max_rounds)
    summary = run(players, games, seed, rules, team_rules)
    if as_json:
        _print_json(summary.to_json())
        return
    from rich.console import Console
    from rich.table import Table

    parts = [
        ngettext("{games} game", "{games} games", summary.games).format(
            games=number(summary.games)
        ),
        ngettext("{players} player", "{players} players", players).format(players=players),
    ]
    if summary.teams:
        parts.append(_("teams of {pawns} pawns").format(pawns=summary.teams))
    table = Table(title=", ".join(parts))
    table.add_column(_("measure"))
    table.add_column(_("value"), justify="right")
    table.add_row(_("finished games"), number(summary.finished))
    table.add_row(
        _("rounds: mean ± sd"),
        _("{mean} ± {sd}").format(
            mean=number(summary.mean_rounds, decimals=2),
            sd=number(summary.stdev_rounds, decimals=2),
        ),
    )
    for p, v in summary.percentiles.items():
        label = _("rounds: median") if p == 50 else _("rounds: p{p}").format(p=p)
        table.add_row(label, number(v))
    table.add_row(
        _("rounds: min / max"), f"{number(summary.min_rounds)} / {number(summary.max_rounds)}"
    )
    for seat, wins in enumerate(summary.wins_by_seat, start=1):
        share = wins / summary.finished if summary.finished else 0.0
        table.add_row(
            _("wins: seat {seat}").format(seat=seat), f"{number(wins)} ({percent(share)})"
        )
    table.add_row(
        _("pot: mean / max"),
        f"{number(summary.mean_pot, decimals=2)} / {number(summary.max_pot)}",
    )
    Console().print(table)


@app.command("play", help=N_("Play one game with random dice and print every turn."))
def play(
    players: Annotated[int, typer.Option("--players", help=N_("Number of players."))] = 2,
    teams: TeamsOption = False,
    pawns: PawnsOption = None,
    policy: PolicyOption = None,
    own_pawns: OwnPawns = None,
    occupied: OccupiedOption = Occupied.SWAP,
    first: FirstThrowOption = FirstThrowRule.EACH,
    inn: InnSwapOption = InnSwap.WHILE_THERE,
    payer: WellPayerOption = WellPayer.RESCUED,
    prison_turns: PrisonTurnsOption = None,
    seed: DiceSeedOption = 1,
    as_json: JsonOption = False,
) -> None:
    from generator.games.oie.rules import team_variant
    from generator.games.oie.simulate import play_one

    team_rules = team_variant(players, teams, pawns, policy, own_pawns)
    played = play_one(players, seed, _rules(occupied, first, inn, payer, prison_turns), team_rules)
    if as_json:
        _print_json(played.to_json())
        return
    game = played.result
    per = team_rules.pawns if team_rules else 1
    for e in game.events:
        if teams and e.what != "lost-turn":
            who = _("seat {seat} pawn {pawn}").format(seat=e.seat + 1, pawn=e.pawn % per + 1)
        else:
            who = _("seat {seat}").format(seat=e.seat + 1)
        if e.what == "move":
            dice = "+".join(map(str, e.dice))
            action = f"{dice:>5}  {e.start:>2} → {e.final:>2}"
            if e.note:
                action += f"  ({_note_text(e.note, per)})"
        else:
            action = _(_EVENT_WORDS[e.what]) if e.what in _EVENT_WORDS else e.what
        typer.echo(
            _("round {round}  {who}: {action}").format(
                round=f"{e.round:>3}", who=who, action=action
            )
        )
    if game.winner is None:
        typer.echo(
            ngettext(
                "stopped after {rounds} round without a winner; pot {pot}",
                "stopped after {rounds} rounds without a winner; pot {pot}",
                game.rounds,
            ).format(rounds=game.rounds, pot=game.pot)
        )
    else:
        typer.echo(
            _("seat {seat} reaches the garden in round {round} and takes the pot of {pot}").format(
                seat=game.winner + 1, round=game.rounds, pot=game.pot
            )
        )


#: What a turn without a move was (the engine's event codes), as ``play`` prints it.
_EVENT_WORDS = {
    # TRANSLATORS: a line of the game log: the player's turn is lost (inn, well)
    "lost-turn": N_("lost-turn"),
    # TRANSLATORS: a line of the game log: the pawn stays in prison and its player pays the fine
    "prison-fine": N_("prison-fine"),
}

#: What a move did to another pawn (the engine's notes), ``{who}`` being that pawn.
_NOTE_WORDS = {
    "swap": N_("swaps with {who}"),
    "return": N_("goes back, the square is held by {who}"),
    "rescue": N_("rescues {who}"),
    "free": N_("frees {who}"),
}


def _note_text(note: str, per: int) -> str:
    """An engine note for people: 'swap:4' with 2 pawns each -> 'swaps with seat 3 pawn 1'."""
    kind, _sep, other = note.partition(":")
    pawn = int(other)
    if per > 1:
        who = _("seat {seat} pawn {pawn}").format(seat=pawn // per + 1, pawn=pawn % per + 1)
    else:
        who = _("seat {seat}").format(seat=pawn // per + 1)
    return _(_NOTE_WORDS[kind]).format(who=who)


@app.command(
    "stats", help=N_("Solitaire statistics: expected number of turns and its distribution.")
)
def stats(
    exact: Annotated[
        bool, typer.Option("--exact", help=N_("Exact values from the absorbing Markov chain."))
    ] = False,
    horizon: Annotated[
        int, typer.Option("--horizon", help=N_("Turns of the exact distribution (10-400)."))
    ] = 150,
    games: Annotated[
        int, typer.Option("--games", help=N_("Without --exact: solitaire games to simulate."))
    ] = 100_000,
    seed: Annotated[int, typer.Option("--seed", help=N_("Without --exact: seed of the dice."))] = 1,
    fractions: Annotated[
        bool,
        typer.Option(
            "--fractions",
            help=N_("With --exact --json: each probability as an exact fraction too."),
        ),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    from generator.core.errors import UserError
    from generator.games.oie.stats import check_horizon

    check_horizon(horizon)
    if fractions and not (exact and as_json):
        raise UserError(
            _("--fractions prints exact probabilities in the JSON; use it with --exact --json")
        )
    if exact:
        from generator.games.oie.stats import exact_stats

        computed = exact_stats(horizon)
        if as_json:
            _print_json(computed.to_json(fractions))
            return
        mean = computed.expected_turns
        typer.echo(
            _("solitaire (exact): expected turns {mean} = {fraction}").format(
                mean=number(float(mean), decimals=4),
                fraction=f"{mean.numerator}/{mean.denominator}",  # digits as one run, no groups
            )
        )
        _echo_percentiles(computed.percentiles, horizon)
        dist = computed.distribution
        for turn, probability in enumerate(dist.pmf[: min(horizon, 40)], start=1):
            bar = "█" * round(float(probability) * 400)
            chance = number(float(probability), decimals=5)
            cumulative = number(float(dist.cdf(turn)), decimals=4)
            typer.echo(f"{turn:>4}  {chance}  {cumulative}  {bar}")
        return
    from generator.games.oie.simulate import solitaire_sample

    sample = solitaire_sample(games, seed)
    if as_json:
        _print_json(sample.to_json())
        return
    typer.echo(
        _("solitaire (simulated): expected turns {mean} ± {error}").format(
            mean=number(sample.expected_turns, decimals=4),
            error=number(sample.standard_error, decimals=4),
        )
    )
    _echo_percentiles(sample.summary.percentiles, horizon)


def _echo_percentiles(percentiles: Mapping[int, int | None], horizon: int) -> None:
    items = (
        f"p{p} {number(v) if v is not None else f'> {number(horizon)}'}"
        for p, v in percentiles.items()
    )
    typer.echo(_("percentiles of turns: {percentiles}").format(percentiles=", ".join(items)))


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="oie")
