#!/usr/bin/env python3
"""Runs a driver-API probe (tests/probes/*_driver.cpp) linked with ptx2metal's libcuda.so.1 and
compares what it prints with what the same program printed on an NVIDIA H200
(tests/probes/expected/NAME.txt). Lines that print addresses differ by machine and are left out
of both sides.

Usage: check-probe-output.py PROBE_BINARY EXPECTED_FILE [PROBE_ARGUMENT...]
"""
import re
import subprocess
import sys

ADDRESS = re.compile(r'\baddress [0-9a-f]{16}\b')


def comparable(text):
    return [line.rstrip() for line in text.splitlines() if not ADDRESS.search(line)]


def main():
    probe, expected_file, arguments = sys.argv[1], sys.argv[2], sys.argv[3:]
    run = subprocess.run([probe] + arguments, capture_output=True, text=True, timeout=600)
    got = comparable(run.stdout)
    want = comparable(open(expected_file).read())
    if run.returncode != 0 or got != want:
        print(f'{probe}: exit status {run.returncode}; output differs from {expected_file}')
        print('--- expected (H200)\n' + '\n'.join(want))
        print('--- got\n' + '\n'.join(got) + '\n' + run.stderr)
        return 1
    print(f'{probe}: {len(got)} lines as on the H200')
    return 0


if __name__ == '__main__':
    sys.exit(main())
