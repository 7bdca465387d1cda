#!/usr/bin/env bash
# Records the profile the release build is compiled with (PGO; scripts/setup.sh's
# p2m_setup_release): an instrumented ptx2metal translates every PTX file of the repository
# (tests/, bench/, examples/: some 400 files, 11 MB, a few seconds), MSL and reflection, and the
# counts of all the runs are merged into PROFDATA. The corpus the speed figures are measured on
# (docs/measurements.md) is not among them. Some inputs are meant to fail with a diagnostic:
# their exit status does not matter, only what the translator did on the way.
#   usage: scripts/train-profile.sh INSTRUMENTED_PTX2METAL PROFDATA
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -eq 2 ] || { echo "usage: $0 INSTRUMENTED_PTX2METAL PROFDATA" >&2; exit 2; }
translator="$1"
profdata="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
count=0
while IFS= read -r -d '' ptx; do
  LLVM_PROFILE_FILE="$work/%p.profraw" "$translator" compile "$ptx" -o "$work/out.metal" \
    --reflection "$work/out.json" > /dev/null 2>&1 || true
  count=$((count + 1))
done < <(find "$root/tests" "$root/bench" "$root/examples" -name '*.ptx' -print0 | sort -z)
shopt -s nullglob
raw=("$work"/*.profraw)
if [ ${#raw[@]} -eq 0 ]; then
  echo "error: $translator wrote no profile (is it built with -Db_pgo=generate?)" >&2
  exit 1
fi
llvm-profdata-19 merge -o "$profdata" "${raw[@]}"
echo "profile of $count translations: $profdata"
