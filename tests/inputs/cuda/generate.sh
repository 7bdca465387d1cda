#!/usr/bin/env bash
# Regenerates tests/inputs/cuda/ptx/ from tests/inputs/cuda/src/*.cu with nvcc and clang-19,
# checks every output with ptxas, and writes ptx/MANIFEST.tsv. Deterministic: the same tools
# give byte-identical files (see README.md for how -G's embedded paths are kept stable).
#
#   tests/inputs/cuda/generate.sh            # everything
#   JOBS=1 tests/inputs/cuda/generate.sh     # serially
#   SOURCES="llm_kernels" tests/inputs/cuda/generate.sh   # rebuild these sources only (the
#                                            # other files and their MANIFEST rows are kept)
#
# Environment: CUDA (default /usr/local/cuda), CLANG (default clang++-19), JOBS (default 2),
# SOURCES (default: every src/*.cu).
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CUDA=${CUDA:-/usr/local/cuda}
NVCC=$CUDA/bin/nvcc
PTXAS=$CUDA/bin/ptxas
LIBDEVICE=$CUDA/nvvm/libdevice/libdevice.10.bc
CLANG=${CLANG:-clang++-19}
JOBS=${JOBS:-2}

# The matrix, "arch opt" pairs. nvcc:
#   O3       default optimisation.
#   O0       `-Xcicc -O0`: unoptimised NVVM output (generic loads/stores, locals in .local,
#            every inline function a .func). nvcc's own `-O0` changes only host code and gives
#            PTX identical to O3.
#   G        `-G`: debug (unoptimised, .loc lines, DWARF .section blocks), ~2x the size of O0.
#   lineinfo `-lineinfo`: O3 plus .file/.loc with `function_name ..., inlined_at ...` and a
#            .debug_str section.
# sm_120 is the newest target (.version 9.0 header); its body matches sm_90's, so it is built
# optimised only. O0 for sm_80 would be near-identical to sm_90's and is left out, as are G and
# lineinfo for more than one arch: the whole output stays under ~5 MB.
NVCC_BUILDS=("sm_75 O3" "sm_80 O3" "sm_90 O3" "sm_120 O3"
             "sm_75 O0" "sm_90 O0"
             "sm_80 G" "sm_90 lineinfo")
CLANG_BUILDS=("sm_80 O0" "sm_80 O3" "sm_90 O3")

for tool in "$NVCC" "$PTXAS"; do
  [[ -x $tool ]] || { echo "generate.sh: $tool not found (set CUDA=...)" >&2; exit 1; }
done
command -v "$CLANG" >/dev/null || { echo "generate.sh: $CLANG not found (set CLANG=...)" >&2; exit 1; }
[[ -f $LIBDEVICE ]] || { echo "generate.sh: $LIBDEVICE not found" >&2; exit 1; }

# nvcc -G records the absolute source directory in .file and in .debug_info. Compiling through
# a fixed symlink makes that path the same on every machine and checkout.
STABLE_SRC=/tmp/ptx2metal-kernels
exec 9>"$STABLE_SRC.lock"
flock 9
ln -sfn "$here/src" "$STABLE_SRC"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ptx" "$work/log"

min_arch() { sed -n 's#^// p2m-min-arch: \([0-9]*\)$#\1#p' "$1"; }
# `// p2m-extra-nvcc-arch: sm_89` adds an optimised nvcc build for that architecture.
extra_archs() { sed -n 's#^// p2m-extra-nvcc-arch: \(.*\)$#\1#p' "$1"; }
selected() { [[ -z ${SOURCES:-} || " $SOURCES " == *" $1 "* ]]; }
# `// p2m-compilers: nvcc` limits a file to the compilers named (CUB's headers need nvcc).
compilers() { sed -n 's#^// p2m-compilers: \(.*\)$#\1#p' "$1"; }
# `// p2m-optimised-only: why` leaves out the unoptimised nvcc builds (O0, G) of a file.
optimised_only() { if grep -q '^// p2m-optimised-only: ' "$1"; then echo yes; fi; }

