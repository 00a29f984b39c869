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
    from generator.games.oucedonc.compare import Line, Located
    from generator.games.oucedonc.deckfile import Deck
    from generator.games.oucedonc.events import Event
    from generator.games.oucedonc.gamefile import Game
    from generator.games.oucedonc.referee import BetweenGap, Gap
    from generator.games.oucedonc.rules import RuleOptions

E = TypeVar("E", bound=Enum)

game_app = typer.Typer(
    help=N_("Follow a whole game of Oucédonc in a game file (JSON journal of moves)."),
    no_args_is_help=True,
)


# The count rule's options, declared once: 'count' settles one count with them, 'game new'
# records them in the game file for all its counts.
EqualCoordinatesOption = Annotated[
    str,
    typer.Option("--equal-coordinates", help=N_("Equal printed values: well-placed or misplaced.")),
]
CountPrecedingOption = Annotated[
    str,
    typer.Option(
        "--count-preceding",
        help=N_(
            "Compare with the nearest card still on the table (on-table) or the original "
            "neighbour (original)."
        ),
    ),
]
ClosestTieOption = Annotated[
    str,
    typer.Option(
        "--closest-tie",
        help=N_("No exact estimate, several equally close: all win 1, or none."),
    ),
]
ExactTieOption = Annotated[
    str,
    typer.Option(
        "--exact-tie",
        help=N_("Several exact estimates: each of them wins 2, or everyone at the table wins 2."),
    ),
]


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
    "Settle a dispute: is A north / south / east / west of B, or between B and C, on the printed "
    "coordinates?"
    "\n\nThe direction in English or French: north-of, n, nord, au nord de; between B C, entre B "
    "et C (with --line: the column or the row they lie on)."
    "\n\nExit code 0 whatever the verdict; 2 on bad input."
    "\n\nExample: pnp oucedonc verify Brest west-of Rennes --deck output/oucedonc/oucedonc.json"
)


