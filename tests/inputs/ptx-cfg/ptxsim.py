#!/usr/bin/env python3
"""A tiny, slow, independent PTX interpreter for the integer subset of tests/inputs/ptx-cfg.

It exists to check the hand-written kernels before and after they run on a GPU: that every
loop terminates, which blocks each kernel visits (the visit masks), and that the recorded GPU
outputs agree with a second reading of the PTX semantics. It knows only what these files use:
add sub mul.lo mul.wide and or xor not shl shr setp selp mov cvta.to.global ld/st (.param
.global .shared, and generic: global memory or a kernel parameter whose address mov and
cvta.param took) isspacep.global bra brx.idx call ret exit bar.sync, guards `@p` / `@!p`, .func calls with
.param or .reg arguments and results (direct, or through a function address taken with mov and
a .callprototype), and .shared arrays. Threads of a CTA run one after another up to each bar.sync (a barrier must
be reached by every thread of the CTA).

  ptxsim.py run FILE.ptx [KERNEL...]     print each kernel's outputs and block coverage
  ptxsim.py check                        run every kernel, compare with expected/*.txt
"""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import inputs as cfg_inputs  # noqa: E402  (the input generator, shared with the README)

TYPES = {'u32': (32, False), 's32': (32, True), 'b32': (32, False), 'u64': (64, False),
         's64': (64, True), 'b64': (64, False), 'pred': (1, False)}
SPECIAL = {'%tid.x', '%tid.y', '%tid.z', '%ntid.x', '%ntid.y', '%ntid.z', '%ctaid.x', '%ctaid.y',
           '%ctaid.z', '%nctaid.x', '%nctaid.y', '%nctaid.z'}
STEP_LIMIT = 2_000_000
FUNCTION_BASE = 0xFFFD000000000000  # a function's address: this plus its index in the module


class PtxError(Exception):
    pass


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def split_top(s, sep=','):
    """Split at `sep` outside () [] {}."""
    out, depth, cur = [], 0, ''
    for ch in s:
        if ch in '([{':
            depth += 1
        elif ch in ')]}':
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse_param_list(s):
    """'.param .u64 out, .param .u32 n' -> [('out', 'u64'), ...]"""
    res = []
    for p in split_top(s):
        words = p.split()
        ty = [w[1:] for w in words if w[1:] in TYPES]
        res.append((words[-1], ty[0] if ty else 'b32'))
    return res


SHARED_DECL = re.compile(r'\.shared\s+(?:\.align\s+(\d+)\s+)?\.(\w+)\s+([$%\w]+)\[(\d+)\]')


