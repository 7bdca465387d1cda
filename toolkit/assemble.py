#!/usr/bin/env python3
"""Assembles the toolkit tree in the build directory (DESIGN.md "The toolkit"):
  ROOT/bin/nvcc        -> the ptx2metal-nvcc executable
  ROOT/bin/ptx2metal-host-link (copied, executable: it finds lib/ from its own directory)
  ROOT/include         -> the source tree's toolkit/include (an empty directory when absent)
  ROOT/lib/NAME        -> each library or file given with --lib NAME=PATH
  ROOT/nvvm/libdevice/ (where nvcc keeps libdevice; CMake looks for the directory): each .bc
                       given with --lib is linked there too
  ROOT/version.json    (copied)
Links, not copies, so a rebuilt library is what the tree holds; then writes the stamp file."""
import argparse
import os
import shutil


def link(target, path):
    if os.path.islink(path) or os.path.isfile(path):
        os.remove(path)
    elif os.path.isdir(path):
        shutil.rmtree(path)
    os.symlink(target, path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--nvcc", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--host-link", required=True)
    parser.add_argument("--version-json", required=True)
    parser.add_argument("--lib", action="append", default=[], help="NAME=PATH")
    parser.add_argument("--stamp", required=True)
    args = parser.parse_args()
    for sub in ("bin", "lib", os.path.join("nvvm", "libdevice")):
        os.makedirs(os.path.join(args.root, sub), exist_ok=True)
    link(os.path.abspath(args.nvcc), os.path.join(args.root, "bin", "nvcc"))
    host_link = os.path.join(args.root, "bin", "ptx2metal-host-link")
    shutil.copyfile(args.host_link, host_link)
    os.chmod(host_link, 0o755)
    include = os.path.join(args.root, "include")
    if os.path.isdir(args.include):
        link(os.path.abspath(args.include), include)
    else:
        if os.path.islink(include):
            os.remove(include)
        os.makedirs(include, exist_ok=True)
    for item in args.lib:
        name, path = item.split("=", 1)
        link(os.path.abspath(path), os.path.join(args.root, "lib", name))
        if name.endswith(".bc"):
            link(os.path.abspath(path), os.path.join(args.root, "nvvm", "libdevice", name))
    shutil.copyfile(args.version_json, os.path.join(args.root, "version.json"))
    with open(args.stamp, "w") as stamp:
        stamp.write("assembled\n")


if __name__ == "__main__":
    main()
