#!/usr/bin/env python3
"""Collect the PTX vocabulary used by real PTX files and check it against the .def tables.

Scans PTX files (paths given as arguments; directories are walked recursively for *.ptx)
and prints every distinct opcode and instruction-modifier spelling found in instruction
statements, with the number of times each was seen, then reports every opcode, modifier and
directive that lib/ptx/Opcodes.def, Modifiers.def and Directives.def do not list.

An instruction is `[label:]* [@[!]guard] opcode(.modifier)* operands ;`. Directives
(statements starting with a dot), comments (`//` and `/* */`), labels, and the braces that
open and close blocks are skipped; braces inside an instruction's operands (`{%r1, %r2}`)
or a directive's initializer (`= {1, 2}`) are part of that statement.

Usage:
  ptx-vocabulary.py [options] PATH...
    --defs DIR     directory holding the .def tables (default: lib/ptx of this repository)
    --forms        also print every distinct full instruction spelling (`ld.global.nc.v4.f32`)
    --pairs        also print every distinct (opcode, modifier) pair
    --missing-only print only what the .def tables lack
    --emit         print the missing entries as PTX_OPCODE/PTX_MODIFIER/PTX_DIRECTIVE lines
    --check        exit with status 1 when something is missing (for CI)
    --lint         check the .def tables themselves (syntax, sorting, duplicates, names)
    -j N           scan with N worker processes (default 1)

Standard library only.
"""

import argparse
import collections
import multiprocessing
import os
import re
import sys

# --------------------------------------------------------------------------------------------
# .def tables

DEF_RE = {
    "opcode": re.compile(r'^\s*PTX_OPCODE\(\s*(\w+)\s*,\s*"([^"]*)"\s*\)'),
    "modifier": re.compile(r'^\s*PTX_MODIFIER\(\s*(\w+)\s*,\s*"([^"]*)"\s*\)'),
    "directive": re.compile(r'^\s*PTX_DIRECTIVE\(\s*(\w+)\s*,\s*"([^"]*)"\s*\)'),
}
DEF_FILES = {"opcode": "Opcodes.def", "modifier": "Modifiers.def", "directive": "Directives.def"}
MACRO = {"opcode": "PTX_OPCODE", "modifier": "PTX_MODIFIER", "directive": "PTX_DIRECTIVE"}


def opcode_enum_name(spelling):
    """`abs` -> `Abs`, `mad24` -> `Mad24`, `tcgen05` -> `Tcgen05`."""
    return "".join(part[:1].upper() + part[1:] for part in spelling.split("_"))


def modifier_enum_name(spelling):
    """The rule stated in Modifiers.def: `::` -> `_`; a leading digit gets a `_` prefix,
    otherwise the first character is upper-cased."""
    name = spelling.replace("::", "_")
    if name[:1].isdigit():
        return "_" + name
    return name[:1].upper() + name[1:]


def directive_enum_name(spelling):
    """`address_size` -> `AddressSize` (CamelCase, underscores dropped)."""
    return "".join(part[:1].upper() + part[1:] for part in spelling.split("_"))


ENUM_NAME = {"opcode": opcode_enum_name, "modifier": modifier_enum_name,
             "directive": directive_enum_name}


def read_defs(defs_dir, kind):
    path = os.path.join(defs_dir, DEF_FILES[kind])
    entries = []
    problems = []
    try:
        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                stripped = line.strip()
                if not stripped or stripped.startswith(("//", "#")):
                    continue  # comments and preprocessor guards
                m = DEF_RE[kind].match(line)
                if not m:
                    problems.append("%s:%d: not a %s line: %s" % (path, lineno, MACRO[kind],
                                                                  stripped))
                    continue
                entries.append((m.group(1), m.group(2), lineno))
    except OSError as e:
        problems.append("%s: %s" % (path, e))
    return path, entries, problems


def lint_defs(defs_dir):
    """Returns a list of problems found in the three tables."""
    problems = []
    ident = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
    spell_ok = {"opcode": re.compile(r"^[a-z][a-z0-9_]*$"),
                "modifier": re.compile(r"^[A-Za-z0-9_:]+$"),
                "directive": re.compile(r"^[a-z][a-z0-9_]*$")}
    for kind in ("opcode", "modifier", "directive"):
        path, entries, p = read_defs(defs_dir, kind)
        problems += p
        names, spellings = {}, {}
        previous = None
        for name, spelling, lineno in entries:
            where = "%s:%d" % (path, lineno)
            if not ident.match(name):
                problems.append("%s: %r is not a C++ identifier" % (where, name))
            if not spell_ok[kind].match(spelling):
                problems.append("%s: bad spelling %r" % (where, spelling))
            expected = ENUM_NAME[kind](spelling)
            if name != expected:
                problems.append("%s: %r should be named %r" % (where, spelling, expected))
            if name in names:
                problems.append("%s: enum name %r also on line %d" % (where, name, names[name]))
            if spelling in spellings:
                problems.append("%s: spelling %r also on line %d" % (where, spelling,
                                                                      spellings[spelling]))
            names.setdefault(name, lineno)
            spellings.setdefault(spelling, lineno)
            if previous is not None and spelling < previous:
                problems.append("%s: %r is out of order (after %r)" % (where, spelling,
                                                                        previous))
            previous = spelling
        if len(entries) >= 0xffff:
            problems.append("%s: too many entries for a uint16_t enum" % path)
    return problems


