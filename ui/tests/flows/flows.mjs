// The UI flows: each gets `open(scenario, {locale})` (a page with the mocked
// shell) and `shot(page, name)`. Assertions wait for the UI instead of sleeping.

import assert from "node:assert/strict";

const T = 5000;
/** The pages' clock (run.mjs fixes it): the history's days and the answer's
 * time are the same on every run, and so are the screenshots. */
export const NOW = Date.parse("2026-12-04T16:45:00Z");
const text = (page, selector) => page.locator(selector).first().innerText({ timeout: T });
const waitText = (page, selector, needle) =>
  page.locator(selector, { hasText: needle }).first().waitFor({ timeout: T });
const calls = (page, cmd) => page.evaluate((c) => window.__mock.calls.filter((x) => x.cmd === c).map((x) => x.args), cmd);

async function addShop(page) {
  await page.locator(".drop-zone button").click();
  await page.locator(".file-card[data-file='shop.csv']").waitFor({ timeout: T });
}

/** Asks `goal` with "Show me the code first": the code opens, checked, not run. */
async function toReview(page, goal = "total revenue per region") {
  await addShop(page);
  await page.getByRole("button", { name: "Next: ask a question" }).click();
  await page.locator("#goal").fill(goal);
  await page.getByRole("button", { name: "Show me the code first" }).click();
  await waitText(page, "[data-testid=verdict]", "nothing to worry about");
}

/** The answered sample's sandbox facts, with `patch` laid over them. */
const SANDBOX = (patch) => ({
  exit_code: 0, signal: null, timed_out: false, oom_killed: false, wall_ms: 948, cpu_ms: 692, peak_memory_bytes: 47718400,
  files_read: ["/input/shop.csv"], network_attempts: [], image_digest: "sha256:85f28a20a058b", mode: "as root", cross_check: null,
  stdout: "", stderr: "", ...patch,
});

/** Replaces the editor's whole text, as a person would (select all, type). */
async function setEditor(page, code) {
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(code);
}

