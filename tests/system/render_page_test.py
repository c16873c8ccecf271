"""The page of `sokoban render` in a real browser: headless Chromium opens it
from file:// and gets key presses and mouse clicks through the DevTools
protocol, as from a person. Checks: the index shows the figures of `solve
--json` for the three bundled collections; a known solution typed key by
key solves a level with the right counts; undo after a push restores the
position; the exported LURD is what was typed and `sokoban verify` accepts
it; a replayed stored solution ends on the solved position; a screenshot of
the level is not blank and has the board's proportions; a level left
unsolved shows how far the solver got and draws that position; a time limit ends
in a loss; leaving a level half played counts as abandoned; a generated
pack shows its metrics."""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

SOKOBAN = os.environ["SOKOBAN_BINARY"]
SOURCE = os.environ["SOKOBAN_SOURCE_DIR"]
PUZZLES = [os.path.join(SOURCE, "puzzles", n) for n in ("microban.xsb", "microban2.xsb",
                                                          "xsokoban90.xsb")]
KEYS = {"l": "ArrowLeft", "u": "ArrowUp", "r": "ArrowRight", "d": "ArrowDown"}
WASD = {"l": "a", "u": "w", "r": "d", "d": "s"}


def run(*args, check=True):
    return subprocess.run([SOKOBAN, *args], check=check, capture_output=True, text=True)


def text(b, selector):
    return b.eval("document.querySelector(%s).textContent" % json.dumps(selector))


def canvas_rect(b):
    return b.eval("(() => { const r = document.getElementById('board').getBoundingClientRect();"
                  " return [r.x, r.y, r.width, r.height]; })()")


def board_shot(b, margin=0):
    x, y, w, h = canvas_rect(b)
    return b.screenshot(clip=(x - margin, y - margin, w + 2 * margin, h + 2 * margin))


