#!/usr/bin/env python3
"""A program linked with NVIDIA's static CUDA runtime (nvcc's default, -cudart static) run
against ptx2metal's libcuda.so.1: it prints ptx2metal's one-line explanation on stderr (once,
without P2M_LOG) and fails with a CUDA error and exit status 1, never a signal. NVIDIA's runtime
asks the driver for cuGetProcAddress_v2, looks up the driver functions through it, calls cuInit,
then asks cuGetExportTable for its private tables, which ptx2metal does not serve.

usage: static-cudart-test.py NVCC SOURCE.cu LIBCUDA_DIR WORK_DIR  (exit 77: skipped)"""
import os
import shutil
import subprocess
import sys

EXPLANATION = "ptx2metal: this program uses NVIDIA's CUDA runtime"


def main():
    nvcc, source, libcuda_dir, work = sys.argv[1:5]
    # A sanitizer runtime that a sanitized libcuda.so.1 needs in an uninstrumented program
    # (empty: none); preloaded for the program only, not for nvcc.
    preload = sys.argv[5] if len(sys.argv) > 5 else ""
    if not os.path.exists(nvcc) and not shutil.which(nvcc):
        print(f"skipped: {nvcc} not found (NVIDIA's nvcc builds the static-cudart program)")
        return 77
    os.makedirs(work, exist_ok=True)
    program = os.path.join(work, "static_cudart_vector_add")
    build = subprocess.run([nvcc, "-cudart", "static", "-o", program, source], capture_output=True, text=True)
    if build.returncode != 0:
        print("nvcc failed:\n" + build.stdout + build.stderr)
        return 1
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = libcuda_dir + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    env.pop("P2M_LOG", None)
    if preload:
        env["LD_PRELOAD"] = preload
        env["ASAN_OPTIONS"] = "detect_leaks=0"
    run = subprocess.run([program], capture_output=True, text=True, env=env, timeout=120)
    print("exit status:", run.returncode)
    print("stdout:", run.stdout.strip())
    print("stderr:", run.stderr.strip())
    failures = []
    if run.returncode < 0:
        failures.append(f"killed by signal {-run.returncode}")
    elif run.returncode != 1:
        failures.append(f"exit status {run.returncode}, expected the program's 1 after a CUDA error")
    if run.stderr.count(EXPLANATION) != 1:
        failures.append("the explanation is not on stderr exactly once")
    if "failed: cuda" not in run.stdout:
        failures.append("the program did not see a CUDA error from its first runtime call")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
