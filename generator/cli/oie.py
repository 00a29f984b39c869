"""`pnp oie`: the Jeu de l'Oie board, one-throw resolver, simulator and exact statistics."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import Force, say
from generator.cli.print_options import InkLimitOption, ProfileOption
from generator.games.oie.rules import FirstThrowRule, InnSwap, Occupied, WellPayer
from generator.render.paper import HomePaper, PaperName
from generator.render.profile import Profile

# --own-pawns of simulate and play
OwnPawns = Annotated[
    str | None,
    typer.Option(
        "--own-pawns",
        help="Team variant, a pawn of one's own at the inn, well or prison: "
        "return (default: it blocks) or release.",
    ),
]

app = typer.Typer(
    help="Jeu de l'Oie: board, throw resolver, simulator, exact statistics.", no_args_is_help=True
)


def _print_json(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


@app.command("board")
def board(
    paper: Annotated[
        PaperName | None,
        typer.Option(
            "--paper", case_sensitive=False, help="One-page board: a4 (default), letter or a3."
        ),
    ] = None,
    tiles: Annotated[
        HomePaper | None,
        typer.Option(
            "--tiles", case_sensitive=False, help="Poster tiled over several a4 or letter pages."
        ),
    ] = None,
    grid: Annotated[
        str | None,
        typer.Option(
            "--grid",
            help="With --tiles: COLSxROWS landscape pages (default 2x3: the board 52 × 52 cm).",
        ),
    ] = None,
    theme: Annotated[
        str | None, typer.Option("--theme", help="Region whose places name the ordinary squares.")
    ] = None,
    source: Annotated[
        str, typer.Option("--source", help="With --theme: where the places come from.")
    ] = "embedded",
    seed: Annotated[
        int, typer.Option("--seed", help="With --theme: seed of the place selection.")
    ] = 1,
    occupied: Annotated[
        Occupied, typer.Option("--occupied", help="Occupied-square rule printed: swap or return.")
    ] = Occupied.SWAP,
    out: Annotated[
        Path | None, typer.Option("--out", help="PDF to write (default output/oie-board.pdf).")
    ] = None,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    force: Force = False,
) -> None:
    """Print the 63-square spiral board with its rules panel."""
    from generator.products.oie_board import BoardRequest, make_board

    request = BoardRequest(
        paper=paper.value if paper else None,
        tiles=tiles.value if tiles else None,
        grid=grid,
        theme=theme,
        source=source,
        seed=seed,
        occupied=occupied.value,
        profile=profile.value,
        ink_limit=ink_limit,
    )
    path = make_board(request, out, force)
    say(f"wrote {path}")


@app.command("move")
def move(
    start: Annotated[
        int, typer.Argument(metavar="FROM", help="Square the pawn stands on (0 = start).")
    ],
    d1: Annotated[int, typer.Argument(help="First die (1-6).")],
    d2: Annotated[int, typer.Argument(help="Second die (1-6).")],
    first_throw: Annotated[
        bool, typer.Option("--first-throw", help="The game's first throw: 6+3 → 26, 5+4 → 53.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Resolve one throw: bounce, geese, bridge, labyrinth, death, first-throw rule."""
    from generator.games.oie.resolver import throw
    from generator.games.oie.squares import BOARD

    result = throw(start, d1, d2, first_throw=first_throw)
    if as_json:
        _print_json(result.to_json())
        return
    resolution = result.resolution
    parts = [f"{start}"]
    for step in resolution.steps:
        name = BOARD[step.square].name
        label = f"{step.square}" + (f" ({name})" if name else "")
        parts.append(label if step.reason == "move" else f"{label} [{step.reason}]")
    typer.echo(f"{d1}+{d2}: " + " → ".join(parts))
    typer.echo(f"final square: {resolution.final}")


def _rules(
    occupied: Occupied,
    first: FirstThrowRule,
    inn: InnSwap,
    payer: WellPayer,
    prison_turns: int | None,
    ante: int = 0,
    max_rounds: int = 1000,
):
    from generator.games.oie.rules import Rules

    return Rules(
        occupied=occupied.value,
        first_throw=first.value,
        ante=ante,
        max_rounds=max_rounds,
        inn_swap=inn.value,
        well_payer=payer.value,
        prison_turns=prison_turns,
    )


