#!/bin/sh
# A stand-in for xcrun (copy it to DIR/xcrun): logs each command line to DIR/xcrun.log;
# `xcrun -sdk macosx --find TOOL` and `xcrun -sdk macosx TOOL ARGS...` use DIR/tools/TOOL,
# and a missing tool gets xcrun's own error and status.
dir=$(dirname "$0")
printf '%s\n' "$*" >> "$dir/xcrun.log"
if [ "$1" != -sdk ] || [ "$2" != macosx ]; then
  echo "xcrun stub: expected -sdk macosx" >&2
  exit 64
fi
shift 2
if [ "$1" = --find ]; then
  tool=$2
else
  tool=$1
fi
if [ ! -x "$dir/tools/$tool" ]; then
  echo "xcrun: error: unable to find utility \"$tool\", not a developer tool or in PATH" >&2
  exit 72
fi
if [ "$1" = --find ]; then
  echo "$dir/tools/$tool"
  exit 0
fi
shift
exec "$dir/tools/$tool" "$@"
