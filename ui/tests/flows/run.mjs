// UI flows in headless Chromium (Debian's /usr/bin/chromium through
// playwright-core) against the built front end in dist/, with the Tauri IPC
// mocked by tests/flows/harness.ts. Saves a screenshot per screen in
// tests/screenshots/. Usage: node tests/flows/run.mjs [name filter]

import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { buildHarness } from "./build-harness.mjs";
import { flows, NOW } from "./flows.mjs";

const UI = fileURLToPath(new URL("../..", import.meta.url));
const DIST = join(UI, "dist");
const SHOTS = join(UI, "tests", "screenshots");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".json": "application/json" };

function serve(root) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) { res.writeHead(403).end(); return; }
    if (!existsSync(path) || url.pathname === "/") path = join(root, "index.html");
    try {
      const body = readFileSync(path);
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function main() {
  if (!existsSync(join(DIST, "index.html"))) throw new Error("dist/ is missing: run `npm run build` first");
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  mkdirSync(SHOTS, { recursive: true });
  const filter = process.argv[2] ?? "";
  const harness = readFileSync(await buildHarness(), "utf8");
  const server = await serve(DIST);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const profile = mkdtempSync(join(tmpdir(), "glovebox-ui-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1280, height: 800 },
    locale: "en-GB",
    timezoneId: "UTC",
  });

  /** Opens the app with the mock installed for `scenario`. */
  async function open(scenario = {}, { locale } = {}) {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    if (locale) await page.addInitScript(`Object.defineProperty(navigator, "language", { get: () => ${JSON.stringify(locale)} });`);
    // A fixed date and time (timers still run): the same screenshots every day.
    await page.clock.setFixedTime(NOW);
    await page.addInitScript(`${harness}\nGloveboxMock.install(${JSON.stringify(scenario)});`);
    await page.goto(base);
    await page.waitForSelector("#app[data-ready='true']", { timeout: 10_000 });
    page.errors = errors;
    return page;
  }
  // Every screen shot fits the 1280×800 window: no page scrollbar (only the
  // screen's own pane scrolls).
  const shot = async (page, name) => {
    const size = await page.evaluate(() => {
      const e = document.scrollingElement;
      return { sh: e.scrollHeight, ch: e.clientHeight, sw: e.scrollWidth, cw: e.clientWidth };
    });
    if (size.sh > size.ch || size.sw > size.cw) {
      throw new Error(`${name}: a page scrollbar: the page is ${size.sw}×${size.sh}, the window shows ${size.cw}×${size.ch}`);
    }
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  };

  const started = Date.now();
  let failed = 0;
  let passed = 0;
  for (const flow of flows.filter((f) => f.name.includes(filter))) {
    const t0 = Date.now();
    const pages = [];
    try {
      await flow.run({ open: async (...a) => { const p = await open(...a); pages.push(p); return p; }, shot });
      for (const p of pages) {
        const errors = p.errors.filter((e) => !(flow.allowErrors && flow.allowErrors.test(e)));
        if (errors.length) throw new Error(`errors in the page: ${errors.join(" | ")}`);
      }
      passed++;
      console.log(`PASS ${flow.name} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${flow.name}: ${e.stack ?? e}`);
      if (pages[0]) await shot(pages[0], `FAILED-${flow.name.replace(/\W+/g, "-")}.tmp`).catch(() => {});
    } finally {
      for (const p of pages) await p.close();
    }
  }
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
