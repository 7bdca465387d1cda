#!/bin/bash
# Device code as clang 19 compiles it (tests/inputs/clang-device/snippets: structs by value,
# unreachable and noreturn paths, switch tables, dispatch through tables and virtual calls,
# lambdas, templates, math, local arrays, 64-bit division, __int128, memcpy/memset, printf,
# atomics, shuffles), each at -O0, -O1 and -O3, translated with --verify-msl. Prints one line per
# PTX file and every diagnostic of the ones that fail; exits 1 if any does.
#   scripts/clang-device-snippets.sh [BUILD_DIR] [SNIPPET.cu ...]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-dev}
shift || true
ptx2metal=$build/tools/ptx2metal/ptx2metal
src=$root/tests/inputs/clang-device/snippets
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$src"/*.cu)
failed=0
for f in "${files[@]}"; do
  b=$(basename "$f" .cu)
  for o in O0 O1 O3; do
    if ! clang++-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib \
        -Wno-unknown-cuda-version -I "$src" -"$o" -S "$f" -o "$out/$b.$o.ptx" 2> "$out/clang.err"; then
      echo "clang failed: $b.$o"; cat "$out/clang.err"; failed=1; continue
    fi
    if "$ptx2metal" compile "$out/$b.$o.ptx" -o "$out/$b.$o.metal" --verify-msl > "$out/log" 2>&1 &&
        ! grep -q "error:" "$out/log"; then
      echo "ok   $b.$o"
    else
      echo "FAIL $b.$o"; grep "error:" "$out/log"; failed=1
    fi
  done
done
exit $failed
