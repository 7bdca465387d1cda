#!/usr/bin/env python3
"""The GPU suite, run on a machine with an NVIDIA GPU (one call does everything): the generated
MSL, compiled as CUDA (tests/gpu/include/metal_stdlib, make_wrapper.py), against the original PTX
through the CUDA driver (ctypes on libcuda; no toolkit needed).

  diff   every (case, PTX variant) of the execution suite (tests/exec) that the host tests run:
         the original PTX (JIT-compiled by the driver, launched as tests/exec/record.py does) and
         our MSL (the cubin from prepare_gpu_suite.py, launched with the runtime's parameter
         block, module segments and threadgroup window), each --reps times on the same inputs;
         outputs compared bit for bit, else under the case's checks (record.py's rules).
         Texture and surface parameters: the original side gets CUDA's objects over CUDA arrays,
         linear or pitch-2D memory (record.py's make_image); ours gets what ptx2metal's runtime
         would pass, the device address of a texture_abi.h descriptor over texels laid out as
         the runtime lays them out (our_image, texture_descriptors.py; checked against the
         runtime without a GPU by check_texture_descriptors.py), and a surface with role
         "inout" is read back packed.
  bench  tests/gpu/bench/*.cu: original PTX against our MSL's PTX, both JIT-compiled by the
         driver, timed with CUDA events (warm-up, median of --runs launches, rotating inputs).

Each part runs in worker processes: a failed launch (a trap, as some cases require) leaves the
CUDA context unusable, so the worker exits and a new one continues; a worker that stalls is
killed. Results (seven files): OUT/diff.json, OUT/diff.md, OUT/bench.json, OUT/bench.md,
OUT/env.json, OUT/compile.json, OUT/workers.log.

Usage: run_gpu_suite.py [all|diff|bench] --stage build-gpu --out DIR [--cases GLOBS] [--kernels GLOBS]
                        [--reps 3] [--runs 25] [--deadline SECONDS] [--compile-timeout SECONDS]
                        [--split-kernels GLOBS] [--keep-cubins]
Wrappers that prepare_gpu_suite.py --no-compile left uncompiled are compiled here first (NVRTC,
one child process per wrapper on all cores); --split-kernels compiles the named files' kernels
one wrapper each.
"""
import argparse
import ctypes
import fnmatch
import importlib.util
import json
import math
import os
import re
import statistics
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_wrapper  # noqa: E402
import texture_descriptors  # noqa: E402


def load_record():
    spec = importlib.util.spec_from_file_location("record", ROOT / "tests" / "exec" / "record.py")
    rec = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rec)
    return rec


rec = load_record()
rec.FILL_BYTE = json.loads((ROOT / 'tests' / 'exec' / 'kernels.json').read_text())['output_fill_byte']
EXEC_DIR = ROOT / "tests" / "exec"
PTX_DIR = ROOT / "tests" / "inputs" / "cuda" / "ptx"
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
STATUS_OFFSET = 40  # the launch status word inside the runtime's 48-byte words allocation
ATOMIC_LOCK_BYTES = 4 << 12  # abi.h: 2^P2M_ATOMIC_LOCK_BITS 32-bit lock words
FUNCTION_WINDOW = 0xFFFD000000000000  # abi.h: a function's address is this plus its index


# --------------------------------------------------------------------------------------------
# The CUDA driver, extended with what the MSL side and the timing need
# --------------------------------------------------------------------------------------------
class Gpu(rec.CudaDevice):
    def __init__(self, library='libcuda.so.1'):
        super().__init__(library)
        vp = ctypes.c_void_p
        extra = {
            'cuEventCreate': [ctypes.POINTER(vp), ctypes.c_uint], 'cuEventRecord': [vp, vp],
            'cuEventSynchronize': [vp], 'cuEventElapsedTime': [ctypes.POINTER(ctypes.c_float), vp, vp],
            'cuModuleLoadData': [ctypes.POINTER(vp), vp],
        }
        for name, args in extra.items():
            fn = getattr(self.lib, name)
            fn.argtypes, fn.restype = args, ctypes.c_int

    def load(self, image):
        mod = ctypes.c_void_p()
        buf = ctypes.create_string_buffer(image)
        self.call('cuModuleLoadData', ctypes.byref(mod), buf)
        return mod

    def function(self, mod, name):
        fn = ctypes.c_void_p()
        self.call('cuModuleGetFunction', ctypes.byref(fn), mod, name.encode())
        return fn

    def alloc(self, nbytes, allocs):
        d = ctypes.c_uint64()
        self.call('cuMemAlloc_v2', ctypes.byref(d), max(nbytes, 1))
        allocs.append(d.value)
        return d.value

    def upload(self, dptr, data):
        self.call('cuMemcpyHtoD_v2', dptr, data, len(data))

    def download(self, dptr, nbytes):
        buf = ctypes.create_string_buffer(nbytes)
        self.call('cuMemcpyDtoH_v2', buf, dptr, nbytes)
        return buf.raw

    def free(self, allocs):
        for d in allocs:
            self.lib.cuMemFree_v2(d)


def launch_args(blobs):
    """kernelParams for parameters given as raw byte strings."""
    holders = [ctypes.create_string_buffer(b, len(b)) for b in blobs]
    arr = (ctypes.c_void_p * max(len(holders), 1))(*[ctypes.cast(h, ctypes.c_void_p) for h in holders])
    return arr, holders


