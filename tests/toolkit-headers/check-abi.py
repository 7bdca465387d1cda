#!/usr/bin/env python3
"""The toolkit's host-API headers are ABI-identical to NVIDIA's: for every structure and union
they define, its size, alignment, field names and every field's offset (nested members too);
for every enumeration, its size and each enumerator's value; for every function and typedef, its
type (compared as the C++ ABI names it, so parameter and return types must agree); for every
constant macro, its value. The names come from our headers' AST; a name NVIDIA's headers lack is
a failure. One generated C++ program prints the table; it is built once against our headers and
once against NVIDIA's, and the two tables must match line for line.

Exits 77 (skipped) where NVIDIA's headers are not installed.

usage: check-abi.py CLANGXX OUR_INCLUDE_DIR NVIDIA_INCLUDE_DIR WORK_DIR HEADER..."""
import os
import re
import subprocess
import sys

import toolkit_ast

# Our macros that are not constants of the API: keywords, calling conventions, the version
# switches and the include guards.
NOT_CONSTANT = re.compile(r"^(__\w*|CUDAAPI|CUDA_CB|CUDART_CB|CUDARTAPI\w*|CUDART_DEVICE)$")


def records(nodes):
    """{C++ name: node} of the complete structs/unions, including typedef-named anonymous ones."""
    out = {}
    pending = None
    for node in nodes:
        kind = node["kind"]
        if kind in ("CXXRecordDecl", "RecordDecl") and node.get("completeDefinition"):
            if node.get("name"):
                out[node["name"]] = node
                pending = None
            else:
                pending = node
        elif kind == "TypedefDecl" and pending is not None:
            out[node["name"]] = pending
            pending = None
        else:
            pending = None
    return out


def field_paths(node, prefix=""):
    """(designator, is_bitfield) for each field, descending into nested records: anonymous
    members contribute their fields directly (C++ names them unqualified)."""
    nested = [c for c in node.get("inner", []) if c["kind"] in ("CXXRecordDecl", "RecordDecl")
              and c.get("completeDefinition") and not c.get("isImplicit")]
    for child in node.get("inner", []):
        if child["kind"] != "FieldDecl":
            continue
        qual = child["type"]["qualType"]
        name = child.get("name", "")
        sub = None
        for candidate in nested:
            tag = candidate.get("name")
            if ("(unnamed" in qual or "(anonymous" in qual) and candidate.get("_used") is None and not tag:
                sub = candidate
                break
            if tag and re.search(r"\b" + re.escape(tag) + r"\b", qual) and candidate.get("_used") is None:
                sub = candidate
                break
        if sub is not None:
            sub["_used"] = True
        if name:
            yield prefix + name, child.get("isBitfield", False)
        if sub is not None and "[" not in qual:
            yield from field_paths(sub, prefix + (name + "." if name else ""))


def generate(nodes, macros):
    recs = records(nodes)
    lines = []
    for name, node in sorted(recs.items()):
        lines.append(f'  P("record {name} size %zu align %zu", sizeof({name}), alignof({name}));')
        for path, bitfield in field_paths(node):
            if bitfield:
                lines.append(f'  P("field {name}.{path} bitfield");')
            else:
                lines.append(f'  P("field {name}.{path} offset %zu size %zu", offsetof({name}, {path}), '
                             f"sizeof((({name} *)0)->{path}));")
    for node in nodes:
        kind = node["kind"]
        if kind == "EnumDecl" and node.get("inner"):
            if node.get("name"):
                lines.append(f'  P("enum {node["name"]} size %zu", sizeof({node["name"]}));')
            for c in node["inner"]:
                if c["kind"] == "EnumConstantDecl":
                    lines.append(f'  P("enumerator {c["name"]} %lld", (long long){c["name"]});')
        elif kind == "FunctionDecl":
            lines.append(f'  P("function {node["name"]} %s", typeid({node["name"]}).name());')
        elif kind == "TypedefDecl" and not node.get("isImplicit"):
            lines.append(f'  P("typedef {node["name"]} %s", typeid({node["name"]}).name());')
    for name, expansion in sorted(macros.items()):
        if NOT_CONSTANT.match(name) or not expansion:
            continue
        if re.fullmatch(r"\w+", expansion) and not re.fullmatch(r"[0-9]\w*", expansion) and expansion not in macros:
            lines.append(f'  P("macro {name} = %s", #NAME_{name});'.replace(f"#NAME_{name}", f"STR({name})"))
        elif re.search(r"\b(__\w+|\w+)\(", expansion) and not re.match(r"^\(\(\w+\s*\*?\)", expansion):
            lines.append(f'  P("macro {name} = %s", STR({name}));')
        else:
            lines.append(f'  V("macro {name}", {name});')
    return "\n".join(lines)


