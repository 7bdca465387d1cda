#!/usr/bin/env python3
"""Prepares everything the GPU suite (run_gpu_suite.py) needs, on a machine without a GPU, into
one stage directory that travels to the GPU machine:

  diff/<ptx stem>.{metal,json,cu,cubin}   every PTX file of the execution suite (tests/exec)
                                          translated by ptx2metal, wrapped by make_wrapper.py
                                          and compiled for sm_90 by NVRTC (nvrtc_compile.py)
  bench/<name>.ptx                        tests/gpu/bench/<name>.cu by nvcc -ptx -O3 (the original)
  bench/<name>.p2m.{metal,json,cu,ptx}    that PTX translated, wrapped, compiled to PTX by NVRTC
                                          (the driver JIT-compiles both PTX files alike)
With --no-compile the NVRTC step is left to run_gpu_suite.py on the GPU machine (more cores).
  prepare.json                            per file: translation and compile status, messages

Usage: prepare_gpu_suite.py --ptx2metal BIN [--stage DIR] [--jobs N] [--only diff|bench]
                             [--cases GLOBS] [--kernels GLOBS]
--cases and --kernels (comma-separated globs, as run_gpu_suite.py takes them) stage only the PTX
files of those cases and those benchmarks; prepare.json keeps the records of the others.
"""
import argparse
import fnmatch
import hashlib
import importlib.util
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GPU_DIR = ROOT / "tests" / "gpu"
sys.path.insert(0, str(GPU_DIR))
import make_wrapper  # noqa: E402
import nvrtc_compile  # noqa: E402


def matches(name, globs):
    return any(fnmatch.fnmatch(name, g) for g in globs.split(","))


def load_record():
    spec = importlib.util.spec_from_file_location("record", ROOT / "tests" / "exec" / "record.py")
    rec = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rec)
    return rec


def exec_ptx_files(case_globs="*"):
    """The PTX files of every recorded (case, variant) of the execution suite, and of every
    variant of a case not recorded yet (so that one GPU call can record it and compare)."""
    manifest = json.loads((ROOT / "tests/exec/kernels.json").read_text())
    expected = json.loads((ROOT / "tests/exec/expected/index.json").read_text())["cases"]
    rec = load_record()
    ptx_rows = rec.load_ptx_table(rec.load_manifest())
    files = set()
    for case in manifest["cases"]:
        if not matches(case["name"], case_globs):
            continue
        if case["name"] not in expected:
            files.update(name for _, name in rec.case_variants(case, ptx_rows))
        for v in expected.get(case["name"], {}).get("variants", {}).values():
            if v.get("status") == "ok" or ("expect" in case and v.get("status") == "error"):
                files.add(v["ptx"])
    return sorted(files)


def run(cmd, cwd):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return r.returncode, (r.stdout + r.stderr).strip()


