#!/usr/bin/env python3
"""Checks the unrecorded wmma tf32/s4/u4/b1 cases (tensor_cores_wmma_forms.cu) without a GPU,
until a recording replaces this: runs them through exec_driver_runner (ptx2metal's libcuda.so.1)
and compares the outputs with models written here from the PTX definition and the SASS
(docs/gpu-facts.md "wmma tf32, s4/u4 and b1"):

* s4/u4/b1: D = C + the exact dot product (b1: popc of AND/XOR), wrapped, or clamped with
  .satfinite;
* tf32: the measured mma rule (one aligned, truncated sum per m16n8k4 step, rounded toward zero)
  applied in ptxas's order, k 0-3 into C, then k 4-7 into that;
* wmma_frag_layouts: the fragment layouts read from the SASS.

It also checks that the H100 recording of tensor_cores.cu's wmma_m16n16k8_tf32_f32_rc follows
the two-step tf32 model (and not a single 8-product sum).

    python3 tests/exec/check-wmma-forms.py --runner build-dev/tests/exec/exec_driver_runner

Exit status 1 if any output differs."""
import argparse
import importlib.util
import json
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "tensor_cores_wmma_forms.cu"


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# --- tf32: the tensor cores' sum (docs/gpu-facts.md "Tensor cores") ---------------------------
def decode(bits, tf32):
    """(class, sign, significand, exponent of its lowest bit, nominal exponent)."""
    if tf32:
        bits &= 0xffffe000
    s, e, f = bits >> 31, (bits >> 23) & 255, bits & 0x7fffff
    if e == 255:
        return ("nan" if f else "inf", s, 0, 0, 0)
    if e == 0:
        return ("zero", s, 0, 0, -126) if f == 0 else ("num", s, f, -149, -126)
    return ("num", s, f | (1 << 23), e - 150, e - 127)


def round_toward_zero_f32(neg, mag, q):
    top = mag.bit_length() - 1 + q
    lsb = max(top - 23, -149)
    r = mag >> (lsb - q) if lsb >= q else mag << (q - lsb)
    sign = 0x80000000 if neg else 0
    if r < (1 << 23):
        return sign | r
    biased = lsb + 23 + 127
    if biased >= 255:
        return sign | 0x7f800000
    return sign | (biased << 23) | (r & 0x7fffff)


def tc_dot(a, b, c):
    """C + sum a[k] * b[k] (tf32 operands, f32 C and result), one rounding toward zero."""
    terms, nan, pinf, ninf = [], False, False, False
    kc = decode(c, False)
    if kc[0] == "nan":
        nan = True
    elif kc[0] == "inf":
        ninf, pinf = (True, pinf) if kc[1] else (ninf, True)
    else:
        terms.append((kc[1], kc[2], kc[3], kc[4]))
    for x, y in zip(a, b):
        dx, dy = decode(x, True), decode(y, True)
        s = dx[1] ^ dy[1]
        if "nan" in (dx[0], dy[0]) or {dx[0], dy[0]} == {"inf", "zero"}:
            nan = True
        elif "inf" in (dx[0], dy[0]):
            ninf, pinf = (True, pinf) if s else (ninf, True)
        else:
            terms.append((s, dx[2] * dy[2], dx[3] + dy[3], dx[4] + dy[4]))
    if nan or (pinf and ninf):
        return 0x7fffffff
    if pinf or ninf:
        return 0x7f800000 if pinf else 0xff800000
    nonzero = [t for t in terms if t[1]]
    if not nonzero:
        return 0x80000000 if all(t[0] for t in terms) else 0
    q = max(t[3] for t in nonzero) - 25
    total = 0
    for s, m, e, _ in nonzero:
        v = m << (e - q) if e >= q else m >> (q - e)
        total += -v if s else v
    return round_toward_zero_f32(total < 0, abs(total), q) if total else 0


def wmma_tf32(row, col, c):
    return tc_dot(row[4:], col[4:], tc_dot(row[:4], col[:4], c))


def check_tf32(kernel, data, out, c_col, model=None):
    model = model or wmma_tf32
    a, b = struct.unpack("<512I", data[:2048]), struct.unpack("<512I", data[2048:4096])
    c, d = struct.unpack("<1024I", data[4096:8192]), struct.unpack("<1024I", out)
    a_row, b_row = kernel[-2] == "r", kernel[-1] == "r"
    bad = 0
    for w in range(4):
        for i in range(16):
            for j in range(16):
                row = [a[128 * w + (i * 8 + k if a_row else k * 16 + i)] for k in range(8)]
                col = [b[128 * w + (k * 16 + j if b_row else j * 8 + k)] for k in range(8)]
                pos = 256 * w + (j * 16 + i if c_col else i * 16 + j)
                bad += d[pos] != model(row, col, c[pos])
    return bad, 1024


