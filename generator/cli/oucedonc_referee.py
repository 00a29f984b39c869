"""`pnp oucedonc verify` and `pnp oucedonc game new|place|doubt|count|show|undo`: the table referee.

Thin: parse, call :mod:`generator.games.oucedonc.referee`, print. Every game command reads the game
file (which replays and validates it), applies one move, and writes the file atomically only if the
move was legal, so an illegal move leaves the file byte for byte as it was. Commands that change
the file hold a lock on it from the read to the write (:mod:`generator.core.locked_update`), so two
commands typed at the same moment on one file are played one after the other and no move is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli.common import say
from generator.cli.oucedonc import oucedonc_app
from generator.core.errors import UserError
from generator.core.text import json_line, one_line

if TYPE_CHECKING:
    from generator.games.oucedonc.gamefile import Game

game_app = typer.Typer(
    help="Follow a whole game of Oucédonc in a game file (JSON journal of moves).",
    no_args_is_help=True,
)

DIRECTION_HELP = "north-of, south-of, east-of or west-of: is A there relative to B?"


# --------------------------------------------------------------------------- files


MAX_FILE_BYTES = 16 << 20  # a deck file is about 40 KB, a whole game file about 60 KB


def _read(path: Path, what: str) -> str:
    """A regular file (never a FIFO or a device), bounded in size, UTF-8."""
    from generator.core.inputs import read_text_input

    return read_text_input(path, what, MAX_FILE_BYTES, "give the JSON file pnp wrote")


def _load_deck(path: Path):
    from generator.games.oucedonc.deckfile import deck_from_json

    return deck_from_json(_read(path, "deck file"), source=str(path))


def _load_game(path: Path):
    from generator.games.oucedonc.gamefile import game_from_json

    return game_from_json(_read(path, "game file"), source=str(path))


def _save_game(path: Path, game, exclusive: bool = False) -> None:
    """Write the game file; ``exclusive``: only if the name is still free (O_EXCL semantics)."""
    from generator.core.atomic import write_text
    from generator.games.oucedonc.gamefile import game_to_json

    write_text(path, game_to_json(game), exclusive=exclusive)


def update_game(path: Path, change: Callable[[Game], tuple[Game, str]]) -> tuple[Game, str]:
    """Apply ``change(game) -> (game, message)`` to the game file, one command at a time.

    The file is locked from the read to the write (a second command on the same file waits, then
    plays on top of this one) and compared byte for byte just before the rename, so no move is lost.
    """
    from generator.core.locked_update import locked_update
    from generator.games.oucedonc.gamefile import game_from_json, game_to_json

    with locked_update(path, "game file") as locked:
        game, message = change(game_from_json(locked.text, source=str(path)))
        locked.replace_text(game_to_json(game))
    return game, message


def _report(game, message: str, file: Path) -> None:
    from generator.cli.oucedonc_board import status_lines

    say(message)
    for line in status_lines(game, str(file)):
        say(line)


# --------------------------------------------------------------------------- verify


def _embedded_places():
    """The embedded communes and sites by name, and the record at a position (built for the
    two places found only)."""
    from generator.games.oucedonc.referee import named_place_index

    try:
        from generator.geo import embedded
    except ImportError:
        raise UserError(
            "the embedded place data is not installed in this pnp; use --deck deck.json"
        ) from None
    named = embedded.place_names()
    return named_place_index(named.keys, named.described), named.place


def verify(
    a: Annotated[
        str, typer.Argument(metavar="A", help="The place or card in question (name or card id).")
    ],
    direction: Annotated[str, typer.Argument(metavar="DIRECTION", help=DIRECTION_HELP)],
    b: Annotated[str, typer.Argument(metavar="B", help="The place or card it is compared with.")],
    deck: Annotated[
        Path | None,
        typer.Option(
            "--deck",
            help="Deck file (.json next to the deck PDF): compare the printed coordinates.",
        ),
    ] = None,
    precision: Annotated[
        str | None,
        typer.Option(
            "--precision",
            help="Without --deck: minute (default), second or 0.01, as a deck would print.",
        ),
    ] = None,
    equal: Annotated[
        str,
        typer.Option(
            "--equal-coordinates", help="Equal printed values count as well-placed or misplaced."
        ),
    ] = "well-placed",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Settle a dispute: is A north-of / south-of / east-of / west-of B on the printed coordinates?

    Exit code 0 whatever the verdict; 2 on bad input.

    Example: pnp oucedonc verify Brest west-of Rennes --deck output/oucedonc/oucedonc.json
    """
    from generator.games.oucedonc import referee
    from generator.games.oucedonc.compare import parse_direction, parse_equal
    from generator.games.oucedonc.coords import parse_precision

    where = parse_direction(direction)
    equal_rule = parse_equal(equal)
    if deck is not None:
        if precision is not None:
            raise UserError(
                "the deck file fixes the precision printed on its cards; drop --precision when "
                "using --deck"
            )
        gap = referee.verify_cards(a, where, b, _load_deck(deck), equal_rule)
    else:
        index, place = _embedded_places()
        gap = referee.verify_named(
            a, where, b, index, place, parse_precision(precision or "minute"), equal_rule
        )
    result = gap.verdict
    if as_json:
        typer.echo(json_line(gap.to_json()))
        return
    side = where.value.replace("-", " ")
    axis = "latitude" if where.axis == "lat" else "longitude"
    if result.gap_units == 0:
        verdict = "well placed" if result.correct else "misplaced"
        how = f"same printed {axis}: counted as {verdict} (--equal-coordinates {equal_rule.value})"
    else:
        how = f"{_minutes_text(abs(result.gap_minutes))} of {axis} apart, {gap.km:.1f} km"
    verdict_text = "YES" if result.correct else "NO"
    say(
        f"{verdict_text}: {result.a.name} is {'' if result.correct else 'not '}{side} "
        f"{result.b.name}"
    )
    say(f"  {result.a.name}: {result.a.lat_text}, {result.a.lon_text}")
    say(f"  {result.b.name}: {result.b.lat_text}, {result.b.lon_text}")
    say(f"  {how}")


