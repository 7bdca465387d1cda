#!/usr/bin/env python3
"""Parse-speed benchmark: ptx2metal's front end against NVIDIA's ptxas on the same files.

Takes the N largest PTX modules of an extracted corpus (see tests/corpus/extract-corpus.sh),
times `ptx2metal parse --stats` on each (best of --repeat runs; the tool reports time spent
parsing, on one core, excluding the file read) and `ptxas` (default -O3, whole-process wall
time) on the same file in the same run, and prints MB/s and the ratio.

    bench/parse-speed.py --ptx2metal build/tools/ptx2metal/ptx2metal [--corpus DIR] [--count 5]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def parse_time(tool, path, repeat):
    best = None
    for _ in range(repeat):
        out = subprocess.run([tool, "parse", "--stats", str(path)], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"ptx2metal failed on {path}:\n{out.stderr[:2000]}")
        seconds = float(re.search(r"parse time: ([0-9.]+) s", out.stderr).group(1))
        best = seconds if best is None else min(best, seconds)
    return best


def ptxas_time(path):
    """Wall time of ptxas on the file. CUDA 13.0's ptxas stops at PTX ISA 9.0: a 9.1 module
    is retried from a copy whose header says .version 9.0 / sm_120 (marked '*' in the table)."""
    text = path.read_text(errors="replace")
    target = re.search(r"^\s*\.target\s+(\w+)", text, re.M).group(1)
    with tempfile.TemporaryDirectory() as tmp:
        source, note = str(path), ""
        for attempt in range(2):
            start = time.perf_counter()
            out = subprocess.run(["ptxas", f"-arch={target}", source, "-o", os.path.join(tmp, "out.cubin")],
                                 capture_output=True, text=True)
            elapsed = time.perf_counter() - start
            if out.returncode == 0 or attempt == 1 or "version" not in out.stderr.lower():
                break
            source, note, target = os.path.join(tmp, "downgraded.ptx"), "*", "sm_120"
            header_end = text.find(".address_size")
            head = re.sub(r"\.version\s+9\.1", ".version 9.0", text[:header_end])
            head = re.sub(r"sm_121a?", "sm_120", head)
            Path(source).write_text(head + text[header_end:])
    if out.returncode != 0:
        return None, out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"
    return elapsed, note


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--corpus", default="/tmp/ptx-corpus")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-ptxas", action="store_true")
    args = ap.parse_args()
    files = sorted(Path(args.corpus).rglob("*.ptx"), key=lambda p: p.stat().st_size, reverse=True)[: args.count]
    if not files:
        sys.exit(f"no PTX files under {args.corpus}; run tests/corpus/extract-corpus.sh first")
    print(f"{'module':<40} {'MB':>7} {'parse s':>8} {'MB/s':>7} {'ptxas s':>8} {'ptxas MB/s':>10} {'ratio':>7}")
    total_mb = total_parse = total_ptxas = total_mb_ptxas = total_parse_ptxas = 0.0
    for path in files:
        mb = path.stat().st_size / 1e6
        p = parse_time(args.ptx2metal, path, args.repeat)
        x, err = (None, "skipped") if args.no_ptxas else ptxas_time(path)
        total_mb += mb
        total_parse += p
        ratio = f"{x / p:6.0f}x{err}" if x else "      -"
        xs = f"{x:8.2f}" if x else f"{'-':>8}"
        xr = f"{mb / x:10.2f}" if x else f"{(err or '')[:10]:>10}"
        if x:
            total_ptxas += x
            total_mb_ptxas += mb
            total_parse_ptxas += p
        print(f"{path.name[:40]:<40} {mb:7.2f} {p:8.3f} {mb / p:7.1f} {xs} {xr} {ratio}")
    print(f"{'total':<40} {total_mb:7.2f} {total_parse:8.3f} {total_mb / total_parse:7.1f}"
          + (f" {total_ptxas:8.2f} {total_mb_ptxas / total_ptxas:10.2f} {total_ptxas / total_parse_ptxas:6.0f}x"
             if total_ptxas else ""))
    print("* ptxas ran on a copy with the header rewritten to .version 9.0 / sm_120 (it rejects 9.1)")


if __name__ == "__main__":
    main()
