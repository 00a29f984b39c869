"""Rebuild the CMYK output profile that the shop profile embeds in every PDF/X file.

    apt-get install icc-profiles-free argyll     # Debian: the FOGRA39L data and ArgyllCMS
    python scripts/build_icc_profile.py          # writes datasets/FOGRA39L-pnp.icc
    python scripts/build_icc_profile.py --check  # fail if a fresh build differs

The source is Fogra's characterization data set FOGRA39L (coated paper, offset printing to
ISO 12647-2, the condition French print shops quote as "ISO Coated v2 / Fogra39"), as shipped by
Debian's icc-profiles-free under the zlib licence. ArgyllCMS's ``colprof`` turns the 1617
measured patches into an ICC output profile (class ``prtr``, CMYK → Lab and back), with the
300 % total ink limit of ISO Coated v2 300 %. The header's creation date is set to the data set's
(December 2006) so the same inputs give the same bytes; the profile is shipped inside the
package so that every machine writes the same PDF/X files without a system package.
"""

from __future__ import annotations

import argparse
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path("/usr/share/color/icc/FOGRA39L.ti3")
TARGET = Path(__file__).resolve().parent.parent / "datasets" / "FOGRA39L-pnp.icc"
DESCRIPTION = "FOGRA39L coated offset (pnp build)"
COPYRIGHT = "zlib licence; built by pnp from Fogra's FOGRA39L data"
#: The header's date and time (ICC dateTimeNumber: year, month, day, hour, minute, second).
FIXED_DATE = (2006, 12, 1, 0, 0, 0)
COLPROF = (
    "colprof",
    "-qm",  # medium quality A2B (CMYK → Lab), the table a RIP or viewer uses on our CMYK
    "-bm",  # medium quality B2A (Lab → CMYK): what scripts/palette_cmyk.py suggests from
    "-nc",  # do not embed the measurement data
    # black generation: none in the lightest 30 % (bright colours stay clean), then rising to
    # 95 % at black: a medium GCR, as presses print
    "-kp",
    "0",
    ".3",
    ".95",
    ".95",
    "1",
    "-l300",  # total ink limit, as ISO Coated v2 300 %
    "-L98",  # black ink limit
    "-D",
    DESCRIPTION,
    "-C",
    COPYRIGHT,
    "-A",
    "pnp",
)


def build() -> bytes:
    if shutil.which("colprof") is None:
        sys.exit("colprof not found: apt-get install argyll")
    if not SOURCE.is_file():
        sys.exit(f"{SOURCE} not found: apt-get install icc-profiles-free")
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(SOURCE, Path(tmp) / "FOGRA39L.ti3")
        subprocess.run([*COLPROF, "FOGRA39L"], cwd=tmp, check=True, capture_output=True)
        data = bytearray((Path(tmp) / "FOGRA39L.icc").read_bytes())
    data[24:36] = struct.pack(">6H", *FIXED_DATE)
    if data[12:20] != b"prtrCMYK" or data[36:40] != b"acsp":
        sys.exit("colprof did not write a CMYK output profile")
    return bytes(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped profile")
    args = parser.parse_args()
    data = build()
    if args.check:
        if TARGET.read_bytes() != data:
            sys.exit(f"{TARGET} differs from a fresh build")
        print(f"{TARGET.name}: up to date ({len(data)} bytes)")
        return
    TARGET.write_bytes(data)
    print(f"wrote {TARGET} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