def _minutes_text(minutes: float) -> str:
    """``185′ (3°05′)``; seconds and hundredths of a degree keep their decimals: ``0.5′``."""
    text = f"{minutes:.2f}".rstrip("0").rstrip(".") + "′"
    if minutes >= 60:
        degrees, rest = divmod(minutes, 60)
        text += (
            f" ({int(degrees)}°{rest:05.2f}′)".replace(".00′", "′")
            if rest != int(rest)
            else f" ({int(degrees)}°{int(rest):02d}′)"
        )
    return text


# --------------------------------------------------------------------------- game


def game_new(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file to create (JSON).")],
    deck: Annotated[Path, typer.Option("--deck", help="Deck file (.json next to the deck PDF).")],
    players: Annotated[
        str,
        typer.Option("--players", help="Players in playing order, comma-separated: Ana,Ben,Chloé."),
    ],
    start_card: Annotated[
        str | None,
        typer.Option(
            "--start",
            help="The start card the players turned over (name or id); without it, record it "
            "later with 'game start'.",
        ),
    ] = None,
    deal_mode: Annotated[
        bool,
        typer.Option(
            "--deal",
            help="The referee shuffles a virtual deck and deals every card (solo or remote play) "
            "instead of following the printed cards.",
        ),
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="With --deal: seed of the shuffle (default: a fresh one, written in the file).",
        ),
    ] = None,
    packs: Annotated[
        int | None, typer.Option("--packs", help="Number of packs (default: the deck's).")
    ] = None,
    pack_size: Annotated[
        int | None, typer.Option("--pack-size", help="Cards per pack (default: the deck's).")
    ] = None,
    tokens: Annotated[
        int | None,
        typer.Option(
            "--tokens",
            help="Tokens each player starts with (default: what the deck's rule cards print, else "
            "4).",
        ),
    ] = None,
    equal: Annotated[
        str,
        typer.Option("--equal-coordinates", help="Equal printed values: well-placed or misplaced."),
    ] = "well-placed",
    broke: Annotated[
        str,
        typer.Option(
            "--broke-payer",
            help="A player owing a token with none left: pays nothing, or the bank pays.",
        ),
    ] = "nothing",
    preceding: Annotated[
        str,
        typer.Option(
            "--count-preceding",
            help="In a count, compare with the nearest card still on the table (on-table) or the "
            "original neighbour (original).",
        ),
    ] = "on-table",
    closest: Annotated[
        str,
        typer.Option(
            "--closest-tie", help="No exact estimate, several equally close: all win 1, or none."
        ),
    ] = "all",
    exact_tie: Annotated[
        str,
        typer.Option(
            "--exact-tie",
            help="Several exact estimates: each of them wins 2, or everyone at the table wins 2.",
        ),
    ] = "each",
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite an existing game file.")
    ] = False,
) -> None:
    """Start a game with the printed deck: record the players and the start card turned over.

    With --deal the referee shuffles a virtual deck instead and deals every card itself.

    Example: pnp oucedonc game new partie.json --deck output/oucedonc/oucedonc.json --players Ana,Ben,Chloé --start Lyon
    """  # noqa: E501 (help text: rich keeps its line breaks)
    import secrets  # hmac, hashlib: for the seed of a dealt game only

    from generator.core.outputs import claim_new
    from generator.games.oucedonc.referee import new_game_from_options

    claim_new(file, force)  # early, and again at the write: two racing 'game new' cannot both win
    if seed is not None and not deal_mode:
        raise UserError(
            "--seed shuffles the referee's virtual deck: add --deal, or drop --seed to follow the "
            "printed cards"
        )
    if start_card is not None and deal_mode:
        raise UserError(
            "with --deal the referee draws the start card itself; drop --start (or --deal)"
        )
    loaded = _load_deck(deck)
    game, said = new_game_from_options(
        loaded,
        players.split(","),
        rule_options(loaded, tokens, equal, broke, preceding, closest, exact_tie),
        deal_seed=(seed if seed is not None else secrets.randbelow(1_000_000))
        if deal_mode
        else None,
        start=start_card,
        packs=packs,
        pack_size=pack_size,
    )
    _save_game(file, game, exclusive=not force)
    _report(game, f"new game in {file}: {said}", file)


