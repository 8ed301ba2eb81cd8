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
});
