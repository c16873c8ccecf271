"""Headless Chromium driven through the DevTools protocol, for the system
tests and benchmarks of `sokoban render` pages.

    with Browser() as b:                 # skips the test (exit 77) without chromium
        b.open("file:///tmp/page.html")
        b.key("ArrowLeft")               # a real key press (Input.dispatchKeyEvent)
        b.eval("document.title")

The browser runs with a fresh profile in a temporary folder and is stopped
by its process id on every exit path.
"""
import base64
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib

SKIP = 77


def skip(why):
    # scripts/test installs every tool these tests need, so there a missing
    # tool is a failure, not a skip.
    if os.environ.get("SOKOBAN_SYSTEM_TOOLS_REQUIRED") == "1":
        print("failed: " + why, file=sys.stderr)
        sys.exit(1)
    print("skipped: " + why, file=sys.stderr)
    sys.exit(SKIP)


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


# Key names as the DevTools protocol wants them: (key, code, Windows key code, text).
_KEYS = {
    "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37, ""),
    "ArrowUp": ("ArrowUp", "ArrowUp", 38, ""),
    "ArrowRight": ("ArrowRight", "ArrowRight", 39, ""),
    "ArrowDown": ("ArrowDown", "ArrowDown", 40, ""),
    "Backspace": ("Backspace", "Backspace", 8, ""),
    "Escape": ("Escape", "Escape", 27, ""),
}


class Browser:
    def __init__(self, width=1200, height=900):
        try:
            import websocket  # noqa: F401  (python3-websocket)
        except ImportError:
            # A python3 other than Debian's first in PATH: use Debian's
            # package (pure Python) all the same.
            sys.path.append("/usr/lib/python3/dist-packages")
            try:
                import websocket  # noqa: F401,F811
            except ImportError:
                skip("python3-websocket is not installed")
        self.binary = find_chromium()
        if not self.binary:
            skip("chromium is not installed")
        self.width, self.height = width, height
        self.proc = None
        self.ws = None
        self.profile = None
        self.next_id = 0
        self.events = []

    def __enter__(self):
        import websocket
        self.profile = tempfile.mkdtemp(prefix="sokoban-chromium-")
        args = [self.binary, "--headless=new", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--remote-debugging-port=0", "--remote-allow-origins=*",
                "--user-data-dir=" + self.profile,
                "--window-size=%d,%d" % (self.width, self.height), "about:blank"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("chromium did not open its DevTools port")
            time.sleep(0.05)
        time.sleep(0.05)
        port = open(port_file).read().split()[0]
        targets = []
        while not targets:
            with urllib.request.urlopen("http://127.0.0.1:%s/json/list" % port) as r:
                targets = [t for t in json.load(r) if t.get("type") == "page"]
            if not targets:
                time.sleep(0.05)
        self.ws = websocket.create_connection(targets[0]["webSocketDebuggerUrl"],
                                              suppress_origin=True, timeout=60)
        self.call("Page.enable")
        self.call("Runtime.enable")
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:
                pass
            self.ws = None
        if self.proc is not None:
            if self.proc.poll() is None:
                try:
                    os.killpg(self.proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                    self.proc.wait()
            self.proc = None
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, method, timeout=30):
        deadline = time.time() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == method:
                    return self.events.pop(i)
            if time.time() > deadline:
                raise RuntimeError("no %s within %s s" % (method, timeout))
            msg = json.loads(self.ws.recv())
            if "method" in msg:
                self.events.append(msg)

    def open(self, url):
        """Loads url afresh (by way of about:blank, so that a change of the
        #fragment alone loads the page again) and waits for its load event."""
        for target in ("about:blank", url):
            self.events = []
            self.call("Page.navigate", url=target)
            self.wait_event("Page.loadEventFired")

    def eval(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError("%s: %s" % (expression, r["exceptionDetails"]))
        return r["result"].get("value")

    def wait_for(self, expression, timeout=10):
        deadline = time.time() + timeout
        while True:
            value = self.eval(expression)
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError("timed out waiting for: " + expression)
            time.sleep(0.02)

    def key(self, name, shift=False):
        """Presses and releases one key, as a keyboard does."""
        if name in _KEYS:
            key, code, vk, text = _KEYS[name]
        else:  # a letter or digit
            key = name.upper() if shift else name
            code = "Key" + name.upper() if name.isalpha() else "Digit" + name
            vk = ord(name.upper())
            text = key
        modifiers = 8 if shift else 0
        down = {"type": "keyDown" if text else "rawKeyDown", "key": key, "code": code,
                "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk, "modifiers": modifiers}
        if text:
            down["text"] = text
            down["unmodifiedText"] = text
        self.call("Input.dispatchKeyEvent", **down)
        self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code,
                  windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk, modifiers=modifiers)

    def click(self, selector):
        """Clicks the middle of the element selector names, with the mouse."""
        rect = self.eval("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                         " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
                         % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=rect[0], y=rect[1],
                      button="left", clickCount=1)

    def screenshot(self, clip=None):
        """A PNG of the page (or of clip: x, y, width, height in CSS pixels)."""
        params = {"format": "png"}
        if clip:
            params["clip"] = dict(zip(("x", "y", "width", "height"), clip), scale=1)
        return base64.b64decode(self.call("Page.captureScreenshot", **params)["data"])


def decode_png(data):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA,
    non-interlaced PNG, as Chromium writes them."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = color = None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unsupported PNG"
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    bpp = 3 if color == 2 else 4
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, bpp)])
        prev = line
    return width, height, rows