def verify(
    question: Annotated[
        list[str],
        typer.Argument(
            metavar=N_("A DIRECTION B"),
            help=N_(
                "The place or card in question (name or card id), where it is said to lie, and "
                "its neighbour: 'brest west-of rennes', 'brest ouest rennes', 'brest entre lyon "
                "paris'."
            ),
        ),
    ],
    deck: Annotated[
        Path | None,
        typer.Option(
            "--deck",
            help=N_("Deck file (.json next to the deck PDF): compare the printed coordinates."),
        ),
    ] = None,
    line: Annotated[
        str | None,
        typer.Option(
            "--line",
            metavar=N_("LINE"),
            help=N_(
                "For 'between': the line B and C lie on, column (north–south) or row (west–east)."
            ),
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
    from generator.core.i18n import cli_language
    from generator.games.oucedonc.compare import EqualCoordinates
    from generator.games.oucedonc.coords import parse_precision
    from generator.games.oucedonc.referee import Gap
    from generator.products.referee.verify import Judge, verdict_line, verify_words

    equal_rule = parse_choice(EqualCoordinates, equal, "--equal-coordinates")
    on_line = _line(line)
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
        judge = Judge(loaded, equal=equal_rule)
    else:
        printed = cli_language()  # as a deck in the command line's language would print them
        judge = Judge(None, parse_precision(precision or "minute"), equal_rule)
    result = verify_words(question, judge, on_line)
    if as_json:
        typer.echo(json_line(result.to_json()))
        return
    if isinstance(result, Gap):
        say(verdict_line(result.verdict.correct, result.verdict.a.name, result.verdict.direction,
                         result.verdict.b.name))  # fmt: skip
        points: tuple[Located, ...] = (result.verdict.a, result.verdict.b)
    else:
        say(between_line(result))
        points = (result.a, *result.anchors)
    from generator.games.oucedonc.coords import printed_coordinate

    for point in points:
        latitude, longitude = (
            printed_coordinate(text, printed) for text in (point.lat_text, point.lon_text)
        )
        say("  " + _("{name}: {lat}, {lon}").format(name=point.name, lat=latitude, lon=longitude))
    if isinstance(result, Gap):
        say(f"  {gap_words(result)}")
        return
    for side in result.sides:
        say(f"  {side_line(side)}")


def _line(text: str | None) -> Line | None:
    """``--line``: column or row, in either language's words."""
    if text is None:
        return None
    from generator.core.namekeys import name_key
    from generator.games.oucedonc.words import line_of

    found = line_of(name_key(text))
    if found is None:
        raise UserError(
            _("unknown --line value {text!r}; give column (north–south) or row (west–east)").format(
                text=text
            )
        )
    return found


def gap_words(gap: Gap) -> str:
    """``12′ of latitude apart, 22.2 km``, or how equal printed values were counted."""
    result = gap.verdict
    lat = result.direction.axis == "lat"
    if result.gap_units == 0:
        option = f"--equal-coordinates {gap.equal.value}"
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
        return how.format(option=option)
    return (
        _("{minutes} of latitude apart, {km} km")
        if lat
        else _("{minutes} of longitude apart, {km} km")
    ).format(minutes=_minutes_text(abs(result.gap_minutes)), km=_km(gap.km))


def between_line(result: BetweenGap) -> str:
    """``YES: Brest is between Lyon and Paris on the west–east row``."""
    from generator.games.oucedonc.compare import Line

    first, second = (anchor.name for anchor in result.anchors)
    if result.line is Line.COLUMN:
        if result.correct:
            text = _("YES: {a} is between {first} and {second} on the north–south column")
        else:
            text = _("NO: {a} is not between {first} and {second} on the north–south column")
    elif result.correct:
        text = _("YES: {a} is between {first} and {second} on the west–east row")
    else:
        text = _("NO: {a} is not between {first} and {second} on the west–east row")
    return text.format(a=result.a.name, first=first, second=second)


def side_line(side: Gap) -> str:
    """One side of a "between": ``west of Lyon: yes, 560′ (9°20′) of longitude apart, 709 km``."""
    from generator.games.oucedonc.wording import beside

    result = side.verdict
    where = beside(result.direction, result.b.name)
    if result.correct:
        return _("{where}: yes ({gap})").format(where=where, gap=gap_words(side))
    return _("{where}: no ({gap})").format(where=where, gap=gap_words(side))


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


# --------------------------------------------------------------------------- count


COUNT_HELP = N_(
    "Count a cross laid out on the table, without a game file: the cards set aside and why, and "
    "who wins what."
    "\n\nGive each arm's cards in the order they lie, from the start card outward. From the "
    "start card outward, a card out of place with the one before it is set aside, as in "
    "'game count'."
    "\n\nExample: pnp oucedonc count Lyon --north Paris,Marseille --west Brest --estimate Ana=1"
    " --estimate Ben=2 --deck output/oucedonc/oucedonc.json"
)


def _arm_option(arm: str) -> object:
    return typer.Option(
        f"--{arm}",
        metavar=N_("CARD,CARD"),
        help={
            "north": N_("The north arm's cards, comma-separated, from the start card outward."),
            "south": N_("The south arm's cards, from the start card outward."),
            "west": N_("The west arm's cards, from the start card outward."),
            "east": N_("The east arm's cards, from the start card outward."),
        }[arm],
    )


def count(
    start: Annotated[
        str, typer.Argument(metavar=N_("START"), help=N_("The start card (name or id)."))
    ],
    north: Annotated[str, _arm_option("north")] = "",
    south: Annotated[str, _arm_option("south")] = "",
    west: Annotated[str, _arm_option("west")] = "",
    east: Annotated[str, _arm_option("east")] = "",
    estimate: Annotated[
        list[str] | None,
        typer.Option(
            "--estimate",
            metavar=N_("PLAYER=N"),
            help=N_("A player's (or a team's) estimate, once for each: who wins what."),
        ),
    ] = None,
    deck: Annotated[
        Path | None,
        typer.Option("--deck", help=N_("Deck file (default output/oucedonc/oucedonc.json).")),
    ] = None,
    equal: EqualCoordinatesOption = "well-placed",
    preceding: CountPrecedingOption = "on-table",
    closest: ClosestTieOption = "all",
    exact_tie: ExactTieOption = "each",
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object."))] = False,
) -> None:
    """The `count` command (its help: COUNT_HELP)."""
    from generator.cli.common import data_console
    from generator.cli.oucedonc_board import count_table
    from generator.cli.oucedonc_play import DEFAULT_DECK
    from generator.games.oucedonc.table import Arm
    from generator.products.referee.count import count_cross
    from generator.products.referee.files import read_deck
    from generator.products.referee.moves import typed_estimates

    loaded = read_deck(deck or DEFAULT_DECK)
    options = rule_options(loaded, None, equal, preceding=preceding, closest=closest,
                           exact_tie=exact_tie)  # fmt: skip
    arms = {
        Arm.NORTH: _cards(north),
        Arm.SOUTH: _cards(south),
        Arm.WEST: _cards(west),
        Arm.EAST: _cards(east),
    }
    result = count_cross(loaded, start, arms, options, typed_estimates(estimate or ()))
    if as_json:
        typer.echo(json_line(result.to_json()))
        return
    console = data_console()
    from generator.cli.oucedonc_board import arm_cards_line

    for arm in Arm:
        console.print(arm_cards_line(arm.value, result.start, result.arms[arm]))
    console.print(count_table(result, _("count")))


def _cards(text: str) -> list[str]:
    """``Paris, Marseille``: an arm's cards, from the start card outward."""
    return [name.strip() for name in text.split(",") if name.strip()]


# --------------------------------------------------------------------------- game


GAME_NEW_HELP = N_(
    "Start a game with the printed deck: record the players and the start card turned over."
    "\n\nWith --deal the referee shuffles a virtual deck instead and deals every card itself."
    "\n\nExample: pnp oucedonc game new partie.json --deck output/oucedonc/oucedonc.json"
    " --players Ana,Ben,Chloé --start Lyon"
)


def game_new(
    file: Annotated[
        Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file to create (JSON)."))
    ],
    deck: Annotated[
        Path, typer.Option("--deck", help=N_("Deck file (.json next to the deck PDF)."))
    ],
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help=N_(
                "Players in playing order, comma-separated: Ana,Ben,Chloé; a team plays as one "
                "player, its members joined by +: Bleus=Ana+Ben,Chloé."
            ),
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
    equal: EqualCoordinatesOption = "well-placed",
    broke: Annotated[
        str,
        typer.Option(
            "--broke-payer",
            help=N_("A player owing a token with none left: pays nothing, or the bank pays."),
        ),
    ] = "nothing",
    preceding: CountPrecedingOption = "on-table",
    closest: ClosestTieOption = "all",
    exact_tie: ExactTieOption = "each",
    force: Annotated[
        bool, typer.Option("--force", help=N_("Overwrite an existing game file."))
    ] = False,
) -> None:
    """The `game new` command (its help: GAME_NEW_HELP)."""
    import secrets  # hmac, hashlib: for the seed of a dealt game only

    from generator.core.outputs import claim_new
    from generator.products.referee.files import read_deck, write_new_game
    from generator.products.referee.moves import new_game, seats

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
    typed = seats(players)
    game = new_game(
        loaded,
        typed.players,
        rule_options(loaded, tokens, equal, broke, preceding, closest, exact_tie),
        deal_seed=(seed if seed is not None else secrets.randbelow(1_000_000))
        if deal_mode
        else None,
        start_card=start_card,
        packs=packs,
        pack_size=pack_size,
        teams=typed.teams,
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
        players=", ".join(
            seat_name(player, setup.teams.get(player, ())) for player in setup.players
        ),
        packs=packs,
        tokens=tokens,
        how=how,
    )


def seat_name(player: str, members: tuple[str, ...]) -> str:
    """ "Chloé", or a team with its members: "Bleus (Ana, Ben)"."""
    if not members:
        return player
    return _("{team} ({members})").format(team=player, members=", ".join(members))


def rule_options(
    deck: Deck,
    tokens: int | None,
    equal: str,
    broke: str = "nothing",
    preceding: str = "on-table",
    closest: str = "all",
    exact_tie: str = "each",
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
    "\n\nWhere, as an option or in the session's words, English or French: 'brest n lyon', "
    "'brest ouest de rennes', 'brest entre lyon et paris'."
    "\n\nExample: pnp oucedonc game place partie.json Brest --north-of Lyon"
)


def game_place(
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file."))],
    card: Annotated[
        list[str],
        typer.Argument(
            metavar=N_("CARD [WHERE]"),
            help=N_(
                "The card the current player drew (name or id); without an option, followed by "
                "where it goes: n lyon, nord de lyon, entre lyon paris."
            ),
        ),
    ],
    north_of: Annotated[
        str | None,
        typer.Option(
            "--north-of", metavar=N_("CARD"), help=N_("Immediately above this card of the column.")
        ),
    ] = None,
    south_of: Annotated[
        str | None,
        typer.Option(
            "--south-of", metavar=N_("CARD"), help=N_("Immediately below this card of the column.")
        ),
    ] = None,
    east_of: Annotated[
        str | None,
        typer.Option(
            "--east-of", metavar=N_("CARD"), help=N_("Immediately right of this card of the row.")
        ),
    ] = None,
    west_of: Annotated[
        str | None,
        typer.Option(
            "--west-of", metavar=N_("CARD"), help=N_("Immediately left of this card of the row.")
        ),
    ] = None,
    between: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--between", metavar=N_("CARD CARD"), help=N_("Between two adjacent cards of one line.")
        ),
    ] = None,
) -> None:
    """The `game place` command (its help: GAME_PLACE_HELP)."""
    from generator.games.oucedonc.compare import Direction
    from generator.products.referee import moves, phrases

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
    typed = " ".join(card)
    if not given and between is None and phrases.says_where(typed):  # "brest n lyon"
        _play(file, lambda game: _said(game.play(phrases.placement(game, typed))))
        return
    if len(given) + (between is not None) != 1:
        from generator.core.refusal import Refusal
        from generator.games.oucedonc.refusals import Why

        raise Refusal(Why.SAY_WHERE)
    direction, anchor = given[0] if given else (None, None)
    _play(file, lambda game: _said(game.play(moves.place(game, typed, direction, anchor, between))))


GAME_DOUBT_HELP = N_(
    "A player doubts the card just placed, against one of its neighbours."
    "\n\nExample: pnp oucedonc game doubt partie.json --by Ben --neighbour Lyon"
)


def game_doubt(
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file."))],
    by: Annotated[
        str, typer.Option("--by", metavar=N_("PLAYER"), help=N_("The player who doubts."))
    ],
    neighbour: Annotated[
        str,
        typer.Option(
            "--neighbour",
            metavar=N_("CARD"),
            help=N_("The neighbour of the card just placed to compare it with."),
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
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file."))],
    estimate: Annotated[
        list[str],
        typer.Option(
            "--estimate",
            metavar=N_("PLAYER=N"),
            help=N_("PLAYER=N, once for every player: the misplaced cards they expect."),
        ),
    ],
    next_start: Annotated[
        str | None,
        typer.Option(
            "--next-start",
            metavar=N_("CARD"),
            help=N_("After an interim count: the new start card turned over (else 'game start')."),
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print what the count did as one JSON object."))
    ] = False,
) -> None:
    """The `game count` command (its help: GAME_COUNT_HELP)."""
    from generator.cli.common import data_console
    from generator.cli.oucedonc_board import counted as counted_view
    from generator.games.oucedonc.events import Counted, Started
    from generator.products.referee import moves
    from generator.products.referee.files import update_game

    def count(game: Game) -> tuple[Game, tuple[Counted, Started | None]]:
        game, event = game.play(moves.count(game, estimate))
        assert isinstance(event, Counted)
        if next_start is None:
            return game, (event, None)
        if event.final:
            raise UserError(_("that was the final count: the game is over; drop --next-start"))
        game, started = game.play(moves.start(game, next_start))
        assert isinstance(started, Started)
        return game, (event, started)

    game, (event, started) = update_game(file, count)
    if as_json:
        said = event.to_json()
        if started is not None:
            said["next_start"] = started.to_json()
        typer.echo(json_line(said))
        return
    data_console().print(counted_view(event))
    _report(game, "" if started is None else started.text, file)


GAME_START_HELP = N_(
    "Record the start card turned over: at the start of the game, and after each interim count."
    "\n\nExample: pnp oucedonc game start partie.json Lyon"
)


def game_start(
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file."))],
    card: Annotated[
        str, typer.Argument(metavar=N_("CARD"), help=N_("The start card turned over (name or id)."))
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
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file."))],
) -> None:
    """The `game intermede` command (its help: GAME_INTERMEDE_HELP)."""
    from generator.games.oucedonc.game import Intermede

    _play(file, lambda game: _said(game.play(Intermede())))


GAME_SHOW_HELP = N_(
    "Draw the table, whose turn it is, the tokens, the cards left and what is due."
    "\n\nExample: pnp oucedonc game show partie.json"
)


def game_show(
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file."))],
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
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("Game file."))],
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
    group.command("count", help=COUNT_HELP)(count)
    group.command("play", help=PLAY_HELP)(play)
    group.add_typer(game_app, name="game")


def register(app: typer.Typer) -> None:
    add_commands(oucedonc_app)
    if not any(info.typer_instance is oucedonc_app for info in app.registered_groups):
        app.add_typer(oucedonc_app, name="oucedonc")