# --- s4/u4/b1 ----------------------------------------------------------------------------------
def check_int(kernel, data, out):
    a, b = struct.unpack("<128I", data[:512]), struct.unpack("<128I", data[512:1024])
    c, d = struct.unpack("<256i", data[1024:2048]), struct.unpack("<256i", out)
    bits = 1 if "_b1_" in kernel else 4
    signed, sat, xor = "_s4" in kernel, kernel.endswith("_sat"), kernel.endswith("_xor")
    c_col = kernel in ("wmma_m8n8k32_s4_sat", "wmma_m8n8k32_u4")

    def element(words, line, k):
        per = 32 // bits
        x = (words[line * 4 + k // per] >> ((k % per) * bits)) & ((1 << bits) - 1)
        return x - 16 if signed and x >= 8 else x

    bad = 0
    for w in range(4):
        aw, bw = a[32 * w:32 * w + 32], b[32 * w:32 * w + 32]
        for m in range(8):
            for n in range(8):
                pos = 64 * w + (n * 8 + m if c_col else m * 8 + n)
                s = c[pos]
                for k in range(128 // bits):
                    x, y = element(aw, m, k), element(bw, n, k)
                    s += (x ^ y if xor else x & y) if bits == 1 else x * y
                if sat:
                    s = max(-2**31, min(2**31 - 1, s))
                bad += d[pos] != (s + 2**31) % 2**32 - 2**31
    return bad, 256


def check_layouts(out):
    o = struct.unpack("<960I", out)
    bad = 0
    for lane in range(32):
        g, q = lane >> 2, lane & 3
        want = [(g + 8 * (j & 1)) * 8 + q + 4 * (j >> 1) for j in range(4)]         # tf32 A .row
        want += [(q + 4 * (j >> 1)) * 16 + g + 8 * (j & 1) for j in range(4)]       # tf32 A .col
        want += [(q + 4 * (j & 1)) * 16 + g + 8 * (j >> 1) for j in range(4)]       # tf32 B .row
        want += [(g + 8 * (j >> 1)) * 8 + q + 4 * (j & 1) for j in range(4)]        # tf32 B .col
        want += [(g + 8 * ((j & 3) >> 1)) * 16 + 2 * q + (j & 1) + 8 * (j >> 2) for j in range(8)]
        want += [g * 4 + q, 64 + g * 8 + q, 128 + g * 4 + q, 160 + g * 8 + q]     # s4 A, B; b1 A, B
        want += [(2 * q + j) * 8 + g for j in range(2)]                            # s32 C .col
        bad += list(o[30 * lane:30 * lane + 30]) != want
    return bad, 32


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runner", required=True)
    args = ap.parse_args()
    red = load("run_exec_driver", ROOT / "tests" / "exec" / "run-exec-driver.py")
    rec = red.load_record(ROOT)
    exec_dir = ROOT / "tests" / "exec"
    manifest = json.loads((exec_dir / "kernels.json").read_text())
    cases = [c for c in manifest["cases"] if c["source"] == SOURCE]
    rows = [r.split("\t") for r in (ROOT / "tests/inputs/cuda/ptx/MANIFEST.tsv").read_text().splitlines()[1:]]
    variants = sorted(f"{r[2]}.{r[3]}.{r[4]}" for r in rows if r[1] == SOURCE)
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for variant in variants:
            ptx = ROOT / "tests/inputs/cuda/ptx" / f"{Path(SOURCE).stem}.{variant}.ptx"
            lines = [f"ptx {ptx}"]
            for c in cases:
                lines += red.describe_case(rec, exec_dir, c, variant, ptx.read_text(), manifest["output_fill_byte"])
            out_dir = Path(tmp) / variant
            out_dir.mkdir()
            (out_dir / "description.txt").write_text("\n".join(lines) + "\n")
            subprocess.run([args.runner, str(out_dir / "description.txt"), str(out_dir)], capture_output=True)
            for c in cases:
                out_file = out_dir / f"{c['name']}.{variant}.out"
                if not out_file.exists():
                    print(f"{c['name']} [{variant}]: no output")
                    failed = True
                    continue
                out = out_file.read_bytes()
                data = (exec_dir / "inputs" / (rec.safe_name(c["name"]) + ".in.bin")).read_bytes()
                kernel = c["kernel"]
                if kernel == "wmma_frag_layouts":
                    bad, total = check_layouts(out)
                elif "tf32" in kernel:
                    # C and D are column-major in the rc and cc kernels.
                    bad, total = check_tf32(kernel, data, out, kernel.endswith(("_rc", "_cc")))
                else:
                    bad, total = check_int(kernel, data, out)
                if bad:
                    print(f"{c['name']} [{variant}]: {bad} of {total} differ")
                    failed = True
            print(f"{variant}: {len(cases)} cases checked")
    # The recorded tf32 case: two steps match, one 8-product sum would not.
    name = "wmma_m16n16k8_tf32_f32_rc"
    entry = json.loads((exec_dir / "expected" / "index.json").read_text())["cases"][name]["variants"]["nvcc.sm_90.O3"]
    data = (exec_dir / "inputs" / f"{name}.in.bin").read_bytes()
    recorded = (exec_dir / "expected" / entry["file"]).read_bytes()
    bad, total = check_tf32("wmma_m16n16k8_tf32_rc", data, recorded, False)
    one_sum, _ = check_tf32("wmma_m16n16k8_tf32_rc", data, recorded, False, lambda r, c, z: tc_dot(r, c, z))
    print(f"{name} (H100 recording): {bad} of {total} elements differ from the two-step model, "
          f"{one_sum} from a single 8-product sum")
    failed |= bad != 0 or one_sum == 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