class OursModule:
    """Our MSL compiled as CUDA, with the runtime's module segments (ModuleReflection, Module.cpp):
    .global and .const segments with initializers and relocations (variable addresses, function
    ids), and the words allocation [global_base, const_base, status address, printf buffer
    address, atomic lock table, status]. No printf buffer: its word is 0, so device printf and assert messages are
    dropped (abi.h)."""

    def __init__(self, gpu, image, reflection, allocs):
        self.gpu, self.reflection = gpu, reflection
        self.mod = gpu.load(image)
        m = reflection['module']
        self.base = {'global': gpu.alloc(max(m['global_bytes'], 16), allocs),
                     'const': gpu.alloc(max(m['const_bytes'], 16), allocs)}
        self.words = gpu.alloc(STATUS_OFFSET + 8, allocs)
        for space, size in (('global', m['global_bytes']), ('const', m['const_bytes'])):
            gpu.call('cuMemsetD8_v2', self.base[space], 0, max(size, 16))
        self.vars = {v['name']: v for v in m['variables']}
        for v in m['variables']:
            addr = self.address(v['name'])
            if v.get('init'):
                gpu.upload(addr, bytes.fromhex(v['init']))
            for r in v.get('relocations', []):
                t = self.vars.get(r.get('target'))
                if r.get('function') is not None:
                    value = FUNCTION_WINDOW + r['function']
                else:
                    value = self.address(t['name']) + r.get('addend', 0) if t else 0
                gpu.upload(addr + r['offset'], struct.pack('<Q', value & (2**64 - 1)))
        # The lock table of 64-bit atomics (abi.h: 2^P2M_ATOMIC_LOCK_BITS u32 words, zeroed).
        self.locks = gpu.alloc(ATOMIC_LOCK_BYTES, allocs)
        gpu.call('cuMemsetD8_v2', self.locks, 0, ATOMIC_LOCK_BYTES)
        self.words_blob = struct.pack('<5Q', self.base['global'], self.base['const'],
                                      self.words + STATUS_OFFSET, 0, self.locks)
        gpu.upload(self.words, self.words_blob)

    def address(self, name):
        v = self.vars[name]
        return self.base[v['space']] + v['offset']

    def kernel(self, ptx_name):
        return next((k for k in self.reflection['kernels'] if k['name'] == ptx_name), None)

    def params_block(self, kinfo, values, dynamic_smem):
        """The parameter block plus launch words, as ParamPacking.cpp packs it."""
        if len(values) != len(kinfo['params']):
            raise RuntimeError('%d parameters given, the reflection has %d' % (len(values), len(kinfo['params'])))
        block = bytearray(make_wrapper.params_block_bytes(kinfo['param_bytes']))
        for p, v in zip(kinfo['params'], values):
            block[p['offset']:p['offset'] + p['size']] = v[:p['size']].ljust(p['size'], b'\0')
        off = make_wrapper.launch_words_offset(kinfo['param_bytes'])
        block[off:off + 4] = struct.pack('<I', dynamic_smem)
        return bytes(block)

    def shared_bytes(self, kinfo, dynamic_smem):
        return (kinfo['shared']['static_bytes'] + dynamic_smem + 15) & ~15

    def reset_status(self):
        self.gpu.upload(self.words + STATUS_OFFSET, b'\0' * 4)

    def status(self):
        return struct.unpack('<I', self.gpu.download(self.words + STATUS_OFFSET, 4))[0]


# --------------------------------------------------------------------------------------------
# Differential part
# --------------------------------------------------------------------------------------------
def diff_items(args):
    manifest = json.loads((EXEC_DIR / 'kernels.json').read_text())
    expected = json.loads((EXEC_DIR / 'expected' / 'index.json').read_text())['cases']
    items = []
    for case in manifest['cases']:
        ecase = expected.get(case['name'])
        if not ecase or not any(fnmatch.fnmatch(case['name'], g) for g in args.cases.split(',')):
            continue
        for variant, v in ecase['variants'].items():
            if v.get('status') == 'ok' or ('expect' in case and v.get('status') == 'error'):
                items.append({'case': case['name'], 'variant': variant, 'ptx': v['ptx'],
                              'retargeted': v.get('retargeted')})
    return items


def our_image(gpu, p, texels, allocs):
    """Our texture or surface object for a parameter (texture_descriptors.py): the texels laid out
    in device memory as the runtime lays out a CUDA array, linear or pitch-2D resource, and the
    descriptor over them; the handle is the descriptor's address (cuMemAlloc's alignment, 256,
    is more than texture_abi.h's 16 and CUDA's texture alignment). Returns (handle, (resource,
    texel address))."""
    resource = texture_descriptors.resource_of(p)
    data = gpu.alloc(resource.image_bytes, allocs)
    gpu.upload(data, resource.lay_out(texels))
    sampler = rec.sampler_words(p) if p['kind'] == 'texture' else None
    handle = gpu.alloc(texture_descriptors.DESC_BYTES, allocs)
    gpu.upload(handle, texture_descriptors.descriptor_bytes(resource, data, sampler))
    return handle, (resource, data)


