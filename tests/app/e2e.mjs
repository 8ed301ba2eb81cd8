// End-to-end in the real app window: glovebox-app under Xvfb, driven through
// WebDriver (tauri-driver + WebKitWebDriver), with the real engine, the real
// sandbox and a real SQLite audit log in a scratch folder.
//
//   node tests/app/e2e.mjs APP_BINARY            the user journey (make app-test)
//   node tests/app/e2e.mjs APP_BINARY --bench N  cold start and Run-to-answer
//                                                times over N launches (make app-bench)
//   node tests/app/e2e.mjs /usr/bin/glovebox-app --fresh-home
//                                                the installed .deb (make deb-test): an
//                                                empty home, so the first start unpacks
//                                                the image the package carries
//
// Screenshots of each screen go to ~/.cache/glovebox/app-screenshots/, or to
// tests/app/screenshots/ (committed) with --update-screenshots.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

async function shot(s, name) {
  if (freshHome) return; // the screenshots are of the development build
  writeFileSync(join(shots, `${name}.png`), await s.screenshot());
}

async function askAndReview(s) {
  await s.waitText(".file-card[data-file='shop.csv'] [data-testid=row-count]", "120", 30000);
  await (await s.xpath("//button[contains(., 'Next: ask a question')]")).click();
  const goal = await s.find("#goal");
  await goal.clear();
  await goal.type("total revenue per region");
  await goal.type(KEY.enter);
  await s.waitText("[data-testid=verdict]", "nothing to worry about", 60000);
}

async function runToAnswer(s) {
  const t0 = performance.now();
  await (await s.find("[data-testid=run]")).click();
  const answer = await s.waitText("[data-testid=answer]", "6,109.2", RUN_MS);
  return { answer, ms: performance.now() - t0 };
}

async function journey() {
  const { s, startMs } = await launch();
  try {
    // Doctor: this machine can sandbox (root mode here).
    assert.equal(await s.count("[data-testid=doctor-not-ready]"), 0);
    // Data: the file given on the command line is described.
    await s.waitText(".file-card[data-file='shop.csv'] [data-testid=row-count]", "120", 30000);
    const card = await s.waitText(".file-card[data-file='shop.csv']", "revenue", 5000);
    assert.match(card, /region/);
    await shot(s, "data");

    // Ask, then review the generated code.
    await askAndReview(s);
    assert.match(await s.waitText(".cm-content", "glovebox.table", 5000), /revenue/);
    await shot(s, "review");

    // Edit: a harmless comment keeps the verdict; the diff shows it.
    await (await s.find(".cm-content")).click();
    await s.keys([KEY.control, KEY.end], "\n# checked in the real window");
    await s.waitText(".cm-content", "# checked in the real window", 5000);
    await s.waitText("[data-testid=verdict]", "nothing to worry about", 10000);

    // Run: the answer, the chart, how it was computed.
    const { answer, ms: runMs } = await runToAnswer(s);
    assert.match(answer, /6,109\.2/);
    assert.equal(await s.count(".chart svg"), 1);
    assert.equal(await s.count(".chart script, .chart foreignObject"), 0);
    const network = await s.waitText(".how [data-testid=network]", "None", 5000);
    assert.match(network, /^None\. The sandbox has no network\.$/);
    const how = await s.waitText(".how", "/input/shop.csv", 5000);
    assert.match(how, /sha256:[0-9a-f]{8}/);
    await shot(s, "result");

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

    // History: the run is there, and opens in the same views.
    await (await s.find(".nav-item[data-view='history']")).click();
    await s.waitText(".history-table tbody tr", "total revenue per region", 15000);
    await (await s.find(".history-table tbody tr button")).click();
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
    // What the code prints shows while it runs, with the time against the limit.
    await s.waitText("[data-testid=output]", "still working", 30000);
    assert.match(await s.waitText("[data-testid=elapsed]", "of 1 min", 5000), /of 1 min/);
    await shot(s, "run");
    const cancelAt = performance.now();
    await (await s.find("[data-testid=cancel]")).click();
    await s.waitText("main", "cancelled", 30000);
    const cancelMs = performance.now() - cancelAt;
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

    if (freshHome) {
      const unpacked = join(home, ".cache/glovebox/image/current/DIGEST");
      assert.ok(existsSync(unpacked), "the first start unpacked the packaged image into the cache");
    }
    console.log(`app e2e${freshHome ? " (installed package, first start)" : ""}: ok (cold start to interactive ${startMs.toFixed(0)} ms, Run to answer ${runMs.toFixed(0)} ms, cancel to stopped ${cancelMs.toFixed(0)} ms)`);
  } catch (e) {
    // What the window showed when it failed (not committed).
    writeFileSync(join(shots, "failure.png"), await s.screenshot().catch(() => Buffer.alloc(0)));
    const text = await s.exec("return document.querySelector('main')?.innerText ?? '';").catch(() => "");
    throw new Error(`${e.message}\n--- the window's text (screenshot: ${join(shots, "failure.png")}):\n${String(text).slice(0, 1500)}`);
  } finally {
    await s.end();
  }
}

async function bench(n) {
  const starts = [];
  const runs = [];
  for (let i = 0; i < n; i++) {
    const { s, startMs } = await launch();
    try {
      await askAndReview(s);
      const { ms } = await runToAnswer(s);
      starts.push(startMs);
      runs.push(ms);
    } finally {
      await s.end();
    }
    await sleep(500);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`app bench over ${n} launches (sample: assets/samples/shop.csv, goal "total revenue per region")`);
  console.log(`  cold start to interactive window: median ${median(starts).toFixed(0)} ms (${starts.map((x) => x.toFixed(0)).join(", ")})`);
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
