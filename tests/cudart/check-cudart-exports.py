#!/usr/bin/env python3
"""libcudart.so.13 exports every symbol of NVIDIA's version node (lib/runtime/cudart/symbols.txt)
under that version node, so that programs linked against NVIDIA's library bind to ours.

usage: check-cudart-exports.py LIBCUDART SYMBOLS
"""
import subprocess
import sys


def main():
    library, symbols_path = sys.argv[1:]
    wanted = {line.strip() for line in open(symbols_path) if line.strip() and not line.startswith("#")}
    out = subprocess.run(["readelf", "--dyn-syms", "-W", library], capture_output=True, text=True, check=True).stdout
    exported = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 8 and fields[6] != "UND" and "@" in fields[7]:
            name, _, version = fields[7].partition("@")
            if version.lstrip("@") == "libcudart.so.13":
                exported.add(name)
    missing = sorted(wanted - exported)
    for name in missing:
        print(f"missing: {name}@libcudart.so.13")
    print(f"{len(wanted) - len(missing)} of {len(wanted)} symbols of NVIDIA's version node exported "
          f"({len(exported)} exported in all)")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
