#!/usr/bin/env python3
"""The execution suite (tests/exec) through the CUDA Driver API: every case x PTX variant that
was recorded on the H200 runs through ptx2metal's libcuda.so.1 on the host backend, launched
by exec_driver_runner (C++, only cuda.h calls: cuModuleLoadData with the PTX,
cuModuleGetGlobal for globals, cuMemAlloc, cuLaunchKernel(Ex), read back). Outputs must pass
the case's checks (record.py) against expected/<case>.<variant>.out.bin; cases that must
fail (a trap) must fail. Failures listed in a known-failures file ('CASE-GLOB VARIANT-GLOB
reason') are reported, not failing; those whose reason starts with "flushed:" are run again
with IEEE subnormals (P2M_HOST_DENORMALS=ieee) and must then pass. Cases with a "stdout" entry
also compare the text the launch printed (device printf, a failed assert's message) with the
variant's recorded stdout file, under the entry's check ("lines-unordered": the same lines in
any order); kernels the translator refused (cuModuleGetFunction returns
CUDA_ERROR_NOT_SUPPORTED) are counted apart."""
import argparse
import fnmatch
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def load_record(root):
    spec = importlib.util.spec_from_file_location("record", root / "tests" / "exec" / "record.py")
    rec = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rec)
    return rec


