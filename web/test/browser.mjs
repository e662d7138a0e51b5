// The page in headless Chromium (Debian's, through playwright-core), as a player uses it: the
// tests (tests/test_web_browser.py) and `make bench` run this.
//     node web/test/browser.mjs play URL OUT_DIR IMPORT_FILE SCREENS_DIR
//     node web/test/browser.mjs kill URL
//     node web/test/browser.mjs bench URL
//     node web/test/browser.mjs tabs URL          two tabs of the page: one owns the save
// prints one JSON object: what it saw.  Files it saves go to OUT_DIR; screenshots to SCREENS_DIR.
import fs from "fs";
import os from "os";
import path from "path";
import { spawn } from "child_process";
import { chromium } from "playwright-core";

const [mode, url, outDir, importFile, screensDir] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run"];
const PHONE = { width: 390, height: 844 };

async function launch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tal-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, args: FLAGS, headless: true, viewport: PHONE,
    deviceScaleFactor: 2, acceptDownloads: true,
  });
  return { context, dir };
}

async function firstScreen(page) {
  await page.waitForSelector("body[data-first-screen-ms]", { timeout: 30000 });
  return Number(await page.getAttribute("body", "data-first-screen-ms"));
}

// Until the device has taken what was pressed and drawn it: a few steps of its loop since, the
// last two drawing nothing (a fixed 60 ms was too short on a loaded machine: a frame not drawn).
async function settle(page) {
  const from = await page.evaluate(() => tal_page.steps);
  await page.waitForFunction((n) => tal_page.steps >= n + 3 && tal_page.steps - tal_page.drawnAt >= 2,
    from, { polling: 5, timeout: 10000 });
}

async function keys(page, names) {
  for (const k of names) { await page.keyboard.press(k); await settle(page); }
}

async function buttons(page, names) {
  for (const k of names) {
    await page.click(`#board button[data-key="${k}"]:visible`);
    await settle(page);
  }
}

async function pixels(page) {
  // The canvas as the browser shows it: RGB of every pixel, hex.
  return page.evaluate(() => {
    const c = document.getElementById("screen");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let s = "";
    for (let i = 0; i < d.length; i += 4) s += ((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]).toString(16).padStart(6, "0");
    return s;
  });
}

async function openMore(page) {
  await page.evaluate(() => { document.getElementById("more").open = true; });
}

