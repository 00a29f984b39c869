"""`pnp oie`: the Jeu de l'Oie board, one-throw resolver, simulator and exact statistics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.print_options import InkLimitOption, ProfileOption
from generator.render.profile import Profile

app = typer.Typer(
    help="Jeu de l'Oie: board, throw resolver, simulator, exact statistics.", no_args_is_help=True
)


def _print_json(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


@app.command("board")
def board(
    paper: Annotated[
        str | None, typer.Option("--paper", help="One-page board: a4 (default), letter or a3.")
    ] = None,
    tiles: Annotated[
        str | None, typer.Option("--tiles", help="Poster tiled over several a4 or letter pages.")
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
        str, typer.Option("--occupied", help="Occupied-square rule printed: swap or return.")
    ] = "swap",
    out: Annotated[
        Path | None, typer.Option("--out", help="PDF to write (default output/oie-board.pdf).")
    ] = None,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
) -> None:
    """Print the 63-square spiral board with its rules panel."""
    from generator.products.oie_board import BoardRequest, make_board

    request = BoardRequest(
        paper=paper,
        tiles=tiles,
        grid=grid,
        theme=theme,
        source=source,
        seed=seed,
        occupied=occupied,
        profile=profile.value,
        ink_limit=ink_limit,
    )
    path = make_board(request, out)
    typer.echo(f"wrote {path}")


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
    from generator.games.oie.resolver import resolve_throw
    from generator.games.oie.squares import BOARD

    resolution = resolve_throw(start, d1, d2, first_throw=first_throw)
    if as_json:
        _print_json(
            {
                "from": start,
                "dice": [d1, d2],
                "first_throw": first_throw,
                "path": list(resolution.path),
                "final": resolution.final,
                "steps": [{"square": s.square, "reason": s.reason} for s in resolution.steps],
                "stakes": resolution.stakes,
            }
        )
        return
    parts = [f"{start}"]
    for step in resolution.steps:
        name = BOARD[step.square].name
        label = f"{step.square}" + (f" ({name})" if name else "")
        parts.append(label if step.reason == "move" else f"{label} [{step.reason}]")
    typer.echo(f"{d1}+{d2}: " + " → ".join(parts))
    typer.echo(f"final square: {resolution.final}")


def _check_team_options(teams: bool, pawns: int | None, policy: str) -> None:
    """--pawns and --policy only mean something in the team variant: refuse them without --teams."""
    from generator.core.errors import UserError

    if not teams and pawns is not None:
        raise UserError("--pawns is for the team variant; add --teams")
    if not teams and policy != "best":
        raise UserError("--policy is for the team variant; add --teams")


def _rules(
    occupied: str,
    first: str,
    ante: int,
    max_rounds: int,
    inn: str,
    payer: str,
    prison_turns: int | None,
):
    from generator.games.oie.rules import Rules

    return Rules(
        occupied=occupied,
        first_throw=first,
        ante=ante,
        max_rounds=max_rounds,
        inn_swap=inn,
        well_payer=payer,
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
        str, typer.Option("--policy", help="Team variant: best or random choice of pawns.")
    ] = "best",
    occupied: Annotated[
        str, typer.Option("--occupied", help="Occupied square: swap (default) or return.")
    ] = "swap",
    first: Annotated[
        str,
        typer.Option(
            "--first-throw-rule",
            help="6+3/5+4 rule: each (first throw of each player), opener, from-start or off.",
        ),
    ] = "each",
    ante: Annotated[
        int, typer.Option("--ante", help="Stakes each player puts in the pot at the start.")
    ] = 0,
    max_rounds: Annotated[
        int, typer.Option("--max-rounds", help="Stop a game after this many rounds.")
    ] = 1000,
    inn: Annotated[
        str, typer.Option("--inn-swap", help="Inn swap: while-there or same-round.")
    ] = "while-there",
    payer: Annotated[
        str, typer.Option("--well-payer", help="Who pays a well rescue: rescued or rescuer.")
    ] = "rescued",
    prison_turns: Annotated[
        int | None,
        typer.Option("--prison-turns", help="Leave prison after N turns (default: when freed)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the dice.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play many games: length in rounds, wins by seat, pot."""
    from generator.games.oie.rules import Teams, default_pawns
    from generator.games.oie.simulate import simulate as run

    _check_team_options(teams, pawns, policy)
    team_rules = Teams(pawns or default_pawns(players), policy) if teams else None
    summary = run(
        players,
        games,
        seed,
        _rules(occupied, first, ante, max_rounds, inn, payer, prison_turns),
        team_rules,
    )
    data = {
        "players": summary.players,
        "games": summary.games,
        "seed": summary.seed,
        "teams": summary.teams,
        "finished": summary.finished,
        "rounds": {
            "mean": round(summary.mean_rounds, 4),
            "stdev": round(summary.stdev_rounds, 4),
            "median": summary.percentiles.get(50),
            "percentiles": {str(p): v for p, v in summary.percentiles.items()},
            "min": summary.min_rounds,
            "max": summary.max_rounds,
        },
        "wins_by_seat": list(summary.wins_by_seat),
        "pot": {"mean": round(summary.mean_pot, 4), "max": summary.max_pot},
    }
    if as_json:
        _print_json(data)
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
    occupied: Annotated[
        str, typer.Option("--occupied", help="Occupied square: swap (default) or return.")
    ] = "swap",
    first: Annotated[
        str,
        typer.Option("--first-throw-rule", help="6+3/5+4 rule: each, opener, from-start or off."),
    ] = "each",
    inn: Annotated[
        str, typer.Option("--inn-swap", help="Inn swap: while-there or same-round.")
    ] = "while-there",
    payer: Annotated[
        str, typer.Option("--well-payer", help="Who pays a well rescue: rescued or rescuer.")
    ] = "rescued",
    prison_turns: Annotated[
        int | None,
        typer.Option("--prison-turns", help="Leave prison after N turns (default: when freed)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the dice.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play one game with random dice and print every turn."""
    import random

    from generator.games.oie.engine import play_classic, play_teams
    from generator.games.oie.rules import Teams, default_pawns
    from generator.games.oie.simulate import random_throws, solitaire_rules

    _check_team_options(teams, pawns, "best")
    rules = _rules(occupied, first, 0, 1000, inn, payer, prison_turns)
    if players == 1:
        rules = solitaire_rules(rules)
    rng = random.Random(seed)
    if teams:
        game = play_teams(
            players,
            Teams(pawns or default_pawns(players)),
            rules,
            random_throws(rng),
            rng,
            record=True,
        )
    else:
        game = play_classic(players, rules, random_throws(rng), record=True)
    if as_json:
        _print_json(
            {
                "players": players,
                "seed": seed,
                "winner_seat": None if game.winner is None else game.winner + 1,
                "rounds": game.rounds,
                "pot": game.pot,
                "paid_by_seat": list(game.paid),
                "positions": list(game.positions),
                "events": [
                    {
                        "round": e.round,
                        "seat": e.seat + 1,
                        "pawn": e.pawn,
                        "what": e.what,
                        "dice": list(e.dice),
                        "from": e.start,
                        "to": e.final,
                        "note": e.note,
                    }
                    for e in game.events
                ],
            }
        )
        return
    per = (pawns or default_pawns(players)) if teams else 1
    for e in game.events:
        dice = "+".join(map(str, e.dice))
        pawn = f" pawn {e.pawn % per + 1}" if teams and e.what != "lost-turn" else ""
        if e.what == "move":
            typer.echo(
                f"round {e.round:>3}  seat {e.seat + 1}{pawn}: {dice:>5}  {e.start:>2} → {e.final:>2}"
                + (f"  ({_note_text(e.note, per)})" if e.note else "")
            )
        else:
            typer.echo(f"round {e.round:>3}  seat {e.seat + 1}{pawn}: {e.what}")
    if game.winner is None:
        typer.echo(f"stopped after {game.rounds} rounds without a winner; pot {game.pot}")
    else:
        typer.echo(
            f"seat {game.winner + 1} reaches the garden in round {game.rounds} and takes the pot of {game.pot}"
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
    from fractions import Fraction

    from generator.core.errors import UserError

    if not 10 <= horizon <= 400:
        raise UserError(f"horizon {horizon} is out of range; give 10 to 400 turns")
    if fractions and not (exact and as_json):
        raise UserError(
            "--fractions prints exact probabilities in the JSON; use it with --exact --json"
        )
    if exact:
        from generator.games.oie.stats import distribution, expected_turns

        mean = expected_turns()
        dist = distribution(horizon)
        quantiles = {p: dist.quantile(Fraction(p, 100)) for p in (10, 25, 50, 75, 90, 99)}
        data = {
            "mode": "exact",
            "expected_turns": float(mean),
            "expected_turns_fraction": f"{mean.numerator}/{mean.denominator}",
            "median": quantiles[50],
            "percentiles": {str(p): q for p, q in quantiles.items()},
            "distribution": [
                {
                    "turn": t,
                    "probability": float(p),
                    "cumulative": float(dist.cdf(t)),
                    **({"exact": f"{p.numerator}/{p.denominator}"} if fractions else {}),
                }
                for t, p in enumerate(dist.pmf, start=1)
            ],
            "beyond_horizon": float(dist.tail),
        }
    else:
        from generator.games.oie.rules import Rules
        from generator.games.oie.simulate import simulate as run

        summary = run(1, games, seed, Rules(), None)
        data = {
            "mode": "simulated",
            "games": games,
            "seed": seed,
            "expected_turns": summary.mean_rounds,
            "standard_error": summary.stdev_rounds / summary.finished**0.5,
            "median": summary.percentiles[50],
            "percentiles": {str(p): v for p, v in summary.percentiles.items()},
        }
    if as_json:
        _print_json(data)
        return
    typer.echo(
        f"solitaire ({data['mode']}): expected turns {data['expected_turns']:.4f}"
        + (f" = {data['expected_turns_fraction']}" if exact else f" ± {data['standard_error']:.4f}")
    )
    typer.echo(
        "percentiles of turns: "
        + ", ".join(
            f"p{p} {v if v is not None else f'> {horizon}'}" for p, v in data["percentiles"].items()
        )
    )
    if exact:
        shown = [d for d in data["distribution"] if d["turn"] <= min(horizon, 40)]
        for d in shown:
            bar = "█" * round(d["probability"] * 400)
            typer.echo(f"{d['turn']:>4}  {d['probability']:.5f}  {d['cumulative']:.4f}  {bar}")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="oie")
