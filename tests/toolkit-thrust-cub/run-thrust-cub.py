#!/usr/bin/env python3
"""Debian's Thrust and CUB (libthrust-dev, libcub-dev: /usr/include/thrust, /usr/include/cub)
through the toolkit's nvcc: each program here is compiled, run on the host backend through the
toolkit's libcudart, and must exit 0 having printed its "PASS" line (each checks its results
against a host computation). Exits 77 (skipped) when the Debian packages are not installed.

  usage: run-thrust-cub.py --nvcc NVCC --work DIR [--jobs N] [PROGRAM ...]
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# Each program and its arguments (sizes small enough for the CPU backend to take seconds).
PROGRAMS = {
    "thrust_sort": ["65536"],
    "thrust_reduce": ["1048576"],
    "thrust_scan": ["1048576"],
    "thrust_transform": ["1048576"],
    "cub_radix_sort": ["65536"],
    "cub_reduce": ["1048576"],
    "cub_scan": ["1048576"],
    "cub_block_reduce": ["1048576"],
}
DEBIAN_HEADERS = ["/usr/include/thrust/version.h", "/usr/include/cub/version.cuh"]


def compile_program(nvcc, work, name):
    source = os.path.join(HERE, name + ".cu")
    exe = os.path.join(work, name)
    start = time.monotonic()
    r = subprocess.run([nvcc, "-O2", "-arch=sm_80", "-std=c++17", source, "-o", exe],
                       capture_output=True, text=True, timeout=600)
    return r, time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nvcc", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("programs", nargs="*")
    args = parser.parse_args()

    missing = [h for h in DEBIAN_HEADERS if not os.path.exists(h)]
    if missing:
        print("SKIP: Debian's libthrust-dev/libcub-dev are not installed (no " + ", ".join(missing) + ")")
        return 77
    names = args.programs or list(PROGRAMS)
    os.makedirs(args.work, exist_ok=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        compiled = dict(zip(names, pool.map(lambda n: compile_program(args.nvcc, args.work, n), names)))

    failed = []
    env = dict(os.environ, P2M_LOG="1")
    for name in names:
        r, seconds = compiled[name]
        if r.returncode != 0:
            failed.append(name)
            print(f"FAIL {name}: does not compile (status {r.returncode})\n{r.stderr[-3000:]}")
            continue
        start = time.monotonic()
        run = subprocess.run([os.path.join(args.work, name)] + PROGRAMS[name], capture_output=True,
                             text=True, env=env, timeout=600)
        run_seconds = time.monotonic() - start
        passed = run.returncode == 0 and f"PASS {name}" in run.stdout
        embedded = "embedded translation used" in run.stderr
        print(f"{'PASS' if passed else 'FAIL'} {name}: compiled in {seconds:.1f} s, ran in "
              f"{run_seconds:.1f} s{' (embedded translation)' if embedded else ''}")
        if not passed:
            failed.append(name)
            print(f"  status {run.returncode}\n  stdout: {run.stdout[-2000:]}\n  stderr: {run.stderr[-3000:]}")
    print(f"{len(names) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
