#!/usr/bin/env bash
# The bundled example built as a CUDA program by the toolkit's nvcc, then run: the translation
# travels inside the program (P2M_LOG shows the runtime using it instead of translating).
set -euo pipefail
nvcc="${1:?usage: run.sh PATH/TO/toolkit/bin/nvcc}"
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
echo "== nvcc -O3 -arch=sm_80 examples/toolkit/saxpy_app.cu -o saxpy_app   (the toolkit's nvcc)"
"$nvcc" -O3 -arch=sm_80 "$here/saxpy_app.cu" -o "$out/saxpy_app"
echo "== ./saxpy_app"
P2M_LOG=1 P2M_CACHE_DIR="$out/cache" "$out/saxpy_app" > "$out/log" 2>&1 || { cat "$out/log"; exit 1; }
cat "$out/log"
grep -q PASS "$out/log"
