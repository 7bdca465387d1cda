"""The declarations of a set of CUDA headers, read from clang's JSON AST: what the header tests
compare (against the libraries' exports, and against NVIDIA's headers)."""
import json
import os
import re
import subprocess


def ast(clang, include_dir, headers, language, defines=()):
    """Clang's JSON AST of a translation unit that includes `headers` from `include_dir`."""
    source = "".join(f"#include <{h}>\n" for h in headers)
    cmd = [clang, "-x", language, "-fsyntax-only", "-Xclang", "-ast-dump=json", "-I", include_dir]
    cmd += [f"-D{d}" for d in defines] + ["-"]
    run = subprocess.run(cmd, input=source, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{run.stderr}")
    return json.loads(run.stdout)


def top_level(tree, include_dir):
    """(node) for each top-level declaration whose location is in a file under include_dir
    (the JSON dump names a location's file only where it changes, so the walk follows it)."""
    include_dir = os.path.realpath(include_dir)
    state = {"file": None}

    def note(obj):
        if isinstance(obj, dict):
            if "file" in obj:
                state["file"] = obj["file"]
            for key, value in obj.items():
                if key not in ("inner", "includedFrom"):
                    note(value)
        elif isinstance(obj, list):
            for value in obj:
                note(value)

    def walk_all(node):
        note({k: v for k, v in node.items() if k != "inner"})
        for child in node.get("inner", []):
            walk_all(child)

    def visit(nodes):
        for node in nodes:
            if node["kind"] == "LinkageSpecDecl":
                note({k: v for k, v in node.items() if k != "inner"})
                yield from visit(node.get("inner", []))
                continue
            loc = node.get("loc", {})
            note(loc.get("spellingLoc", {}))
            note({k: v for k, v in loc.items() if k not in ("spellingLoc", "expansionLoc")})
            note(loc.get("expansionLoc", {}))
            here = state["file"]
            walk_all(node)
            if here and os.path.realpath(here).startswith(include_dir + os.sep):
                yield node

    yield from visit(tree["inner"])


def functions(nodes):
    """The names of the functions declared and not defined (those a library must export)."""
    return {n["name"] for n in nodes if n["kind"] == "FunctionDecl" and not n.get("isImplicit")
            and not any(c["kind"] == "CompoundStmt" for c in n.get("inner", []))}


def macros(clang, include_dir, headers, language, defines=()):
    """{name: expansion} of the object-like macros that headers under include_dir define."""
    source = "".join(f"#include <{h}>\n" for h in headers)
    cmd = [clang, "-x", language, "-E", "-dD", "-I", include_dir] + [f"-D{d}" for d in defines] + ["-"]
    out = subprocess.run(cmd, input=source, capture_output=True, text=True, check=True).stdout
    include_dir = os.path.realpath(include_dir)
    current, result = None, {}
    for line in out.splitlines():
        m = re.match(r'# \d+ "([^"]+)"', line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r"#define (\w+)(\([^)]*\))? ?(.*)$", line)
        if m and current and os.path.realpath(current).startswith(include_dir + os.sep) and not m.group(2):
            result[m.group(1)] = m.group(3).strip()
    return result
