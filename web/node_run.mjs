// Run a Python file on the page's MicroPython, with the page's app, under node (the tests):
//     node web/node_run.mjs DIST_DIR SCRIPT.py [HEAP_BYTES]
// The script sees `page`, the JS object hardware/web.py's Board talks to, here with a storage
// kept in memory (a Map behind localStorage's getItem/setItem) and every reply collected:
// `page.replies()` returns them.  What the script prints goes to stdout; an uncaught Python
// exception goes to stderr and the exit status is 1.
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [dist, script, heap] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.resolve(dist, "micropython.mjs")));
const { boot, diskStorage } = await import(pathToFileURL(path.resolve(dist, "boot.mjs")));

const items = new Map();
const replies = [];
const out = [];
globalThis.localStore = {  // localStorage's part the page uses; a test may replace setItem
  getItem: (k) => (items.has(k) ? items.get(k) : null),
  setItem: (k, v) => { items.set(k, String(v)); },
};
globalThis.page = {
  storage: await diskStorage({  // node has no IndexedDB: localStorage's part only
    getItem: (k) => globalThis.localStore.getItem(k),
    setItem: (k, v) => globalThis.localStore.setItem(k, v),
  }, null),
  reply: (text) => { replies.push(text); },
  replies: () => { const r = replies.join(""); replies.length = 0; return r; },
  backlight: () => {},
  flash: () => {},
  click: () => {},
};
const options = { stdout: (s) => out.push(s), stderr: (s) => process.stderr.write(s + "\n") };
if (heap) options.heapsize = Number(heap);
const mp = await boot(loadMicroPython, fs.readFileSync(path.resolve(dist, "app.tar.gz")), options);
try {
  mp.runPython("import js\npage = js.page\n" + fs.readFileSync(script, "utf8"));
} catch (e) {
  process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
  process.stderr.write((e.name === "PythonError" ? e.message : String(e.stack || e)) + "\n");
  process.exit(1);
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
