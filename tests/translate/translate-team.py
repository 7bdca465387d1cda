#!/usr/bin/env python3
"""Translation test over the team's own PTX (tests/inputs: nvcc and clang builds of the CUDA
sources, the hand-written CFG set, the hand-written syntax corners).

Every file goes through `ptx2metal compile --verify-msl` for every MSL version the emitter
targets (3.0, 3.1, 3.2): the generated MSL must pass the MSL subset check in the host's view and
in Apple's at that version (kernel wrappers included), the exit status must be 0 (all kernels
translated) or 1 (some left out, each with a located `file:line:col: error: kernel '...'
cannot be translated` diagnostic), never a crash; at 3.2 each file is compiled twice and both
MSL and reflection must be byte-identical, and the files of tests/inputs/ptx-cfg must
translate completely. Prints kernels translated / total per version."""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LOCATED = re.compile(r"^\S+:\d+:\d+: error: kernel '[^']+' cannot be translated: ", re.M)


NEWEST = "3.2"


def compile_file(tool, path, out_dir, tag, version):
    # The same file names in two directories: the reflection records the MSL file's name.
    (out_dir / tag).mkdir(exist_ok=True)
    msl = out_dir / tag / f"{path.stem}.metal"
    refl = out_dir / tag / f"{path.stem}.json"
    r = subprocess.run([tool, "compile", "--verify-msl", "--msl-version", version, str(path), "-o", str(msl),
                        "--reflection", str(refl)],
                       capture_output=True, text=True)
    return r, msl, refl


def check(tool, path, root, twice, version):
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        r, msl, refl = compile_file(tool, path, out, "a", version)
        rel = f"{path.relative_to(root)} (MSL {version})"
        if r.returncode not in (0, 1):
            return [f"{rel}: exit status {r.returncode}\n{r.stderr[-1500:]}"], 0, 0
        if "subset check" in r.stderr:
            problems.append(f"{rel}: the MSL failed the subset check\n{r.stderr[-3000:]}")
        if r.returncode == 1 and not LOCATED.search(r.stderr):
            problems.append(f"{rel}: exit 1 without a located 'cannot be translated' diagnostic\n{r.stderr[-1500:]}")
        if "ptx-cfg" in path.relative_to(root).parts and version == NEWEST and r.returncode != 0:
            problems.append(f"{rel}: the CFG test set must translate completely\n{r.stderr[-1500:]}")
        kernels = json.loads(refl.read_text())["kernels"] if refl.exists() else []
        done = sum(1 for k in kernels if k["translated"])
        if twice and version == NEWEST:
            r2, msl2, refl2 = compile_file(tool, path, out, "b", version)
            if msl.read_bytes() != msl2.read_bytes() or refl.read_bytes() != refl2.read_bytes():
                problems.append(f"{rel}: two runs gave different output")
        return problems, done, len(kernels)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--determinism-every", type=int, default=1,
                    help="compile every Nth file twice and compare (1: all)")
    ap.add_argument("--msl-versions", default="3.0,3.1,3.2", help="comma-separated MSL versions to translate for")
    args = ap.parse_args()
    versions = args.msl_versions.split(",")
    root = Path(args.inputs)
    files = sorted(p for d in ("cuda/ptx", "ptx-cfg", "ptx-handwritten") for p in (root / d).glob("*.ptx"))
    if not files:
        sys.exit(f"no PTX under {root}")
    jobs = [(i, path, version) for version in versions for i, path in enumerate(files)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: check(args.ptx2metal, job[1], root, job[0] % args.determinism_every == 0,
                                                  job[2]), jobs))
    problems = [p for r in results for p in r[0]]
    for version in versions:
        mine = [r for r, job in zip(results, jobs) if job[2] == version]
        done = sum(r[1] for r in mine)
        total = sum(r[2] for r in mine)
        print(f"MSL {version}: {len(files)} files, kernels translated: {done} / {total}")
    print("MSL subset check (host and Apple views) on every output; determinism at MSL " + NEWEST)
    for p in problems:
        print("FAIL", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
