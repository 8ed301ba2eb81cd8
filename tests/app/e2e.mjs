// End-to-end in the real app window: glovebox-app under Xvfb, driven through
// WebDriver (tauri-driver + WebKitWebDriver), with the real engine, the real
// sandbox and a real SQLite audit log in a scratch folder.
//
//   node tests/app/e2e.mjs APP_BINARY            the user journey (make app-test)
//   node tests/app/e2e.mjs APP_BINARY --bench N  cold start, question-to-answer and
//                                                Run-to-answer times over N launches
//                                                (make app-bench)
//   node tests/app/e2e.mjs /usr/bin/glovebox-app --fresh-home
//                                                the installed .deb (make deb-test): an
//                                                empty home, so the first start unpacks
//                                                the image the package carries
//
// Screenshots of each screen go to ~/.cache/glovebox/app-screenshots/, or to
// tests/app/screenshots/ (committed) with --update-screenshots.

import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { KEY, Session } from "./webdriver.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
const app = resolve(process.argv[2] ?? "");
const benchIndex = process.argv.indexOf("--bench");
const benchRuns = benchIndex > 0 ? Number(process.argv[benchIndex + 1] ?? 3) : 0;
const freshHome = process.argv.includes("--fresh-home");
// The `glovebox` CLI that checks the exported reports (and removes the
// test's keys): beside a development build, or given (the .deb has none).
const cliIndex = process.argv.indexOf("--cli");
const cli = cliIndex > 0 ? resolve(process.argv[cliIndex + 1]) : join(dirname(app), "glovebox");
// The committed screenshots change only when asked (--update-screenshots);
// otherwise they go to the cache, so a test run leaves the tree untouched.
const shots = process.argv.includes("--update-screenshots")
  ? join(here, "screenshots")
  : join(process.env.GLOVEBOX_CACHE || join(process.env.HOME, ".cache/glovebox"), "app-screenshots");
const sample = join(repo, "assets/samples/shop.csv");
const DISPLAY = process.env.GLOVEBOX_TEST_DISPLAY ?? ":57";
const PORT = 4444;
const driverBin = process.env.TAURI_DRIVER ?? "tauri-driver";
const RUN_MS = 120000;

if (!existsSync(app)) throw new Error(`no app binary at ${app} (build it first: make app-build)`);
if (!existsSync(cli)) throw new Error(`no glovebox CLI at ${cli} (give it with --cli PATH)`);
if (!existsSync(driverBin)) throw new Error(`no tauri-driver at ${driverBin} (make app-test installs it)`);
mkdirSync(shots, { recursive: true });

const children = [];
function start(cmd, args, env) {
  const merged = { ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === "") delete merged[k];
  const child = spawn(cmd, args, { env: merged, stdio: ["ignore", "inherit", "inherit"] });
  children.push(child);
  return child;
}
function stopAll() {
  for (const c of children.reverse()) if (c.exitCode === null) c.kill("SIGTERM");
}
process.on("exit", stopAll);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, probe, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const scratch = mkdtempSync(join(tmpdir(), "gbx-app-e2e-"));
const home = join(scratch, "home");
mkdirSync(home, { recursive: true });
const env = {
  ...(freshHome ? { HOME: home, GLOVEBOX_CACHE: "", GLOVEBOX_IMAGE: "", GLOVEBOX_SANDBOX_HELPER: "" } : {}),
  DISPLAY,
  GLOVEBOX_DB: join(scratch, "data/audit.sqlite3"),
  XDG_CONFIG_HOME: join(scratch, "config"),
  GLOVEBOX_LOG: "info",
  // The key stored by the settings step goes to the kernel key store under
  // this test's own service name, removed at the end.
  GLOVEBOX_KEYRING: "keyutils",
  GLOVEBOX_KEYRING_SERVICE: `glovebox-e2e-${process.pid}`,
  // Software rendering: no GPU here.
  WEBKIT_DISABLE_COMPOSITING_MODE: "1",
  LIBGL_ALWAYS_SOFTWARE: "1",
};

