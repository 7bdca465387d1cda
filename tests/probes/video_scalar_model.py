#!/usr/bin/env python3
"""The scalar video instructions (vadd, vsub, vabsdiff, vmin, vmax, vset, vmad, vshl, vshr) as an
H100 computes them: a model of every form's result, checked against a recording of
tests/probes/gen_video_scalar.py's probe (index.txt, inputs.bin, outputs.bin). An sm_90 GPU has
no video unit: ptxas writes each instruction as integer code on a 64-bit intermediate (nvdisasm
shows it), and the model follows that code where it departs from the PTX ISA's pseudocode. Its
rules are int_ops.h's (p2m_vop, p2m_vset, p2m_vshift, p2m_vmad) plus the ones for the forms the
translator still refuses, which no recording covered yet (marked "not recorded" below).

  video_scalar_model.py RECORDING [--forms A-B]
      RECORDING: a recorded directory, or a .tar.xz of one (the committed subsample
      tests/probes/expected/video_scalar.tar.xz, the meson test probe-video-scalar-model)

prints, per form, how many operand triples the model gets wrong (and the first few), then a
summary; exits 1 if any form differs. docs/gpu-facts.md "Scalar video instructions".
"""
import argparse
import re
import struct
import sys
import tarfile
from pathlib import Path

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1
SELECTORS = {'b0': (0, 8), 'b1': (8, 8), 'b2': (16, 8), 'b3': (24, 8), 'h0': (0, 16), 'h1': (16, 16)}


def signed(x, bits):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def word(x, is_signed):
    return signed(x, 32) if is_signed else x & M32


def parse(text):
    """A form's instruction text (%0 = d, %1 = a, %2 = b, %3 = c) as a dict."""
    m = re.match(r'(\S+) (.*);', text)
    parts = m.group(1).split('.')
    operands = [o.strip() for o in m.group(2).split(',')]
    form = {'op': parts[0], 'types': [p == 's32' for p in parts[1:] if p in ('u32', 's32')],
            'mods': set(p for p in parts[1:] if p not in ('u32', 's32'))}
    selectors, negated = [], []
    for o in operands + [''] * (4 - len(operands)):
        negated.append(o.startswith('-'))
        selectors.append(o.split('.')[1] if '.' in o else None)
    form['dsel'], form['asel'], form['bsel'] = selectors[:3]
    form['neg'] = negated[1:4]
    form['op2'] = next((m for m in ('add', 'min', 'max') if m in form['mods']), None)
    return form


def select(x, sel, is_signed):
    """partSelectSignExtend: the selected byte or half-word, extended per the operand's type."""
    if sel is None:
        return word(x, is_signed)
    pos, length = SELECTORS[sel]
    v = (x >> pos) & ((1 << length) - 1)
    return signed(v, length) if is_signed else v


def finish(t, c, d_signed, sat, op2, dsel, sat_above, narrow, sat_narrows, sat_merge_whole):
    """.sat, then the secondary operation with c or the merge into c, on the 64-bit t."""
    if dsel is not None:
        pos, length = SELECTORS[dsel]
        if sat and sat_merge_whole:  # shifts (not recorded): clamped to d's 32-bit range
            t = max(-2**31, min(2**31 - 1, t)) if d_signed else max(0, min(M32, t))
            v = t & M32
        elif sat:  # t's word, all ones beyond 32 bits, clamped unsigned to the field's maximum
            field_max = (1 << (length - 1)) - 1 if d_signed else (1 << length) - 1
            v = min(M32 if (t >> 32) != 0 else t & M32, field_max)
        else:
            v = t & M32
        mask = ((1 << length) - 1) << pos
        placed = v if dsel == 'h1' else v << pos  # h1 takes t's own high half
        return (c & ~mask & M32) | (placed & mask)
    if sat:
        if d_signed:
            t = max(-2**31, min(2**31 - 1, t))
        else:
            t = 0 if t < 0 else min(t, M32) if sat_above else t
    if narrow or (sat and sat_narrows):
        t = signed(t, 32)
    tc = word(c, d_signed)
    if op2 == 'add':
        return (t + tc) & M32
    if op2 in ('min', 'max'):
        below = t < tc if d_signed else (t & M64) < tc
        return (t if (below == (op2 == 'min')) else tc) & M32
    return t & M32


