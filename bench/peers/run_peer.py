#!/usr/bin/env python3
"""Runs another Sokoban solver (a peer) over a collection, one process a level.

Usage:
  bench/peers/run_peer.py PEER FILE [-b BIN] [-t SECONDS] [-j N] [-l LEVELS]
                          [-o OUT.jsonl] [--grace S] [--nice N] [--keep DIR]

  PEER        festival or yass
  FILE        a collection in XSB: boards separated by blank lines, a ';' line
              directly above a board is its title (shared/formats/README.md)
  -b BIN      the peer's executable (default: $FESTIVAL_BIN or $YASS_BIN)
  -t SECONDS  time limit per level, whole seconds (default 20)
  -j N        levels run at once, one single-threaded process each (default 1)
  -l LEVELS   levels to run: N, A-B or a comma list of those (default all)
  -o OUT      per-level JSON lines, then a summary line (default: none)
  --grace S   seconds added to the limit before the kill (default 0)
  --nice N    run the peer under `nice -n N` (default: no nice)
  --keep DIR  keep each level's files and the peer's output in DIR/NNN/

Each level is written to a file of its own and the peer is started on it as
`timeout -s KILL LIMIT BIN ...`, so a level never runs past the limit, start-up
and the peer's own preprocessing included. The peer is told its own time
budget (Festival `-time`, YASS `-maxtime`), one thread (Festival `-cores 1`;
YASS has one), and where to write its solution. A level counts as solved only
when the peer wrote a move string and `sokoban verify LEVEL --solution LURD`
replays it to the solved position ($SOKOBAN_BIN, default build/tools/sokoban
of this repository; without it a solution is counted as "claimed").

Prints one line a level, in input order:
  PEER FILE level N "TITLE": STATUS, M moves, P pushes, S s
and a last line
  PEER FILE: K/N solved (limit L s, ...)
STATUS is solved (verified), claimed (not verified: no sokoban binary),
wrong (the move string does not solve the level), timeout (killed at the limit),
unsolved (the peer stopped before the limit without a solution) or error (the
peer aborted; the reason is its last words).

Environment: FESTIVAL_BIN, YASS_BIN (the binaries), SOKOBAN_BIN (the verifier),
FESTIVAL_TIME (Festival's -time, default the larger of the limit and 30: see
own_time()), YASS_TIME (YASS's -maxtime, default the limit), YASS_MEMORY_MIB
(YASS's -memory, its transposition table, default 1024; YASS's own default off
Windows is 128).

With -o, one JSON object a level with the keys peer, file, index, title,
status, seconds, moves, pushes, solution, error, limit; then
{"summary": {peer, file, levels, solved, claimed, wrong, timeout, unsolved,
error, limit, skipped}}.

When BIN is not given or not executable the peer is not built: the script
says so on one line, writes a summary with "skipped": true and exits 0.
Exit code 2 on bad usage or an unreadable FILE, else 0.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PEERS = {"festival": "FESTIVAL_BIN", "yass": "YASS_BIN"}
BOARD_CHARS = set("#@+$*.-_ pPbB")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
LURD = re.compile(r"^[lurdLURD]+$")


def read_levels(path):
    """Returns [(index, title, [rows])] in file order.

    A board is a run of lines made only of board characters with at least one
    wall; the title is the ';' line directly above it, else its 1-based index.
    """
    levels, rows, title, last_comment = [], [], None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [line.rstrip("\r\n") for line in f]
    lines.append("")
    for line in lines:
        stripped = line.rstrip()
        is_board = (stripped != "" and set(stripped) <= BOARD_CHARS and
                    ("#" in stripped or (rows and set(stripped) <= set("-_#"))))
        if is_board:
            if not rows:
                title = last_comment
            rows.append(stripped)
            last_comment = None
            continue
        if rows:
            index = len(levels) + 1
            levels.append((index, title if title else str(index), rows))
            rows, title = [], None
        if stripped.startswith(";"):
            last_comment = stripped[1:].strip()
        elif stripped:
            last_comment = None
    return levels


def select(levels, spec):
    if not spec:
        return levels
    wanted = set()
    for part in spec.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-", 1)
            wanted.update(range(int(a), int(b) + 1))
        else:
            wanted.add(int(part))
    return [lv for lv in levels if lv[0] in wanted]


def write_level(path, title, rows):
    # Standard XSB characters only; both peers read '-' and '_' too, but a
    # plain file keeps their title and board detection simple.
    table = str.maketrans({"p": "@", "P": "+", "b": "$", "B": "*"})
    with open(path, "w") as f:
        f.write("; %s\n" % title)
        for row in rows:
            f.write(row.translate(table) + "\n")
        f.write("\n")


def solution_after_heading(path):
    """The move string under the first 'Solution' line of a SOK file, or None."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [line.strip() for line in f]
    except OSError:
        return None
    for i, line in enumerate(lines):
        if line == "Solution" or line.startswith("Solution/") or line.startswith("Solution "):
            moves = []
            for follow in lines[i + 1:]:
                if not LURD.match(follow):
                    break
                moves.append(follow)
            if moves:
                return "".join(moves)
    return None


