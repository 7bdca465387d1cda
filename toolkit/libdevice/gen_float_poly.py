#!/usr/bin/env python3
"""Fits the polynomials of the float-only device math functions (FloatPoly.h).

Each polynomial approximates a function g on an interval, minimizing the relative error
(weighted least squares on Chebyshev nodes, at 60 digits with mpmath). The coefficients are
rounded to float one at a time, lowest degree first, refitting the remaining ones after each
rounding so that they absorb its error. The header records each fit's maximum relative error
(of the float coefficients, measured on a dense grid at high precision).

    python3 gen_float_poly.py > FloatPoly.h
"""
import struct

import mpmath as mp

mp.mp.dps = 60


def to_float(x):
    """x rounded to binary32 (through binary64; each fit is re-measured after rounding)."""
    return struct.unpack('f', struct.pack('f', float(x)))[0]


def fit(g, lo, hi, degrees, n_nodes=300):
    """Float c_k with sum c_k x^degrees[k] ~ g(x) on [lo, hi] in relative error."""
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    nodes = [(lo + hi) / 2 + (hi - lo) / 2 * mp.cos(mp.pi * (2 * i + 1) / (2 * n_nodes))
             for i in range(n_nodes)]
    vals = [g(x) for x in nodes]
    fixed = []
    for k in range(len(degrees)):
        free = degrees[k:]
        rows, rhs = [], []
        for x, v in zip(nodes, vals):
            w = 1 / abs(v)
            known = sum(c * x ** d for c, d in zip(fixed, degrees[:k]))
            rows.append([w * x ** d for d in free])
            rhs.append(w * (v - known))
        sol = mp.qr_solve(mp.matrix(rows), mp.matrix(rhs))[0]
        fixed.append(mp.mpf(to_float(sol[0])))
    err = mp.mpf(0)
    for i in range(2001):
        x = lo + (hi - lo) * i / 2000
        v = g(x)
        p = sum(c * x ** d for c, d in zip(fixed, degrees))
        err = max(err, abs(p / v - 1))
    return [float(c) for c in fixed], err


def odd_part(fn, z):
    """(fn(x) - x) / x^3 at x = sqrt(z), for odd fn with fn'(0) = 1."""
    x = mp.sqrt(nz(z))
    return (fn(x) - x) / x ** 3


def nz(x):
    """Keeps the removable singularities at 0 off the grid."""
    return x if x != 0 else mp.mpf('1e-25')


FITS = [
    # 2^r = sum c_k r^k on [-1/2, 1/2] (exp, exp2, exp10).
    ('kExp2', 'sum c_k r^k ~ 2^r, |r| <= 1/2',
     lambda r: mp.power(2, r), -0.5, 0.5, list(range(0, 7))),
    # log(1+f) = f + f^2 q(f), f = m - 1, m in [sqrt(1/2), sqrt(2)).
    ('kLog1pQ', 'q(f) = (log(1+f) - f) / f^2, sqrt(1/2)-1 <= f <= sqrt(2)-1',
     lambda f: (mp.log1p(nz(f)) - nz(f)) / nz(f) ** 2, mp.sqrt(0.5) - 1, mp.sqrt(2) - 1,
     list(range(0, 11))),
    ('kSinS', 'S(z) = (sin r - r) / r^3, z = r^2 <= (pi/4)^2',
     lambda z: (mp.sin(mp.sqrt(nz(z))) - mp.sqrt(nz(z))) / mp.sqrt(nz(z)) ** 3,
     0, (mp.pi / 4) ** 2, list(range(0, 4))),
    ('kCosC', 'C(z) = (cos r - 1) / z, z = r^2 <= (pi/4)^2',
     lambda z: (mp.cos(mp.sqrt(nz(z))) - 1) / nz(z), 0, (mp.pi / 4) ** 2, list(range(0, 5))),
    ('kExpm1E', 'E(r) = (e^r - 1 - r) / r^2, |r| <= ln(2)/2 (and a little)',
     lambda r: (mp.expm1(nz(r)) - nz(r)) / nz(r) ** 2, -0.3467, 0.3467, list(range(0, 7))),
    ('kTanhT', 'T(z) = (tanh x - x) / x^3, z = x^2 <= 1',
     lambda z: odd_part(mp.tanh, z), 0, 1, list(range(0, 10))),
    ('kSinhS', 'S(z) = (sinh x - x) / x^3, z = x^2 <= 1',
     lambda z: odd_part(mp.sinh, z), 0, 1, list(range(0, 5))),
    ('kAtanA', 'A(z) = (atan t - t) / t^3, z = t^2 <= 1',
     lambda z: odd_part(mp.atan, z), 0, 1, list(range(0, 11))),
    ('kAsinP', 'P(z) = (asin x - x) / x^3, z = x^2 <= 1/4',
     lambda z: odd_part(mp.asin, z), 0, 0.25, list(range(0, 7))),
    ('kErfE', 'E(z) = (erf(x) / x - 2/sqrt(pi)) / z, z = x^2 <= 1',
     lambda z: (mp.erf(mp.sqrt(nz(z))) / mp.sqrt(nz(z)) - 2 / mp.sqrt(mp.pi)) / nz(z), 0, 1,
     list(range(0, 7))),
    ('kErfcxNear', 'erfc(x) e^(x^2) as a polynomial in u = x - 5/4, 1/2 <= x <= 2',
     lambda u: mp.erfc(u + mp.mpf(1.25)) * mp.exp((u + mp.mpf(1.25)) ** 2), -0.75, 0.75,
     list(range(0, 12))),
    ('kErfcxFar', 'erfc(x) e^(x^2) as a polynomial in t = 1/x, 1/10.1 <= t <= 1/2',
     lambda t: mp.erfc(1 / t) * mp.exp(1 / t ** 2), 1 / mp.mpf(10.1), 0.5, list(range(0, 12))),
    ('kCbrt', 'cbrt(m), 1 <= m <= 2 (starting value of Newton\'s method)',
     lambda m: mp.cbrt(m), 1, 2, list(range(0, 4))),
    ('kAtanhR', 'R(z) = (atanh s - s - s^3/3) / s^5, z = s^2 <= (3 - 2 sqrt 2)^2',
     lambda z: (mp.atanh(mp.sqrt(nz(z))) - mp.sqrt(nz(z)) - mp.sqrt(nz(z)) ** 3 / 3) / mp.sqrt(nz(z)) ** 5,
     0, (3 - 2 * mp.sqrt(2)) ** 2, list(range(0, 4))),
]


