#!/usr/bin/env python3
"""The linker over the team's PTX (tests/inputs/cuda/ptx): each file is linked with the next of
the same compiler, architecture and build (nvcc and clang output, -G with DWARF, -lineinfo, -O0),
two modules that share file-static names ($str, helper functions), debug files and sections.
The linked module must parse and print back to itself (ptx2metal parse --check-round-trip), and,
where ptxas is installed, NVIDIA's assembler must accept it: the linked text is valid PTX, not
only PTX our own parser takes."""
import argparse
import collections
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptx2metal", required=True)
    parser.add_argument("--inputs", required=True, help="tests/inputs/cuda/ptx")
    parser.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas",
                        help="NVIDIA's assembler; an empty string skips its check")
    parser.add_argument("--every", type=int, default=1, help="link only every N-th pair")
    args = parser.parse_args()
    groups = collections.defaultdict(list)
    for name in sorted(os.listdir(args.inputs)):
        if name.endswith(".ptx"):
            source, variant = name.split(".", 1)  # kernel.nvcc.sm_80.O3.ptx
            groups[variant].append(os.path.join(args.inputs, name))
    have_ptxas = bool(args.ptxas) and os.access(args.ptxas, os.X_OK)
    failures, pairs = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        linked = os.path.join(tmp, "linked.ptx")
        for variant, files in sorted(groups.items()):
            arch = variant.split(".")[1]
            for a, b in list(zip(files, files[1:]))[::args.every]:
                pairs += 1
                what = f"{os.path.basename(a)} + {os.path.basename(b)}"
                r = subprocess.run([args.ptx2metal, "link", a, b, "-o", linked], capture_output=True, text=True)
                if r.returncode != 0:
                    failures.append(f"{what}: does not link:\n{r.stderr[-2000:]}")
                    continue
                r = subprocess.run([args.ptx2metal, "parse", "--check-round-trip", linked], capture_output=True,
                                   text=True)
                if r.returncode != 0:
                    failures.append(f"{what}: the linked module does not parse back:\n{r.stderr[-2000:]}")
                    continue
                if have_ptxas:
                    r = subprocess.run([args.ptxas, f"-arch={arch}", linked, "-o", os.path.join(tmp, "linked.cubin")],
                                       capture_output=True, text=True)
                    if r.returncode != 0:
                        failures.append(f"{what}: ptxas rejects the linked module:\n{r.stderr[-2000:]}")
    for f in failures:
        print(f)
    print(f"linked {pairs} pairs of team PTX modules: {pairs - len(failures)} valid, {len(failures)} not"
          + ("" if have_ptxas else f" ({args.ptxas} not found: checked by our parser only)"))
    return 1 if failures or pairs == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
