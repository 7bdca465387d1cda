#!/usr/bin/env python3
"""Translation test over the team's own PTX (tests/inputs: nvcc and clang builds of the CUDA
sources, the hand-written CFG set, the hand-written syntax corners).

Every file goes through `ptx2metal compile --verify-msl`: the generated MSL must pass the MSL
subset check, the exit status must be 0 (all kernels translated) or 1 (some left out, each
with a located `file:line:col: error: kernel '...' cannot be translated` diagnostic), never a
crash; each file is compiled twice and both MSL and reflection must be byte-identical. The
files of tests/inputs/ptx-cfg must translate completely. Prints kernels translated / total."""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LOCATED = re.compile(r"^\S+:\d+:\d+: error: kernel '[^']+' cannot be translated: ", re.M)


def compile_file(tool, path, out_dir, tag):
    # The same file names in two directories: the reflection records the MSL file's name.
    (out_dir / tag).mkdir(exist_ok=True)
    msl = out_dir / tag / f"{path.stem}.metal"
    refl = out_dir / tag / f"{path.stem}.json"
    r = subprocess.run([tool, "compile", "--verify-msl", str(path), "-o", str(msl), "--reflection", str(refl)],
                       capture_output=True, text=True)
    return r, msl, refl


def check(tool, path, root, twice):
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        r, msl, refl = compile_file(tool, path, out, "a")
        rel = path.relative_to(root)
        if r.returncode not in (0, 1):
            return [f"{rel}: exit status {r.returncode}\n{r.stderr[-1500:]}"], 0, 0
        if "subset check" in r.stderr:
            problems.append(f"{rel}: the MSL failed the subset check\n{r.stderr[-3000:]}")
        if r.returncode == 1 and not LOCATED.search(r.stderr):
            problems.append(f"{rel}: exit 1 without a located 'cannot be translated' diagnostic\n{r.stderr[-1500:]}")
        if "ptx-cfg" in rel.parts and r.returncode != 0:
            problems.append(f"{rel}: the CFG test set must translate completely\n{r.stderr[-1500:]}")
        kernels = json.loads(refl.read_text())["kernels"] if refl.exists() else []
        done = sum(1 for k in kernels if k["translated"])
        if twice:
            r2, msl2, refl2 = compile_file(tool, path, out, "b")
            if msl.read_bytes() != msl2.read_bytes() or refl.read_bytes() != refl2.read_bytes():
                problems.append(f"{rel}: two runs gave different output")
        return problems, done, len(kernels)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--determinism-every", type=int, default=1,
                    help="compile every Nth file twice and compare (1: all)")
    args = ap.parse_args()
    root = Path(args.inputs)
    files = sorted(p for d in ("cuda/ptx", "ptx-cfg", "ptx-handwritten") for p in (root / d).glob("*.ptx"))
    if not files:
        sys.exit(f"no PTX under {root}")
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda ip: check(args.ptx2metal, ip[1], root, ip[0] % args.determinism_every == 0),
                                enumerate(files)))
    problems = [p for r in results for p in r[0]]
    done = sum(r[1] for r in results)
    total = sum(r[2] for r in results)
    print(f"{len(files)} files, kernels translated: {done} / {total}; MSL subset check and determinism on every output")
    for p in problems:
        print("FAIL", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