# One line per build: name compiler arch opt.
joblist=$work/jobs
: >"$joblist"
for src in "$here"/src/*.cu; do
  name=$(basename "$src" .cu)
  min=$(min_arch "$src")
  only=$(compilers "$src")
  optimised=$(optimised_only "$src")
  add() {  # compiler arch opt
    local n=${2#sm_}
    if [[ -n $min && $n -lt $min ]]; then return; fi
    if [[ -n $only && " $only " != *" $1 "* ]]; then return; fi
    if [[ -n $optimised && $1 == nvcc && ( $3 == O0 || $3 == G ) ]]; then return; fi
    echo "$name $1 $2 $3" >>"$joblist"
  }
  for b in "${NVCC_BUILDS[@]}"; do add nvcc $b; done
  for a in $(extra_archs "$src"); do add nvcc "$a" O3; done
  for b in "${CLANG_BUILDS[@]}"; do add clang $b; done
done
# With SOURCES, only those are built; the others' committed files and verdicts are kept.
buildlist=$work/builds
: >"$buildlist"
while read -r name compiler arch opt; do
  if selected "$name"; then
    echo "$name $compiler $arch $opt" >>"$buildlist"
  elif [[ -f $here/ptx/$name.$compiler.$arch.$opt.ptx ]]; then
    cp "$here/ptx/$name.$compiler.$arch.$opt.ptx" "$work/ptx/"
    awk -F'\t' -v f="$name.$compiler.$arch.$opt.ptx" '$1 == f { print $7 }' "$here/ptx/MANIFEST.tsv" \
      >"$work/log/$name.$compiler.$arch.$opt.verdict"
  fi
done <"$joblist"

build_one() {  # name compiler arch opt
  local name=$1 compiler=$2 arch=$3 opt=$4
  local out=$work/ptx/$name.$compiler.$arch.$opt.ptx log=$work/log/$name.$compiler.$arch.$opt
  local -a flags
  cd "$STABLE_SRC"
  if [[ $compiler == nvcc ]]; then
    case $opt in
      O3) flags=() ;;
      O0) flags=(-Xcicc -O0) ;;
      G) flags=(-G) ;;
      lineinfo) flags=(-lineinfo) ;;
    esac
    "$NVCC" -ptx -arch="$arch" "${flags[@]}" "$name.cu" -o "$out" >"$log.build" 2>&1
  else
    "$CLANG" -x cuda --cuda-device-only -S -nocudainc -nocudalib --cuda-gpu-arch="$arch" \
      "-$opt" -I "$here/clang" -Wno-unknown-cuda-version \
      -Xclang -mlink-builtin-bitcode -Xclang "$LIBDEVICE" \
      "$name.cu" -o "$out" >"$log.build" 2>&1
  fi || { echo "BUILD-FAILED $name.$compiler.$arch.$opt"; sed 's/^/    /' "$log.build"; return 0; }
  if "$PTXAS" -arch="$arch" "$out" -o /dev/null >"$log.ptxas" 2>&1; then
    echo ok >"$log.verdict"
  else
    echo rejected >"$log.verdict"
  fi
}
export -f build_one
export work here STABLE_SRC NVCC PTXAS CLANG LIBDEVICE

xargs -P "$JOBS" -L 1 bash -c 'build_one "$@"' _ <"$buildlist"

# Replace the committed outputs with the new set (stale files from removed sources go too).
rm -f "$here"/ptx/*.ptx "$here"/ptx/MANIFEST.tsv
mkdir -p "$here/ptx"
cp "$work"/ptx/*.ptx "$here/ptx/"

# MANIFEST.tsv: one row per output, sorted; what CI enumerates.
{
  printf 'file\tsource\tcompiler\tarch\topt\tbytes\tptxas\n'
  while read -r name compiler arch opt; do
    f=$name.$compiler.$arch.$opt.ptx
    [[ -f $work/ptx/$f ]] || continue
    printf '%s\t%s.cu\t%s\t%s\t%s\t%s\t%s\n' "$f" "$name" "$compiler" "$arch" "$opt" \
      "$(stat -c %s "$work/ptx/$f")" "$(cat "$work/log/$name.$compiler.$arch.$opt.verdict")"
  done < <(sort "$joblist")
} >"$here/ptx/MANIFEST.tsv"

# Report.
echo "== produced in $here/ptx"
awk -F'\t' 'NR > 1 { n[$3 " " $4 " " $5]++ } END { for (k in n) print "  " k ": " n[k] }' \
  "$here/ptx/MANIFEST.tsv" | sort
echo "  files: $(ls "$here"/ptx/*.ptx | wc -l), bytes: $(cat "$here"/ptx/*.ptx | wc -c)"
expected=$(wc -l <"$joblist")
built=$(ls "$work"/ptx/*.ptx | wc -l)
status=0
if [[ $built -ne $expected ]]; then
  echo "== $((expected - built)) builds FAILED (see BUILD-FAILED above)"
  status=1
fi
rejected=$(awk -F'\t' 'NR > 1 && $7 != "ok" { print $1 }' "$here/ptx/MANIFEST.tsv")
if [[ -n $rejected ]]; then
  echo "== rejected by ptxas:"
  for f in $rejected; do
    echo "  $f"
    sed 's/^/      /' "$work/log/${f%.ptx}.ptxas" | head -5
  done
else
  echo "== ptxas accepted every file"
fi
exit $status
