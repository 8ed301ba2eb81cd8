// When running is allowed, and which steps the navigation offers.
import { describe, expect, it } from "vitest";
import type { InputDescription } from "../../src/ipc/types";
import { canRun, initialState, MODEL_TEXT_SHOWN, reachable, usableFiles, waitAfter, type AppState } from "../../src/state/app-state";
import answered from "../fixtures/answered.json";

const shop = answered.inputs[0] as unknown as InputDescription;
const ready: AppState = {
  ...initialState("en"),
  files: [{ path: "/d/shop.csv", description: shop, error: null }, { path: "/d/bad.csv", description: null, error: { code: "input", message: "bad" } }],
  goal: "total revenue per region",
  generated: { code: "x = 1", origin: "offline", plan: "", reading: null, run_id: "run-draft0001" },
  draftedFor: { goal: "total revenue per region", files: ["/d/shop.csv"], provider: "offline" },
  code: "x = 1",
  policy: { verdict: "allow", findings: [] },
  doctor: { ready: true, mode: "rootless", reason: null, fix: null },
};

describe("canRun", () => {
  it("allows a checked, allowed code on a machine that can sandbox", () => {
    expect(canRun(ready)).toBe(true);
    expect(canRun({ ...ready, policy: { verdict: "review", findings: [] } })).toBe(true);
  });
  it.each<[string, Partial<AppState>]>([
    ["deny", { policy: { verdict: "deny", findings: [{ rule: "import_denied", line: 1, message: "m", severity: "deny" }] } }],
    ["not checked yet", { policy: null }],
    ["check under way", { checking: true }],
    ["no sandbox", { doctor: { ready: false, mode: null, reason: "r", fix: "f" } }],
    ["doctor unknown", { doctor: null }],
    ["empty code", { code: "  \n" }],
    ["no usable file", { files: [] }],
    ["a run under way", { run: { ...ready.run, phase: "running" } }],
    ["no drafted code", { generated: null, draftedFor: null }],
    ["code not bound to a question", { draftedFor: null }],
    ["another question", { goal: "average units per region" }],
    ["a file removed", { files: [] }],
    ["a file added", { files: [...ready.files, { path: "/d/more.csv", description: shop, error: null }] }],
    ["another provider", { provider: "openai" }],
  ])("refuses: %s", (_, patch) => expect(canRun({ ...ready, ...patch })).toBe(false));
});

describe("navigation", () => {
  it("offers code, run and answer only once they exist", () => {
    const s = initialState("en");
    expect(["data", "ask", "review", "run", "result", "history"].map((v) => reachable(s, v as never))).toEqual([true, true, false, false, false, true]);
    expect(reachable(ready, "review")).toBe(true);
  });
  it("runs use only the files that were read", () => {
    expect(usableFiles(ready)).toEqual(["/d/shop.csv"]);
  });
});

describe("the wait for a model", () => {
  it("adds each event's words, keeps the reply's end, never goes back in time", () => {
    let w = waitAfter(null, { elapsed_ms: 0, received: 0, text: "" });
    expect(w).toEqual({ elapsedMs: 0, received: 0, text: "", cancelling: false });
    w = waitAfter(w, { elapsed_ms: 2000, received: 5, text: "hello" });
    w = waitAfter({ ...w, cancelling: true }, { elapsed_ms: 1500, received: 5, text: "" });
    expect([w.elapsedMs, w.received, w.text, w.cancelling]).toEqual([2000, 5, "hello", true]);
    w = waitAfter(w, { elapsed_ms: 3000, received: 5 + MODEL_TEXT_SHOWN, text: "x".repeat(MODEL_TEXT_SHOWN) });
    expect(w.text).toHaveLength(MODEL_TEXT_SHOWN);
    expect(w.text.startsWith("x")).toBe(true);
  });
});
