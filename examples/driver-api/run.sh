#!/usr/bin/env bash
# The saxpy example through the CUDA Driver API: saxpy_driver (written only against NVIDIA's
# cuda.h) loads examples/saxpy/saxpy.ptx with cuModuleLoadData; ptx2metal's libcuda.so.1
# translates it to MSL, the host backend compiles and runs it on the CPU, and the program
# checks every element.
set -euo pipefail
build="${1:?usage: run.sh PATH/TO/BUILD-DIRECTORY [N]}"
n="${2:-1048576}"
here="$(cd "$(dirname "$0")" && pwd)"
exe="$build/examples/driver-api/saxpy_driver"
[ -x "$exe" ] || { echo "build it first: ninja -C $build examples/driver-api/saxpy_driver" >&2; exit 2; }
echo "== ldd saxpy_driver | grep libcuda"
ldd "$exe" | grep libcuda
echo "== saxpy_driver examples/saxpy/saxpy.ptx $n"
P2M_BACKEND=host "$exe" "$here/../saxpy/saxpy.ptx" "$n"