const display = DISPLAY.slice(1);
start("Xvfb", [DISPLAY, "-screen", "0", "1280x800x24", "-nolisten", "tcp"], {});
await waitFor("Xvfb", async () => existsSync(`/tmp/.X11-unix/X${display}`), 10000);
start(driverBin, ["--port", String(PORT), "--native-port", String(PORT + 1), "--native-driver", "/usr/bin/WebKitWebDriver"], env);
const base = `http://127.0.0.1:${PORT}`;
await waitFor("tauri-driver", async () => (await fetch(`${base}/status`)).ok, 15000);

async function launch() {
  const t0 = performance.now();
  const s = await Session.start(base, {
    browserName: "wry",
    "tauri:options": { application: app, args: [sample] },
  });
  await s.until("the window to be interactive", () =>
    s.exec("return document.getElementById('app')?.dataset.ready === 'true';"), 60000);
  return { s, startMs: performance.now() - t0 };
}

/** The window (1280×800 under Xvfb) shows no page scrollbar: the page is
 * never taller or wider than the window; only the screen's own pane scrolls. */
async function noPageScrollbar(s, name) {
  const [sh, ch, sw, cw, iw, ih] = await s.exec(
    "const e = document.scrollingElement; return [e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth, innerWidth, innerHeight];");
  assert.ok(sh <= ch && sw <= cw,
    `${name}: a page scrollbar at ${iw}×${ih}: the page is ${sw}×${sh}, the window shows ${cw}×${ch}`);
}

/** WebKitWebDriver's screenshot can wait for a repaint that never comes: on
 * an idle page none of whose panes can scroll (seen with the window-filling
 * layout on the cancelled answer, and with the old layout on the history
 * after the settings, in a probe of both). After SHOT_WAIT_MS without a
 * picture, a spacer below the screen's content makes its pane scroll; that
 * repaint lets the pending screenshot finish, then the spacer goes. */
const SHOT_WAIT_MS = 8000;
let repaintsNeeded = 0;
async function screenshot(s) {
  const pending = s.screenshot();
  const first = await Promise.race([pending, sleep(SHOT_WAIT_MS).then(() => null)]);
  if (first) return first;
  repaintsNeeded += 1;
  await s.exec(`const m = document.querySelector(".main"); const d = document.createElement("div");
    d.id = "shot-spacer"; d.style.height = (m.clientHeight + 40) + "px"; m.appendChild(d); return true;`);
  try {
    return await pending;
  } finally {
    await s.exec(`document.getElementById("shot-spacer")?.remove(); return true;`);
  }
}

async function shot(s, name) {
  await noPageScrollbar(s, name);
  if (freshHome) return; // the screenshots are of the development build
  writeFileSync(join(shots, `${name}.png`), await screenshot(s));
}

/** Times in the page (performance.now), so WebDriver's polling adds
 * nothing: `arm` starts watching for `css` to contain `needle`; the clock
 * starts at the next Enter key (`start: "enter"`) or at once (`"now"`);
 * `elapsed` waits for the end and answers the milliseconds. */
const pageTimer = {
  async arm(s, name, css, needle, start) {
    await s.exec(`
      const [name, css, needle, start] = arguments;
      const t = { start: start === "now" ? performance.now() : null, end: null };
      (window.__timers = window.__timers || {})[name] = t;
      if (start === "enter") document.addEventListener("keydown", (e) => { if (e.key === "Enter" && t.start === null) t.start = performance.now(); }, true);
      const done = () => { const e = document.querySelector(css); return e !== null && e.textContent.includes(needle); };
      const obs = new MutationObserver(() => { if (t.start !== null && t.end === null && done()) { t.end = performance.now(); obs.disconnect(); } });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      return true;`, name, css, needle, start);
  },
  async elapsed(s, name, ms) {
    return s.until(`the timer ${name}`, () => s.exec(
      "const t = (window.__timers || {})[arguments[0]]; return t && t.end !== null ? t.end - t.start : null;", name), ms);
  },
};

/** Next, the question, Enter: the code is written, checked (allowed) and
 * run with no stop on the Code step; the answer shows. The time is from
 * Enter to the answer drawn. */
