#!/usr/bin/env python3
"""Fits the texture unit's adder for linear filtering of f32 texels (docs/gpu-facts.md,
"Textures and surfaces", the weighted sum) to what an H100 printed for
tests/probes/texture_sums.cu: sums of 4 (2D) and 8 (3D) texels with exactly known weights.

Every candidate model is evaluated in exact integer arithmetic; per model and data set the
script prints how many sums it reproduces (per channel: x general, y near-cancelling, z mixed
magnitudes, w random exponents) and its first mismatches with their terms.

usage: analyse_texture_sums.py DIR              the recording ({2d,3d}.{texels,coords,results}.bin)
       analyse_texture_sums.py --check FILE [--sampler PROGRAM]
           the committed subsample (expected/textures/texture-sums.txt.gz): exit status 1 unless
           the measured model (and the sampler behind PROGRAM) reproduces what the file says
       analyse_texture_sums.py DIR --subsample FILE   writes such a subsample
"""
import argparse
import array
import gzip
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


# --- f32 as integers: a finite value is m * 2^e with m a signed integer ----------------------

def decode(bits):
    e, f = (bits >> 23) & 0xFF, bits & 0x7FFFFF
    m, e = (f, -149) if e == 0 else (f | 0x800000, e - 150)
    return (-m if bits >> 31 else m), e


def encode(m, e):
    """The f32 bits of m * 2^e (exactly representable, not overflowing)."""
    return struct.unpack('<I', struct.pack('<f', float(m) * 2.0 ** e if m else 0.0))[0]


def round_f32(n, e):
    """n * 2^e rounded to f32, to nearest with ties away from zero: (m, e)."""
    if n == 0:
        return 0, 0
    a = abs(n)
    sh = max(a.bit_length() - 24, -149 - e)
    if sh > 0:
        a = (a + (1 << (sh - 1))) >> sh
        e += sh
    return (-a if n < 0 else a), e


def trunc(m, sh):
    """m * 2^-sh truncated toward zero to an integer."""
    if sh <= 0:
        return m << -sh
    return m >> sh if m >= 0 else -((-m) >> sh)


# --- the weights (docs/gpu-facts.md, "Coordinates and weights") ---------------------------------

def rhu(n, d):
    return (2 * n + d) // (2 * d)


def weights_2d(wx, wy):
    """Corners x + 2y: the product weight rounded half up, the rest by difference."""
    w11 = rhu(wx * wy, 256)
    return [256 - wx - wy + w11, wx - w11, wy - w11, w11]


def weights_3d(wx, wy, wz):
    """Corners x + 2y + 4z: the slices' 256 - wz and wz, each split by x, then by y; the x column
    (x = 0) rounds its y split half down."""
    w = [0] * 8
    for k, u in ((0, 256 - wz), (1, wz)):
        x1 = rhu(u * wx, 256)
        for i, col in ((0, u - x1), (1, x1)):
            y1 = rhu(col * wy, 256) if i else -rhu(-col * wy, 256)
            w[i + 2 + 4 * k], w[i + 4 * k] = y1, col - y1
    return w


def corner_weights(ws1):
    """The corner weights of a 2D (wx, wy) or 3D (wx, wy, wz) fetch."""
    return weights_2d(*ws1) if len(ws1) == 2 else weights_3d(*ws1)


# --- models: each maps (corner weights, texel bits) to the result's bits -------------------------------

def exact(ws, ts):
    """The exact weighted sum over 256 rounded once (the rule before this probe)."""
    terms = [(w, decode(t)) for w, t in zip(ws, ts) if w]
    lo = min(e for _, (m, e) in terms)
    return encode(*round_f32(sum(w * m << (e - lo) for w, (m, e) in terms), lo - 8))


