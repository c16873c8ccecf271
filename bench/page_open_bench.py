#!/usr/bin/env python3
"""How fast headless Chromium shows the index of a `sokoban render` page.

    bench/page_open_bench.py [-n RUNS] [--sokoban build/tools/sokoban] [LEVELS [RESULTS]]

Renders LEVELS (default: Boxoban hard 000 from the shared levels, 1,000
levels) to a page, with RESULTS (`sokoban solve --json` output) when given,
opens it from file:// through the DevTools protocol, and prints the page's
size and, per run, the time from the navigation to the index being on
screen: every card in the page and the thumbnails in sight drawn, measured
by the page's own clock (performance.now(), from the start of navigation)
and by this script's (navigation command sent to a rendered frame seen).
The target is at most 2 s. A wall-clock figure: quote the machine's load.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "system"))
import cdp  # noqa: E402

# True once the index is on screen: every card exists and the thumbnails in
# the first screenful are drawn (a drawn canvas has a size set).
ON_SCREEN = """(() => {
  if (document.body.dataset.ready !== '1') return 0;
  const cards = document.querySelectorAll('.card');
  const first = [...cards].slice(0, 8);
  if (!first.every(c => c.querySelector('canvas').width > 0)) return 0;
  return cards.length;
})()"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", "--runs", type=int, default=5)
    ap.add_argument("--sokoban", default=os.path.join(ROOT, "build", "tools", "sokoban"))
    ap.add_argument("levels", nargs="?",
                    default=os.path.join(ROOT, "..", "shared", "levels", "boxoban-hard-000.xsb"))
    ap.add_argument("results", nargs="?")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="sokoban-page-bench-")
    try:
        page = os.path.join(tmp, "page.html")
        cmd = [args.sokoban, "render", args.levels, "-o", page]
        if args.results:
            cmd += ["--results", args.results]
        subprocess.run(cmd, check=True)
        print("page: %s, %d bytes (%.3f MB)" % (os.path.basename(args.levels),
                                                os.path.getsize(page), os.path.getsize(page) / 1e6))
        with cdp.Browser() as b:
            times = []
            for run in range(args.runs):
                b.open("about:blank")
                t0 = time.monotonic()
                b.call("Page.navigate", url="file://" + page)
                cards = 0
                while not cards:
                    try:
                        cards = b.eval(ON_SCREEN)
                    except RuntimeError:
                        cards = 0  # the new document is not there yet
                    if not cards:
                        time.sleep(0.005)
                # One more frame: what is drawn is on screen.
                b.eval("new Promise(r => requestAnimationFrame(() => r(1)))")
                wall = time.monotonic() - t0
                page_ms = b.eval("performance.now()")
                times.append(wall)
                print("run %d: index of %d levels on screen in %.3f s (page clock %.3f s)"
                      % (run + 1, cards, wall, page_ms / 1000))
            times.sort()
            print("median %.3f s, max %.3f s over %d runs" % (times[len(times) // 2], times[-1],
                                                             len(times)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
