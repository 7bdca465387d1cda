#!/usr/bin/env bash
# Shared set-up for the README's commands: installs the Debian packages the build needs when
# they are missing, then configures a Meson build directory.
#   usage: source scripts/setup.sh; p2m_setup BUILD_DIR [extra meson args...]
#          (p2m_setup_release: the release build, ThinLTO and a recorded profile, for build/)
set -euo pipefail

# The repository's root, worked out once, when this file is sourced.
P2M_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

P2M_PACKAGES=(meson ninja-build pkg-config python3 clang-19 llvm-19 llvm-19-dev libclang-19-dev
              llvm-19-tools libclang-rt-19-dev libcli11-dev libfmt-dev catch2 liblz4-dev
              libzstd-dev libmpfr-dev # libmpfr-dev: the device math accuracy test
              cmake make g++ # the install test builds examples/cmake and examples/build-script
              libthrust-dev libcub-dev) # tests/toolkit-thrust-cub compiles Thrust and CUB programs

p2m_install_packages() {
  local missing=()
  for pkg in "${P2M_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing missing packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

p2m_setup() {
  local build_dir="$1"; shift
  p2m_install_packages
  if [ ! -f "$P2M_ROOT/$build_dir/build.ninja" ]; then
    meson setup "$P2M_ROOT/$build_dir" "$P2M_ROOT" --native-file "$P2M_ROOT/build-aux/llvm-19.ini" "$@"
  fi
}

# The release build the README's commands share: optimized across files (ThinLTO) and by a
# profile of the translator at work (PGO, about 8% faster translation). The profile comes first,
# when BUILD_DIR has none: the translator built instrumented in BUILD_DIR-profile translates the
# repository's own PTX (scripts/train-profile.sh), and BUILD_DIR is compiled with what it
# recorded, BUILD_DIR/default.profdata. Remove that file and BUILD_DIR's objects to record anew.
p2m_setup_release() {
  local build_dir="$1"; shift
  local thin_lto=(--native-file "$P2M_ROOT/build-aux/thin-lto.ini")
  if [ ! -f "$P2M_ROOT/$build_dir/default.profdata" ]; then
    p2m_setup "$build_dir-profile" "${thin_lto[@]}" -Db_pgo=generate "$@"
    ninja -C "$P2M_ROOT/$build_dir-profile" tools/ptx2metal/ptx2metal
    mkdir -p "$P2M_ROOT/$build_dir"
    "$P2M_ROOT/scripts/train-profile.sh" "$P2M_ROOT/$build_dir-profile/tools/ptx2metal/ptx2metal" \
      "$P2M_ROOT/$build_dir/default.profdata"
  fi
  p2m_setup "$build_dir" "${thin_lto[@]}" -Db_pgo=use "$@"
  # A build directory configured before releases were built with a profile.
  if [ "$(meson introspect --buildoptions "$P2M_ROOT/$build_dir" |
          python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "b_pgo"))')" != use ]; then
    meson configure "$P2M_ROOT/$build_dir" -Db_pgo=use
  fi
}