def source_digest(cu, metal):
    h = hashlib.sha256()
    for f in [cu, metal] + sorted((GPU_DIR / "include").iterdir()):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def translate_and_build(ptx2metal, ptx_path, out_dir, stem, target, compile_now=True):
    """ptx2metal -> make_wrapper -> NVRTC (cubin or PTX). Returns the status record. Without
    compile_now the .cu is left for compile_missing (on the GPU machine, which has more cores)."""
    rec = {"ptx": str(ptx_path.relative_to(ROOT)) if ptx_path.is_relative_to(ROOT) else str(ptx_path)}
    metal, refl = out_dir / f"{stem}.metal", out_dir / f"{stem}.json"
    # The GPU computes f32 subnormals (the wrappers compile with -ftz=false), so the MSL is made
    # for a target that keeps them: .ftz flushing is explicit.
    rc, msg = run([ptx2metal, "compile", str(ptx_path), "-o", metal.name, "--reflection", refl.name,
                   "--f32-subnormals", "keep"], out_dir)
    rec["translate_rc"], rec["translate_log"] = rc, msg[-3000:]
    if not refl.exists() or not metal.exists():
        rec["status"] = "translate-failed"
        return rec
    reflection = json.loads(refl.read_text())
    rec["kernels"] = {k["name"]: {"translated": k["translated"], "error": k.get("error")}
                      for k in reflection["kernels"]}
    cu = out_dir / f"{stem}.cu"
    cu.write_text(make_wrapper.wrapper_source(reflection, metal.name, metal.read_text()))
    # A kept binary must come from this very source: the .cu, the MSL it includes and
    # tests/gpu/include (a stale cubin would test an older translator).
    binary, stamp = out_dir / f"{stem}.{target}", out_dir / f"{stem}.{target}.source-sha256"
    digest = source_digest(cu, metal)
    if binary.exists() and (not stamp.exists() or stamp.read_text() != digest):
        binary.unlink()
    stamp.write_text(digest)
    if binary.exists():
        rec["status"] = "ok"
        return rec
    if not compile_now:
        rec["status"] = "wrapped"
        return rec
    ok, log, data = nvrtc_compile.compile_source(cu.read_text(), cu.name, target,
                                                 [str(out_dir), str(GPU_DIR / "include")])
    rec["nvrtc_log"] = log.strip()[-6000:]
    rec["status"] = "ok" if ok else "nvrtc-failed"
    if ok:
        binary.write_bytes(data)
    return rec


def prepare_diff(args, stage):
    out_dir = stage / "diff"
    out_dir.mkdir(parents=True, exist_ok=True)
    ptx_dir = ROOT / "tests/inputs/cuda/ptx"

    def one(name):
        return name, translate_and_build(args.ptx2metal, ptx_dir / name, out_dir, Path(name).stem, "cubin",
                                         not args.no_compile)

    with ThreadPoolExecutor(args.jobs) as pool:
        return dict(pool.map(one, exec_ptx_files(args.cases)))


def prepare_bench(args, stage):
    out_dir = stage / "bench"
    out_dir.mkdir(parents=True, exist_ok=True)

    def one(src):
        name = src.stem
        rc, msg = run(["nvcc", "-arch=sm_90", "-O3", "-std=c++17", "-ptx", str(src), "-o", f"{name}.ptx"], out_dir)
        if rc != 0:
            return name, {"status": "nvcc-original-failed", "log": msg[-3000:]}
        return name, translate_and_build(args.ptx2metal, out_dir / f"{name}.ptx", out_dir, f"{name}.p2m", "ptx",
                                         not args.no_compile)

    with ThreadPoolExecutor(args.jobs) as pool:
        return dict(pool.map(one, [src for src in sorted((GPU_DIR / "bench").glob("*.cu"))
                                   if matches(src.stem, args.kernels)]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--stage", default=str(ROOT / "build-gpu"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=["diff", "bench"])
    ap.add_argument("--cases", default="*", help="comma-separated globs on execution-suite case names")
    ap.add_argument("--kernels", default="*", help="comma-separated globs on benchmark names")
    ap.add_argument("--no-compile", action="store_true",
                    help="translate and wrap only (run_gpu_suite.py compiles on the GPU machine); "
                         "binaries built from the same source are kept")
    args = ap.parse_args()
    args.ptx2metal = str(Path(args.ptx2metal).resolve())
    stage = Path(args.stage).resolve()  # the translations run in the stage's folders
    stage.mkdir(parents=True, exist_ok=True)
    report_path = stage / "prepare.json"
    report = json.loads(report_path.read_text()) if report_path.exists() else {}
    if args.only in (None, "diff"):
        report["diff"] = {**report.get("diff", {}), **prepare_diff(args, stage)}
    if args.only in (None, "bench"):
        report["bench"] = {**report.get("bench", {}), **prepare_bench(args, stage)}
    report_path.write_text(json.dumps(report, indent=1))
    for part in ("diff", "bench"):
        recs = report.get(part, {})
        bad = {n: r["status"] for n, r in recs.items() if r.get("status") != "ok"}
        print(f"{part}: {len(recs)} files, {len(recs) - len(bad)} built; not built: {bad}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
