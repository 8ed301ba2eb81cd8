// Drafted code answers only the question, files and provider it was written
// for: anything else on screen turns Run off, and startRun never sends code
// under another question (issue 15, item 7).
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../src/ipc", async (original) => ({ ...(await original<typeof import("../../src/ipc")>()), call: vi.fn() }));

import { setLanguage } from "../../src/i18n";
import { call, type InputDescription, type StartRunRequest } from "../../src/ipc";
import { createActions, type Actions } from "../../src/state/actions";
import { canRun, createAppStore, staleness, type AppStore } from "../../src/state/app-state";
import answered from "../fixtures/answered.json";

const shop = answered.inputs[0] as unknown as InputDescription;
const GOAL = "total revenue per region";
const CODE = "import glovebox\nglovebox.answer('total', 1)\n";
const mocked = vi.mocked(call);

/** The shell: writes code for any goal but the ones it refuses, allows every check. */
function shell(refuse: RegExp | null = null): void {
  mocked.mockImplementation((async (cmd: string, args: any) => {
    switch (cmd) {
      case "generate_code":
        if (refuse?.test(args.goal)) throw { code: "goal", message: "the question was not understood" };
        return { code: CODE, origin: "offline", plan: "", reading: null, run_id: `run-draft-${args.goal.length}` };
      case "check_code": return { verdict: "allow", findings: [] };
      case "start_run": return "run-1";
      default: throw { code: "internal", message: `unexpected ${cmd}` };
    }
  }) as never);
}

const runRequests = () =>
  mocked.mock.calls.filter(([cmd]) => cmd === "start_run").map(([, args]) => (args as { request: StartRunRequest }).request);

let store: AppStore;
let actions: Actions;

/** Two files read, the sandbox ready, code drafted for GOAL. */
async function drafted(): Promise<void> {
  store.set({
    files: [{ path: "/d/shop.csv", description: shop, error: null }, { path: "/d/more.csv", description: { ...shop, name: "more.csv" }, error: null }],
    doctor: { ready: true, mode: "root", reason: null, fix: null },
  });
  actions.setGoal(GOAL);
  await actions.generate();
  expect(store.get().draftedFor).toEqual({ goal: GOAL, files: ["/d/shop.csv", "/d/more.csv"], provider: "offline" });
  expect(canRun(store.get())).toBe(true);
}

beforeEach(() => {
  setLanguage("en");
  mocked.mockReset();
  shell(/mars/);
  store = createAppStore("en");
  actions = createActions(store);
});