def round_bits(x, bits):
    """x rounded to `bits` significant bits (a float whose products with small integers are exact)."""
    e = mp.floor(mp.log(abs(x), 2))
    q = mp.mpf(2) ** (e - bits + 1)
    return mp.nint(x / q) * q


def splits(x, n, first_bits=24):
    """x as n floats, each the float nearest to what the previous ones leave."""
    parts, rest = [], x
    for i in range(n):
        p = mp.mpf(to_float(round_bits(rest, first_bits if i == 0 else 24)))
        parts.append(p)
        rest -= p
    return parts


CONSTANTS = [
    # name, value, parts, significant bits of the first part
    ('kLn2', 'ln 2 (first part: 16 bits, exact times an exponent)', mp.log(2), 2, 16),
    ('kLog2E', 'log2 e', 1 / mp.log(2), 2, 24),
    ('kLog2Of10', 'log2 10', mp.log(10, 2), 2, 24),
    ('kLog10E', 'log10 e', 1 / mp.log(10), 2, 24),
    ('kLog10Of2', 'log10 2 (first part: 16 bits, exact times an exponent)', mp.log10(2), 2, 16),
    ('kPiOver2', 'pi/2 (first part: the float nearest)', mp.pi / 2, 3, 24),
    ('kTwoOverPi', '2/pi', 2 / mp.pi, 1, 24),
    ('kPi', 'pi', mp.pi, 2, 24),
    ('kTwoOverSqrtPi', '2/sqrt(pi)', 2 / mp.sqrt(mp.pi), 2, 24),
    ('kTwoThirds', '2/3', mp.mpf(2) / 3, 2, 24),
]


def main():
    out = ['// Generated by toolkit/libdevice/gen_float_poly.py: do not edit.',
           '// Float coefficients of the float-only functions\' polynomials, lowest degree first,',
           '// each with its fit\'s maximum relative error (float coefficients, exact arithmetic).',
           '#pragma once', '', 'namespace p2m::fpoly {']
    for name, what, value, n, b in CONSTANTS:
        parts = splits(value, n, b)
        body = ', '.join(float(p).hex() + 'f' for p in parts)
        out.append(f'// {what}')
        out.append(f'inline constexpr float {name}[{n}] = {{{body}}};')
    for name, what, g, lo, hi, degs in FITS:
        coeffs, err = fit(g, lo, hi, degs)
        out.append(f'// {what}: relative error 2^{mp.nstr(mp.log(err, 2), 4)}')
        body = ', '.join(c.hex() + 'f' for c in coeffs)
        out.append(f'inline constexpr float {name}[{len(coeffs)}] = {{{body}}};')
    out.append('} // namespace p2m::fpoly')
    print('\n'.join(out))


if __name__ == '__main__':
    main()
