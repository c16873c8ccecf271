#!/usr/bin/env python3
"""What each fast-mode portfolio member costs and solves on its own.

Usage:
  bench/member_costs.py [-b SOKOBAN] [-t SECONDS] [-j THREADS] [-l LEVELS] FILE

Runs every member of the fast portfolio alone (`sokoban solve --member M`)
on the levels of FILE (all, or those `-l` names, as `solve -l` takes them),
each within SECONDS (default 10), THREADS levels at once (default 2), and
prints one row a member:

  member  median us/expansion  solved  levels solved (seconds)

where the median is over the levels of the time a level took divided by
the states it expanded. The costs in solver/portfolio/cost_turns.cc are these
medians, in tenths of a microsecond, over the 25 XSokoban levels that take
the portfolio more than a second (-l 11,13,14,16,19,21,24,25,30,31,32,33,
35,36,44,45,46,48,70,71,75,76,77,87,90). Exit code 0, or 2 on bad usage or
a run that printed no result.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

MEMBERS = ["features", "pull", "plain", "ownopen", "unlearned", "boxpenalty", "deadsets",
           "roomsets", "pullpenalty"]


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(prog="bench/member_costs.py")
    parser.add_argument("-b", metavar="SOKOBAN",
                        default=os.path.join(repo, "build", "tools", "sokoban"))
    parser.add_argument("-t", metavar="SECONDS", type=float, default=10)
    parser.add_argument("-j", metavar="THREADS", type=int, default=2)
    parser.add_argument("-l", metavar="LEVELS", default="")
    parser.add_argument("file", metavar="FILE")
    args = parser.parse_args()
    if not os.access(args.b, os.X_OK):
        print(f"member_costs.py: {args.b}: no such executable (build first, or give -b)",
              file=sys.stderr)
        return 2
    for member in MEMBERS:
        command = [args.b, "solve", args.file, "--member", member, "--json", "-t", str(args.t),
                   "-j", str(args.j)]
        if args.l:
            command += ["-l", args.l]
        run = subprocess.run(command, capture_output=True, text=True, check=False)
        rates, solved = [], []
        for line in run.stdout.splitlines():
            result = json.loads(line)
            if "index" not in result or result.get("states") is None:
                continue
            rates.append(1e6 * result["seconds"] / max(1, result["states"]))
            if result["status"] == "solved":
                solved.append(f"{result['index']} ({result['seconds']:.2f})")
        if not rates:
            print(f"{member}: no result ({run.stderr.strip()})", file=sys.stderr)
            return 2
        print(f"{member:12} {statistics.median(rates):7.1f} {len(solved):4}/{len(rates):<4} "
              + " ".join(solved))
    return 0


if __name__ == "__main__":
    sys.exit(main())
