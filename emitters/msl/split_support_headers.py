#!/usr/bin/env python3
"""Splits the MSL support headers (emitters/msl/support/*.h) into the units the emitter pastes
one by one, so that a generated file carries only the helpers it calls (and what they need),
without the headers' commentary. The headers stay the commented, tested source of truth.

usage: split_support_headers.py OUTPUT.inc HELPERS.def HEADER...

A unit is one top-level definition of a header: a function (its declaration and body), a
struct, a variable, or one #define. A header may also define functions through a function-like
macro of its own (`#define P2M_X(NAME, ...)` then one `P2M_X(p2m_..., ...)` line per function,
then `#undef P2M_X`): each such use is a unit, written expanded, so that it is the function it
defines and needs only what the function names. Every unit of a header needs the header's include-guard
#define, so that `defined(GUARD)` still tells whether the header (some of it) is present. A unit inside #if/#ifdef/#else keeps its
conditions: it is written wrapped in the directives that lead to its branch, with empty
branches before it. Comments are dropped, and so are #pragma and #error lines.

Each unit depends on the units that define an identifier it (or a condition around it) names;
a name defined by several units (overloads, the branches of an #if, a macro two headers
define alike) needs all of those before it. The headers are given in the order they are
pasted, and a unit may only depend on earlier units, so writing the units a file needs in
index order is a dependency order.

HELPERS.def (lib/ir/Helpers.def) names each helper's MSL name or name pattern and its header:
every row must match at least one name its header defines, or the build fails.

The output (C++, included by SupportUnits.cpp in namespace p2m::msl::support_units) defines:
  kText                 every unit's text, one after the other
  kUnits[]              {header, offset, length, firstDep, depCount} per unit, in paste order
  kDeps[]               the units each unit needs directly (indices into kUnits)
  kNames[]              {name, firstUnit, unitCount} sorted by name; kNameUnits[] the units
  kHeaders[]            the header names; kAlways: the header whose units every file gets
"""

import os
import re
import sys
import textwrap

IDENT = re.compile(r'(?<![0-9A-Za-z_.])[A-Za-z_][A-Za-z0-9_]*')