# --------------------------------------------------------------------------------------------
# scanning

# Strings are replaced by "" so that nothing inside them (`;`, braces, `//`) is seen.
COMMENT_OR_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/', re.S)
SPLIT = re.compile(r"([;{}])")
LABEL = re.compile(r"^\s*[A-Za-z_$%][A-Za-z0-9_$]*\s*:(?!:)")
GUARD = re.compile(r"^@!?[%A-Za-z0-9_$]+\s*")
INSTRUCTION = re.compile(r"([a-z][a-z0-9_]*)((?:\.[A-Za-z0-9_:]+)*)(?=[\s;,(){}\[\]]|$)")
DIRECTIVE_WORD = re.compile(r"(?<![\w$%.:])\.([a-z_][a-z0-9_]*)\b")
CHUNK = 16 << 20


def _comment_repl(m):
    return '""' if m.group(0).startswith('"') else " "


class Scanner:
    def __init__(self):
        self.opcodes = collections.Counter()
        self.modifiers = collections.Counter()
        self.directive_words = collections.Counter()
        self.forms = collections.Counter()
        self.pairs = collections.Counter()
        self.unparsed = collections.Counter()
        self.files = 0
        self.instructions = 0
        self.keep_forms = False
        self.keep_pairs = False

    def merge(self, other):
        self.opcodes.update(other.opcodes)
        self.modifiers.update(other.modifiers)
        self.directive_words.update(other.directive_words)
        self.forms.update(other.forms)
        self.pairs.update(other.pairs)
        self.unparsed.update(other.unparsed)
        self.files += other.files
        self.instructions += other.instructions

    # A statement is complete: classify it.
    def statement(self, text):
        text = text.strip()
        while True:
            m = LABEL.match(text)
            if not m:
                break
            text = text[m.end():].lstrip()
        if not text:
            return
        if text[0] == ".":
            if text.startswith(".section"):
                text = ".section"  # the rest names a DWARF section (.debug_info)
            for word in DIRECTIVE_WORD.findall(text):
                self.directive_words[word] += 1
            return
        if text[0] == "@":
            text = GUARD.sub("", text, count=1)
        m = INSTRUCTION.match(text)
        if not m:
            self.unparsed[" ".join(text.split())[:80]] += 1
            return
        self.instructions += 1
        opcode = m.group(1)
        self.opcodes[opcode] += 1
        mods = m.group(2)
        if mods:
            parts = mods[1:].split(".")
            for mod in parts:
                self.modifiers[mod] += 1
            if self.keep_pairs:
                for mod in parts:
                    self.pairs[(opcode, mod)] += 1
        if self.keep_forms:
            self.forms[m.group(0)] += 1

    def feed_text(self, text, state):
        """Feeds comment-free text; `state` is [pieces of the open statement, brace depth]."""
        cur, depth = state
        for piece in SPLIT.split(text):
            if piece == ";":
                self.statement("".join(cur))
                cur = []
                depth = 0
            elif piece == "{":
                s = "".join(cur)
                body = s.strip()
                while True:
                    m = LABEL.match(body)
                    if not m:
                        break
                    body = body[m.end():].lstrip()
                if not body:
                    cur = []  # a block opens
                elif depth > 0 or body[0] != "." or "=" in body:
                    depth += 1  # operand vector or initializer
                    cur.append(piece)
                else:
                    self.statement(s)  # a function header: its body opens
                    cur = []
            elif piece == "}":
                if depth > 0:
                    depth -= 1
                    cur.append(piece)
                else:
                    self.statement("".join(cur))  # a block closes
                    cur = []
            elif piece:
                cur.append(piece)
        state[0], state[1] = cur, depth

    def scan_file(self, path):
        self.files += 1
        state = [[], 0]
        carry = ""
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            while True:
                chunk = f.read(CHUNK)
                eof = not chunk
                buf = carry + chunk
                if not eof:
                    cut = buf.rfind("\n") + 1
                    if cut == 0:
                        carry = buf
                        continue
                    buf, carry = buf[:cut], buf[cut:]
                else:
                    carry = ""
                text = COMMENT_OR_STRING.sub(_comment_repl, buf)
                open_comment = text.find("/*")
                if open_comment != -1:
                    if eof:
                        text = text[:open_comment]  # unterminated comment runs to the end
                    else:
                        # keep the unterminated comment for the next chunk
                        carry = text[open_comment:] + carry
                        text = text[:open_comment]
                self.feed_text(text, state)
                if eof:
                    break
        if state[0]:
            self.statement("".join(state[0]))


