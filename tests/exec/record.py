#!/usr/bin/env python3
"""Hardware-truth recorder for the execution tests (tests/exec).

Reads tests/exec/kernels.json (one entry per kernel launch case), generates each case's inputs
deterministically, launches every applicable PTX variant from tests/inputs/cuda/ptx on an NVIDIA
GPU through the CUDA driver API (ctypes on libcuda; no numpy, CuPy or toolkit needed), and writes
the outputs under tests/exec/expected/. See tests/exec/README.md for the formats.

  record.py validate                 manifest + PTX consistency checks (no GPU)
  record.py inputs                   (re)write tests/exec/inputs/ (no GPU)
  record.py record [--fake]          run everything, write tests/exec/expected/
  record.py summary                  re-print the agreement summary from expected/index.json
  record.py verify                   no-GPU check that expected/ matches the manifest and PTX

Pure Python 3.8+ standard library only.
"""
import argparse
import ctypes
import fnmatch
import hashlib
import json
import math
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, '..', '..'))
MANIFEST = os.path.join(HERE, 'kernels.json')
INPUTS_DIR = os.path.join(HERE, 'inputs')
EXPECTED_DIR = os.path.join(HERE, 'expected')

# Reference variant preference: the first of these that ran is stored under its own name; every
# other variant whose bytes are identical points at the same file.
REFERENCE_ORDER = ['nvcc.sm_90.O3', 'nvcc.sm_80.O3', 'nvcc.sm_75.O3', 'nvcc.sm_90.lineinfo',
                   'clang.sm_90.O3', 'clang.sm_80.O3', 'nvcc.sm_90.O0', 'nvcc.sm_75.O0',
                   'nvcc.sm_80.G', 'clang.sm_80.O0', 'nvcc.sm_120.O3']

# --------------------------------------------------------------------------------------------
# Element types and value encoding
# --------------------------------------------------------------------------------------------
TYPES = {  # name: (size, kind, struct code for ints)
    'i8': (1, 'int', 'b'), 'u8': (1, 'int', 'B'), 'i16': (2, 'int', 'h'), 'u16': (2, 'int', 'H'),
    'i32': (4, 'int', 'i'), 'u32': (4, 'int', 'I'), 'i64': (8, 'int', 'q'), 'u64': (8, 'int', 'Q'),
    'f16': (2, 'float', None), 'bf16': (2, 'float', None), 'f32': (4, 'float', None),
    'f64': (8, 'float', None),
}
# (mantissa bits, minimum normal exponent, maximum exponent, bias)
FLOAT_FORMATS = {'f16': (10, -14, 15, 15), 'bf16': (7, -126, 127, 127),
                 'f32': (23, -126, 127, 127), 'f64': (52, -1022, 1023, 1023)}
QNAN = {'f16': 0x7e00, 'bf16': 0x7fc0, 'f32': 0x7fc00000, 'f64': 0x7ff8000000000000}


def type_size(ty):
    return TYPES[ty][0]


def is_float(ty):
    return TYPES[ty][1] == 'float'


def sign_bit(ty):
    return 1 << (8 * type_size(ty) - 1)


def round_double_to(ty, d):
    """Bit pattern of the element type nearest to the double d (round to nearest, ties to even,
    one rounding; overflow gives infinity)."""
    mbits, emin, emax, bias = FLOAT_FORMATS[ty]
    width = 8 * type_size(ty)
    sign = sign_bit(ty) if math.copysign(1.0, d) < 0 else 0
    if math.isnan(d):
        return QNAN[ty] | sign
    if math.isinf(d):
        return sign | (((1 << (width - 1 - mbits)) - 1) << mbits)
    if d == 0.0:
        return sign
    frac, exp = math.frexp(abs(d))          # abs(d) = frac * 2**exp, 0.5 <= frac < 1
    m = int(frac * (1 << 53))                # exact
    e2 = exp - 53                            # abs(d) = m * 2**e2
    top = m.bit_length() - 1 + e2            # floor(log2(abs(d)))
    qexp = max(top, emin) - mbits            # exponent of one unit in the last place
    shift = qexp - e2
    if shift <= 0:
        r = m << (-shift)
    else:
        r = m >> shift
        rem = m & ((1 << shift) - 1)
        half = 1 << (shift - 1)
        if rem > half or (rem == half and (r & 1)):
            r += 1
    if r >> (mbits + 1):                     # rounding carried into a new binade
        r >>= 1
        qexp += 1
    if r < (1 << mbits):                     # subnormal (or zero after rounding)
        return sign | r
    e = qexp + mbits
    if e > emax:
        return sign | (((1 << (width - 1 - mbits)) - 1) << mbits)
    return sign | ((e + bias) << mbits) | (r - (1 << mbits))


def bits_to_double(ty, bits):
    if ty == 'f64':
        return struct.unpack('<d', struct.pack('<Q', bits))[0]
    if ty == 'f32':
        return struct.unpack('<f', struct.pack('<I', bits))[0]
    if ty == 'bf16':
        return struct.unpack('<f', struct.pack('<I', bits << 16))[0]
    if ty == 'f16':
        return struct.unpack('<e', struct.pack('<H', bits))[0]
    raise ValueError(ty)


def value_bits(ty, v):
    """Raw bit pattern (unsigned int) of one element given as a manifest value."""
    size = type_size(ty)
    mask = (1 << (8 * size)) - 1
    if isinstance(v, str):
        s = v.strip().lower()
        if s.startswith('0x'):
            return int(s, 16) & mask
        if not is_float(ty):
            return int(s, 0) & mask
        special = {'inf': float('inf'), '+inf': float('inf'), '-inf': float('-inf'),
                   'nan': None, '+nan': None, '-nan': None}
        if s in special:
            if special[s] is None:
                return QNAN[ty] | (sign_bit(ty) if s.startswith('-') else 0)
            return round_double_to(ty, special[s])
        return round_double_to(ty, float(s))
    if isinstance(v, bool):
        v = int(v)
    if is_float(ty):
        return round_double_to(ty, float(v))
    if isinstance(v, float):
        if v != int(v):
            raise ValueError('non-integer value %r for %s' % (v, ty))
        v = int(v)
    return v & mask


def pack_bits(ty, bits):
    return int(bits).to_bytes(type_size(ty), 'little')


def unpack_elements(ty, data):
    size = type_size(ty)
    return [int.from_bytes(data[k:k + size], 'little') for k in range(0, len(data), size)]


# --------------------------------------------------------------------------------------------
# Deterministic generators
# --------------------------------------------------------------------------------------------
M64 = (1 << 64) - 1


def splitmix64(seed):
    state = seed & M64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        yield z ^ (z >> 31)


