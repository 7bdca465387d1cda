#!/usr/bin/env python3
"""ptxas equivalence: for modules spread over every library of an extracted corpus, NVIDIA's
ptxas must produce a byte-identical cubin from ptx2metal's canonical printing and from the
original PTX. This checks that printing loses nothing ptxas cares about.

Modules are taken round-robin over the libraries, smallest first (ptxas needs seconds per
megabyte), skipping PTX ISA versions this ptxas does not accept. Where a module carries debug
information, ptxas embeds the PTX text itself (section .nv_debug_ptx_txt) and a SASS-to-PTX
line table, so such modules are compared section by section without those (every other
section, code and DWARF line tables for the CUDA source included, must be identical) and are
reported separately.

    tests/corpus/ptxas-equivalence.py --ptx2metal build/tools/ptx2metal/ptx2metal \
        --corpus /tmp/ptx-corpus --count 300
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HEADER = re.compile(rb"^\s*\.version\s+(\d+)\.(\d+).*?^\s*\.target\s+([\w, ]+)", re.M | re.S)


# Sections where ptxas records the PTX text itself or positions in it (line numbers of the
# PTX, not of the CUDA source): they differ by construction once comments and layout change.
PTX_TEXT_SECTIONS = {".nv_debug_ptx_txt", ".nv_debug_line_sass", ".rel.nv_debug_line_sass",
                     ".rela.nv_debug_line_sass"}


def elf_sections(data):
    """name -> bytes of every section of a little-endian ELF64 file (cubins are)."""
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab = headers[shstrndx]
    names = data[strtab[4]:strtab[4] + strtab[5]]
    out = {}
    for h in headers:
        name = names[h[0]:names.index(b"\0", h[0])].decode()
        body = b"" if h[1] == 8 else data[h[4]:h[4] + h[5]]  # SHT_NOBITS has no bytes
        out[name] = (h[1], h[2], h[5], body)
    return out


def same_code(a, b):
    """Byte-identical apart from the sections that hold the PTX text or PTX line numbers."""
    sa, sb = elf_sections(a), elf_sections(b)
    keys = (set(sa) | set(sb)) - PTX_TEXT_SECTIONS
    return all(sa.get(k) == sb.get(k) for k in keys)


def ptxas_max_version():
    out = subprocess.run(["ptxas", "--version"], capture_output=True, text=True).stdout
    m = re.search(r"release (\d+)\.(\d+)", out)
    # CUDA 13.0's ptxas accepts PTX ISA up to 9.0.
    return (9, 0) if m and (int(m.group(1)), int(m.group(2))) == (13, 0) else (99, 99)


def candidates(corpus, per_library_limit):
    libs = sorted(d for d in Path(corpus).iterdir() if d.is_dir())
    lists = []
    for lib in libs:
        files = sorted(lib.glob("*.ptx"), key=lambda p: p.stat().st_size)
        lists.append((lib.name, files[:per_library_limit]))
    return lists


def run_one(tool, path, version_limit, tmp):
    head = path.open("rb").read(4096)
    m = HEADER.search(head)
    if not m:
        return path, "no-header", ""
    version = (int(m.group(1)), int(m.group(2)))
    if version > version_limit:
        return path, "version", ""
    target = m.group(3).decode().split(",")[0].strip()
    debug = b"debug" in m.group(3) or b".loc" in path.read_bytes()
    unique = f"{path.parent.name}.{path.stem}"
    printed = os.path.join(tmp, unique + ".printed.ptx")
    with open(printed, "wb") as out:
        r = subprocess.run([tool, "parse", "--print", str(path)], stdout=out, stderr=subprocess.PIPE)
    if r.returncode != 0:
        return path, "parse-error", r.stderr.decode()[:500]
    cubins = []
    extra = []
    for src in (str(path), printed):
        dst = src + ".cubin" if src == printed else os.path.join(tmp, unique + ".orig.cubin")
        x = subprocess.run(["ptxas", f"-arch={target}", *extra, src, "-o", dst], capture_output=True, text=True)
        if x.returncode != 0 and not extra and ("Unresolved extern" in x.stderr or "address of function" in x.stderr):
            # Separately compiled (-rdc) code: assemble it as relocatable, as nvcc would.
            extra = ["-c"]
            x = subprocess.run(["ptxas", f"-arch={target}", *extra, src, "-o", dst], capture_output=True, text=True)
        if x.returncode != 0:
            return path, "ptxas-rejects" if src == str(path) else "ptxas-rejects-printed", x.stderr[-500:]
        cubins.append(dst)
    a, b = Path(cubins[0]).read_bytes(), Path(cubins[1]).read_bytes()
    same = a == b if not debug else same_code(a, b)
    for c in cubins + [printed]:
        os.unlink(c)
    return path, ("identical-debug" if debug else "identical") if same else "different", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--corpus", default="/tmp/ptx-corpus")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    limit = ptxas_max_version()
    lists = candidates(args.corpus, args.count)
    chosen = []
    i = 0
    while len(chosen) < args.count * 2 and any(i < len(f) for _, f in lists):
        for lib, files in lists:
            if i < len(files):
                chosen.append((lib, files[i]))
        i += 1
    results = {}
    per_lib = {}
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = []
        for lib, path in chosen:
            futures.append((lib, pool.submit(run_one, args.ptx2metal, path, limit, tmp)))
        compared = 0
        for lib, fut in futures:
            path, status, detail = fut.result()
            if status.startswith("identical") or status == "different":
                if compared >= args.count:
                    continue
                compared += 1
            results[status] = results.get(status, 0) + 1
            per_lib.setdefault(lib, {}).setdefault(status, 0)
            per_lib[lib][status] += 1
            if status in ("different", "parse-error", "ptxas-rejects-printed"):
                print(f"{status}: {path}\n{detail}")
    for lib in sorted(per_lib):
        print(f"{lib:<40} " + ", ".join(f"{k} {v}" for k, v in sorted(per_lib[lib].items())))
    same = results.get("identical", 0) + results.get("identical-debug", 0)
    diff = results.get("different", 0) + results.get("parse-error", 0) + results.get("ptxas-rejects-printed", 0)
    print("totals: " + ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
    print(f"ptxas equivalence: {same} passed, {diff} failed")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
