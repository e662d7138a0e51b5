// The console page: a session of its own answering request lines through the boards' serial
// link (firmware/serial_link.py via hardware/web.py), one reply line each.
import { loadMicroPython } from "./micropython.mjs";
import { boot } from "./boot.mjs";

const logEl = document.getElementById("log");
const statusEl = document.getElementById("status");
const input = document.getElementById("console-request");
const log = (text) => { logEl.textContent += text; logEl.scrollTop = logEl.scrollHeight; };

globalThis.tal_page = { storage: null, reply: log, backlight() {}, flash() {}, click() {} };

async function start() {
  const archive = await fetch("app.tar.gz").then((r) => r.arrayBuffer());
  const mp = await boot(loadMicroPython, new Uint8Array(archive), {
    stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
  mp.runPython(`
import js
from hardware.web import console
board, link = console(js.tal_page)
`);
  const board = mp.globals.get("board");
  const link = mp.globals.get("link");
  const send = (lines) => {
    for (const line of lines) {
      log("> " + line + "\n");
      board.type(line);
      link.poll();
    }
  };
  document.getElementById("line").addEventListener("submit", (e) => {
    e.preventDefault();
    send([input.value]);
    input.value = "";
  });
  input.addEventListener("paste", (e) => {
    const text = e.clipboardData.getData("text");
    if (!text.includes("\n")) return;
    e.preventDefault();
    send(text.split(/\r?\n/).filter((l) => l.trim()));
  });
  statusEl.textContent = "";
  document.body.dataset.ready = "1";
  input.focus();
}

start().catch((e) => {
  statusEl.textContent = "The console could not start: " + String(e.message || e).split("\n").pop();
  statusEl.classList.add("error");
});
