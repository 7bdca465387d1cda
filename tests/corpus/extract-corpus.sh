#!/usr/bin/env bash
# Extracts the PTX corpus: runs `ptx2metal extract` on every shared library in the CUDA
# library directory, one output directory per library, and prints per-library counts
# (distinct PTX texts and MB) and totals, both summed per library and deduplicated across
# libraries (file names are content hashes, so equal names mean equal texts).
#
# Usage: tests/corpus/extract-corpus.sh [OUTPUT_DIR]        (default: /tmp/ptx-corpus)
#   writes OUTPUT_DIR/<library file name>/<hash>.ptx and index.json for each library.
# Environment:
#   PTX2METAL  the ptx2metal binary (default: build/tools/ptx2metal/ptx2metal in this repo)
#   CUDA_LIB   the library directory (default: /usr/local/cuda/lib64)
# Exit status: 0 on success (or when there is no CUDA installation: nothing to do),
# 1 if ptx2metal reported an error for any library.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/ptx-corpus}
lib_dir=${CUDA_LIB:-/usr/local/cuda/lib64}
tool=${PTX2METAL:-$repo/build/tools/ptx2metal/ptx2metal}

if [ ! -d "$lib_dir" ]; then
  echo "extract-corpus: skipped: $lib_dir does not exist (no CUDA installation)"
  exit 0
fi
if [ ! -x "$tool" ]; then
  echo "extract-corpus: error: $tool is not built (or set PTX2METAL)" >&2
  exit 1
fi

# Each library once: libfoo.so and libfoo.so.N are usually symlinks to one file.
declare -A seen=()
libs=()
for path in "$lib_dir"/*.so*; do
  [ -f "$path" ] || continue
  real=$(readlink -f "$path")
  [ -n "${seen[$real]:-}" ] && continue
  seen[$real]=1
  libs+=("$real")
done
if [ ${#libs[@]} -eq 0 ]; then
  echo "extract-corpus: skipped: no *.so* files in $lib_dir"
  exit 0
fi

mkdir -p "$out"
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

status=0
start=$SECONDS
printf '%-40s %11s %12s %10s %8s\n' library "PTX entries" "distinct PTX" "MB" seconds
for lib in "${libs[@]}"; do
  name=$(basename "$lib")
  dir="$out/$name"
  rm -rf -- "$dir" # only this script's own per-library directory, so no stale files remain
  t0=$SECONDS
  if ! summary=$("$tool" extract -o "$dir" "$lib" 2> "$out/$name.stderr"); then
    status=1
    echo "extract-corpus: ptx2metal reported errors for $name (see $out/$name.stderr):" >&2
    head -5 "$out/$name.stderr" >&2
  fi
  [ -s "$out/$name.stderr" ] || rm -f "$out/$name.stderr"
  entries=$(printf '%s\n' "$summary" | sed -n 's/.* \([0-9][0-9]*\) PTX (.*/\1/p' | head -1)
  count=$(find "$dir" -maxdepth 1 -name '*.ptx' | wc -l)
  bytes=$(find "$dir" -maxdepth 1 -name '*.ptx' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
  printf '%-40s %11s %12d %10s %8d\n' "$name" "${entries:-0}" "$count" "$(mb "$bytes")" \
    $((SECONDS - t0))
done

# Totals over the per-library directories, and over distinct file names across them.
read -r sum_count sum_bytes < <(find "$out" -mindepth 2 -maxdepth 2 -name '*.ptx' -printf '%s\n' |
  awk '{ n++; s += $1 } END { print n + 0, s + 0 }')
read -r uniq_count uniq_bytes < <(find "$out" -mindepth 2 -maxdepth 2 -name '*.ptx' -printf '%f %s\n' |
  sort -u -k1,1 | awk '{ n++; s += $2 } END { print n + 0, s + 0 }')
printf '%-40s %11s %12d %10s\n' "total (sum over libraries)" "" "$sum_count" "$(mb "$sum_bytes")"
printf '%-40s %11s %12d %10s\n' "total (distinct across libraries)" "" "$uniq_count" \
  "$(mb "$uniq_bytes")"
echo "extract-corpus: ${#libs[@]} libraries in $((SECONDS - start)) s, output in $out"
exit $status
