#!/usr/bin/env bash
# Builds everything, then runs the main job on the bundled example: translates
# examples/saxpy/saxpy.ptx to MSL (printed with its reflection), then runs it through
# ptx2metal's libcuda.so.1 on the host backend from a program written against NVIDIA's cuda.h,
# checking every element; then builds the same kernel as a whole CUDA program with the toolkit's
# nvcc (examples/toolkit) and runs it with the translation it carries.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/setup.sh"
p2m_setup_release build
ninja -C "$root/build"
"$root/examples/saxpy/run.sh" "$root/build/tools/ptx2metal/ptx2metal"
echo
"$root/examples/driver-api/run.sh" "$root/build"
echo
exec "$root/examples/toolkit/run.sh" "$root/build/toolkit/cuda/bin/nvcc"
