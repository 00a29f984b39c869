"""Benchmark: stream a GeoNames-format dump from inside its zip, filtered to one country.

    python benchmarks/bench_geonames_stream.py [--rows 1000000 12000000] [--country FR] [--folder
    /tmp]

For each row count, writes a synthetic dump zip (19 tab-separated columns, no header, about
125 bytes a row like allCountries.txt; deflate level 1) into --folder, then measures in a
FRESH Python process (so the peak is the streaming's own): rows per second through
:func:`generator.geo.sources.geonames.read_dump`, places kept, and the peak resident memory
(ru_maxrss) against the same process's memory before streaming. Memory must stay flat as the
file grows. The dump files are deleted afterwards (--keep keeps them). Check the free space
first: 12 M rows are about 1.5 GB uncompressed, 0.5 GB zipped.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import resource
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COUNTRIES = (
    ["FR"] * 6
    + ["US"] * 20
    + ["CN"] * 10
    + ["IN"] * 8
    + ["RU"] * 6
    + ["DE", "IT", "ES", "GB", "BR", "MX", "CA", "JP", "NO", "SE", "PL", "TR", "IR", "ID", "AU"] * 3
)
FEATURES = [("P", "PPL")] * 30 + [
    ("P", "PPLA3"),
    ("P", "PPLX"),
    ("S", "SCH"),
    ("S", "CH"),
    ("S", "CSTL"),
    ("H", "STM"),
    ("H", "LK"),
    ("T", "MT"),
    ("T", "HLL"),
    ("T", "PK"),
    ("L", "PRK"),
    ("V", "FRST"),
    ("A", "ADM4"),
    ("S", "FRM"),
    ("H", "SPNG"),
] * 2
SYLLABLES = [
    "ber",
    "ville",
    "mont",
    "san",
    "la",
    "ko",
    "ta",
    "ri",
    "ch",
    "stad",
    "burg",
    "ham",
    "o",
    "ne",
]


def _name(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()


def _template(rng: random.Random) -> str:
    """Every column after geonameid, for one synthetic row."""
    name = _name(rng)
    alternates = ",".join(_name(rng) for _ in range(rng.choice((0, 0, 1, 2, 3, 5, 9))))
    feature_class, feature_code = rng.choice(FEATURES)
    country = rng.choice(COUNTRIES)
    population = rng.choice((0, 0, 0, rng.randint(100, 2_000_000)))
    columns = [
        name,
        name.lower(),
        alternates,
        f"{rng.uniform(-60, 70):.5f}",
        f"{rng.uniform(-180, 180):.5f}",
        feature_class,
        feature_code,
        country,
        "",
        f"{rng.randint(1, 99):02d}",
        f"{rng.randint(1, 999)}",
        "",
        "",
        str(population),
        "",
        str(rng.randint(0, 3000)),
        "Europe/Paris",
        f"2024-03-0{rng.randint(1, 9)}",
    ]
    return "\t".join(columns)


def generate(path: Path, rows: int, seed: int = 1) -> float:
    """Write a dump zip of ``rows`` rows; returns the seconds it took."""
    rng = random.Random(seed)
    templates = [_template(rng) for _ in range(20_000)]
    start = time.perf_counter()
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive,
        archive.open(f"{path.stem}.txt", "w", force_zip64=True) as raw,
    ):
        text = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
        batch = 50_000
        for first in range(0, rows, batch):
            text.write(
                "".join(
                    f"{first + i + 1}\t{templates[rng.randrange(20_000)]}\n"
                    for i in range(min(batch, rows - first))
                )
            )
        text.flush()
        text.detach()
    return time.perf_counter() - start


def measure(path: Path, country: str) -> dict[str, float]:
    """Stream the dump in this process; the caller runs this in a fresh interpreter."""
    from generator.geo.sources.geonames import read_dump

    before_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    kept = sum(1 for _ in read_dump(path, country))
    seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "seconds": seconds,
        "kept": kept,
        "before_mb": before_kb / 1024,
        "peak_mb": peak_kb / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1_000_000, 12_000_000])
    parser.add_argument("--country", default="FR")
    parser.add_argument("--folder", type=Path, default=Path("/tmp"))
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.country)))
        return

    for rows in args.rows:
        path = args.folder / f"pnp-bench-geonames-{rows}.zip"
        needed = rows * 60  # zipped bytes, generous
        if shutil.disk_usage(args.folder).free < needed * 2:
            sys.exit(f"not enough free space in {args.folder} for {rows:,} rows")
        try:
            made = generate(path, rows)
            size = path.stat().st_size
            with zipfile.ZipFile(path) as archive:
                text_size = archive.infolist()[0].file_size
            done = subprocess.run(
                [sys.executable, __file__, "--measure", str(path), "--country", args.country],
                capture_output=True,
                text=True,
                check=True,
            )
            result = json.loads(done.stdout)
            print(
                f"{rows:>11,} rows ({text_size / 1e9:.2f} GB text, {size / 1e9:.2f} GB zip, "
                f"generated in {made:.0f} s): {rows / result['seconds']:,.0f} rows/s "
                f"({result['seconds']:.1f} s), {result['kept']:,} {args.country} places kept; peak "
                f"RSS {result['peak_mb']:.0f} MB (before streaming {result['before_mb']:.0f} MB)"
            )
        finally:
            if not args.keep:
                path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
