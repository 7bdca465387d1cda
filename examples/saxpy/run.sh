#!/usr/bin/env bash
# The example's translation: read the example PTX with the front end, translate it to MSL and
# its reflection file, and print both. (examples/driver-api/run.sh then runs it.)
set -euo pipefail
ptx2metal="${1:?usage: run.sh PATH/TO/ptx2metal}"
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
echo "== ptx2metal parse --stats examples/saxpy/saxpy.ptx"
"$ptx2metal" parse --stats --check-round-trip "$here/saxpy.ptx"
echo
echo "== ptx2metal compile examples/saxpy/saxpy.ptx -o saxpy.metal --reflection saxpy.json"
"$ptx2metal" compile "$here/saxpy.ptx" -o "$out/saxpy.metal" --reflection "$out/saxpy.json"
echo "-- the kernel (prelude helpers left out)"
sed -n '/^\/\/ .entry/,$p' "$out/saxpy.metal"
echo "-- reflection"
cat "$out/saxpy.json"
