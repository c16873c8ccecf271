#!/usr/bin/env python3
"""Checks that a `sokoban render` page shows the figures of `sokoban solve
--json`: renders LEVELS... with RESULTS, opens the page in headless
Chromium, and compares every card of the index (status, moves, pushes,
seconds to the millisecond, states) with its line of RESULTS.

    sokoban solve puzzles/*.xsb --json > results.jsonl
    bench/page_matches_solve.py results.jsonl puzzles/*.xsb
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "system"))
os.environ.setdefault("SOKOBAN_BINARY", os.path.join(ROOT, "build", "tools", "sokoban"))
os.environ.setdefault("SOKOBAN_SOURCE_DIR", ROOT)
import cdp  # noqa: E402
import render_page_test  # noqa: E402  (check_index)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    results_file, levels = sys.argv[1], sys.argv[2:]
    sokoban = os.environ["SOKOBAN_BINARY"]
    with open(results_file) as f:
        results = [json.loads(line) for line in f if line.strip()]
    results = [r for r in results if "summary" not in r]
    tmp = tempfile.mkdtemp(prefix="sokoban-page-check-")
    try:
        page = os.path.join(tmp, "page.html")
        subprocess.run([sokoban, "render", *levels, "--results", results_file, "-o", page],
                       check=True)
        with cdp.Browser() as b:
            b.open("file://" + page)
            b.wait_for("document.body.dataset.ready === '1'")
            n = render_page_test.check_index(b, results)
        solved = sum(r["status"] == "solved" for r in results)
        print("%d of %d cards show the figures of %s (%d solved); page %d bytes"
              % (n, len(results), os.path.basename(results_file), solved, os.path.getsize(page)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
