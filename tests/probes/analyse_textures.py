#!/usr/bin/env python3
"""Checks the texture rules of docs/gpu-facts.md ("Textures and surfaces") against what an H100
printed for tests/probes/textures.cu (expected/textures/textures.txt.gz): each rule is written
once here, in exact rational arithmetic, and the number of fetches it gets wrong is printed.

usage: analyse_textures.py [textures.txt(.gz)]
"""
import gzip
import itertools
import math
import os
import struct
import sys
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))


def load(path):
    opener = gzip.open if path.endswith('.gz') else open
    sections, cur = {}, None
    with opener(path, 'rt') as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('## '):
                cur = line[3:]
                sections[cur] = []
            elif cur is not None:
                sections[cur].append(line)
    return sections


def f32(h):
    return struct.unpack('<f', struct.pack('<I', h))[0]


def rows(S, name):
    out = []
    for line in S[name]:
        a, b = line.split(':')
        out.append(([int(x, 16) for x in a.split()], [int(x, 16) for x in b.split()]))
    return out


def texels(S, name):
    return bytes.fromhex(''.join(S['texels ' + name]))


def round_to(x, p, mode, emin):
    """x (a Fraction) rounded to p significant bits, exponent at least emin."""
    if x == 0:
        return F(0)
    e = math.floor(math.log2(abs(x)))
    while F(2) ** e > abs(x):
        e -= 1
    while F(2) ** (e + 1) <= abs(x):
        e += 1
    e = max(e, emin)
    u = F(2) ** (e - p + 1)
    q = x / u
    fl = math.floor(q)
    r = q - fl
    if mode == 'rne':
        n = fl + 1 if r > F(1, 2) or (r == F(1, 2) and fl % 2) else fl
    else:  # 'rna': nearest, ties away from zero
        n = (fl + 1 if r >= F(1, 2) else fl) if x > 0 else (fl + 1 if r > F(1, 2) else fl)
    return n * u


def to_f32(x, mode='rne'):
    return float(round_to(F(x), 24, mode, -126))


def msb(x):
    """The exponent of x's leading bit (x a nonzero Fraction)."""
    e = x.numerator.bit_length() - x.denominator.bit_length()
    return e if F(2) ** e <= abs(x) else e - 1


def block_sum(terms, keep):
    """A 2x2 quad's weighted sum over 256 as the texture unit's adder forms it (block floating
    point): the texels of nonzero weight aligned to the largest, keeping `keep` bits below its
    leading bit (f32 28, f16 15), truncated toward zero; then exact. terms: (weight, texel)."""
    live = [(w, t) for w, t in terms if w]
    if not any(t for _, t in live):
        return F(0)
    u = F(2) ** (max(msb(abs(t)) for _, t in live if t) + 1 - keep)
    return sum(w * (math.floor(abs(t) / u) * u) * (1 if t >= 0 else -1) for w, t in live) / 256


def weight(x):
    """Texel index and 8-bit weight of an unnormalized coordinate: frac(x - 0.5) * 256,
    rounded half up."""
    xb = F(x) - F(1, 2)
    i = math.floor(xb)
    return i, math.floor((xb - i) * 256 + F(1, 2))


def rhu(n, d):
    return (2 * n + d) // (2 * d)


def corner_weights_2d(wx, wy):
    """The four 2D weights in 1/256: the product weight rounded, the rest by difference."""
    w11 = rhu(wx * wy, 256)
    return {(0, 0): 256 - wx - wy + w11, (1, 0): wx - w11, (0, 1): wy - w11, (1, 1): w11}


def unorm16_result(acc):
    """A filtered 8/16-bit unsigned value: 16-bit fixed point rounded half up, then /65535."""
    return to_f32(F(math.floor(acc + F(1, 2)), 65535))


