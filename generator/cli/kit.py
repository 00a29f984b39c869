"""`pnp kit`: every game's material in one folder, with a gallery and a manifest.

Exit codes: 0 when every component was built; 2 when some failed for a reason the user can fix
(each failure is one line naming the component); 1 when a component hit a bug (its traceback
follows its line). The other components are built either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli import print_options
from generator.cli.common import MaterialLang, material_language, say
from generator.cli.print_options import (
    HomePaperOption,
    ImposedOption,
    InkLimitOption,
    InkOption,
    PngOption,
    ProfileOption,
    SeedOption,
)
from generator.core.i18n import N_, _, ngettext, number
from generator.core.text import terminal
from generator.render.paper import HomePaper
from generator.render.profile import Ink, Profile

if TYPE_CHECKING:
    from generator.kit.run import KitOutcome


def kit(
    out: Annotated[
        Path, typer.Option("--out", help=N_("Folder to write into (created if needed)."))
    ] = Path("output"),
    region: Annotated[
        str, typer.Option("--region", help=N_("Region of the Oucédonc deck."))
    ] = "france",
    paper: HomePaperOption = HomePaper.A4,
    seed: SeedOption = 1,
    profile: ProfileOption = Profile.HOME,
    ink_limit: InkLimitOption = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help=N_(
                "Write into a folder that holds other files and no kit manifest, replacing "
                "files of the kit's names (nothing else is deleted)."
            ),
        ),
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            show_default=False,
            help=N_(
                "Components built at once, each in its own process (default: one per CPU; "
                "1: one after the other). The files are the same whatever the number."
            ),
        ),
    ] = None,
    lang: MaterialLang = "fr",
    png: PngOption = None,
    imposed: ImposedOption = False,
    ink: InkOption = Ink.FULL,
    exports: Annotated[
        bool,
        typer.Option(
            "--exports",
            help=N_("Add every game as a Tabletop Simulator saved object, with how to import it."),
        ),
    ] = False,
) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from generator.kit.build import default_jobs
    from generator.kit.components import COMPONENTS
    from generator.kit.model import KitParams
    from generator.kit.run import make_kit

    chosen = print_options.profile(profile, ink_limit)
    print_options.face_files(False, False, None, imposed).check(chosen)  # before any build
    params = KitParams(
        out=out,
        region=region,
        paper=print_options.paper(paper),
        seed=seed,
        profile=chosen,
        force=force,
        language=material_language(lang),
        png=png,
        imposed=imposed,
        ink=ink,
        exports=exports,
    )
    components = tuple(c for c in COMPONENTS if c.in_kit(params))
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
        task = progress.add_task(_("starting"), total=None)
        started = False

        def on_step(label: str, total: int) -> None:
            nonlocal started
            if started:
                progress.advance(task)
            started = True
            progress.update(task, description=_step_label(label), total=total)

        outcome = make_kit(params, components, on_step=on_step, jobs=jobs or default_jobs())
        progress.advance(task)

    _report(outcome, len(components))
    failures = outcome.result.failures
    for failure in failures:
        line = _("pnp: error: {component} failed: {message}")
        say(line.format(component=_(failure.component), message=failure.message), err=True)
        if failure.details:
            typer.echo(terminal(failure.details.rstrip()), err=True)
    if failures:
        raise typer.Exit(1 if any(failure.is_bug for failure in failures) else 2)


def _step_label(label: str) -> str:
    """A step of :func:`generator.kit.run.make_kit` in the command line's language: a
    component's name, "thumbnails: FILE" or the last step (:data:`generator.kit.run.STEPS`)."""
    from generator.kit.run import THUMBNAILS_STEP

    if label.startswith(THUMBNAILS_STEP):
        return _("thumbnails: {file}").format(file=label[len(THUMBNAILS_STEP) :])
    return _(label)


def _report(outcome: KitOutcome, component_count: int) -> None:
    from rich.table import Table

    from generator.cli.common import data_console
    from generator.kit.gallery import human_size

    material = [fact for fact in outcome.facts if fact.built]
    console = data_console()
    if material:
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        table.add_column(_("file"), overflow="fold")
        table.add_column(_("pages"), justify="right")
        table.add_column(_("size"), justify="right")
        for fact in material:
            pages = number(fact.pdf.page_count) if fact.pdf else ""
            table.add_row(str(fact.path), pages, human_size(fact.size))
        console.print(table)
    built = component_count - len(outcome.result.failures)
    if component_count == 0:
        console.print(_("No game component is part of the kit yet."))
    components = ngettext(
        "{built} of {count} component built", "{built} of {count} components built", component_count
    ).format(built=number(built), count=number(component_count))
    files = ngettext("{count} file", "{count} files", len(material)).format(
        count=number(len(material))
    )
    say(
        _("{components}, {files}; open {index} in a browser (files listed in {manifest}).").format(
            components=components, files=files, index=outcome.index, manifest=outcome.manifest.name
        )
    )


def register(app: typer.Typer) -> None:
    app.command(
        "kit",
        help=N_(
            "Build the material of all five games into one folder, with index.html and "
            "manifest.json."
        ),
    )(kit)