describe("code bound to its question", () => {
  it("runs the drafted code for the question, files and provider it was written for", async () => {
    await drafted();
    actions.setGoal(`  ${GOAL}\n`); // the same question, spaces aside
    expect(staleness(store.get())).toBeNull();
    await actions.startRun(false);
    expect(runRequests()).toEqual([{
      files: ["/d/shop.csv", "/d/more.csv"], goal: GOAL, code: CODE, provider: "offline", approve_review: false, draft: "run-draft-24",
    }]);
  });

  it("another question turns Run off, and startRun sends nothing", async () => {
    await drafted();
    actions.setGoal("average units per region");
    expect(staleness(store.get())).toBe("goal");
    expect(canRun(store.get())).toBe(false);
    await actions.startRun(false);
    await actions.startRun(true);
    expect(runRequests()).toEqual([]);
    expect(store.get().run.phase).toBe("idle");
    expect(store.get().notice).toBe("The question changed: write the code again for this question.");
    // Typing back exactly the drafted question gives the code its question back.
    actions.setGoal(GOAL);
    expect(canRun(store.get())).toBe(true);
  });

  it("a file removed or added turns Run off", async () => {
    await drafted();
    actions.removeFile("/d/more.csv");
    expect(staleness(store.get())).toBe("files");
    expect(canRun(store.get())).toBe(false);
    await actions.startRun(false);
    expect(runRequests()).toEqual([]);
    expect(store.get().notice).toBe("The files changed: write the code again for these files.");
    // Added back in the same place: the drafted list again; one more file: not.
    mocked.mockImplementationOnce((async () => [{ ...shop, name: "more.csv" }]) as never);
    await actions.addFiles(["/d/more.csv"]);
    expect(staleness(store.get())).toBeNull();
    mocked.mockImplementationOnce((async () => [{ ...shop, name: "third.csv" }]) as never);
    await actions.addFiles(["/d/third.csv"]);
    expect(staleness(store.get())).toBe("files");
    expect(canRun(store.get())).toBe(false);
  });

  it("another provider turns Run off", async () => {
    await drafted();
    actions.setProvider("openai");
    expect(staleness(store.get())).toBe("provider");
    expect(canRun(store.get())).toBe(false);
    await actions.startRun(false);
    expect(runRequests()).toEqual([]);
    // Through the settings too.
    actions.setProvider("offline");
    expect(canRun(store.get())).toBe(true);
    mocked.mockImplementation((async (cmd: string) => {
      if (cmd === "set_settings") return null;
      if (cmd === "get_settings") return { provider: "anthropic", model: "", base_url: "", api_key_hint: null, time_limit_ms: 60000, memory_limit_bytes: 1, language: null, theme: "system" };
      throw new Error(cmd);
    }) as never);
    await actions.saveSettings({} as never);
    expect(staleness(store.get())).toBe("provider");
    expect(canRun(store.get())).toBe(false);
  });

  it("a refused question clears the code, its verdict and Run", async () => {
    await drafted();
    actions.setGoal("what is the weather on mars");
    await actions.generate();
    const s = store.get();
    expect(s.askError).toBe("the question was not understood");
    expect([s.generated, s.draftedFor, s.code, s.policy]).toEqual([null, null, "", null]);
    expect(canRun(s)).toBe(false);
    // Typing the old question back does not bring the old code back.
    actions.setGoal(GOAL);
    expect(canRun(store.get())).toBe(false);
    await actions.startRun(false);
    expect(runRequests()).toEqual([]);
    expect(store.get().notice).toBe("There is no code to run.");
  });

  it("a failed generation (model error) clears the code too, even for the same question", async () => {
    await drafted();
    mocked.mockImplementation((async () => { throw { code: "model", message: "the service did not answer" }; }) as never);
    await actions.generate();
    expect([store.get().generated, store.get().code, store.get().policy]).toEqual([null, "", null]);
    expect(canRun(store.get())).toBe(false);
  });

  it("while new code is written, the old code cannot run", async () => {
    await drafted();
    let answer: (v: unknown) => void = () => {};
    mocked.mockImplementation(((cmd: string) => cmd === "generate_code" ? new Promise((r) => { answer = r; }) : Promise.resolve({ verdict: "allow", findings: [] })) as never);
    const writing = actions.generate();
    expect(store.get().generating).toBe(true);
    expect(store.get().generated).toBeNull();
    expect(canRun(store.get())).toBe(false);
    // The question edited while the code is written: the new code is bound to the question asked.
    actions.setGoal("average units per region");
    answer({ code: CODE, origin: "offline", plan: "", reading: null, run_id: "run-draft-new" });
    await writing;
    expect(store.get().draftedFor?.goal).toBe(GOAL);
    expect(staleness(store.get())).toBe("goal");
    expect(canRun(store.get())).toBe(false);
  });

  it("the sentence is in the person's language", async () => {
    await drafted();
    actions.setGoal("moyenne des unités par région");
    setLanguage("fr");
    await actions.startRun(false);
    expect(store.get().notice).toBe("La question a changé : écrivez à nouveau le code pour cette question.");
    setLanguage("es");
    actions.removeFile("/d/more.csv");
    actions.setGoal(GOAL);
    await actions.startRun(false);
    expect(store.get().notice).toBe("Los archivos cambiaron: escriba el código de nuevo para estos archivos.");
  });
});
