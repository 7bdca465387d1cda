#!/usr/bin/env python3
"""Translates a fixed set of PTX files with one ptx2metal binary into OUT: the MSL, the reflection
and the diagnostics (with the tree's path replaced in all three, so two trees compare) of every PTX file under
tests/ and bench/ of TREE, and of up to 5 modules under 3 MB of each library of an extracted
corpus (tests/corpus/extract-corpus.sh), spread over their sizes. Two such directories, one from
the build before a change and one after, compare with `diff -r A B`: how a change that must not
alter the output (a speed change, a refactoring) is checked beyond the snapshot tests.

    scripts/same-output.py PTX2METAL TREE OUT [--corpus DIR] [--jobs N]
"""
import argparse
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def inputs(tree, corpus):
    files = sorted(p for d in ("tests", "bench") for p in (tree / d).rglob("*.ptx"))
    if corpus.is_dir():
        for library in sorted(corpus.iterdir()):
            modules = sorted((p for p in library.glob("*.ptx") if p.stat().st_size < 3_000_000),
                             key=lambda p: p.stat().st_size)
            if modules:
                files += modules[::max(1, len(modules) // 5)][:5]
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ptx2metal")
    ap.add_argument("tree", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--corpus", type=Path, default=Path("/tmp/ptx-corpus"))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    files = inputs(args.tree.resolve(), args.corpus)
    args.out.mkdir(parents=True, exist_ok=True)

    def translate(numbered):
        i, path = numbered
        stem = args.out / f"{i:04d}-{path.stem}"
        run = subprocess.run([args.ptx2metal, "compile", str(path), "-o", f"{stem}.metal", "--reflection",
                              f"{stem}.json"], capture_output=True)
        tree = str(args.tree.resolve()).encode()
        log = run.stderr.replace(tree, b"TREE")
        Path(f"{stem}.log").write_bytes(log + f"\nexit {run.returncode}\n".encode())
        for written in (Path(f"{stem}.metal"), Path(f"{stem}.json")):  # both name their input
            if written.exists():
                written.write_bytes(written.read_bytes().replace(tree, b"TREE"))

    with ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(translate, enumerate(files)))
    print(f"{len(files)} translations into {args.out}")


if __name__ == "__main__":
    main()
