#!/usr/bin/env bash
# Regenerates the binary test inputs of lib/fatbin (tests/unit/fatbin). Needs nvcc (CUDA 12+,
# for --compress-mode), clang-19 and LLVM's linkers (ld.lld, lld-link, ld64.lld); the tests
# themselves need none of them, only the committed outputs.
#
#   kernel.fatbin          nvcc -fatbin: PTX compute_75 (zstd, nvcc's default) + cubin sm_80
#   kernel-plain.fatbin    PTX only, uncompressed (--compress-mode=none)
#   kernel-lz4.fatbin      PTX + cubin, both LZ4 (--compress-mode=speed -Xfatbin -compress-all)
#   kernel-zstd.fatbin     PTX + cubin, both zstd (--compress-mode=size -Xfatbin -compress-all)
#   kernel2-lz4.fatbin     the second kernel, PTX + cubin, LZ4
#   kernel.o               nvcc -c: .nv_fatbin + .nvFatBinSegment (RELA against .nv_fatbin)
#   kernel-rdc.o           nvcc -c -rdc=true: __nv_relfatbin
#   kernel-debug.o         nvcc -c -G: entries carry the source file name
#   fatbins.a              static archive: kernel-rdc.o and kernel-plain.fatbin as members
#   fatbin-elf.o           clang: fatbin-elf.s (v1 + v2 wrappers, section+addend relocations)
#   libfatbin-lld.so       ld.lld -shared: wrapper pointers are 0 + R_X86_64_RELATIVE
#   libfatbin-bfd.so       GNU ld -shared: wrapper pointers hold the address as well
#   fatbin-macho.o         clang -target x86_64-apple-macos: fatbin-macho.s
#   libfatbin-macho.dylib  ld64.lld: linked Mach-O, wrapper pointers rebased
#   fatbin-coff.obj        clang -target x86_64-pc-windows-msvc: fatbin-coff.s
#   fatbin-pe.dll          lld-link /dll: PE image, section names truncated to 8 characters
#
# Only what the tests need is kept, so every file stays a few KB.
set -euo pipefail
cd "$(dirname "$0")"

NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CLANG=${CLANG:-clang-19}
LD_LLD=${LD_LLD:-ld.lld}
LLD_LINK=${LLD_LINK:-lld-link}
LD64_LLD=${LD64_LLD:-$(command -v ld64.lld || command -v ld64.lld-14 || echo ld64.lld)}
LD_BFD=${LD_BFD:-ld.bfd}
AR=${AR:-llvm-ar-19}
command -v "$AR" >/dev/null || AR=ar

# One PTX target and one cubin target keep the files small; a fixed seed keeps nvcc's
# generated symbol names stable between runs.
NV=("$NVCC" --frandom-seed=ptx2metal -gencode arch=compute_75,code=compute_75
    -gencode arch=compute_80,code=sm_80)

"${NV[@]}" -fatbin kernel.cu -o kernel.fatbin
"$NVCC" --frandom-seed=ptx2metal -gencode arch=compute_75,code=compute_75 \
  --compress-mode=none -fatbin kernel.cu -o kernel-plain.fatbin
"${NV[@]}" --compress-mode=speed -Xfatbin -compress-all -fatbin kernel.cu -o kernel-lz4.fatbin
"${NV[@]}" --compress-mode=size -Xfatbin -compress-all -fatbin kernel.cu -o kernel-zstd.fatbin
"${NV[@]}" --compress-mode=speed -Xfatbin -compress-all -fatbin kernel2.cu -o kernel2-lz4.fatbin

"${NV[@]}" --compress-mode=size -Xfatbin -compress-all -c kernel.cu -o kernel.o
"${NV[@]}" --compress-mode=size -Xfatbin -compress-all -rdc=true -c kernel.cu -o kernel-rdc.o
"$NVCC" --frandom-seed=ptx2metal -gencode arch=compute_75,code=compute_75 -G \
  --compress-mode=size -c kernel.cu -o kernel-debug.o
rm -f fatbins.a
"$AR" rcD fatbins.a kernel-rdc.o kernel-plain.fatbin

"$CLANG" -target x86_64-linux-gnu -c fatbin-elf.s -o fatbin-elf.o
"$LD_LLD" -shared --build-id=none fatbin-elf.o -o libfatbin-lld.so
"$LD_BFD" -shared --build-id=none -z noseparate-code -z max-page-size=0x10 \
  -z common-page-size=0x10 fatbin-elf.o -o libfatbin-bfd.so

"$CLANG" -target x86_64-apple-macos11 -c fatbin-macho.s -o fatbin-macho.o
"$LD64_LLD" -dylib -arch x86_64 -platform_version macos 11.0 11.0 \
  -install_name libfatbin-macho.dylib fatbin-macho.o -o libfatbin-macho.dylib

"$CLANG" -target x86_64-pc-windows-msvc -c fatbin-coff.s -o fatbin-coff.obj
"$LLD_LINK" /dll /noentry /nodefaultlib /Brepro /out:fatbin-pe.dll fatbin-coff.obj
rm -f fatbin-pe.lib

ls -l ./*.fatbin ./*.o ./*.a ./*.so ./*.dylib ./*.obj ./*.dll
