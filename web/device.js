// The device page: the real firmware (firmware/device.py's main loop on hardware/web.py's board)
// on MicroPython's WebAssembly port, its screen painted into the canvas, its buttons the page's.
import { loadMicroPython } from "./micropython.mjs";
import { boot, diskStorage } from "./boot.mjs";
import { wireMixForm } from "./mixform.js";

const params = new URLSearchParams(location.search);
const pico = params.get("board") === "pico";
const SIZE = pico ? "240x135" : "160x128";
const [W, H] = SIZE.split("x").map(Number);
const boardEl = document.getElementById("board");
const canvas = document.getElementById("screen");
const statusEl = document.getElementById("status");
const logEl = document.getElementById("log");

function say(text, error = false) {
  statusEl.textContent = text;
  statusEl.classList.toggle("error", error);
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch(() => {}); // offline after the first load
}

// --- the screen: fit it with a whole number of device pixels per screen pixel --------------
boardEl.className = pico ? "pico" : "pybadge";
canvas.width = W;
canvas.height = H;
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(W, H);
const landscape = matchMedia("(orientation: landscape) and (min-width: 520px)");

function fit() {
  // Measured at the smallest scale: what the board takes besides its screen.
  const dpr = window.devicePixelRatio || 1;
  boardEl.style.setProperty("--s", 1 / dpr + "px");
  const b = boardEl.getBoundingClientRect();
  const c = canvas.getBoundingClientRect();
  const otherW = landscape.matches ? b.width - c.width + 24 : 64; // the body's margins, a little air
  // In landscape the screen shares its rows with the d-pad and the buttons, which may be taller;
  // the status line and the panels' summary may then go below the fold.
  const side = (q) => document.querySelector(q).getBoundingClientRect().height;
  const row = landscape.matches ? Math.max(c.height, side(".dpad") + side(".pills"), side(".ab")) : c.height;
  const otherH = b.height - row + (landscape.matches ? 24 : 84);
  const k = Math.floor(Math.min((innerWidth - otherW) / W, (innerHeight - otherH) / H) * dpr);
  boardEl.style.setProperty("--s", Math.max(k, Math.ceil(dpr)) / dpr + "px");
}
fit();
addEventListener("resize", fit);
landscape.addEventListener("change", fit);

// --- the page as the board sees it (hardware/web.py's `page`) -------------------------------
let palette = []; // the inks' colours, "#rrggbb" (firmware/inks.py)
let rgb = [];
let audio = null;
const leds = [...document.querySelectorAll(".leds i")];
let outbox = ""; // console replies, shown once their step is on the disk
const page = {
  storage: null, // diskStorage(), at start
  steps: 0, // the device loop's steps so far, and the last that redrew the screen (tests wait
  drawnAt: 0, // for a key to be taken and drawn: web/test/browser.mjs `settle`)
  backlight(pct) { canvas.style.filter = pct >= 100 ? "" : `brightness(${pct}%)`; },
  flash(ink) {
    const colour = ink < 0 ? "" : palette[ink];
    for (const led of leds) led.style.background = colour;
  },
  click() {
    try {
      audio = audio || new AudioContext();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      gain.gain.value = 0.05;
      osc.frequency.value = 2000;
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.01);
    } catch (e) { /* no sound: nothing lost */ }
  },
  reply(text) { outbox += text; },
};
globalThis.tal_page = page;

let mp, board, loop, getValue, setValue, screenAt, boxAt, KEYS;

function paint() {
  // The tiles the last step redrew, from the backend's ink buffer in the WebAssembly memory; the
  // box is emptied once painted (a step that renders nothing leaves it as it was).
  const x1 = getValue(boxAt + 4, "i16");
  if (x1 <= 0) return false;
  setValue(boxAt + 4, 0, "i16");
  const x0 = getValue(boxAt, "i16"), y0 = getValue(boxAt + 2, "i16"), y1 = getValue(boxAt + 6, "i16");
  const px = image.data;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const c = rgb[getValue(screenAt + y * W + x, "i8")] || rgb[0];
      const i = 4 * (y * W + x);
      px[i] = c[0];
      px[i + 1] = c[1];
      px[i + 2] = c[2];
      px[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0, x0, y0, x1 - x0, y1 - y0);
  return true;
}

let stopped = false;
async function step() {
  if (stopped) return;
  let wait = 10;
  try {
    wait = loop.step();
    // What this step saved is on the disk before the player sees its result.
    if (page.storage.pending()) {
      const why = await page.storage.flush();
      if (why) say(why, true);
    }
    if (outbox) {
      logEl.textContent += outbox;
      logEl.scrollTop = logEl.scrollHeight;
      outbox = "";
    }
    page.steps++;
    const drew = paint();
    if (drew) page.drawnAt = page.steps;
    if (drew && !document.body.dataset.firstScreenMs) {
      // since the navigation started: the page, the runtime, the app and its first frame
      document.body.dataset.firstScreenMs = String(Math.round(performance.now()));
      say("");
    }
  } catch (e) {
    say("the device stopped: " + (e.message || e).split("\n").pop(), true);
    stopped = true;
    return;
  }
  setTimeout(step, wait);
}