def last_words(text):
    text = ANSI.sub("", text).replace("\x00", "")
    words = [line.strip() for line in text.splitlines() if line.strip()]
    return words[-1][:200] if words else ""


def festival_command(binary, seconds):
    return [binary, "level.xsb", "-cores", "1", "-time", str(seconds), "-out_file", "solution.sok"]


def festival_result(work, stdout, stderr):
    solution = solution_after_heading(os.path.join(work, "solution.sok"))
    error = None
    # Festival stops on an internal check with a message and then waits for a
    # key (termios on stdin, which is /dev/null here: the perror below).
    if solution is None and "tcsetattr" in stderr:
        error = last_words(stdout)
    return solution, error


def yass_command(binary, seconds):
    return [binary, "level.xsb", "-maxtime", str(seconds), "-prompt", "no",
            "-memory", str(int(os.environ.get("YASS_MEMORY_MIB", "1024")))]


def yass_result(work, stdout, stderr):
    found = glob.glob(os.path.join(work, "*Solutions.sok"))
    solution = solution_after_heading(found[0]) if found else None
    error = None
    if solution is None and "Usage: YASS" in stdout:
        error = "YASS did not accept its command line"
    elif solution is None and ("Internal error" in stdout or "Runtime error" in stderr):
        error = last_words(stdout + "\n" + stderr)
    return solution, error


DRIVERS = {
    "festival": (festival_command, festival_result),
    "yass": (yass_command, yass_result),
}


def own_time(peer, limit):
    """The time budget the peer is told; the kill stays at the limit."""
    if peer == "festival":
        # Festival splits its budget over 8 strategies in whole seconds and
        # gives a third of each share to its backward (packing) search; below
        # about 24 s that third is 0 s and Festival 3.1 aborts on an internal
        # check ("box num mismatch2"). It plans for at least 30 s and is
        # killed at the limit all the same.
        return int(os.environ.get("FESTIVAL_TIME", max(limit, 30)))
    return int(os.environ.get("YASS_TIME", limit))


def verify(sokoban, level, solution):
    """(status, moves, pushes) from `sokoban verify`, or ('claimed', n, n)."""
    pushes = sum(1 for c in solution if c.isupper())
    if not sokoban:
        return "claimed", len(solution), pushes
    run = subprocess.run([sokoban, "verify", level, "--solution", solution, "--json"],
                         capture_output=True, text=True)
    for line in run.stdout.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if record.get("solved") and record.get("valid"):
            return "solved", record.get("moves", len(solution)), record.get("pushes", pushes)
    return "wrong", len(solution), pushes