def describe_case(rec, exec_dir, case, variant, ptx_text, fill):
    """The runner's description lines for one case."""
    tag = f"{case['name']}.{variant}"
    lines = [f"case {tag}", f"kernel {case['kernel']}", "grid %d %d %d" % tuple(case["grid"]),
             "block %d %d %d" % tuple(case["block"]), f"shared {case.get('shared_bytes', 0)}"]
    # As record.py launched it: clusters through cuLaunchKernelEx unless the entry declares them.
    if case.get("cluster"):
        entry = rec.ptx_entries(ptx_text).get(case["kernel"], {})
        if not re.search(r"\.reqnctapercluster", entry.get("directives", "")):
            lines.append("cluster %d %d %d" % tuple(case["cluster"]))
    in_layout, _ = rec.inputs_layout(case)
    in_pieces = {pc["param"]: pc for pc in in_layout}
    in_file = exec_dir / "inputs" / (rec.safe_name(case["name"]) + ".in.bin")
    for k, p in enumerate(case["params"]):
        if p["kind"] == "buffer":
            nbytes = p["count"] * rec.type_size(p["type"])
            if k in in_pieces:
                lines.append(f"buffer {nbytes} file {in_file} {in_pieces[k]['offset']}")
            else:
                lines.append(f"buffer {nbytes} fill {fill}")
        elif rec.is_image(p):
            w, h, d = p["extent"]
            piece = in_pieces[k]
            lines.append(f"image {p['kind']} {p.get('resource', 'array')} {rec.TEXEL_FORMATS[p['format']]} "
                         f"{p['channels']} {w} {h} {d} {rec.image_flags(p)} {p.get('pitch', 0)} {piece['bytes']} "
                         f"{in_file} {piece['offset']}")
            if p["kind"] == "texture":
                modes, filt, flags, border = rec.sampler_words(p)
                lines.append("sampler %d %d %d %d %d " % (*modes, filt, flags) + " ".join("%08x" % b for b in border))
        elif p["kind"] == "scalar":
            lines.append("value " + rec.scalar_bytes(p).hex())
        else:
            lines.append("value " + rec.struct_bytes(p).hex())
    for g in case.get("globals_in", []):
        data = b"".join(rec.pack_bits(g["type"], rec.value_bits(g["type"], v)) for v in g["values"])
        lines.append(f"global_in {g['name']} {data.hex()}")
    out_layout, _ = rec.outputs_layout(case)
    for piece in out_layout:
        if piece.get("global"):
            lines.append(f"read_global {piece['name']} {piece['bytes']}")
        else:
            lines.append(f"read_param {piece['param']} {piece['bytes']}")
    if "expect" in case:
        lines.append("expect_error")
    if "stdout" in case:
        lines.append("stdout")
    lines.append("end")
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runner", required=True, help="exec_driver_runner, linked with the libcuda.so.1 to test")
    ap.add_argument("--source-root", required=True)
    ap.add_argument("--variants", default="all", help="'all' or a comma-separated list of variant ids")
    ap.add_argument("--cases", default="*", help="a glob on case names")
    ap.add_argument("--known-failures", help="file of 'CASE-GLOB VARIANT-GLOB reason' lines")
    ap.add_argument("--jobs", type=int, default=2, help="runner processes at a time")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per PTX file")
    args = ap.parse_args()
    root = Path(args.source_root)
    exec_dir = root / "tests" / "exec"
    rec = load_record(root)
    manifest = json.loads((exec_dir / "kernels.json").read_text())
    expected = json.loads((exec_dir / "expected" / "index.json").read_text())["cases"]
    ptx_dir = root / "tests" / "inputs" / "cuda" / "ptx"
    fill = manifest["output_fill_byte"]

    by_ptx = {}
    total = with_text = 0
    for case in manifest["cases"]:
        ecase = expected.get(case["name"])
        if not ecase or not fnmatch.fnmatch(case["name"], args.cases):
            continue
        for variant, v in ecase["variants"].items():
            # Recorded as run: "ok", or "error" for a case whose launch must fail (a trap).
            recorded = v.get("status") == "ok" or ("expect" in case and v.get("status") == "error")
            if not recorded or (args.variants != "all" and variant not in args.variants.split(",")):
                continue
            total += 1
            with_text += "stdout" in case
            by_ptx.setdefault(v["ptx"], []).append((case, variant))

    def evaluate(groups, env):
        """Runs the (case, variant) pairs of `groups` (PTX file -> pairs) with `env` added to the
        environment; returns "case [variant]" -> 'bit-exact' | 'pass' | 'trapped' |
        'untranslated' | failure text."""
        results = {}
        with tempfile.TemporaryDirectory() as tmpname:
            tmp = Path(tmpname)

            def run_ptx(ptx):
                text = (ptx_dir / ptx).read_text()
                lines = [f"ptx {ptx_dir / ptx}"]
                for case, variant in groups[ptx]:
                    lines += describe_case(rec, exec_dir, case, variant, text, fill)
                out_dir = tmp / Path(ptx).stem
                out_dir.mkdir()
                desc = out_dir / "description.txt"
                desc.write_text("\n".join(lines) + "\n")
                try:
                    r = subprocess.run([args.runner, str(desc), str(out_dir)], capture_output=True, text=True,
                                       timeout=args.timeout, env={**os.environ, **env})
                    return ptx, out_dir, r.returncode, r.stdout, r.stderr
                except subprocess.TimeoutExpired as e:
                    # The cases that finished before the timeout still count.
                    partial = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
                    return ptx, out_dir, "timeout", partial, ""

            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                for ptx, out_dir, rc, stdout, stderr in pool.map(run_ptx, sorted(groups)):
                    reported = {}
                    for line in stdout.splitlines():
                        parts = line.split(" ", 3)
                        if len(parts) >= 3 and parts[0] == "result":
                            reported[parts[1]] = (parts[2], parts[3] if len(parts) > 3 else "")
                    for case, variant in groups[ptx]:
                        tag = f"{case['name']} [{variant}]"
                        results[tag] = judge(case, variant, reported.get(f"{case['name']}.{variant}"), out_dir,
                                             rc, stderr)
        return results

    def text_differs(case, variant, out_dir):
        """Why the launch's device text differs from the recording, or None. Every recorded
        variant names its text file (stored once per distinct content, as outputs are)."""
        recorded = expected[case["name"]]["variants"][variant].get("stdout_file")
        if "stdout" not in case or not recorded:
            return None
        got_file = out_dir / f"{case['name']}.{variant}.stdout"
        got = got_file.read_text(errors="replace") if got_file.exists() else ""
        want = (exec_dir / "expected" / recorded).read_text()
        if case["stdout"].get("check") == "lines-unordered":
            got_lines, want_lines = sorted(got.splitlines()), sorted(want.splitlines())
        else:
            got_lines, want_lines = got.splitlines(), want.splitlines()
        if got_lines == want_lines:
            return None
        missing = [l for l in want_lines if l not in got_lines][:2]
        extra = [l for l in got_lines if l not in want_lines][:2]
        return (f"device text differs from {recorded} ({len(got_lines)} lines, {len(want_lines)} recorded; "
                f"missing {missing}, unexpected {extra})")

    def judge(case, variant, got, out_dir, rc, stderr):
        if got is None:
            return f"runner ended early ({rc}): {stderr.strip()[-300:]}"
        code, where = got
        if "expect" in case:
            # The error the H200 gave (a failed assert: CUDA_ERROR_ASSERT; a trap: LAUNCH_FAILED).
            want = expected[case["name"]]["variants"][variant].get("error", "CUDA_ERROR_LAUNCH_FAILED")
            if code != want:
                return f"the launch should have failed with {want}, got {code} {where}"
            return text_differs(case, variant, out_dir) or "trapped"
        if code == "CUDA_ERROR_NOT_SUPPORTED" and where == "cuModuleGetFunction":
            return "untranslated"  # the translator's refusal, reported in its own count
        if code != "CUDA_SUCCESS":
            return f"{code} at {where}"
        if why := text_differs(case, variant, out_dir):
            return why
        ecase = expected[case["name"]]
        got_blob = (out_dir / f"{case['name']}.{variant}.out").read_bytes()
        ref = (exec_dir / "expected" / ecase["variants"][variant]["file"]).read_bytes()
        if got_blob == ref:
            return "bit-exact"
        report = rec.compare_blobs(ecase["outputs"], ref, got_blob)
        failed = [r for r in report if r.get("failing")]
        return "pass" if not failed and len(got_blob) == len(ref) else f"outputs differ: {json.dumps(failed)[:400]}"

    results = evaluate(by_ptx, {})

    known = []
    if args.known_failures:
        for line in Path(args.known_failures).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                case_glob, variant_glob, reason = line.split(None, 2)
                known.append((case_glob, variant_glob, reason))
    bit_exact = sum(1 for r in results.values() if r == "bit-exact")
    within = sum(1 for r in results.values() if r == "pass")
    trapped = sum(1 for r in results.values() if r == "trapped")
    untranslated = sum(1 for r in results.values() if r == "untranslated")
    failures = {t: r for t, r in results.items() if r not in ("bit-exact", "pass", "trapped", "untranslated")}
    def split(tag):  # "case [variant]" -> (case, variant)
        return tag.split(" [")[0], tag.split(" [")[1].rstrip("]")

    def matches(entry, tag):
        case_name, variant = split(tag)
        return fnmatch.fnmatch(case_name, entry[0]) and fnmatch.fnmatch(variant, entry[1])

    # The first entry that matches each failing launch, if any.
    known_for = {tag: next((k for k in known if matches(k, tag)), None) for tag in failures}
    unexpected, known_hit = [], 0
    for tag, why in sorted(failures.items()):
        match = known_for[tag]
        if match:
            known_hit += 1
            print(f"known {tag}: {match[2]}  [{why[:200]}]")
        else:
            unexpected.append(f"FAIL {tag}: {why}")
    # An entry whose reason is "flushed: ..." claims the case differs only because the host
    # flushes f32 subnormals as Apple GPUs do: with IEEE subnormals it must pass.
    flushed = {}
    for tag, match in known_for.items():
        if match and match[2].startswith("flushed:"):
            case_name, variant = split(tag)
            case = next(c for c in manifest["cases"] if c["name"] == case_name)
            flushed.setdefault(expected[case_name]["variants"][variant]["ptx"], []).append((case, variant))
    if flushed:
        ieee = evaluate(flushed, {"P2M_HOST_DENORMALS": "ieee"})
        verified = 0
        for tag, why in sorted(ieee.items()):
            if why in ("bit-exact", "pass"):
                verified += 1
            else:
                unexpected.append(f"FAIL {tag}: listed as 'flushed' but fails with P2M_HOST_DENORMALS=ieee too: {why}")
        print(f"'flushed' entries checked with IEEE subnormals: {verified} of {len(ieee)} launches pass")

    # A known entry that matches no failure is stale: the bug it describes is gone (or the
    # entry never matched), and the list must say so.
    for entry in (known if args.cases == "*" else []):
        if not any(matches(entry, t) for t in failures):
            unexpected.append(f"STALE known-failure entry '{entry[0]} {entry[1]}': nothing fails there now")
    for line in unexpected:
        print(line)
    refused = {}
    for tag, r in results.items():
        if r == "untranslated":
            case_name, variant = split(tag)
            refused.setdefault(case_name, []).append(variant)
    if refused:
        print("not translated: " + ", ".join(f"{c} ({len(v)})" for c, v in sorted(refused.items())))
    print(f"exec cases x PTX variants through libcuda.so.1: {total}; passed: {bit_exact + within + trapped} "
          f"(bit-exact {bit_exact}, within the case's check {within}, failed as required {trapped}); "
          f"failing: {len(failures)} "
          f"(known {known_hit}, unexpected {len(unexpected)}); kernel not translated (the shim refuses it: "
          f"CUDA_ERROR_NOT_SUPPORTED): {untranslated}; with device printf/assert text compared: {with_text}")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
