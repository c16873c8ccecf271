#!/usr/bin/env python3
"""Compares two `sokoban solve --json` / `sokoban merge --json` outputs level
by level (every key but the time taken) and their summaries' counts. Exits 0
when they match, 1 with the first difference otherwise.

    compare_results.py EXPECTED.json ACTUAL.json
"""
import json
import sys


def load(path):
    levels, summary = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            j = json.loads(line)
            if "summary" in j:
                summary = j["summary"]
                continue
            j.pop("seconds", None)
            key = (j["file"], j["index"])
            if key in levels:
                sys.exit(f"{path}: level {key} twice")
            levels[key] = j
    return levels, summary


expected, expected_summary = load(sys.argv[1])
actual, actual_summary = load(sys.argv[2])
if set(expected) != set(actual):
    sys.exit(f"levels differ: only expected {sorted(set(expected) - set(actual))[:5]}, "
             f"only actual {sorted(set(actual) - set(expected))[:5]}")
for key, line in expected.items():
    if actual[key] != line:
        sys.exit(f"level {key} differs:\n  {line}\n  {actual[key]}")
for k in ("levels", "solved", "unsolvable", "timeout", "memory", "invalid", "states"):
    if expected_summary is None or actual_summary is None:
        sys.exit("a summary is missing")
    if expected_summary[k] != actual_summary[k]:
        sys.exit(f"summary {k}: {expected_summary[k]} against {actual_summary[k]}")
print(f"{len(expected)} levels match, {expected_summary['solved']} solved, "
      f"{expected_summary['states']} states")
