#!/usr/bin/env bash
# The example's main job with what ptx2metal can do today: read the example PTX with the front
# end, report what it found, and print it back as canonical PTX.
# (Translation to MSL and execution on the host backend arrive with the translator and runtime.)
set -euo pipefail
ptx2metal="${1:?usage: run.sh PATH/TO/ptx2metal}"
here="$(cd "$(dirname "$0")" && pwd)"
echo "== ptx2metal parse --stats examples/saxpy/saxpy.ptx"
"$ptx2metal" parse --stats --check-round-trip "$here/saxpy.ptx"
echo
echo "== canonical PTX"
"$ptx2metal" parse --print "$here/saxpy.ptx"