def parse_shared(stmt, into):
    m = SHARED_DECL.match(stmt)
    if not m:
        raise PtxError('bad .shared: ' + stmt)
    into[m.group(3)] = (TYPES[m.group(2)][0] // 8 * int(m.group(4)), int(m.group(1) or 4))


class Function:
    def __init__(self, name, kind, rets, params, body):
        self.name, self.kind, self.rets, self.params = name, kind, rets, params
        self.insts = []      # (guard, negate, opcode parts, operands)
        self.labels = {}     # label -> instruction index
        self.tables = {}     # table label -> [labels]
        self.shared = {}     # name -> (size bytes, align)
        self._parse_body(body)

    def _parse_body(self, body):
        body = body.replace('{', ';').replace('}', ';')
        for stmt in body.split(';'):
            stmt = stmt.strip()
            while True:
                mt = re.match(r'^([$%\w]+)\s*:(?!:)\s*(.*)$', stmt, re.S)
                if not mt:
                    break
                label, stmt = mt.group(1), mt.group(2).strip()
                if stmt.startswith('.branchtargets'):
                    self.tables[label] = [t.strip() for t in stmt[len('.branchtargets'):].split(',')]
                    stmt = ''
                    break
                if stmt.startswith('.callprototype'):
                    stmt = ''  # the callee's own parameter list is what the call passes
                    break
                self.labels[label] = len(self.insts)
            if not stmt:
                continue
            if stmt.startswith('.reg') or stmt.startswith('.param') or stmt.startswith('.pragma'):
                continue
            if stmt.startswith('.shared'):
                parse_shared(stmt, self.shared)
                continue
            guard, neg = None, False
            m = re.match(r'^@(!?)(%?[$\w]+)\s+(.*)$', stmt, re.S)
            if m:
                neg, guard, stmt = m.group(1) == '!', m.group(2), m.group(3)
            parts = stmt.split(None, 1)
            op = parts[0].split('.')
            ops = split_top(parts[1]) if len(parts) > 1 else []
            self.insts.append((guard, neg, op, ops))


class Module:
    def __init__(self, text):
        text = strip_comments(text)
        self.funcs = {}
        self.shared = {}     # module-scope .shared arrays
        outside = []
        pos = 0
        pat = re.compile(r'(\.visible\s+|\.weak\s+)?\.(entry|func)\s*(\([^)]*\))?\s*([$%\w]+)\s*'
                         r'(\([^)]*\))?\s*\{')
        while True:
            m = pat.search(text, pos)
            if not m:
                outside.append(text[pos:])
                break
            outside.append(text[pos:m.start()])
            depth, i = 1, m.end()
            while depth:
                if text[i] == '{':
                    depth += 1
                elif text[i] == '}':
                    depth -= 1
                i += 1
            rets = parse_param_list(m.group(3)[1:-1]) if m.group(3) else []
            params = parse_param_list(m.group(5)[1:-1]) if m.group(5) else []
            self.funcs[m.group(4)] = Function(m.group(4), m.group(2), rets, params, text[m.end():i - 1])
            pos = i
        self.address = {name: FUNCTION_BASE + k for k, name in enumerate(self.funcs)}
        self.at_address = {a: name for name, a in self.address.items()}
        for m in SHARED_DECL.finditer(''.join(outside)):
            parse_shared(m.group(0), self.shared)

    def entries(self):
        return [f.name for f in self.funcs.values() if f.kind == 'entry']


def mask(v, bits):
    return v & ((1 << bits) - 1)


def signed(v, bits):
    v = mask(v, bits)
    return v - (1 << bits) if v >> (bits - 1) else v


# Where the simulator puts a kernel's parameter block in the generic address space (mov of a
# parameter's name, cvta.param): any range apart from the buffers does.
PARAM_BASE = 0x7e0000000000


class Memory:
    """Global memory: named buffers at fixed bases; shared memory per CTA at address 0."""

    def __init__(self):
        self.buffers = []   # (base, bytearray)

    def add(self, base, data):
        self.buffers.append((base, data))

    def find(self, addr, size):
        for base, data in self.buffers:
            if base <= addr and addr + size <= base + len(data):
                return data, addr - base
        raise PtxError('global access out of bounds at 0x%x' % addr)


class Thread:
    def __init__(self, module, mem, shared, shared_addr, tid, ctaid, ntid, nctaid):
        self.m, self.mem, self.shared, self.shared_addr = module, mem, shared, shared_addr
        self.special = {'%tid.x': tid, '%tid.y': 0, '%tid.z': 0, '%ntid.x': ntid, '%ntid.y': 1,
                        '%ntid.z': 1, '%ctaid.x': ctaid, '%ctaid.y': 0, '%ctaid.z': 0,
                        '%nctaid.x': nctaid, '%nctaid.y': 1, '%nctaid.z': 1}
        self.steps = 0
        self.exited = False

    def value(self, regs, params, s):
        s = s.strip()
        if s in regs:
            return regs[s]
        if s in self.special:
            return self.special[s]
        if s in self.shared_addr:
            return self.shared_addr[s]
        if s in params:
            return params[s]
        if s in self.m.address:
            return self.m.address[s]
        if re.match(r'^-?(0[xX][0-9a-fA-F]+|\d+)U?$', s):
            return int(s.rstrip('U'), 0)
        raise PtxError('unknown operand %r' % s)

    @staticmethod
    def param_layout(f):
        """Offsets of a kernel's parameters in its parameter block (each at its own alignment)."""
        layout, at = {}, 0
        for pname, ty in f.params:
            size = TYPES[ty][0] // 8
            at = (at + size - 1) // size * size
            layout[pname] = (at, size)
            at += size
        return layout

    def param_address(self, f, pname):
        return PARAM_BASE + self.param_layout(f)[pname][0]

    def param_block(self, f, params):
        block = bytearray(0x1000)
        for pname, (at, size) in self.param_layout(f).items():
            block[at:at + size] = mask(params[pname], 8 * size).to_bytes(size, 'little')
        return block

    def address(self, regs, params, s):
        inner = s.strip()[1:-1].strip()
        m = re.match(r'^([$%\w]+)\s*(?:\+\s*(-?\w+))?$', inner)
        if not m:
            raise PtxError('bad address %r' % s)
        return m.group(1), int(m.group(2), 0) if m.group(2) else 0

    def run(self, fname, args):
        """Generator: runs fname with the given parameter values; yields at bar.sync;
        returns the list of return-parameter values."""
        f = self.m.funcs[fname]
        regs = {}
        params = {p[0]: a for p, a in zip(f.params, args)}
        for r, _ in f.rets:
            params[r] = 0
        pc = 0
        while True:
            if pc >= len(f.insts):
                raise PtxError('%s: fell off the end' % fname)
            self.steps += 1
            if self.steps > STEP_LIMIT:
                raise PtxError('%s: step limit (infinite loop?)' % fname)
            guard, neg, op, ops = f.insts[pc]
            pc += 1
            if guard is not None:
                g = self.value(regs, params, guard)
                if bool(g) == neg:
                    continue
            name = op[0]
            tys = [t for t in op[1:] if t in TYPES]
            ty = tys[-1] if tys else 'b32'
            bits, is_signed = TYPES[ty]
            V = lambda s: self.value(regs, params, s)  # noqa: E731
            if name == 'mov':
                if f.kind == 'entry' and ops[1].strip() in params:  # a kernel parameter's address
                    regs[ops[0]] = self.param_address(f, ops[1].strip())
                else:
                    regs[ops[0]] = mask(V(ops[1]), bits)
            elif name == 'cvta':
                regs[ops[0]] = V(ops[1])
            elif name in ('add', 'sub', 'and', 'or', 'xor'):
                a, b = V(ops[1]), V(ops[2])
                r = {'add': a + b, 'sub': a - b, 'and': a & b, 'or': a | b, 'xor': a ^ b}[name]
                regs[ops[0]] = mask(r, bits)
            elif name == 'not':
                regs[ops[0]] = mask(~V(ops[1]), bits)
            elif name == 'mul':
                a, b = V(ops[1]), V(ops[2])
                if is_signed:
                    a, b = signed(a, bits), signed(b, bits)
                else:
                    a, b = mask(a, bits), mask(b, bits)
                if 'wide' in op:
                    regs[ops[0]] = mask(a * b, 2 * bits)
                elif 'lo' in op:
                    regs[ops[0]] = mask(a * b, bits)
                else:
                    raise PtxError('mul needs .lo or .wide')
            elif name in ('shl', 'shr'):
                a, b = mask(V(ops[1]), bits), mask(V(ops[2]), 32)
                if name == 'shl':
                    r = a << min(b, bits)
                elif is_signed:
                    r = signed(a, bits) >> min(b, bits)
                else:
                    r = a >> min(b, bits)
                regs[ops[0]] = mask(r, bits)
            elif name == 'setp':
                cmp = op[1]
                a, b = mask(V(ops[1]), bits), mask(V(ops[2]), bits)
                if is_signed and cmp in ('lt', 'le', 'gt', 'ge'):
                    a, b = signed(a, bits), signed(b, bits)
                r = {'eq': a == b, 'ne': a != b, 'lt': a < b, 'le': a <= b, 'gt': a > b,
                     'ge': a >= b, 'lo': a < b, 'ls': a <= b, 'hi': a > b, 'hs': a >= b}[cmp]
                regs[ops[0]] = int(r)
            elif name == 'selp':
                regs[ops[0]] = mask(V(ops[1]) if V(ops[3]) else V(ops[2]), bits)
            elif name == 'isspacep':
                if op[1] != 'global':
                    raise PtxError('isspacep.%s' % op[1])
                # True for a kernel parameter's generic address too, as the H200 answers.
                regs[ops[0]] = 1
            elif name in ('ld', 'st'):
                space = op[1]
                sym, off = self.address(regs, params, ops[1] if name == 'ld' else ops[0])
                nbytes = bits // 8
                if space in TYPES:  # generic: a kernel parameter's address, or global memory
                    a = V(sym) + off
                    if name == 'ld' and PARAM_BASE <= a < PARAM_BASE + 0x1000:
                        block = self.param_block(f, params)
                        regs[ops[0]] = int.from_bytes(block[a - PARAM_BASE:a - PARAM_BASE + nbytes], 'little')
                        continue
                    space = 'global'
                    sym, off = str(a), 0
                if space == 'param':
                    if name == 'ld':
                        regs[ops[0]] = mask(params[sym], bits)
                    else:
                        params[sym] = mask(V(ops[1]), bits)
                    continue
                base = V(sym) + off
                if space == 'global':
                    data, o = self.mem.find(base, nbytes)
                elif space == 'shared':
                    data, o = self.shared, base
                    if o < 0 or o + nbytes > len(data):
                        raise PtxError('shared access out of bounds at %d' % o)
                else:
                    raise PtxError('state space %s' % space)
                if name == 'ld':
                    regs[ops[0]] = int.from_bytes(data[o:o + nbytes], 'little')
                else:
                    data[o:o + nbytes] = mask(V(ops[1]), bits).to_bytes(nbytes, 'little')
            elif name == 'bra':
                pc = f.labels[ops[0]]
            elif name == 'brx':
                idx = mask(V(ops[0]), 32)
                table = f.tables[ops[1]]
                if idx >= len(table):
                    raise PtxError('brx.idx index %d out of range' % idx)
                pc = f.labels[table[idx]]
            elif name == 'call':
                if ops[0].startswith('('):
                    rets, callee, args = ops[0][1:-1], ops[1], ops[2] if len(ops) > 2 else '()'
                else:
                    rets, callee, args = '', ops[0], ops[1] if len(ops) > 1 else '()'
                argv = [V(a) for a in split_top(args[1:-1])]
                if callee not in self.m.funcs:  # through a register holding a function's address
                    callee = self.m.at_address.get(V(callee))
                    if callee is None:
                        raise PtxError('indirect call to a value that is no function')
                res = yield from self.run(callee, argv)
                for r, v in zip(split_top(rets), res):
                    params[r] = v  # a .param result, read with ld.param
                    regs[r] = v    # a register result (a .reg parameter of the callee)
            elif name == 'ret':
                # A .reg result is a register of the function; a .param one is written by st.param.
                return [regs[r] if r in regs else params[r] for r, _ in f.rets]
            elif name == 'exit':
                self.exited = True
                return []
            elif name == 'bar':
                yield 'bar'
            else:
                raise PtxError('unsupported instruction %s' % '.'.join(op))
            if self.exited:
                return []


def run_kernel(module, kname, grid, block, in_words, out_words):
    """Runs one launch; returns the output words (fill 0xa5a5a5a5 where nothing was stored)."""
    mem = Memory()
    inbuf = bytearray(b''.join(w.to_bytes(4, 'little') for w in in_words))
    outbuf = bytearray(b'\xa5' * (4 * out_words))
    IN, OUT = 0x7f0000000000, 0x7f0010000000
    mem.add(IN, inbuf)
    mem.add(OUT, outbuf)
    f = module.funcs[kname]
    shared_addr, size = {}, 0
    for decls in [module.shared] + [fn.shared for fn in module.funcs.values()]:
        for name, (nbytes, align) in decls.items():
            size = (size + align - 1) // align * align
            shared_addr[name] = size
            size += nbytes
    argv = {'out': OUT, 'in': IN, 'n': len(in_words)}
    args = [argv[p] for p, _ in f.params]
    for cta in range(grid):
        shared = bytearray(b'\x5a' * size)
        threads = []
        for t in range(block):
            th = Thread(module, mem, shared, shared_addr, t, cta, block, grid)
            threads.append([th, th.run(kname, args), False])
        live = threads
        while live:
            at_bar = []
            for ent in live:
                try:
                    next(ent[1])
                    at_bar.append(ent)
                except StopIteration:
                    pass
            if at_bar and len(at_bar) != len(live):
                raise PtxError('%s: bar.sync reached by %d of %d threads' % (kname, len(at_bar), len(live)))
            live = at_bar
    return [int.from_bytes(outbuf[k:k + 4], 'little') for k in range(0, len(outbuf), 4)]


def coverage(module, kname):
    """The visit bits a kernel's marks use (`or.b32 %m, %m, BIT` in it and in what it calls
    directly)."""
    bits, todo, done = 0, [kname], set()
    while todo:
        fn = module.funcs[todo.pop()]
        done.add(fn.name)
        for _, _, op, ops in fn.insts:
            if op[0] == 'or' and len(ops) == 3 and ops[0] == '%m' and ops[2][0].isdigit():
                bits |= int(ops[2], 0)
            if op[0] == 'call':
                callee = ops[1] if ops[0].startswith('(') else ops[0]
                if callee in module.funcs and callee not in done:
                    todo.append(callee)
    return bits


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ('run', 'check'):
        print(__doc__)
        sys.exit(2)
    in_words = cfg_inputs.input_words()
    files = [sys.argv[2]] if sys.argv[1] == 'run' else sorted(glob.glob(os.path.join(HERE, '*.ptx')))
    status = 0
    for path in files:
        with open(path) as fh:
            module = Module(fh.read())
        names = sys.argv[3:] if sys.argv[1] == 'run' and len(sys.argv) > 3 else module.entries()
        for k in names:
            out = run_kernel(module, k, cfg_inputs.GRID, cfg_inputs.BLOCK, in_words, cfg_inputs.OUT_WORDS)
            seen = 0
            for t in range(cfg_inputs.GRID * cfg_inputs.BLOCK):
                if out[2 * t + 1] != 0xa5a5a5a5:
                    seen |= out[2 * t + 1]
            declared = coverage(module, k)
            seen &= declared          # some kernels keep a count in the mask's unused bits
            distinct = len(set(out[0::2]))
            line = '%-28s distinct results %3d/%d, visit bits %08x of %08x' % (
                k, distinct, len(out) // 2, seen, declared)
            if seen != declared:
                line += '  UNVISITED %08x' % (declared & ~seen)
            if sys.argv[1] == 'check':
                exp_path = os.path.join(HERE, 'expected', k + '.txt')
                if not os.path.exists(exp_path):
                    line += '  (no expected file)'
                    status = 1
                else:
                    exp = cfg_inputs.read_expected(exp_path)
                    bad = [i for i in range(len(out)) if out[i] != exp[i]]
                    line += '  matches GPU' if not bad else '  DIFFERS from GPU at %d words (first %d: %08x vs %08x)' % (
                        len(bad), bad[0], out[bad[0]], exp[bad[0]])
                    status |= bool(bad)
            else:
                for i in range(0, len(out), 8):
                    print('  ' + ' '.join('%08x' % w for w in out[i:i + 8]))
            print(line)
    sys.exit(status)


if __name__ == '__main__':
    main()