def run_ours(gpu, case, stage, stem, inputs):
    """One launch of our MSL for a case: returns dict(outputs | trapped | error)."""
    allocs = []
    try:
        reflection = json.loads((stage / 'diff' / f'{stem}.json').read_text())
        kinfo = next((k for k in reflection['kernels'] if k['name'] == case['kernel']), None)
        if kinfo is None:
            return {'status': 'not-translated', 'why': 'kernel missing from the reflection'}
        if not kinfo['translated']:
            return {'status': 'not-translated', 'why': (kinfo.get('error') or '')[:300]}
        cubin = stage / 'diff' / f'{stem}.cubin'
        if not cubin.exists():  # the kernel's own wrapper (--split-kernels)
            cubin = stage / 'diff' / f"{stem}.{kinfo['msl_name']}.cubin"
        if not cubin.exists():
            return {'status': 'not-compiled', 'why': 'the wrapper did not compile (prepare.json)'}
        mod = OursModule(gpu, cubin.read_bytes(), reflection, allocs)
        fn = gpu.function(mod.mod, kinfo['msl_name'])
        in_layout, _ = rec.inputs_layout(case)
        in_off = {pc['param']: pc for pc in in_layout}
        values, dptrs = [], {}
        images = {}  # parameter index: (resource, texel address) of texture and surface objects
        for k, p in enumerate(case['params']):
            if p['kind'] == 'buffer':
                nbytes = p['count'] * rec.type_size(p['type'])
                d = gpu.alloc(nbytes, allocs)
                dptrs[k] = d
                if k in in_off:
                    pc = in_off[k]
                    gpu.upload(d, inputs[pc['offset']:pc['offset'] + pc['bytes']])
                else:
                    gpu.call('cuMemsetD8_v2', d, rec.FILL_BYTE, nbytes)
                values.append(struct.pack('<Q', d))
            elif rec.is_image(p):
                pc = in_off[k]
                handle, images[k] = our_image(gpu, p, inputs[pc['offset']:pc['offset'] + pc['bytes']], allocs)
                values.append(struct.pack('<Q', handle))
            elif p['kind'] == 'scalar':
                values.append(rec.scalar_bytes(p))
            else:
                values.append(rec.struct_bytes(p))
        for g in case.get('globals_in', []):
            data = b''.join(rec.pack_bits(g['type'], rec.value_bits(g['type'], v)) for v in g['values'])
            gpu.upload(mod.address(g['name']), data)
        dyn = case.get('shared_bytes', 0)
        shm = mod.shared_bytes(kinfo, dyn)
        if shm > 48 * 1024:
            gpu.call('cuFuncSetAttribute', fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shm)
        arr, _keep = launch_args([mod.params_block(kinfo, values, dyn), mod.words_blob])
        mod.reset_status()
        gx, gy, gz = case['grid']
        bx, by, bz = case['block']
        gpu.call('cuLaunchKernel', fn, gx, gy, gz, bx, by, bz, shm, None, arr, None)
        gpu.call('cuCtxSynchronize')
        if mod.status() != 0:
            return {'status': 'trapped'}
        out_layout, total = rec.outputs_layout(case)
        blob = bytearray(total)
        for pc in out_layout:
            if pc.get('param') in images:  # a surface's texels, packed as the case expects
                resource, data = images[pc['param']]
                blob[pc['offset']:pc['offset'] + pc['bytes']] = resource.pack(gpu.download(data, resource.image_bytes))
                continue
            src = mod.address(pc['name']) if pc.get('global') else dptrs[pc['param']]
            blob[pc['offset']:pc['offset'] + pc['bytes']] = gpu.download(src, pc['bytes'])
        gpu.lib.cuModuleUnload(mod.mod)
        return {'status': 'ok', 'outputs': bytes(blob)}
    finally:
        gpu.free(allocs)


def diff_worker(args):
    stage = Path(args.stage)
    items = json.loads(Path(args.items).read_text())
    cases = {c['name']: c for c in json.loads((EXEC_DIR / 'kernels.json').read_text())['cases']}
    gpu = Gpu()
    out = open(args.results, 'a')

    def emit(r):
        out.write(json.dumps(r) + '\n')
        out.flush()

    for idx in range(args.start, len(items)):
        it = items[idx]
        case = cases[it['case']]
        stem = Path(it['ptx']).stem
        inputs = (EXEC_DIR / 'inputs' / (rec.safe_name(case['name']) + '.in.bin')).read_bytes()
        ptx = (PTX_DIR / it['ptx']).read_text()
        if it.get('retargeted'):
            ptx = re.sub(r'^(\s*\.target\s+)sm_\d+', r'\g<1>sm_90', ptx, count=1, flags=re.M)
        emit({'i': idx, 'phase': 'start'})
        ours = []
        for _ in range(args.reps):
            try:
                r = run_ours(gpu, case, stage, stem, inputs)
            except rec.CudaError as e:
                emit({'i': idx, 'phase': 'ours', 'status': 'error', 'error': f'{e.call}: {e.name}'})
                sys.exit(3)  # a fault in our kernel: the context is gone
            ours.append(r)
            if r['status'] not in ('ok',):
                break
        emit({'i': idx, 'phase': 'ours', 'status': ours[0]['status'], 'why': ours[0].get('why'),
              'outputs': [o['outputs'].hex() for o in ours if 'outputs' in o]})
        if ours[0]['status'] in ('not-translated', 'not-compiled'):
            continue
        orig = []
        for _ in range(args.reps):
            try:
                orig.append(gpu.run(case, ptx, inputs, False)['outputs'])
            except rec.CudaError as e:
                emit({'i': idx, 'phase': 'orig', 'status': 'error', 'error': e.name, 'call': e.call})
                if getattr(e, 'sticky', True):
                    sys.exit(3)
                break
        else:
            emit({'i': idx, 'phase': 'orig', 'status': 'ok', 'outputs': [o.hex() for o in orig]})
    sys.exit(0)