def report(name, bad, total):
    print(f'{name}: {bad} of {total} fetches differ')
    return bad


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, 'expected', 'textures', 'textures.txt.gz')
    S = load(path)
    W = 64
    clamp = lambda i, n: min(max(i, 0), n - 1)

    # 1D f32: the block sum (block_sum), rounded to nearest with ties away from zero.
    tb = texels(S, 'linear1d_f32')
    tx = [struct.unpack_from('<4f', tb, 16 * i) for i in range(W)]
    for sec, scale in (('linear1d_f32 unnormalized', 1), ('linear1d_f32 normalized', W)):
        bad = total = 0
        for c, out in rows(S, sec):
            i, w = weight(F(f32(c[0])) * scale)
            for ch in range(4):
                acc = block_sum([(256 - w, F(tx[clamp(i, W)][ch])), (w, F(tx[clamp(i + 1, W)][ch]))], 28)
                total += 1
                bad += to_f32(acc, 'rna') != f32(out[ch])
        report(sec, bad, total)

    # Normalized-float conversion of every 8- and 16-bit value: v / max, correctly rounded;
    # signed: max(v / (2^(n-1) - 1), -1).
    for name, bits, signed in (('normalized_u8', 8, 0), ('normalized_s8', 8, 1)):
        bad = 0
        for line in S[name + ' (value: x y z w)']:
            a, b = line.split(':')
            v = int(a, 16)
            if signed and v >= 128:
                v -= 256
            want = max(F(v, 127), F(-1)) if signed else F(v, 255)
            bad += to_f32(want) != f32(int(b.split()[0], 16))
        report(name, bad, 256)
    for name, signed in (('normalized_u16', 0), ('normalized_s16', 1)):
        data = gzip.open(os.path.join(os.path.dirname(path), name + '.f32.bin.gz')).read()
        bad = 0
        for v in range(65536):
            sv = v - 65536 if signed and v >= 32768 else v
            want = max(F(sv, 32767), F(-1)) if signed else F(sv, 65535)
            bad += to_f32(want) != struct.unpack_from('<f', data, 4 * v)[0]
        report(name, bad, 65536)

    # 1D filtering of 8/16-bit integers read as normalized floats: texels widened exactly to
    # 16-bit fixed point (v * 65535 / 255, v * 32767 / 127), weighted, rounded half up to an
    # integer, divided by 65535 (32767), clamped to -1. Exact for u8, u16, s16; s8 is close.
    for kind, bits, signed in (('u8', 8, 0), ('u16', 16, 0), ('s16', 16, 1), ('s8', 8, 1)):
        tb = texels(S, 'linear1d_' + kind)
        size = bits // 8

        def raw(i, k):
            v = int.from_bytes(tb[(4 * i + k) * size:(4 * i + k + 1) * size], 'little')
            return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v
        vmax = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
        d16 = 32767 if signed else 65535
        bad = total = 0
        for c, out in rows(S, 'linear1d_' + kind):
            i, w = weight(f32(c[0]))
            for ch in range(4):
                s = (256 - w) * raw(clamp(i, W), ch) + w * raw(clamp(i + 1, W), ch)
                n = math.floor(F(s * d16, vmax * 256) + F(1, 2))
                total += 1
                bad += to_f32(max(F(n, d16), F(-1))) != f32(out[ch])
        report('linear1d_' + kind, bad, total)

    # f16: the block sum (15 bits) rounded to f16, ties away from zero.
    tb = texels(S, 'linear1d_f16')
    th = [[F(struct.unpack_from('<e', tb, 8 * i + 2 * k)[0]) for k in range(4)] for i in range(W)]
    bad = total = 0
    for c, out in rows(S, 'linear1d_f16'):
        i, w = weight(f32(c[0]))
        for ch in range(4):
            acc = block_sum([(256 - w, th[clamp(i, W)][ch]), (w, th[clamp(i + 1, W)][ch])], 15)
            total += 1
            bad += float(round_to(acc, 11, 'rna', -14)) != f32(out[ch])
    report('linear1d_f16', bad, total)

    # 2D: corner weights in 1/256 (corner_weights_2d), f32 block sum rounded ties away, u8 as above.
    # 3D: the scheme fitted to textures-weights.txt.gz (texture_ops.h's p2m_tex_weights_3d).
    for dims, kind in ((2, 'f32'), (2, 'u8'), (3, 'f32'), (3, 'u8')):
        name = f'linear{dims}d_{kind}'
        tb = texels(S, name)
        Wd, Hd, Dd = 16, 16, 8 if dims == 3 else 1

        def tex(x, y, z, ch):
            idx = (clamp(z, Dd) * Hd + clamp(y, Hd)) * Wd + clamp(x, Wd)
            return F(struct.unpack_from('<f', tb, 16 * idx + 4 * ch)[0]) if kind == 'f32' else tb[4 * idx + ch] * 257
        bad = total = 0
        for c, out in rows(S, name):
            ws = [weight(f32(v)) for v in c]
            # clamp: taps that both fall on the first or last texel count as that texel alone
            ws = [(clamp(i, n), 0) if clamp(i, n) == clamp(i + 1, n) else (i, w)
                  for (i, w), n in zip(ws, (Wd, Hd, Dd))]
            if dims == 2:
                corners = {(i, j, 0): v for (i, j), v in corner_weights_2d(ws[0][1], ws[1][1]).items()}
            else:  # fitted to the 3000 weight sets: z's 1D weights, each split by x, then by y
                corners = {}
                for k, u in ((0, 256 - ws[2][1]), (1, ws[2][1])):
                    x1 = rhu(u * ws[0][1], 256)
                    for i, col in ((0, u - x1), (1, x1)):
                        # the x column (i = 0) rounds its y split half down
                        y1 = rhu(col * ws[1][1], 256) if i else -rhu(-col * ws[1][1], 256)
                        corners[(i, 1, k)], corners[(i, 0, k)] = y1, col - y1
            z0 = ws[2][0] if dims == 3 else 0
            for ch in range(4):
                if kind == 'f32':  # one block per z slice
                    acc = sum(block_sum([(w, tex(ws[0][0] + dx, ws[1][0] + dy, z0 + dz, ch))
                                         for (dx, dy, dz), w in corners.items() if dz == k], 28) for k in (0, 1))
                else:
                    acc = F(sum(w * tex(ws[0][0] + dx, ws[1][0] + dy, z0 + dz, ch) for (dx, dy, dz), w in corners.items()), 256)
                got = to_f32(acc, 'rna') if kind == 'f32' else unorm16_result(acc)
                total += 1
                bad += got != f32(out[ch])
        report(name, bad, total)

    # Cube maps: the major axis picks the face, ties to z, then y; (s, t) from CUDA's table.
    bad = total = 0
    for c, out in rows(S, 'cube 4x4 point, texel = face*100 + y*4 + x'):
        x, y, z = (f32(v) for v in c)
        ax, ay, az = abs(x), abs(y), abs(z)
        if ax == ay == az == 0:
            continue
        if az >= ax and az >= ay:
            face = 4 if z >= 0 else 5
        elif ay >= ax:
            face = 2 if y >= 0 else 3
        else:
            face = 0 if x >= 0 else 1
        ma, s, t = {0: (ax, -z, -y), 1: (ax, z, -y), 2: (ay, x, z), 3: (ay, x, -z), 4: (az, x, -y), 5: (az, -x, -y)}[face]
        u = (F(s) / F(ma) + 1) / 2
        v = (F(t) / F(ma) + 1) / 2
        want = face * 100 + clamp(math.floor(v * 4), 4) * 4 + clamp(math.floor(u * 4), 4)
        total += 1
        bad += want != f32(out[0])
    report('cube face selection', bad, total)


if __name__ == '__main__':
    main()