def rule_options(deck, tokens, equal, broke, preceding, closest, exact_tie):
    """The rule options of ``game new`` (and ``play``), parsed from their CLI spellings."""
    from generator.games.oucedonc.compare import parse_equal
    from generator.games.oucedonc.rules import (
        BrokePayer,
        ClosestTie,
        CountPreceding,
        ExactTie,
        RuleOptions,
        parse_choice,
    )

    if tokens is None:  # the referee agrees with the printed rule cards
        tokens = int(deck.params.get("tokens_each", RuleOptions().starting_tokens))
    return RuleOptions(
        equal_coordinates=parse_equal(equal),
        broke_payer=parse_choice(BrokePayer, broke, "--broke-payer"),
        count_preceding=parse_choice(CountPreceding, preceding, "--count-preceding"),
        closest_tie=parse_choice(ClosestTie, closest, "--closest-tie"),
        exact_tie=parse_choice(ExactTie, exact_tie, "--exact-tie"),
        starting_tokens=tokens,
    )


def game_place(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file.")],
    card: Annotated[
        str, typer.Argument(metavar="CARD", help="The card the current player drew (name or id).")
    ],
    north_of: Annotated[
        str | None, typer.Option("--north-of", help="Immediately above this card of the column.")
    ] = None,
    south_of: Annotated[
        str | None, typer.Option("--south-of", help="Immediately below this card of the column.")
    ] = None,
    east_of: Annotated[
        str | None, typer.Option("--east-of", help="Immediately right of this card of the row.")
    ] = None,
    west_of: Annotated[
        str | None, typer.Option("--west-of", help="Immediately left of this card of the row.")
    ] = None,
    between: Annotated[
        tuple[str, str] | None,
        typer.Option("--between", help="Between two adjacent cards of one line."),
    ] = None,
) -> None:
    """The current player places the card they drew (name, id or the start of its name).

    Example: pnp oucedonc game place partie.json Brest --north-of Lyon
    """
    from generator.games.oucedonc.compare import Direction
    from generator.games.oucedonc.referee import place_move

    given = [
        (d, x)
        for d, x in (
            (Direction.NORTH_OF, north_of),
            (Direction.SOUTH_OF, south_of),
            (Direction.EAST_OF, east_of),
            (Direction.WEST_OF, west_of),
        )
        if x is not None
    ]
    if len(given) + (between is not None) != 1:
        raise UserError(
            "say where the card goes with exactly one of --north-of, --south-of, --east-of, "
            "--west-of X or --between X Y"
        )
    direction, anchor = given[0] if given else (None, None)
    game, message = update_game(
        file, lambda game: _text(game.play(place_move(game, card, direction, anchor, between)))
    )
    _report(game, message, file)