def run_workers(mode, items, args, results_path, stall=60):
    """Runs `mode` workers over items until all are done; a crashed or stalled worker is
    replaced and the next item continues."""
    work = Path(args.workdir)
    items_path = work / f'{mode}-items.json'
    items_path.write_text(json.dumps(items))
    results_path.write_text('')
    start = 0
    t_end = time.time() + args.deadline
    while start < len(items) and time.time() < t_end:
        cmd = [sys.executable, __file__, f'_{mode}-worker', '--items', str(items_path), '--results',
               str(results_path), '--start', str(start), '--stage', args.stage, '--reps', str(args.reps),
               '--runs', str(args.runs), '--out', args.out, '--workdir', args.workdir]
        p = subprocess.Popen(cmd, stderr=open(Path(args.out) / 'workers.log', 'a'))
        last_size, last_change = 0, time.time()
        while p.poll() is None:
            time.sleep(0.2)
            size = results_path.stat().st_size
            if size != last_size:
                last_size, last_change = size, time.time()
            if time.time() - last_change > stall or time.time() > t_end:
                p.kill()
                p.wait()
                break
        events = [json.loads(line) for line in results_path.read_text().splitlines() if line.strip()]
        started = [e['i'] for e in events if e.get('phase') == 'start']
        done = max(started) if started else start - 1
        if p.returncode == 0 and (not started or max(started) >= len(items) - 1):
            break
        if p.returncode not in (0, 3):
            with results_path.open('a') as f:
                f.write(json.dumps({'i': done, 'phase': 'crash', 'rc': p.returncode}) + '\n')
        start = done + 1
    return [json.loads(line) for line in results_path.read_text().splitlines() if line.strip()]


def first_failures(report, limit=3):
    return [{k: r[k] for k in ('name', 'failing', 'examples') if k in r} for r in report if r.get('failing')][:limit]


def diff_main(args):
    items = diff_items(args)
    manifest = json.loads((EXEC_DIR / 'kernels.json').read_text())
    cases = {c['name']: c for c in manifest['cases']}
    expected = json.loads((EXEC_DIR / 'expected' / 'index.json').read_text())['cases']
    events = run_workers('diff', items, args, Path(args.workdir) / 'diff-events.jsonl')
    by_item = {}
    for e in events:
        by_item.setdefault(e['i'], {})[e['phase']] = e
    results = []
    for i, it in enumerate(items):
        ev = by_item.get(i, {})
        case = cases[it['case']]
        ecase = expected[it['case']]
        r = {'case': it['case'], 'variant': it['variant']}
        ours, orig = ev.get('ours'), ev.get('orig')
        if 'start' not in ev:
            r['verdict'] = 'not-run'
        elif ours is None:
            r['verdict'] = 'crash' if 'crash' in ev else 'stalled'
            r['detail'] = 'our kernel did not finish (fault or hang)'
        elif ours['status'] in ('not-translated', 'not-compiled'):
            r['verdict'], r['detail'] = ours['status'], ours.get('why')
        elif ours['status'] == 'error':
            r['verdict'], r['detail'] = 'ours-failed', ours.get('error')
        elif 'expect' in case:
            orig_failed = orig is None or orig.get('status') == 'error'
            r['verdict'] = 'match' if ours['status'] == 'trapped' and orig_failed else 'mismatch'
            r['detail'] = f"ours {ours['status']}, original {orig.get('error') if orig else 'failed'}"
        elif ours['status'] == 'trapped':
            r['verdict'], r['detail'] = 'mismatch', 'our kernel trapped, the original did not'
        elif orig is None or orig.get('status') != 'ok':
            r['verdict'] = 'original-failed'
            r['detail'] = orig.get('error') if orig else 'no result'
        else:
            o = [bytes.fromhex(x) for x in orig['outputs']]
            u = [bytes.fromhex(x) for x in ours['outputs']]
            recorded = (EXEC_DIR / 'expected' / ecase['variants'][it['variant']]['file']).read_bytes()
            r['original_reps_equal'] = all(x == o[0] for x in o)
            r['original_equals_recording'] = o[0] == recorded
            r['ours_reps_equal'] = all(x == u[0] for x in u)
            if all(x == o[0] for x in u):
                r['verdict'] = 'match'
            else:
                worst = next(x for x in u if x != o[0])
                report = rec.compare_blobs(ecase['outputs'], o[0], worst)
                failing = first_failures(report)
                r['verdict'] = 'mismatch' if failing else 'within-bound'
                r['detail'] = failing or [{k: x[k] for k in x if k != 'examples'} for x in report if x.get('differing')][:3]
        results.append(r)
    (Path(args.out) / 'diff.json').write_text(json.dumps(results, indent=1))
    counts = {}
    for r in results:
        counts[r['verdict']] = counts.get(r['verdict'], 0) + 1
    lines = ['# Differential run: original PTX vs our MSL on the GPU', '',
             f'{len(results)} (case, variant) launches, {args.reps} repetitions each: ' +
             ', '.join(f'{k} {v}' for k, v in sorted(counts.items())), '']
    not_rec = [r for r in results if r.get('original_equals_recording') is False]
    if not_rec:
        lines.append('Original differs from the recording: ' + ', '.join(f"{r['case']} [{r['variant']}]" for r in not_rec))
    lines += diff_table(results)
    (Path(args.out) / 'diff.md').write_text('\n'.join(lines) + '\n')
    print('\n'.join(lines[:3]))


