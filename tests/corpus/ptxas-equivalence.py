#!/usr/bin/env python3
"""ptxas equivalence: for modules spread over every library of an extracted corpus, NVIDIA's
ptxas must produce a byte-identical cubin from ptx2metal's canonical printing and from the
original PTX. This checks that printing loses nothing ptxas cares about.

Modules are taken round-robin over the libraries, smallest first (ptxas needs seconds per
megabyte), skipping PTX ISA versions this ptxas does not accept. Where a module carries debug
information, ptxas embeds the PTX text itself (section .nv_debug_ptx_txt) and line tables
that point into it, so such modules are compared with those sections removed and reported
separately.

    tests/corpus/ptxas-equivalence.py --ptx2metal build/tools/ptx2metal/ptx2metal \
        --corpus /tmp/ptx-corpus --count 300
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HEADER = re.compile(rb"^\s*\.version\s+(\d+)\.(\d+).*?^\s*\.target\s+([\w, ]+)", re.M | re.S)


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
    for src in (str(path), printed):
        dst = src + ".cubin" if src == printed else os.path.join(tmp, unique + ".orig.cubin")
        x = subprocess.run(["ptxas", f"-arch={target}", src, "-o", dst], capture_output=True, text=True)
        if x.returncode != 0:
            return path, "ptxas-rejects" if src == str(path) else "ptxas-rejects-printed", x.stderr[-500:]
        cubins.append(dst)
    if debug:
        for c in cubins:
            subprocess.run(["objcopy", "--remove-section=.nv_debug_ptx_txt", "--remove-section=.nv_debug_line_sass",
                            "--remove-section=.debug_line", c], capture_output=True)
    same = Path(cubins[0]).read_bytes() == Path(cubins[1]).read_bytes()
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
