#!/bin/sh
# A stand-in for Apple's `metal` and `metallib`, named by how it is invoked (copy it to
# DIR/metal and DIR/metallib). Records its arguments in DIR/NAME.args, one a line after an
# "argv:" line; exits 1 with a compiler-style message when DIR/NAME.fail exists; otherwise
# writes to the file after -o a line naming its input, then the input itself, so that the
# final metallib shows the whole chain.
dir=$(dirname "$0")
name=$(basename "$0")
echo "argv:" > "$dir/$name.args"
for a in "$@"; do
  printf '%s\n' "$a" >> "$dir/$name.args"
done
if [ -e "$dir/$name.fail" ]; then
  echo "stub.metal:3:5: error: the $name stub was told to fail" >&2
  exit 1
fi
in=
out=
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift 2 ;;
    -*) shift ;;
    *) in=$1; shift ;;
  esac
done
{ echo "$name output of: $(basename "$in")"; cat "$in"; } > "$out"