def host_known_failures():
    """(case glob, variant glob, reason) of tests/exec/exec-driver-known-failures.txt: the cases
    the host backend fails too, mostly for f32 denormal flushing (the GPU keeps denormals)."""
    known = []
    for line in (EXEC_DIR / 'exec-driver-known-failures.txt').read_text().splitlines():
        if line.strip() and not line.lstrip().startswith('#'):
            case_glob, variant_glob, reason = line.split(None, 2)
            known.append((case_glob, variant_glob, reason))
    return known


def diff_table(results):
    """The rows of diff.md for every launch that is not a match; a mismatch the host backend
    shares names its known-failure reason, so that only the others need a diagnosis."""
    known = host_known_failures()
    rows = ['| case | variant | verdict | host backend | detail |', '|---|---|---|---|---|']
    for r in results:
        if r['verdict'] == 'match':
            continue
        hit = next((k for k in known if fnmatch.fnmatch(r['case'], k[0]) and fnmatch.fnmatch(r['variant'], k[1])), None)
        host = f"known failure: {hit[2][:120]}" if hit else ''
        rows.append(f"| {r['case']} | {r['variant']} | {r['verdict']} | {host} | {json.dumps(r.get('detail'))[:400]} |")
    return rows


# --------------------------------------------------------------------------------------------
# Speed part
# --------------------------------------------------------------------------------------------
SM = 132  # H200
# name: entry, grid, block, params (('buf', dtype, count, init, role) | ('i32'|'f32'|'f64', value)),
# group ('f32/int', or 'f64' and 'tensor', whose emulation is reported apart).
BENCH = {
    'saxpy': ((SM * 32, 1, 1), (256, 1, 1), [('i32', 1 << 26), ('f32', 1.5), ('buf', 'f32', 1 << 26, 'unit', 'in'),
                                             ('buf', 'f32', 1 << 26, 'unit', 'inout')], 'f32/int'),
    'copy_f32x4': ((SM * 32, 1, 1), (256, 1, 1), [('i32', 1 << 24), ('buf', 'f32', 1 << 26, 'unit', 'in'),
                                                  ('buf', 'f32', 1 << 26, None, 'out')], 'f32/int'),
    'reduce_sum': ((SM * 8, 1, 1), (256, 1, 1), [('i32', 1 << 26), ('buf', 'f32', 1 << 26, 'unit', 'in'),
                                                 ('buf', 'f32', SM * 8, None, 'out')], 'f32/int'),
    'sgemm_tiled': ((32, 32, 1), (256, 1, 1), [('i32', 2048), ('buf', 'f32', 2048 * 2048, 'unit', 'in'),
                                               ('buf', 'f32', 2048 * 2048, 'unit', 'in'),
                                               ('buf', 'f32', 2048 * 2048, None, 'out')], 'f32/int'),
    'transpose': ((256, 256, 1), (32, 8, 1), [('i32', 8192), ('buf', 'f32', 8192 * 8192, 'unit', 'in'),
                                              ('buf', 'f32', 8192 * 8192, None, 'out')], 'f32/int'),
    'scan_block': (((1 << 26) // 1024, 1, 1), (1024, 1, 1), [('buf', 'i32', 1 << 26, 'small', 'in'),
                                                             ('buf', 'i32', 1 << 26, None, 'out')], 'f32/int'),
    'histogram': ((SM * 8, 1, 1), (256, 1, 1), [('i32', 1 << 24), ('buf', 'u32', 1 << 24, 'bits', 'in'),
                                                ('buf', 'u32', 256, None, 'zero')], 'f32/int'),
    'softmax': ((65536, 1, 1), (256, 1, 1), [('i32', 1024), ('buf', 'f32', 65536 * 1024, 'unit', 'in'),
                                             ('buf', 'f32', 65536 * 1024, None, 'out')], 'f32/int'),
    'stencil5': ((256, 512, 1), (32, 16, 1), [('i32', 8192), ('buf', 'f32', 8192 * 8192, 'unit', 'in'),
                                              ('buf', 'f32', 8192 * 8192, None, 'out')], 'f32/int'),
    'nbody': ((256, 1, 1), (256, 1, 1), [('i32', 65536), ('buf', 'f32', 65536 * 4, 'unit', 'in'),
                                         ('buf', 'f32', 65536 * 4, None, 'out')], 'f32/int'),
    'bitonic_sort': ((8192, 1, 1), (1024, 1, 1), [('buf', 'u32', 8192 * 2048, 'bits', 'in'),
                                                  ('buf', 'u32', 8192 * 2048, None, 'out')], 'f32/int'),
    'irreducible': (((1 << 24) // 256, 1, 1), (256, 1, 1), [('i32', 1 << 24), ('buf', 'u32', 1 << 24, 'bits', 'in'),
                                                            ('buf', 'u32', 1 << 24, None, 'out')], 'f32/int'),
    'warp_shuffle': (((1 << 24) // 256, 1, 1), (256, 1, 1), [('i32', 1 << 24), ('buf', 'u32', 1 << 24, 'bits', 'in'),
                                                             ('buf', 'u32', 1 << 24, None, 'out')], 'f32/int'),
    'int_hash': (((1 << 24) // 256, 1, 1), (256, 1, 1), [('i32', 1 << 24), ('buf', 'u32', 1 << 24, 'bits', 'in'),
                                                         ('buf', 'u32', 1 << 24, None, 'out')], 'f32/int'),
    'f64_daxpy': ((SM * 32, 1, 1), (256, 1, 1), [('i32', 1 << 22), ('f64', 1.5), ('buf', 'f64', 1 << 22, 'unit', 'in'),
                                                 ('buf', 'f64', 1 << 22, 'unit', 'inout')], 'f64'),
    'f64_poly': (((1 << 20) // 256, 1, 1), (256, 1, 1), [('i32', 1 << 20), ('buf', 'f64', 1 << 20, 'unit', 'in'),
                                                         ('buf', 'f64', 1 << 20, None, 'out')], 'f64'),
    # Tensor cores (mma_gemm.cuh): one HMMA per mma.sync against our bit-exact emulation.
    'mma_gemm_f16': ((32, 32, 1), (256, 1, 1), [('i32', 2048), ('buf', 'f16', 2048 * 2048, 'unit', 'in'),
                                                ('buf', 'f16', 2048 * 2048, 'unit', 'in'),
                                                ('buf', 'f32', 2048 * 2048, None, 'out')], 'tensor'),
    'mma_gemm_bf16': ((32, 32, 1), (256, 1, 1), [('i32', 2048), ('buf', 'bf16', 2048 * 2048, 'unit', 'in'),
                                                 ('buf', 'bf16', 2048 * 2048, 'unit', 'in'),
                                                 ('buf', 'f32', 2048 * 2048, None, 'out')], 'tensor'),
}
# Reported apart from the f32/int geometric mean: f64 and the tensor cores are emulated.
BENCH_GROUPS = ('f32/int', 'f64', 'tensor')
ROTATE = 3  # input sets, used in turn


