#!/usr/bin/env python3
"""Compiles a .cu file with NVRTC (ctypes on libnvrtc, CUDA 12+) to a cubin or PTX for sm_90.

NVRTC rather than nvcc: generated MSL declares its functions, and member functions of its
helper structs, without a CUDA execution space, and only NVRTC's --device-as-default-execution-space makes those
device functions without editing the file. The options follow Metal's safe math mode: no
contraction of a*b+c, no flushing of subnormals, IEEE division and square root.

Usage: nvrtc_compile.py IN.cu OUT.{cubin,ptx} [-I DIR]...
"""
import ctypes
import os
import sys
from pathlib import Path

CUDA_INCLUDE = os.environ.get("CUDA_INCLUDE", "/usr/local/cuda/include")
OPTIONS = ["--gpu-architecture=sm_90", "--device-as-default-execution-space", "-std=c++17", "-fmad=false", "-ftz=false",
           "-prec-div=true", "-prec-sqrt=true", "--diag-suppress=161,177,550,2464", f"-I{CUDA_INCLUDE}"]


def load_nvrtc():
    for name in ("libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"):
        for d in ("", "/usr/local/cuda/lib64/"):
            try:
                return ctypes.CDLL(d + name)
            except OSError:
                pass
    raise OSError("libnvrtc not found")


def compile_source(source, name, out_kind, include_dirs):
    """Returns (ok, log, bytes)."""
    lib = load_nvrtc()
    prog = ctypes.c_void_p()
    rc = lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), name.encode(), 0, None, None)
    if rc != 0:
        return False, f"nvrtcCreateProgram failed ({rc})", b""
    opts = OPTIONS + [f"-I{d}" for d in include_dirs]
    arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
    rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    text = log.value.decode(errors="replace")
    data = b""
    if rc == 0:
        get_size, get = ((lib.nvrtcGetCUBINSize, lib.nvrtcGetCUBIN) if out_kind == "cubin"
                         else (lib.nvrtcGetPTXSize, lib.nvrtcGetPTX))
        get_size(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        get(prog, buf)
        data = buf.raw if out_kind == "cubin" else buf.value
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return rc == 0, text, data


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    includes = [args[i + 1] for i in range(2, len(args) - 1) if args[i] == "-I"]
    includes.insert(0, str(src.parent))
    ok, log, data = compile_source(src.read_text(), src.name, out.suffix.lstrip("."), includes)
    if log.strip():
        print(log, file=sys.stderr)
    if not ok:
        return 1
    out.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