async function askToAnswer(s) {
  await s.waitText(".file-card[data-file='shop.csv'] [data-testid=row-count]", "120", 30000);
  await (await s.xpath("//button[contains(., 'Next: ask a question')]")).click();
  const goal = await s.find("#goal");
  await goal.clear();
  await goal.type("total revenue per region");
  await pageTimer.arm(s, "ask", "[data-testid=answer]", "6,109.2", "enter");
  await goal.type(KEY.enter);
  const answer = await s.waitText("[data-testid=answer]", "6,109.2", RUN_MS);
  return { answer, ms: await pageTimer.elapsed(s, "ask", 5000) };
}

/** From the answer, "See and edit the code": the Code step with its verdict. */
async function seeCode(s) {
  await (await s.find(".screen-result [data-testid=see-code]")).click();
  await s.waitText("[data-testid=verdict]", "nothing to worry about", 60000);
}

/** A model service on this computer (OpenAI-compatible, replies whole, not
 * streamed) whose code the policy holds for review: a star import (names
 * nobody can read from the code), harmless once a person approves it. */
const REVIEW_CODE = [
  "import pandas as pd",
  "import glovebox",
  "from math import *",
  "",
  'data = pd.read_csv("/input/shop.csv")',
  'big = data[data["revenue"] > 100]',
  'glovebox.answer("rows with revenue over 100", len(big))',
].join("\n");
function stubModel() {
  const asked = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => { body += c; });
    req.on("end", () => {
      if (req.method === "GET" && req.url.endsWith("/models")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [{ id: "stub-coder" }] }));
        return;
      }
      asked.push(body);
      const reply = { choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "```python\n" + REVIEW_CODE + "\n```" } }] };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, asked, url: `http://127.0.0.1:${server.address().port}/v1` })));
}

async function runToAnswer(s) {
  await pageTimer.arm(s, "run", "[data-testid=answer]", "6,109.2", "now");
  await (await s.find("[data-testid=run]")).click();
  const answer = await s.waitText("[data-testid=answer]", "6,109.2", RUN_MS);
  return { answer, ms: await pageTimer.elapsed(s, "run", 5000) };
}

