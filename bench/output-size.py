#!/usr/bin/env python3
"""Output size: the bytes `ptx2metal compile` writes (MSL + reflection) against the PTX bytes it
reads, summed over a set of modules (issue target: at most 1.0x).

    bench/output-size.py --ptx2metal build/tools/ptx2metal/ptx2metal DIR_OR_FILE... \
        [--every N] [--jobs J] [--largest K]

Directories are searched for *.ptx (an extracted corpus: `ptx2metal extract LIB -o DIR`, or
tests/inputs). --every N keeps every Nth file of the sorted list (a sample); --largest K the K
largest. Prints the totals, the ratio, and the support-library share of the MSL (everything
before the first function the emitter prints)."""
import argparse
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def measure(tool, path, tmp):
    msl, refl = tmp / f"{path.stem}.{abs(hash(str(path)))}.metal", tmp / f"{path.stem}.{abs(hash(str(path)))}.json"
    r = subprocess.run([tool, "compile", str(path), "-o", str(msl), "--reflection", str(refl)],
                       capture_output=True, text=True)
    if r.returncode not in (0, 1) or not msl.exists():
        return path, None
    text = msl.read_bytes()
    # The emitter's own code starts at the first function it prints.
    starts = [i for i in (text.find(b"\n// .entry "), text.find(b"\n// .func ")) if i >= 0]
    prelude = min(starts) if starts else len(text)
    sizes = (path.stat().st_size, len(text), refl.stat().st_size if refl.exists() else 0, prelude)
    msl.unlink()
    if refl.exists():
        refl.unlink()
    return path, sizes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--largest", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    files = []
    for i in args.inputs:
        p = Path(i)
        files.extend(sorted(p.rglob("*.ptx")) if p.is_dir() else [p])
    files = files[::args.every]
    if args.largest:
        files = sorted(files, key=lambda f: -f.stat().st_size)[:args.largest]
    tool = str(Path(args.ptx2metal).resolve())
    totals, failed = [0, 0, 0, 0], []
    with tempfile.TemporaryDirectory() as tmpdir, ThreadPoolExecutor(args.jobs) as pool:
        for path, sizes in pool.map(lambda f: measure(tool, f, Path(tmpdir)), files):
            if sizes is None:
                failed.append(path)
                continue
            totals = [a + b for a, b in zip(totals, sizes)]
    ptx, msl, refl, prelude = totals
    print(f"{len(files) - len(failed)} modules ({len(failed)} failed): PTX {ptx:,} B, MSL {msl:,} B "
          f"(support library {prelude:,} B, {100 * prelude / max(msl, 1):.0f}%), reflection {refl:,} B")
    print(f"output / PTX = {(msl + refl) / max(ptx, 1):.3f}x")
    return 1 if failed and len(failed) == len(files) else 0


if __name__ == "__main__":
    sys.exit(main())
