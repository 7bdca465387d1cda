#!/usr/bin/env python3
"""Corpus test: every PTX module in the CUDA libraries installed on this machine.

Extracts every distinct PTX text with `ptx2metal extract`, parses each with
`ptx2metal parse --check-round-trip`, and fails on any extraction failure, parse error or
unstable printing. Skips (exit 77, meson's skip status) when /usr/local/cuda/lib64 is absent
or in sanitizer builds. Prints per-library counts and totals."""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SKIP = 77


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--libdir", default="/usr/local/cuda/lib64")
    ap.add_argument("--keep", help="extract into this directory and keep it")
    args = ap.parse_args()
    if os.environ.get("P2M_SANITIZED", "none") not in ("", "none"):
        print("skipped: the whole-corpus test does not run in sanitizer builds")
        return SKIP
    libdir = Path(args.libdir)
    libs = sorted(p for p in libdir.glob("lib*.so*") if p.is_file() and not p.is_symlink()) if libdir.is_dir() else []
    if not libs:
        print(f"skipped: no CUDA libraries under {libdir} (the corpus test needs a CUDA toolkit)")
        return SKIP
    tmp = None if args.keep else tempfile.TemporaryDirectory()
    out = Path(args.keep or tmp.name)
    failures = 0
    total_files = total_bytes = 0
    start = time.perf_counter()

    def extract(lib):
        dest = out / lib.name
        r = subprocess.run([args.ptx2metal, "extract", str(lib), "-o", str(dest)], capture_output=True, text=True)
        return lib, dest, r

    with ThreadPoolExecutor(max_workers=2) as pool:
        extracted = list(pool.map(extract, libs))
    print(f"{'library':<40} {'PTX':>6} {'MB':>9} {'parse':>8}")
    for lib, dest, r in extracted:
        if r.returncode != 0:
            print(f"FAIL extract {lib}:\n{r.stderr[-2000:]}")
            failures += 1
            continue
        files = sorted(dest.glob("*.ptx"))
        if not files:
            continue
        size = sum(f.stat().st_size for f in files)
        # Parse in batches so one process handles many modules.
        bad = 0
        batches = [files[i:i + 200] for i in range(0, len(files), 200)]

        def parse(batch):
            return subprocess.run([args.ptx2metal, "parse", "--check-round-trip"] + [str(f) for f in batch],
                                  capture_output=True, text=True)

        with ThreadPoolExecutor(max_workers=2) as pool:
            for res in pool.map(parse, batches):
                if res.returncode != 0:
                    bad += sum(1 for line in res.stderr.splitlines() if ": error:" in line)
                    print(res.stderr[:3000])
        failures += bad
        total_files += len(files)
        total_bytes += size
        print(f"{lib.name:<40} {len(files):>6} {size / 1e6:>9.1f} {'ok' if bad == 0 else f'{bad} err':>8}")
    elapsed = time.perf_counter() - start
    print(f"{'total':<40} {total_files:>6} {total_bytes / 1e6:>9.1f}   ({elapsed:.0f} s)")
    print(f"corpus: {total_files - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
