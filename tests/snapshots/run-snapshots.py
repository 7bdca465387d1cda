#!/usr/bin/env python3
"""Whole-output snapshot tests: the MSL and reflection ptx2metal makes of fixed PTX inputs,
compared byte for byte with the committed expectations, so that "the output did not change"
is a test rather than a hand check, and a change that alters it shows the diff in review.

Inputs: tests/snapshots/inputs/*.ptx (the GPU speed suite's kernels, tests/gpu/bench/*.cu by
nvcc 13 -arch=sm_90 -O3 -ptx, committed so that a different nvcc cannot change them) and the
hand-written CFG set, tests/inputs/ptx-cfg/*.ptx. Each is translated for MSL 3.2. In the stored
MSL every support-library unit the file carries (one definition of emitters/msl/support/*.h,
tested on their own, as split_support_headers.py cuts it out) is replaced by one line naming it,
so the snapshots hold what the emitter itself writes and which helpers it picked.

  run-snapshots.py --ptx2metal PATH            compare (exit 1 and a diff on a mismatch)
  run-snapshots.py --ptx2metal PATH --update   rewrite tests/snapshots/expected"""
import argparse
import difflib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "snapshots"
SUPPORT = ROOT / "emitters" / "msl" / "support"
sys.path.insert(0, str(ROOT / "emitters" / "msl"))
import split_support_headers  # noqa: E402


def inputs():
    own = sorted((HERE / "inputs").glob("*.ptx"))
    cfg = sorted((ROOT / "tests" / "inputs" / "ptx-cfg").glob("*.ptx"))
    return [(p.stem, p) for p in own] + [(f"cfg_{p.stem}", p) for p in cfg]


def support_units():
    """(text, line) of every unit of the support headers, longest first."""
    units = []
    for index, path in enumerate(sorted(SUPPORT.glob("*.h"))):
        for unit in split_support_headers.split_header(str(path), index):
            units.append((unit.text, f"//@ support {path.name}: {unit.names[0]}\n"))
    return sorted(units, key=lambda u: -len(u[0]))


def fold_support(msl, units):
    for text, line in units:
        # Whole lines only: a unit starts a line of the file.
        msl = msl.replace("\n" + text, "\n" + line)
    # One line per run of units from one header: "//@ support f32_ops.h: a, b, c".
    out, header, names = [], None, []
    for line in msl.split("\n"):
        if line.startswith("//@ support "):
            h, name = line[len("//@ support "):].split(": ", 1)
            if h == header:
                names.append(name)
                continue
            if header:
                out.append(f"//@ support {header}: {', '.join(names)}")
            header, names = h, [name]
            continue
        if header:
            out.append(f"//@ support {header}: {', '.join(names)}")
            header, names = None, []
        out.append(line)
    return "\n".join(out)


def translate(tool, name, path, tmp):
    msl, refl = tmp / f"{name}.metal", tmp / f"{name}.json"
    # From the input's directory, so that the file names the output records are not paths of
    # this checkout.
    r = subprocess.run([str(Path(tool).resolve()), "compile", path.name, "-o", str(msl), "--reflection", str(refl)],
                       capture_output=True, text=True, cwd=path.parent)
    if r.returncode not in (0, 1) or not msl.exists():
        return None, None, f"{name}: ptx2metal exited {r.returncode}\n{r.stderr[-2000:]}"
    return msl.read_text(), refl.read_text(), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptx2metal", required=True)
    ap.add_argument("--update", action="store_true")
    args = ap.parse_args()
    headers = support_units()
    expected_dir = HERE / "expected"
    expected_dir.mkdir(exist_ok=True)
    problems, written, checked = [], 0, 0
    names = set()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        for name, path in inputs():
            names.add(name)
            msl, refl, error = translate(args.ptx2metal, name, path, tmp)
            if error:
                problems.append(error)
                continue
            outputs = {f"{name}.metal": fold_support(msl, headers), f"{name}.json": refl}
            for file, text in outputs.items():
                target = expected_dir / file
                if args.update:
                    if not target.exists() or target.read_text() != text:
                        target.write_text(text)
                        written += 1
                    continue
                checked += 1
                if not target.exists():
                    problems.append(f"{file}: no snapshot (run with --update and commit it)")
                elif target.read_text() != text:
                    diff = difflib.unified_diff(target.read_text().splitlines(), text.splitlines(),
                                                f"expected/{file}", f"now/{file}", lineterm="", n=2)
                    problems.append(f"{file} differs:\n" + "\n".join(list(diff)[:80]))
    stale = [p for p in expected_dir.iterdir() if p.stem not in names]
    for p in stale:
        if args.update:
            p.unlink()
        else:
            problems.append(f"{p.name}: a snapshot with no input (run with --update)")
    if args.update:
        print(f"{written} snapshot files written, {len(stale)} removed")
        return 1 if problems else 0
    print(f"{checked} snapshot files compared over {len(names)} inputs")
    for p in problems:
        print("FAIL", p)
    if problems:
        print("If the change is intended: tests/snapshots/run-snapshots.py --ptx2metal PATH --update, "
              "then review and commit tests/snapshots/expected.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
