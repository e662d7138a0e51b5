"""`make web`: the device as a static web page in dist/web/; `make web-serve` serves it.

    python -m host_tools.building.web build [OUT]          (default dist/web)
    python -m host_tools.building.web serve [DIR] [--port N] [--lan]

dist/web/ holds the page (web/*.html, *.js, *.css), MicroPython's WebAssembly port from npm
(`micropython.mjs`, `micropython.wasm`: web/package-lock.json pins it; `npm ci` installs it) and
`app.tar.gz`: the .mpy of engine/ and firmware/ (build/mpy, `make mpy`), hardware/web.py (with
hardware/board.py, its base) and the
data files, which the page unpacks into MicroPython's filesystem with MicroPython's own `tarfile`
and `deflate`.  `sw.js` caches every file, named with a hash of them all, so the page works
offline once loaded, and a new build replaces the old cache.  Nothing is fetched from anywhere
else.  `bench()` (in `make bench`) measures the first load in headless Chromium.
"""

import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WEB = os.path.join(ROOT, "web")
RUNTIME = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
MPY = os.path.join(ROOT, "build", "mpy")
OUT = os.path.join(ROOT, "dist", "web")
PAGE_FILES = ("index.html", "console.html", "device.js", "mixform.js", "console.js", "boot.mjs",
              "style.css", "manifest.webmanifest", "icon.svg")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
# firmware modules the page never imports: other boards' drivers and the host's screen reader.
NOT_ON_THE_WEB = ("firmware/boards/", "firmware/display_displayio.", "firmware/display_framebuf.",
                  "firmware/journal.", "firmware/usb_link.", "firmware/screen_text.",
                  "firmware/console.", "firmware/cmdlog.", "firmware/pathcheck.")


class WebError(Exception):
    """The page cannot be built; the message says why."""


def _app_files():
    """(archive name, path) of every file the page unpacks: the .mpy build, hardware/web, data."""
    from host_tools.building import build_mpy

    build_mpy.build(MPY)  # only what changed since `make mpy`
    out = []
    for top in ("engine", "firmware", "data"):
        for dirpath, dirs, files in os.walk(os.path.join(MPY, top)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, MPY).replace(os.sep, "/")
                if top != "data" and not rel.endswith((".mpy",) + build_mpy.RESOURCES):
                    continue
                if any(rel.startswith(p) for p in NOT_ON_THE_WEB):
                    continue
                out.append((rel, path))
    for rel in ("hardware/__init__.py", "hardware/board.py", "hardware/web.py"):
        out.append((rel[:-3] + ".mpy", _compiled(rel)))
    return out


