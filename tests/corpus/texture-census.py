#!/usr/bin/env python3
"""Census of the texture and surface forms an extracted PTX corpus uses (docs/textures.md).

usage: texture-census.py CORPUS_DIR   (a directory `ptx2metal extract` wrote, any depth)

Counts, over the distinct modules (by file name, as translate-corpus.py deduplicates), the
kernels whose body has a texture or surface instruction, the instructions by full opcode
spelling and operand shape, and the legacy .texref/.samplerref/.surfref declarations."""
import collections
import re
import sys
from pathlib import Path

OPS = re.compile(r'^\s*(?:@!?%\w+\s+)?((?:tex|tld4|txq|suld|sust|sured|suq|istypep)(?:\.\w+)*)\s+(.*?);', re.M)
REFS = re.compile(r'\.(texref|samplerref|surfref)\b')
ENTRY = re.compile(r'^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+(\w+)', re.M)
ANY = re.compile(r'\b(tex|tld4|txq|suld|sust|sured|suq|istypep)\.|\.(texref|samplerref|surfref)\b')


def main():
    root = Path(sys.argv[1])
    spellings, shapes, refs, libs = (collections.Counter() for _ in range(4))
    seen, kernels, modules = set(), 0, 0
    for f in sorted(root.rglob('*.ptx')):
        if f.name in seen:
            continue
        seen.add(f.name)
        text = f.read_text(errors='replace')
        if not ANY.search(text):
            continue
        refs.update(m.group(1) for m in REFS.finditer(text))
        starts = [m.start() for m in ENTRY.finditer(text)] + [len(text)]
        used = False
        for a, b in zip(starts, starts[1:]):
            hits = OPS.findall(text[a:b])
            if hits:
                kernels += 1
                libs[f.parent.name] += 1
                used = True
            for op, args in hits:
                spellings[op] += 1
                shapes[(op, re.sub(r'\b\d+\b', 'N', re.sub(r'%\w+', 'R', args)))] += 1
        modules += used
    print(f'modules: {len(seen)}, with texture/surface instructions: {modules}')
    print(f'kernels with texture/surface instructions: {kernels}')
    for lib, n in libs.most_common():
        print(f'  {n:7}  {lib}')
    print(f'legacy reference declarations: {dict(refs) or "none"}')
    print('instructions by spelling:')
    for op, n in spellings.most_common():
        print(f'  {n:7}  {op}')
    print('by operand shape:')
    for (op, shape), n in shapes.most_common():
        print(f'  {n:7}  {op} {shape}')


if __name__ == '__main__':
    main()