def find_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(".ptx"):
                        yield os.path.join(root, name)
        else:
            yield p


def _scan_batch(args):
    paths, keep_forms, keep_pairs = args
    s = Scanner()
    s.keep_forms, s.keep_pairs = keep_forms, keep_pairs
    for p in paths:
        try:
            s.scan_file(p)
        except OSError as e:
            print("ptx-vocabulary: %s: %s" % (p, e), file=sys.stderr)
    return s


def scan(paths, jobs, keep_forms, keep_pairs):
    files = list(find_files(paths))
    total = Scanner()
    if jobs <= 1 or len(files) < 2:
        total.keep_forms, total.keep_pairs = keep_forms, keep_pairs
        for p in files:
            try:
                total.scan_file(p)
            except OSError as e:
                print("ptx-vocabulary: %s: %s" % (p, e), file=sys.stderr)
        return total
    batches = [(files[i::jobs * 4], keep_forms, keep_pairs) for i in range(jobs * 4)]
    with multiprocessing.Pool(jobs) as pool:
        for part in pool.imap_unordered(_scan_batch, batches):
            total.merge(part)
    return total


# --------------------------------------------------------------------------------------------


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    default_defs = os.path.normpath(os.path.join(here, "..", "..", "lib", "ptx"))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--defs", default=default_defs)
    ap.add_argument("--forms", action="store_true")
    ap.add_argument("--pairs", action="store_true")
    ap.add_argument("--missing-only", action="store_true")
    ap.add_argument("--emit", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--lint", action="store_true")
    ap.add_argument("-j", type=int, default=1)
    args = ap.parse_args(argv)

    status = 0
    if args.lint:
        problems = lint_defs(args.defs)
        for p in problems:
            print("lint: " + p)
        if problems:
            status = 1
        else:
            counts = [len(read_defs(args.defs, k)[1]) for k in ("opcode", "modifier",
                                                                 "directive")]
            print("lint: ok (%d opcodes, %d modifiers, %d directives)" % tuple(counts))
        if not args.paths:
            return status
    if not args.paths:
        ap.error("no PTX paths given")

    s = scan(args.paths, args.j, args.forms, args.pairs)
    known = {}
    for kind in ("opcode", "modifier", "directive"):
        _, entries, problems = read_defs(args.defs, kind)
        for p in problems:
            print("ptx-vocabulary: " + p, file=sys.stderr)
        known[kind] = {spelling for _, spelling, _ in entries}

    out = sys.stdout
    out.write("# %d files, %d instructions, %d distinct opcodes, %d distinct modifiers\n"
              % (s.files, s.instructions, len(s.opcodes), len(s.modifiers)))
    if not args.missing_only:
        for op in sorted(s.opcodes):
            out.write("opcode %s %d\n" % (op, s.opcodes[op]))
        for mod in sorted(s.modifiers):
            out.write("modifier %s %d\n" % (mod, s.modifiers[mod]))
        if args.pairs:
            for (op, mod) in sorted(s.pairs):
                out.write("pair %s %s %d\n" % (op, mod, s.pairs[(op, mod)]))
        if args.forms:
            for form in sorted(s.forms):
                out.write("form %s %d\n" % (form, s.forms[form]))

    # Words after a dot in directive statements are directives, or types and state spaces
    # (which are modifiers); anything else is reported.
    missing = {
        "opcode": sorted(o for o in s.opcodes if o not in known["opcode"]),
        "modifier": sorted(m for m in s.modifiers if m not in known["modifier"]),
        "directive": sorted(d for d in s.directive_words
                            if d not in known["directive"] and d not in known["modifier"]),
    }
    counters = {"opcode": s.opcodes, "modifier": s.modifiers, "directive": s.directive_words}
    for kind in ("opcode", "modifier", "directive"):
        for spelling in missing[kind]:
            out.write("missing-%s %s %d\n" % (kind, spelling, counters[kind][spelling]))
    for text, n in s.unparsed.most_common(20):
        out.write("unparsed %d %s\n" % (n, text))
    if args.emit:
        for kind in ("opcode", "modifier", "directive"):
            for spelling in missing[kind]:
                out.write('%s(%s, "%s")\n' % (MACRO[kind], ENUM_NAME[kind](spelling), spelling))
    n_missing = sum(len(v) for v in missing.values())
    out.write("# missing: %d opcodes, %d modifiers, %d directives\n"
              % (len(missing["opcode"]), len(missing["modifier"]), len(missing["directive"])))
    if args.check and (n_missing or s.unparsed):
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