def game_doubt(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file.")],
    by: Annotated[str, typer.Option("--by", help="The player who doubts.")],
    neighbour: Annotated[
        str,
        typer.Option(
            "--neighbour", help="The neighbour of the card just placed to compare it with."
        ),
    ],
) -> None:
    """A player doubts the card just placed, against one of its neighbours.

    Example: pnp oucedonc game doubt partie.json --by Ben --neighbour Lyon
    """
    from generator.games.oucedonc.referee import doubt_move

    game, message = update_game(
        file, lambda game: _text(game.play(doubt_move(game, by, neighbour)))
    )
    _report(game, message, file)


def game_count(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file.")],
    estimate: Annotated[
        list[str],
        typer.Option(
            "--estimate", help="PLAYER=N, once for every player: the misplaced cards they expect."
        ),
    ],
    next_start: Annotated[
        str | None,
        typer.Option(
            "--next-start",
            help="After an interim count: the new start card turned over (else 'game start').",
        ),
    ] = None,
) -> None:
    """The interim (or final) count: check every arm from the start card and reward the estimates.

    Example: pnp oucedonc game count partie.json --estimate Ana=2 --estimate Ben=0 --estimate Chloé=1
    """  # noqa: E501 (help text: rich keeps its line breaks)
    from generator.games.oucedonc.events import Counted
    from generator.games.oucedonc.referee import count_move, start_move

    def count(game: Game) -> tuple[Game, str]:
        game, counted = game.play(count_move(game, estimate))
        if next_start is None:
            return game, counted.text
        if isinstance(counted, Counted) and counted.final:
            raise UserError("that was the final count: the game is over; drop --next-start")
        game, started = game.play(start_move(game, next_start))
        return game, f"{counted.text}\n{started.text}"

    game, message = update_game(file, count)
    _report(game, message, file)


def game_start(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file.")],
    card: Annotated[
        str, typer.Argument(metavar="CARD", help="The start card turned over (name or id).")
    ],
) -> None:
    """Record the start card turned over: at the start of the game, and after each interim count.

    Example: pnp oucedonc game start partie.json Lyon
    """
    from generator.games.oucedonc.referee import start_move

    game, message = update_game(file, lambda game: _text(game.play(start_move(game, card))))
    _report(game, message, file)


def game_intermede(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file.")],
) -> None:
    """An Intermède came before the referee expected it (a pack counted short): the count is due.

    Example: pnp oucedonc game intermede partie.json
    """
    from generator.games.oucedonc.game import Intermede

    game, message = update_game(file, lambda game: _text(game.play(Intermede())))
    _report(game, message, file)


def _text(played):
    game, event = played
    return game, event.text


def game_show(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the position as one JSON object.")
    ] = False,
) -> None:
    """Draw the table, whose turn it is, the tokens, the cards left and what is due.

    Example: pnp oucedonc game show partie.json
    """
    game = _load_game(file)
    if as_json:
        typer.echo(json_line(game.to_json()))
        return
    from generator.cli.common import data_console
    from generator.cli.oucedonc_board import show

    show(game, data_console(), one_line(file))


def game_undo(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Game file.")],
) -> None:
    """Take back the last move (the file becomes exactly what it was before it).

    Example: pnp oucedonc game undo partie.json
    """
    from generator.games.oucedonc.gamefile import describe_undone

    def take_back(game: Game) -> tuple[Game, str]:
        previous, dropped = game.undo()
        return previous, describe_undone(game, dropped)

    game, message = update_game(file, take_back)
    _report(game, message, file)


game_app.command("new")(game_new)
game_app.command("place")(game_place)
game_app.command("doubt")(game_doubt)
game_app.command("count")(game_count)
game_app.command("start")(game_start)
game_app.command("intermede")(game_intermede)
game_app.command("show")(game_show)
game_app.command("undo")(game_undo)


def add_commands(group: typer.Typer) -> None:
    """Add `verify` and the `game` group to an `oucedonc` group (whoever creates it), once."""
    if any(info.name == "game" for info in group.registered_groups):
        return
    from generator.cli.oucedonc_play import play

    group.command("verify")(verify)
    group.command("play")(play)
    group.add_typer(game_app, name="game")


def register(app: typer.Typer) -> None:
    add_commands(oucedonc_app)
    if not any(info.typer_instance is oucedonc_app for info in app.registered_groups):
        app.add_typer(oucedonc_app, name="oucedonc")
