#!/usr/bin/env bash
# Builds everything and runs every test: Catch2 unit tests, lit/FileCheck golden tests and the
# corpus tests (which skip with a message when /usr/local/cuda is absent).
#   scripts/run-tests.sh              release build in build/
#   scripts/run-tests.sh --sanitize   ASan+UBSan build in build-asan/
#   scripts/run-tests.sh --tsan       ThreadSanitizer build in build-tsan/ of only what the
#                                     8-host-thread test needs (libcuda.so.1 and the test), and
#                                     that test (meson test runtime-threads)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/setup.sh"

if [ "${1:-}" = "--tsan" ]; then
  start=$SECONDS
  # As for build-asan: no LTO, and LLVM's shared libraries (meson.build's static_llvm).
  p2m_setup build-tsan -Dwerror=true -Db_sanitize=thread -Db_lundef=false -Dbuildtype=debugoptimized
  ninja -C "$root/build-tsan" tests/unit/runtime-threads/runtime_thread_tests
  export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
  status=0
  meson test -C "$root/build-tsan" --no-rebuild --print-errorlogs runtime-threads || status=1
  echo "ThreadSanitizer step: $((SECONDS - start)) s"
  exit $status
fi

build_dir=build
meson_args=(-Dwerror=true)
setup=p2m_setup_release
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-asan
  meson_args+=(-Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized)
  setup=p2m_setup # no LTO: the sanitizers' instrumentation is what matters there
fi
"$setup" "$build_dir" "${meson_args[@]}"
ninja -C "$root/$build_dir"

export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
status=0
meson test -C "$root/$build_dir" --print-errorlogs --num-processes 2 || status=1
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -s "$root/$build_dir/tests/lit" \
  > "$root/$build_dir/lit.log" 2>&1 || status=1
cat "$root/$build_dir/lit.log"

# One summary line over both runners.
python3 "$root/scripts/summarize-tests.py" "$root/$build_dir"
exit $status
