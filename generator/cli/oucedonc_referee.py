"""`pnp oucedonc verify` and `pnp oucedonc game new|place|doubt|count|show|undo`: the table referee.

Thin: parse the options, call the referee service (:mod:`generator.products.referee`), print.
Every game command reads the game file (which replays and validates it), applies one move, and
writes the file atomically only if the move was legal, so an illegal move leaves the file byte
for byte as it was; the file is locked from the read to the write
(:func:`generator.products.referee.files.update_game`), so two commands typed at the same moment
on one file are played one after the other and no move is lost. A refusal of the rules is printed
in the command line's words (:mod:`generator.cli.refusals`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from generator.cli.common import say
from generator.cli.oucedonc import oucedonc_app
from generator.core.errors import UserError
from generator.core.i18n import N_, _, ngettext
from generator.core.text import json_line, one_line

if TYPE_CHECKING:
    from generator.games.oucedonc.compare import Direction
    from generator.games.oucedonc.deckfile import Deck
    from generator.games.oucedonc.events import Event
    from generator.games.oucedonc.gamefile import Game
    from generator.games.oucedonc.rules import RuleOptions

E = TypeVar("E", bound=Enum)

game_app = typer.Typer(
    help=N_("Follow a whole game of Oucédonc in a game file (JSON journal of moves)."),
    no_args_is_help=True,
)

DIRECTION_HELP = N_("north-of, south-of, east-of or west-of: is A there relative to B?")


# --------------------------------------------------------------------------- printing


def _report(game: Game, message: str, file: Path) -> None:
    from generator.cli.oucedonc_board import status_lines
    from generator.products.referee.table import table_view

    for line in message.splitlines():  # a count and the next start card: two lines
        say(line)
    for line in status_lines(table_view(game, recent=0), str(file)):
        say(line)


def _play(file: Path, change: Callable[[Game], tuple[Game, str]]) -> None:
    """Apply ``change`` to the game file (locked), then say what happened and what is due."""
    from generator.products.referee.files import update_game

    game, message = update_game(file, change)
    _report(game, message, file)


def _said(played: tuple[Game, Event]) -> tuple[Game, str]:
    game, event = played
    return game, event.text


# --------------------------------------------------------------------------- verify


VERIFY_HELP = N_(
    "Settle a dispute: is A north-of / south-of / east-of / west-of B on the printed coordinates?"
    "\n\nExit code 0 whatever the verdict; 2 on bad input."
    "\n\nExample: pnp oucedonc verify Brest west-of Rennes --deck output/oucedonc/oucedonc.json"
)


def verify(
    a: Annotated[
        str,
        typer.Argument(metavar="A", help=N_("The place or card in question (name or card id).")),
    ],
    direction: Annotated[str, typer.Argument(metavar="DIRECTION", help=DIRECTION_HELP)],
    b: Annotated[
        str, typer.Argument(metavar="B", help=N_("The place or card it is compared with."))
    ],
    deck: Annotated[
        Path | None,
        typer.Option(
            "--deck",
            help=N_("Deck file (.json next to the deck PDF): compare the printed coordinates."),
        ),
    ] = None,
    precision: Annotated[
        str | None,
        typer.Option(
            "--precision",
            help=N_("Without --deck: minute (default), second or 0.01, as a deck would print."),
        ),
    ] = None,
    equal: Annotated[
        str,
        typer.Option(
            "--equal-coordinates",
            help=N_("Equal printed values count as well-placed or misplaced."),
        ),
    ] = "well-placed",
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object."))] = False,
) -> None:
    """The `verify` command (its help: VERIFY_HELP)."""
    from generator.games.oucedonc.compare import EqualCoordinates, parse_direction
    from generator.games.oucedonc.coords import parse_precision
    from generator.products.referee.verify import verify_by_name, verify_on_deck

    where = parse_direction(direction)
    equal_rule = parse_choice(EqualCoordinates, equal, "--equal-coordinates")
    if deck is not None:
        if precision is not None:
            raise UserError(
                _(
                    "the deck file fixes the precision printed on its cards; drop --precision "
                    "when using --deck"
                )
            )
        from generator.products.referee.files import read_deck

        loaded = read_deck(deck)
        printed = loaded.language  # the backs of an English deck write W for west
        gap = verify_on_deck(a, where, b, loaded, equal_rule)
    else:
        printed = "fr"  # as the default (French) deck prints them; docs/rules quote them so
        gap = verify_by_name(a, where, b, parse_precision(precision or "minute"), equal_rule)
    result = gap.verdict
    if as_json:
        typer.echo(json_line(gap.to_json()))
        return
    say(verdict_line(result.correct, result.a.name, where, result.b.name))
    lat = where.axis == "lat"
    if result.gap_units == 0:
        option = f"--equal-coordinates {equal_rule.value}"
        if result.correct:
            how = (
                _("same printed latitude: counted as well placed ({option})")
                if lat
                else _("same printed longitude: counted as well placed ({option})")
            )
        else:
            how = (
                _("same printed latitude: counted as misplaced ({option})")
                if lat
                else _("same printed longitude: counted as misplaced ({option})")
            )
        how = how.format(option=option)
    else:
        how = (
            _("{minutes} of latitude apart, {km} km")
            if lat
            else _("{minutes} of longitude apart, {km} km")
        ).format(minutes=_minutes_text(abs(result.gap_minutes)), km=_km(gap.km))
    from generator.games.oucedonc.coords import printed_coordinate

    for point in (result.a, result.b):
        latitude, longitude = (
            printed_coordinate(text, printed) for text in (point.lat_text, point.lon_text)
        )
        say("  " + _("{name}: {lat}, {lon}").format(name=point.name, lat=latitude, lon=longitude))
    say(f"  {how}")


def verdict_line(correct: bool, a: str, direction: Direction, b: str) -> str:
    """``YES: Brest is west of Rennes`` / ``NON : Brest n’est pas à l’ouest de Rennes``."""
    from generator.games.oucedonc.wording import beside

    where = beside(direction, b)
    if correct:
        return _("YES: {a} is {where}").format(a=a, where=where)
    return _("NO: {a} is not {where}").format(a=a, where=where)


def _minutes_text(minutes: float) -> str:
    """``185′ (3°05′)``; seconds and hundredths of a degree keep their decimals: ``0.5′``
    (``0,5′`` in French)."""
    text = _decimal(f"{minutes:.2f}".rstrip("0").rstrip(".")) + "′"
    if minutes >= 60:
        degrees, rest = divmod(minutes, 60)
        text += (
            _decimal(f" ({int(degrees)}°{rest:05.2f}′)".replace(".00′", "′"))
            if rest != int(rest)
            else f" ({int(degrees)}°{int(rest):02d}′)"
        )
    return text


def _km(km: float) -> str:
    """``12.3`` / ``12,3``; ``1,234.5`` / ``1 234,5`` from a thousand up (Babel)."""
    if km >= 1000:
        from generator.core.i18n import number

        return number(km, decimals=1)
    return _decimal(f"{km:.1f}")


def _decimal(text: str) -> str:
    """A number written with a decimal point, in the command line's language (French writes a
    comma). The numbers here stay under 1,000 and need no grouping (nor Babel, for start-up)."""
    from generator.core.i18n import cli_language

    return text.replace(".", ",") if cli_language() == "fr" else text


# --------------------------------------------------------------------------- game


GAME_NEW_HELP = N_(
    "Start a game with the printed deck: record the players and the start card turned over."
    "\n\nWith --deal the referee shuffles a virtual deck instead and deals every card itself."
    "\n\nExample: pnp oucedonc game new partie.json --deck output/oucedonc/oucedonc.json"
    " --players Ana,Ben,Chloé --start Lyon"
)


def game_new(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file to create (JSON)."))],
    deck: Annotated[
        Path, typer.Option("--deck", help=N_("Deck file (.json next to the deck PDF)."))
    ],
    players: Annotated[
        str,
        typer.Option(
            "--players", help=N_("Players in playing order, comma-separated: Ana,Ben,Chloé.")
        ),
    ],
    start_card: Annotated[
        str | None,
        typer.Option(
            "--start",
            help=N_(
                "The start card the players turned over (name or id); without it, record it "
                "later with 'game start'."
            ),
        ),
    ] = None,
    deal_mode: Annotated[
        bool,
        typer.Option(
            "--deal",
            help=N_(
                "The referee shuffles a virtual deck and deals every card (solo or remote play) "
                "instead of following the printed cards."
            ),
        ),
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help=N_(
                "With --deal: seed of the shuffle (default: a fresh one, written in the file)."
            ),
        ),
    ] = None,
    packs: Annotated[
        int | None, typer.Option("--packs", help=N_("Number of packs (default: the deck's)."))
    ] = None,
    pack_size: Annotated[
        int | None, typer.Option("--pack-size", help=N_("Cards per pack (default: the deck's)."))
    ] = None,
    tokens: Annotated[
        int | None,
        typer.Option(
            "--tokens",
            help=N_(
                "Tokens each player starts with (default: what the deck's rule cards print, else "
                "4)."
            ),
        ),
    ] = None,
    equal: Annotated[
        str,
        typer.Option(
            "--equal-coordinates", help=N_("Equal printed values: well-placed or misplaced.")
        ),
    ] = "well-placed",
    broke: Annotated[
        str,
        typer.Option(
            "--broke-payer",
            help=N_("A player owing a token with none left: pays nothing, or the bank pays."),
        ),
    ] = "nothing",
    preceding: Annotated[
        str,
        typer.Option(
            "--count-preceding",
            help=N_(
                "In a count, compare with the nearest card still on the table (on-table) or the "
                "original neighbour (original)."
            ),
        ),
    ] = "on-table",
    closest: Annotated[
        str,
        typer.Option(
            "--closest-tie",
            help=N_("No exact estimate, several equally close: all win 1, or none."),
        ),
    ] = "all",
    exact_tie: Annotated[
        str,
        typer.Option(
            "--exact-tie",
            help=N_(
                "Several exact estimates: each of them wins 2, or everyone at the table wins 2."
            ),
        ),
    ] = "each",
    force: Annotated[
        bool, typer.Option("--force", help=N_("Overwrite an existing game file."))
    ] = False,
) -> None:
    """The `game new` command (its help: GAME_NEW_HELP)."""
    import secrets  # hmac, hashlib: for the seed of a dealt game only

    from generator.core.outputs import claim_new
    from generator.products.referee.files import read_deck, write_new_game
    from generator.products.referee.moves import new_game

    claim_new(file, force)  # early, and again at the write: two racing 'game new' cannot both win
    if seed is not None and not deal_mode:
        raise UserError(
            _(
                "--seed shuffles the referee's virtual deck: add --deal, or drop --seed to follow "
                "the printed cards"
            )
        )
    if start_card is not None and deal_mode:
        raise UserError(
            _("with --deal the referee draws the start card itself; drop --start (or --deal)")
        )
    loaded = read_deck(deck)
    game = new_game(
        loaded,
        players.split(","),
        rule_options(loaded, tokens, equal, broke, preceding, closest, exact_tie),
        deal_seed=(seed if seed is not None else secrets.randbelow(1_000_000))
        if deal_mode
        else None,
        start_card=start_card,
        packs=packs,
        pack_size=pack_size,
    )
    write_new_game(file, game, replace=force)
    _report(game, _("new game in {file}: {said}").format(file=file, said=new_game_line(game)), file)


def new_game_line(game: Game) -> str:
    """ "Ana, Ben, 3 packs of 15, 4 tokens each; start card: Lyon": what a new game is."""
    setup, state = game.setup, game.state
    names = setup.names()
    if setup.seed is not None:
        how = _("the referee deals (seed {seed}); start card: {card}").format(
            seed=setup.seed, card=names[setup.reserve[0]]
        )
    elif state.table is not None:
        how = _("start card: {card}").format(card=names[state.table.start])
    else:
        how = _("turn a start card over and record it")
    packs = ngettext("{packs} pack of {size}", "{packs} packs of {size}", setup.packs).format(
        packs=setup.packs, size=setup.pack_size
    )
    each = setup.options.starting_tokens
    tokens = ngettext("{n} token each", "{n} tokens each", each).format(n=each)
    return _("{players}, {packs}, {tokens}; {how}").format(
        players=", ".join(setup.players), packs=packs, tokens=tokens, how=how
    )


def rule_options(
    deck: Deck,
    tokens: int | None,
    equal: str,
    broke: str,
    preceding: str,
    closest: str,
    exact_tie: str,
) -> RuleOptions:
    """The rule options of ``game new`` (and ``play``), parsed from their CLI spellings."""
    from generator.games.oucedonc.compare import EqualCoordinates
    from generator.games.oucedonc.rules import (
        BrokePayer,
        ClosestTie,
        CountPreceding,
        ExactTie,
        RuleOptions,
    )

    if tokens is None:  # the referee agrees with the printed rule cards
        tokens = int(deck.params.get("tokens_each", RuleOptions().starting_tokens))
    return RuleOptions(
        equal_coordinates=parse_choice(EqualCoordinates, equal, "--equal-coordinates"),
        broke_payer=parse_choice(BrokePayer, broke, "--broke-payer"),
        count_preceding=parse_choice(CountPreceding, preceding, "--count-preceding"),
        closest_tie=parse_choice(ClosestTie, closest, "--closest-tie"),
        exact_tie=parse_choice(ExactTie, exact_tie, "--exact-tie"),
        starting_tokens=tokens,
    )


def parse_choice(kind: type[E], text: str, option: str) -> E:
    """An enum member from its spelling on the command line; one line listing the choices
    otherwise."""
    try:
        return kind(text.strip().lower())
    except ValueError:
        choices = ", ".join(member.value for member in kind)
        raise UserError(
            _("unknown {option} value {text!r}; choose one of {choices}").format(
                option=option, text=text, choices=choices
            )
        ) from None


GAME_PLACE_HELP = N_(
    "The current player places the card they drew (name, id or the start of its name)."
    "\n\nExample: pnp oucedonc game place partie.json Brest --north-of Lyon"
)


def game_place(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file."))],
    card: Annotated[
        str,
        typer.Argument(metavar="CARD", help=N_("The card the current player drew (name or id).")),
    ],
    north_of: Annotated[
        str | None,
        typer.Option("--north-of", help=N_("Immediately above this card of the column.")),
    ] = None,
    south_of: Annotated[
        str | None,
        typer.Option("--south-of", help=N_("Immediately below this card of the column.")),
    ] = None,
    east_of: Annotated[
        str | None, typer.Option("--east-of", help=N_("Immediately right of this card of the row."))
    ] = None,
    west_of: Annotated[
        str | None, typer.Option("--west-of", help=N_("Immediately left of this card of the row."))
    ] = None,
    between: Annotated[
        tuple[str, str] | None,
        typer.Option("--between", help=N_("Between two adjacent cards of one line.")),
    ] = None,
) -> None:
    """The `game place` command (its help: GAME_PLACE_HELP)."""
    from generator.games.oucedonc.compare import Direction
    from generator.products.referee import moves

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
        from generator.core.refusal import Refusal
        from generator.games.oucedonc.refusals import Why

        raise Refusal(Why.SAY_WHERE)
    direction, anchor = given[0] if given else (None, None)
    _play(file, lambda game: _said(game.play(moves.place(game, card, direction, anchor, between))))


GAME_DOUBT_HELP = N_(
    "A player doubts the card just placed, against one of its neighbours."
    "\n\nExample: pnp oucedonc game doubt partie.json --by Ben --neighbour Lyon"
)


def game_doubt(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file."))],
    by: Annotated[str, typer.Option("--by", help=N_("The player who doubts."))],
    neighbour: Annotated[
        str,
        typer.Option(
            "--neighbour", help=N_("The neighbour of the card just placed to compare it with.")
        ),
    ],
) -> None:
    """The `game doubt` command (its help: GAME_DOUBT_HELP)."""
    from generator.products.referee import moves

    _play(file, lambda game: _said(game.play(moves.doubt(game, by, neighbour))))


GAME_COUNT_HELP = N_(
    "The interim (or final) count: check every arm from the start card and reward the estimates."
    "\n\nExample: pnp oucedonc game count partie.json --estimate Ana=2 --estimate Ben=0"
    " --estimate Chloé=1"
)


def game_count(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file."))],
    estimate: Annotated[
        list[str],
        typer.Option(
            "--estimate",
            help=N_("PLAYER=N, once for every player: the misplaced cards they expect."),
        ),
    ],
    next_start: Annotated[
        str | None,
        typer.Option(
            "--next-start",
            help=N_("After an interim count: the new start card turned over (else 'game start')."),
        ),
    ] = None,
) -> None:
    """The `game count` command (its help: GAME_COUNT_HELP)."""
    from generator.games.oucedonc.events import Counted
    from generator.products.referee import moves

    def count(game: Game) -> tuple[Game, str]:
        game, counted = game.play(moves.count(game, estimate))
        if next_start is None:
            return game, counted.text
        if isinstance(counted, Counted) and counted.final:
            raise UserError(_("that was the final count: the game is over; drop --next-start"))
        game, started = game.play(moves.start(game, next_start))
        return game, f"{counted.text}\n{started.text}"

    _play(file, count)


GAME_START_HELP = N_(
    "Record the start card turned over: at the start of the game, and after each interim count."
    "\n\nExample: pnp oucedonc game start partie.json Lyon"
)


def game_start(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file."))],
    card: Annotated[
        str, typer.Argument(metavar="CARD", help=N_("The start card turned over (name or id)."))
    ],
) -> None:
    """The `game start` command (its help: GAME_START_HELP)."""
    from generator.products.referee import moves

    _play(file, lambda game: _said(game.play(moves.start(game, card))))


GAME_INTERMEDE_HELP = N_(
    "An Intermède came before the referee expected it (a pack counted short): the count is due."
    "\n\nExample: pnp oucedonc game intermede partie.json"
)


def game_intermede(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file."))],
) -> None:
    """The `game intermede` command (its help: GAME_INTERMEDE_HELP)."""
    from generator.games.oucedonc.game import Intermede

    _play(file, lambda game: _said(game.play(Intermede())))


GAME_SHOW_HELP = N_(
    "Draw the table, whose turn it is, the tokens, the cards left and what is due."
    "\n\nExample: pnp oucedonc game show partie.json"
)


def game_show(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file."))],
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the position as one JSON object."))
    ] = False,
) -> None:
    """The `game show` command (its help: GAME_SHOW_HELP)."""
    from generator.products.referee.files import read_game

    game = read_game(file)
    if as_json:
        typer.echo(json_line(game.to_json()))
        return
    from generator.cli.common import data_console
    from generator.cli.oucedonc_board import show

    show(game, data_console(), one_line(file))


GAME_UNDO_HELP = N_(
    "Take back the last move (the file becomes exactly what it was before it)."
    "\n\nExample: pnp oucedonc game undo partie.json"
)


def game_undo(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Game file."))],
) -> None:
    """The `game undo` command (its help: GAME_UNDO_HELP)."""
    from generator.products.referee.moves import take_back

    _play(file, take_back)


game_app.command("new", help=GAME_NEW_HELP)(game_new)
game_app.command("place", help=GAME_PLACE_HELP)(game_place)
game_app.command("doubt", help=GAME_DOUBT_HELP)(game_doubt)
game_app.command("count", help=GAME_COUNT_HELP)(game_count)
game_app.command("start", help=GAME_START_HELP)(game_start)
game_app.command("intermede", help=GAME_INTERMEDE_HELP)(game_intermede)
game_app.command("show", help=GAME_SHOW_HELP)(game_show)
game_app.command("undo", help=GAME_UNDO_HELP)(game_undo)


def add_commands(group: typer.Typer) -> None:
    """Add `verify` and the `game` group to an `oucedonc` group (whoever creates it), once."""
    if any(info.name == "game" for info in group.registered_groups):
        return
    from generator.cli.oucedonc_play import PLAY_HELP, play

    group.command("verify", help=VERIFY_HELP)(verify)
    group.command("play", help=PLAY_HELP)(play)
    group.add_typer(game_app, name="game")


def register(app: typer.Typer) -> None:
    add_commands(oucedonc_app)
    if not any(info.typer_instance is oucedonc_app for info in app.registered_groups):
        app.add_typer(oucedonc_app, name="oucedonc")
