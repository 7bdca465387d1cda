#!/usr/bin/env bash
# Builds the libFuzzer targets with ASan+UBSan and runs one for a given time.
#   scripts/fuzz.sh ptx_parser|fatbin_reader|module_loader|bundle_loader|cudart_registration [SECONDS] [extra libFuzzer args...]
# Seeds: the team's committed PTX and fatbin inputs; for bundle_loader, the reflections of the
# team's PTX (translated here). Findings land in fuzz-artifacts/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/setup.sh"
target="${1:?usage: fuzz.sh ptx_parser|fatbin_reader|module_loader|bundle_loader|cudart_registration [SECONDS]}"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
p2m_setup build-fuzz -Dfuzzing=true -Db_sanitize=address,undefined -Db_lundef=false \
  -Dbuildtype=debugoptimized -Dtests=true
ninja -C "$root/build-fuzz" "tests/fuzz/fuzz_$target"
corpus="$root/build-fuzz/fuzz-corpus-$target"
mkdir -p "$corpus" "$root/fuzz-artifacts"
case "$target" in
  ptx_parser) seeds=("$root/tests/inputs/cuda/ptx" "$root/tests/inputs/ptx-handwritten") ;;
  fatbin_reader) seeds=("$root/tests/inputs/fatbin") ;;
  module_loader) seeds=("$root/tests/inputs/cuda/ptx" "$root/tests/inputs/fatbin") ;;
  bundle_loader)
    ninja -C "$root/build-fuzz" tools/ptx2metal/ptx2metal
    seeds=("$root/build-fuzz/fuzz-seeds-bundle_loader")
    mkdir -p "${seeds[0]}"
    for ptx in "$root"/tests/inputs/cuda/ptx/*.nvcc.sm_90.O3.ptx; do
      ASAN_OPTIONS=detect_leaks=0 "$root/build-fuzz/tools/ptx2metal/ptx2metal" compile "$ptx" -o /dev/null \
        --reflection "${seeds[0]}/$(basename "$ptx" .ptx).json" 2> /dev/null || true
    done ;;
  cudart_registration)
    # Seeds: control bytes (version 1, one kernel, one variable), names, then a fatbin.
    seeds=("$root/build-fuzz/fuzz-seeds-cudart_registration")
    mkdir -p "${seeds[0]}"
    for cu in vector_add symbols managed; do
      fatbin="$root/build-fuzz/fuzz-seeds-$cu.fatbin"
      /usr/local/cuda/bin/nvcc -fatbin -arch=sm_80 -I "$root/tests/cudart/programs" \
        "$root/tests/cudart/programs/$cu.cu" -o "$fatbin" 2> /dev/null || continue
      { printf '\x00\x01\x01'; printf '_Z9vectorAddPKfS0_Pfi\x00counter\x00'; cat "$fatbin"; } \
        > "${seeds[0]}/$cu"
    done
    # The runtime translates and compiles what loads: its caches go with the build.
    export P2M_CACHE_DIR="$root/build-fuzz/fuzz-cache-cudart_registration" ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
"$root/build-fuzz/tests/fuzz/fuzz_$target" "$corpus" "${seeds[@]}" \
  -max_total_time="$seconds" -max_len=262144 -rss_limit_mb=4096 -timeout=20 \
  -artifact_prefix="$root/fuzz-artifacts/" -print_final_stats=1 "$@"