def tabs_for_indentation(text):
    """The headers indent by two spaces a level; the generated files by a tab (a byte a level:
    indentation was an eighth of the output). A continuation line's odd space stays a space."""
    return re.sub(r'(?m)^((?:  )+)', lambda m: '\t' * (len(m.group(1)) // 2), text)


def strip_comments(text):
    """Removes // and /* */ comments, keeping string and character literals and line breaks."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '/' and i + 1 < n and text[i + 1] == '/':
            while i < n and text[i] != '\n':
                i += 1
        elif c == '/' and i + 1 < n and text[i + 1] == '*':
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * text.count('\n', i, j) or ' ')
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def identifiers(text):
    """The identifiers of C++ text, string and character literals left out."""
    text = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'', ' ', text)
    return set(IDENT.findall(text))


def logical_lines(text):
    """Lines with backslash continuations joined (kept as written)."""
    lines, pending = [], ''
    for line in text.split('\n'):
        line = line.rstrip()
        if line.endswith('\\'):
            pending += line + '\n'
            continue
        lines.append(pending + line)
        pending = ''
    if pending:
        lines.append(pending)
    return lines


def defined_name(decl):
    """The name a top-level C++ declaration defines."""
    m = re.match(r'\s*(?:template\s*<[^>]*>\s*)?(struct|union|enum)\s+([A-Za-z_]\w*)', decl)
    if m:
        return m.group(2)
    # A function: the identifier before the first '(' outside template arguments.
    depth = 0
    for i, c in enumerate(decl):
        if c == '<':
            depth += 1
        elif c == '>':
            depth -= 1
        elif depth <= 0 and c in '(=[;{':
            names = IDENT.findall(decl[:i])
            if names:
                return names[-1]
            break
    raise SystemExit(f'split_support_headers.py: cannot tell what this declares:\n{decl[:200]}')


class Macro:
    """A function-like macro whose top-level uses define functions: its parameters and body."""

    def __init__(self, name, params, body):
        self.name, self.params = name, params
        # The body's lines without their continuations, dedented.
        self.body = textwrap.dedent(re.sub(r'[ \t]*\\\n', '\n', body).strip('\n')).strip()

    def expand(self, use):
        """The text of `use` (NAME(arguments), a whole top-level use) with the body substituted."""
        inner = use[use.index('(') + 1:use.rindex(')')]
        args, depth, start = [], 0, 0
        for i, c in enumerate(inner):
            if c in '([{':
                depth += 1
            elif c in ')]}':
                depth -= 1
            elif c == ',' and depth == 0:
                args.append(inner[start:i].strip())
                start = i + 1
        args.append(inner[start:].strip())
        if len(args) != len(self.params):
            raise SystemExit(f'split_support_headers.py: {self.name} takes {len(self.params)} arguments:\n{use}')
        if '#' in self.body:
            raise SystemExit(f'split_support_headers.py: {self.name}: # and ## in a defining macro are not supported')
        values = dict(zip(self.params, args))
        return re.sub(r'\b[A-Za-z_]\w*\b', lambda m: values.get(m.group(0), m.group(0)), self.body)


class Unit:
    def __init__(self, header, text, names, refs):
        self.header, self.text, self.names, self.refs = header, text, names, refs
        self.deps = []


def without_include_guard(text):
    """`text` without its include guard (#ifndef G / #define G ... the last #endif): pasted inside
    another header, whose guard covers it, the guard would otherwise become a unit of its own
    that hides the units after it."""
    guard = re.search(r'^[ \t]*#[ \t]*ifndef[ \t]+(\w+)[ \t]*\n[ \t]*#[ \t]*define[ \t]+\1\b[^\n]*\n', text, re.M)
    end = text.rfind('#endif')
    if not guard or end < guard.end():
        return text
    return text[:guard.start()] + text[guard.end():end] + text[end:].split('\n', 1)[-1]


def read_expanding_includes(path, included=False):
    """The header's text with each `#include "NAME"` replaced by NAME's text (from the same
    directory, without its include guard): generated files must stand alone (abi.h includes
    kernel_abi.h, which C++ shares)."""
    text = open(path, encoding='utf-8').read()
    if included:
        text = without_include_guard(text)
    def expand(match):
        return read_expanding_includes(os.path.join(os.path.dirname(path), match.group(1)), included=True)
    return re.sub(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"[^\n]*$', expand, text, flags=re.M)


def split_header(path, header_index, macros=None):
    """The units of one header; `macros` (name: Macro) collects the defining macros of the
    headers split so far, which a later header may use too."""
    macros = {} if macros is None else macros
    text = strip_comments(read_expanding_includes(path))
    lines = logical_lines(text)
    units = []
    # The include guard: `#ifndef G` then `#define G` before any other code.
    guard = None
    nonblank = [l for l in lines if l.strip()]
    if len(nonblank) >= 2:
        m1 = re.match(r'\s*#\s*ifndef\s+(\w+)\s*$', nonblank[0])
        m2 = re.match(r'\s*#\s*define\s+(\w+)\s*$', nonblank[1])
        if m1 and m2 and m1.group(1) == m2.group(1):
            guard = m1.group(1)
    # Conditional stack: each level is the list of directive lines of its chain so far.
    conds = []
    decl, depth = [], 0
    skipped_guard_if = False

    def wrap(body):
        prefix = ''.join('\n'.join(level) + '\n' for level in conds)
        return prefix + body + '#endif\n' * len(conds)

    def cond_refs():
        refs = set()
        for level in conds:
            for line in level:
                refs |= identifiers(line)
        return refs

    def add(body, names):
        refs = identifiers(body) | cond_refs()
        if guard and names != [guard]:
            refs.add(guard)  # a part of the header brings its guard: `defined(GUARD)` still tells
        units.append(Unit(header_index, wrap(body), names, refs - set(names) - {'defined'}))

    for line in lines:
        stripped = line.strip()
        if depth == 0 and not decl and stripped.startswith('#'):
            d = re.match(r'#\s*(\w+)\s*(.*)', stripped, re.S)
            kind, rest = d.group(1), d.group(2)
            if kind in ('if', 'ifdef', 'ifndef'):
                if guard and not skipped_guard_if and kind == 'ifndef' and rest.strip() == guard:
                    skipped_guard_if = True
                    conds.append(None)  # the guard's level: not written
                    continue
                conds.append([stripped])
            elif kind in ('elif', 'else'):
                conds[-1].append(stripped)
            elif kind == 'endif':
                conds.pop()
            elif kind == 'define':
                name = IDENT.match(rest).group(0)
                fn = re.match(r'(\w+)\(([^)]*)\)(.*)', rest, re.S)
                if fn:
                    macros[name] = Macro(name, [p.strip() for p in fn.group(2).split(',') if p.strip()], fn.group(3))
                saved = conds[:]
                conds[:] = [c for c in conds if c is not None]
                add(stripped + '\n', [name])
                conds[:] = saved
            elif kind in ('pragma', 'error'):
                pass
            elif kind == 'undef' and rest.strip() in macros:
                del macros[rest.strip()]  # its uses were written expanded: nothing to undo
            else:
                raise SystemExit(f'{path}: unexpected directive at top level: {stripped}')
            continue
        if not decl and not stripped:
            continue
        decl.append(line)
        for c in line if not stripped.startswith('#') else '':
            if c in '{(':
                depth += 1
            elif c in '})':
                depth -= 1
        joined = '\n'.join(decl)
        body = joined.rstrip()
        use = re.match(r'\s*(\w+)\s*\(', joined)
        if use and use.group(1) in macros:
            if depth == 0 and body.rstrip(';').rstrip().endswith(')'):
                expanded = macros[use.group(1)].expand(body.rstrip(';'))
                saved = conds[:]
                conds[:] = [c for c in conds if c is not None]
                add(expanded + '\n', [defined_name(expanded)])
                conds[:] = saved
                decl = []
            continue
        if depth == 0 and (body.endswith(';') or body.endswith('}')):
            if body.endswith('}') and re.match(r'\s*(?:template\s*<[^>]*>\s*)?(struct|union|enum)\b', joined):
                continue  # a struct's closing brace is followed by its ';'
            saved = conds[:]
            conds[:] = [c for c in conds if c is not None]
            add(body + '\n', [defined_name(joined)])
            conds[:] = saved
            decl = []
    if decl or depth or any(c is not None for c in conds):
        raise SystemExit(f'{path}: unbalanced braces or conditionals at the end')
    return units


def pattern_regex(pattern):
    """A Helpers.def name pattern as a regular expression: `{}` is any name part, `{{}}` the
    state space the emitter fills in."""
    out, i = '', 0
    while i < len(pattern):
        if pattern.startswith('{{}}', i):
            out += '(?:global|shared|generic)'
            i += 4
        elif pattern.startswith('{}', i):
            out += '[a-z0-9_]*'
            i += 2
        else:
            out += re.escape(pattern[i])
            i += 1
    return re.compile(out + '$')


def check_helpers(def_path, names_by_header):
    rows = re.findall(r'^P2M_HELPER\(\s*(\w+)\s*,\s*(\w+\.h)\s*,\s*"([^"]*)"', open(def_path).read(), re.M)
    if not rows:
        raise SystemExit(f'{def_path}: no P2M_HELPER rows')
    errors = []
    for ident, header, pattern in rows:
        if header not in names_by_header:
            errors.append(f'{def_path}: {ident}: no support header {header}')
            continue
        rx = pattern_regex(pattern)
        if not any(rx.match(n) for n in names_by_header[header]):
            errors.append(f'{def_path}: {ident}: {header} defines nothing named like "{pattern}"')
    if errors:
        raise SystemExit('\n'.join(errors))


def cxx_bytes(data):
    return '\n'.join('  ' + ', '.join(str(b) for b in data[i:i + 24]) + ',' for i in range(0, len(data), 24))


def main():
    output, def_path, headers = sys.argv[1], sys.argv[2], sys.argv[3:]
    units, macros = [], {}
    for index, path in enumerate(headers):
        units.extend(split_header(path, index, macros))
    definers = {}
    for u, unit in enumerate(units):
        for name in unit.names:
            definers.setdefault(name, []).append(u)
    for u, unit in enumerate(units):
        deps = set()
        for ref in unit.refs:
            earlier = [d for d in definers.get(ref, []) if d < u]
            if definers.get(ref) and not earlier and u not in definers[ref]:
                raise SystemExit(f'split_support_headers.py: {os.path.basename(headers[unit.header])}: '
                                 f'{unit.names[0]} needs {ref}, defined only after it')
            deps.update(earlier)
        unit.deps = sorted(deps)
    names_by_header = {}
    for unit in units:
        names_by_header.setdefault(os.path.basename(headers[unit.header]), set()).update(unit.names)
    check_helpers(def_path, names_by_header)

    for unit in units:
        unit.text = tabs_for_indentation(unit.text)
    text = ''.join(u.text for u in units).encode()
    deps, offset, rows = [], 0, []
    for unit in units:
        n = len(unit.text.encode())
        rows.append(f'  {{{unit.header}, {offset}, {n}, {len(deps)}, {len(unit.deps)}}},')
        offset += n
        deps.extend(unit.deps)
    name_units, name_rows = [], []
    for name in sorted(definers):
        name_rows.append(f'  {{"{name}", {len(name_units)}, {len(definers[name])}}},')
        name_units.extend(definers[name])
    out = ['// Generated by emitters/msl/split_support_headers.py from the MSL support headers.',
           '// Do not edit. Included by SupportUnits.cpp in namespace p2m::msl::support_units.', '',
           'static const unsigned char kTextBytes[] = {', cxx_bytes(text) or '  0,', '};',
           f'static const std::string_view kText(reinterpret_cast<const char *>(kTextBytes), {len(text)});', '',
           'static constexpr const char *kHeaders[] = {' +
           ', '.join(f'"{os.path.basename(h)}"' for h in headers) + '};', '',
           'static constexpr Unit kUnits[] = {', *rows, '};', '',
           'static constexpr uint32_t kDeps[] = {', '  ' + ', '.join(map(str, deps)) + (',' if deps else '0'), '};', '',
           'static constexpr uint32_t kNameUnits[] = {', '  ' + ', '.join(map(str, name_units)) + ',', '};', '',
           'static constexpr Name kNames[] = {', *name_rows, '};', '']
    with open(output, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
