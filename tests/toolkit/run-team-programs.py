#!/usr/bin/env python3
"""The team's CUDA Runtime programs (tests/cudart/programs, programs.json) rebuilt from source
with the toolkit's nvcc instead of NVIDIA's, and run on the host backend through the toolkit's
libcudart. Each program is built as its programs.json entry says (sources, nvcc flags) with
-arch=sm_80 -O2, run with P2M_LOG set, and must exit as expected and print PASS.

For each program that does not pass, the report names what stopped it: the first compiler
error (a header or API gap), a link error (a missing symbol), or the run's failure. With
--expected FILE, the test fails only when a program listed there (one name a line) does not
pass: the list grows as the toolkit's headers and device library do.

Prints "N passed, N failed" (all programs) and exits 1 on a regression of the expected list.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CUDART_TESTS = os.path.join(os.path.dirname(HERE), "cudart")


def first_error(text):
    """The line that says what stopped a build: a compiler error, an undefined symbol, or nvcc's."""
    for pattern in (r"^.*undefined reference to .*$", r"^.*error: .*$", r"^nvcc fatal.*$"):
        match = re.search(pattern, text, re.M)
        if match:
            return match.group(0).strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else "(no output)"


def build(program, nvcc, out_dir):
    sources = [os.path.join(CUDART_TESTS, "programs", s) for s in program["sources"]]
    binary = os.path.join(out_dir, program["name"])
    command = [nvcc, "-arch=sm_80", "-O2", "-I", os.path.join(CUDART_TESTS, "programs")]
    command += program.get("flags", []) + sources + ["-o", binary]
    start = time.monotonic()
    try:
        result = subprocess.run(command, capture_output=True, text=True, cwd=out_dir)
    except OSError as error:
        return None, f"nvcc could not run: {error}", 0.0
    seconds = time.monotonic() - start
    if result.returncode != 0:
        return None, first_error(result.stderr + result.stdout), seconds
    return binary, None, seconds


def run(program, binary, out_dir, timeout):
    env = dict(os.environ, P2M_LOG="1", P2M_CACHE_DIR=os.path.join(out_dir, "cache"))
    env.pop("P2M_BUNDLE_PATH", None)
    env.update(program.get("env", {}))
    try:
        result = subprocess.run([binary], capture_output=True, text=True, env=env, timeout=timeout, cwd=out_dir)
    except subprocess.TimeoutExpired:
        return "timed out"
    problems = []
    if result.returncode != program.get("exit_code", 0):
        problems.append(f"exit status {result.returncode}")
    if "PASS" not in result.stdout.split():
        problems.append("no PASS")
    if problems:
        # The runtime's own explanation is the most useful line of the log.
        reason = [l for l in result.stderr.splitlines() if "not translated" in l or "error" in l.lower()]
        return ", ".join(problems) + (": " + reason[0].strip() if reason else "")
    # A program that loads PTX text itself (not a fatbin) has it translated at load, rightly.
    if program.get("launches", True) and not program.get("ptx_outside_fatbins") \
            and "translated PTX at load" in result.stderr:
        return "passed, but translated at run time (the embedded translation was not used)"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nvcc", required=True, help="the toolkit's bin/nvcc")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--expected", help="file of program names that must pass")
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args()
    nvcc = os.path.abspath(args.nvcc)
    programs = json.load(open(os.path.join(CUDART_TESTS, "programs.json")))["programs"]
    # Programs made by another compiler on purpose (clang_abi: Clang with NVIDIA's CUDA) are
    # not the toolkit's to build.
    programs = [p for p in programs if p.get("compiler", "nvcc") == "nvcc"]
    if args.only:
        programs = [p for p in programs if p["name"] in args.only]
    os.makedirs(args.out_dir, exist_ok=True)
    expected = set()
    if args.expected:
        expected = {l.strip() for l in open(args.expected) if l.strip() and not l.startswith("#")}
    passed, failures = [], {}
    for program in programs:
        name = program["name"]
        binary, problem, seconds = build(program, nvcc, args.out_dir)
        if problem:
            failures[name] = "build: " + problem
        else:
            problem = run(program, binary, args.out_dir, program.get("timeout", args.timeout))
            if problem:
                failures[name] = "run: " + problem
            else:
                passed.append(name)
        print(f"{'PASS' if name in passed else 'FAIL'} {name} (build {seconds:.1f} s)"
              + ("" if name in passed else f": {failures[name]}"), flush=True)
    print(f"\nprograms passing through the toolkit: {len(passed)} of {len(programs)}")
    regressions = sorted((expected & {p["name"] for p in programs}) - set(passed))
    for name in regressions:
        print(f"REGRESSION {name} is expected to pass: {failures.get(name, 'not run')}")
    print(f"{len(passed)} passed, {len(failures)} failed")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
