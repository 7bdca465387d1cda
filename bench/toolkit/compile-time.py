#!/usr/bin/env python3
"""Compile time of `nvcc -c` of a realistic kernel file (bench/toolkit/kernels.cu), three ways
in one run, each the best of N:

  toolkit       ptx2metal's nvcc: Clang's device pass, the translation to Metal in process,
                the fatbin, Clang's host pass;
  clang passes  the same two Clang commands alone (taken from the toolkit's --dryrun), with
                the PTX embedded as is: the driver's cost beyond Clang is the difference;
  nvidia nvcc   NVIDIA's /usr/local/cuda/bin/nvcc -c on the same file (cicc, ptxas, host
                compiler), where it is installed.

Usage: compile-time.py --nvcc build-dev/toolkit/cuda/bin/nvcc [--runs 5] [--arch sm_80]
"""
import argparse
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(commands, cwd):
    """Wall-clock and CPU seconds (user + system of the processes run): on a loaded machine
    the CPU time is the steadier measure of the work done."""
    start, cpu = time.perf_counter(), cpu_seconds()
    for command in commands:
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"failed: {' '.join(command)}\n{result.stderr}")
    return time.perf_counter() - start, cpu_seconds() - cpu


def clang_passes(nvcc, source, arch, work):
    """The toolkit's Clang steps for `nvcc -c`, from its --dryrun; the device pass's PTX takes
    the fatbin's place in the host pass."""
    dry = subprocess.run([nvcc, "--dryrun", "-c", f"-arch={arch}", source, "-o", os.path.join(work, "clang.o")],
                         capture_output=True, text=True, check=True)
    steps = [shlex.split(line[3:]) for line in dry.stderr.splitlines()
             if line.startswith("#$ ") and ("--cuda-device-only" in line or "--cuda-host-only" in line)]
    device, host = steps
    ptx = os.path.join(work, "clang.ptx")
    device[device.index("-o") + 1] = ptx
    host[host.index("-fcuda-include-gpubinary") + 2] = ptx
    return [device, host]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nvcc", required=True, help="the toolkit's bin/nvcc")
    parser.add_argument("--nvidia-nvcc", default="/usr/local/cuda/bin/nvcc")
    parser.add_argument("--source", default=os.path.join(HERE, "kernels.cu"))
    parser.add_argument("--arch", default="sm_80")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    nvcc = os.path.abspath(args.nvcc)
    with tempfile.TemporaryDirectory(prefix="p2m-compile-time-") as work:
        ways = {
            "toolkit (ptx2metal nvcc -c)": [[nvcc, "-c", f"-arch={args.arch}", args.source, "-o",
                                             os.path.join(work, "toolkit.o")]],
            "clang device + host passes alone": clang_passes(nvcc, args.source, args.arch, work),
        }
        if os.path.exists(args.nvidia_nvcc):
            ways["NVIDIA nvcc -c"] = [[args.nvidia_nvcc, "-c", f"-arch={args.arch}", args.source, "-o",
                                       os.path.join(work, "nvidia.o")]]
        wall = {name: float("inf") for name in ways}
        cpu = dict(wall)
        for _ in range(args.runs):  # interleaved, so that load on the machine hits every way alike
            for name, commands in ways.items():
                w, c = timed(commands, work)
                wall[name], cpu[name] = min(wall[name], w), min(cpu[name], c)
    print(f"nvcc -c {os.path.relpath(args.source)} -arch={args.arch}, best of {args.runs} "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs):")
    print(f"  {'':<36} {'wall':>9} {'CPU':>9}")
    for name in ways:
        print(f"  {name:<36} {wall[name]:7.3f} s {cpu[name]:7.3f} s")
    toolkit, base = "toolkit (ptx2metal nvcc -c)", "clang device + host passes alone"
    print(f"  {'the toolkit beyond Clang passes':<36} {wall[toolkit] - wall[base]:+7.3f} s "
          f"{cpu[toolkit] - cpu[base]:+7.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