def block(ws, ts, keep=28, group=4, nonzero=True):
    """Block floating point: in each group of taps (4: a 2x2 quad, a 3D fetch's z slice) the texels
    (those of nonzero weight) are aligned to the largest, keeping `keep` bits below its leading
    bit, truncated toward zero; the weighted sum of all of them is exact, rounded once."""
    n, lo = 0, None
    parts = []
    for g in range(0, len(ws), group):
        sel = [(w, decode(t)) for w, t in zip(ws[g:g + group], ts[g:g + group]) if w or not nonzero]
        live = [(m, e) for _, (m, e) in sel if m]
        if not live:
            continue
        base = max(e + abs(m).bit_length() for m, e in live) - keep
        parts.append((sum(w * trunc(m, base - e) for w, (m, e) in sel), base - 8))
    if not parts:
        return 0
    lo = min(e for _, e in parts)
    n = sum(s << (e - lo) for s, e in parts)
    return encode(*round_f32(n, lo))


MEASURED = block  # the rule docs/gpu-facts.md states (28 bits per quad, truncated toward zero)

MODELS = [
    ('exact sum, rounded once (ties away)', exact),
    ('quads aligned to 28 bits, truncated toward zero (the measured rule)', block),
    ('quads aligned to 27 bits', lambda ws, ts: block(ws, ts, keep=27)),
    ('quads aligned to 29 bits', lambda ws, ts: block(ws, ts, keep=29)),
    ('quads aligned to 28 bits, weight-0 texels included', lambda ws, ts: block(ws, ts, nonzero=False)),
    ('all taps aligned together to 28 bits (3D: one block of 8)', lambda ws, ts: block(ws, ts, group=8)),
]


# --- data ---------------------------------------------------------------------------------------

def read(path, code):
    a = array.array(code)
    with open(path, 'rb') as f:
        a.frombytes(f.read())
    return a


