#!/usr/bin/env bash
# Assembles every hand-written PTX file of a directory (this one by default) with NVIDIA's
# ptxas, using the flags in the file's first-line comment (`// ptxas: -arch=sm_90 [-c]`).
# Exit status 1 if any file is rejected.
#   tests/inputs/ptx-handwritten/check.sh [DIR]  (CUDA=/usr/local/cuda by default)
set -uo pipefail
here=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
PTXAS=${CUDA:-/usr/local/cuda}/bin/ptxas
[[ -x $PTXAS ]] || { echo "check.sh: $PTXAS not found (set CUDA=...)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
for f in "$here"/*.ptx; do
  flags=$(sed -n '1s#^// ptxas: ##p' "$f")
  [[ -n $flags ]] || { echo "MISSING-FLAGS $(basename "$f")"; status=1; continue; }
  # shellcheck disable=SC2086  # flags are a word list on purpose
  if msg=$("$PTXAS" $flags "$f" -o "$out" 2>&1); then
    echo "ok        $(basename "$f")  ($flags)${msg:+  [$(echo "$msg" | tr '\n' ' ')]}"
  else
    echo "REJECTED  $(basename "$f")  ($flags)"
    echo "$msg" | sed 's/^/    /'
    status=1
  fi
done
exit $status
