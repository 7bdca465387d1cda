#!/usr/bin/env python3
"""Translation over the real-world corpus: every PTX module of the CUDA libraries on this
machine (extracted with `ptx2metal extract`, deduplicated) through `ptx2metal compile --stats`.

Fails on any crash or hang (an exit status other than 0/1, or a batch past its time limit);
every kernel must either translate or be counted under the diagnostic that stopped it. Prints
kernels translated / total, the failures grouped by diagnostic, and the translation speed.
Skips (77) without /usr/local/cuda or in sanitizer builds."""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SKIP = 77
BATCH = 100


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--libdir", default="/usr/local/cuda/lib64")
    ap.add_argument("--corpus", help="an already extracted corpus directory (skips extraction)")
    args = ap.parse_args()
    if os.environ.get("P2M_SANITIZED", "none") not in ("", "none"):
        print("skipped: the whole-corpus translation does not run in sanitizer builds")
        return SKIP
    tmp = None
    if args.corpus:
        corpus = Path(args.corpus)
    else:
        libs = sorted(p for p in Path(args.libdir).glob("lib*.so*") if p.is_file() and not p.is_symlink()) \
            if Path(args.libdir).is_dir() else []
        if not libs:
            print(f"skipped: no CUDA libraries under {args.libdir}")
            return SKIP
        tmp = tempfile.TemporaryDirectory()
        corpus = Path(tmp.name)
        for lib in libs:
            subprocess.run([args.ptx2metal, "extract", str(lib), "-o", str(corpus / lib.name), "-q"],
                           capture_output=True)
    seen, files = set(), []
    for f in sorted(corpus.rglob("*.ptx")):
        if f.name not in seen:
            seen.add(f.name)
            files.append(f)
    batches = [files[i:i + BATCH] for i in range(0, len(files), BATCH)]

    def run(batch):
        try:
            r = subprocess.run([args.ptx2metal, "compile", "--stats", *map(str, batch)],
                               capture_output=True, text=True, timeout=1800)
        except subprocess.TimeoutExpired:
            return None, batch
        return r, batch

    translated = total = 0
    nbytes = 0
    seconds = 0.0
    reasons = Counter()
    failures = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for r, batch in pool.map(run, batches):
            if r is None:
                failures.append(f"time limit exceeded on a batch starting with {batch[0]}")
                continue
            if r.returncode not in (0, 1):
                failures.append(f"exit status {r.returncode} on a batch starting with {batch[0]}:\n{r.stderr[-2000:]}")
                continue
            m = re.search(r"kernels: (\d+) translated / (\d+) total", r.stderr)
            translated += int(m.group(1))
            total += int(m.group(2))
            nbytes += int(re.search(r"^bytes: (\d+)", r.stderr, re.M).group(1))
            seconds += float(re.search(r"^time: ([0-9.]+) s", r.stderr, re.M).group(1))
            for count, why in re.findall(r"^\s+(\d+)  (.*)$", r.stderr, re.M):
                reasons[why] += int(count)
    print(f"modules: {len(files)}")
    print(f"kernels: {translated} translated / {total} total ({100.0 * translated / max(total, 1):.1f}%)")
    for why, count in reasons.most_common():
        print(f"  {count:>7}  {why}")
    print(f"translation: {nbytes / 1e6:.1f} MB in {seconds:.1f} s of compile time "
          f"({nbytes / 1e6 / max(seconds, 1e-9):.1f} MB/s, two processes)")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
