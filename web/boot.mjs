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

// MicroPython's heap on the page: a session with the screens and a mission allocates about
// 150 KB (measured under node); 2 MB leaves the rules modules of a whole campaign room.
export const HEAP = 2 * 1024 * 1024;

export async function boot(loadMicroPython, archive, options = {}) {
  const mp = await loadMicroPython(Object.assign({ heapsize: HEAP, linebuffer: true }, options));
  mp.FS.writeFile("/app.tar.gz", archive);
  mp.runPython(UNPACK);
  return mp;
}

// The page's storage as hardware/web.py's board takes it (firmware/keystore.py).  Each value is
// written twice: to localStorage at once (synchronous: a reload, a closed tab or a crashed page
// finds it) and to IndexedDB, in one transaction per step of the device with durability
// "strict", which the page awaits before it shows the step's result (`flush`): Chromium keeps
// localStorage in memory for a while, and a killed browser loses what it had not written; a
// strict transaction is on the disk when it completes (about 5 ms).  `mirror(key)` is the value
// IndexedDB held when the page started: the store takes the newer frame of the two.
// setItem returns "" once stored, else why not: a JS exception does not cross into MicroPython
// as a Python one, so none may leave here (storage full or blocked: the action is refused).
// One tab owns the save at a time: the one opened last writes its token under OWNER before the
// app reads anything, and a tab whose token is no longer there refuses every write in one line
// (two tabs each saving their own campaign overwrote each other's actions); reloading it takes
// the save back, with what the other tab saved.
const DB = "tal", TABLE = "keys", OWNER = "tal.owner";
export const NOT_OWNER = "another tab has this campaign now: reload this one to play here";

function request(r) {
  return new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
}

async function openDisk(idb) {
  if (!idb) return [null, new Map()];
  try {
    const open = idb.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(TABLE);
    const db = await request(open);
    const t = db.transaction(TABLE).objectStore(TABLE);
    const [keys, values] = await Promise.all([request(t.getAllKeys()), request(t.getAll())]);
    return [db, new Map(keys.map((k, i) => [k, values[i]]))];
  } catch (e) {
    return [null, new Map()]; // no IndexedDB here (a private window of some browsers)
  }
}

export async function diskStorage(local, idb) {
  const me = `${Date.now()}-${Math.random()}`;
  try { local.setItem(OWNER, me); } catch (e) { /* storage blocked: every write says so */ }
  const [db, disk] = await openDisk(idb);
  const pending = new Map();
  return {
    getItem(key) {
      try { return local.getItem(key); } catch (e) { return null; }
    },
    mirror(key) { return disk.has(key) ? disk.get(key) : null; },
    setItem(key, value) {
      let owner = me;
      try { owner = local.getItem(OWNER); } catch (e) { /* the write below says why */ }
      if (owner !== null && owner !== me) return NOT_OWNER;
      try { local.setItem(key, value); } catch (e) { return `${e.name}: ${e.message}`; }
      if (db) pending.set(key, value);
      return "";
    },
    pending() { return pending.size; },
    async flush() {
      // "" once every value set since the last flush is on the disk, else why not.
      if (!pending.size) return "";
      const writes = [...pending];
      pending.clear();
      try {
        const tx = db.transaction(TABLE, "readwrite", { durability: "strict" });
        for (const [k, v] of writes) tx.objectStore(TABLE).put(v, k);
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); tx.onabort = () => reject(tx.error);
        });
        return "";
      } catch (e) {
        return `not written to the disk (${e && e.name}): a reload keeps it, a killed browser may not`;
      }
    },
  };
}