def run_level(args, binary, sokoban, base, level):
    index, title, rows = level
    work = os.path.join(base, "%03d" % index)
    os.makedirs(work, exist_ok=True)
    name = os.path.join(work, "level.xsb")
    write_level(name, title, rows)
    command_of, result_of = DRIVERS[args.peer]
    # The peer runs in the level's directory and gets the file's bare name:
    # YASS reads an argument that starts with '/' as an option.
    command = command_of(binary, own_time(args.peer, args.time_limit))
    kill_at = args.time_limit + args.grace
    wrapped = ["timeout", "-s", "KILL", str(kill_at)]
    if args.nice is not None:
        wrapped = ["nice", "-n", str(args.nice)] + wrapped
    out_path, err_path = os.path.join(work, "stdout.txt"), os.path.join(work, "stderr.txt")
    start = time.monotonic()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        code = subprocess.call(wrapped + command, cwd=work, stdin=subprocess.DEVNULL,
                               stdout=out, stderr=err)
    seconds = time.monotonic() - start
    with open(out_path, "rb") as f:
        f.seek(max(0, os.path.getsize(out_path) - 65536))
        stdout = f.read().decode("utf-8", "replace")
    with open(err_path, encoding="utf-8", errors="replace") as f:
        stderr = f.read()
    solution, error = result_of(work, stdout, stderr)
    moves = pushes = 0
    if solution:
        status, moves, pushes = verify(sokoban, name, solution)
    elif error:
        status = "error"
    elif code in (124, 137, -9) or seconds >= kill_at:
        status = "timeout"
    elif code != 0:
        status, error = "error", "exit code %d: %s" % (code, last_words(stdout + "\n" + stderr))
    else:
        status = "unsolved"
    return {"peer": args.peer, "file": args.file, "index": index, "title": title,
            "status": status, "seconds": round(seconds, 2), "moves": moves,
            "pushes": pushes, "solution": solution, "error": error,
            "limit": args.time_limit}


def summary_line(args, records, skipped):
    counts = {k: 0 for k in ("solved", "claimed", "wrong", "timeout", "unsolved", "error")}
    for r in records:
        counts[r["status"]] += 1
    summary = {"peer": args.peer, "file": args.file, "levels": len(records)}
    summary.update(counts)
    summary.update({"limit": args.time_limit, "skipped": skipped})
    return summary


def main():
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    parser = argparse.ArgumentParser(
        add_help=False, usage="run_peer.py PEER FILE [options] (--help for the whole text)")
    parser.add_argument("peer", choices=sorted(PEERS))
    parser.add_argument("file")
    parser.add_argument("-b", dest="binary")
    parser.add_argument("-t", dest="time_limit", type=int, default=20)
    parser.add_argument("-j", dest="jobs", type=int, default=1)
    parser.add_argument("-l", dest="levels")
    parser.add_argument("-o", dest="output")
    parser.add_argument("--grace", type=int, default=0)
    parser.add_argument("--nice", type=int)
    parser.add_argument("--keep")
    args = parser.parse_args()
    if args.time_limit < 1 or args.jobs < 1:
        parser.error("-t and -j must be at least 1")

    binary = args.binary or os.environ.get(PEERS[args.peer], "")
    out = open(args.output, "w") if args.output else None
    if not binary or not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        print("%s: not built (%s=%s is not an executable); skipped" %
              (args.peer, PEERS[args.peer], binary or "unset"))
        if out:
            out.write(json.dumps({"summary": summary_line(args, [], True)}) + "\n")
        return 0
    binary = os.path.abspath(binary)

    try:
        levels = select(read_levels(args.file), args.levels)
    except (OSError, ValueError) as e:
        print("run_peer: %s" % e, file=sys.stderr)
        return 2
    if not levels:
        print("run_peer: no levels in %s" % args.file, file=sys.stderr)
        return 2

    sokoban = os.environ.get("SOKOBAN_BIN", os.path.join(REPO, "build", "tools", "sokoban"))
    if not os.access(sokoban, os.X_OK):
        print("run_peer: no sokoban binary at %s: solutions are counted unverified" % sokoban,
              file=sys.stderr)
        sokoban = None
    else:
        sokoban = os.path.abspath(sokoban)

    base = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="peer-")
    os.makedirs(base, exist_ok=True)
    records = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(run_level, args, binary, sokoban, base, lv) for lv in levels]
            for future in futures:
                r = future.result()
                records.append(r)
                line = '%s %s level %d "%s": %s' % (args.peer, args.file, r["index"],
                                                     r["title"], r["status"])
                if r["status"] in ("solved", "claimed", "wrong"):
                    line += ", %d moves, %d pushes" % (r["moves"], r["pushes"])
                line += ", %.2f s" % r["seconds"]
                if r["error"]:
                    line += " (%s)" % r["error"]
                print(line, flush=True)
                if out:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    s = summary_line(args, records, False)
    print("%s %s: %d/%d solved (limit %d s; claimed %d, wrong %d, timeout %d, unsolved %d, "
          "error %d)" % (args.peer, args.file, s["solved"], s["levels"], args.time_limit,
                         s["claimed"], s["wrong"], s["timeout"], s["unsolved"], s["error"]))
    if out:
        out.write(json.dumps({"summary": s}) + "\n")
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
