#!/usr/bin/env python3
"""Every function the toolkit's host-API headers declare is exported by our libcudart.so.13 or
libcuda.so.1, and every cuda*/cu* function they export is declared by a header (the issue's
"a test checks the two lists against each other"). The headers are read three ways: as programs
see them, with the per-thread default stream (CUDA_API_PER_THREAD_DEFAULT_STREAM, whose calls
bind to the _ptds/_ptsz entry points), and as the libraries' own sources see them
(__CUDA_API_VERSION_INTERNAL, which adds the earlier versions of renamed entry points).

Exports no header should declare (the launch protocol of clang's code for old CUDA versions;
graphics interoperability, whose NVIDIA headers need OpenGL, EGL or VDPAU) are listed, with the
reason, in undeclared-exports.txt; a listed symbol that is declared after all, or no longer
exported, is an error too.

usage: check-header-symbols.py CLANG INCLUDE_DIR LIBCUDART LIBCUDA NM UNDECLARED_EXPORTS_TXT"""
import subprocess
import sys

import toolkit_ast

HEADERS = ["cuda.h", "cudaProfiler.h", "cuda_runtime_api.h", "cuda_profiler_api.h"]
MODES = {
    "default": [],
    "per-thread default stream": ["CUDA_API_PER_THREAD_DEFAULT_STREAM"],
    "library-internal": ["__CUDA_API_VERSION_INTERNAL"],
}


def exported(nm, library):
    """The defined dynamic symbols of a shared library (Mach-O names lose their underscore)."""
    with open(library, "rb") as f:
        elf = f.read(4) == b"\x7fELF"
    cmd = [nm, "-D", "--defined-only", library] if elf else [nm, "-g", "--defined-only", library]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in "TtWiV":
            name = parts[2].split("@")[0]
            names.add(name[1:] if not elf and name.startswith("_") else name)
    return names


def listed(path):
    with open(path, encoding="utf-8") as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def main():
    clang, include_dir, libcudart, libcuda, nm, unshipped_txt = sys.argv[1:7]
    api = lambda names: {n for n in names if n.startswith("cu")}
    cudart = api(exported(nm, libcudart))
    cuda = api(exported(nm, libcuda))
    unshipped = set(listed(unshipped_txt))
    failures = []
    declared = set()
    for mode, defines in MODES.items():
        tree = toolkit_ast.ast(clang, include_dir, HEADERS, "c", defines)
        names = toolkit_ast.functions(toolkit_ast.top_level(tree, include_dir))
        declared |= names
        for name in sorted(names - cudart - cuda):
            failures.append(f"declared ({mode}) but exported by neither library: {name}")
        print(f"{mode}: {len(names)} functions declared")
    for name in sorted((cudart | cuda) - declared - unshipped):
        failures.append(f"exported but declared by no header: {name}")
    for name in sorted(unshipped & declared):
        failures.append(f"listed in undeclared-exports.txt but declared: {name}")
    for name in sorted(unshipped - cudart - cuda):
        failures.append(f"listed in undeclared-exports.txt but not exported: {name}")
    print(f"libcudart exports {len(cudart)} cuda* functions, libcuda {len(cuda)} cu* functions; "
          f"{len(declared)} declared; {len(unshipped)} listed as rightly undeclared")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