def make_input(dtype, count, init, seed):
    import numpy as np
    rng = np.random.default_rng(seed)
    if init == 'unit' and dtype == 'bf16':  # f32 rounded to nearest even, the upper half kept
        bits = rng.uniform(-1.0, 1.0, count).astype(np.float32).view(np.uint32)
        return ((bits + 0x7fff + ((bits >> 16) & 1)) >> 16).astype(np.uint16).tobytes()
    if init == 'unit':
        return rng.uniform(-1.0, 1.0, count).astype({'f16': np.float16, 'f32': np.float32,
                                                     'f64': np.float64}[dtype]).tobytes()
    if init == 'small':
        return rng.integers(-100, 100, count, dtype=np.int32).tobytes()
    return rng.integers(0, 2**32, count, dtype=np.uint32).tobytes()


def scalar_blob(kind, value):
    return struct.pack({'i32': '<i', 'f32': '<f', 'f64': '<d'}[kind], value)


def bench_worker(args):
    stage = Path(args.stage) / 'bench'
    items = json.loads(Path(args.items).read_text())
    gpu = Gpu()
    out = open(args.results, 'a')
    for idx in range(args.start, len(items)):
        name = items[idx]
        out.write(json.dumps({'i': idx, 'phase': 'start'}) + '\n')
        out.flush()
        r = bench_one(gpu, stage, name, args.runs)
        r['i'], r['phase'] = idx, 'done'
        out.write(json.dumps(r) + '\n')
        out.flush()
    sys.exit(0)


