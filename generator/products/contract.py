"""The product contract: ``Options`` → ``build(options)`` → :class:`Built` → :func:`write`.

Everything a user builds (a deck, a board, a game's sheets, the calibration sheet) has the same
shape:

* its **options**, a frozen dataclass of objects parsed once by the front-end (a
  :class:`~generator.render.paper.Paper`, a :class:`~generator.render.duplex.Duplex`, a
  :class:`~generator.render.profile.PrintProfile`, a
  :class:`~generator.render.card_size.CardSize`, a
  :class:`~generator.render.card_size.BackOffset`, a language), never text to parse again;
* ``build(options)`` makes everything **in memory** and checks it: a :class:`Built` holds each
  file's bytes with its name and kind, each PDF's page count, the decks as faces (the table of
  decks' :class:`~generator.render.deck.CardDeck`) and the product's own facts (an Oucédonc
  deck's :class:`~generator.games.oucedonc.deckfile.Deck`). Nothing is written;
* :func:`write` is the one way files reach the disk, for every product: each name is claimed
  first by the overwrite rule of :mod:`generator.core.outputs` (pnp replaces its own files,
  yours only with ``force``), then a single file is written atomically and several go through a
  staging folder, renamed into place only when all are written. Card-face images left in a face
  folder by an earlier, larger deck are removed (only pnp's own).

A product whose ``out`` is a file (``--out deck.pdf``) names its other files after it: a
:class:`Built`'s ``main`` is that file's name as built (``oucedonc.pdf``), and every other file
starts with its stem (``oucedonc.json``, ``oucedonc_png/P01_front.png``), which becomes
``out``'s (``deck.json``, ``deck_png/P01_front.png``). A shop deck asked for no imposed sheets
writes no file of ``main``'s name: its stem still names the others (``deck-faces.pdf``). A
product whose ``out`` is a folder has no ``main``. :class:`Product` ties a product's key, game,
builder and decks together; the table of products and decks is
:mod:`generator.products.catalog`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Generic, TypeVar

from msgspec import Struct

from generator.core.errors import UserError
from generator.core.i18n import N_, _, translate_cli
from generator.core.outputs import Output, Recogniser, is_pnp_pdf, is_pnp_png
from generator.products.options import DeckFormat
from generator.render.deck import CardDeck
from generator.render.document import PdfDocument

Opts = TypeVar("Opts")  # a product's options
D = TypeVar("D", covariant=True)  # a product's own facts


class FileKind(Struct, frozen=True):
    """What a file is (``what``, for messages) and how to tell that one at its name is pnp's."""

    what: str  # N_-marked: "PDF", "deck file"
    is_ours: Recogniser
    announce: str = N_("wrote {path}")  # what the command line says once it is written


PDF = FileKind(N_("PDF"), is_pnp_pdf)
FACE_PNG = FileKind(N_("card face PNG"), is_pnp_png)


# A dataclass, not a Struct: its repr leaves out the bytes (repr=False), which a msgspec
# Struct cannot say of one field.
@dataclass(frozen=True)
class BuiltFile:
    """One file in memory: ``name`` relative to where the product is written (POSIX form)."""

    name: str
    kind: FileKind
    data: bytes = field(repr=False)
    pages: int = 0  # a PDF's pages


class Built(Struct, Generic[D], frozen=True):
    """A product made in memory and checked; :func:`write` puts it on disk."""

    product: str  # its key in the table of products
    files: tuple[BuiltFile, ...]
    detail: D  # the product's own facts (an Oucédonc deck's Deck; None for most)
    decks: tuple[CardDeck, ...] = ()  # the decks it prints, as faces
    main: str = ""  # the name ``out`` gives (its stem names every file); "": ``out`` is a folder
    # (a shop deck without --imposed writes no file of that name: its faces files carry it)
    note: str = ""  # a line for the user (a smaller default deck…), in the CLI's language

    def __post_init__(self) -> None:
        names = [file.name for file in self.files]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.product}: two files of the same name")
        stem = PurePosixPath(self.main).stem
        if self.main and not all(n.startswith(stem) for n in names):
            raise ValueError(f"{self.product}: every file is named after {self.main}")

    def file(self, name: str) -> BuiltFile:
        for built in self.files:
            if built.name == name:
                return built
        raise KeyError(f"{self.product} built no {name}")

    def deck(self, key: str) -> CardDeck:
        for deck in self.decks:
            if deck.key == key:
                return deck
        raise KeyError(f"{self.product} holds no deck {key}")

    @property
    def pages(self) -> int:
        """The pages of the main file (of the first PDF when it has none or ``out`` is a
        folder)."""
        names = {file.name for file in self.files}
        if self.main in names:
            return self.file(self.main).pages
        return next((file.pages for file in self.files if file.kind is PDF), 0)


class Written(Struct, Generic[D], frozen=True):
    """Where a :class:`Built` went: ``paths[i]`` holds ``built.files[i]``."""

    built: Built[D]
    paths: tuple[Path, ...]

    def path(self, name: str) -> Path:
        """Where the file built as ``name`` was written."""
        for built, path in zip(self.built.files, self.paths, strict=True):
            if built.name == name:
                return path
        raise KeyError(f"{self.built.product} built no {name}")

    def of_kind(self, kind: FileKind) -> tuple[Path, ...]:
        """Where the files of ``kind`` went, in order."""
        return tuple(
            path
            for built, path in zip(self.built.files, self.paths, strict=True)
            if built.kind is kind
        )


