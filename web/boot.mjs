// Start MicroPython's WebAssembly port with the app in its filesystem: the page, the console page
// and the tests under node all start here.  `archive` is app.tar.gz (the .mpy of engine/ and
// firmware/, hardware/web and the data files): MicroPython's own tarfile and deflate unpack it
// into /app, which goes first on sys.path.

const UNPACK = `
import deflate, os, sys, tarfile

def _unpack(src, top):
    made = set()
    with open(src, "rb") as raw:
        for info in tarfile.TarFile(fileobj=deflate.DeflateIO(raw, deflate.GZIP)):
            path = top + "/" + info.name
            k = path.rfind("/")
            parts = path[:k].split("/")
            for i in range(2, len(parts) + 1):
                d = "/".join(parts[:i])
                if d not in made:
                    try:
                        os.mkdir(d)
                    except OSError:
                        pass
                    made.add(d)
            if info.type == tarfile.REGTYPE:
                with open(path, "wb") as out:
                    while True:
                        chunk = info.subf.read(4096)
                        if not chunk:
                            break
                        out.write(chunk)
    os.remove(src)

_unpack("/app.tar.gz", "/app")
del _unpack
sys.path.insert(0, "/app")
`;

// The heap of the page's MicroPython: the engine, a whole campaign's modules and the screen
// (make bench gives the smallest heaps; a browser has room to spare).
export const HEAP = 2 * 1024 * 1024;

export async function boot(loadMicroPython, archive, options = {}) {
  const mp = await loadMicroPython(Object.assign({ heapsize: HEAP, linebuffer: true }, options));
  mp.FS.writeFile("/app.tar.gz", archive);
  mp.runPython(UNPACK);
  return mp;
}

// The page's storage as hardware/web.py's board takes it (firmware/keystore.py): localStorage's
// getItem and setItem, where setItem returns "" once stored, else why not.  A JS exception does
// not cross into MicroPython as a Python one, so none may leave here: a full or blocked storage
// (QuotaExceededError, SecurityError) becomes a refused action, never a stopped page.
export function storageOf(backend) {
  return {
    getItem(key) {
      try { return backend.getItem(key); } catch (e) { return null; }
    },
    setItem(key, value) {
      try { backend.setItem(key, value); return ""; } catch (e) { return `${e.name}: ${e.message}`; }
    },
  };
}
