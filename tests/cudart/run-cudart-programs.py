#!/usr/bin/env python3
"""The CUDA Runtime API programs (tests/cudart/programs) through ptx2metal's libcudart.so.13.

Each program is built by nvcc with `-cudart shared` (as a user would build it for NVIDIA's
runtime), then run twice with our library directory first on LD_LIBRARY_PATH, on the host
backend:
  load:   nothing prepared; the runtime translates the program's PTX when it first needs it
          (a fresh cache, so the log must show the translation);
  bundle: `ptx2metal convert PROGRAM -o BUNDLE` ahead of time, P2M_BUNDLE_PATH=BUNDLE; the
          log must show the bundle's translations and no translation at run time.
Every run must exit 0 and print PASS. Where nvcc is absent the test is skipped (exit 77).
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def clang_command(nvcc, out_dir):
    """clang 19 compiling CUDA for sm_80 against NVIDIA's ptxas, through a CUDA directory whose
    fatbinary speaks the options clang 19 uses (tests/cudart/clang/fatbinary)."""
    cuda = os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))
    fake = os.path.join(out_dir, "clang-cuda")
    os.makedirs(os.path.join(fake, "bin"), exist_ok=True)
    links = {os.path.join(fake, "bin", "ptxas"): os.path.join(cuda, "bin", "ptxas"),
             os.path.join(fake, "bin", "fatbinary"): os.path.join(HERE, "clang", "fatbinary")}
    for name in ("include", "lib64", "nvvm", "version.json"):
        links[os.path.join(fake, name)] = os.path.join(cuda, name)
    for link, target in links.items():
        if not os.path.lexists(link):
            os.symlink(target, link)
    return ["clang++-19", "-x", "cuda", f"--cuda-path={fake}", "--cuda-gpu-arch=sm_80", "-nocudainc",
            "-nocudalib", "-Wno-unknown-cuda-version", "-O2"]


def build(program, nvcc, out_dir):
    """Compiles `program` (an entry of programs.json) into out_dir; cached by the sources' hash
    and the command's inputs (out_dir may be shared by several builds of the project: nvcc's
    programs do not depend on the build, clang's link the build's libcudart)."""
    sources = [os.path.join(HERE, "programs", s) for s in program["sources"]]
    digest = hashlib.sha256()
    for path in sources + [os.path.join(HERE, "programs", "check.h")]:
        digest.update(open(path, "rb").read())
    digest.update(json.dumps(program.get("flags", [])).encode())
    if program.get("compiler") == "clang":
        digest.update(json.dumps([program["cudart_dir"], program["preload"]]).encode())
    binary = os.path.join(out_dir, program["name"])
    stamp = binary + ".sha256"
    if os.path.exists(binary) and os.path.exists(stamp) and open(stamp).read() == digest.hexdigest():
        return None
    if program.get("compiler") == "clang":
        command = clang_command(nvcc, out_dir) + sources + ["-o", binary, "-L", program["cudart_dir"], "-lcudart"]
        if program.get("preload"):
            # A sanitized libcudart leaves the sanitizer's symbols to the preloaded runtime.
            command.append("-Wl,--allow-shlib-undefined")
    else:
        command = [nvcc, "-cudart", "shared", "-arch=sm_80", "-O2", "-I", os.path.join(HERE, "programs")]
        command += program.get("flags", []) + sources + ["-o", binary]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return "nvcc failed:\n" + " ".join(command) + "\n" + result.stdout + result.stderr
    open(stamp, "w").write(digest.hexdigest())
    return None


def run(binary, env, timeout):
    start = time.monotonic()
    result = subprocess.run([binary], capture_output=True, text=True, env=env, timeout=timeout)
    return result, time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cudart-dir", required=True, help="directory of our libcudart.so.13")
    parser.add_argument("--cuda-dir", required=True, help="directory of our libcuda.so.1")
    parser.add_argument("--ptx2metal", required=True)
    parser.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--binary-dir", help="where the programs are built and kept (default: --out-dir); "
                        "the builds of one checkout may share it")
    parser.add_argument("--only", nargs="*", help="program names to run (default: all)")
    parser.add_argument("--preload", default="",
                        help="a sanitizer runtime the programs (not nvcc) need for a sanitized libcudart")
    parser.add_argument("--modes", nargs="+", choices=("load", "bundle"), default=["load", "bundle"],
                        help="which runs (default both; sanitizer builds run only 'load')")
    args = parser.parse_args()
    if not os.path.exists(args.nvcc):
        print(f"SKIP: {args.nvcc} not found; the CUDA Runtime programs need nvcc to build")
        return 77
    programs = json.load(open(os.path.join(HERE, "programs.json")))["programs"]
    if args.only:
        programs = [p for p in programs if p["name"] in args.only]
    os.makedirs(args.out_dir, exist_ok=True)
    if args.binary_dir:
        os.makedirs(args.binary_dir, exist_ok=True)
    failures = []
    failed_runs = 0
    for program in programs:
        name = program["name"]
        program["cudart_dir"] = args.cudart_dir
        program["preload"] = args.preload
        problem = build(program, args.nvcc, args.binary_dir or args.out_dir)
        if problem:
            failures.append(f"{name}: {problem}")
            failed_runs += len(args.modes)
            print(f"FAIL {name} (build)")
            continue
        binary = os.path.join(args.binary_dir or args.out_dir, name)
        bundle = os.path.join(args.out_dir, name + ".bundle")
        shutil.rmtree(bundle, ignore_errors=True)
        convert = subprocess.run([args.ptx2metal, "convert", binary, "-o", bundle, "-j", "1"],
                                 capture_output=True, text=True)
        # One cache for both runs, fresh for the first: the load run must translate, and the
        # bundle run may reuse the host compiler's output for the same MSL.
        cache = os.path.join(args.out_dir, name + ".cache")
        shutil.rmtree(cache, ignore_errors=True)
        for mode in args.modes:
            env = dict(os.environ, LD_LIBRARY_PATH=args.cudart_dir + os.pathsep + args.cuda_dir, P2M_LOG="1", P2M_CACHE_DIR=cache)
            env.update(program.get("env", {}))
            if args.preload:
                env["LD_PRELOAD"] = args.preload
                env["ASAN_OPTIONS"] = "detect_leaks=0"  # the programs' own allocations are theirs
            if mode == "bundle":
                if convert.returncode not in (0, 1):  # 1: some kernel refused, with its diagnostic
                    failures.append(f"{name}: ptx2metal convert failed:\n{convert.stderr}")
                    failed_runs += 1
                    print(f"FAIL {name} ({mode})")
                    continue
                env["P2M_BUNDLE_PATH"] = bundle
            try:
                result, seconds = run(binary, env, program.get("timeout", 300))
            except subprocess.TimeoutExpired:
                failures.append(f"{name} ({mode}): timed out")
                failed_runs += 1
                print(f"FAIL {name} ({mode}): timed out")
                continue
            log = result.stderr
            problems = []
            if result.returncode != program.get("exit_code", 0):
                problems.append(f"exit status {result.returncode}")
            if "PASS" not in result.stdout.split():
                problems.append("no PASS on stdout")
            launches = program.get("launches", True)  # a program with no launch loads no module
            if mode == "load" and launches and "translated PTX at load" not in log:
                problems.append("the log shows no translation at load")
            if mode == "bundle":
                if "translated PTX at load" in log:
                    problems.append("PTX was translated at run time despite the bundle")
                # PTX the program passes as a string is in no fatbin, so no bundle holds it.
                from_fatbins = not program.get("ptx_outside_fatbins", False)
                if launches and from_fatbins and "prebuilt translation from bundle" not in log:
                    problems.append("the log shows no bundle translation in use")
            for text in program.get("expect_stderr", []):
                if text not in log:
                    problems.append(f"stderr lacks {text!r}")
            status = "ok" if not problems else "FAIL"
            print(f"{status:4} {name} ({mode}, {seconds:.2f} s)")
            if problems:
                failed_runs += 1
                failures.append(f"{name} ({mode}): " + "; ".join(problems) +
                                f"\n--- stdout\n{result.stdout[-3000:]}\n--- stderr\n{log[-3000:]}")
    for f in failures:
        print(f)
    runs = len(args.modes) * len(programs)
    print(f"cudart programs: {runs - failed_runs} passed, {failed_runs} failed ({len(programs)} programs, {len(args.modes)} run(s) each)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