def bench_one(gpu, stage, name, runs):
    grid, block, params, group = BENCH[name]
    ours_ptx = stage / f'{name}.p2m.ptx'
    if not ours_ptx.exists():
        return {'name': name, 'group': group, 'status': 'not-built'}
    reflection = json.loads((stage / f'{name}.p2m.json').read_text())
    allocs = []
    try:
        orig_mod = gpu.load((stage / f'{name}.ptx').read_bytes() + b'\0')
        orig_fn = gpu.function(orig_mod, name)
        ours = OursModule(gpu, ours_ptx.read_bytes() + b'\0', reflection, allocs)
        kinfo = ours.kernel(name)
        if not kinfo or not kinfo['translated']:
            return {'name': name, 'group': group, 'status': 'not-translated', 'why': kinfo and kinfo.get('error')}
        ours_fn = gpu.function(ours.mod, kinfo['msl_name'])
        shm = ours.shared_bytes(kinfo, 0)
        if shm > 48 * 1024:
            gpu.call('cuFuncSetAttribute', ours_fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shm)
        # ROTATE sets of buffers; the host copies of inputs are kept for the check below.
        sets, host = [], {}
        for s in range(ROTATE):
            values, bufs = [], []
            for k, p in enumerate(params):
                if p[0] == 'buf':
                    _, dtype, count, init, role = p
                    nbytes = count * rec.type_size(dtype)
                    d = gpu.alloc(nbytes, allocs)
                    if init:
                        host[(s, k)] = make_input(dtype, count, init, 1000 * s + k)
                        gpu.upload(d, host[(s, k)])
                    else:
                        gpu.call('cuMemsetD8_v2', d, 0, nbytes)
                    bufs.append((k, d, nbytes, role))
                    values.append(struct.pack('<Q', d))
                else:
                    values.append(scalar_blob(p[0], p[1]))
            o_arr, o_keep = launch_args(values)
            u_arr, u_keep = launch_args([ours.params_block(kinfo, values, 0), ours.words_blob])
            sets.append({'orig': (o_arr, o_keep), 'ours': (u_arr, u_keep), 'bufs': bufs})
        ev0, ev1 = ctypes.c_void_p(), ctypes.c_void_p()
        gpu.call('cuEventCreate', ctypes.byref(ev0), 0)
        gpu.call('cuEventCreate', ctypes.byref(ev1), 0)

        def launch(which, s):
            fn, arr, sh = (orig_fn, sets[s]['orig'][0], 0) if which == 'orig' else (ours_fn, sets[s]['ours'][0], shm)
            gpu.call('cuLaunchKernel', fn, *grid, *block, sh, None, arr, None)

        def timed(which, s):
            gpu.call('cuEventRecord', ev0, None)
            launch(which, s)
            gpu.call('cuEventRecord', ev1, None)
            gpu.call('cuEventSynchronize', ev1)
            ms = ctypes.c_float()
            gpu.call('cuEventElapsedTime', ctypes.byref(ms), ev0, ev1)
            return ms.value

        for w in range(3):  # warm-up
            launch('orig', w % ROTATE)
            launch('ours', w % ROTATE)
        gpu.call('cuCtxSynchronize')
        t = {'orig': [], 'ours': []}
        for r in range(runs):  # interleaved, so that clocks and temperature drift hit both alike
            for which in (('orig', 'ours') if r % 2 == 0 else ('ours', 'orig')):
                t[which].append(timed(which, r % ROTATE))
        # Correctness of the timed kernels: set 0 reset, one launch each, outputs compared.
        outs = {}
        for which in ('orig', 'ours'):
            for k, d, nbytes, role in sets[0]['bufs']:
                if (0, k) in host:
                    gpu.upload(d, host[(0, k)])
                else:
                    gpu.call('cuMemsetD8_v2', d, 0, nbytes)
            launch(which, 0)
            gpu.call('cuCtxSynchronize')
            outs[which] = b''.join(gpu.download(d, nbytes) for k, d, nbytes, role in sets[0]['bufs']
                                   if role in ('out', 'inout', 'zero'))
        same = outs['orig'] == outs['ours']
        return {'name': name, 'group': group, 'status': 'ok', 'orig_ms': statistics.median(t['orig']),
                'ours_ms': statistics.median(t['ours']), 'orig_all': t['orig'], 'ours_all': t['ours'],
                'outputs_equal': same, 'output_bytes': len(outs['orig']),
                'differing_words': 0 if same else sum(1 for a, b in zip(
                    struct.iter_unpack('<I', outs['orig']), struct.iter_unpack('<I', outs['ours'])) if a != b)}
    except rec.CudaError as e:
        return {'name': name, 'group': group, 'status': 'error', 'error': str(e)}
    finally:
        gpu.free(allocs)


def bench_main(args):
    names = [n for n in BENCH if (Path(args.stage) / 'bench' / f'{n}.ptx').exists()
             and any(fnmatch.fnmatch(n, g) for g in args.kernels.split(','))]
    events = run_workers('bench', names, args, Path(args.workdir) / 'bench-events.jsonl', stall=120)
    results = [e for e in events if e.get('phase') == 'done']
    (Path(args.out) / 'bench.json').write_text(json.dumps(results, indent=1))
    lines = ['| kernel | original ms | ours ms | original/ours | outputs | note |', '|---|---|---|---|---|---|']
    ratios = {g: [] for g in BENCH_GROUPS}
    for group in BENCH_GROUPS:
        for r in results:
            if r['group'] != group:
                continue
            if r['status'] != 'ok':
                lines.append(f"| {r['name']} ({group}) | | | | {r['status']} | {r.get('error') or r.get('why') or ''} |")
                continue
            ratio = r['orig_ms'] / r['ours_ms']
            ratios[group].append(ratio)
            same = 'equal' if r['outputs_equal'] else f"{r['differing_words']} words differ"
            lines.append(f"| {r['name']}{'' if group == 'f32/int' else f' ({group})'} | {r['orig_ms']:.3f} | "
                         f"{r['ours_ms']:.3f} | {ratio:.2f} | {same} | |")
    for group, rs in ratios.items():
        if rs:
            g = math.exp(sum(math.log(x) for x in rs) / len(rs))
            lines.append(f'\nGeometric mean original/ours, {group}: {g:.3f} over {len(rs)} kernels (min {min(rs):.2f})')
    (Path(args.out) / 'bench.md').write_text('\n'.join(lines) + '\n')
    print('\n'.join(lines))


def compile_one(job, timeout):
    """NVRTC in a child process (nvrtc_compile.py), so that a compile past its time is killed."""
    cu, kind = job
    out = cu.with_suffix('.' + kind)
    try:
        r = subprocess.run([sys.executable, str(Path(__file__).resolve().parent / 'nvrtc_compile.py'), str(cu),
                            str(out), '-I', str(Path(__file__).resolve().parent / 'include')],
                           capture_output=True, text=True, timeout=timeout)
        return cu.name, r.returncode == 0 and out.exists(), (r.stdout + r.stderr).strip()[-3000:]
    except subprocess.TimeoutExpired:
        return cu.name, False, f'NVRTC did not finish in {timeout:.0f} s'


