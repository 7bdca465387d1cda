#!/usr/bin/env bash
# Builds everything, then runs the main job on the bundled example: reads the example's PTX
# (and the fatbin inside the example object file) and prints what the front end understood.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/setup.sh"
p2m_setup build
ninja -C "$root/build"
exec "$root/examples/saxpy/run.sh" "$root/build/tools/ptx2metal/ptx2metal"