def recording(d):
    """Yields (dims, channel, weights, texel bits, result bits) for every recorded sum."""
    for dims, size, stride in ((2, 512, 2), (3, 64, 4)):
        tx = read(os.path.join(d, f'{dims}d.texels.bin'), 'I')
        co = read(os.path.join(d, f'{dims}d.coords.bin'), 'f')
        rs = read(os.path.join(d, f'{dims}d.results.bin'), 'I')
        for i in range(len(co) // stride):
            cells, ws1 = [], []
            for k in range(dims):  # coordinates are cell + 0.5 + w / 256: exact in f32
                v = co[stride * i + k] - 0.5
                cells.append(int(v))
                ws1.append(round((v - int(v)) * 256))
            ws = corner_weights(ws1)
            idx = [((cells[2] + (t >> 2) if dims == 3 else 0) * size + cells[1] + ((t >> 1) & 1)) * size
                   + cells[0] + (t & 1) for t in range(len(ws))]
            for ch in range(4):
                yield dims, ch, ws1, [tx[4 * j + ch] for j in idx], rs[4 * i + ch]


def write_subsample(sums, path, seed=1):
    """Every sum the measured model gets wrong, up to 1500 per dimension count that the exact
    rule gets wrong (cancellation and alignment cases) and 500 random others."""
    rng = random.Random(seed)
    unexplained, alignment, rest = {2: [], 3: []}, {2: [], 3: []}, {2: [], 3: []}
    for s in sums:
        dims, ch, ws1, ts, r = s
        ws = corner_weights(ws1)
        if MEASURED(ws, ts) != r:
            unexplained[dims].append(s)
        elif exact(ws, ts) != r:
            alignment[dims].append(s)
        else:
            rest[dims].append(s)
    with gzip.open(path, 'wt') as f:
        f.write('# tests/probes/texture_sums.cu on an H100, a subsample (analyse_texture_sums.py). Per\n'
                '# sum: dimensions, channel : 1D weights : texels (f32 bits, corner x + 2y + 4z) :\n'
                '# result (f32 bits) : 1 if the measured model reproduces it, 0 if not\n')
        for dims in (2, 3):
            chosen = [(s, 0) for s in unexplained[dims]]
            chosen += [(s, 1) for s in rng.sample(alignment[dims], min(1500, len(alignment[dims])))]
            chosen += [(s, 1) for s in rng.sample(rest[dims], 500)]
            for (d, ch, ws1, ts, r), ok in chosen:
                f.write(f'{d} {ch} : {" ".join(map(str, ws1))} : {" ".join(f"{t:08x}" for t in ts)} : {r:08x} : {ok}\n')


def subsample(path):
    """Yields (dims, channel, 1D weights, texel bits, result bits, reproduced)."""
    with gzip.open(path, 'rt') as f:
        for line in f:
            if line.startswith('#'):
                continue
            a, b, c, d, e = line.split(':')
            dims, ch = map(int, a.split())
            yield dims, ch, [int(x) for x in b.split()], [int(x, 16) for x in c.split()], int(d, 16), int(e)


def describe(ws, ts, r):
    terms = ' '.join(f'{w}*{struct.unpack("<f", struct.pack("<I", t))[0]:.9g}' for w, t in zip(ws, ts) if w)
    return f'{terms} -> got {r:08x}'


def evaluate(sums, models, show=3):
    for name, model in models:
        good, total, bad = {}, {}, []
        for dims, ch, ws1, ts, r in sums:
            ws = corner_weights(ws1)
            key = (dims, ch)
            total[key] = total.get(key, 0) + 1
            got = model(ws, ts)
            if got == r:
                good[key] = good.get(key, 0) + 1
            elif len(bad) < show:
                bad.append(f'    {dims}D {"xyzw"[ch]}: {describe(ws, ts, r)}, model {got:08x}')
        print(name)
        for dims in sorted({k[0] for k in total}):
            keys = [k for k in sorted(total) if k[0] == dims]
            g, t = sum(good.get(k, 0) for k in keys), sum(total[k] for k in keys)
            per = ', '.join(f'{"xyzw"[k[1]]} {good.get(k, 0)}/{total[k]}' for k in keys)
            print(f'  {dims}D: {g} of {t} sums reproduced ({per})')
        if bad:
            print('\n'.join(bad))


def check(path, sampler):
    """The measured model, and the sampler (texture_ops.h, through `sampler`: a program reading
    "dims wx wy wz texels..." lines and printing each result's bits) where given, against the
    committed subsample: each must reproduce the sums marked 1 and miss those marked 0."""
    sums = list(subsample(path))
    ok = True
    results = {'model': [MEASURED(corner_weights(ws1), ts) for _, _, ws1, ts, _, _ in sums]}
    if sampler:
        lines = ''.join(f'{d} {" ".join(map(str, ws1 + [0] * (3 - len(ws1))))} {" ".join(map(str, ts))}\n'
                        for d, _, ws1, ts, _, _ in sums)
        out = subprocess.run([sampler], input=lines, capture_output=True, text=True, check=True).stdout.split()
        results['sampler'] = [int(x, 16) for x in out]
    for name, got in results.items():
        if len(got) != len(sums):
            print(f'{name}: {len(got)} results for {len(sums)} sums')
            ok = False
            continue
        wrong = [(s, g) for s, g in zip(sums, got) if (g == s[4]) != bool(s[5])]
        print(f'{name}: {sum(g == s[4] for s, g in zip(sums, got))} of {len(sums)} sums reproduced, '
              f'{sum(1 - s[5] for s in sums)} expected not to be; {len(wrong)} otherwise')
        for (d, ch, ws1, ts, r, _), g in wrong[:5]:
            print(f'  {d}D {"xyzw"[ch]}: {describe(corner_weights(ws1), ts, r)}, {name} {g:08x}')
        ok = ok and not wrong
    exact_wrong = sum(exact(corner_weights(ws1), ts) != r for _, _, ws1, ts, r, _ in sums)
    print(f'the exact sum rounded once gets {exact_wrong} wrong')
    return ok and exact_wrong > 1000  # the subsample must hold the cases that decide the rule


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('dir', nargs='?')
    ap.add_argument('--check', metavar='FILE')
    ap.add_argument('--sampler', metavar='PROGRAM')
    ap.add_argument('--subsample', metavar='FILE')
    a = ap.parse_args()
    if a.check:
        return 0 if check(a.check, a.sampler) else 1
    if not a.dir:
        ap.error('the recording directory, or --check FILE')
    sums = list(recording(a.dir))
    if a.subsample:
        write_subsample(sums, a.subsample)
        return 0
    evaluate(sums, MODELS)
    return 0


if __name__ == '__main__':
    sys.exit(main())
