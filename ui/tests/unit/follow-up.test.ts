// "Ask a follow-up" on the answer screen: the question goes to the engine
// with the run it follows, on the same files, and becomes an ordinary
// question again as soon as it is edited (issue 18, item 10).
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../src/ipc", async (original) => ({ ...(await original<typeof import("../../src/ipc")>()), call: vi.fn() }));

import { setLanguage } from "../../src/i18n";
import { call, type InputDescription, type RunReport } from "../../src/ipc";
import { createActions, type Actions } from "../../src/state/actions";
import { createAppStore, type AppStore } from "../../src/state/app-state";
import { initialRun } from "../../src/state/run-machine";
import answered from "../fixtures/answered.json";

const shop = answered.inputs[0] as unknown as InputDescription;
const report = answered as unknown as RunReport;
const mocked = vi.mocked(call);

let store: AppStore;
let actions: Actions;

beforeEach(() => {
  setLanguage("en");
  mocked.mockReset();
  mocked.mockImplementation((async (cmd: string, args: any) => {
    switch (cmd) {
      case "generate_code": return { code: "import glovebox\n", origin: "offline", plan: "", reading: null, run_id: `run-draft-${args.goal.length}` };
      case "check_code": return { verdict: "allow", findings: [] };
      case "describe_files": return [{ ...shop, path: args.paths[0] }];
      default: throw { code: "internal", message: `unexpected ${cmd}` };
    }
  }) as never);
  store = createAppStore("en");
  actions = createActions(store);
  store.set({
    files: [{ path: "/d/shop.csv", description: shop, error: null }],
    view: "result",
    goal: "total revenue per region",
    run: { ...initialRun, phase: "finished", runId: report.run_id, report },
  });
});

const generateCalls = () => mocked.mock.calls.filter(([cmd]) => cmd === "generate_code").map(([, args]) => args);

describe("ask a follow-up", () => {
  it("sends the follow-up with the run it refines and the same files", async () => {
    await actions.askFollowUp("  as a pie chart ");
    expect(generateCalls()).toEqual([
      { goal: "as a pie chart", files: ["/d/shop.csv"], provider: "offline", follows: report.run_id },
    ]);
    expect(store.get().view).toBe("review");
    expect(store.get().follows).toBe(report.run_id);
  });

  it("asks nothing for an empty follow-up", async () => {
    await actions.askFollowUp("   ");
    expect(generateCalls()).toEqual([]);
    expect(store.get().view).toBe("result");
  });

  it("an edited question is a new question, not a follow-up", async () => {
    await actions.askFollowUp("only North");
    actions.setGoal("total units per product");
    await actions.generate();
    expect(generateCalls()[1]).toEqual({ goal: "total units per product", files: ["/d/shop.csv"], provider: "offline" });
  });

  it("a run reopened from history is followed on the files it read, which replace those on screen", async () => {
    const past = { ...report, run_id: "run-past", inputs: [{ ...shop, path: "/old/shop.csv" }] } as RunReport;
    store.set({ view: "history", opened: past });
    await actions.askFollowUpOf(past, "now per product");
    expect(generateCalls()).toEqual([{ goal: "now per product", files: ["/old/shop.csv"], provider: "offline", follows: "run-past" }]);
    expect(store.get().files.map((f) => f.path)).toEqual(["/old/shop.csv"]);
    expect(store.get().opened).toBeNull();
  });

  it("a run reopened on the files already on screen keeps them as they are", async () => {
    const files = store.get().files;
    await actions.askFollowUpOf({ ...report, inputs: [{ ...shop, path: "/d/shop.csv" }] } as RunReport, "as a pie chart");
    expect(store.get().files).toBe(files);
    expect(mocked.mock.calls.filter(([cmd]) => cmd === "describe_files")).toEqual([]);
  });
});