def matches_any(name, globs):
    return bool(globs) and any(fnmatch.fnmatch(name, g) for g in globs.split(','))


def split_wrappers(cu):
    """One wrapper per translated kernel of cu's MSL (<stem>.<msl_name>.cu): NVRTC compiles the
    kernels of one file in parallel, each with only the code it reaches (run_ours loads the
    kernel's own cubin when there is one)."""
    reflection = json.loads(cu.with_suffix('.json').read_text())
    metal = cu.with_suffix('.metal')
    out = []
    for k in reflection['kernels']:
        if not k.get('translated'):
            continue
        one = dict(reflection, kernels=[k])
        path = cu.with_name(f"{cu.stem}.{k['msl_name']}.cu")
        path.write_text(make_wrapper.wrapper_source(one, metal.name, metal.read_text()))
        out.append(path)
    return out


def compile_main(args):
    """NVRTC for every wrapper whose binary prepare_gpu_suite.py left to this machine: the
    differential part's cubins and the speed part's PTX (prepare_gpu_suite.py --no-compile)."""
    from concurrent.futures import ThreadPoolExecutor
    stage = Path(args.stage)
    todo = []
    if args.mode in ('all', 'diff'):
        for cu in sorted((stage / 'diff').glob('*.cu')):
            if not cu.with_suffix('.json').exists():
                continue  # a per-kernel wrapper of an earlier run: made again below
            if matches_any(cu.stem, args.split_kernels) and not cu.with_suffix('.cubin').exists():
                todo += [(k, 'cubin') for k in split_wrappers(cu)]
            else:
                todo.append((cu, 'cubin'))
    if args.mode in ('all', 'bench'):
        todo += [(cu, 'ptx') for cu in sorted((stage / 'bench').glob('*.p2m.cu'))
                 if any(fnmatch.fnmatch(cu.name[:-len('.p2m.cu')], g) for g in args.kernels.split(','))]
    todo = [(cu, kind) for cu, kind in todo if not cu.with_suffix('.' + kind).exists()]
    t0 = time.time()
    with ThreadPoolExecutor(max(1, (os.cpu_count() or 2) - 1)) as pool:
        results = list(pool.map(lambda job: compile_one(job, args.compile_timeout), todo))
    failed = {n: log for n, ok, log in results if not ok}
    if args.keep_cubins:  # bring the cubins back, so that a later run need not compile them
        keep = Path(args.out) / 'cubins'
        keep.mkdir(exist_ok=True)
        for cu, kind in todo:
            if cu.with_suffix('.' + kind).exists():
                (keep / cu.with_suffix('.' + kind).name).write_bytes(cu.with_suffix('.' + kind).read_bytes())
    (Path(args.out) / 'compile.json').write_text(json.dumps(failed, indent=1))
    print(f'compiled {len(todo)} wrappers in {time.time() - t0:.0f} s; failed: {sorted(failed)}')


def env_main(args):
    info = {}
    try:
        info['nvidia_smi'] = subprocess.run(['nvidia-smi', '--query-gpu=name,driver_version,memory.total,clocks.max.sm',
                                             '--format=csv,noheader'], capture_output=True, text=True).stdout.strip()
        info['nvidia_smi_header'] = subprocess.run(['nvidia-smi'], capture_output=True, text=True).stdout.splitlines()[:4]
    except OSError as e:
        info['nvidia_smi'] = str(e)
    info['date'] = time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())
    (Path(args.out) / 'env.json').write_text(json.dumps(info, indent=1))
    print(json.dumps(info))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('mode', nargs='?', default='all', choices=['all', 'diff', 'bench', '_diff-worker', '_bench-worker'])
    ap.add_argument('--stage', default=str(ROOT / 'build-gpu'))
    ap.add_argument('--out', required=True)
    ap.add_argument('--cases', default='*', help='comma-separated globs on case names')
    ap.add_argument('--kernels', default='*', help='comma-separated globs on benchmark names')
    ap.add_argument('--reps', type=int, default=3)
    ap.add_argument('--runs', type=int, default=25)
    ap.add_argument('--deadline', type=float, default=240, help='seconds per part')
    ap.add_argument('--keep-cubins', action='store_true', help='copy the binaries compiled here to OUT/cubins')
    ap.add_argument('--split-kernels', default='',
                    help='comma-separated globs on diff file stems: one NVRTC compile per kernel')
    ap.add_argument('--compile-timeout', type=float, default=1800, help='seconds for one NVRTC compile')
    ap.add_argument('--workdir', help='scratch files (worker items and events); default: a temporary directory')
    ap.add_argument('--items')
    ap.add_argument('--results')
    ap.add_argument('--start', type=int, default=0)
    args = ap.parse_args()
    if args.mode == '_diff-worker':
        return diff_worker(args)
    if args.mode == '_bench-worker':
        return bench_worker(args)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    if not args.workdir:  # OUT keeps only the results (a remote runner may bring back only a few files)
        import tempfile
        args.workdir = tempfile.mkdtemp(prefix='p2m-gpu-')
    env_main(args)
    compile_main(args)
    if args.mode in ('all', 'diff'):
        diff_main(args)
    if args.mode in ('all', 'bench'):
        bench_main(args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
