#!/usr/bin/env bash
# Assembles every CFG test file here with NVIDIA's ptxas (flags from each file's first-line
# comment, `// ptxas: -arch=sm_80`), with the hand-written set's checker.
#   tests/inputs/ptx-cfg/check.sh        (CUDA=/usr/local/cuda by default)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$here/../ptx-handwritten/check.sh" "$here"