// --- buttons, keyboard ----------------------------------------------------------------------
const KEYMAP = { ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  z: "A", Z: "A", " ": "A", x: "B", X: "B", Backspace: "B", Tab: "SELECT", Enter: "START",
  Escape: "START" };

function light(name, on) {
  for (const b of document.querySelectorAll(`[data-key="${name}"]`)) b.classList.toggle("lit", on);
}

function wireKeys() {
  for (const b of document.querySelectorAll("#board button")) {
    const name = b.dataset.key;
    const down = (e) => {
      e.preventDefault();
      b.setPointerCapture?.(e.pointerId);
      board.press(KEYS[name]);
      light(name, true);
    };
    const up = () => { board.release(KEYS[name]); light(name, false); };
    b.addEventListener("pointerdown", down);
    b.addEventListener("pointerup", up);
    b.addEventListener("pointercancel", up);
    b.addEventListener("lostpointercapture", up);
    b.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a long press
  }
  const typing = (e) => e.target instanceof HTMLInputElement;
  addEventListener("keydown", (e) => {
    if (typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "k" || e.key === "K") { board.press(KEYS.SHAKE); return; }
    const name = KEYMAP[e.key];
    if (!name) return;
    e.preventDefault();
    if (!e.repeat) { board.press(KEYS[name]); light(name, true); }
  });
  addEventListener("keyup", (e) => {
    const name = KEYMAP[e.key];
    if (!name || typing(e)) return;
    board.release(KEYS[name]);
    light(name, false);
  });
  addEventListener("blur", () => {
    board.release_all();
    for (const b of document.querySelectorAll(".lit")) b.classList.remove("lit");
  });
}

// --- the save file and the console ----------------------------------------------------------
function wireSave() {
  document.getElementById("export").addEventListener("click", () => {
    const why = board.export("/export.state");
    if (why) { say(why, true); return; }
    const data = mp.FS.readFile("/export.state");
    const a = document.createElement("a");
    const t = new Date().toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
    a.href = URL.createObjectURL(new Blob([data], { type: "application/octet-stream" }));
    a.download = `tal-${t}.state`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    say(`exported ${data.length} bytes: ${a.download}`);
  });
  const input = document.getElementById("import");
  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > 1 << 20) { say(`${file.name}: not a save: the file is too big to be one`, true); return; }
    mp.FS.writeFile("/import.state", new Uint8Array(await file.arrayBuffer()));
    const why = board.import_("/import.state");
    if (why) { say(`${file.name}: ${why}`, true); return; }
    stopped = true;
    const disk = await page.storage.flush();
    say(`${file.name} imported: starting from it` + (disk ? ` (${disk})` : ""), !!disk);
    location.reload();
  });
  document.getElementById("line").addEventListener("submit", (e) => {
    e.preventDefault();
    const req = document.getElementById("request");
    logEl.textContent += "> " + req.value + "\n";
    board.type(req.value);
    req.value = "";
  });
}

// --- start ----------------------------------------------------------------------------------
async function start() {
  const archive = fetch("app.tar.gz").then((r) => {
    if (!r.ok) throw new Error(`app.tar.gz: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  page.storage = await diskStorage(globalThis.localStorage, globalThis.indexedDB);
  mp = await boot(loadMicroPython, new Uint8Array(await archive), {
    stdout: (s) => console.log(s),
    stderr: (s) => console.error(s),
  });
  getValue = mp._module.getValue;
  setValue = mp._module.setValue;
  say("Starting the device…");
  mp.runPython(`
import uctypes
from firmware import inks, keys
from firmware.device import Loop
from hardware.web import Board
board = Board(tal_page_js, "${SIZE}")
loop = Loop(board)
page_info = "%d %d %s %s" % (loop.backend.address, uctypes.addressof(loop.backend.box),
    ",".join("#%06x" % c for c in inks.PALETTE),
    ",".join("%s=%d" % (n, getattr(keys, n)) for n in keys.NAMES))
`.replace("tal_page_js", "__import__('js').tal_page"));
  const info = mp.globals.get("page_info").split(" ");
  screenAt = Number(info[0]);
  boxAt = Number(info[1]);
  palette = info[2].split(",");
  rgb = palette.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
  KEYS = Object.fromEntries(info[3].split(",").map((kv) => kv.split("=")).map(([k, v]) => [k, Number(v)]));
  board = mp.globals.get("board");
  loop = mp.globals.get("loop");
  wireKeys();
  wireSave();
  wireMixForm(board, page);
  step();
}

start().catch((e) => {
  say("The device could not start: " + String(e.message || e).split("\n").filter(Boolean).pop(), true);
  console.error(e);
});