export const flows = [
  {
    name: "add files: card, columns, preview grid, plain error for a bad file, a million rows",
    async run({ open, shot }) {
      const page = await open();
      assert.equal(await page.locator("h2").first().innerText(), "Add your data");
      await addShop(page);
      const card = page.locator(".file-card[data-file='shop.csv']");
      assert.equal(await card.locator("[data-testid=row-count]").innerText(), "120");
      const facts = await card.locator(".facts").innerText();
      assert.match(facts, /5\.9 KB/);
      assert.match(facts, /comma/);
      assert.match(facts, /UTF-8/);
      assert.match(await card.locator(".columns").innerText(), /revenue\s*numbers/);
      assert.match(await card.locator(".columns").innerText(), /customer_age\s*whole numbers\s*6 empty/);
      await card.locator("[role=gridcell]", { hasText: "Stapler" }).first().waitFor({ timeout: T });
      // A file dropped on the window (Tauri drag-drop event) that the engine refuses.
      await page.evaluate(() => window.__mock.emit("tauri://drag-drop", { paths: ["/tmp/bad.csv"], position: { x: 1, y: 1 } }));
      await waitText(page, ".file-error [role=alert]", "line 2 has 3 fields");
      await shot(page, "data");
      // A million rows: scroll to the end, the last row is drawn.
      await page.evaluate(() => window.__mock.emit("tauri://drag-drop", { paths: ["/tmp/big.csv"] }));
      const grid = page.locator(".file-card[data-file='big.csv'] .grid-viewport");
      await grid.waitFor({ timeout: T });
      assert.equal(await page.locator(".file-card[data-file='big.csv'] [data-testid=row-count]").innerText(), "1,000,000");
      await grid.evaluate((g) => { g.scrollTop = g.scrollHeight; });
      await grid.locator("[role=gridcell]", { hasText: "row 1000000" }).waitFor({ timeout: T });
      const drawn = await grid.locator("[role=row]").count();
      assert.ok(drawn < 40, `only the visible rows are drawn (${drawn})`);
      // Removing a file.
      await page.getByRole("button", { name: "Remove bad.csv" }).click();
      assert.equal(await page.locator(".file-error").count(), 0);
    },
  },
  {
    name: "a large file: its card shows how far it is read, then what it holds",
    async run({ open }) {
      const page = await open();
      await addShop(page);
      const shopGrid = page.locator(".file-card[data-file='shop.csv'] .grid-viewport");
      await shopGrid.evaluate((g) => { g.scrollTop = 280; });
      await page.evaluate(() => window.__mock.emit("tauri://drag-drop", { paths: ["/tmp/slow-sales.csv"] }));
      const card = page.locator(".file-card[data-file='slow-sales.csv']");
      await waitText(page, ".file-card[data-file='slow-sales.csv'] [data-testid=reading]", "43% of 1 GB");
      assert.equal(await card.locator("progress").getAttribute("value"), "43");
      await page.evaluate(() => window.__mock.emit("describe_progress", { path: "/tmp/slow-sales.csv", read: 900 * 1024 * 1024, total: 1024 * 1024 * 1024 }));
      await waitText(page, ".file-card[data-file='slow-sales.csv'] [data-testid=reading]", "87% of 1 GB");
      // The other file's card was left as it was: its preview kept its place.
      assert.equal(await shopGrid.evaluate((g) => g.scrollTop), 280);
      await page.evaluate(() => window.__mock.finishReading());
      assert.equal(await card.locator("[data-testid=row-count]").innerText(), "120");
      assert.equal(await card.locator("progress").count(), 0);
      // Formats the host does not page: the rows shown are said, none loads forever.
      await page.evaluate(() => window.__mock.emit("tauri://drag-drop", { paths: ["/tmp/sales.parquet", "/tmp/sales.jsonl"] }));
      await waitText(page, ".file-card[data-file='sales.parquet'] [data-testid=preview-note]", "No preview: the rows of this file are read only in the sandbox.");
      const json = page.locator(".file-card[data-file='sales.jsonl']");
      await waitText(page, ".file-card[data-file='sales.jsonl'] [data-testid=preview-note]", "The first 10 rows of 5,000 are shown here");
      assert.equal(await json.locator(".grid-viewport").getAttribute("aria-rowcount"), "11");
      assert.equal(await page.locator(".grid-loading").count(), 0);
    },
  },
  {
    name: "a workbook of several sheets: the sheet picked is previewed, asked about and run",
    async run({ open }) {
      const page = await open();
      await page.evaluate(() => window.__mock.emit("tauri://drag-drop", { paths: ["/tmp/book.xlsx"] }));
      const card = page.locator(".file-card[data-file='book.xlsx']");
      const picker = card.locator("[data-testid=sheet-picker]");
      await picker.waitFor({ timeout: T });
      assert.equal(await picker.inputValue(), "Notes");
      assert.deepEqual(await picker.locator("option").allInnerTexts(), ["Notes", "Sales", "Quarters"]);
      await picker.selectOption("Sales");
      await card.locator("[role=gridcell]", { hasText: "North" }).first().waitFor({ timeout: T });
      assert.equal(await card.locator("[data-testid=sheet-picker]").inputValue(), "Sales");
      assert.match(await card.locator(".columns").innerText(), /amount/);
      assert.deepEqual((await calls(page, "describe_files")).map((c) => c.paths), [["/tmp/book.xlsx"], ["/tmp/book.xlsx#Sales"]]);
      // The grid reads the sheet's rows, and the question is asked on the sheet.
      assert.ok((await calls(page, "preview_rows")).every((c) => c.path === "/tmp/book.xlsx#Sales"));
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      await page.locator("#goal").fill("total amount per region");
      await page.getByRole("button", { name: "Show me the code first" }).click();
      await page.locator("[data-testid=verdict]").waitFor({ timeout: T });
      assert.deepEqual((await calls(page, "generate_code"))[0].files, ["/tmp/book.xlsx#Sales"]);
    },
  },
  {
    name: "ask → the answer in one step: progress, then the answer, explanation, chart, how it was computed (folded); the code one click away",
    async run({ open, shot }) {
      const page = await open({ stepMs: 600 });
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      assert.match(await page.locator("#goal").getAttribute("placeholder"), /total revenue per region/);
      assert.match(await text(page, "[data-testid=ask-context]"), /Asking about shop\.csv\. Columns: date, region, product/);
      assert.equal(await page.locator("#provider").inputValue(), "offline");
      // A model provider: what would be sent can be read first; back to offline.
      await page.locator("#goal").fill("total revenue per region");
      await page.locator("#provider").selectOption("openai");
      await page.getByRole("button", { name: "Show exactly what will be sent" }).click();
      await waitText(page, "[data-testid=sent-question]", "total revenue per region");
      assert.match(await text(page, "[data-testid=sent-file]"), /"region": text, 120 non-empty, values "East", "North", "South", "West"/);
      assert.equal(await text(page, "[data-testid=sent-rows]"), "No row of your data is sent: only the column names, types and counts, and a few values of text columns.");
      assert.equal(await page.locator("[data-testid=sent-raw]").getAttribute("open"), null);
      await page.locator("#provider").selectOption("offline");
      assert.equal(await page.locator("[data-testid=sent]").isVisible(), false);
      await page.locator("#goal").fill("total revenue per region");
      await shot(page, "ask");
      // Enter: the code is written, checked (allowed) and run, with no stop on the Code step.
      await page.locator("#goal").press("Enter");
      await page.locator(".stage-current[data-stage='run']").waitFor({ timeout: T });
      assert.deepEqual((await calls(page, "generate_code"))[0], { goal: "total revenue per region", files: ["/home/ada/Documents/shop.csv"], provider: "offline" });
      assert.equal((await calls(page, "start_run")).length, 1);
      await waitText(page, "[data-testid=output]", "120 rows");
      assert.match(await text(page, "[data-testid=elapsed]"), /used of 1 min allowed/);
      await shot(page, "run");
      await waitText(page, "[data-testid=answer]", "6,109.2");
      // The next steps sit at the top: export, the code, a follow-up.
      for (const id of ["see-code", "export-pdf", "export-html", "follow-up"]) {
        const box = await page.locator(`.screen-result [data-testid=${id}]`).boundingBox();
        assert.ok(box && box.y < 300, `${id} near the top (y = ${box?.y})`);
      }
      // Above the answer: the question, and how the engine read it.
      assert.equal(await text(page, "[data-testid=reading-question]"), "You asked: total revenue per region");
      assert.equal(await text(page, "[data-testid=reading-sentence]"), "Read as: Computed the total revenue in shop.csv for each region, over all 120 rows, no filter");
      assert.equal(await page.locator(".reading .assumption, [data-testid=reading-context]").count(), 0);
      assert.match(await text(page, ".explanation"), /120 rows of shop\.csv were read/);
      const svg = page.locator(".chart svg");
      assert.equal(await svg.count(), 1);
      assert.equal(await page.locator(".chart script, .chart foreignObject").count(), 0);
      assert.equal(await page.locator("table", { hasText: "rows_used" }).count(), 0);
      // "How this was computed": folded; words first, engineering details behind a second toggle.
      const how = page.locator(".how");
      assert.equal(await how.getAttribute("open"), null);
      await shot(page, "result");
      await how.locator(":scope > summary").click();
      assert.match(await how.locator("[data-testid=network]").innerText(), /^None\. The sandbox has no network\.$/);
      assert.equal(await text(page, ".how [data-testid=time]"), "948 ms of 1 min");
      assert.equal(await text(page, ".how [data-testid=memory]"), "46 MB of 1 GB");
      assert.match(await how.innerText(), /\/input\/shop\.csv/);
      assert.equal(await how.locator("[data-testid=how-details]").getAttribute("open"), null);
      assert.doesNotMatch(await how.innerText(), /sha256|cgroup|Exit code/);
      await how.locator("[data-testid=how-details] > summary").click();
      const details = await how.locator("[data-testid=how-details]").innerText();
      assert.match(details, /692 ms of 1 min/);
      assert.match(details, /sha256:85f28a20/);
      const req = (await calls(page, "start_run"))[0].request;
      assert.equal(req.approve_review, false);
      // "See and edit the code": the code that ran, its plan in words, who wrote it.
      await page.locator(".screen-result [data-testid=see-code]").click();
      await waitText(page, "[data-testid=verdict]", "nothing to worry about");
      assert.match(await text(page, ".cm-content"), /glovebox\.table\("total revenue by region"/);
      assert.equal(await text(page, ".screen-review [data-testid=plan] .plan-line"), "In words\nComputed the total revenue in shop.csv for each region, over all 120 rows, no filter");
      assert.match(await text(page, ".screen-review [data-testid=plan]"), /For each\s+region/);
      assert.doesNotMatch(await text(page, ".screen-review [data-testid=plan]"), /Goal:/);
      assert.match(await text(page, ".screen-review"), /Written by Glovebox's own recipes, on this computer/);
      await shot(page, "review");
      await page.locator(".nav-item[data-view='result']").click();
      // Export: the save dialog, then the signed report.
      await page.locator("[data-testid=export-pdf]").click();
      await waitText(page, "[data-testid=export-result]", "signed by key 3f9a0c1de2b4f5a6");
      const exported = (await calls(page, "export_report"))[0];
      assert.equal(exported.format, "pdf");
      // The file is named after the question (the shell's name, proposed in the dialog), not the run id.
      assert.equal(exported.path, "/home/ada/Documents/total-revenue-per-region-2026-12-04.pdf");
      assert.equal(exported.runId, await page.locator(".report").first().getAttribute("data-run"));
      // The success line says where in plain words (no command to type) and offers to open it.
      const said = await text(page, "[data-testid=export-result-text]");
      assert.match(said, /^Saved as total-revenue-per-region-2026-12-04\.pdf in \/home\/ada\/Documents\./);
      assert.doesNotMatch(said, /glovebox verify/);
      await page.locator("[data-testid=export-open]").click();
      await page.waitForFunction(() => (window).__mock.calls.some((c) => c.cmd === "open_report"));
      assert.deepEqual((await calls(page, "open_report"))[0], { path: exported.path });
      await page.locator("[data-testid=export-result]").scrollIntoViewIfNeeded();
      await shot(page, "result-exported");
    },
  },
  {
    name: "ask a follow-up on the answer: it refines that run, on the same files, and is answered the same way",
    async run({ open }) {
      const page = await open();
      await toReview(page);
      await page.locator("[data-testid=run]").click();
      await waitText(page, "[data-testid=answer]", "6,109.2");
      const runId = await page.locator(".report").first().getAttribute("data-run");
      assert.equal(await text(page, ".follow-up label"), "Ask a follow-up");
      await page.locator("[data-testid=follow-up]").fill("as a pie chart");
      await page.locator("[data-testid=follow-up]").press("Enter");
      await page.waitForFunction(() => window.__mock.calls.filter((x) => x.cmd === "generate_code").length === 2, null, { timeout: T });
      const asked = await calls(page, "generate_code");
      assert.deepEqual(asked[1], { goal: "as a pie chart", files: ["/home/ada/Documents/shop.csv"], provider: "offline", follows: runId });
      // The code written for the follow-up is checked like any other and, allowed, runs at once.
      await page.waitForFunction(() => window.__mock.calls.filter((x) => x.cmd === "start_run").length === 2, null, { timeout: T });
      assert.equal((await calls(page, "start_run"))[1].request.goal, "as a pie chart");
      await waitText(page, ".screen-result [data-testid=reading-question]", "as a pie chart");
    },
  },
  {
    name: "edit the code: a deny finding appears inline, Run is disabled, the diff shows the change",
    async run({ open, shot }) {
      const page = await open();
      await toReview(page);
      await page.locator(".cm-content").click();
      await page.keyboard.press("Control+Home");
      await page.keyboard.insertText("import socket\n");
      await waitText(page, "[data-testid=verdict]", "cannot run");
      assert.match(await text(page, ".findings"), /Line 1\s*blocks\s*the code imports socket/);
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), true);
      await page.locator(".cm-lintRange-error").first().waitFor({ timeout: T });
      await page.getByRole("button", { name: "Show my changes" }).click();
      await waitText(page, ".diff-added", "import socket");
      await shot(page, "review-deny");
      // Restoring the generated code makes it runnable again.
      await page.getByRole("button", { name: "Restore the generated code" }).click();
      await waitText(page, "[data-testid=verdict]", "nothing to worry about");
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), false);
      assert.match(await text(page, ".diff-box"), /No change from the generated code\./);
      // Checks are debounced: one check for a burst of typing.
      const before = (await calls(page, "check_code")).length;
      await page.locator(".cm-content").click();
      await page.keyboard.press("Control+End");
      await page.keyboard.type("# a b c d e f", { delay: 10 });
      await page.waitForTimeout(700);
      const after = (await calls(page, "check_code")).length;
      assert.ok(after - before <= 2, `debounced checks: ${after - before}`);
    },
  },
  {
    name: "code is bound to its question: another question, file or provider turns Run off; a refused question clears the code",
    async run({ open, shot }) {
      const page = await open({ stepMs: 50 });
      await toReview(page);
      assert.match(await text(page, "[data-testid=drafted-question]"), /total revenue per region/);
      assert.equal(await page.locator("[data-testid=stale]").isVisible(), false);
      // Another question: the code stays on screen, Run is off and says why.
      await page.locator(".nav-item[data-view='ask']").click();
      await page.locator("#goal").fill("average units per month");
      await page.locator(".nav-item[data-view='review']").click();
      await waitText(page, "[data-testid=stale]", "The question changed: write the code again for this question.");
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), true);
      await shot(page, "review-stale");
      // Even a click that gets through (the button enabled by hand) runs nothing.
      await page.locator("[data-testid=run]").evaluate((b) => { b.disabled = false; b.click(); });
      await waitText(page, ".notice", "The question changed");
      assert.equal((await calls(page, "start_run")).length, 0);
      // The drafted question typed back: the code answers it again.
      await page.locator(".nav-item[data-view='ask']").click();
      await page.locator("#goal").fill("total revenue per region ");
      await page.locator(".nav-item[data-view='review']").click();
      assert.equal(await page.locator("[data-testid=stale]").isVisible(), false);
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), false);
      // Another provider, then another file: Run off again, each with its sentence.
      await page.locator(".nav-item[data-view='ask']").click();
      await page.locator("#provider").selectOption("anthropic");
      await page.locator(".nav-item[data-view='review']").click();
      await waitText(page, "[data-testid=stale]", "Who writes the code changed");
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), true);
      await page.locator(".nav-item[data-view='ask']").click();
      await page.locator("#provider").selectOption("offline");
      await page.evaluate(() => window.__mock.emit("tauri://drag-drop", { paths: ["/tmp/more.csv"] }));
      await page.locator(".nav-item[data-view='data']").click();
      await page.locator(".file-card[data-file='more.csv']").waitFor({ timeout: T });
      await page.locator(".nav-item[data-view='review']").click();
      await waitText(page, "[data-testid=stale]", "The files changed: write the code again for these files.");
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), true);
      await page.locator(".nav-item[data-view='data']").click();
      await page.getByRole("button", { name: "Remove more.csv" }).click();
      await page.locator(".nav-item[data-view='review']").click();
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), false);
      // "Write the code again" asks the question on screen; a refused one clears the code.
      await page.locator(".nav-item[data-view='ask']").click();
      await page.locator("#goal").fill("what is the weather on mars");
      await page.locator(".nav-item[data-view='review']").click();
      await page.locator("[data-testid=stale] button").click();
      await waitText(page, ".screen-ask [role=alert]", "did not understand what to compute");
      assert.equal(await page.locator(".nav-item[data-view='review']").isDisabled(), true);
      assert.deepEqual((await calls(page, "generate_code")).map((c) => c.goal), ["total revenue per region", "what is the weather on mars"]);
      // Asked again: new code for the new question, and it runs at once with that question.
      await page.locator("#goal").fill("average units per month");
      await page.locator("#goal").press("Enter");
      await waitText(page, "[data-testid=answer]", "6,109.2");
      assert.equal(await text(page, ".screen-result [data-testid=reading-question]"), "You asked: average units per month");
      const runs = await calls(page, "start_run");
      assert.equal(runs.length, 1);
      assert.equal(runs[0].request.goal, "average units per month");
      assert.deepEqual(runs[0].request.files, ["/home/ada/Documents/shop.csv"]);
    },
  },
  {
    name: "a question not understood: the reason without its list, rephrasings as buttons; one click asks it and lands on its answer",
    async run({ open }) {
      const page = await open({ stepMs: 50 });
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      await page.locator("#goal").fill("what is the weather on mars");
      await page.locator("#goal").press("Enter");
      await waitText(page, ".screen-ask [role=alert]", "did not understand what to compute");
      const reason = await text(page, ".screen-ask [role=alert]");
      assert.match(reason, /returned \(yes\/no\)\.$/);
      assert.doesNotMatch(reason, /You could ask|average of units/);
      const buttons = page.locator(".screen-ask [data-testid=suggestions] button");
      assert.deepEqual(await buttons.allInnerTexts(), ["average of units", "total of units per region", "average of unit_price"]);
      assert.equal(await text(page, ".screen-ask .suggestions-label"), "You could ask:");
      // Typing puts them away (they were for the question typed before).
      await page.locator("#goal").fill("what is the weather on mars?");
      assert.equal(await page.locator(".screen-ask [data-testid=suggestions]").count(), 0);
      await page.locator("#goal").press("Enter");
      await buttons.first().waitFor({ timeout: T });
      await page.getByRole("button", { name: "total of units per region" }).click();
      await waitText(page, "[data-testid=answer]", "6,109.2");
      assert.equal(await text(page, ".screen-result [data-testid=reading-question]"), "You asked: total of units per region");
      assert.deepEqual((await calls(page, "generate_code")).map((c) => c.goal),
        ["what is the weather on mars", "what is the weather on mars?", "total of units per region"]);
      await page.locator(".nav-item[data-view='ask']").click();
      assert.equal(await page.locator("#goal").inputValue(), "total of units per region");
      assert.equal(await page.locator(".screen-ask [role=alert]").innerText(), "");
      assert.equal(await page.locator(".screen-ask [data-testid=suggestions]").count(), 0);
    },
  },
  {
    name: "a run that stops with rephrasings offers them on its answer screen, and from history; a click asks again",
    async run({ open }) {
      const page = await open({ stepMs: 50, finish: "stopped" });
      await toReview(page);
      await page.locator("[data-testid=run]").click();
      await waitText(page, ".answer-stopped .stop-reason", "did not understand what to compute");
      assert.doesNotMatch(await text(page, ".answer-stopped .stop-reason"), /You could ask/);
      assert.equal(await text(page, ".screen-result [data-testid=reading-question]"), "You asked: total revenue per region");
      assert.equal(await page.locator(".screen-result [data-testid=reading-sentence]").count(), 0);
      const buttons = page.locator(".answer-stopped [data-testid=suggestions] button");
      assert.deepEqual(await buttons.allInnerTexts(), ["average of units", "total of units per region", "average of unit_price"]);
      await page.getByRole("button", { name: "average of unit_price" }).click();
      await waitText(page, ".screen-result [data-testid=reading-question]", "You asked: average of unit_price");
      assert.equal((await calls(page, "generate_code")).at(-1).goal, "average of unit_price");
      assert.equal((await calls(page, "start_run")).at(-1).request.goal, "average of unit_price");
      // The same stop opened from history.
      await page.locator(".nav-item[data-view='history']").click();
      await page.locator(".history-entry[data-run='run-a2428a81cb670640'] .history-open").click();
      await waitText(page, ".opened .answer-stopped", "did not understand what to compute");
      assert.equal(await text(page, ".opened [data-testid=reading-question]"), "You asked: what is the weather on mars");
      await page.locator(".opened [data-testid=suggestions] button", { hasText: "average of units" }).click();
      await waitText(page, ".screen-result [data-testid=reading-question]", "You asked: average of units");
      assert.equal((await calls(page, "generate_code")).at(-1).goal, "average of units");
    },
  },
  {
    name: "the reading restated: assumptions marked, context set aside, in the UI's language; hostile text stays text",
    async run({ open }) {
      const hostile = "<img src=x onerror=alert(1)>";
      const reportPatch = {
        interpretation: {
          sentence: `Calcul du total de units dans shop.csv, sur les 120 lignes, sans filtre ${hostile}`, file: "shop.csv",
          measures: ["total de units"], columns: ["units"], filters: [], grouping: null,
          assumptions: [
            { text: "« combien » lu comme le total de units", instead: "combien de lignes ?" },
            { text: hostile },
          ],
          context: ["je prépare le conseil d'administration", "<script>alert(2)</script>"],
        },
        output_files: ["résumé.csv"],
        output_left_out: [`${hostile}.csv: the name holds a character that is not allowed`],
      };
      const page = await open({ stepMs: 50, reportPatch }, { locale: "fr-FR" });
      await addShop(page);
      await page.getByRole("button", { name: "Suite : poser une question" }).click();
      await page.locator("#goal").fill("je prépare le conseil d'administration : combien d'unités ?");
      await page.locator("#goal").press("Enter");
      await page.locator(".screen-result [data-testid=reading]").waitFor({ timeout: T });
      assert.equal(await text(page, "[data-testid=reading-question]"), "Votre question : je prépare le conseil d'administration : combien d'unités ?");
      assert.equal(await text(page, "[data-testid=reading-sentence]"), `Comprise comme : Calcul du total de units dans shop.csv, sur les 120 lignes, sans filtre ${hostile}`);
      assert.deepEqual(await page.locator(".reading .assumption").allInnerTexts(),
        ["Hypothèse « combien » lu comme le total de units Pas ça : demander sans", `Hypothèse ${hostile}`]);
      // Only the assumption that can be taken back has its button.
      assert.equal(await page.locator(".reading [data-testid=assumption-undo]").count(), 1);
      assert.equal(await text(page, "[data-testid=reading-context]"), "Non utilisé : « je prépare le conseil d'administration », « <script>alert(2)</script> »");
      assert.equal(await page.locator(".screen-result img, .screen-result script, .reading [onerror]").count(), 0);
      // The files the code wrote, and those the sandbox left out with why, as text
      // (in "How this was computed", folded until opened).
      await page.locator(".screen-result .how > summary").click();
      assert.equal(await text(page, ".screen-result [data-testid=outputs]"), "résumé.csv");
      assert.equal(await text(page, ".screen-result [data-testid=outputs-left-out]"), `${hostile}.csv: the name holds a character that is not allowed`);
      // The reading comes first, under the title.
      assert.equal(await page.locator(".report > :first-child").getAttribute("data-testid"), "reading");
      // "Not this": the question without the assumption is asked and, its
      // code allowed, run at once — one click from the answer to the new one.
      const runsBefore = (await calls(page, "start_run")).length;
      await page.locator(".reading [data-testid=assumption-undo]").click();
      await page.waitForFunction((n) => window.__mock.calls.filter((c) => c.cmd === "start_run").length > n, runsBefore, { timeout: T });
      assert.equal((await calls(page, "generate_code")).at(-1).goal, "combien de lignes ?");
      assert.equal((await calls(page, "start_run")).at(-1).request.goal, "combien de lignes ?");
      await page.locator(".screen-result [data-testid=reading-question]").waitFor({ timeout: T });
      await waitText(page, ".screen-result [data-testid=reading-question]", "combien de lignes ?");
      // Refusals with hostile rephrasings: text in the message and on the buttons.
      await page.locator(".nav-item[data-view='ask']").click();
      await page.locator("#goal").fill("a hostile question");
      await page.locator("#goal").press("Enter");
      await waitText(page, ".screen-ask [role=alert]", "not understood");
      assert.equal(await text(page, ".screen-ask [role=alert]"), "<b>not understood</b>.");
      assert.deepEqual(await page.locator(".screen-ask [data-testid=suggestions] button").allInnerTexts(), [`${hostile} total`, "<script>alert(2)</script>"]);
      assert.equal(await page.locator(".screen-ask img, .screen-ask b, .screen-ask script").count(), 0);
      assert.equal(await page.evaluate(() => document.querySelectorAll("main img, main script, [onerror]").length), 0);
    },
  },
  {
    name: "code the policy holds for review opens first: nothing runs until Run anyway",
    async run({ open, shot }) {
      const page = await open({ stepMs: 50 });
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      await page.locator("#goal").fill("how many rows have revenue over 100");
      await page.locator("#goal").press("Enter");
      await waitText(page, "[data-testid=verdict]", "needs your approval");
      assert.equal(await page.locator(".screen-review").count(), 1);
      assert.equal((await calls(page, "start_run")).length, 0);
      assert.match(await text(page, ".findings"), /Line 6/);
      await shot(page, "review-needs-approval");
      await page.locator("[data-testid=run-anyway]").click();
      await waitText(page, "[data-testid=answer]", "44");
      assert.equal((await calls(page, "start_run"))[0].request.approve_review, true);
    },
  },
  {
    name: "the setting 'always show me the code first': every question opens its code, saved with the settings",
    async run({ open }) {
      const page = await open({ stepMs: 50 });
      await addShop(page);
      await page.locator(".nav-item[data-view='settings']").click();
      assert.equal(await page.locator("#set-code-first").isChecked(), false);
      await page.locator("#set-code-first").check();
      await page.getByRole("button", { name: "Save settings" }).click();
      await waitText(page, "[data-testid=settings-message]", "Settings saved.");
      assert.equal((await calls(page, "set_settings")).at(-1).settings.show_code_first, true);
      await page.locator(".nav-item[data-view='ask']").click();
      assert.equal(await page.getByRole("button", { name: "Show me the code first" }).count(), 0);
      await page.locator("#goal").fill("total revenue per region");
      await page.locator("#goal").press("Enter");
      await waitText(page, "[data-testid=verdict]", "nothing to worry about");
      assert.equal((await calls(page, "start_run")).length, 0);
      await page.locator("[data-testid=run]").click();
      await waitText(page, "[data-testid=answer]", "6,109.2");
    },
  },
  {
    name: "a Python error: a sentence first, the traceback behind 'Technical details'; the code one click away",
    async run({ open, shot }) {
      const reason = "the calculation failed at line 6: FileNotFoundError: [Errno 2] No such file or directory: '/input/ventes_fr.csv'";
      const traceback = 'Traceback (most recent call last):\n  File "/job/main.py", line 6, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: \'/input/ventes_fr.csv\'';
      const page = await open({ stepMs: 50, finish: "stopped", reportPatch: { stop_kind: "result", stop_reason: reason, suggestions: [], interpretation: null, sandbox: SANDBOX({ exit_code: 1, stderr: traceback }) } });
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      await page.locator("#goal").fill("total revenue per region");
      await page.locator("#goal").press("Enter");
      await waitText(page, "[data-stop=code_error] .answer-status", "The calculation stopped on an error");
      assert.equal(await text(page, "[data-stop=code_error] .stop-reason"), "The code tried to read a file that is not one of your files. It happened at line 6 of the code.");
      assert.equal(await page.locator("[data-testid=stop-details]").getAttribute("open"), null);
      assert.doesNotMatch(await text(page, "[data-stop=code_error]"), /FileNotFoundError/);
      await shot(page, "result-code-error");
      await page.locator("[data-testid=stop-details] summary").click();
      assert.match(await text(page, "[data-testid=stop-details] pre"), /Traceback \(most recent call last\)/);
      await page.locator(".screen-result [data-testid=see-code]").click();
      await page.locator(".screen-review").waitFor({ timeout: T });
    },
  },
  {
    name: "a time-limit stop is not an error: it says how long it ran and leads to the time limit",
    async run({ open, shot }) {
      const reason = "the calculation took longer than 60 seconds and was stopped; to give it more time, raise the time limit (in the app's Settings, or with --time-limit SECONDS)";
      const page = await open({ stepMs: 50, finish: "stopped", reportPatch: { stop_kind: "result", stop_reason: reason, suggestions: [], interpretation: null, sandbox: SANDBOX({ timed_out: true, wall_ms: 60_200 }) } });
      await toReview(page);
      await page.locator("[data-testid=run]").click();
      await waitText(page, "[data-stop=time_limit]", "The calculation ran out of time");
      assert.equal(await page.locator(".answer-stopped").count(), 0);
      assert.equal(await text(page, "[data-stop=time_limit] .stop-reason"), "It was stopped after 1 min, its time limit. To give it more time, raise the time limit in Settings, then ask again.");
      await shot(page, "result-time-limit");
      await page.getByRole("button", { name: "Raise the time limit" }).click();
      await page.locator("#set-time").waitFor({ timeout: T });
    },
  },
  {
    name: "answer tiles: the result's order, units on the values (%, a currency, counts bare); memory against the limit the run had",
    async run({ open, shot }) {
      const items = [
        { name: "share of rows (yes)", value: 22.5, unit: "percent" },
        { name: "total revenue (West)", value: 1250, unit: "EUR" },
        { name: "total revenue (East)", value: 980.5, unit: "EUR" },
        { name: "rows", value: 120, unit: "count" },
      ];
      const values = Object.fromEntries(items.map((i) => [i.name, i.value]));
      const answer = { text: "", values, items };
      const sandbox = SANDBOX({ memory_limit_bytes: 2 * 1024 ** 3, memory_limit_from: "input" });
      const page = await open({ stepMs: 50, reportPatch: { answer, sandbox } });
      await toReview(page);
      await page.locator("[data-testid=run]").click();
      await waitText(page, "[data-testid=answer]", "22.5 %");
      const tiles = await page.locator("[data-testid=answer] .answer-value").allInnerTexts();
      assert.deepEqual(tiles.map((t) => t.replace(/\s+/g, " ").trim()), [
        "share of rows (yes) 22.5 %",
        "total revenue (West) 1,250 EUR",
        "total revenue (East) 980.5 EUR",
        "rows 120",
      ]);
      await shot(page, "result-units");
      await page.locator(".how > summary").click();
      assert.equal(await text(page, ".how [data-testid=memory]"), "46 MB of 2 GB");
    },
  },
  {
    name: "dark theme: the code editor follows it",
    async run({ open, shot }) {
      const page = await open({ stepMs: 50 });
      await toReview(page);
      const colours = () => page.evaluate(() => {
        const editor = document.querySelector(".cm-editor");
        const keyword = [...document.querySelectorAll(".cm-line span")].find((x) => x.textContent === "import");
        return { bg: getComputedStyle(editor).backgroundColor, keyword: keyword ? getComputedStyle(keyword).color : null };
      });
      const light = await colours();
      await page.evaluate(() => { document.documentElement.dataset.theme = "dark"; });
      const dark = await colours();
      assert.equal(light.bg, "rgb(255, 255, 255)");
      assert.equal(dark.bg, "rgb(30, 35, 43)");
      assert.equal(light.keyword, "rgb(122, 31, 162)");
      assert.equal(dark.keyword, "rgb(214, 163, 255)");
      await shot(page, "review-dark");
    },
  },
  {
    name: "a review verdict needs Run anyway, recorded as approval",
    async run({ open }) {
      const page = await open({ stepMs: 50 });
      await toReview(page);
      await setEditor(page, 'import pandas as pd\nimport glovebox\n\ndata = pd.read_csv("/input/shop.csv")\ncondition = "revenue > " + str(100)\nbig = data.query(condition)\nglovebox.answer("rows with revenue over 100", len(big))\n');
      await waitText(page, "[data-testid=verdict]", "needs your approval");
      assert.equal(await page.locator("[data-testid=run]").isVisible(), false);
      await waitText(page, ".findings", "Line 6");
      await page.locator("[data-testid=run-anyway]").click();
      await waitText(page, "[data-testid=answer]", "44");
      const req = (await calls(page, "start_run"))[0].request;
      assert.equal(req.approve_review, true);
      assert.match(req.code, /data\.query\(condition\)/);
    },
  },
  {
    name: "cancel a run",
    async run({ open }) {
      const page = await open({ hang: true, stepMs: 100 });
      await toReview(page);
      await page.locator("[data-testid=run]").click();
      await page.locator(".stage-current[data-stage='explain']").waitFor({ timeout: T });
      await page.locator("[data-testid=cancel]").click();
      // The person's own choice: a calm note, not a red error.
      await waitText(page, "[data-stop=cancelled]", "You stopped this run");
      assert.equal(await page.locator(".answer-stopped").count(), 0);
      assert.match(await text(page, "[data-stop=cancelled]"), /Nothing was answered and nothing was changed\./);
      assert.equal((await calls(page, "cancel_run")).length, 1);
      assert.match((await calls(page, "cancel_run"))[0].runId, /^run-mock-/);
    },
  },
  {
    name: "waiting for a model: seconds and its reply as it writes; Cancel; a failing service's plain error with Retry",
    async run({ open, shot }) {
      const page = await open({ generations: ["hang", "fail", "write"], tickMs: 150, apiKeyHint: "abcd" });
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      // Offline code is written at once: no wait is shown for it.
      await page.locator("#goal").fill("total revenue per region");
      await page.locator("#goal").press("Enter");
      await waitText(page, "[data-testid=answer]", "6,109.2");
      await page.locator(".nav-item[data-view=ask]").click();
      await page.locator("#provider").selectOption("openai");
      await page.locator("[data-testid=answer-button]").click();
      await waitText(page, "[data-testid=wait-status]", "Waiting for the model…");
      // The seconds go up (2 s or more: the mock's ticks are quicker than seconds).
      await waitText(page, "[data-testid=wait-seconds]", /^([2-9]|\d{2,}) s$/);
      assert.equal(await page.getByRole("button", { name: "Working on the answer…" }).isDisabled(), true);
      await shot(page, "ask-waiting");
      // Cancel: the shell is told, the wait goes, a plain message with Retry.
      await page.getByRole("button", { name: "Cancel" }).click();
      await waitText(page, ".screen-ask [role=alert]", "You stopped waiting for the model.");
      assert.equal(await page.locator("[data-testid=model-wait]").isHidden(), true);
      assert.equal((await calls(page, "cancel_generation")).length, 1);
      // Retry: this time the service keeps failing; its reason, Retry again.
      await page.getByRole("button", { name: "Retry" }).click();
      await waitText(page, ".screen-ask [role=alert]", "did not answer within 60 s (3 tries; the last: HTTP 503: overloaded)");
      assert.equal(await page.locator("[data-testid=model-wait]").isHidden(), true);
      await shot(page, "ask-model-failed");
      // Retry once more: the model writes, its reply shows as it comes, then the code.
      await page.getByRole("button", { name: "Retry" }).click();
      await waitText(page, "[data-testid=wait-status]", "The model is writing the code…");
      await waitText(page, "[data-testid=wait-seconds]", "characters");
      assert.ok((await text(page, ".model-reply")).length > 0);
      await waitText(page, "[data-testid=answer]", "6,109.2");
      const asked = await calls(page, "generate_code");
      assert.deepEqual(asked.map((a) => a.provider), ["offline", "openai", "openai", "openai"]);
    },
  },
  {
    name: "history: a notebook by day, follow-ups nested, search by question, file and date, open a past run, Escape back, verify the audit chain",
    async run({ open, shot }) {
      const page = await open();
      await page.locator(".nav-item[data-view='history']").click();
      await page.locator(".history-entry").nth(5).waitFor({ timeout: T });
      assert.equal(await page.locator(".history-entry").count(), 6);
      // Days: today and yesterday in words, older days as dates (the flows run in UTC).
      const headings = await page.locator(".history-day-title").allInnerTexts();
      assert.deepEqual(headings.slice(0, 2), ["Today", "Yesterday"]);
      const longDay = (days) => {
        const d = new Date(NOW - days * 86_400_000);
        const weekday = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][d.getUTCDay()];
        const month = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][d.getUTCMonth()];
        return new RegExp(`^${weekday},? ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}$`);
      };
      assert.match(headings[2], longDay(3));
      assert.equal(headings.length, 5);
      // Each run titled by its question; the follow-up under the run it refines.
      const today = page.locator(".history-day").first();
      assert.deepEqual(await today.locator(".history-thread > .history-entry .history-open").allInnerTexts(), ["total revenue per region"]);
      assert.deepEqual(await today.locator(".history-followups .history-entry").evaluateAll((es) => es.map((e) => e.dataset.run)), ["run-0f011e5a2b3c4d5e"]);
      assert.equal(await today.locator(".history-followups .history-open").innerText(), "as a bar chart");
      assert.match(await today.locator(".history-thread > .history-entry .history-entry-facts").innerText(), /^09:30 · shop\.csv\s+Answered$/);
      await page.locator("[data-testid=verify]").click();
      await waitText(page, "[data-testid=verify-result]", "Audit log intact: 25 entries, chain verified.");
      await shot(page, "history");
      const shown = () => page.locator(".history-entry").evaluateAll((es) => es.map((e) => e.dataset.run));
      const searchFor = async (q, expected) => {
        await page.locator("#history-search").fill(q);
        await page.waitForFunction((ids) => [...document.querySelectorAll(".history-entry")].map((e) => e.dataset.run).join() === ids,
          expected.join(), { timeout: T }).catch(() => {});
        assert.deepEqual(await shown(), expected, q);
      };
      await searchFor("mars", ["run-a2428a81cb670640"]);
      // A follow-up found: shown under its run, which is there as its context.
      await searchFor("bar chart", ["run-54321811a5c30b0d", "run-0f011e5a2b3c4d5e"]);
      assert.equal(await page.locator(".history-context").count(), 1);
      await searchFor("yesterday", ["run-dfdd3ed018ffb259"]);
      const isoDay = new Date(NOW - 20 * 86_400_000).toISOString().slice(0, 10);
      await searchFor(isoDay, ["run-a2428a81cb670640"]);
      await searchFor("no such words", []);
      assert.equal(await text(page, "[data-testid=history-empty]"), "No run matches.");
      await page.locator("#history-search").fill("");
      await page.waitForFunction(() => document.querySelectorAll(".history-entry").length === 6, null, { timeout: T });
      await page.locator("#history-status").selectOption("blocked");
      assert.deepEqual(await shown(), ["run-7a26a90b39356bb0"]);
      await page.locator("#history-status").selectOption("");
      // A follow-up opens in the answer view: which run it follows, its files.
      await page.locator(".history-entry[data-run='run-0f011e5a2b3c4d5e'] .history-open").click();
      await waitText(page, "[data-testid=answer]", "5,394.6");
      assert.equal(await text(page, ".opened [data-testid=answer-follows]"), "A follow-up of “total revenue per region”");
      assert.equal(await text(page, ".opened [data-testid=reading-question]"), "You asked: as a bar chart");
      await page.keyboard.press("Escape");
      await page.locator(".history-entry[data-run='run-54321811a5c30b0d'] .history-open").click();
      await waitText(page, "[data-testid=answer]", "5,394.6");
      // Above it: the question from the list, the files and date, how the engine read it.
      assert.equal(await text(page, ".opened [data-testid=reading-question]"), "You asked: total revenue per region");
      assert.match(await text(page, ".opened [data-testid=answer-meta]"), /^Files: shop\.csv · \d+ \w+ \d{4}, 09:30$/);
      assert.equal(await page.locator(".opened [data-testid=answer-follows]").count(), 0);
      assert.equal(await page.locator(".opened [data-testid=export-pdf]").count(), 1);
      assert.equal(await page.locator(".opened [data-testid=follow-up-form]").count(), 1);
      assert.match(await text(page, ".opened [data-testid=reading-sentence]"), /^Read as: Computed the total revenue in shop\.csv for each region/);
      assert.equal(await page.locator(".opened .chart svg").count(), 1);
      await shot(page, "history-run");
      await page.keyboard.press("Escape");
      await page.locator(".history-day").first().waitFor({ timeout: T });
      // A French question: its reading in French, under labels in the UI's language.
      await page.locator(".history-entry[data-run='run-dfdd3ed018ffb259'] .history-open").click();
      await waitText(page, ".opened [data-testid=reading-question]", "You asked: chiffre d'affaires mensuel");
      assert.match(await text(page, ".opened [data-testid=reading-sentence]"), /^Read as: Calcul du total de revenue par mois dans shop\.csv/);
      assert.equal(await page.locator(".opened [data-testid=reading-sentence] span[lang=fr]").count(), 1);
      await page.keyboard.press("Escape");
      await page.locator(".history-day").first().waitFor({ timeout: T });
      // A blocked run shows its findings (and offers no follow-up).
      await page.locator(".history-entry[data-run='run-7a26a90b39356bb0'] .history-open").click();
      await waitText(page, ".answer-blocked", "imports socket");
      assert.equal(await page.locator(".opened [data-testid=follow-up-form]").count(), 0);
      // Code that was not read from a question by the engine has no reading.
      assert.equal(await page.locator(".opened [data-testid=reading-sentence]").count(), 0);
      await page.locator("[data-testid=back]").click();
    },
  },
  {
    name: "first launch: 'Try with an example' adds the example file; the Ask screen offers questions about it that ask at once",
    async run({ open, shot }) {
      const page = await open({ stepMs: 40 });
      const offer = page.locator("[data-testid=sample-offer]");
      assert.equal(await offer.isVisible(), true);
      assert.match(await offer.innerText(), /No file at hand\?/);
      await shot(page, "data-empty");
      await page.getByRole("button", { name: "Try with an example" }).click();
      await page.locator(".file-card[data-file='shop.csv']").waitFor({ timeout: T });
      assert.deepEqual((await calls(page, "describe_files")).map((c) => c.paths), [["/home/ada/.local/share/glovebox/samples/shop.csv"]]);
      assert.equal(await offer.isVisible(), false);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      const examples = page.locator("[data-testid=ask-examples] button");
      assert.deepEqual(await examples.allInnerTexts(), ["total revenue per region", "average revenue per product", "share of returns"]);
      await shot(page, "ask-examples");
      await examples.nth(1).click();
      await waitText(page, ".screen-result [data-testid=reading-question]", "You asked: average revenue per product");
      assert.equal((await calls(page, "generate_code")).at(-1).goal, "average revenue per product");
      assert.equal((await calls(page, "start_run")).at(-1).request.goal, "average revenue per product");
      // The example removed: no more questions about it, and the offer is back.
      await page.locator(".nav-item[data-view='data']").click();
      await page.locator(".file-card[data-file='shop.csv'] button[aria-label^='Remove']").click();
      await offer.waitFor({ timeout: T });
      await page.locator(".nav-item[data-view='ask']").click();
      assert.equal(await page.locator("[data-testid=ask-examples]").isVisible(), false);
    },
  },
  {
    name: "a file of one's own gets no example questions; the example's questions are in the UI's language",
    async run({ open }) {
      const page = await open();
      await addShop(page);
      assert.equal(await page.locator("[data-testid=sample-offer]").isVisible(), false);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      assert.equal(await page.locator("[data-testid=ask-examples]").isVisible(), false);
      const fr = await open({}, { locale: "fr-FR" });
      await fr.getByRole("button", { name: "Essayer avec un exemple" }).click();
      await fr.locator(".file-card[data-file='shop.csv']").waitFor({ timeout: T });
      await fr.locator(".nav-item[data-view='ask']").click();
      assert.deepEqual(await fr.locator("[data-testid=ask-examples] button").allInnerTexts(),
        ["chiffre d'affaires total par région", "chiffre d'affaires moyen par produit", "part des retours"]);
    },
  },
  {
    name: "not understood offline, no model set up: 'Ask a language model instead' opens the model fields in Settings",
    async run({ open, shot }) {
      const page = await open();
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      await page.locator("#goal").fill("what is the weather on mars");
      await page.locator("#goal").press("Enter");
      await page.locator("[data-testid=suggestions] button").first().waitFor({ timeout: T });
      const offer = page.getByRole("button", { name: "Ask a language model instead" });
      assert.equal(await offer.count(), 1);
      await shot(page, "ask-not-understood");
      await offer.click();
      await page.locator("[data-testid=model-setup-note]").waitFor({ timeout: T });
      assert.equal(await page.locator("h2").first().innerText(), "Settings");
      assert.equal(await page.locator("#set-provider").inputValue(), "openai");
      assert.equal(await page.locator("[data-testid=model-fields]").isVisible(), true);
      await page.waitForFunction(() => document.activeElement?.id === "set-model", null, { timeout: T });
      assert.equal((await calls(page, "preview_prompt")).length, 0);
      // Nothing saved until the person saves.
      assert.equal((await calls(page, "set_settings")).length, 0);
      await shot(page, "settings-model-setup");
      // Edited, the question loses the offer.
      await page.locator(".nav-item[data-view='ask']").click();
      assert.equal(await page.locator("[data-testid=ask-model-offer]").isVisible(), true);
      await page.locator("#goal").fill("what is the weather on venus");
      assert.equal(await page.locator("[data-testid=ask-model-offer]").isVisible(), false);
    },
  },
  {
    name: "not understood offline, a model set up: what would be sent shows in sections first, then the model writes the code for the same question",
    async run({ open, shot }) {
      const page = await open({ provider: "openai", model: "gpt-4.1-mini", apiKeyHint: "abcd", tickMs: 40, stepMs: 40 });
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      assert.equal(await page.locator("#provider").inputValue(), "openai");
      await page.locator("#provider").selectOption("offline");
      await page.locator("#goal").fill("what is the weather on mars");
      await page.locator("#goal").press("Enter");
      await page.getByRole("button", { name: "Ask a language model instead" }).click();
      const panel = page.locator("[data-testid=model-ask]");
      await waitText(panel, "[data-testid=sent-question]", "what is the weather on mars");
      assert.match(await text(panel, "[data-testid=destination]"), /api\.openai\.com/);
      assert.equal(await text(panel, "[data-testid=sent-model]"), "Model: gpt-4.1-mini");
      assert.equal(await text(panel, ".sent-section h4 >> nth=1"), "What the model sees of shop.csv");
      assert.deepEqual((await calls(page, "preview_prompt")).at(-1), { goal: "what is the weather on mars", files: ["/home/ada/Documents/shop.csv"], provider: "openai" });
      // Nothing was asked of the model yet.
      assert.deepEqual((await calls(page, "generate_code")).map((c) => c.provider), ["offline"]);
      await shot(page, "ask-model-instead");
      await panel.getByRole("button", { name: "Send and write the code" }).click();
      await waitText(page, ".screen-result [data-testid=reading-question]", "You asked: what is the weather on mars");
      const asked = (await calls(page, "generate_code")).at(-1);
      assert.equal(asked.provider, "openai");
      assert.equal(asked.goal, "what is the weather on mars");
      assert.equal((await calls(page, "start_run")).at(-1).request.provider, "openai");
    },
  },
  {
    name: "a stopped answer not understood offers the model too, from the answer screen and from history; Cancel sends nothing",
    async run({ open }) {
      const page = await open({ provider: "anthropic", apiKeyHint: "wxyz", stepMs: 40 });
      await addShop(page);
      await page.locator(".nav-item[data-view='history']").click();
      await page.locator(".history-entry[data-run='run-a2428a81cb670640'] .history-open").click();
      await page.locator(".opened [data-testid=ask-model]").click();
      const panel = page.locator("[data-testid=model-ask]");
      await waitText(panel, "[data-testid=sent-question]", "what is the weather on mars");
      assert.equal(await page.locator("#goal").inputValue(), "what is the weather on mars");
      assert.equal((await calls(page, "preview_prompt")).at(-1).provider, "anthropic");
      await panel.getByRole("button", { name: "Cancel" }).click();
      assert.equal(await panel.isVisible(), false);
      assert.equal((await calls(page, "generate_code")).length, 0);
      // Answered runs do not offer it.
      await page.locator(".nav-item[data-view='history']").click();
      await page.locator("[data-testid=back]").click();
      await page.locator(".history-entry[data-run='run-54321811a5c30b0d'] .history-open").click();
      await waitText(page, "[data-testid=answer]", "5,394.6");
      assert.equal(await page.locator(".opened [data-testid=ask-model]").count(), 0);
    },
  },
  {
    name: "history in French: Aujourd'hui, Hier, dates in French; a question and a file name made of markup stay text",
    async run({ open }) {
      const page = await open({}, { locale: "fr-FR" });
      await page.evaluate(() => window.__mock.addRun("hostile"));
      await page.locator(".nav-item[data-view='history']").click();
      await page.locator(".history-entry[data-run='run-h0571e']").waitFor({ timeout: T });
      const headings = await page.locator(".history-day-title").allInnerTexts();
      assert.deepEqual(headings.slice(0, 2), ["Aujourd'hui", "Hier"]);
      const d = new Date(NOW - 3 * 86_400_000);
      const month = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"][d.getUTCMonth()];
      assert.match(headings[2], new RegExp(`^[a-z]+ ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}$`));
      const entry = page.locator(".history-entry[data-run='run-h0571e']");
      assert.equal(await entry.locator(".history-open").innerText(), "<img src=x onerror=alert(1)> total");
      assert.match(await entry.locator(".history-entry-facts").innerText(), /<script>alert\(2\)<\/script>\.csv/);
      assert.equal(await page.locator(".history-list img, .history-list script").count(), 0);
      // The search finds it by its text, and by the French date of today's runs.
      await page.locator("#history-search").fill("onerror");
      await page.waitForFunction(() => [...document.querySelectorAll(".history-entry")].map((e) => e.dataset.run).join() === "run-h0571e", null, { timeout: T });
      const today = new Date(NOW);
      const todayMonth = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"][today.getUTCMonth()];
      await page.locator("#history-search").fill(`${today.getUTCDate()} ${todayMonth}`);
      await page.waitForFunction(() => document.querySelectorAll(".history-entry").length === 3, null, { timeout: T });
      assert.deepEqual(await page.locator(".history-day-title").allInnerTexts(), ["Aujourd'hui"]);
    },
  },
  {
    name: "a run reopened from history takes a follow-up as a fresh answer does, on the files it read",
    async run({ open }) {
      const page = await open({ stepMs: 40 });
      await page.locator(".nav-item[data-view='history']").click();
      await page.locator(".history-entry[data-run='run-54321811a5c30b0d'] .history-open").click();
      await waitText(page, "[data-testid=answer]", "5,394.6");
      await page.locator("#history-follow-up").fill("now per product");
      await page.locator(".opened [data-testid=follow-up-ask]").click();
      await waitText(page, ".screen-result [data-testid=reading-question]", "You asked: now per product");
      assert.deepEqual((await calls(page, "generate_code")).at(-1),
        { goal: "now per product", files: ["/work/main/assets/samples/shop.csv"], provider: "offline", follows: "run-54321811a5c30b0d" });
      assert.deepEqual((await calls(page, "describe_files")).map((c) => c.paths), [["/work/main/assets/samples/shop.csv"]]);
    },
  },
  {
    name: "doctor not ready: banner, why and how to fix, running disabled",
    async run({ open, shot }) {
      const page = await open({ doctorReady: false });
      await waitText(page, ".banner", "Running is turned off");
      await toReview(page);
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), true);
      assert.equal(await page.locator(".screen-review [data-testid=no-sandbox]").isVisible(), true);
      await page.locator(".banner button").click();
      await waitText(page, "[data-testid=doctor-not-ready]", "cgroup v2");
      assert.match(await text(page, ".fix"), /sysctl/);
      await shot(page, "doctor");
      // Fixed, then checked again: running comes back.
      await page.evaluate(() => window.__mock.setDoctor({ ready: true, mode: "rootless (cgroup v2, systemd)", reason: null, fix: null }));
      await page.getByRole("button", { name: "Check again" }).click();
      await waitText(page, "[data-testid=doctor-ready]", "rootless");
      assert.equal(await page.locator(".banner").isVisible(), false);
      await page.locator(".nav-item[data-view='review']").click();
      assert.equal(await page.locator("[data-testid=run]").isDisabled(), false);
    },
  },
  {
    name: "the sandbox goes away before Run: the error's code leads to the sandbox check",
    async run({ open }) {
      const page = await open();
      await toReview(page);
      await page.evaluate(() => window.__mock.setDoctor({ ready: false, mode: null, reason: "the sandbox image is missing", fix: "make image" }));
      await page.locator("[data-testid=run]").click();
      await waitText(page, ".run-status", "cannot sandbox: the sandbox image is missing");
      await waitText(page, ".banner", "Running is turned off");
      await page.locator(".screen-run .actions button", { hasText: "Sandbox check" }).click();
      await waitText(page, "[data-testid=doctor-not-ready]", "the sandbox image is missing");
    },
  },
  {
    name: "a past run blocked for review says the approval was not given",
    async run({ open }) {
      const page = await open();
      await page.evaluate(() => window.__mock.addRun("review-blocked"));
      await page.locator(".nav-item[data-view='history']").click();
      await page.locator(".history-entry[data-run='run-9f6307d30879d562'] .history-open").click();
      await waitText(page, ".answer-blocked", "needs your approval");
      assert.match(await page.locator(".opened .how").textContent(), /needs approval, not given/);
    },
  },
  {
    name: "language from the system, switched in settings; API key never shown; limits checked; dark theme",
    async run({ open, shot }) {
      const page = await open({}, { locale: "fr-FR" });
      assert.equal(await page.locator("h2").first().innerText(), "Ajoutez vos données");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "fr");
      await addShop(page);
      assert.match(await page.locator(".facts").first().innerText(), /5,9 Ko/);
      await page.locator(".nav-item[data-view='settings']").click();
      // Offline needs no model fields; a model provider shows them.
      assert.equal(await page.locator("[data-testid=model-fields]").isVisible(), false);
      await page.locator("#set-provider").selectOption("openai");
      await page.locator("#set-api-key").fill("sk-secret-key-1234abcd");
      await page.getByRole("button", { name: "Enregistrer la clé" }).click();
      await waitText(page, "[data-testid=key-state]", "…abcd");
      assert.equal(await page.locator("#set-api-key").inputValue(), "");
      assert.equal((await page.content()).includes("sk-secret-key"), false);
      assert.equal(await page.locator("#set-api-key").getAttribute("type"), "password");
      await page.locator("#set-time").fill("9999");
      await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
      await waitText(page, "[data-testid=settings-message]", "entre 5 et 600");
      await page.locator("#set-time").fill("120");
      // Rows of the person's data a model may see: none by default, at most 10.
      assert.equal(await page.locator("#set-sample-rows").inputValue(), "0");
      await page.locator("#set-sample-rows").fill("11");
      await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
      await waitText(page, "[data-testid=settings-message]", "Lignes de mes données qu'un modèle peut voir : choisissez une valeur entre 0 et 10");
      await page.locator("#set-sample-rows").fill("3");
      // How long a model may take: the engine's 60 s unless said, 10 s to 10 min.
      assert.equal(await page.locator("#set-model-wait").inputValue(), "60");
      await page.locator("#set-model-wait").fill("5");
      await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
      await waitText(page, "[data-testid=settings-message]", "Attente maximale d'un modèle (secondes) : choisissez une valeur entre 10 et 600");
      await page.locator("#set-model-wait").fill("90");
      await page.locator("#set-language").selectOption("es");
      await page.locator("#set-theme").selectOption("dark");
      await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
      await page.locator("h2", { hasText: "Ajustes" }).waitFor({ timeout: T });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
      const saved = (await calls(page, "set_settings")).at(-1).settings;
      assert.equal(saved.time_limit_ms, 120_000);
      assert.equal(saved.language, "es");
      assert.equal(saved.sample_rows, 3);
      assert.equal(saved.model_wait_s, 90);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, "settings");
      await page.locator(".nav-item[data-view='data']").click();
      await waitText(page, "h2", "Añada sus datos");
    },
  },
  {
    name: "local models: a missing key leads to the key field; servers on this computer fill the address and model; Test connection",
    async run({ open, shot }) {
      const page = await open();
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      await page.locator("#goal").fill("total revenue per region");
      await page.locator("#provider").selectOption("openai");
      await page.locator("#goal").press("Enter");
      await waitText(page, ".screen-ask [role=alert]", "needs an API key, and none is stored yet");
      const said = await text(page, ".screen-ask [role=alert]");
      assert.doesNotMatch(said, /glovebox key|`|GLOVEBOX_API_KEY/, "no command to type");
      await shot(page, "ask-no-key");
      // "Add your key": the settings, this provider's key field focused.
      await page.getByRole("button", { name: "Add your key" }).click();
      await page.locator("h2", { hasText: "Settings" }).waitFor({ timeout: T });
      assert.equal(await page.locator("#set-provider").inputValue(), "openai");
      await page.waitForFunction(() => document.activeElement?.id === "set-api-key", null, { timeout: T });
      // Its own address: another machine, said so, with OpenAI's example names.
      assert.equal(await text(page, "[data-testid=destination]"), "Sends to api.openai.com");
      assert.equal(await page.locator("#set-model").getAttribute("placeholder"), "gpt-4o-mini");
      await page.getByRole("button", { name: "Test connection" }).click();
      await waitText(page, "[data-testid=connection-result]", "No API key is stored for this service.");
      // The servers found on this computer, their models as choices.
      await page.locator(".local-server[data-kind='ollama']").waitFor({ timeout: T });
      assert.match(await text(page, ".local-server[data-kind='llama_cpp']"), /llama\.cpp at http:\/\/127\.0\.0\.1:8080\/v1/);
      await page.getByRole("button", { name: "Use qwen2.5-coder:7b from Ollama" }).click();
      assert.equal(await page.locator("#set-base-url").inputValue(), "http://127.0.0.1:11434/v1");
      assert.equal(await page.locator("#set-model").inputValue(), "qwen2.5-coder:7b");
      assert.equal(await text(page, "[data-testid=destination]"), "Stays on this computer");
      assert.equal(await page.getByRole("button", { name: "Use qwen2.5-coder:7b from Ollama" }).getAttribute("aria-pressed"), "true");
      assert.match(await page.locator("#set-model-hint").innerText(), /qwen2\.5-coder:7b, llama3\.1:8b/);
      await page.getByRole("button", { name: "Test connection" }).click();
      await waitText(page, "[data-testid=connection-result]", "Connected: 2 models.");
      assert.equal(await page.locator("[data-testid=connection-result]").getAttribute("class"), "ok-text");
      const tested = (await calls(page, "test_connection")).at(-1);
      assert.deepEqual(tested, { provider: "openai", model: "qwen2.5-coder:7b", baseUrl: "http://127.0.0.1:11434/v1", lang: "en" });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, "settings-local");
      // A local server needs no key: saved, the question is answered.
      await page.getByRole("button", { name: "Save settings" }).click();
      await waitText(page, "[data-testid=settings-message]", "Settings saved.");
      assert.equal((await calls(page, "set_settings")).at(-1).settings.base_url, "http://127.0.0.1:11434/v1");
      await page.locator(".nav-item[data-view='ask']").click();
      await page.locator("[data-testid=answer-button]").click();
      await waitText(page, "[data-testid=answer]", "6,109.2");
      // Offline hides the model fields.
      await page.locator(".nav-item[data-view='settings']").click();
      await page.locator("#set-provider").selectOption("offline");
      assert.equal(await page.locator("[data-testid=model-fields]").isVisible(), false);
    },
  },
  {
    name: "a key the model service refuses leads to the key field too",
    async run({ open }) {
      const page = await open({ generations: ["refused"], apiKeyHint: "abcd" });
      await addShop(page);
      await page.getByRole("button", { name: "Next: ask a question" }).click();
      await page.locator("#provider").selectOption("openai");
      await page.locator("#goal").fill("total revenue per region");
      await page.locator("[data-testid=answer-button]").click();
      await waitText(page, ".screen-ask [role=alert]", "refused the API key");
      await page.getByRole("button", { name: "Add your key" }).click();
      await page.waitForFunction(() => document.activeElement?.id === "set-api-key");
      assert.equal(await page.locator("#set-provider").inputValue(), "openai");
    },
  },
  {
    name: "keyboard: tab order, visible focus, Enter submits the goal",
    async run({ open }) {
      const page = await open();
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.className), "skip");
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-view")), "data");
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
      assert.equal(outline, "solid");
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-view")), "ask");
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => document.activeElement?.className), "screen-title");
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "goal");
      await page.keyboard.type("average units");
      await page.keyboard.press("Enter");
      await waitText(page, ".screen-ask [role=alert]", "Add at least one file first.");
    },
  },
  {
    name: "engine SVG is inserted without scripts, handlers or links",
    // Chromium reports the handlers it refuses to compile while parsing: the page's CSP at work.
    allowErrors: /Content Security Policy directive 'script-src 'self''/,
    async run({ open }) {
      const page = await open();
      const result = await page.evaluate(() => {
        const svg = window.__mock.safeSvg('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)"><script>alert(2)</script><rect width="5" height="5" onclick="alert(3)" fill="red"/><a href="javascript:alert(4)"><text>x</text></a><foreignObject><div>y</div></foreignObject><use xlink:href="http://evil/x.svg#a"/></svg>');
        return svg ? svg.outerHTML : null;
      });
      assert.ok(result);
      assert.doesNotMatch(result, /script|onload|onclick|javascript|foreignObject|href|<use|<a/i);
      assert.match(result, /<rect/);
      assert.equal(await page.evaluate(() => window.__mock.safeSvg("<html><script>alert(1)</script></html>")), null);
      assert.equal(await page.evaluate(() => window.__mock.safeSvg("not xml <")), null);
    },
  },
  {
    name: "a figure the code drew is shown as an image with its label, never inserted as markup",
    async run({ open }) {
      const figure = {
        kind: "figure", title: "units per region", table: "units_per_region.png", drawn_by_code: true,
        svg: '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10"><rect width="20" height="10" fill="#1f77b4"/><script>alert(1)</script></svg>',
      };
      const page = await open({ stepMs: 50, reportPatch: { drawn_charts: [figure], output_files: ["units_per_region.png"] } });
      await toReview(page);
      await page.locator("[data-testid=run]").click();
      await page.locator(".screen-result .chart.figure").waitFor({ timeout: T });
      assert.equal(await text(page, ".screen-result .chart.figure figcaption"), "Drawn by the code: units per region");
      const img = page.locator(".screen-result .chart.figure img");
      assert.equal(await img.getAttribute("alt"), "units per region");
      const prefix = "data:image/svg+xml;charset=utf-8,";
      const src = await img.getAttribute("src");
      assert.ok(src.startsWith(prefix), src);
      assert.equal(decodeURIComponent(src.slice(prefix.length)), figure.svg);
      // The SVG is an image's source, never markup of the page.
      assert.equal(await page.locator(".screen-result .chart.figure svg, .screen-result script, .screen-result rect").count(), 0);
      await page.waitForFunction(() => (document.querySelector(".screen-result .chart.figure img")?.naturalWidth ?? 0) > 0, null, { timeout: T });
    },
  },
];
