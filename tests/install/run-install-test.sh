#!/usr/bin/env bash
# Installs the build into a temporary directory (meson install --destdir, so the tree is not
# where its prefix says) and builds and runs the two user-facing examples against that tree
# alone: examples/cmake through find_package(ptx2metal), examples/build-script through
# pkg-config, and examples/cmake-cuda through the installed toolkit's nvcc
# (-DCMAKE_CUDA_COMPILER alone). Exit 77 (skipped) where nvcc, cmake, make or pkg-config is missing, and in
# sanitizer builds, whose libcuda.so.1 needs the sanitizer runtime loaded before it.
#   usage: run-install-test.sh BUILD_DIR SOURCE_DIR PREFIX LIBDIR B_SANITIZE
set -euo pipefail
build="$1" source="$2" prefix="$3" libdir="$4" sanitize="$5"
nvcc=/usr/local/cuda/bin/nvcc

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$sanitize" = none ] || skip "a sanitizer build (b_sanitize=$sanitize): programs outside it cannot load its libcuda.so.1"
[ -x "$nvcc" ] || skip "no nvcc at $nvcc (the examples compile CUDA to PTX with it)"
for tool in cmake make pkg-config; do
  command -v "$tool" > /dev/null || skip "no $tool (scripts/setup.sh installs it)"
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
meson install -C "$build" --destdir "$work/root" --no-rebuild --quiet
root="$work/root$prefix"
case "$libdir" in
  /*) lib="$work/root$libdir" ;;
  *) lib="$root/$libdir" ;;
esac
export P2M_BACKEND=host P2M_CACHE_DIR="$work/cache"
unset LD_LIBRARY_PATH # meson test points it at the build tree's libcuda.so.1

echo "== installed"
(cd "$work/root" && find . ! -type d | sort)
for file in "$root/bin/ptx2metal" "$lib/ptx2metal/libcuda.so.1" "$lib/ptx2metal/libcuda.so" \
            "$lib/ptx2metal/libcudart.so.13" "$lib/ptx2metal/libcudart.so" \
            "$lib/pkgconfig/ptx2metal.pc" "$lib/cmake/ptx2metal/ptx2metalConfig.cmake" \
            "$lib/cmake/ptx2metal/ptx2metalConfigVersion.cmake" \
            "$lib/cmake/ptx2metal/ptx2metalMetallib.cmake"; do
  [ -e "$file" ] || fail "not installed: ${file#"$work/root"}"
done
[ ! -e "$lib/libcuda.so.1" ] || fail "libcuda.so.1 installed in <libdir>, where it would shadow NVIDIA's driver"

# The shim a program loads must be the installed one, not the build tree's.
expect_installed_shim() {
  local found
  found="$(ldd "$1" | sed -n 's/^[[:space:]]*libcuda\.so\.1 => \([^ ]*\).*/\1/p')"
  [ "$found" = "$lib/ptx2metal/libcuda.so.1" ] || fail "$1 loads libcuda.so.1 from '$found'"
  echo "$(basename "$1") loads ${found#"$work/root"}"
}

echo "== examples/cmake: find_package(ptx2metal) from the installed tree"
cmake -S "$source/examples/cmake" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$root" \
  -DCMAKE_CUDA_COMPILER="$nvcc"
cmake --build "$work/cmake" -j 2
for name in vector_add block_sum; do
  [ -s "$work/cmake/metal/$name.metal" ] && [ -s "$work/cmake/metal/$name.json" ] \
    || fail "ptx2metal_add_metallib wrote no metal/$name.{metal,json}"
done
expect_installed_shim "$work/cmake/kernels_demo"
"$work/cmake/kernels_demo"

echo "== examples/build-script: make with pkg-config's flags"
PKG_CONFIG_PATH="$lib/pkgconfig" make -C "$source/examples/build-script" OUT="$work/build-script" \
  PKG_CONFIG="pkg-config --define-variable=prefix=$root"
expect_installed_shim "$work/build-script/saxpy_host"
echo "== a CUDA Runtime program (nvcc -cudart shared) through the installed libcudart.so.13"
"$nvcc" -cudart shared -arch=sm_80 -I "$source/tests/cudart/programs" \
  "$source/tests/cudart/programs/vector_add.cu" -o "$work/vector_add"
found="$(LD_LIBRARY_PATH="$lib/ptx2metal" ldd "$work/vector_add" | sed -n 's/^[[:space:]]*libcuda\.so\.1 => \([^ ]*\).*/\1/p')"
[ "$found" = "$lib/ptx2metal/libcuda.so.1" ] || fail "the installed libcudart.so.13 loads libcuda.so.1 from '$found'"
LD_LIBRARY_PATH="$lib/ptx2metal" "$work/vector_add" | grep -qx PASS || fail "vector_add did not pass"

echo "== examples/cmake-cuda: an unmodified CMake CUDA project, only the compiler switched to the installed toolkit"
toolkit="$lib/ptx2metal/cuda"
for file in bin/nvcc bin/ptx2metal-host-link include/cuda_runtime.h lib/libcudart.so lib/libcudart.so.13 \
            lib/libcuda.so lib/libcudadevrt.a lib/libcudart_static.a nvvm/libdevice version.json; do
  [ -e "$toolkit/$file" ] || fail "not installed in the toolkit: $file"
done
cmake -S "$source/examples/cmake-cuda" -B "$work/cmake-cuda" -DCMAKE_CUDA_COMPILER="$toolkit/bin/nvcc"
grep -q '^CMAKE_CUDA_COMPILER_ID:INTERNAL=NVIDIA$\|CMAKE_CUDA_COMPILER_ID "NVIDIA"' \
  "$work/cmake-cuda/CMakeCache.txt" "$work/cmake-cuda"/CMakeFiles/*/CMakeCUDACompiler.cmake \
  || fail "CMake did not identify the toolkit's nvcc as nvcc"
cmake --build "$work/cmake-cuda" -j 2
for program in particles physics_test; do
  found="$(ldd "$work/cmake-cuda/$program" | sed -n 's/^[[:space:]]*libcudart\.so\.13 => \([^ ]*\).*/\1/p')"
  [ "$(realpath "$found")" = "$(realpath "$lib/ptx2metal/libcudart.so.13")" ] \
    || fail "$program loads libcudart.so.13 from '$found'"
done
(cd "$work/cmake-cuda" && ctest --output-on-failure)

echo "PASS: the examples, a Runtime API program and a CMake CUDA project built and ran against the installed tree"