def model(form, a, b, c):
    op, types, mods = form['op'], form['types'], form['mods']
    sat = 'sat' in mods
    if op == 'vset':  # types are a, b; .min/.max compare signed when a is
        ta, tb = select(a, form['asel'], types[0]), select(b, form['bsel'], types[1])
        cmp = next(m for m in mods if m in ('eq', 'ne', 'lt', 'le', 'gt', 'ge'))
        r = {'eq': ta == tb, 'ne': ta != tb, 'lt': ta < tb, 'le': ta <= tb, 'gt': ta > tb, 'ge': ta >= tb}[cmp]
        # into h1 (not recorded): bits 16..31 of 0 or 1
        return finish(int(r), c, types[0], False, form['op2'], form['dsel'], False, False, False, False)
    d_signed = types[0]
    ta, tb = select(a, form['asel'], types[1]), select(b, form['bsel'], types[2])
    if op in ('vadd', 'vsub', 'vabsdiff', 'vmin', 'vmax'):
        t = {'vadd': ta + tb, 'vsub': ta - tb, 'vabsdiff': abs(ta - tb), 'vmin': min(ta, tb),
             'vmax': max(ta, tb)}[op]
        # vadd/vsub narrow to 32 bits before .min/.max; unsigned .sat clamps only below
        return finish(t, c, d_signed, sat, form['op2'], form['dsel'], False, op in ('vadd', 'vsub'), False, False)
    if op in ('vshl', 'vshr'):
        s = min(tb & M32, 32) if 'clamp' in mods else tb & 31
        if op == 'vshr':
            t = ta >> s
        else:  # wraps at 64 bits, at 34 with .sat
            t = signed(ta << s, 34 if sat else 64)
        # .sat with .min/.max narrows the clamped word, .sat with a merge clamps to d's range
        # (both not recorded)
        return finish(t, c, d_signed, sat, form['op2'], form['dsel'], True, False, True, True)
    if op == 'vmad':
        neg_a, neg_b, neg_c = form['neg']
        signed_final = types[1] or types[2] or neg_a or neg_b or neg_c
        # the words multiplied as signed on 64 bits (with negation or .po: not recorded)
        product = signed(ta, 32) * signed(tb, 32)
        t = (-product if neg_a != neg_b else product) + (-signed(c, 32) if neg_c else signed(c, 32))
        t += 1 if 'po' in mods else 0
        scale = 7 if 'shr7' in mods else 15 if 'shr15' in mods else 0
        if scale:
            t = t >> scale if signed_final else (t & M64) >> scale
        if sat:
            t = max(-2**31, min(2**31 - 1, t)) if signed_final else max(0, min(M32, t))
        return t & M32
    raise ValueError(f'not a scalar video instruction: {op}')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('recording')
    ap.add_argument('--forms', help='A-B: only forms A to B')
    args = ap.parse_args()
    rec = Path(args.recording)
    if rec.is_dir():
        files = {name: (rec / name).read_bytes() for name in ('index.txt', 'inputs.bin', 'outputs.bin')}
    else:
        with tarfile.open(rec, 'r:xz') as tar:
            files = {name: tar.extractfile(name).read() for name in ('index.txt', 'inputs.bin', 'outputs.bin')}
    texts = [line.split('\t')[1] for line in files['index.txt'].decode().splitlines()]
    inputs = files['inputs.bin']
    n = len(inputs) // 12
    a_s, b_s, c_s = (struct.unpack(f'<{n}I', inputs[4 * n * k:4 * n * (k + 1)]) for k in range(3))
    outputs = files['outputs.bin']
    first, last = 0, len(texts) - 1
    if args.forms:
        first, last = (int(x) for x in args.forms.split('-'))
    bad = 0
    for k in range(first, last + 1):
        form = parse(texts[k])
        got = struct.unpack(f'<{n}I', outputs[4 * n * k:4 * n * (k + 1)])
        wrong = [(a, b, c, g, m) for a, b, c, g in zip(a_s, b_s, c_s, got) if (m := model(form, a, b, c)) != g]
        if wrong:
            bad += 1
            shown = ', '.join(f'a={a:#x} b={b:#x} c={c:#x}: {g:#x}, the model {m:#x}' for a, b, c, g, m in wrong[:3])
            print(f'form {k} {texts[k]}: {len(wrong)} of {n} differ ({shown})')
    print(f'{last - first + 1} forms x {n} operand triples: {last - first + 1 - bad} as the model, {bad} differ')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
