#!/usr/bin/env python3
"""Checks the scalar video instructions against a GPU recording of the probe that
tests/probes/gen_video_scalar.py writes (index.txt, inputs.bin, outputs.bin): runs
video_scalar_driver.cpp's program (linked with ptx2metal's libcuda.so.1, so on the host backend)
on the recording's forms and operands and prints the mismatches per form.

  check-video-scalar.py PROBE RECORDING [--first N] [--refused N]
      RECORDING: a recorded directory, or a .tar.xz of one (the committed subsample
      tests/probes/expected/video_scalar.tar.xz); --first N: only the first N operand triples;
      --refused N: fail unless exactly N forms are refused by the translator (located
      diagnostics: forms whose rule is not settled)
  check-video-scalar.py --subsample RECORDING_DIR N OUT.tar.xz
      writes N operand triples of every form of a recording, spread evenly over them (every
      (8192 / N)-th: the triples cross the edge values in order, so the first N would leave
      most of the c operands out), as a .tar.xz
"""
import argparse
import io
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

FILES = ('index.txt', 'inputs.bin', 'outputs.bin')


def read_recording(path):
    """{file name: bytes} of a recorded directory or a .tar.xz of one."""
    path = Path(path)
    if path.is_dir():
        return {name: (path / name).read_bytes() for name in FILES}
    with tarfile.open(path, 'r:xz') as tar:
        return {name: tar.extractfile(name).read() for name in FILES}


def first_triples(rec, first):
    """The recording cut to its first `first` operand triples (of every form)."""
    inputs, outputs = rec['inputs.bin'], rec['outputs.bin']
    n = len(inputs) // 12
    forms = len(outputs) // (4 * n)
    if first is None or first >= n:
        return rec
    cut = dict(rec)
    cut['inputs.bin'] = b''.join(inputs[k * 4 * n:(k * n + first) * 4] for k in range(3))
    cut['outputs.bin'] = b''.join(outputs[f * 4 * n:(f * n + first) * 4] for f in range(forms))
    return cut


def spread_triples(rec, count):
    """The recording cut to `count` operand triples taken at an even stride (of every form)."""
    inputs, outputs = rec['inputs.bin'], rec['outputs.bin']
    n = len(inputs) // 12
    forms = len(outputs) // (4 * n)
    stride = max(1, n // count)
    keep = range(0, n, stride)

    def pick(data, blocks):
        return b''.join(data[(k * n + i) * 4:(k * n + i + 1) * 4] for k in range(blocks) for i in keep)
    cut = dict(rec)
    cut['inputs.bin'] = pick(inputs, 3)
    cut['outputs.bin'] = pick(outputs, forms)
    return cut


def main():
    if len(sys.argv) > 1 and sys.argv[1] == '--subsample':
        src, first, out = sys.argv[2], int(sys.argv[3]), sys.argv[4]
        rec = spread_triples(read_recording(src), first)
        with tarfile.open(out, 'w:xz', preset=9) as tar:
            for name in FILES:
                info = tarfile.TarInfo(name)
                info.size = len(rec[name])
                tar.addfile(info, io.BytesIO(rec[name]))
        print(f'{out}: {Path(out).stat().st_size} bytes')
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument('probe')
    ap.add_argument('recording')
    ap.add_argument('--first', type=int)
    ap.add_argument('--refused', type=int)
    args = ap.parse_args()
    rec = first_triples(read_recording(args.recording), args.first)
    with tempfile.TemporaryDirectory() as tmp:
        for name in FILES:
            (Path(tmp) / name).write_bytes(rec[name])
        run = subprocess.run([args.probe, tmp], capture_output=True, text=True, timeout=1200)
    sys.stdout.write(run.stdout + run.stderr)
    refused = run.stdout.count(': refused by the translator')
    if args.refused is not None and refused != args.refused:
        print(f'{refused} forms refused, expected {args.refused}')
        return 1
    return run.returncode


if __name__ == '__main__':
    sys.exit(main())