@app.command("simulate")
def simulate(
    players: Annotated[
        int, typer.Option("--players", help="Number of players (1 = solitaire).")
    ] = 4,
    games: Annotated[int, typer.Option("--games", help="Number of games to play.")] = 10_000,
    teams: Annotated[
        bool, typer.Option("--teams", help="Team variant: several pawns, one die each.")
    ] = False,
    pawns: Annotated[
        int | None, typer.Option("--pawns", help="Pawns per player in the team variant (2 or 4).")
    ] = None,
    policy: Annotated[
        str | None,
        typer.Option(
            "--policy",
            help="Team variant: which pawn takes which die: team (default), best or random; "
            "or one per seat, e.g. team,best.",
        ),
    ] = None,
    own_pawns: OwnPawns = None,
    occupied: Annotated[
        Occupied, typer.Option("--occupied", help="Occupied square: swap (default) or return.")
    ] = Occupied.SWAP,
    first: Annotated[
        FirstThrowRule,
        typer.Option(
            "--first-throw-rule",
            help="6+3/5+4 rule: each (first throw of each player), opener, from-start or off.",
        ),
    ] = FirstThrowRule.EACH,
    ante: Annotated[
        int, typer.Option("--ante", help="Stakes each player puts in the pot at the start.")
    ] = 0,
    max_rounds: Annotated[
        int, typer.Option("--max-rounds", help="Stop a game after this many rounds.")
    ] = 1000,
    inn: Annotated[
        InnSwap, typer.Option("--inn-swap", help="Inn swap: while-there or same-round.")
    ] = InnSwap.WHILE_THERE,
    payer: Annotated[
        WellPayer, typer.Option("--well-payer", help="Who pays a well rescue: rescued or rescuer.")
    ] = WellPayer.RESCUED,
    prison_turns: Annotated[
        int | None,
        typer.Option("--prison-turns", help="Leave prison after N turns (default: when freed)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the dice.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play many games: length in rounds, wins by seat, pot."""
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

    title = f"{summary.games} games, {players} player(s)" + (
        f", teams of {summary.teams} pawns" if teams else ""
    )
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("finished games", f"{summary.finished}")
    table.add_row("rounds: mean ± sd", f"{summary.mean_rounds:.2f} ± {summary.stdev_rounds:.2f}")
    for p, v in summary.percentiles.items():
        table.add_row(f"rounds: {'median' if p == 50 else f'p{p}'}", f"{v}")
    table.add_row("rounds: min / max", f"{summary.min_rounds} / {summary.max_rounds}")
    for seat, wins in enumerate(summary.wins_by_seat, start=1):
        share = wins / summary.finished if summary.finished else 0.0
        table.add_row(f"wins: seat {seat}", f"{wins} ({share:.1%})")
    table.add_row("pot: mean / max", f"{summary.mean_pot:.2f} / {summary.max_pot}")
    Console().print(table)


@app.command("play")
def play(
    players: Annotated[int, typer.Option("--players", help="Number of players.")] = 2,
    teams: Annotated[
        bool, typer.Option("--teams", help="Team variant: several pawns, one die each.")
    ] = False,
    pawns: Annotated[
        int | None, typer.Option("--pawns", help="Pawns per player in the team variant (2 or 4).")
    ] = None,
    policy: Annotated[
        str | None,
        typer.Option(
            "--policy",
            help="Team variant: team (default), best or random; or one per seat, e.g. team,best.",
        ),
    ] = None,
    own_pawns: OwnPawns = None,
    occupied: Annotated[
        Occupied, typer.Option("--occupied", help="Occupied square: swap (default) or return.")
    ] = Occupied.SWAP,
    first: Annotated[
        FirstThrowRule,
        typer.Option("--first-throw-rule", help="6+3/5+4 rule: each, opener, from-start or off."),
    ] = FirstThrowRule.EACH,
    inn: Annotated[
        InnSwap, typer.Option("--inn-swap", help="Inn swap: while-there or same-round.")
    ] = InnSwap.WHILE_THERE,
    payer: Annotated[
        WellPayer, typer.Option("--well-payer", help="Who pays a well rescue: rescued or rescuer.")
    ] = WellPayer.RESCUED,
    prison_turns: Annotated[
        int | None,
        typer.Option("--prison-turns", help="Leave prison after N turns (default: when freed)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the dice.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play one game with random dice and print every turn."""
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
        dice = "+".join(map(str, e.dice))
        pawn = f" pawn {e.pawn % per + 1}" if teams and e.what != "lost-turn" else ""
        if e.what == "move":
            typer.echo(
                f"round {e.round:>3}  seat {e.seat + 1}{pawn}: {dice:>5}  {e.start:>2} → "
                f"{e.final:>2}" + (f"  ({_note_text(e.note, per)})" if e.note else "")
            )
        else:
            typer.echo(f"round {e.round:>3}  seat {e.seat + 1}{pawn}: {e.what}")
    if game.winner is None:
        typer.echo(f"stopped after {game.rounds} rounds without a winner; pot {game.pot}")
    else:
        typer.echo(
            f"seat {game.winner + 1} reaches the garden in round {game.rounds} and takes the pot "
            f"of {game.pot}"
        )


_NOTE_WORDS = {
    "swap": "swaps with",
    "return": "goes back, the square is held by",
    "rescue": "rescues",
    "free": "frees",
}


def _note_text(note: str, per: int) -> str:
    """An engine note for people: 'swap:4' with 2 pawns each -> 'swaps with seat 3 pawn 1'."""
    kind, _, other = note.partition(":")
    pawn = int(other)
    who = f"seat {pawn // per + 1}" + (f" pawn {pawn % per + 1}" if per > 1 else "")
    return f"{_NOTE_WORDS[kind]} {who}"


@app.command("stats")
def stats(
    exact: Annotated[
        bool, typer.Option("--exact", help="Exact values from the absorbing Markov chain.")
    ] = False,
    horizon: Annotated[
        int, typer.Option("--horizon", help="Turns of the exact distribution (10-400).")
    ] = 150,
    games: Annotated[
        int, typer.Option("--games", help="Without --exact: solitaire games to simulate.")
    ] = 100_000,
    seed: Annotated[int, typer.Option("--seed", help="Without --exact: seed of the dice.")] = 1,
    fractions: Annotated[
        bool,
        typer.Option(
            "--fractions", help="With --exact --json: each probability as an exact fraction too."
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Solitaire statistics: expected number of turns and its distribution."""
    from generator.core.errors import UserError
    from generator.games.oie.stats import check_horizon

    check_horizon(horizon)
    if fractions and not (exact and as_json):
        raise UserError(
            "--fractions prints exact probabilities in the JSON; use it with --exact --json"
        )
    if exact:
        from generator.games.oie.stats import exact_stats

        computed = exact_stats(horizon)
        if as_json:
            _print_json(computed.to_json(fractions))
            return
        mean = computed.expected_turns
        fraction = f"{mean.numerator}/{mean.denominator}"
        typer.echo(f"solitaire (exact): expected turns {float(mean):.4f} = {fraction}")
        _echo_percentiles(computed.percentiles, horizon)
        dist = computed.distribution
        for turn, probability in enumerate(dist.pmf[: min(horizon, 40)], start=1):
            bar = "█" * round(float(probability) * 400)
            typer.echo(f"{turn:>4}  {float(probability):.5f}  {float(dist.cdf(turn)):.4f}  {bar}")
        return
    from generator.games.oie.simulate import solitaire_sample

    sample = solitaire_sample(games, seed)
    if as_json:
        _print_json(sample.to_json())
        return
    typer.echo(
        f"solitaire (simulated): expected turns {sample.expected_turns:.4f} "
        f"± {sample.standard_error:.4f}"
    )
    _echo_percentiles(sample.summary.percentiles, horizon)


def _echo_percentiles(percentiles: Mapping[int, int | None], horizon: int) -> None:
    typer.echo(
        "percentiles of turns: "
        + ", ".join(
            f"p{p} {v if v is not None else f'> {horizon}'}" for p, v in percentiles.items()
        )
    )


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="oie")