async function exportSave(page, name) {
  await openMore(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const to = path.join(outDir, name);
  await download.saveAs(to);
  return { file: to, suggested: download.suggestedFilename() };
}

async function request(page, line) {
  await openMore(page);
  const before = await page.textContent("#log");
  await page.fill("#request", line);
  await page.press("#request", "Enter");
  await page.waitForFunction((n) => document.getElementById("log").textContent.length > n + 3
    && document.getElementById("log").textContent.endsWith("\n"), before.length + line.length);
  const text = await page.textContent("#log");
  return text.slice(before.length).split("\n").filter((l) => l && !l.startsWith(">")).pop();
}

async function shot(page, name, fullPage = false) {
  if (screensDir) await page.screenshot({ path: path.join(screensDir, name), fullPage });
}

async function play() {
  const seen = {};
  const { context } = await launch();
  const page = context.pages()[0] || await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  seen.firstScreenMs = await firstScreen(page);
  seen.startPixels = await pixels(page);

  // A roll from a known seed: the canvas is compared with the desktop's rendering, pixel for pixel.
  seen.seedReply = await request(page, "seed 7");
  await page.evaluate(() => { document.getElementById("more").open = false; });
  await buttons(page, ["A"]);
  seen.rollPixels = await pixels(page);
  await shot(page, "web-phone.png");

  // A draw from the Cups (keyboard), then a mission set up with the buttons.
  await keys(page, ["Enter", "ArrowDown", "z", "Tab", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight", "z"]);
  seen.drawPixels = await pixels(page);
  await buttons(page, ["B", "START", "DOWN", "DOWN", "A"]); // back; the menu (on Roll): Mission
  // roster A-10A, A-10C; page Fly opens on the next step: start, then loiter
  await buttons(page, ["SELECT", "A", "DOWN", "RIGHT", "UP", "A", "SELECT", "A", "A"]);
  seen.missionPixels = await pixels(page);
  await keys(page, ["x", "x", "x", "Enter", "ArrowDown", "ArrowDown", "z"]); // back to Cups, home, then Mission afresh
  seen.missionPixelsBeforeReload = await pixels(page);
  seen.before = await exportSave(page, "before-reload.state");

  // Reload: the campaign is where it was.
  await page.reload();
  await firstScreen(page);
  await keys(page, ["Enter", "ArrowDown", "ArrowDown", "z"]); // the menu: Mission
  seen.missionPixelsAfterReload = await pixels(page);
  seen.after = await exportSave(page, "after-reload.state");

  // Landscape, the Pico board, the panels open: screenshots.
  await page.evaluate(() => { document.getElementById("more").open = false; scrollTo(0, 0); });
  await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
  await settle(page);
  await shot(page, "web-landscape.png");
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMore(page);
  await request(page, "so");
  await settle(page);
  await page.evaluate(() => scrollTo(0, 0));
  await shot(page, "web-desktop.png", true);

  // The counter mix form: the Pop-Up cup changed (a kind's count) and made the player's mix, the
  // Hit cup confirmed as it stands; a reload keeps both.
  await page.selectOption("#mix-cup", "popup");
  await page.waitForFunction(() => document.getElementById("mix-status").textContent.startsWith("Pop-Up cup"));
  seen.mixPopupRows = await page.$$eval("#mix-rows tr", (trs) => trs.length);
  seen.mixPopupFirst = await page.$eval("#mix-rows tr", (tr) => [tr.cells[0].firstChild.value,
    tr.querySelector("select").selectedOptions[0].textContent]);
  await page.fill("#mix-rows tr:first-child input", "20");
  await page.click("#mix-make");
  await page.waitForFunction(() => /yours|refused|not/.test(document.getElementById("mix-status").textContent));
  seen.mixPopupSaid = await page.textContent("#mix-status");
  if (screensDir) await page.locator("section.mix").screenshot({ path: path.join(screensDir, "web-mix.png") });
  await page.selectOption("#mix-cup", "hit");
  await page.waitForFunction(() => document.getElementById("mix-status").textContent.startsWith("Hit cup"));
  await page.click("#mix-confirm");
  await page.waitForFunction(() => document.getElementById("mix-status").textContent.includes("yours"));
  seen.mixHitSaid = await page.textContent("#mix-status");
  seen.mixPopup = await request(page, "mix popup");
  await page.reload();
  await firstScreen(page);
  seen.mixAfterReload = await request(page, "mix");

  // Import: a bad file is one line and changes nothing; a good one replaces the campaign.
  const bad = path.join(outDir, "notes.txt");
  fs.writeFileSync(bad, "not a save\n");
  await page.setInputFiles("#import", bad);
  await page.waitForFunction(() => document.getElementById("status").classList.contains("error"));
  seen.badImport = await page.textContent("#status");
  await page.setInputFiles("#import", importFile);
  await page.waitForEvent("load");
  await firstScreen(page);
  seen.soAfterImport = await request(page, "so");
  seen.imported = await exportSave(page, "after-import.state");

  // Offline: the service worker serves the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.reload();
  seen.offlineFirstScreenMs = await firstScreen(page);
  seen.soOffline = await request(page, "so");
  await context.setOffline(false);

  const pico = await context.newPage();
  await pico.setViewportSize({ width: PHONE.height, height: PHONE.width });
  await pico.goto(url + "?board=pico");
  await firstScreen(pico);
  await buttons(pico, ["A"]);
  await shot(pico, "web-pico.png");
  seen.picoSize = await pico.evaluate(() => [document.getElementById("screen").width, document.getElementById("screen").height]);
  seen.picoLandscape = await pico.evaluate(() => ({
    screen: document.getElementById("screen").getBoundingClientRect().width,
    board: document.getElementById("board").getBoundingClientRect().right,
    page: innerWidth, scrolls: document.documentElement.scrollWidth > innerWidth }));

  const console_ = await context.newPage();
  await console_.goto(url + "console.html");
  await console_.waitForSelector("body[data-ready]");
  await console_.fill("#console-request", "seed 42");
  await console_.press("#console-request", "Enter");
  await console_.fill("#console-request", "roll 3d10 +2");
  await console_.press("#console-request", "Enter");
  seen.consolePage = await console_.textContent("#log");

  seen.errors = errors;
  await context.close();
  return seen;
}

async function bench() {
  const { context } = await launch();
  const page = context.pages()[0] || await context.newPage();
  await page.goto(url);
  const ms = await firstScreen(page);
  await page.evaluate(() => navigator.serviceWorker.ready); // the offline copy is part of a first load
  await page.waitForTimeout(500);
  await context.close();
  return { firstScreenMs: ms };
}

// Chromium killed (SIGKILL, the whole browser) the moment the screen shows an action: started by
// hand, so that it can be killed, and driven over its DevTools port.
async function spawnChromium(dir) {
  const port = path.join(dir, "DevToolsActivePort");
  if (fs.existsSync(port)) fs.unlinkSync(port);
  const proc = spawn(CHROMIUM, [...FLAGS, "--remote-debugging-port=0", `--user-data-dir=${dir}`,
    "about:blank"], { stdio: "ignore", detached: true });
  for (let i = 0; i < 300 && !fs.existsSync(port); i++) await new Promise((r) => setTimeout(r, 50));
  const browser = await chromium.connectOverCDP("http://127.0.0.1:" + fs.readFileSync(port, "utf8").split("\n")[0]);
  const context = browser.contexts()[0];
  const page = context.pages()[0] || await context.newPage();
  await page.goto(url);
  await firstScreen(page);
  return { proc, page };
}

async function kill() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tal-chromium-"));
  let { proc, page } = await spawnChromium(dir);
  const seen = { so: await request(page, "so +3") };
  await page.evaluate(() => { document.getElementById("more").open = false; });
  // the Mission screen: roster A-10A, A-10C; page Fly opens on the next step, start
  await buttons(page, ["START", "DOWN", "DOWN", "A", "SELECT", "A", "DOWN", "RIGHT", "UP", "A", "SELECT"]);
  const before = await pixels(page);
  await page.click('#board button[data-key="A"]'); // start: the last action
  await page.waitForFunction((b) => {
    const c = document.getElementById("screen");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let s = "";
    for (let i = 0; i < d.length; i += 4) s += ((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]).toString(16).padStart(6, "0");
    return s !== b;
  }, before, { polling: 1 });
  process.kill(-proc.pid, "SIGKILL");
  await new Promise((r) => setTimeout(r, 300));
  ({ proc, page } = await spawnChromium(dir));
  seen.soAfter = await request(page, "so");
  seen.undone = await request(page, "undo");
  process.kill(-proc.pid, "SIGKILL");
  return seen;
}

async function tabs() {
  // Tab A plays, tab B opens and plays, A tries again, A reloads and plays, B tries again.
  const { context, dir } = await launch();
  const seen = {};
  try {
    const a = await context.newPage();
    await a.goto(url);
    await firstScreen(a);
    seen.a1 = await request(a, "so +1");
    seen.a2 = await request(a, "so +1");
    const b = await context.newPage();
    await b.goto(url);
    await firstScreen(b);
    seen.b1 = await request(b, "so +2");
    seen.a3 = await request(a, "so +5");
    seen.aQuery = await request(a, "so");
    await a.reload();
    await firstScreen(a);
    seen.aAfterReload = await request(a, "so");
    seen.a4 = await request(a, "undo");
    seen.b2 = await request(b, "so +7");
    await b.reload();
    await firstScreen(b);
    seen.bAfterReload = await request(b, "so");
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return seen;
}

const result = mode === "bench" ? await bench() : mode === "kill" ? await kill()
  : mode === "tabs" ? await tabs() : await play();
process.stdout.write(JSON.stringify(result) + "\n");