def _compiled(rel):
    # hardware/ is not in `make mpy` (it holds the boards' profiles): compile the page's own.
    from host_tools.building.build_mpy import mpy_cross

    dst = os.path.join(ROOT, "build", "web-mpy", rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    subprocess.run([mpy_cross(), "-s", rel, "-o", dst, os.path.join(ROOT, rel)], check=True)
    return dst


def archive(files):
    """A reproducible .tar.gz of (name, path) pairs (fixed dates and owners, sorted)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, path in files:
            info = tarfile.TarInfo(name)
            with open(path, "rb") as f:
                data = f.read()
            info.size = len(data)
            info.mtime = 0
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(raw.getvalue())
    return out.getvalue()


def build(out=OUT):
    """Build the site into `out`; return {file name: bytes} of what it holds."""
    for name in RUNTIME_FILES:
        if not os.path.exists(os.path.join(RUNTIME, name)):
            raise WebError("MicroPython's WebAssembly port is not installed: run `make web` (it "
                           "runs `npm ci` in web/)")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(RUNTIME, name), os.path.join(out, name))
    with open(os.path.join(out, "app.tar.gz"), "wb") as f:
        f.write(archive(_app_files()))
    names = sorted(os.listdir(out))
    digest = hashlib.sha256()
    for name in names:
        with open(os.path.join(out, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    with open(os.path.join(WEB, "sw.js")) as f:
        sw = f.read()
    files = json.dumps(["./"] + names)
    sw = sw.replace("__CACHE__", "tal-" + digest.hexdigest()[:12]).replace("__FILES__", files)
    with open(os.path.join(out, "sw.js"), "w") as f:
        f.write(sw)
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


# --- serving ---------------------------------------------------------------------------------
def handler(directory, counter=None):
    """An http.server handler class serving `directory`, with the types a browser needs for a
    module and a wasm file; `counter` (a list) adds up the bytes sent."""
    import functools
    from http.server import SimpleHTTPRequestHandler

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **{
            ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
            ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
            ".gz": "application/gzip"})

        def end_headers(self):
            # Always revalidated: the service worker holds the offline copy.
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def copyfile(self, source, outputfile):
            if counter is None:
                return super().copyfile(source, outputfile)
            data = source.read()
            outputfile.write(data)
            counter.append((self.path, len(data)))

        def log_message(self, fmt, *args):
            if counter is None:
                super().log_message(fmt, *args)

    return functools.partial(Handler, directory=directory)


def serve(directory=OUT, port=8000, lan=False):
    """Serve `directory` until Ctrl-C (localhost, or every interface with `lan`)."""
    from http.server import ThreadingHTTPServer

    if not os.path.exists(os.path.join(directory, "index.html")):
        print("nothing to serve in %s: run `make web` first" % directory, file=sys.stderr)
        return 1
    host = "0.0.0.0" if lan else "127.0.0.1"
    server = ThreadingHTTPServer((host, port), handler(directory))
    print("Serving %s at http://localhost:%d/" % (directory, port), file=sys.stderr)
    if lan:
        for addr in _lan_addresses():
            print("  on your network: http://%s:%d/ (a phone on the same Wi-Fi; offline "
                  "works only from localhost or https, browsers allow service workers "
                  "nowhere else)" % (addr, port), file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print(file=sys.stderr)
    finally:
        server.server_close()
    return 0


def _lan_addresses():
    # The address other machines reach this one at (no packet is sent: a UDP socket only picks
    # the route).
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return [s.getsockname()[0]]
    except OSError:
        return []
    finally:
        s.close()


# --- make bench ------------------------------------------------------------------------------
def first_load(tries=3):
    """The page's first load in headless Chromium, each time with a fresh profile (nothing
    cached): {"bytes": sent by the server, including what the service worker caches for
    offline use, "requests": how many, "ms": median time from navigation to the first screen
    drawn, "gzip": the bytes a server compressing its replies would send}; or a str saying why
    it could not be measured."""
    import statistics
    import threading
    from http.server import ThreadingHTTPServer

    node = shutil.which("node")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if node is None or chromium is None:
        return "needs node and chromium (apt-get install nodejs chromium)"
    if not os.path.isdir(os.path.join(WEB, "node_modules", "playwright-core")):
        return "needs web/node_modules: make web"
    site = os.path.join(ROOT, "build", "web-bench")
    sizes = build(site)
    runs = []
    for _ in range(tries):
        sent = []
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler(site, sent))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            p = subprocess.run([node, os.path.join(WEB, "test", "browser.mjs"), "bench",
                                "http://127.0.0.1:%d/" % server.server_address[1]],
                               capture_output=True, timeout=120,
                               env=dict(os.environ, CHROMIUM=chromium))
        finally:
            server.shutdown()
            server.server_close()
        if p.returncode:
            return "the browser failed: %s" % p.stderr.decode().strip().splitlines()[-1:]
        runs.append((json.loads(p.stdout.decode().splitlines()[-1])["firstScreenMs"], sent))
    ms = statistics.median(r[0] for r in runs)
    sent = runs[-1][1]
    names = {path.split("?")[0].lstrip("/") or "index.html" for path, _n in sent}
    gz = 0
    for name in names:
        with open(os.path.join(site, name), "rb") as f:
            gz += len(gzip.compress(f.read(), 9)) if not name.endswith(".gz") else sizes[name]
    return {"bytes": sum(n for _p, n in sent), "requests": len(sent), "ms": ms, "gzip": gz}


def report(write):
    """`make bench`'s lines about the page."""
    write("\nWeb page (make web; headless Chromium, fresh profile, served from localhost):\n")
    got = first_load()
    if isinstance(got, str):
        write("  not measured: %s\n" % got)
        return
    write("  first load: %.1f KB in %d requests (%.1f KB if the server gzips), first screen after "
          "%d ms (median of 3)\n" % (got["bytes"] / 1024, got["requests"], got["gzip"] / 1024,
                                     got["ms"]))


def main(argv):
    import argparse

    p = argparse.ArgumentParser(prog="python -m host_tools.building.web", description=__doc__.split(
        "\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build the site")
    b.add_argument("out", nargs="?", default=OUT)
    s = sub.add_parser("serve", help="serve the site")
    s.add_argument("dir", nargs="?", default=OUT)
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--lan", action="store_true", help="also on this machine's network address")
    a = p.parse_args(argv)
    if a.cmd == "build":
        try:
            sizes = build(a.out)
        except WebError as e:
            print("error: %s" % e, file=sys.stderr)
            return 1
        print("%s: %d files, %.1f KB (app.tar.gz %.1f KB, micropython.wasm %.1f KB)" % (
            os.path.relpath(a.out), len(sizes), sum(sizes.values()) / 1024,
            sizes["app.tar.gz"] / 1024, sizes["micropython.wasm"] / 1024))
        return 0
    return serve(a.dir, a.port, a.lan)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
