#!/usr/bin/env bash
# Regenerates saxpy.ptx from saxpy.cu with NVIDIA's nvcc (CUDA 13).
set -euo pipefail
cd "$(dirname "$0")"
/usr/local/cuda/bin/nvcc -ptx -arch=sm_80 -O3 saxpy.cu -o saxpy.ptx
