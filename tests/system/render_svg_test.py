"""The SVG files of `sokoban render`, checked with real programs: they parse
as XML (xml.etree, and xmllint when installed), rsvg-convert turns them into
PNGs of the expected size, the squares drawn as boxes and goals are the
level's, the iso view draws back to front, and an animated picture's last
frame is the solved position."""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402  (skip())

SOKOBAN = os.environ["SOKOBAN_BINARY"]
SOURCE = os.environ["SOKOBAN_SOURCE_DIR"]
NS = "{http://www.w3.org/2000/svg}"
CASES = [("microban.xsb", 1), ("microban.xsb", 7), ("microban2.xsb", 3), ("xsokoban90.xsb", 1)]


def run(*args):
    return subprocess.run([SOKOBAN, *args], check=True, capture_output=True, text=True).stdout


def level_rows(path, index):
    """The level's XSB rows, as the tool writes them."""
    text = run("convert", path, "--level", str(index), "--to", "xsb", "-o", "-")
    return [line for line in text.split("\n") if line and not line.startswith(";")]


def squares(rows, chars):
    return {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c in chars}


def replay(rows, moves):
    """Box squares and player square after the moves, by the rules of the game."""
    walls = squares(rows, "#")
    boxes = squares(rows, "$*")
    (player,) = squares(rows, "@+")
    for m in moves:
        dx, dy = {"l": (-1, 0), "u": (0, -1), "r": (1, 0), "d": (0, 1)}[m.lower()]
        nxt = (player[0] + dx, player[1] + dy)
        assert nxt not in walls, "the solution walks into a wall"
        if nxt in boxes:
            beyond = (nxt[0] + dx, nxt[1] + dy)
            assert beyond not in walls and beyond not in boxes, "a blocked push"
            boxes.remove(nxt)
            boxes.add(beyond)
        player = nxt
    return boxes, player


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def expected_size(view, w, h):
    return (w * 32, h * 32) if view == "top" else ((w + h) * 16, (w + h) * 8 + 20)


def offset_to_squares(view, ox, oy):
    if view == "top":
        return ox / 32, oy / 32
    a, b = ox / 16, oy / 8  # dx - dy, dx + dy
    return (a + b) / 2, (b - a) / 2


def check_animation(anim, view):
    """The offsets of a moving object's animateTransform: every step of the
    loop is well formed; returns the last (where the moves end)."""
    assert anim.get("type") == "translate" and anim.get("repeatCount") == "indefinite"
    values = anim.get("values").split(";")
    times = [float(t) for t in anim.get("keyTimes").split(";")]
    assert len(values) == len(times), "values and keyTimes differ in length"
    assert times[0] == 0 and abs(times[-1] - 1) < 1e-9, times
    assert all(a <= b for a, b in zip(times, times[1:])), "keyTimes go back"
    ox, oy = (float(v) for v in values[-1].split(","))
    return offset_to_squares(view, ox, oy)


def main():
    if not shutil.which("rsvg-convert"):
        cdp.skip("rsvg-convert (librsvg2-bin) is not installed")
    tmp = tempfile.mkdtemp(prefix="sokoban-svg-")
    try:
        checked = 0
        for name, index in CASES:
            path = os.path.join(SOURCE, "puzzles", name)
            rows = level_rows(path, index)
            goals, start_boxes = squares(rows, ".*+"), squares(rows, "$*")
            solved = [json.loads(line) for line in
                      run("solve", path, "--level", str(index), "--json", "-t", "20").splitlines()]
            moves = solved[0]["solution"]
            assert moves, "%s %d not solved" % (name, index)
            for view in ("top", "iso"):
                for animated in (False, True):
                    out = os.path.join(tmp, "%s-%d-%s-%d.svg" % (name, index, view, animated))
                    args = ["render", path, "--level", str(index), "--view", view, "-o", out]
                    if animated:
                        args += ["--solution", moves]
                    run(*args)
                    check_file(out, view, rows, goals, start_boxes, moves if animated else None)
                    checked += 1
        print("checked %d pictures" % checked)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def check_file(out, view, rows, goals, start_boxes, moves):
    # 1. XML.
    root = ET.parse(out).getroot()
    if shutil.which("xmllint"):
        subprocess.run(["xmllint", "--noout", out], check=True)
    assert root.tag == NS + "svg", root.tag
    w, h = int(root.get("data-width")), int(root.get("data-height"))
    assert (w, h) == (max(len(r) for r in rows), len(rows)), (w, h)
    # 2. rsvg-convert draws it at the size the board asks for.
    size = expected_size(view, w, h)
    assert (int(root.get("width")), int(root.get("height"))) == size
    png = out + ".png"
    subprocess.run(["rsvg-convert", "-o", png, out], check=True)
    assert png_size(png) == size, (png_size(png), size)
    # 3. Goals and boxes read back.
    drawn_goals = {(int(e.get("data-x")), int(e.get("data-y")))
                   for e in root.iter() if e.get("class") == "goal"}
    boxes = [e for e in root.iter() if (e.get("class") or "").split()[:1] == ["box"]]
    drawn_boxes = {(int(e.get("data-x")), int(e.get("data-y"))) for e in boxes}
    assert drawn_goals == goals, (drawn_goals, goals)
    assert drawn_boxes == start_boxes and len(boxes) == len(start_boxes), (drawn_boxes, start_boxes)
    # 4. Back to front: walls, boxes and the player come in order of their
    # diagonal row x + y (a wall's from its top corner's height on screen).
    if view == "iso":
        rows_drawn = []
        for e in root.iter():
            if e.tag == NS + "use" and e.get("href") == "#wall":
                rows_drawn.append((float(e.get("y")) - 20) / 8)
            elif e.get("data-row") is not None:
                rows_drawn.append(int(e.get("data-row")))
        assert len(rows_drawn) > len(start_boxes) + 1
        assert rows_drawn == sorted(rows_drawn), "the iso view is not drawn back to front"
    # 5. The last frame of the animation is the solved position.
    if moves is None:
        assert root.find(".//" + NS + "animateTransform") is None
        return
    end_boxes, end_player = replay(rows, moves)
    assert end_boxes == goals, "the moves do not solve the level"
    final = set()
    for e in boxes:
        anim = e.find(".//" + NS + "animateTransform")
        dx, dy = check_animation(anim, view) if anim is not None else (0, 0)
        final.add((int(e.get("data-x")) + dx, int(e.get("data-y")) + dy))
    assert final == end_boxes, (sorted(final), sorted(end_boxes))
    (player,) = [e for e in root.iter() if (e.get("class") or "").split()[:1] == ["player"]]
    dx, dy = check_animation(player.find(".//" + NS + "animateTransform"), view)
    assert (int(player.get("data-x")) + dx, int(player.get("data-y")) + dy) == end_player


if __name__ == "__main__":
    main()
