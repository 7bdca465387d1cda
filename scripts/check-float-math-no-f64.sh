#!/bin/sh
# Checks that the float-only device math functions compile to PTX without any f64
# instruction: a kernel calling each one is compiled for sm_80 and linked with the bitcode.
#   scripts/check-float-math-no-f64.sh [build-dir]     (default build-dev)
set -eu
bc=${1:-build-dev}/toolkit/libdevice/p2m-libdevice.bc
clang=${CLANGXX:-clang++-19}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for spec in expf exp2f exp10f expm1f logf log2f log10f log1pf sinf cosf tanf sincosf:3 \
            sinhf coshf tanhf atanf atan2f:2 asinf acosf erff erfcf powf:2 hypotf:2 cbrtf \
            rsqrtf sqrtf; do
  fn=${spec%%:*}
  case $spec in
    *:2) decl="float __nv_$fn(float, float);" call="o[i] = __nv_$fn(a[i], a[i + 1]);" ;;
    *:3) decl="void __nv_$fn(float, float*, float*);" call="__nv_$fn(a[i], o + i, o + i + 64);" ;;
    *) decl="float __nv_$fn(float);" call="o[i] = __nv_$fn(a[i]);" ;;
  esac
  cat > "$tmp/k.cu" <<EOK
extern "C" __attribute__((device)) $decl
extern "C" __attribute__((global)) void k(float* o, const float* a)
{
  unsigned i = __nvvm_read_ptx_sreg_tid_x();
  $call
}
EOK
  "$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O3 -S \
    -Wno-unknown-cuda-version "$tmp/k.cu" -o "$tmp/k.ptx" \
    -Xclang -mlink-builtin-bitcode -Xclang "$bc"
  n64=$(grep -c '\.f64' "$tmp/k.ptx" || true)
  ninstr=$(grep -c ';' "$tmp/k.ptx" || true)
  printf '%-8s %5d PTX lines, %d with .f64\n' "$fn" "$ninstr" "$n64"
  [ "$n64" -eq 0 ] || status=1
done
exit $status
