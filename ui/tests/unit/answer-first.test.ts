// Question → answer in one step (issue 20, item 1): asking writes the code,
// checks it and, when the policy allows it, runs it at once; code that
// needs approval or is refused, or that the person asked to see first (a
// button, or the setting "always show me the code first"), opens on the
// Code step instead and nothing runs.
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../src/ipc", async (original) => ({ ...(await original<typeof import("../../src/ipc")>()), call: vi.fn() }));

import { setLanguage } from "../../src/i18n";
import { call, type InputDescription, type PolicyReport, type RunReport, type Settings } from "../../src/ipc";
import { createActions, type Actions } from "../../src/state/actions";
import { afterDraft, createAppStore, initialState, type AppState, type AppStore } from "../../src/state/app-state";
import { initialRun } from "../../src/state/run-machine";
import answered from "../fixtures/answered.json";

const shop = answered.inputs[0] as unknown as InputDescription;
const report = answered as unknown as RunReport;
const CODE = "import glovebox\nglovebox.answer('total', 1)\n";
const REVIEW: PolicyReport = { verdict: "review", findings: [{ rule: "query_eval", line: 2, severity: "review", message: "the code evaluates a text expression" }] };
const DENY: PolicyReport = { verdict: "deny", findings: [{ rule: "import_denied", line: 1, severity: "deny", message: "the code imports socket" }] };
const mocked = vi.mocked(call);

let store: AppStore;
let actions: Actions;
/** The verdict the mocked policy gives next. */
let verdict: PolicyReport;

beforeEach(() => {
  setLanguage("en");
  verdict = { verdict: "allow", findings: [] };
  mocked.mockReset();
  mocked.mockImplementation((async (cmd: string, args: any) => {
    switch (cmd) {
      case "generate_code": return { code: CODE, origin: "offline", plan: "", reading: null, run_id: `run-draft-${args.goal.length}` };
      case "check_code": return verdict;
      case "start_run": return "run-1";
      default: throw { code: "internal", message: `unexpected ${cmd}` };
    }
  }) as never);
  store = createAppStore("en");
  actions = createActions(store);
  store.set({
    files: [{ path: "/d/shop.csv", description: shop, error: null }],
    doctor: { ready: true, mode: "root", reason: null, fix: null },
    view: "ask",
  });
});

const started = () => mocked.mock.calls.filter(([cmd]) => cmd === "start_run").map(([, a]) => (a as any).request);

describe("asking a question", () => {
  it("runs allowed code at once, for the question and files it was written for, without approval", async () => {
    actions.setGoal(" total revenue per region ");
    await actions.generate();
    expect(started()).toEqual([{
      files: ["/d/shop.csv"], goal: "total revenue per region", code: CODE, provider: "offline",
      approve_review: false, draft: "run-draft-24",
    }]);
    const s = store.get();
    expect([s.view, s.generating, s.runGoal, s.run.phase]).toEqual(["run", false, "total revenue per region", "running"]);
  });

  it("opens code that needs approval on the Code step, and runs nothing", async () => {
    verdict = REVIEW;
    actions.setGoal("rows where revenue over 100");
    await actions.generate();
    expect(started()).toEqual([]);
    expect([store.get().view, store.get().policy, store.get().generating]).toEqual(["review", REVIEW, false]);
  });

  it("opens refused code on the Code step, and runs nothing", async () => {
    verdict = DENY;
    actions.setGoal("total revenue per region");
    await actions.generate();
    expect(started()).toEqual([]);
    expect(store.get().view).toBe("review");
  });

  it("'Show me the code first' opens allowed code without running it", async () => {
    actions.setGoal("total revenue per region");
    await actions.generate({ codeFirst: true });
    expect(started()).toEqual([]);
    expect([store.get().view, store.get().code]).toEqual(["review", CODE]);
  });

  it("the setting 'always show me the code first' does the same for every question", async () => {
    store.set({ settings: { show_code_first: true } as Settings });
    actions.setGoal("total revenue per region");
    await actions.generate();
    expect(started()).toEqual([]);
    expect(store.get().view).toBe("review");
  });

  it("a person who left the question screen while the code was written stays where they went", async () => {
    let answer: (v: unknown) => void = () => {};
    mocked.mockImplementationOnce((() => new Promise((r) => { answer = r; })) as never);
    actions.setGoal("total revenue per region");
    const asking = actions.generate();
    actions.navigate("history");
    answer({ code: CODE, origin: "offline", plan: "", reading: null, run_id: "run-draft-x" });
    await asking;
    expect(started()).toEqual([]);
    expect([store.get().view, store.get().generating, store.get().code]).toEqual(["history", false, CODE]);
  });

  it("a follow-up on an answer is answered the same way", async () => {
    store.set({ view: "result", goal: "total revenue per region", run: { ...initialRun, phase: "finished", runId: report.run_id, report } });
    await actions.askFollowUp("as a pie chart");
    expect(started().map((r) => r.goal)).toEqual(["as a pie chart"]);
    expect(store.get().view).toBe("run");
  });
});

describe("afterDraft", () => {
  const drafted: AppState = {
    ...initialState("en"),
    files: [{ path: "/d/shop.csv", description: shop, error: null }],
    goal: "total revenue per region",
    generated: { code: CODE, origin: "offline", plan: "", reading: null, run_id: "run-draft0001" },
    draftedFor: { goal: "total revenue per region", files: ["/d/shop.csv"], provider: "offline" },
    code: CODE,
    policy: { verdict: "allow", findings: [] },
    doctor: { ready: true, mode: "root", reason: null, fix: null },
  };
  it("runs the code as written when the policy allows it", () => {
    expect(afterDraft(drafted)).toBe("run");
  });
  it.each<[string, Partial<AppState>, boolean]>([
    ["needs approval", { policy: REVIEW }, false],
    ["refused", { policy: DENY }, false],
    ["not checked yet", { policy: null }, false],
    ["check under way", { checking: true }, false],
    ["edited", { code: `${CODE}# mine\n` }, false],
    ["no sandbox", { doctor: { ready: false, mode: null, reason: "r", fix: "f" } }, false],
    ["the setting", { settings: { show_code_first: true } as Settings }, false],
    ["asked to see it", {}, true],
  ])("opens the Code step: %s", (_, patch, codeFirst) => {
    expect(afterDraft({ ...drafted, ...patch }, codeFirst)).toBe("review");
  });
});
