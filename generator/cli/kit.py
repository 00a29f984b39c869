"""`pnp kit`: every game's material in one folder, with a gallery and a manifest.

Exit codes: 0 when every component was built; 2 when some failed for a reason the user can fix
(each failure is one line naming the component); 1 when a component hit a bug (its traceback
follows its line). The other components are built either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli.common import say
from generator.cli.print_options import InkLimitOption, ProfileOption
from generator.core.text import terminal
from generator.render.paper import HomePaper
from generator.render.profile import Profile

if TYPE_CHECKING:
    from generator.kit.run import KitOutcome


def kit(
    out: Annotated[
        Path, typer.Option("--out", help="Folder to write into (created if needed).")
    ] = Path("output"),
    region: Annotated[
        str, typer.Option("--region", help="Region of the Oucédonc deck.")
    ] = "france",
    paper: Annotated[
        HomePaper, typer.Option("--paper", case_sensitive=False, help="Paper: a4 or letter.")
    ] = HomePaper.A4,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of every random choice; same seed, same files.")
    ] = 1,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Write into a folder that holds other files and no kit manifest, replacing "
            "files of the kit's names (nothing else is deleted).",
        ),
    ] = False,
) -> None:
    """Build the material of all five games into one folder, with index.html and manifest.json."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from generator.kit.components import COMPONENTS
    from generator.kit.model import KitParams
    from generator.kit.run import make_kit

    components = tuple(c for c in COMPONENTS if profile.value in c.profiles)
    params = KitParams(
        out=out,
        region=region,
        paper=paper.value,
        seed=seed,
        profile=profile.value,
        ink_limit=ink_limit,
        force=force,
    )
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description:<32.32}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("starting", total=None)
        started = False

        def on_step(label: str, total: int) -> None:
            nonlocal started
            if started:
                progress.advance(task)
            started = True
            progress.update(task, description=label, total=total)

        outcome = make_kit(params, components, on_step=on_step)
        progress.advance(task)

    _report(outcome, len(components))
    failures = outcome.result.failures
    for failure in failures:
        say(f"pnp: error: {failure.component} failed: {failure.message}", err=True)
        if failure.details:
            typer.echo(terminal(failure.details.rstrip()), err=True)
    if failures:
        raise typer.Exit(1 if any(failure.is_bug for failure in failures) else 2)


def _report(outcome: KitOutcome, component_count: int) -> None:
    from rich.table import Table

    from generator.cli.common import data_console
    from generator.kit.gallery import human_size

    material = [fact for fact in outcome.facts if fact.built]
    console = data_console()
    if material:
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        table.add_column("file", overflow="fold")
        table.add_column("pages", justify="right")
        table.add_column("size", justify="right")
        for fact in material:
            table.add_row(
                str(fact.path), str(fact.pdf.page_count) if fact.pdf else "", human_size(fact.size)
            )
        console.print(table)
    built = component_count - len(outcome.result.failures)
    if component_count == 0:
        console.print("No game component is part of the kit yet.")
    say(
        f"{built} of {component_count} components built, {len(material)} files; "
        f"open {outcome.index} in a browser (files listed in {outcome.manifest.name})."
    )


def register(app: typer.Typer) -> None:
    app.command("kit")(kit)
