#!/usr/bin/env python3
"""Translation-speed benchmark: `ptx2metal compile` (PTX → MSL, end to end) against NVIDIA's
ptxas (PTX → SASS, default -O3) on the same files, in the same run.

Takes the N largest PTX modules of an extracted corpus (see tests/corpus/extract-corpus.sh) and,
for each, runs `ptx2metal compile FILE -o OUT.metal --stats` --repeat times: the whole-process
wall time (file read, parse, IR, passes, MSL written) of the best run, its peak resident memory
(ru_maxrss of that child alone) as a multiple of the input size, and ptxas's wall time.

    bench/compile-speed.py --ptx2metal build/tools/ptx2metal/ptx2metal [--corpus DIR] [--count 5]
        [--selection all|ten]

--selection ten keeps the ten libraries the corpus figures have always been given for
(docs/measurements.md: cuFFT, cuSPARSE, cuBLAS, cuBLASLt, cuSOLVER, NCCL, cuDNN ops/adv/cnn,
cuRAND); all (the default) takes every library directory under --corpus.
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# ptxas timing (incl. the PTX 9.1 → 9.0 header rewrite) is shared with the parse benchmark.
_spec = importlib.util.spec_from_file_location("parse_speed", Path(__file__).with_name("parse-speed.py"))
parse_speed = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(parse_speed)


# The library directories (extract-corpus.sh names them after the library file) of the
# ten-library selection.
TEN_LIBRARIES = ("libcufft.so", "libcusparse.so", "libcublas.so", "libcublasLt.so", "libcusolver.so",
                 "libnccl.so", "libcudnn_ops.so", "libcudnn_adv.so", "libcudnn_cnn.so", "libcurand.so")


def in_selection(path, corpus, selection):
    if selection == "all":
        return True
    library = path.relative_to(corpus).parts[0]
    return any(library.startswith(name + ".") for name in TEN_LIBRARIES)


def compile_run(tool, path, out):
    """Wall seconds, CPU seconds (user + system) and peak RSS (bytes) of one `ptx2metal
    compile` process. CPU time is what one core spends; on a busy machine wall time also
    counts the waits for a core."""
    start = time.perf_counter()
    proc = subprocess.Popen([tool, "compile", str(path), "-o", out], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: some kernels left out with a diagnostic, still a full run
        sys.exit(f"ptx2metal failed on {path} (exit {code}):\n{stderr[-2000:].decode(errors='replace')}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--corpus", default="/tmp/ptx-corpus")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-ptxas", action="store_true")
    ap.add_argument("--selection", choices=("all", "ten"), default="all")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    files = sorted((p for p in corpus.rglob("*.ptx") if in_selection(p, corpus, args.selection)),
                   key=lambda p: p.stat().st_size, reverse=True)
    seen, unique = set(), []
    for f in files:  # the same module can sit in several library directories
        if f.name not in seen:
            seen.add(f.name)
            unique.append(f)
    files = unique[: args.count]
    if not files:
        sys.exit(f"no PTX files under {args.corpus}; run tests/corpus/extract-corpus.sh first")
    print(f"{'module':<24} {'MB':>7} {'compile s':>9} {'MB/s':>7} {'CPU s':>7} {'MB/CPUs':>7} "
          f"{'peak RSS':>9} {'ptxas s':>8} {'ratio':>7}")
    total_mb = total_s = total_cpu = total_x = total_s_x = 0.0
    worst_rss = 0.0
    # Every ptx2metal run first, then ptxas: a child's peak RSS as the kernel reports it includes
    # the peak of the process it was spawned from (Linux carries the parent's high-water mark
    # over a vfork + exec), and rewriting a module's header for ptxas makes this script's own
    # peak several times the largest module.
    measured = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.metal")
        for path in files:
            runs = [compile_run(args.ptx2metal, path, out) for _ in range(args.repeat)]
            measured.append((path, min(r[0] for r in runs), min(r[1] for r in runs),
                             max(r[2] for r in runs) / path.stat().st_size))
    for path, seconds, cpu, rss in measured:
        mb = path.stat().st_size / 1e6
        worst_rss = max(worst_rss, rss)
        x, note = (None, "skipped") if args.no_ptxas else parse_speed.ptxas_time(path)
        total_mb += mb
        total_s += seconds
        total_cpu += cpu
        if x:
            total_x += x
            total_s_x += seconds
        ratio = f"{x / seconds:6.0f}x{note}" if x else "      -"
        xs = f"{x:8.2f}" if x else f"{'-':>8}"
        print(f"{path.name[:24]:<24} {mb:7.2f} {seconds:9.3f} {mb / seconds:7.1f} {cpu:7.3f} "
              f"{mb / cpu:7.1f} {rss:8.2f}x {xs} {ratio}")
    print(f"{'total':<24} {total_mb:7.2f} {total_s:9.3f} {total_mb / total_s:7.1f} {total_cpu:7.3f} "
          f"{total_mb / total_cpu:7.1f} {worst_rss:8.2f}x"
          + (f" {total_x:8.2f} {total_x / total_s_x:6.0f}x" if total_x else ""))
    print("peak RSS: the largest of the runs, as a multiple of the input size")
    print("* ptxas ran on a copy with the header rewritten to .version 9.0 / sm_120 (it rejects 9.1)")


if __name__ == "__main__":
    main()
