#!/usr/bin/env python3
"""Prints one 'N passed, N failed' line over meson's test log and lit's log."""
import json
import re
import sys
from pathlib import Path

build = Path(sys.argv[1])
passed = failed = skipped = 0
log = build / "meson-logs" / "testlog.json"
if log.exists():
    for line in log.read_text().splitlines():
        result = json.loads(line).get("result")
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            failed += 1
lit = build / "lit.log"
if lit.exists():
    text = lit.read_text()
    for label, count in re.findall(r"^\s*(Passed|Failed|Unsupported|Unresolved|Timed Out)\s*:\s*(\d+)", text, re.M):
        n = int(count)
        if label == "Passed":
            passed += n
        elif label == "Unsupported":
            skipped += n
        else:
            failed += n
print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
