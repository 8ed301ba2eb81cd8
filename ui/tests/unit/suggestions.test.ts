// A question not understood: the refusal without its own list, the
// rephrasings kept apart for buttons, and a click that asks one at once
// (issue 15, item 3); the question a run was started for is kept for its answer.
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../src/ipc", async (original) => ({ ...(await original<typeof import("../../src/ipc")>()), call: vi.fn() }));

import { setLanguage } from "../../src/i18n";
import { call, type InputDescription, type RunReport } from "../../src/ipc";
import { createActions, type Actions } from "../../src/state/actions";
import { canRun, createAppStore, type AppStore } from "../../src/state/app-state";
import answered from "../fixtures/answered.json";
import stopped from "../fixtures/stopped.json";

const shop = answered.inputs[0] as unknown as InputDescription;
const STOPPED = stopped as unknown as RunReport;
const REASON = STOPPED.stop_reason ?? "";
const CODE = "import glovebox\nglovebox.answer('total', 1)\n";
const mocked = vi.mocked(call);

/** The shell: refuses "mars" with the engine's real refusal and rephrasings,
 * "mystery" without any, fails the model for "model", writes code otherwise. */
function shell(): void {
  mocked.mockImplementation((async (cmd: string, args: any) => {
    switch (cmd) {
      case "generate_code":
        if (/mars/.test(args.goal)) throw { code: "goal", message: REASON, suggestions: STOPPED.suggestions };
        if (/mystery/.test(args.goal)) throw { code: "goal", message: "the question was not understood" };
        if (/model/.test(args.goal)) throw { code: "model", message: "no answer. You could ask: “x”.", suggestions: ["x"] };
        return { code: CODE, origin: "offline", plan: "", reading: null, run_id: "run-draft-1" };
      case "check_code": return { verdict: "allow", findings: [] };
      case "start_run": return "run-1";
      default: throw { code: "internal", message: `unexpected ${cmd}` };
    }
  }) as never);
}

const asked = () => mocked.mock.calls.filter(([cmd]) => cmd === "generate_code").map(([, a]) => (a as { goal: string }).goal);

let store: AppStore;
let actions: Actions;

beforeEach(() => {
  setLanguage("en");
  mocked.mockReset();
  shell();
  store = createAppStore("en");
  actions = createActions(store);
  store.set({ files: [{ path: "/d/shop.csv", description: shop, error: null }], doctor: { ready: true, mode: "root", reason: null, fix: null }, view: "ask" });
});

async function refused(): Promise<void> {
  actions.setGoal("what is the weather on mars");
  await actions.generate();
}

describe("a question not understood", () => {
  it("keeps the reason without its list, and the rephrasings apart", async () => {
    await refused();
    const s = store.get();
    expect(s.askSuggestions).toEqual(["average of units", "total of units per region", "average of unit_price"]);
    expect(s.askError?.startsWith("the offline recipes did not understand what to compute")).toBe(true);
    expect(s.askError?.endsWith("returned (yes/no).")).toBe(true);
    expect(s.askError).not.toContain("You could ask");
    expect([s.generated, s.view]).toEqual([null, "ask"]);
  });

  it("without rephrasings, the reason is shown whole and no button", async () => {
    actions.setGoal("a mystery");
    await actions.generate();
    expect(store.get().askError).toBe("the question was not understood");
    expect(store.get().askSuggestions).toEqual([]);
  });

  it("only a goal error offers rephrasings", async () => {
    actions.setGoal("ask the model");
    await actions.generate();
    expect(store.get().askError).toBe("The model service did not answer: no answer. You could ask: “x”.");
    expect(store.get().askSuggestions).toEqual([]);
  });

  it("typing another question puts them away", async () => {
    await refused();
    actions.setGoal("what is the weather on mars?");
    expect([store.get().askError, store.get().askSuggestions]).toEqual([null, []]);
  });

  it("a click puts the rephrasing in the question box and asks it: its code, allowed, runs at once", async () => {
    await refused();
    await actions.askSuggestion("total of units per region");
    const s = store.get();
    expect(asked()).toEqual(["what is the weather on mars", "total of units per region"]);
    expect(s.goal).toBe("total of units per region");
    expect(s.draftedFor?.goal).toBe("total of units per region");
    expect([s.view, s.askError, s.askSuggestions, s.code]).toEqual(["run", null, [], CODE]);
    expect(mocked.mock.calls.filter(([cmd]) => cmd === "start_run").map(([, a]) => (a as any).request.goal)).toEqual(["total of units per region"]);
    expect(s.runGoal).toBe("total of units per region");
  });

  it("with 'always show me the code first', the rephrasing's code opens on the Code step", async () => {
    store.set({ settings: { show_code_first: true } as never });
    await refused();
    await actions.askSuggestion("total of units per region");
    const s = store.get();
    expect([s.view, s.code]).toEqual(["review", CODE]);
    expect(canRun(s)).toBe(true);
    expect(mocked.mock.calls.filter(([cmd]) => cmd === "start_run")).toEqual([]);
  });

  it("from an answer screen, the question screen shows while the code is written", async () => {
    store.set({ view: "result", notice: "old" });
    let answer: (v: unknown) => void = () => {};
    mocked.mockImplementationOnce((() => new Promise((r) => { answer = r; })) as never);
    const asking = actions.askSuggestion("average of units");
    expect([store.get().view, store.get().goal, store.get().generating, store.get().notice]).toEqual(["ask", "average of units", true, null]);
    answer({ code: CODE, origin: "offline", plan: "", reading: null, run_id: "run-draft-2" });
    await asking;
    expect(store.get().view).toBe("run");
    expect(store.get().draftedFor?.goal).toBe("average of units");
  });

  it("a rephrasing refused in turn stays on the question screen with the new reason", async () => {
    await actions.askSuggestion("what is mars made of");
    expect(store.get().view).toBe("ask");
    expect(store.get().goal).toBe("what is mars made of");
    expect(store.get().askSuggestions).toEqual(STOPPED.suggestions);
  });

  it("a click while code is being written does nothing", async () => {
    actions.setGoal("total revenue per region");
    let answer: (v: unknown) => void = () => {};
    mocked.mockImplementationOnce((() => new Promise((r) => { answer = r; })) as never);
    const writing = actions.generate();
    await actions.askSuggestion("average of units");
    expect(store.get().goal).toBe("total revenue per region");
    answer({ code: CODE, origin: "offline", plan: "", reading: null, run_id: "run-draft-3" });
    await writing;
    expect(asked()).toEqual(["total revenue per region"]);
    expect(store.get().draftedFor?.goal).toBe("total revenue per region");
  });
});

describe("the question a run answers", () => {
  it("is the one its code was written for, kept when the box changes", async () => {
    actions.setGoal(" total revenue per region ");
    await actions.generate();
    await actions.startRun(false);
    expect(store.get().runGoal).toBe("total revenue per region");
    actions.setGoal("something else");
    expect(store.get().runGoal).toBe("total revenue per region");
  });
});