def type_moves(b, moves):
    # Arrow keys for the first half, WASD for the rest: both must move.
    for i, m in enumerate(moves.lower()):
        b.key(KEYS[m] if i < len(moves) // 2 else WASD[m])


def check_index(b, results):
    """Every card shows its level's status, moves, pushes, time and states."""
    cards = b.eval("""[...document.querySelectorAll('.card')].map(c => {
        const t = (s) => { const e = c.querySelector(s); return e ? e.textContent : null; };
        return {level: c.dataset.level, meta: t('.meta'), status: t('.res-status'),
                moves: t('.res-moves'), pushes: t('.res-pushes'), seconds: t('.res-seconds'),
                states: t('.res-states'), best: t('.res-best')}; })""")
    assert len(cards) == len(results), (len(cards), len(results))
    for card, r in zip(cards, results):
        where = "%s level %s" % (os.path.basename(r["file"]), r["index"])
        assert card["meta"].endswith("%s #%d" % (os.path.basename(r["file"]), r["index"])), \
            (card["meta"], where)
        assert card["status"] == r["status"], (card, r)
        assert int(card["states"]) == r["states"], (card, r)
        assert abs(float(card["seconds"].split()[0]) - r["seconds"]) <= 0.0005 + 1e-9, (card, r)
        if r["status"] == "solved":
            assert int(card["moves"]) == r["moves"] and int(card["pushes"]) == r["pushes"], \
                (card, r)
        else:
            assert card["moves"] is None, (card, r)
        if r["status"] != "solved" and r.get("best_on_goals") is not None:
            assert card["best"] == "%d/%d" % (r["best_on_goals"], r["boxes"]), (card, r)
        else:
            assert card["best"] is None, (card, r)
    return len(cards)


def check_proportions(png, ratio):
    """Not blank, and the drawn part has the board's width:height ratio."""
    w, h, rows = cdp.decode_png(png)
    background = rows[0][0]  # the page, in the margin around the board
    xs, ys, colours = [], [], set()
    for y in range(h):
        for x in range(w):
            p = rows[y][x]
            colours.add(p)
            if max(abs(a - b) for a, b in zip(p, background)) > 12:
                xs.append(x)
                ys.append(y)
    assert len(colours) >= 6, "the board looks blank: %d colours" % len(colours)
    assert len(xs) > w * h * 0.3, "little is drawn"
    bw, bh = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    assert abs(bw / bh - ratio) < 0.06 * ratio, ("proportions", bw, bh, ratio)


def main():
    tmp = tempfile.mkdtemp(prefix="sokoban-page-")
    try:
        with cdp.Browser() as b:
            # 1. The three bundled collections with solve results.
            res_file = os.path.join(tmp, "results.jsonl")
            solve = run("solve", *PUZZLES, "--level", "1-4", "--json", "-t", "3", check=False)
            assert solve.returncode in (0, 1), solve.stderr
            with open(res_file, "w") as f:
                f.write(solve.stdout)
            results = [json.loads(line) for line in solve.stdout.splitlines()]
            results = [r for r in results if "summary" not in r]
            page = os.path.join(tmp, "bundled.html")
            run("render", *PUZZLES, "--level", "1-4", "--results", res_file, "-o", page)
            b.open("file://" + page)
            b.wait_for("document.body.dataset.ready === '1'")
            n = check_index(b, results)
            print("index: %d cards match solve --json" % n)

            # 1b. A level left unsolved shows how far the solver got, on its
            # card and in its details.
            cut_file = os.path.join(tmp, "cut.jsonl")
            cut = run("solve", PUZZLES[2], "--level", "29", "--json", "--max-expansions", "3000",
                      check=False)
            assert cut.returncode == 1, cut.stderr
            with open(cut_file, "w") as f:
                f.write(cut.stdout)
            cut_results = [r for r in map(json.loads, cut.stdout.splitlines()) if "summary" not in r]
            assert cut_results[0]["status"] == "timeout", cut_results[0]
            best = cut_results[0]["best_on_goals"]
            assert isinstance(best, int) and 0 <= best <= 16, cut_results[0]
            cut_page = os.path.join(tmp, "cut.html")
            run("render", PUZZLES[2], "--level", "29", "--results", cut_file, "-o", cut_page)
            b.open("file://" + cut_page)
            b.wait_for("document.body.dataset.ready === '1'")
            check_index(b, cut_results)
            b.open("file://" + cut_page + "#1")
            b.wait_for("!document.getElementById('level-view').hidden")
            details = b.eval("document.getElementById('level-facts').textContent")
            assert "timeout, at best %d of 16 boxes on goals" % best in details, details
            print("an unsolved level shows at best %d of 16 boxes on goals" % best)
            # ... and draws the furthest position: the one of the member that
            # got there first, with the level's proportions.
            first = min((p["at"], name) for name, p in cut_results[0]["progress"].items()
                        if p["on_goals"] == best)
            assert ("%d of 16 boxes on goals (the %s search, at its expansion %d)"
                    % (best, first[1], first[0])) in details, details
            x, y, w, h = b.eval("(() => { const c = document.getElementById('furthest-board');"
                                " c.scrollIntoView(); const r = c.getBoundingClientRect();"
                                " return [r.x, r.y, r.width, r.height]; })()")
            check_proportions(b.screenshot(clip=(x - 4, y - 4, w + 8, h + 8)),
                              cut_results[0]["width"] / cut_results[0]["height"])
            print("and draws its furthest position, the %s search's" % first[1])

            # 2. Play Microban 2 (3 boxes) with the solver's solution.
            level = results[1]
            moves = level["solution"]
            b.open("file://" + page + "#2")
            b.wait_for("!document.getElementById('level-view').hidden")
            start = board_shot(b)
            type_moves(b, moves)
            assert text(b, "#moves") == str(len(moves)), text(b, "#moves")
            pushes = sum(c.isupper() for c in moves)
            assert text(b, "#pushes") == str(pushes), text(b, "#pushes")
            assert text(b, "#status").startswith("Solved! Won in %d moves, %d pushes"
                                                 % (len(moves), pushes)), text(b, "#status")
            assert b.eval("!document.getElementById('banner').hidden")
            solved_shot = board_shot(b)
            assert solved_shot != start

            # 3. Export: the LURD typed, which `sokoban verify` accepts.
            b.click("#export")
            exported = b.eval("document.getElementById('lurd').value")
            assert exported == moves, (exported, moves)
            run("verify", PUZZLES[0], "--level", "2", "--solution", exported)
            print("played %d moves, %d pushes; exported LURD verified" % (len(moves), pushes))

            # 4. Undo after a push restores the position.
            b.key("r")
            b.wait_for("document.getElementById('moves').textContent === '0'")
            first_push = next(i for i, c in enumerate(moves) if c.isupper())
            type_moves(b, moves[:first_push])
            before = board_shot(b)
            b.key(KEYS[moves[first_push].lower()])
            assert text(b, "#pushes") == "1"
            after = board_shot(b)
            assert after != before, "the push changed nothing on screen"
            b.key("u")
            assert text(b, "#pushes") == "0" and text(b, "#moves") == str(first_push)
            assert board_shot(b) == before, "undo did not restore the position"
            b.key("Backspace", shift=True)  # redo
            assert text(b, "#pushes") == "1" and board_shot(b) == after
            b.key("z")
            assert board_shot(b) == before
            print("undo after a push restores the position; redo repeats it")

            # 5. Leaving a half-played level counts as abandoned.
            b.key("n")
            b.wait_for("document.getElementById('level-title').textContent === 'Level 3'")
            b.key("Escape")
            b.wait_for("!document.getElementById('index-view').hidden")
            mine = b.eval("document.querySelector('.card[data-level=\"2\"] .mine').textContent")
            assert "solved by you: %d moves" % len(moves) in mine, mine
            b.open("file://" + page + "#3")
            b.wait_for("!document.getElementById('level-view').hidden")
            b.key(KEYS[results[2]["solution"][0].lower()])
            b.key("p")
            b.wait_for("document.getElementById('level-title').textContent === 'Level 2'")
            b.key("Escape")
            mine = b.eval("document.querySelector('.card[data-level=\"3\"] .mine').textContent")
            assert mine == "last play: abandoned", mine

            # 6. Replay the solver's solution to its end: the solved position.
            b.open("file://" + page + "#2")
            b.wait_for("!document.getElementById('level-view').hidden")
            b.eval("document.getElementById('replay-speed').value = '100'")
            b.click("#replay-play")
            b.wait_for("document.getElementById('replay-pos').textContent === 'move %d of %d'"
                       % (len(moves), len(moves)), timeout=30)
            assert text(b, "#status") == "Solved (replay)", text(b, "#status")
            assert board_shot(b) == solved_shot, "the replay does not end on the solved position"
            b.click("#replay-back")
            assert text(b, "#replay-pos") == "move %d of %d" % (len(moves) - 1, len(moves))
            assert text(b, "#status") == "Replaying"
            print("replay ends on the solved position")

            # 7. Looks: the top view has the board's proportions; iso is drawn.
            level3 = results[len(results) - 1]  # XSokoban 4, the largest board here
            b.open("file://" + page + "#%d" % len(results))
            b.wait_for("!document.getElementById('level-view').hidden")
            check_proportions(board_shot(b, margin=8), level3["width"] / level3["height"])
            b.key("v")
            assert b.eval("document.getElementById('board').dataset.view") == "iso"
            w, h = level3["width"], level3["height"]
            _, _, cw, ch = canvas_rect(b)
            hw = cw / (w + h)  # half a diamond's width: 2:1 tiles
            assert abs(ch - ((w + h) * hw / 2 + math.ceil(1.25 * hw))) <= 1, (cw, ch)
            _, _, rows = cdp.decode_png(board_shot(b))
            assert len({p for row in rows for p in row}) >= 6, "the iso view looks blank"
            b.key("v")
            print("screenshots have the board's proportions")

            # 8. A time limit ends in a loss; moves stop.
            b.open("file://" + page + "#1")
            b.wait_for("!document.getElementById('level-view').hidden")
            b.eval("(() => { const s = document.getElementById('time-limit'); s.value = '10';"
                   " s.dispatchEvent(new Event('change')); })()")
            first = results[0]["solution"][0].lower()
            b.key(KEYS[first])
            assert text(b, "#moves") == "1"
            time.sleep(10.5)
            b.wait_for("document.getElementById('status').textContent.startsWith('Time is up')")
            b.key(KEYS[results[0]["solution"][1].lower()])
            assert text(b, "#moves") == "1", "moves went on after the time ran out"
            b.key("Escape")
            mine = b.eval("document.querySelector('.card[data-level=\"1\"] .mine').textContent")
            assert mine == "last play: lost", mine
            print("a time limit ends in a loss")

            # 9. A generated pack shows its metrics; its stored solution replays.
            pack = os.path.join(tmp, "pack.sok")
            run("generate", "--count", "2", "--size", "8x8", "--boxes", "2", "--difficulty",
                "easy", "--seed", "3", "-o", pack)
            pack_page = os.path.join(tmp, "pack.html")
            run("render", pack, "-o", pack_page)
            b.open("file://" + pack_page)
            b.wait_for("document.body.dataset.ready === '1'")
            metrics = b.eval("[...document.querySelectorAll('.card .metrics')]"
                             ".map(e => e.textContent)")
            with open(pack) as f:
                sok = f.read()
            assert len(metrics) == 2, metrics
            for m in metrics:
                for key in ("Pushes", "Box changes", "Solver states"):
                    assert key in m, m
            pushes_first = sok.split("Pushes: ")[1].split("\n")[0]
            assert metrics[0].startswith("Pushes %s" % pushes_first), metrics[0]
            b.open("file://" + pack_page + "#1")
            b.wait_for("!document.getElementById('level-view').hidden")
            b.eval("document.getElementById('replay-speed').value = '100'")
            b.click("#replay-play")
            b.wait_for("document.getElementById('status').textContent === 'Solved (replay)'",
                       timeout=30)
            print("generated pack: metrics shown, stored solution replays")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
