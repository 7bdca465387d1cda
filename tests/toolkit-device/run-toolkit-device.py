#!/usr/bin/env python3
"""The toolkit's device-side headers, end to end. Every kernel in kernels/ is compiled by clang
as the toolkit's driver compiles device code (CUDA, -nocudainc -nocudalib, the toolkit's
cuda_runtime.h force-included and also included by the kernel) to PTX for sm_80, in C++17 and
C++20, and parsed for the host pass; its `// PTX...` lines are checked against that PTX with
FileCheck; ptx2metal translates the PTX; then device_headers_driver runs each case through
libcuda.so.1 and compares with the host's results (printf's text is checked here)."""
import argparse
import os
import subprocess
import sys
from pathlib import Path

CASES = ["atomics", "atomics16", "warp", "fp16", "bf16", "coop", "grid", "pipeline", "intrinsics", "printf", "assert"]


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
        include_kernels = ["-I", kernel.parent]
        r = run(common + include_kernels + ["--cuda-device-only", "-std=c++17", "-O2", "-S", "-o", ptx, kernel])
        record(r.returncode == 0, f"{name}: device pass, C++17", r.stderr)
        r = run(common + include_kernels + ["--cuda-device-only", "-std=c++20", "-O2", "-fsyntax-only", kernel])
        record(r.returncode == 0, f"{name}: device pass, C++20", r.stderr)
        r = run(common + include_kernels + ["--cuda-host-only", "-std=c++17", "-fsyntax-only", kernel])
        record(r.returncode == 0, f"{name}: host pass", r.stderr)
        if not ptx.exists():
            continue
        r = run([args.filecheck, "--check-prefix=PTX", kernel], stdin=open(ptx))
        record(r.returncode == 0, f"{name}: PTX shows the instructions", r.stderr)
        r = run([args.ptx2metal, "compile", ptx, "-o", args.out_dir / f"{name}.metal"])
        record(r.returncode == 0, f"{name}: ptx2metal compile", r.stderr)

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