PROLOGUE = r"""
#include <cinttypes>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <typeinfo>
#define STR2(x) #x
#define STR(x) STR2(x)
#define P(...) std::printf(__VA_ARGS__), std::printf("\n")
template <class T> static void value(const char *what, T v) {
  if constexpr (std::is_pointer_v<T>)
    std::printf("%s ptr %" PRIxPTR "\n", what, (uintptr_t)v);
  else if constexpr (std::is_floating_point_v<T>)
    std::printf("%s %s %a\n", what, typeid(T).name(), (double)v);
  else
    std::printf("%s %s %lld\n", what, typeid(T).name(), (long long)v);
}
#define V(what, x) value(what, (x))
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
int main() {
"""


def build_and_run(clangxx, program, work, includes, defines=()):
    """{side: table lines} of the program built against each side's headers, or a failure text."""
    tables = {}
    for side, include in includes.items():
        exe = os.path.join(work, os.path.basename(program)[:-4] + "-" + side)
        build = subprocess.run([clangxx, "-std=c++17", "-w", "-I", include, *[f"-D{d}" for d in defines],
                                program, "-o", exe], capture_output=True, text=True)
        if build.returncode != 0:
            missing = sorted(set(re.findall(r"(?:undeclared identifier|unknown type name|no member named) '(\w+)'",
                                            build.stderr)))
            return f"the table does not build against {side} headers" + (
                f"; names missing there: {missing}" if missing else "") + "\n" + build.stderr[-4000:]
        tables[side] = subprocess.run([exe], capture_output=True, text=True, check=True).stdout.splitlines()
    return tables


def compare(tables, what):
    a, b = tables["ours"], tables["nvidia"]
    mismatches = [(x, y) for x, y in zip(a, b) if x != y]
    for x, y in mismatches:
        print(f"FAIL: ours   {x}\n      nvidia {y}")
    if len(a) != len(b):
        print(f"FAIL: table lengths differ ({len(a)} vs {len(b)})")
    kinds = {}
    for line in a:
        kinds[line.split()[0]] = kinds.get(line.split()[0], 0) + 1
    print(f"{what}: {len(a) - len(mismatches)} of {len(a)} facts agree with NVIDIA's headers: "
          + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))
    return not mismatches and len(a) == len(b)


def main():
    clangxx, ours, nvidia, work, headers = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
    if not os.path.exists(os.path.join(nvidia, "cuda_runtime_api.h")):
        print(f"NVIDIA's headers are not at {nvidia}: skipped")
        return 77
    os.makedirs(work, exist_ok=True)
    nodes = list(toolkit_ast.top_level(toolkit_ast.ast(clangxx, ours, headers, "c++"), ours))
    macros = toolkit_ast.macros(clangxx, ours, headers, "c++")
    includes = "".join(f"#include <{h}>\n" for h in headers)
    source = includes + PROLOGUE + generate(nodes, macros) + "\n  return 0;\n}\n"
    program = os.path.join(work, "abi-table.cpp")
    with open(program, "w") as f:
        f.write(source)
    sides = {"ours": ours, "nvidia": nvidia}
    tables = build_and_run(clangxx, program, work, sides)
    if isinstance(tables, str):
        print("FAIL:", tables)
        return 1
    ok = compare(tables, "as programs see them")
    # With the per-thread default stream, the API names bind to other entry points: the macros
    # (which name each binds to) are compared again under that switch.
    ptds = os.path.join(work, "abi-table-ptds.cpp")
    with open(ptds, "w") as f:
        f.write(includes + PROLOGUE + generate([], macros) + "\n  return 0;\n}\n")
    tables = build_and_run(clangxx, ptds, work, sides, ["CUDA_API_PER_THREAD_DEFAULT_STREAM"])
    if isinstance(tables, str):
        print("FAIL:", tables)
        return 1
    ok = compare(tables, "with the per-thread default stream") and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
