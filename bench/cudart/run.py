#!/usr/bin/env python3
"""Empty-kernel launch latency and cudaMemcpy bandwidth through ptx2metal's libcudart.so.13 on
the host backend, with std::memcpy of the same bytes as the reference measured in the same run.

usage: bench/cudart/run.py [--build build] [--launches N]
Needs nvcc (to build the program as a user would, with -cudart shared). Measure on an idle
machine: the figures are the best of 5 rounds.
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    parser.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    parser.add_argument("--launches", default="20000")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    with tempfile.TemporaryDirectory() as tmp:
        binary = os.path.join(tmp, "launch_copy")
        subprocess.run([args.nvcc, "-cudart", "shared", "-O2", "-arch=sm_80", os.path.join(HERE, "launch_copy.cu"),
                        "-o", binary], check=True)
        env = dict(os.environ, P2M_CACHE_DIR=os.path.join(tmp, "cache"),
                   LD_LIBRARY_PATH=os.path.join(build, "lib/runtime/cudart") + os.pathsep +
                   os.path.join(build, "lib/runtime/cuda"))
        out = subprocess.run([binary, args.launches], env=env, capture_output=True, text=True, check=True).stdout
    figures = dict(line.split() for line in out.splitlines())
    f = {k: float(v) for k, v in figures.items()}
    print(f"empty-kernel launch (1 block of 1 thread): {f['launch_latency_us']:.2f} us per launch (target <= 10)")
    print(f"cudaMemcpy 64 MiB host->device: {f['memcpy_h2d_gbs']:.2f} GB/s "
          f"({f['memcpy_h2d_gbs'] / f['host_memcpy_gbs']:.2f}x std::memcpy's {f['host_memcpy_gbs']:.2f} GB/s)")
    print(f"cudaMemcpy 64 MiB device->host: {f['memcpy_d2h_gbs']:.2f} GB/s "
          f"({f['memcpy_d2h_gbs'] / f['host_memcpy_gbs']:.2f}x std::memcpy)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
