#!/usr/bin/env python3
"""Each host-API header of the toolkit compiles alone, warning-free (-Wall -Wextra -Werror), as
C, as C++, and as CUDA in clang's host and device passes (as the toolkit's driver runs them,
without clang's CUDA wrapper headers); and with GCC as plain C and C++ where GCC is installed.

A small program using the keywords and vector types (keywords.cu) compiles the same way in the
C++ and CUDA modes.

usage: check-headers-compile.py CLANG CLANGXX INCLUDE_DIR KEYWORDS_CU HEADER..."""
import concurrent.futures
import os
import shutil
import subprocess
import sys

WARN = ["-fsyntax-only", "-Wall", "-Wextra", "-Werror"]


def modes(clang, clangxx, include_dir):
    # The toolkit's own cuda.h tells clang the CUDA version (13.0, newer than clang 19 knows).
    cuda = ["-x", "cuda", "-nocudainc", "-nocudalib", f"--cuda-path={include_dir}/..", "-Wno-unknown-cuda-version"]
    yield "C", [clang, "-x", "c", "-std=c11"]
    yield "C++", [clangxx, "-x", "c++", "-std=c++17"]
    yield "CUDA host", [clangxx, *cuda, "--cuda-host-only"]
    yield "CUDA device", [clangxx, *cuda, "--cuda-device-only", "--cuda-gpu-arch=sm_80"]
    if shutil.which("gcc"):
        yield "gcc C", ["gcc", "-x", "c", "-std=c11"]
    if shutil.which("g++"):
        yield "g++ C++", ["g++", "-x", "c++", "-std=c++17"]


def main():
    clang, clangxx, include_dir, keywords, headers = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
    jobs = [(mode, cmd, header) for mode, cmd in modes(clang, clangxx, include_dir) for header in headers]
    jobs += [(mode, cmd, keywords) for mode, cmd in modes(clang, clangxx, include_dir) if "C++" in mode or "CUDA" in mode]
    # With the per-thread default stream the API names are macros for other entry points.
    jobs += [(mode + ", per-thread default stream", cmd + ["-DCUDA_API_PER_THREAD_DEFAULT_STREAM"], header)
             for mode, cmd in modes(clang, clangxx, include_dir) if mode in ("C", "C++", "CUDA host")
             for header in headers if header in ("cuda.h", "cudaTypedefs.h", "cuda_runtime_api.h")]

    def compile_one(job):
        mode, cmd, header = job
        source = open(header).read() if header == keywords else f"#include <{header}>\n"
        return job, subprocess.run(cmd + WARN + ["-isystem", "/nonexistent", "-I", include_dir, "-"],
                                   input=source, capture_output=True, text=True)

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for (mode, _, header), run in pool.map(compile_one, jobs):
            if run.returncode != 0:
                failures += 1
                print(f"FAIL: {header} as {mode}:\n{run.stderr}")
    print(f"{len(jobs) - failures} of {len(jobs)} compilations clean ({len(headers)} headers and {keywords})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
