#!/usr/bin/env python3
"""ptx2metal-nvcc (the toolkit's bin/nvcc) from the outside, as build systems call it.

  args:     nvcc's command-line conventions: an unknown option's message and status, the
            --version banner, -E, -M, -MD/-MF/-MT, -ptx, --dryrun, -cubin's refusal,
            --options-file, no input;
  program:  a .cu → executable that runs through the toolkit's libcudart on the host backend
            with the translation embedded at compile time (P2M_LOG shows it used, and no
            translation at run time); on a device that keeps f32 subnormals it is skipped, with
            the reason, and the PTX translated;
  rdc:      a two-unit -rdc program: -dc, -dlink, link; and the implicit device link.

The tests compile against tests/toolkit/prelude (a test-only cuda_runtime.h) so that they do
not depend on the toolkit's headers. Prints "N passed, N failed"; exits 1 on any failure.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PRELUDE = os.path.join(HERE, "prelude")
PROGRAMS = os.path.join(HERE, "programs")


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
        else:
            self.failed.append(name)
            print(f"FAIL {name}\n{detail}".rstrip())


def run(command, cwd, env=None, timeout=600):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, timeout=timeout)


def detail(result):
    return f"  status {result.returncode}\n  stdout: {result.stdout[-2000:]}\n  stderr: {result.stderr[-2000:]}"


def test_args(nvcc, work, c):
    saxpy = os.path.join(PROGRAMS, "saxpy.cu")

    r = run([nvcc, "--no-such-flag", saxpy], work)
    c.check("unknown option: nvcc's message and status 1",
            r.returncode == 1 and "nvcc fatal   : Unknown option '--no-such-flag'" in r.stderr, detail(r))

    r = run([nvcc, "-foo=1", saxpy], work)
    c.check("unknown single-dash option named as given", r.returncode == 1 and "'-foo=1'" in r.stderr, detail(r))

    r = run([nvcc, "--version"], work)
    c.check("--version: the line build systems parse",
            r.returncode == 0 and re.search(r"^Cuda compilation tools, release \d+\.\d+, V\d+\.\d+\.\d+$", r.stdout, re.M)
            and r.stdout.startswith("nvcc: NVIDIA (R) Cuda compiler driver"), detail(r))

    r = run([nvcc], work)
    c.check("no input: nvcc's message", r.returncode == 1 and "No input files specified" in r.stderr, detail(r))

    r = run([nvcc, "-cubin", "-arch=sm_80", saxpy], work)
    c.check("-cubin refused with a reason", r.returncode == 1 and "SASS" in r.stderr, detail(r))

    r = run([nvcc, "-E", "-I", PRELUDE, "-DMARKER_VALUE=4242", "-x", "cu", saxpy], work)
    c.check("-E preprocesses to stdout", r.returncode == 0 and "__cudaPushCallConfiguration" in r.stdout, detail(r))

    r = run([nvcc, "-M", "-I", PRELUDE, saxpy], work)
    c.check("-M prints a make rule naming the force-included header",
            r.returncode == 0 and r.stdout.startswith("saxpy.o:") and "prelude/cuda_runtime.h" in r.stdout, detail(r))

    obj = os.path.join(work, "saxpy_md.o")
    dep = os.path.join(work, "deps", "saxpy.d")
    os.makedirs(os.path.dirname(dep), exist_ok=True)
    r = run([nvcc, "-c", "-I", PRELUDE, "-MD", "-MT", "custom_target.o", "-MF", dep, saxpy, "-o", obj], work)
    deps = open(dep).read() if os.path.exists(dep) else ""
    c.check("-MD -MF -MT: an object and its dependency file",
            r.returncode == 0 and os.path.exists(obj) and deps.startswith("custom_target.o:") and "saxpy.cu" in deps,
            detail(r) + "\n" + deps)

    ptx = os.path.join(work, "out.ptx")
    r = run([nvcc, "-ptx", "-I", PRELUDE, "--generate-code=arch=compute_80,code=[compute_80,sm_80]", saxpy,
             "-o", ptx], work)
    text = open(ptx).read() if os.path.exists(ptx) else ""
    c.check("-ptx with CMake's -gencode spelling: sm_80 PTX with the kernel",
            r.returncode == 0 and ".target sm_80" in text and ".entry _Z5saxpyfPKfPfi" in text, detail(r))

    r = run([nvcc, "--dryrun", "-I", PRELUDE, "-c", saxpy, "-o", os.path.join(work, "dry.o")], work)
    steps = [line for line in r.stderr.splitlines() if line.startswith("#$ ")]
    c.check("--dryrun prints the device pass, the translation and the host pass, runs nothing",
            r.returncode == 0 and any("--cuda-device-only" in s for s in steps)
            and any("ptx2metal translate" in s for s in steps) and any("--cuda-host-only" in s for s in steps)
            and any(s.startswith("#$ TOP=") for s in steps) and not os.path.exists(os.path.join(work, "dry.o")),
            detail(r))

    options = os.path.join(work, "options.txt")
    with open(options, "w") as f:
        f.write(f'-I "{PRELUDE}"\n-Xptxas -v -O3 --expt-relaxed-constexpr -ccbin /usr/bin/g++\n')
    r = run([nvcc, "--options-file", options, "-Xcompiler", "-Wall,-Wextra", "-v", "-c", saxpy,
             "-o", os.path.join(work, "optf.o")], work)
    c.check("--options-file, -Xcompiler lists, accepted-and-noted options",
            r.returncode == 0 and os.path.exists(os.path.join(work, "optf.o")) and "-Wextra" in r.stderr
            and "note: -Xptxas" in r.stderr, detail(r))

    r = run([nvcc, "-forward-unknown-to-host-compiler", "-fno-strict-aliasing", "-I", PRELUDE, "-c", saxpy,
             "-o", os.path.join(work, "fwd.o")], work)
    c.check("-forward-unknown-to-host-compiler passes an unknown option to Clang", r.returncode == 0, detail(r))

    bad = os.path.join(work, "bad.cu")
    with open(bad, "w") as f:
        f.write("__global__ void k() { undeclared_name(); }\n")
    r = run([nvcc, "-I", PRELUDE, "-c", bad, "-o", os.path.join(work, "bad.o")], work)
    c.check("Clang's diagnostics come through, with a failing status",
            r.returncode != 0 and "bad.cu:1:" in r.stderr and "undeclared_name" in r.stderr, detail(r))


def run_program(binary, work, c, name):
    env = dict(os.environ, P2M_LOG="1", P2M_CACHE_DIR=os.path.join(work, "cache"))
    env.pop("P2M_BUNDLE_PATH", None)
    r = run([binary], work, env=env)
    c.check(f"{name}: runs and passes", r.returncode == 0 and "PASS" in r.stdout.split(), detail(r))
    c.check(f"{name}: the embedded translation is used, nothing translated at run time",
            "embedded translation used" in r.stderr and "translated PTX at load" not in r.stderr, detail(r))


def test_program(nvcc, work, c):
    binary = os.path.join(work, "saxpy")
    r = run([nvcc, "-O2", "-arch=sm_80", "-I", PRELUDE, os.path.join(PROGRAMS, "saxpy.cu"), "-o", binary], work)
    c.check("saxpy: compiles and links against the toolkit's libcudart", r.returncode == 0, detail(r))
    if r.returncode == 0:
        run_program(binary, work, c, "saxpy")
        # A device that keeps f32 subnormals needs another translation than the embedded one
        # (made for flushing devices): the runtime says why it skips it and translates.
        env = dict(os.environ, P2M_LOG="1", P2M_CACHE_DIR=os.path.join(work, "cache"), P2M_HOST_DENORMALS="ieee")
        r = run([binary], work, env=env)
        c.check("saxpy: an embedded translation for other f32 subnormals is skipped, said, and replaced",
                r.returncode == 0 and "PASS" in r.stdout.split()
                and "embedded translation skipped: made for msl-version=3.2 fp64=ieee f32-subnormals=flush" in r.stderr
                and ("translated PTX at load" in r.stderr or "translation cache hit" in r.stderr), detail(r))


def test_rdc(nvcc, work, c):
    main_cu, lib_cu = os.path.join(PROGRAMS, "rdc_main.cu"), os.path.join(PROGRAMS, "rdc_lib.cu")
    steps = [[nvcc, "-I", PRELUDE, "-dc", main_cu, "-o", "main.o"],
             [nvcc, "-I", PRELUDE, "-rdc=true", "-c", lib_cu, "-o", "lib.o"],
             [nvcc, "-dlink", "main.o", "lib.o", "-o", "dlink.o"],
             [nvcc, "main.o", "lib.o", "dlink.o", "-o", "rdc_explicit"]]
    for step in steps:
        r = run(step, work)
        if r.returncode != 0:
            break
    c.check("rdc: -dc, -rdc=true -c, -dlink, link", r.returncode == 0, detail(r))
    if r.returncode == 0:
        run_program(os.path.join(work, "rdc_explicit"), work, c, "rdc (explicit -dlink)")
    r = run([nvcc, "-I", PRELUDE, "-rdc=true", main_cu, lib_cu, "-o", "rdc_implicit"], work)
    c.check("rdc: the implicit device link of nvcc -rdc=true a.cu b.cu", r.returncode == 0, detail(r))
    if r.returncode == 0:
        run_program(os.path.join(work, "rdc_implicit"), work, c, "rdc (implicit device link)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nvcc", required=True, help="the toolkit's bin/nvcc")
    parser.add_argument("--work", required=True)
    parser.add_argument("tests", nargs="+", choices=("args", "program", "rdc"))
    args = parser.parse_args()
    args.nvcc = os.path.abspath(args.nvcc)
    c = Checks()
    for name in args.tests:
        work = os.path.join(args.work, name)
        # The MSL cache survives between runs: the host backend's compile of a module is the slow part.
        for entry in os.listdir(work) if os.path.isdir(work) else []:
            if entry != "cache":
                path = os.path.join(work, entry)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        os.makedirs(work, exist_ok=True)
        {"args": test_args, "program": test_program, "rdc": test_rdc}[name](args.nvcc, work, c)
    print(f"{c.passed} passed, {len(c.failed)} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