# --------------------------------------------------------------------------------- writing


def check_out(out: Path, main: str, kind: FileKind = PDF, force: bool = False) -> None:
    """Before building: ``out`` can name a product whose main file is ``main`` ("" for a
    folder): a folder or nothing; else a name with ``main``'s suffix in a folder pnp may write
    into. Whether a file there may be replaced is asked by :func:`write` of the files the build
    makes, before any is written: a shop deck without ``--imposed`` writes its faces files
    beside ``out`` and leaves a file at ``out`` itself alone."""
    from generator.core.outputs import require_folder, require_parent

    if not main:
        require_folder(out)
        return
    _require_suffix(out, main, kind)
    require_parent(out)


def _require_suffix(out: Path, main: str, kind: FileKind) -> None:
    from generator.core.atomic import lstat_or_none, require_replaceable

    require_replaceable(out, lstat_or_none(out, N_("write")))  # a folder: say so first
    suffix = PurePosixPath(main).suffix
    if out.suffix.lower() != suffix:
        raise UserError(
            _(
                "output {path} must end in {suffix}; give the {what} file to write, e.g. --out "
                "{example}"
            ).format(path=out, suffix=suffix, what=translate_cli(kind.what), example=main)
        )


def _targets(built: Built[D], out: Path) -> tuple[Path, tuple[Path, ...]]:
    """The folder ``built`` goes into and each file's path."""
    if not built.main:
        return out, tuple(out / file.name for file in built.files)
    kind = next((file.kind for file in built.files if file.name == built.main), PDF)
    _require_suffix(out, built.main, kind)
    folder = out.parent
    cut = len(PurePosixPath(built.main).stem)
    return folder, tuple(folder / f"{out.stem}{file.name[cut:]}" for file in built.files)


def write(built: Built[D], out: Path, force: bool = False) -> Written[D]:
    """Write ``built`` to ``out`` (its main file's name, or the folder of a product without
    one); nothing is written unless every name may be (see the module's docstring)."""
    from generator.core.atomic import write_bytes
    from generator.core.outputs import claim, publish, require_folder, require_inside, staging

    folder, paths = _targets(built, out)
    pairs = list(zip(built.files, paths, strict=True))
    outputs = {path: Output(path, file.kind.is_ours, file.kind.what) for file, path in pairs}
    faces = sorted({path.parent for file, path in pairs if file.kind is FACE_PNG})
    if not built.main:
        require_folder(folder)
    for face_folder in faces:
        require_folder(face_folder, _("the PNG faces' folder"))
        require_inside(folder, face_folder)  # pnp names it: never followed out (stale faces go)
    claim(outputs.values(), force)
    if len(pairs) == 1:
        write_bytes(paths[0], built.files[0].data)
    else:
        with staging(folder) as stage:
            staged = [
                write_bytes(stage / path.relative_to(folder), file.data) for file, path in pairs
            ]
            publish(stage, folder, staged, force, outputs.__getitem__)
    for face_folder in faces:
        remove_stale_faces(face_folder, set(paths))
    return Written(built, paths)


#: The names :mod:`generator.render.deck_files` gives face images.
FACE_NAME = re.compile(r"^(?:[A-Z]+\d+_(?:front|back)|back-[a-z0-9-]+)\.png$")


def remove_stale_faces(folder: Path, current: set[Path]) -> None:
    """Face images left in ``folder`` by an earlier, larger deck (``P64_front.png``…) would be
    sent to the print shop with this one; only files named like a face that pnp wrote go."""
    from generator.core.outputs import is_pnp_png

    for path in folder.iterdir():
        if (
            FACE_NAME.match(path.name)
            and path not in current
            and path.is_file()
            and not path.is_symlink()
            and is_pnp_png(path)
        ):
            path.unlink()


# --------------------------------------------------------------------------------- products


class Product(Struct, Generic[Opts, D], frozen=True):
    """One thing a user builds: its key, its game (a :class:`~generator.games.catalog.GameInfo`
    key; "" for the calibration sheet), how to build it, the name its ``out`` takes (a
    function of its options; None: ``out`` is a folder) and, for a product that prints decks,
    its decks alone (cheap: painters, no PDF) and their keys in the table of decks, and the
    options that give those decks in a :class:`~generator.products.options.DeckFormat` (what an
    export asks: a card size, a bleed, a language)."""

    key: str
    game: str
    build: Callable[[Opts], Built[D]]
    main: Callable[[Opts], str] | None = None
    decks: Callable[[Opts], tuple[CardDeck, ...]] | None = None
    deck_keys: tuple[str, ...] = ()
    main_kind: FileKind = PDF
    deck_options: Callable[[DeckFormat], Opts] | None = None

    def decks_in(self, fmt: DeckFormat) -> tuple[CardDeck, ...]:
        """The product's decks in the format ``fmt``, at its default options otherwise (none for
        a product that prints no deck)."""
        if self.decks is None or self.deck_options is None:
            return ()
        return self.decks(self.deck_options(fmt))

    def make(self, options: Opts, out: Path, force: bool = False) -> Written[D]:
        """Check ``out``, build, write: what the command line and the kit do."""
        check_out(out, self.main(options) if self.main else "", self.main_kind, force)
        return write(self.build(options), out, force)


def pdf_file(name: str, document: PdfDocument) -> BuiltFile:
    """A :class:`~generator.render.document.PdfDocument`, finished, as a built PDF."""
    data = document.to_bytes()
    return BuiltFile(name, PDF, data, document.pages)