async function journey() {
  const model = await stubModel();
  const { s, startMs } = await launch();
  try {
    // Doctor: this machine can sandbox (root mode here).
    assert.equal(await s.count("[data-testid=doctor-not-ready]"), 0);
    // Data: the file given on the command line is described.
    await s.waitText(".file-card[data-file='shop.csv'] [data-testid=row-count]", "120", 30000);
    const card = await s.waitText(".file-card[data-file='shop.csv']", "revenue", 5000);
    assert.match(card, /region/);
    await shot(s, "data");

    // Ask → answer in one step: the code is written, checked and, allowed, run.
    const { answer: first, ms: askMs } = await askToAnswer(s);
    assert.match(first, /6,109\.2/);
    assert.equal(await s.count(".chart svg"), 1);
    assert.equal(await s.count(".chart script, .chart foreignObject"), 0);
    assert.match(await s.waitText("[data-testid=reading-question]", "total revenue per region", 5000), /You asked/);
    // "How this was computed" is folded: words first, engineering details behind a second toggle.
    assert.equal(await s.exec("return document.querySelector('.how').open;"), false);
    await shot(s, "result");
    await (await s.find(".how > summary")).click();
    const network = await s.waitText(".how [data-testid=network]", "None", 5000);
    assert.match(network, /^None\. The sandbox has no network\.$/);
    await s.waitText(".how", "/input/shop.csv", 5000);
    assert.match(await s.waitText(".how [data-testid=time]", " of ", 5000), /^[\d.,]+ (ms|s) of 1 min$/);
    assert.equal(await s.exec("return document.querySelector('[data-testid=how-details]').open;"), false);
    await (await s.find("[data-testid=how-details] > summary")).click();
    assert.match(await s.waitText("[data-testid=how-details]", "sha256:", 5000), /sha256:[0-9a-f]{8}/);

    // "See and edit the code": the plan is the restated reading, who wrote it in words.
    await seeCode(s);
    assert.match(await s.waitText(".cm-content", "glovebox.table", 5000), /revenue/);
    const plan = await s.waitText("[data-testid=plan]", "In words", 5000);
    assert.match(plan, /Computed the total revenue in shop\.csv for each region/);
    assert.match(plan, /For each\s+region/);
    assert.doesNotMatch(plan, /Goal:/);
    assert.match(await s.waitText(".screen-review", "own recipes", 5000), /Written by Glovebox's own recipes, on this computer/);
    await shot(s, "review");

    // Edit: a harmless comment keeps the verdict; the diff shows it.
    await (await s.find(".cm-content")).click();
    await s.keys([KEY.control, KEY.end], "\n# checked in the real window");
    await s.waitText(".cm-content", "# checked in the real window", 5000);
    await s.waitText("[data-testid=verdict]", "nothing to worry about", 10000);

    // Run: the answer again, for the edited code.
    const { answer, ms: runMs } = await runToAnswer(s);
    assert.match(answer, /6,109\.2/);

    // Export: the buttons are there; the save dialog is the desktop's own
    // (not drivable here), so the test calls the command the buttons call,
    // then checks the files with the CLI, as a recipient would.
    assert.equal(await s.count("[data-testid=export-pdf]"), 1);
    assert.equal(await s.count("[data-testid=export-html]"), 1);
    const runId = await s.exec("return document.querySelector('.report').dataset.run;");
    for (const format of ["pdf", "html"]) {
      const path = join(scratch, `report.${format}`);
      const done = await s.exec(
        "return window.__TAURI_INTERNALS__.invoke('export_report', {runId: arguments[0], format: arguments[1], path: arguments[2]});",
        runId, format, path);
      assert.equal(done.path, path);
      assert.ok(existsSync(path) && done.bytes > 1000, `${format} report written`);
      const check = spawnSync(cli, ["verify", path], { env: { ...process.env, ...env }, encoding: "utf8" });
      assert.equal(check.status, 0, `${format}: ${check.stdout}${check.stderr}`);
      assert.match(check.stdout, new RegExp(`valid.*${done.fingerprint}`));
    }

    // History: the run is there, under Today, and opens in the same views.
    await (await s.find(".nav-item[data-view='history']")).click();
    await s.waitText(".history-day .history-open", "total revenue per region", 15000);
    assert.equal(await s.exec("return document.querySelector('.history-day-title').textContent;"), "Today");
    await (await s.find(".history-day .history-open")).click();
    await s.until("the opened run's chart", async () => (await s.count(".opened .chart svg")) === 1, 15000);
    await s.waitText(".opened", "6,109.2", 5000);
    await shot(s, "history");
    await (await s.find("[data-testid=back]")).click();
    await (await s.find("[data-testid=verify]")).click();
    await s.waitText("[data-testid=verify-result]", "intact", 15000);

    // A hostile edit: deny finding inline, Run disabled.
    await (await s.find(".nav-item[data-view='review']")).click();
    await (await s.find(".cm-content")).click();
    await s.keys([KEY.control, KEY.home], "import socket\n");
    await s.waitText("[data-testid=verdict]", "cannot run", 10000);
    assert.match(await s.waitText(".findings", "socket", 5000), /Line 1/);
    assert.equal(await (await s.find("[data-testid=run]")).enabled(), false);
    await shot(s, "review-deny");

    // Cancel: a slow calculation stops when asked, and says so.
    await (await s.xpath("//button[contains(., 'Restore the generated code')]")).click();
    await s.waitText("[data-testid=verdict]", "nothing to worry about", 10000);
    await (await s.find(".cm-content")).click();
    await s.keys([KEY.control, KEY.end], "\nimport time\nprint('still working', flush=True)\ntime.sleep(50)\n");
    await s.waitText(".cm-content", "time.sleep(50)", 5000);
    await s.until("Run to be enabled", async () => (await s.find("[data-testid=run]")).enabled(), 10000);
    await (await s.find("[data-testid=run]")).click();
    await s.until("the run stage", async () => (await s.count(".stage-current[data-stage='run']")) === 1, 60000);
    // What the code prints shows while it runs, with the elapsed time against
    // the run's backstop (ten times the 1 min processor-time limit): a job
    // that sleeps uses no processor time, so only the backstop ends it.
    await s.waitText("[data-testid=output]", "still working", 30000);
    assert.match(await s.waitText("[data-testid=elapsed]", "of 10 min", 5000), /used of 10 min allowed/);
    await shot(s, "run");
    const cancelAt = performance.now();
    await (await s.find("[data-testid=cancel]")).click();
    // The person's own choice: a calm note, not a red error.
    await s.waitText("[data-stop=cancelled]", "You stopped this run", 30000);
    const cancelMs = performance.now() - cancelAt;
    assert.equal(await s.count(".answer-stopped"), 0);
    await shot(s, "cancelled");

    // The code is bound to its question: another question turns Run off
    // (even a forced click starts nothing), and a question the generator
    // refuses leaves no code at all.
    await (await s.find(".nav-item[data-view='ask']")).click();
    const goal = await s.find("#goal");
    await goal.clear();
    await goal.type("average units per product");
    await (await s.find(".nav-item[data-view='review']")).click();
    await s.waitText("[data-testid=stale]", "The question changed: write the code again for this question.", 5000);
    assert.equal(await (await s.find("[data-testid=run]")).enabled(), false);
    assert.match(await s.waitText("[data-testid=drafted-question]", "total revenue per region", 5000), /total revenue per region/);
    await s.exec("const b = document.querySelector('[data-testid=run]'); b.disabled = false; b.click();");
    await s.waitText(".notice", "The question changed", 5000);
    assert.equal(await s.count(".screen-review"), 1, "no run started: still on the Code step");
    await (await s.find(".nav-item[data-view='ask']")).click();
    const refused = await s.find("#goal");
    await refused.clear();
    await refused.type("what is the weather on mars");
    await refused.type(KEY.enter);
    await s.until("the question to be refused", async () =>
      (await s.exec("return document.querySelector('.screen-ask [role=alert]')?.textContent ?? '';")).trim() !== "", 60000);
    assert.equal(await (await s.find(".nav-item[data-view='review']")).enabled(), false, "no code left for the refused question");

    // Code the policy holds for review opens on the Code step first and runs
    // only through "Run anyway": written by a model service on this computer.
    if (!freshHome) {
      await (await s.find(".nav-item[data-view='settings']")).click();
      await s.exec("const p = document.getElementById('set-provider'); p.value = 'openai'; p.dispatchEvent(new Event('change', {bubbles: true}));");
      const url = await s.find("#set-base-url");
      await url.clear();
      await url.type(model.url);
      const name = await s.find("#set-model");
      await name.clear();
      await name.type("stub-coder");
      await (await s.xpath("//button[contains(., 'Save settings')]")).click();
      await s.waitText("[data-testid=settings-message]", "saved", 10000);
      await (await s.find(".nav-item[data-view='ask']")).click();
      const asked = await s.find("#goal");
      await asked.clear();
      await asked.type("how many rows have revenue over 100");
      await asked.type(KEY.enter);
      await s.waitText(".screen-review [data-testid=verdict]", "needs your approval", 60000);
      assert.equal(model.asked.length, 1, "the model was asked once");
      assert.match(await s.waitText(".findings", "Line 3", 5000), /needs approval/);
      assert.match(await s.waitText(".screen-review", "language model", 5000), /Written by a language model: stub-coder/);
      assert.equal(await s.count(".screen-run, .screen-result"), 0, "nothing ran: the Code step is on screen");
      await shot(s, "review-needs-approval");
      await (await s.find("[data-testid=run-anyway]")).click();
      await s.waitText("[data-testid=answer]", "44", RUN_MS);
      await (await s.find(".nav-item[data-view='settings']")).click();
      await s.exec("const p = document.getElementById('set-provider'); p.value = 'offline'; p.dispatchEvent(new Event('change', {bubbles: true}));");
      await (await s.xpath("//button[contains(., 'Save settings')]")).click();
      await s.waitText("[data-testid=settings-message]", "saved", 10000);
    }

    // Settings: a model provider's key goes to the OS keyring (the kernel
    // key store here, under a service name of this test) and is never shown
    // again in full; the limits are saved.
    if (!freshHome) {
      await (await s.find(".nav-item[data-view='settings']")).click();
      await s.exec("const p = document.getElementById('set-provider'); p.value = 'openai'; p.dispatchEvent(new Event('change', {bubbles: true}));");
      await (await s.xpath("//button[contains(., 'Save settings')]")).click();
      await s.waitText("[data-testid=settings-message]", "saved", 10000);
      const key = await s.find("#set-api-key");
      await key.click();
      await s.keys("sk-e2e-test-key-9876wxyz");
      await (await s.xpath("//button[contains(., 'Save key')]")).click();
      await s.waitText("[data-testid=key-state]", "wxyz", 10000);
      assert.equal(await s.exec("return document.getElementById('set-api-key').value;"), "");
      assert.equal(await s.exec("return document.documentElement.outerHTML.includes('sk-e2e-test');"), false);
      await shot(s, "settings");
      await s.exec("const p = document.getElementById('set-provider'); p.value = 'offline'; p.dispatchEvent(new Event('change', {bubbles: true}));");
      await (await s.xpath("//button[contains(., 'Save settings')]")).click();
      await s.waitText("[data-testid=settings-message]", "saved", 10000);
    }

    // Drop → preview: a file dropped on the window (the drag-drop event the
    // window gets from the desktop) is described and its first rows drawn.
    await (await s.find(".nav-item[data-view='data']")).click();
    const dropped = join(scratch, "shop-copy.csv");
    copyFileSync(sample, dropped);
    await pageTimer.arm(s, "drop", ".file-card[data-file='shop-copy.csv'] .grid-rows", "Stapler", "now");
    await s.exec("window.__TAURI_INTERNALS__.invoke('plugin:event|emit', {event: 'tauri://drag-drop', payload: {paths: [arguments[0]], position: {x: 10, y: 10}}}); return true;", dropped);
    const dropMs = await pageTimer.elapsed(s, "drop", 30000);
    await s.waitText(".file-card[data-file='shop-copy.csv'] [data-testid=row-count]", "120", 5000);

    // First launch: with no file, "Try with an example" adds the example
    // file the app carries, and the Question screen offers questions about
    // it; one click answers. A follow-up of that answer is nested under it
    // in the history, under Today.
    for (const name of ["shop-copy.csv", "shop.csv"]) {
      await (await s.find(`.file-card[data-file='${name}'] button[aria-label^='Remove']`)).click();
    }

    // A workbook of several sheets: its card has a sheet picker; the sheet
    // picked is previewed, asked about and run, and the code's plan names it.
    const book = join(scratch, "sales.xlsx");
    copyFileSync(join(repo, "tests/formats/sales.xlsx"), book);
    await s.exec("window.__TAURI_INTERNALS__.invoke('plugin:event|emit', {event: 'tauri://drag-drop', payload: {paths: [arguments[0]], position: {x: 10, y: 10}}}); return true;", book);
    const bookCard = ".file-card[data-file='sales.xlsx']";
    await s.waitText(`${bookCard} [data-testid=row-count]`, "1", 30000);
    assert.deepEqual(await s.exec(`return [...document.querySelectorAll("${bookCard} [data-testid=sheet-picker] option")].map((o) => o.value);`),
      ["Notes", "Sales", "Quarters"]);
    await s.exec(`const p = document.querySelector("${bookCard} [data-testid=sheet-picker]"); p.value = 'Sales'; p.dispatchEvent(new Event('change', {bubbles: true})); return true;`);
    await s.waitText(`${bookCard} [data-testid=row-count]`, "8", 30000);
    await s.waitText(`${bookCard} .grid-rows`, "West", 10000);
    await (await s.xpath("//button[contains(., 'Next: ask a question')]")).click();
    const bookGoal = await s.find("#goal");
    await bookGoal.clear();
    await bookGoal.type("total amount per region");
    await bookGoal.type(KEY.enter);
    await s.waitText("[data-testid=answer]", "419.75", RUN_MS);
    await seeCode(s);
    await s.until("the plan to name the sheet", () =>
      s.exec("return document.querySelector('main').innerText.includes('sales.xlsx (sheet \"Sales\")');"), 10000);
    await (await s.find(".nav-item[data-view='data']")).click();
    await (await s.find(`${bookCard} button[aria-label^='Remove']`)).click();
    await s.waitText("[data-testid=sample-offer]", "No file at hand", 5000);
    await (await s.find("[data-testid=try-sample]")).click();
    await s.waitText(".file-card[data-file='shop.csv'] [data-testid=row-count]", "120", 30000);
    assert.ok(existsSync(join(scratch, "data/samples/shop.csv")), "the example file was written beside the audit log");
    await (await s.xpath("//button[contains(., 'Next: ask a question')]")).click();
    await s.waitText("[data-testid=ask-examples]", "average revenue per product", 5000);
    await shot(s, "ask-examples");
    await (await s.xpath("//div[@data-testid='ask-examples']//button[contains(., 'total revenue per region')]")).click();
    await s.waitText("[data-testid=answer]", "6,109.2", RUN_MS);
    const followUp = await s.find("#follow-up");
    await followUp.type("now per product");
    await (await s.find("[data-testid=follow-up-ask]")).click();
    await s.waitText("[data-testid=answer]", "12,072", RUN_MS);
    await (await s.find(".nav-item[data-view='history']")).click();
    await s.waitText(".history-followups .history-open", "now per product", 15000);
    const thread = await s.exec(`
      const f = [...document.querySelectorAll('.history-followups .history-open')].find((b) => b.textContent === 'now per product');
      const th = f.closest('.history-thread');
      return { day: th.closest('.history-day').querySelector('.history-day-title').textContent, run: th.querySelector(':scope > .history-entry .history-open').textContent };`);
    assert.deepEqual(thread, { day: "Today", run: "total revenue per region" });
    await shot(s, "history-notebook");
    await (await s.xpath("//*[contains(@class,'history-followups')]//button[contains(., 'now per product')]")).click();
    await s.waitText(".opened [data-testid=answer-follows]", "A follow-up of “total revenue per region”", 15000);

    if (freshHome) {
      const unpacked = join(home, ".cache/glovebox/image/current/DIGEST");
      assert.ok(existsSync(unpacked), "the first start unpacked the packaged image into the cache");
    }
    console.log(`app e2e${freshHome ? " (installed package, first start)" : ""}: ok (cold start to interactive ${startMs.toFixed(0)} ms, ` +
      `drop to preview ${dropMs.toFixed(0)} ms, question to answer ${askMs.toFixed(0)} ms, Run to answer ${runMs.toFixed(0)} ms, cancel to stopped ${cancelMs.toFixed(0)} ms; ` +
      `screenshots that needed a repaint: ${repaintsNeeded})`);
  } catch (e) {
    // What the window showed when it failed (not committed).
    writeFileSync(join(shots, "failure.png"), await screenshot(s).catch(() => Buffer.alloc(0)));
    const text = await s.exec("return document.querySelector('main')?.innerText ?? '';").catch(() => "");
    throw new Error(`${e.message}\n--- the window's text (screenshot: ${join(shots, "failure.png")}):\n${String(text).slice(0, 1500)}`);
  } finally {
    await s.end();
    model.server.close();
  }
}

async function bench(n) {
  const starts = [];
  const asks = [];
  const runs = [];
  for (let i = 0; i < n; i++) {
    const { s, startMs } = await launch();
    try {
      const { ms: askMs } = await askToAnswer(s);
      await seeCode(s);
      const { ms } = await runToAnswer(s);
      starts.push(startMs);
      asks.push(askMs);
      runs.push(ms);
    } finally {
      await s.end();
    }
    await sleep(500);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`app bench over ${n} launches (sample: assets/samples/shop.csv, goal "total revenue per region")`);
  console.log(`  cold start to interactive window: median ${median(starts).toFixed(0)} ms (${starts.map((x) => x.toFixed(0)).join(", ")})`);
  console.log(`  question (Enter) to answer:       median ${median(asks).toFixed(0)} ms (${asks.map((x) => x.toFixed(0)).join(", ")})`);
  console.log(`  Run to answer:                    median ${median(runs).toFixed(0)} ms (${runs.map((x) => x.toFixed(0)).join(", ")})`);
}

let failed = false;
try {
  if (benchRuns > 0) await bench(benchRuns);
  else await journey();
} catch (e) {
  failed = true;
  console.error(`app e2e FAILED: ${e.stack ?? e}`);
} finally {
  stopAll();
  // The test's keys (API key, report signing key), through the CLI.
  if (existsSync(cli)) {
    spawnSync(cli, ["key", "delete", "--provider", "openai"], { env: { ...process.env, ...env }, stdio: "ignore" });
    spawnSync(cli, ["key", "delete-signing"], { env: { ...process.env, ...env }, stdio: "ignore" });
  }
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