def gen_segment(ty, seg, count):
    """Bit patterns of `count` elements of one generator segment."""
    g = seg['gen']
    size = type_size(ty)
    mask = (1 << (8 * size)) - 1
    if g == 'const':
        b = value_bits(ty, seg['value'])
        return [b] * count
    if g == 'iota':
        start, step = seg.get('start', 0), seg.get('step', 1)
        if is_float(ty):
            return [round_double_to(ty, float(start + j * step)) for j in range(count)]
        return [(start + j * step) & mask for j in range(count)]
    if g == 'values':
        vals = seg['values']
        if count > len(vals):
            raise ValueError('values segment has %d values, %d needed' % (len(vals), count))
        return [value_bits(ty, vals[j]) for j in range(count)]
    if g in ('cross-a', 'cross-b'):
        vals = [value_bits(ty, v) for v in seg['values']]
        n = len(vals)
        if g == 'cross-a':
            return [vals[(j // n) % n] for j in range(count)]
        return [vals[j % n] for j in range(count)]
    rng = splitmix64(seg['seed'])
    if g == 'random-bits':
        return [next(rng) & mask for _ in range(count)]
    if g == 'random-int':
        lo, hi = int(seg['lo']), int(seg['hi'])
        span = hi - lo + 1
        return [value_bits(ty, lo + next(rng) % span) for _ in range(count)]
    if g == 'choice':
        vals = [value_bits(ty, v) for v in seg['values']]
        return [vals[next(rng) % len(vals)] for _ in range(count)]
    if g == 'random-float':
        lo, hi = float(seg['lo']), float(seg['hi'])
        t = hi - lo
        out = []
        for _ in range(count):
            u = (next(rng) >> 11) * (1.0 / 9007199254740992.0)   # exact: [0, 1) in steps of 2^-53
            d = lo + t * u                                       # two roundings, no fma
            if not is_float(ty):
                raise ValueError('random-float for integer type %s' % ty)
            out.append(round_double_to(ty, d))
        return out
    raise ValueError('unknown generator %r' % g)


def gen_buffer(ty, count, init):
    if 'segments' in init:
        segments, patch = init['segments'], init.get('patch', [])
    else:
        segments, patch = [init], []
    bits = []
    for k, seg in enumerate(segments):
        left = count - len(bits)
        n = seg.get('count', left if k == len(segments) - 1 else None)
        if n is None:
            raise ValueError('only the last segment may omit "count"')
        if n > left:
            raise ValueError('segments give more than %d elements' % count)
        bits.extend(gen_segment(ty, seg, n))
    if len(bits) != count:
        raise ValueError('segments give %d elements, buffer has %d' % (len(bits), count))
    for idx, v in patch:
        bits[idx] = value_bits(ty, v)
    return b''.join(pack_bits(ty, b) for b in bits)


def struct_bytes(p):
    data = bytearray(p['size'])
    if 'hex' in p:
        raw = bytes.fromhex(p['hex'])
        data[:len(raw)] = raw
    for f in p.get('fields', []):
        b = pack_bits(f['type'], value_bits(f['type'], f['value']))
        data[f['offset']:f['offset'] + len(b)] = b
    return bytes(data)


def scalar_bytes(p):
    return pack_bits(p['type'], value_bits(p['type'], p['value']))


# --------------------------------------------------------------------------------------------
# Manifest, PTX variants, layouts
# --------------------------------------------------------------------------------------------
# Texture and surface parameters (README, "Textures and surfaces"): the texels' element type
# and CUarray_format, the element count, the array dimensions.
TEXEL_FORMATS = {'u8': 0x01, 'u16': 0x02, 'u32': 0x03, 'i8': 0x08, 'i16': 0x09, 'i32': 0x0a,
                 'f16': 0x10, 'f32': 0x20}
ADDRESS_MODES = {'wrap': 0, 'clamp': 1, 'mirror': 2, 'border': 3}
CU_TRSF_READ_AS_INTEGER, CU_TRSF_NORMALIZED_COORDINATES, CU_TRSF_SRGB = 0x01, 0x02, 0x10
CUDA_ARRAY3D_SURFACE_LDST = 0x02


def is_image(p):
    return p['kind'] in ('texture', 'surface')


def texel_count(p):
    w, h, d = p['extent']
    return w * max(h, 1) * max(d, 1) * p['channels']


def image_flags(p):
    return p.get('array_flags', 0) | (CUDA_ARRAY3D_SURFACE_LDST if p['kind'] == 'surface' else 0)


def sampler_words(p):
    """(address modes, filter, CU_TRSF flags, border colour bit patterns) of a texture."""
    s = p.get('sampler', {})
    modes = [ADDRESS_MODES[m] for m in s.get('address', ['clamp'] * 3)]
    flags = 0 if s.get('read', 'element') == 'normalized' else CU_TRSF_READ_AS_INTEGER
    flags |= CU_TRSF_NORMALIZED_COORDINATES if s.get('normalized_coords') else 0
    flags |= CU_TRSF_SRGB if s.get('srgb') else 0
    border = [value_bits('f32', v) for v in s.get('border', [0, 0, 0, 0])]
    return modes, 1 if s.get('filter', 'point') == 'linear' else 0, flags, border


def load_manifest(path=MANIFEST):
    with open(path) as f:
        m = json.load(f)
    if m.get('format') != 'ptx2metal-exec-manifest' or m.get('version') != 1:
        raise SystemExit('%s: unexpected format/version' % path)
    global FILL_BYTE
    FILL_BYTE = m.get('output_fill_byte', 0xA5)
    return m


def load_ptx_table(m):
    rows = []
    with open(os.path.join(REPO, m['ptx_manifest'])) as f:
        header = f.readline().rstrip('\n').split('\t')
        for line in f:
            if line.strip():
                rows.append(dict(zip(header, line.rstrip('\n').split('\t'))))
    return rows


def variant_id(row):
    return '%s.%s.%s' % (row['compiler'], row['arch'], row['opt'])


def case_variants(case, ptx_rows):
    """(variant id, ptx file name) for every PTX build of the case's source the case applies to."""
    rows = [r for r in ptx_rows if r['source'] == case['source']]
    spec = case.get('variants', 'all')
    out = []
    for r in rows:
        v = variant_id(r)
        if isinstance(spec, dict):
            if 'only' in spec and not any(fnmatch.fnmatch(v, p) for p in spec['only']):
                continue
            if any(fnmatch.fnmatch(v, p) for p in spec.get('exclude', [])):
                continue
        out.append((v, r['file']))
    return out


def outputs_layout(case):
    """Pieces of the expected-output blob, in order: output/inout buffers in parameter order,
    then globals_out."""
    pieces, off = [], 0
    for k, p in enumerate(case['params']):
        if p['kind'] == 'buffer' and p['role'] in ('output', 'inout'):
            nbytes = p['count'] * type_size(p['type'])
            piece = {'name': p['name'], 'param': k, 'type': p['type'], 'count': p['count'],
                     'offset': off, 'bytes': nbytes, 'check': p.get('check', 'exact')}
            if p.get('checks'):
                piece['checks'] = p['checks']
            pieces.append(piece)
            off += nbytes
        elif p['kind'] == 'surface' and p.get('role', 'input') == 'inout':
            nbytes = texel_count(p) * type_size(p['format'])
            pieces.append({'name': p['name'], 'param': k, 'type': p['format'], 'count': texel_count(p),
                           'offset': off, 'bytes': nbytes, 'check': p.get('check', 'exact')})
            off += nbytes
    for g in case.get('globals_out', []):
        nbytes = g['count'] * type_size(g['type'])
        pieces.append({'name': g['name'], 'global': True, 'type': g['type'], 'count': g['count'],
                       'offset': off, 'bytes': nbytes, 'check': g.get('check', 'exact')})
        off += nbytes
    return pieces, off


def inputs_layout(case):
    pieces, off = [], 0
    for k, p in enumerate(case['params']):
        if p['kind'] == 'buffer' and p['role'] in ('input', 'inout'):
            nbytes = p['count'] * type_size(p['type'])
            pieces.append({'name': p['name'], 'param': k, 'type': p['type'], 'count': p['count'],
                           'offset': off, 'bytes': nbytes})
            off += nbytes
        elif is_image(p):
            nbytes = texel_count(p) * type_size(p['format'])
            pieces.append({'name': p['name'], 'param': k, 'type': p['format'], 'count': texel_count(p),
                           'offset': off, 'bytes': nbytes})
            off += nbytes
    return pieces, off


def make_inputs(case):
    chunks = []
    for p in case['params']:
        if p['kind'] == 'buffer' and p['role'] in ('input', 'inout'):
            chunks.append(gen_buffer(p['type'], p['count'], p['init']))
        elif is_image(p):
            chunks.append(gen_buffer(p['format'], texel_count(p), p['init']))
    return b''.join(chunks)


def json_text(obj, width=100):
    """JSON with small objects and lists of scalars kept on one line (stable, diff-friendly)."""
    def fmt(o, ind, col):
        one = json.dumps(o, separators=(', ', ': '))
        scalars = isinstance(o, list) and all(not isinstance(x, (list, dict)) for x in o)
        if len(one) + col <= width or scalars or not o or not isinstance(o, (list, dict)):
            return one
        pad = ' ' * (ind + 2)
        if isinstance(o, dict):
            parts = []
            for k, v in o.items():
                head = pad + json.dumps(k) + ': '
                parts.append(head + fmt(v, ind + 2, len(head)))
            return '{\n' + ',\n'.join(parts) + '\n' + ' ' * ind + '}'
        return '[\n' + ',\n'.join(pad + fmt(v, ind + 2, ind + 2) for v in o) + '\n' + ' ' * ind + ']'
    return fmt(obj, 0, 0) + '\n'


def safe_name(s):
    return re.sub(r'[^A-Za-z0-9_.-]', '_', s)


# --------------------------------------------------------------------------------------------
# PTX inspection (validation only)
# --------------------------------------------------------------------------------------------
PTX_SIZES = {'8': 1, '16': 2, '32': 4, '64': 8}


def ptx_entries(text):
    """{entry name: {'params': [(size, align or None)], 'directives': text}}"""
    out = {}
    for m in re.finditer(r'\.entry\s+([\w$]+)\s*\(([^)]*)\)([^{]*)\{', text):
        params = []
        for decl in m.group(2).split(','):
            decl = decl.strip()
            if not decl:
                continue
            toks = decl.split()
            align = None
            if '.align' in toks:
                align = int(toks[toks.index('.align') + 1])
            ty = next(t for t in toks[1:] if re.match(r'\.[subf](8|16|32|64)$', t))
            arr = re.search(r'\[(\d+)\]$', toks[-1])
            size = int(arr.group(1)) * PTX_SIZES[ty[2:]] if arr else PTX_SIZES[ty[2:]]
            params.append((size, align if arr else None))
        out[m.group(1)] = {'params': params, 'directives': m.group(3)}
    return out


def ptx_target(text):
    m = re.search(r'^\s*\.target\s+(sm_\d+)', text, re.M)
    return m.group(1) if m else None


def validate(m, ptx_rows, verbose=True):
    errors, warnings = [], []
    ptx_cache = {}

    def entries_of(fname):
        if fname not in ptx_cache:
            with open(os.path.join(REPO, m['ptx_dir'], fname)) as f:
                ptx_cache[fname] = ptx_entries(f.read())
        return ptx_cache[fname]

    names = set()
    for case in m['cases']:
        nm = case['name']
        if nm in names:
            errors.append('%s: duplicate case name' % nm)
        names.add(nm)
        if not re.match(r'^[A-Za-z0-9_.-]+$', nm):
            errors.append('%s: name must be [A-Za-z0-9_.-]' % nm)
        threads = case['block'][0] * case['block'][1] * case['block'][2]
        if threads > 1024:
            errors.append('%s: %d threads per block' % (nm, threads))
        try:
            make_inputs(case)
        except Exception as e:  # noqa
            errors.append('%s: input generation: %s' % (nm, e))
        for p in case['params']:
            if p['kind'] == 'buffer':
                if p['type'] not in TYPES or p['role'] not in ('input', 'output', 'inout'):
                    errors.append('%s: bad buffer %s' % (nm, p['name']))
                for c in [p.get('check', 'exact')] + [r['check'] for r in p.get('checks', [])]:
                    if not check_syntax_ok(c):
                        errors.append('%s.%s: bad check %r' % (nm, p['name'], c))
            elif p['kind'] == 'struct':
                if len(struct_bytes(p)) != p['size']:
                    errors.append('%s: struct %s size' % (nm, p['name']))
            elif is_image(p):
                if (p['format'] not in TEXEL_FORMATS or p['channels'] not in (1, 2, 4)
                        or p.get('resource', 'array') not in ('array', 'linear', 'pitch2d')
                        or (p['kind'] == 'surface' and p.get('resource', 'array') != 'array')):
                    errors.append('%s: bad %s %s' % (nm, p['kind'], p['name']))
        variants = case_variants(case, ptx_rows)
        if not variants:
            errors.append('%s: no PTX variants for %s' % (nm, case['source']))
        for v, fname in variants:
            ents = entries_of(fname)
            if case['kernel'] not in ents:
                errors.append('%s: %s has no .entry %s' % (nm, fname, case['kernel']))
                continue
            ptx_params = ents[case['kernel']]['params']
            if len(ptx_params) != len(case['params']):
                errors.append('%s: %s declares %d params, manifest %d' % (
                    nm, fname, len(ptx_params), len(case['params'])))
                continue
            for k, (p, (size, align)) in enumerate(zip(case['params'], ptx_params)):
                want = {'buffer': 8, 'texture': 8, 'surface': 8,
                        'scalar': type_size(p['type']) if p['kind'] == 'scalar' else 0,
                        'struct': p.get('size')}[p['kind']]
                if want != size:
                    errors.append('%s: %s param %d (%s): PTX size %d, manifest %d' % (
                        nm, fname, k, p['name'], size, want))
                if p['kind'] == 'struct' and align is not None and align != p['align']:
                    warnings.append('%s: %s param %d align %d, manifest %d' % (
                        nm, fname, k, align, p['align']))
            d = ents[case['kernel']]['directives']
            mt = re.search(r'\.maxntid\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?', d)
            if mt:
                lim = 1
                for x in mt.groups():
                    lim *= int(x) if x else 1
                if threads > lim:
                    errors.append('%s: %s .maxntid %d < %d threads' % (nm, fname, lim, threads))
            rc = re.search(r'\.reqnctapercluster\s+(\d+)', d)
            if rc and case['grid'][0] % int(rc.group(1)):
                errors.append('%s: grid not a multiple of the cluster size' % nm)
    if verbose:
        for w in warnings:
            print('warning:', w)
        for e in errors:
            print('error:', e)
    return errors


# --------------------------------------------------------------------------------------------
# Checks (the reference semantics of "check" strings; also used for the agreement report)
# --------------------------------------------------------------------------------------------
def check_syntax_ok(c):
    if c in ('exact', 'nondeterministic'):
        return True
    if c.startswith('range:'):
        return re.match(r'^range:[-+0-9.eE]+\.\.[-+0-9.eE]+$', c) is not None
    for alt in c.split('|'):
        if not re.match(r'^(ulp:\d+|abs:[0-9.eE+-]+|rel:[0-9.eE+-]+)$', alt):
            return False
    return True


def ordered(ty, bits):
    sb = sign_bit(ty)
    return -(bits & (sb - 1)) if bits & sb else bits


def element_ok(ty, check, ebits, abits):
    if check == 'nondeterministic' or ebits == abits:
        return True
    if check == 'exact':
        return False
    if check.startswith('range:'):
        lo, hi = (float(x) for x in check[6:].split('..'))
        if is_float(ty):
            a = bits_to_double(ty, abits)
        else:
            a = abits - (1 << 8 * type_size(ty)) if (TYPES[ty][2].islower() and abits & sign_bit(ty)) else abits
        return lo <= a <= hi
    if not is_float(ty):
        return False
    e, a = bits_to_double(ty, ebits), bits_to_double(ty, abits)
    if math.isnan(e) or math.isnan(a):
        return math.isnan(e) and math.isnan(a)
    if math.isinf(e) or math.isinf(a):
        return False
    for alt in check.split('|'):
        kind, val = alt.split(':')
        if kind == 'ulp' and abs(ordered(ty, ebits) - ordered(ty, abits)) <= int(val):
            return True
        if kind == 'abs' and abs(a - e) <= float(val):
            return True
        if kind == 'rel' and abs(a - e) <= float(val) * abs(e):
            return True
    return False


def element_check(piece, idx):
    for r in piece.get('checks', []):
        if idx % r['stride'] in r['index']:
            return r['check']
    return piece['check']


def compare_blobs(pieces, ref, got, max_examples=4):
    """Per output piece: elements that differ bitwise and elements that fail their check."""
    report = []
    for pc in pieces:
        ty, off, nb = pc['type'], pc['offset'], pc['bytes']
        if ref[off:off + nb] == got[off:off + nb]:
            continue
        e = unpack_elements(ty, ref[off:off + nb])
        a = unpack_elements(ty, got[off:off + nb])
        diff = fail = 0
        slots, examples = {}, []
        stride = max([r['stride'] for r in pc.get('checks', [])] or [0])
        for i, (x, y) in enumerate(zip(e, a)):
            if x == y:
                continue
            diff += 1
            chk = element_check(pc, i)
            ok = element_ok(ty, chk, x, y)
            if not ok:
                fail += 1
                if len(examples) < max_examples:
                    examples.append({'index': i, 'expected': '0x%0*x' % (2 * type_size(ty), x),
                                     'got': '0x%0*x' % (2 * type_size(ty), y)})
            key = str(i % stride) if stride else '*'
            slots.setdefault(key, [0, 0])
            slots[key][0] += 1
            slots[key][1] += 0 if ok else 1
        report.append({'output': pc['name'], 'differing': diff, 'failing': fail,
                       'by_slot': {k: {'differing': v[0], 'failing': v[1]} for k, v in sorted(
                           slots.items(), key=lambda kv: (len(kv[0]), kv[0]))},
                       'examples': examples})
    return report


# --------------------------------------------------------------------------------------------
# CUDA driver through ctypes
# --------------------------------------------------------------------------------------------
class CudaError(Exception):
    def __init__(self, call, code, name):
        Exception.__init__(self, '%s failed: %s (%d)' % (call, name, code))
        self.call, self.code, self.name = call, code, name


class CUlaunchAttribute(ctypes.Structure):
    _fields_ = [('id', ctypes.c_int), ('pad', ctypes.c_char * 4), ('value', ctypes.c_char * 64)]


class CUlaunchConfig(ctypes.Structure):
    _fields_ = [('gridDimX', ctypes.c_uint), ('gridDimY', ctypes.c_uint), ('gridDimZ', ctypes.c_uint),
                ('blockDimX', ctypes.c_uint), ('blockDimY', ctypes.c_uint), ('blockDimZ', ctypes.c_uint),
                ('sharedMemBytes', ctypes.c_uint), ('hStream', ctypes.c_void_p),
                ('attrs', ctypes.POINTER(CUlaunchAttribute)), ('numAttrs', ctypes.c_uint)]


CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
CU_FUNC_ATTRIBUTE_NUM_REGS = 4
CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 3, 4
CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 5, 6


class CUDA_ARRAY3D_DESCRIPTOR(ctypes.Structure):
    _fields_ = [('Width', ctypes.c_size_t), ('Height', ctypes.c_size_t), ('Depth', ctypes.c_size_t),
                ('Format', ctypes.c_int), ('NumChannels', ctypes.c_uint), ('Flags', ctypes.c_uint)]


class CUDA_MEMCPY3D(ctypes.Structure):
    _fields_ = [(n, t) for n, t in (
        ('srcXInBytes', ctypes.c_size_t), ('srcY', ctypes.c_size_t), ('srcZ', ctypes.c_size_t),
        ('srcLOD', ctypes.c_size_t), ('srcMemoryType', ctypes.c_int), ('srcHost', ctypes.c_void_p),
        ('srcDevice', ctypes.c_uint64), ('srcArray', ctypes.c_void_p), ('reserved0', ctypes.c_void_p),
        ('srcPitch', ctypes.c_size_t), ('srcHeight', ctypes.c_size_t),
        ('dstXInBytes', ctypes.c_size_t), ('dstY', ctypes.c_size_t), ('dstZ', ctypes.c_size_t),
        ('dstLOD', ctypes.c_size_t), ('dstMemoryType', ctypes.c_int), ('dstHost', ctypes.c_void_p),
        ('dstDevice', ctypes.c_uint64), ('dstArray', ctypes.c_void_p), ('reserved1', ctypes.c_void_p),
        ('dstPitch', ctypes.c_size_t), ('dstHeight', ctypes.c_size_t),
        ('WidthInBytes', ctypes.c_size_t), ('Height', ctypes.c_size_t), ('Depth', ctypes.c_size_t))]


class CUDA_RESOURCE_DESC(ctypes.Structure):
    # res: array {hArray} | linear {devPtr, format, numChannels, sizeInBytes} |
    # pitch2D {devPtr, format, numChannels, width, height, pitchInBytes}, as 128 raw bytes.
    _fields_ = [('resType', ctypes.c_int), ('pad', ctypes.c_int), ('res', ctypes.c_char * 128),
                ('flags', ctypes.c_uint), ('pad2', ctypes.c_uint)]


class CUDA_TEXTURE_DESC(ctypes.Structure):
    _fields_ = [('addressMode', ctypes.c_int * 3), ('filterMode', ctypes.c_int), ('flags', ctypes.c_uint),
                ('maxAnisotropy', ctypes.c_uint), ('mipmapFilterMode', ctypes.c_int),
                ('mipmapLevelBias', ctypes.c_float), ('minMipmapLevelClamp', ctypes.c_float),
                ('maxMipmapLevelClamp', ctypes.c_float), ('borderColor', ctypes.c_uint32 * 4),
                ('reserved', ctypes.c_int * 12)]


CU_MEMORYTYPE_HOST, CU_MEMORYTYPE_ARRAY = 1, 3
CU_RESOURCE_TYPE_ARRAY, CU_RESOURCE_TYPE_LINEAR, CU_RESOURCE_TYPE_PITCH2D = 0, 2, 3


def image_copy(array, host, p, to_array):
    """A CUDA_MEMCPY3D between a packed host image and `array`."""
    w, h, d = p['extent']
    row = w * p['channels'] * type_size(p['format'])
    c = CUDA_MEMCPY3D()
    host_side = ('src' if to_array else 'dst')
    array_side = ('dst' if to_array else 'src')
    setattr(c, host_side + 'MemoryType', CU_MEMORYTYPE_HOST)
    setattr(c, host_side + 'Host', ctypes.cast(host, ctypes.c_void_p))
    setattr(c, host_side + 'Pitch', row)
    setattr(c, host_side + 'Height', max(h, 1))
    setattr(c, array_side + 'MemoryType', CU_MEMORYTYPE_ARRAY)
    setattr(c, array_side + 'Array', array)
    c.WidthInBytes, c.Height, c.Depth = row, max(h, 1), max(d, 1)
    return c


class CudaDevice:
    def __init__(self, library='libcuda.so.1'):
        # `library`: another libcuda.so.1 by path (tests/gpu/check_texture_descriptors.py
        # drives ptx2metal's through this class).
        self.lib = ctypes.CDLL(library)
        L = self.lib
        u64, vp, sz = ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t
        sig = {
            'cuInit': [ctypes.c_uint], 'cuDeviceGet': [ctypes.POINTER(ctypes.c_int), ctypes.c_int],
            'cuDevicePrimaryCtxRetain': [ctypes.POINTER(vp), ctypes.c_int],
            'cuCtxSetCurrent': [vp], 'cuCtxSynchronize': [],
            'cuMemAlloc_v2': [ctypes.POINTER(u64), sz], 'cuMemFree_v2': [u64],
            'cuMemcpyHtoD_v2': [u64, vp, sz], 'cuMemcpyDtoH_v2': [vp, u64, sz],
            'cuMemsetD8_v2': [u64, ctypes.c_ubyte, sz],
            'cuModuleLoadDataEx': [ctypes.POINTER(vp), vp, ctypes.c_uint,
                                   ctypes.POINTER(ctypes.c_int), ctypes.POINTER(vp)],
            'cuModuleUnload': [vp],
            'cuModuleGetFunction': [ctypes.POINTER(vp), vp, ctypes.c_char_p],
            'cuModuleGetGlobal_v2': [ctypes.POINTER(u64), ctypes.POINTER(sz), vp, ctypes.c_char_p],
            'cuFuncSetAttribute': [vp, ctypes.c_int, ctypes.c_int],
            'cuFuncGetAttribute': [ctypes.POINTER(ctypes.c_int), ctypes.c_int, vp],
            'cuLaunchKernel': [vp] + [ctypes.c_uint] * 7 + [vp, ctypes.POINTER(vp), ctypes.POINTER(vp)],
            'cuLaunchKernelEx': [ctypes.POINTER(CUlaunchConfig), vp, ctypes.POINTER(vp),
                                 ctypes.POINTER(vp)],
            'cuGetErrorName': [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)],
            'cuDriverGetVersion': [ctypes.POINTER(ctypes.c_int)],
            'cuDeviceGetName': [ctypes.c_char_p, ctypes.c_int, ctypes.c_int],
            'cuDeviceGetAttribute': [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int],
            'cuArray3DCreate_v2': [ctypes.POINTER(vp), ctypes.POINTER(CUDA_ARRAY3D_DESCRIPTOR)],
            'cuArrayDestroy': [vp], 'cuMemcpy3D_v2': [ctypes.POINTER(CUDA_MEMCPY3D)],
            'cuTexObjectCreate': [ctypes.POINTER(u64), ctypes.POINTER(CUDA_RESOURCE_DESC),
                                  ctypes.POINTER(CUDA_TEXTURE_DESC), vp],
            'cuTexObjectDestroy': [u64],
            'cuSurfObjectCreate': [ctypes.POINTER(u64), ctypes.POINTER(CUDA_RESOURCE_DESC)],
            'cuSurfObjectDestroy': [u64],
        }
        for name, args in sig.items():
            fn = getattr(L, name)
            fn.argtypes, fn.restype = args, ctypes.c_int
        self.call('cuInit', 0)
        dev = ctypes.c_int()
        self.call('cuDeviceGet', ctypes.byref(dev), 0)
        self.dev = dev.value
        ctx = ctypes.c_void_p()
        self.call('cuDevicePrimaryCtxRetain', ctypes.byref(ctx), self.dev)
        self.call('cuCtxSetCurrent', ctx)
        self.libc = ctypes.CDLL(None)

    def err_name(self, code):
        s = ctypes.c_char_p()
        if self.lib.cuGetErrorName(code, ctypes.byref(s)) == 0 and s.value:
            return s.value.decode()
        return 'CUDA_ERROR_%d' % code

    def call(self, name, *args):
        rc = getattr(self.lib, name)(*args)
        if rc != 0:
            raise CudaError(name, rc, self.err_name(rc))

    def info(self):
        v = ctypes.c_int()
        self.call('cuDriverGetVersion', ctypes.byref(v))
        name = ctypes.create_string_buffer(256)
        self.call('cuDeviceGetName', name, 256, self.dev)
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.call('cuDeviceGetAttribute', ctypes.byref(major), 75, self.dev)
        self.call('cuDeviceGetAttribute', ctypes.byref(minor), 76, self.dev)
        return {'device': name.value.decode(), 'cc': major.value * 10 + minor.value,
                'driver_api_version': v.value}

    def run(self, case, ptx_text, inputs, capture_stdout):
        """Returns dict(outputs=bytes, stdout=str|None, launch=str, regs=int, jit_log=str)."""
        res = {'jit_log': ''}
        mod = ctypes.c_void_p()
        info_buf, err_buf = ctypes.create_string_buffer(1 << 16), ctypes.create_string_buffer(1 << 16)
        opts = (ctypes.c_int * 4)(CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                                  CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        vals = (ctypes.c_void_p * 4)(ctypes.cast(info_buf, ctypes.c_void_p).value, 1 << 16,
                                     ctypes.cast(err_buf, ctypes.c_void_p).value, 1 << 16)
        image = ctypes.create_string_buffer(ptx_text.encode())
        rc = self.lib.cuModuleLoadDataEx(ctypes.byref(mod), image, 4, opts, vals)
        log = (info_buf.value + err_buf.value).decode(errors='replace').strip()
        res['jit_log'] = log[-4000:]
        if rc != 0:
            e = CudaError('cuModuleLoadDataEx', rc, self.err_name(rc))
            e.jit_log = log
            e.sticky = False
            raise e
        allocs, images = [], []  # device memory; (kind, object, array or None, param) of images
        try:
            fn = ctypes.c_void_p()
            self.call('cuModuleGetFunction', ctypes.byref(fn), mod, case['kernel'].encode())
            regs = ctypes.c_int()
            self.call('cuFuncGetAttribute', ctypes.byref(regs), CU_FUNC_ATTRIBUTE_NUM_REGS, fn)
            res['regs'] = regs.value
            if case.get('shared_bytes', 0) > 48 * 1024:
                self.call('cuFuncSetAttribute', fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                          case['shared_bytes'])
            in_layout, _ = inputs_layout(case)
            in_off = {pc['param']: pc for pc in in_layout}
            holders, dptrs = [], {}
            for k, p in enumerate(case['params']):
                if p['kind'] == 'buffer':
                    nbytes = p['count'] * type_size(p['type'])
                    d = ctypes.c_uint64()
                    self.call('cuMemAlloc_v2', ctypes.byref(d), max(nbytes, 1))
                    allocs.append(d.value)
                    dptrs[k] = d.value
                    if k in in_off:
                        pc = in_off[k]
                        chunk = inputs[pc['offset']:pc['offset'] + pc['bytes']]
                        self.call('cuMemcpyHtoD_v2', d.value, chunk, len(chunk))
                    else:
                        self.call('cuMemsetD8_v2', d.value, FILL_BYTE, nbytes)
                    holders.append(ctypes.c_uint64(d.value))
                elif is_image(p):
                    pc = in_off[k]
                    handle = self.make_image(p, inputs[pc['offset']:pc['offset'] + pc['bytes']], allocs, images)
                    dptrs[k] = images[-1]
                    holders.append(ctypes.c_uint64(handle))
                elif p['kind'] == 'scalar':
                    holders.append(ctypes.create_string_buffer(scalar_bytes(p), type_size(p['type'])))
                else:
                    holders.append(ctypes.create_string_buffer(struct_bytes(p), p['size']))
            for g in case.get('globals_in', []):
                d, size = ctypes.c_uint64(), ctypes.c_size_t()
                self.call('cuModuleGetGlobal_v2', ctypes.byref(d), ctypes.byref(size), mod,
                          g['name'].encode())
                data = b''.join(pack_bits(g['type'], value_bits(g['type'], v)) for v in g['values'])
                if len(data) > size.value:
                    raise RuntimeError('global %s has %d bytes, %d given' % (g['name'], size.value, len(data)))
                self.call('cuMemcpyHtoD_v2', d.value, data, len(data))
            params = (ctypes.c_void_p * max(len(holders), 1))(
                *[ctypes.cast(ctypes.pointer(h) if isinstance(h, ctypes.c_uint64) else h,
                              ctypes.c_void_p) for h in holders])
            gx, gy, gz = case['grid']
            bx, by, bz = case['block']
            shm = case.get('shared_bytes', 0)
            use_cluster = case.get('cluster') and not re.search(
                r'\.reqnctapercluster', ptx_entries(ptx_text)[case['kernel']]['directives'])
            stdout_text = None
            saved = None
            if capture_stdout:  # device printf/assert text goes to fd 1 (and maybe 2) at sync
                tmp = tempfile.TemporaryFile()
                sys.stdout.flush()
                sys.stderr.flush()
                self.libc.fflush(None)
                saved = (os.dup(1), os.dup(2))
                os.dup2(tmp.fileno(), 1)
                os.dup2(tmp.fileno(), 2)
            try:
                try:
                    if use_cluster:
                        attr = CUlaunchAttribute()
                        attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
                        ctypes.memmove(ctypes.addressof(attr) + CUlaunchAttribute.value.offset,
                                       struct.pack('<3I', *case['cluster']), 12)
                        cfg = CUlaunchConfig(gx, gy, gz, bx, by, bz, shm, None,
                                             ctypes.pointer(attr), 1)
                        res['launch'] = 'cuLaunchKernelEx(cluster=%s)' % 'x'.join(map(str, case['cluster']))
                        self.call('cuLaunchKernelEx', ctypes.byref(cfg), fn, params, None)
                    else:
                        res['launch'] = 'cuLaunchKernel'
                        self.call('cuLaunchKernel', fn, gx, gy, gz, bx, by, bz, shm, None, params, None)
                    self.call('cuCtxSynchronize')
                finally:
                    if capture_stdout:
                        self.libc.fflush(None)
                        os.dup2(saved[0], 1)
                        os.dup2(saved[1], 2)
                        os.close(saved[0])
                        os.close(saved[1])
                        tmp.seek(0)
                        stdout_text = tmp.read().decode(errors='replace')
                        tmp.close()
            except CudaError as e:
                e.sticky = True
                e.stdout = stdout_text
                raise
            res['stdout'] = stdout_text
            out_layout, total = outputs_layout(case)
            blob = bytearray(total)
            for pc in out_layout:
                if pc.get('global'):
                    d, size = ctypes.c_uint64(), ctypes.c_size_t()
                    self.call('cuModuleGetGlobal_v2', ctypes.byref(d), ctypes.byref(size), mod,
                              pc['name'].encode())
                    src = d.value
                elif is_image(case['params'][pc['param']]):
                    blob[pc['offset']:pc['offset'] + pc['bytes']] = self.read_image(dptrs[pc['param']], pc['bytes'])
                    continue
                else:
                    src = dptrs[pc['param']]
                buf = ctypes.create_string_buffer(pc['bytes'])
                self.call('cuMemcpyDtoH_v2', buf, src, pc['bytes'])
                blob[pc['offset']:pc['offset'] + pc['bytes']] = buf.raw
            res['outputs'] = bytes(blob)
            return res
        except CudaError as e:
            if not hasattr(e, 'sticky'):
                e.sticky = False  # failed before the launch: the context is still usable
            raise
        finally:
            for image in images:
                self.destroy_image(image)
            for d in allocs:
                self.lib.cuMemFree_v2(d)
            self.lib.cuModuleUnload(mod)

    def make_image(self, p, texels, allocs, images):
        """A texture or surface object over an array, linear or pitch-2D memory holding `texels`;
        returns its handle and appends (kind, handle, array, param) to `images`."""
        w, h, d = p['extent']
        fmt, channels = TEXEL_FORMATS[p['format']], p['channels']
        row = w * channels * type_size(p['format'])
        res = CUDA_RESOURCE_DESC()
        array = None
        resource = p.get('resource', 'array')
        if resource == 'array':
            desc = CUDA_ARRAY3D_DESCRIPTOR(w, h, d, fmt, channels, image_flags(p))
            a = ctypes.c_void_p()
            self.call('cuArray3DCreate_v2', ctypes.byref(a), ctypes.byref(desc))
            array = a.value
            host = ctypes.create_string_buffer(texels, len(texels))
            copy = image_copy(array, host, p, True)
            self.call('cuMemcpy3D_v2', ctypes.byref(copy))
            res.resType = CU_RESOURCE_TYPE_ARRAY
            ctypes.memmove(ctypes.addressof(res) + CUDA_RESOURCE_DESC.res.offset, struct.pack('<Q', array), 8)
        else:
            pitch = p.get('pitch', row) if resource == 'pitch2d' else row
            rows = max(h, 1) if resource == 'pitch2d' else 1
            image = b''.join(texels[r * row:(r + 1) * row].ljust(pitch, b'\0') for r in range(rows))
            dptr = ctypes.c_uint64()
            self.call('cuMemAlloc_v2', ctypes.byref(dptr), max(len(image), 1))
            allocs.append(dptr.value)
            self.call('cuMemcpyHtoD_v2', dptr.value, image, len(image))
            if resource == 'linear':
                res.resType = CU_RESOURCE_TYPE_LINEAR
                packed = struct.pack('<QiIQ', dptr.value, fmt, channels, len(texels))
            else:
                res.resType = CU_RESOURCE_TYPE_PITCH2D
                packed = struct.pack('<QiIQQQ', dptr.value, fmt, channels, w, max(h, 1), pitch)
            ctypes.memmove(ctypes.addressof(res) + CUDA_RESOURCE_DESC.res.offset, packed, len(packed))
        handle = ctypes.c_uint64()
        if p['kind'] == 'texture':
            modes, filt, flags, border = sampler_words(p)
            tex = CUDA_TEXTURE_DESC()
            for i in range(3):
                tex.addressMode[i] = modes[i]
            tex.filterMode, tex.flags = filt, flags
            for i in range(4):
                tex.borderColor[i] = border[i]
            self.call('cuTexObjectCreate', ctypes.byref(handle), ctypes.byref(res), ctypes.byref(tex), None)
        else:
            self.call('cuSurfObjectCreate', ctypes.byref(handle), ctypes.byref(res))
        images.append((p['kind'], handle.value, array, p))
        return handle.value

    def read_image(self, image, nbytes):
        """The packed texels of an entry of make_image's `images` (a surface after the launch)."""
        buf = ctypes.create_string_buffer(nbytes)
        copy = image_copy(image[2], buf, image[3], False)
        self.call('cuMemcpy3D_v2', ctypes.byref(copy))
        return buf.raw

    def destroy_image(self, image):
        kind, obj, array, _ = image
        (self.lib.cuTexObjectDestroy if kind == 'texture' else self.lib.cuSurfObjectDestroy)(obj)
        if array:
            self.lib.cuArrayDestroy(array)


class FakeDevice:
    """Stands in for the GPU to test the pipeline: outputs are a hash of the case and its inputs
    (so all variants agree), except where P2M_FAKE_DIFF=case:variant asks for one flipped byte.
    Cases with "expect": {"error": ...} fail like a trap; P2M_FAKE_HANG=case:variant hangs."""

    def info(self):
        return {'device': 'FAKE (no GPU)', 'cc': 90, 'driver_api_version': 0}

    def run(self, case, ptx_text, inputs, capture_stdout, variant=None):
        key = '%s:%s' % (case['name'], variant)
        if os.environ.get('P2M_FAKE_HANG') == key:
            time.sleep(3600)
        if case.get('expect', {}).get('error'):
            e = CudaError('cuCtxSynchronize', 719, 'CUDA_ERROR_LAUNCH_FAILED')
            e.sticky = True
            e.stdout = 'fake assertion message\n' if capture_stdout else None
            raise e
        _, total = outputs_layout(case)
        out = bytearray()
        h = hashlib.sha256(case['name'].encode() + inputs).digest()
        while len(out) < total:
            h = hashlib.sha256(h).digest()
            out += h
        out = out[:total]
        if os.environ.get('P2M_FAKE_DIFF') == key and total:
            out[0] ^= 1
        stdout = None
        if capture_stdout:
            stdout = ''.join('fake line %d\n' % k for k in range(3)) if case.get('stdout') else ''
        return {'outputs': bytes(out), 'stdout': stdout, 'launch': 'fake', 'regs': 0, 'jit_log': ''}


FILL_BYTE = 0xA5


# --------------------------------------------------------------------------------------------
# Worker (one process; exits after a launch failure because the context is then unusable)
# --------------------------------------------------------------------------------------------
def worker_main(args):
    with open(args.items) as f:
        job = json.load(f)
    m = load_manifest()
    cases = {c['name']: c for c in m['cases']}
    dev = FakeDevice() if job['fake'] else CudaDevice()
    res_f = open(args.results, 'a')

    def emit(rec):
        res_f.write(json.dumps(rec) + '\n')
        res_f.flush()

    for idx in range(args.start, len(job['items'])):
        it = job['items'][idx]
        case = cases[it['case']]
        rec = {'i': idx, 'case': it['case'], 'variant': it['variant']}
        t0 = time.time()
        with open(os.path.join(REPO, m['ptx_dir'], it['file'])) as f:
            ptx = f.read()
        if it.get('retarget'):
            ptx = re.sub(r'^(\s*\.target\s+)sm_\d+', r'\g<1>' + it['retarget'], ptx, count=1, flags=re.M)
        with open(os.path.join(INPUTS_DIR, safe_name(case['name']) + '.in.bin'), 'rb') as f:
            inputs = f.read()
        capture = True
        sticky = False
        try:
            if job['fake']:
                r = dev.run(case, ptx, inputs, capture, variant=it['variant'])
            else:
                r = dev.run(case, ptx, inputs, capture)
            out_path = os.path.join(job['workdir'], '%d.out' % idx)
            with open(out_path, 'wb') as f:
                f.write(r['outputs'])
            rec.update(status='ok', out=out_path, launch=r.get('launch'), regs=r.get('regs'),
                       stdout=r.get('stdout'))
            if r.get('jit_log'):
                rec['jit_log'] = r['jit_log']
        except CudaError as e:
            sticky = getattr(e, 'sticky', True)
            status = 'error' if sticky else ('jit-error' if e.call == 'cuModuleLoadDataEx' else 'setup-error')
            rec.update(status=status, error=e.name, error_call=e.call,
                       stdout=getattr(e, 'stdout', None))
            if getattr(e, 'jit_log', None):
                rec['jit_log'] = e.jit_log[-4000:]
        except Exception as e:  # noqa: a manifest/runner problem; keep going
            rec.update(status='runner-error', error='%s: %s' % (type(e).__name__, e))
        rec['seconds'] = round(time.time() - t0, 3)
        emit(rec)
        print('[%d/%d] %s %s: %s%s' % (idx + 1, len(job['items']), it['case'], it['variant'],
                                       rec['status'], ' ' + rec.get('error', '') if rec.get('error') else ''),
              file=sys.stderr, flush=True)
        if sticky:
            sys.exit(3)
    sys.exit(0)


# --------------------------------------------------------------------------------------------
# Recording driver
# --------------------------------------------------------------------------------------------
def write_inputs(m, check_only=False):
    os.makedirs(INPUTS_DIR, exist_ok=True)
    index = {'format': 'ptx2metal-exec-inputs', 'version': 1, 'output_fill_byte': FILL_BYTE, 'cases': {}}
    stale = []
    for case in m['cases']:
        data = make_inputs(case)
        fname = safe_name(case['name']) + '.in.bin'
        path = os.path.join(INPUTS_DIR, fname)
        old = open(path, 'rb').read() if os.path.exists(path) else None
        if old != data:
            stale.append(case['name'])
            if not check_only:
                with open(path, 'wb') as f:
                    f.write(data)
        layout, total = inputs_layout(case)
        index['cases'][case['name']] = {'file': fname, 'bytes': total,
                                        'sha256': hashlib.sha256(data).hexdigest(), 'buffers': layout}
    keep = {safe_name(c['name']) + '.in.bin' for c in m['cases']} | {'index.json'}
    for f in os.listdir(INPUTS_DIR):
        if f not in keep:
            stale.append(f)
            if not check_only:
                os.remove(os.path.join(INPUTS_DIR, f))
    text = json_text(index)
    ipath = os.path.join(INPUTS_DIR, 'index.json')
    if (open(ipath).read() if os.path.exists(ipath) else None) != text:
        stale.append('index.json')
        if not check_only:
            with open(ipath, 'w') as f:
                f.write(text)
    return stale


def plan_items(m, ptx_rows, args, device_cc):
    items, skipped = [], []
    for case in m['cases']:
        if args.cases and not any(fnmatch.fnmatch(case['name'], p) for p in args.cases):
            continue
        for v, fname in case_variants(case, ptx_rows):
            if args.variants and not any(fnmatch.fnmatch(v, p) for p in args.variants):
                continue
            arch = int(v.split('.')[1][3:])
            it = {'case': case['name'], 'variant': v, 'file': fname}
            if arch > device_cc:
                if args.no_retarget:
                    skipped.append(dict(it, reason='PTX for sm_%d cannot be JIT-compiled for sm_%d' % (arch, device_cc)))
                    continue
                it['retarget'] = 'sm_%d' % device_cc
            items.append(it)
    return items, skipped


def run_items(items, fake, workdir, stall_timeout, deadline):
    """Runs items[] in worker processes, restarting after each launch failure (the CUDA context
    is unusable then), a crash, or a hang (no result for stall_timeout seconds). Returns one
    result record per item and the number of worker processes used."""
    os.makedirs(workdir, exist_ok=True)
    job = {'items': items, 'fake': fake, 'workdir': workdir}
    items_path = os.path.join(workdir, 'items.json')
    with open(items_path, 'w') as f:
        json.dump(job, f)
    results_path = os.path.join(workdir, 'results.jsonl')
    open(results_path, 'w').close()
    results = {}
    start, restarts = 0, 0
    while start < len(items):
        if time.time() > deadline:
            break
        cmd = [sys.executable, os.path.abspath(__file__), '_worker', '--items', items_path,
               '--start', str(start), '--results', results_path]
        with open(os.path.join(workdir, 'worker.%d.stdout' % restarts), 'wb') as wout:
            proc = subprocess.Popen(cmd, stdout=wout, env=dict(os.environ))
        restarts += 1
        last_count, last_change = len(results), time.time()
        while True:
            rc = proc.poll()
            with open(results_path) as f:
                for line in f:
                    rec = json.loads(line)
                    results[rec['i']] = rec
            if len(results) != last_count:
                last_count, last_change = len(results), time.time()
            if rc is not None:
                break
            if time.time() - last_change > stall_timeout or time.time() > deadline:
                proc.kill()
                proc.wait()
                rc = 'timeout' if time.time() <= deadline else 'deadline'
                break
            time.sleep(0.05)
        nxt = start
        while nxt in results:
            nxt += 1
        if rc == 'deadline':
            break
        if rc == 0 and nxt >= len(items):
            break
        if nxt < len(items) and rc not in (0, 3):
            it = items[nxt]
            status = 'timeout' if rc == 'timeout' else 'crash'
            results[nxt] = {'i': nxt, 'case': it['case'], 'variant': it['variant'], 'status': status,
                            'error': 'no result after %ss' % stall_timeout if rc == 'timeout'
                            else 'worker exited with %s' % rc}
            print('[%d/%d] %s %s: %s' % (nxt + 1, len(items), it['case'], it['variant'], status),
                  file=sys.stderr, flush=True)
            nxt += 1
        start = nxt
    for i, it in enumerate(items):
        if i not in results:
            results[i] = {'i': i, 'case': it['case'], 'variant': it['variant'], 'status': 'not-run',
                          'error': 'deadline reached before this launch'}
    return [results[i] for i in range(len(items))], restarts


def run_parallel(items, fake, workdir, stall_timeout, deadline, jobs):
    """Splits the items over `jobs` independent worker chains (separate processes and CUDA
    contexts), keeping each PTX file's launches together."""
    import threading
    groups = {}
    for i, it in enumerate(items):
        groups.setdefault(it['file'], []).append(i)
    chains = [[] for _ in range(max(1, jobs))]
    for g in sorted(groups.values(), key=len, reverse=True):
        min(chains, key=len).extend(g)
    out, procs = [None] * len(items), [0]
    lock = threading.Lock()

    def run_chain(k, idxs):
        res, n = run_items([items[i] for i in idxs], fake, os.path.join(workdir, 'chain%d' % k),
                           stall_timeout, deadline)
        with lock:
            for i, r in zip(idxs, res):
                out[i] = r
            procs[0] += n

    threads = [threading.Thread(target=run_chain, args=(k, c)) for k, c in enumerate(chains) if c]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out, procs[0]


def environment_info(dev_info, fake):
    info = dict(dev_info)
    info['python'] = platform.python_version()
    info['host'] = platform.platform()
    info['date_utc'] = time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())
    if not fake:
        for key, cmd in (('nvidia_smi', ['nvidia-smi', '--query-gpu=name,driver_version,memory.total,'
                                          'clocks.max.sm', '--format=csv,noheader']),
                         ('nvcc', ['nvcc', '--version'])):
            try:
                info[key] = subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip()
            except Exception as e:  # noqa
                info[key] = 'unavailable (%s)' % e
    v = info.get('driver_api_version', 0)
    info['driver_api_version_text'] = '%d.%d' % (v // 1000, (v % 1000) // 10)
    return info


_PTX_SHA = {}


def ptx_sha256(fname, ptx_dir='tests/inputs/cuda/ptx'):
    if fname not in _PTX_SHA:
        with open(os.path.join(REPO, ptx_dir, fname), 'rb') as f:
            _PTX_SHA[fname] = hashlib.sha256(f.read()).hexdigest()
    return _PTX_SHA[fname]


def verify_main(args):
    """No-GPU consistency check for CI: manifest valid, inputs current, every recorded file present
    with its hash, recordings made from the PTX that is committed now, every case and applicable
    variant recorded."""
    m = load_manifest()
    rows = load_ptx_table(m)
    problems = ['manifest: ' + e for e in validate(m, rows, verbose=False)]
    problems += ['inputs/ out of date: ' + s for s in write_inputs(m, check_only=True)]
    out_dir = os.path.abspath(args.out)
    with open(os.path.join(out_dir, 'index.json')) as f:
        index = json.load(f)
    for case in m['cases']:
        e = index['cases'].get(case['name'])
        if e is None:
            problems.append('%s: not recorded' % case['name'])
            continue
        pieces, total = outputs_layout(case)
        if pieces != e['outputs']:
            problems.append('%s: output layout changed since recording' % case['name'])
        for v, fname in case_variants(case, rows):
            ve = e['variants'].get(v)
            if ve is None:
                problems.append('%s %s: not recorded' % (case['name'], v))
                continue
            if ve.get('ptx_sha256') != ptx_sha256(fname, m['ptx_dir']):
                problems.append('%s %s: %s changed since recording' % (case['name'], v, fname))
            if ve['status'] == 'ok':
                path = os.path.join(out_dir, ve['file'])
                if not os.path.exists(path):
                    problems.append('%s %s: %s missing' % (case['name'], v, ve['file']))
                    continue
                with open(path, 'rb') as f:
                    data = f.read()
                if hashlib.sha256(data).hexdigest() != ve['sha256'] or len(data) != total:
                    problems.append('%s %s: %s does not match its hash/size' % (case['name'], v, ve['file']))
            elif not (ve['status'] == 'error' and case.get('expect', {}).get('error')):
                problems.append('%s %s: recorded status %s (%s)' % (case['name'], v, ve['status'],
                                                                    ve.get('error', '')))
    for p in problems:
        print(p)
    print('verify: %s (%d problems)' % ('OK' if not problems else 'FAILED', len(problems)))
    return 1 if problems else 0


def pick_reference(variants_ok):
    for v in REFERENCE_ORDER:
        if v in variants_ok:
            return v
    return sorted(variants_ok)[0] if variants_ok else None


def record_main(args):
    m = load_manifest()
    ptx_rows = load_ptx_table(m)
    if validate(m, ptx_rows, verbose=True):
        raise SystemExit('manifest validation failed')
    stale = write_inputs(m, check_only=not args.write_inputs)
    if stale and not args.write_inputs:
        raise SystemExit('inputs/ is stale (%s...): run `record.py inputs` first' % ', '.join(stale[:5]))
    if args.fake:
        dev_info = FakeDevice().info()
    else:
        # Query the device in a child, so this process never holds a CUDA context.
        out = subprocess.run([sys.executable, os.path.abspath(__file__), '_info'], capture_output=True,
                             text=True)
        if out.returncode != 0:
            raise SystemExit('cannot query the GPU:\n' + out.stderr)
        dev_info = json.loads(out.stdout)
    items, skipped = plan_items(m, ptx_rows, args, dev_info['cc'])
    print('%d launches planned (%d cases), %d skipped' % (len(items), len({i['case'] for i in items}),
                                                          len(skipped)), file=sys.stderr)
    workdir = tempfile.mkdtemp(prefix='p2m-record-')
    t0 = time.time()
    results, restarts = run_parallel(items, args.fake, workdir, args.stall_timeout,
                                     t0 + args.deadline, args.jobs)
    elapsed = time.time() - t0
    env = environment_info(dev_info, args.fake)
    env['elapsed_s'] = round(elapsed, 1)
    env['worker_processes'] = restarts
    out_dir = os.path.abspath(args.out)
    write_expected(m, items, skipped, results, env, out_dir, partial=bool(args.cases or args.variants))
    shutil.rmtree(workdir, ignore_errors=True)


def write_expected(m, items, skipped, results, env, out_dir, partial):
    os.makedirs(out_dir, exist_ok=True)
    index_path = os.path.join(out_dir, 'index.json')
    old_index = None
    if partial and os.path.exists(index_path):
        with open(index_path) as f:
            old_index = json.load(f)
    cases = {c['name']: c for c in m['cases']}
    by_case = {}
    for it, rec in zip(items, results):
        by_case.setdefault(it['case'], {})[it['variant']] = (it, rec)
    for sk in skipped:
        by_case.setdefault(sk['case'], {})[sk['variant']] = (sk, {'status': 'not-run', 'error': sk['reason']})
    index = old_index or {'format': 'ptx2metal-exec-expected', 'version': 1, 'cases': {}}
    index['recorded_on'] = env
    written = set()
    for name in [c['name'] for c in m['cases'] if c['name'] in by_case]:
        case = cases[name]
        pieces, total = outputs_layout(case)
        entry = {'outputs': pieces, 'output_bytes': total, 'variants': {}}
        if case.get('stdout'):
            entry['stdout'] = case['stdout']
        if case.get('expect'):
            entry['expect'] = case['expect']
        # Drop stale files of this case.
        prefix = safe_name(name) + '.'
        for f in os.listdir(out_dir):
            if f.startswith(prefix) and (f.endswith('.out.bin') or f.endswith('.stdout.txt')):
                rest = f[len(prefix):]
                if rest.split('.')[0] in ('nvcc', 'clang'):
                    os.remove(os.path.join(out_dir, f))
        variants = by_case[name]
        blobs = {}
        for v, (it, rec) in variants.items():
            if rec['status'] == 'ok':
                with open(rec['out'], 'rb') as f:
                    blobs[v] = f.read()
        ref = pick_reference(blobs)
        entry['reference'] = ref
        stored = {}  # sha -> file
        stdout_stored = {}
        order = ([ref] if ref else []) + sorted(v for v in variants if v != ref)
        for v in order:
            it, rec = variants[v]
            ve = {'status': rec['status'], 'ptx': it['file'], 'ptx_sha256': ptx_sha256(it['file'])}
            if it.get('retarget'):
                ve['retargeted'] = '.target %s -> %s' % (v.split('.')[1], it['retarget'])
            for k in ('error', 'error_call', 'launch', 'regs'):
                if rec.get(k) is not None:
                    ve[k] = rec[k]
            if rec.get('jit_log'):
                ve['jit_log'] = rec['jit_log'][-1000:]
            if v in blobs:
                data = blobs[v]
                sha = hashlib.sha256(data).hexdigest()
                if sha not in stored:
                    fname = '%s.%s.out.bin' % (safe_name(name), v)
                    with open(os.path.join(out_dir, fname), 'wb') as f:
                        f.write(data)
                    stored[sha] = fname
                    written.add(fname)
                ve['file'] = stored[sha]
                ve['sha256'] = sha
                if v != ref:
                    rep = compare_blobs(pieces, blobs[ref], data)
                    if rep:
                        ve['vs_reference'] = rep
            st = rec.get('stdout')
            if st is not None and (st or case.get('stdout')):
                key = hashlib.sha256(st.encode()).hexdigest()
                if key not in stdout_stored:
                    fname = '%s.%s.stdout.txt' % (safe_name(name), v)
                    with open(os.path.join(out_dir, fname), 'w') as f:
                        f.write(st)
                    stdout_stored[key] = fname
                    written.add(fname)
                ve['stdout_file'] = stdout_stored[key]
                if ref and v != ref and case.get('stdout', {}).get('check') == 'lines-unordered':
                    ref_st = variants[ref][1].get('stdout') or ''
                    ve['stdout_matches_reference'] = sorted(ref_st.splitlines()) == sorted(st.splitlines())
                if st and not case.get('stdout'):
                    ve['unexpected_stdout'] = True
            entry['variants'][v] = ve
        index['cases'][name] = entry
    # Remove files of cases no longer in the manifest.
    if not partial:
        keep = {safe_name(n) + '.' for n in cases}
        for f in os.listdir(out_dir):
            if (f.endswith('.out.bin') or f.endswith('.stdout.txt')) and not any(
                    f.startswith(k) and f[len(k):].split('.')[0] in ('nvcc', 'clang') for k in keep):
                os.remove(os.path.join(out_dir, f))
        index['cases'] = {n: index['cases'][n] for n in [c['name'] for c in m['cases']] if n in index['cases']}
    with open(index_path, 'w') as f:
        f.write(json_text(index))
    summary = summarize(m, index)
    with open(os.path.join(out_dir, 'RECORDED.md'), 'w') as f:
        f.write(summary)
    print(summary)


def variant_expected_to_differ(case, v):
    for pat, why in case.get('variant_differences_expected', {}).items():
        if fnmatch.fnmatch(v, pat):
            return why
    return None


def summarize(m, index):
    env = index.get('recorded_on', {})
    cases = {c['name']: c for c in m['cases']}
    lines = ['# Recorded expected outputs', '',
             'Written by `tests/exec/record.py record`; do not edit by hand (see ../README.md).', '',
             '## Where', '',
             '| | |', '|---|---|',
             '| GPU | %s (sm_%s) |' % (env.get('device'), env.get('cc')),
             '| nvidia-smi | %s |' % env.get('nvidia_smi', '').replace('\n', ' '),
             '| driver API version | %s (%s) |' % (env.get('driver_api_version_text'), env.get('driver_api_version')),
             '| nvcc on the recording machine | %s |' % next(
                 (l for l in env.get('nvcc', '').splitlines() if 'release' in l), ''),
             '| python | %s on %s |' % (env.get('python'), env.get('host')),
             '| recorded (UTC) | %s, %s s, %s worker process(es) |' % (
                 env.get('date_utc'), env.get('elapsed_s'), env.get('worker_processes')),
             '']
    nvar = {}
    status = {}
    total_files = 0
    files = set()
    for name, e in index['cases'].items():
        for v, ve in e['variants'].items():
            nvar.setdefault(v, {})
            nvar[v][ve['status']] = nvar[v].get(ve['status'], 0) + 1
            status[ve['status']] = status.get(ve['status'], 0) + 1
            if ve.get('file'):
                files.add(ve['file'])
            if ve.get('stdout_file'):
                files.add(ve['stdout_file'])
    lines += ['## Counts', '',
              '%d cases, %d kernels; %d (case, variant) pairs: %s.' % (
                  len(index['cases']), len({cases[n]['kernel'] for n in index['cases'] if n in cases}),
                  sum(status.values()), ', '.join('%s %d' % kv for kv in sorted(status.items()))), '',
              '| variant | %s |' % ' | '.join(sorted(status)), '|---|' + '---|' * len(status)]
    for v in sorted(nvar):
        lines.append('| %s | %s |' % (v, ' | '.join(str(nvar[v].get(s, 0)) for s in sorted(status))))
    lines += ['', '%d distinct output/stdout files.' % len(files), '']
    # Agreement.
    lines += ['## Variants that disagree with the reference', '',
              'For each case the reference is the first of %s that ran. "failing" counts elements '
              'outside the case\'s check (bitwise for exact); "differing" counts any bit '
              'difference (tolerated ones included).' % ', '.join(REFERENCE_ORDER[:5]), '']
    rows = []
    for name, e in index['cases'].items():
        for v, ve in e['variants'].items():
            for r in ve.get('vs_reference', []):
                why = variant_expected_to_differ(cases.get(name, {}), v)
                slots = ', '.join('%s:%d/%d' % (k, s['failing'], s['differing']) for k, s in r['by_slot'].items())
                ex = r['examples'][0] if r['examples'] else None
                rows.append('| %s | %s | %s | %d | %d | %s | %s | %s |' % (
                    name, v, r['output'], r['failing'], r['differing'], slots,
                    '#%d %s vs %s' % (ex['index'], ex['expected'], ex['got']) if ex else '',
                    'expected: ' + why if why else ''))
            if ve.get('stdout_matches_reference') is False:
                rows.append('| %s | %s | stdout | | | | lines differ | |' % (name, v))
    if rows:
        lines += ['| case | variant | output | failing | differing | slot:failing/differing | '
                  'first failing (expected vs got) | note |', '|---|---|---|---|---|---|---|---|'] + rows
    else:
        lines.append('None: every variant of every case gave the reference bytes.')
    lines += ['', '## Launches that did not produce outputs', '']
    bad = []
    for name, e in index['cases'].items():
        for v, ve in e['variants'].items():
            if ve['status'] != 'ok':
                exp = 'expected' if e.get('expect', {}).get('error') and ve['status'] == 'error' else 'UNEXPECTED'
                bad.append('| %s | %s | %s | %s | %s |' % (name, v, ve['status'], ve.get('error', ''), exp))
    if bad:
        lines += ['| case | variant | status | error | |', '|---|---|---|---|---|'] + bad
    else:
        lines.append('None.')
    retargeted = sorted({v for e in index['cases'].values() for v, ve in e['variants'].items()
                         if ve.get('retargeted')})
    if retargeted:
        lines += ['', '## Retargeted variants', '',
                  '%s: PTX for a newer GPU than the recording one, run with its `.target` line '
                  'rewritten (nothing else changed). Their outputs are what the recording GPU '
                  'computes for that PTX body, not a reading from such a GPU.' % ', '.join(retargeted)]
    return '\n'.join(lines) + '\n'


def summary_main(args):
    m = load_manifest()
    with open(os.path.join(os.path.abspath(args.out), 'index.json')) as f:
        index = json.load(f)
    print(summarize(m, index))


def info_main(args):
    print(json.dumps(CudaDevice().info()))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    sub.add_parser('validate')
    sub.add_parser('inputs')
    r = sub.add_parser('record')
    r.add_argument('--fake', action='store_true', help='no GPU: fake launches (pipeline test)')
    r.add_argument('--cases', nargs='*', help='case name globs (default: all)')
    r.add_argument('--variants', nargs='*', help='variant globs, e.g. nvcc.sm_90.*')
    r.add_argument('--out', default=EXPECTED_DIR)
    r.add_argument('--write-inputs', action='store_true', help='also (re)write inputs/')
    r.add_argument('--no-retarget', action='store_true',
                   help='skip PTX for newer GPUs instead of rewriting its .target')
    r.add_argument('--stall-timeout', type=float, default=120.0,
                   help='seconds without a result before a worker counts as hung')
    r.add_argument('--deadline', type=float, default=1e9,
                   help='stop launching after this many seconds and write what was recorded')
    r.add_argument('--jobs', type=int, default=1, help='parallel worker chains (CUDA contexts)')
    s = sub.add_parser('summary')
    s.add_argument('--out', default=EXPECTED_DIR)
    w = sub.add_parser('_worker')
    w.add_argument('--items')
    w.add_argument('--start', type=int)
    w.add_argument('--results')
    vf = sub.add_parser('verify')
    vf.add_argument('--out', default=EXPECTED_DIR)
    sub.add_parser('_info')
    args = ap.parse_args()
    if args.cmd == 'validate':
        m = load_manifest()
        errs = validate(m, load_ptx_table(m))
        stale = write_inputs(m, check_only=True)
        if stale:
            print('inputs/ out of date: %s' % ', '.join(stale[:10]))
        print('%d cases, %d kernels: %s' % (len(m['cases']), len({c['kernel'] for c in m['cases']}),
                                           'OK' if not errs and not stale else 'FAILED'))
        sys.exit(1 if errs or stale else 0)
    if args.cmd == 'inputs':
        m = load_manifest()
        if validate(m, load_ptx_table(m)):
            sys.exit(1)
        stale = write_inputs(m)
        print('inputs: %d files updated' % len(stale))
        return
    if args.cmd == 'record':
        record_main(args)
    elif args.cmd == 'verify':
        sys.exit(verify_main(args))
    elif args.cmd == 'summary':
        summary_main(args)
    elif args.cmd == '_worker':
        worker_main(args)
    elif args.cmd == '_info':
        info_main(args)


if __name__ == '__main__':
    main()
