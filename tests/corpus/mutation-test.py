#!/usr/bin/env python3
"""Robustness test: feeds truncated and bit-flipped copies of the committed inputs (team PTX,
fatbins and object files) to `ptx2metal parse` and `ptx2metal extract --list`, and checks that
each run ends with status 0 or with status 1 and an `error:` diagnostic — never a signal, a
hang or another status. Deterministic: the mutations come from a fixed seed."""
import argparse
import os
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def mutations(data, rng, count):
    n = len(data)
    # Truncations at fixed fractions and at random points.
    for cut in sorted({n // 2, n // 3, (2 * n) // 3, n - 1, 1} | {rng.randrange(1, max(2, n)) for _ in range(count)}):
        if 0 < cut < n:
            yield f"trunc{cut}", data[:cut]
    for i in range(count):
        b = bytearray(data)
        for _ in range(rng.choice((1, 1, 2, 8))):
            pos = rng.randrange(n)
            b[pos] ^= 1 << rng.randrange(8)
        yield f"flip{i}", bytes(b)


def run(cmd, path):
    try:
        r = subprocess.run(cmd + [path], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return f"hang: {' '.join(cmd)} {path}"
    if r.returncode == 0:
        return None
    if r.returncode == 1 and b"error:" in r.stderr:
        return None
    if r.returncode < 0:
        return f"signal {-r.returncode}: {' '.join(cmd)} {path}"
    return f"status {r.returncode} without a diagnostic: {' '.join(cmd)} {path}\n{r.stderr[-500:]!r}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--per-file", type=int, default=12)
    ap.add_argument("--max-files", type=int, default=40)
    args = ap.parse_args()
    rng = random.Random(20261129)
    inputs = Path(args.inputs)
    ptx = sorted(inputs.glob("cuda/ptx/*.ptx")) + sorted(inputs.glob("ptx-handwritten/**/*.ptx"))
    binaries = sorted(p for p in inputs.glob("fatbin/**/*") if p.is_file() and p.suffix not in (".sh", ".md", ".cu", ".c", ".s", ".S", ".txt"))
    rng.shuffle(ptx)
    jobs = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind, files, cmd in (("ptx", ptx[: args.max_files], [args.ptx2metal, "parse"]),
                                 ("bin", binaries[: args.max_files], [args.ptx2metal, "extract", "--list"])):
            for f in files:
                data = f.read_bytes()
                if not data:
                    continue
                for tag, mutated in mutations(data, rng, args.per_file):
                    path = os.path.join(tmp, f"{f.name}.{tag}")
                    with open(path, "wb") as out:
                        out.write(mutated)
                    jobs.append((cmd, path))
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            failures = [r for r in pool.map(lambda j: run(*j), jobs) if r]
    for f in failures[:20]:
        print("FAIL", f)
    print(f"mutation runs: {len(jobs)} ({len(ptx[:args.max_files])} PTX files, {len(binaries[:args.max_files])} binaries); "
          f"{len(jobs) - len(failures)} passed, {len(failures)} failed")
    if not ptx or not binaries:
        print("error: no inputs found under", inputs)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
