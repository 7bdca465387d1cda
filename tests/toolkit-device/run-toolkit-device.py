#!/usr/bin/env python3
"""The toolkit's device-side headers, end to end. Every test kernel is compiled by clang as the
toolkit's driver compiles device code (CUDA, -nocudainc -nocudalib, the toolkit's cuda_runtime.h
force-included and also included by the kernel) to PTX for sm_80; its `// PTX...` lines are
checked against that PTX with FileCheck; ptx2metal translates the PTX; device_headers_driver runs
each case through libcuda.so.1 and compares with the host's results (printf's text is checked
here). A file using every header is compiled for both passes in C++17 and C++20, and the headers
are included by a plain C++ file."""
import argparse
import os
import subprocess
import sys
from pathlib import Path

CASES = ["atomics", "atomics16", "warp", "fp16", "bf16", "coop", "wide_tiles", "grid", "pipeline", "intrinsics", "printf", "assert"]


def run(cmd, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--filecheck", required=True)
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--out-dir", required=True, type=Path)
    ap.add_argument("--kernels", nargs="+", required=True, type=Path)
    ap.add_argument("--include", nargs="+", required=True, help="include directories, in order")
    ap.add_argument("--all-headers", required=True, type=Path, help="a CUDA file using every header")
    ap.add_argument("--plain-cxx", required=True, type=Path, help="a C++ file including the headers")
    args = ap.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    passed = failed = 0

    def record(ok, what, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {what}\n{detail}".rstrip())

    common = [args.clang, "-x", "cuda", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
              "-Wno-unknown-cuda-version", "-Wall", "-Wextra", "-Werror"]
    for d in args.include:
        common += ["-isystem", d]
    common += ["-include", "cuda_runtime.h"]
    for kernel in args.kernels:
        name = kernel.stem
        ptx = args.out_dir / f"{name}.ptx"
        r = run(common + ["-I", kernel.parent, "--cuda-device-only", "-std=c++17", "-O2", "-S", "-o", ptx, kernel])
        record(r.returncode == 0, f"{name}: device pass", r.stderr)
        if not ptx.exists():
            continue
        r = run([args.filecheck, "--check-prefix=PTX", kernel], stdin=open(ptx))
        record(r.returncode == 0, f"{name}: PTX shows the instructions", r.stderr)
        r = run([args.ptx2metal, "compile", ptx, "-o", args.out_dir / f"{name}.metal"])
        record(r.returncode == 0, f"{name}: ptx2metal compile", r.stderr)

    # Every header in both passes and both standards. With -nocudalib clang leaves out the CUDA
    # version it passes otherwise, and without it takes <<<>>> for the pre-9.2 launch API: the
    # toolkit's driver passes the version (-target-sdk-version), as here.
    sdk = ["-Xclang", "-target-sdk-version=12.5"]
    for std in ("c++17", "c++20"):
        for side in ("--cuda-device-only", "--cuda-host-only"):
            # The device pass stops at PTX (-S): -c would run NVIDIA's ptxas, which the toolkit never does.
            output = ["-S", "-o", args.out_dir / f"all_headers.{std}.ptx"] if side == "--cuda-device-only" else \
                ["-c", "-o", args.out_dir / f"all_headers.{std}.o"]
            r = run(common + sdk + [side, f"-std={std}", "-O2"] + output + [args.all_headers])
            record(r.returncode == 0, f"all headers: {side[2:]} {std}", r.stderr)
    r = run([args.clang, "-x", "c++", "-std=c++17", "-Wall", "-Wextra", "-Werror"] +
            [f for d in args.include for f in ("-isystem", d)] + ["-fsyntax-only", args.plain_cxx])
    record(r.returncode == 0, "the headers in plain C++", r.stderr)

    for case in CASES:
        r = run([args.driver, case, args.out_dir], timeout=300)
        ok = r.returncode == 0
        detail = r.stdout + r.stderr
        if case == "printf":
            want = ["toolkit-device printf: thread 0 value 40 half 0.00 ok",
                    "toolkit-device printf: thread 1 value 41 half 0.50 ok"]
            lines = r.stdout.splitlines()
            ok = ok and all(w in lines for w in want)
        if case == "assert":
            ok = ok and "values[threadIdx.x] > 0" in detail
        record(ok, f"case {case}", detail)
        summary = [l for l in r.stdout.splitlines() if l.startswith(case + ":")]
        print(summary[0] if summary else f"{case}: no summary (exit {r.returncode})")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
