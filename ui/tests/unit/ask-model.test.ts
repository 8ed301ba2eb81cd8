// "Ask a language model instead" (issue 20, item 3): offered only for a
// question the offline recipes did not understand; with a model provider
// saved in Settings, what would be sent is fetched and shown before anything
// is asked of the model, and sending asks that provider for the same
// question; with none, Settings open on the model fields.
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../src/ipc", async (original) => ({ ...(await original<typeof import("../../src/ipc")>()), call: vi.fn() }));

import { setLanguage } from "../../src/i18n";
import { call, type InputDescription, type Settings } from "../../src/ipc";
import { createActions, type Actions } from "../../src/state/actions";
import { configuredModel, createAppStore, type AppStore } from "../../src/state/app-state";
import answered from "../fixtures/answered.json";

const shop = answered.inputs[0] as unknown as InputDescription;
const mocked = vi.mocked(call);
const SETTINGS: Settings = {
  provider: "offline", model: "", base_url: "", api_key_hint: null, time_limit_ms: 60_000, memory_limit_bytes: 1 << 30,
  language: null, theme: "light", sample_rows: 0, model_wait_s: 60, show_code_first: true,
};

let store: AppStore;
let actions: Actions;

beforeEach(() => {
  setLanguage("en");
  mocked.mockReset();
  mocked.mockImplementation((async (cmd: string, args: any) => {
    switch (cmd) {
      case "generate_code":
        if (args.provider === "offline") throw { code: "goal", message: "I did not understand what to compute.", suggestions: ["average of units"] };
        return { code: "import glovebox\n", origin: args.provider, plan: "", reading: null, run_id: "run-draft-1" };
      case "check_code": return { verdict: "allow", findings: [] };
      case "preview_prompt": return `{"model": "m", "messages": []}`;
      default: throw { code: "internal", message: `unexpected ${cmd}` };
    }
  }) as never);
  store = createAppStore("en");
  actions = createActions(store);
  store.set({ files: [{ path: "/d/shop.csv", description: shop, error: null }], view: "ask", goal: "weather on mars", settings: SETTINGS });
});

const callsOf = (cmd: string): any[] => mocked.mock.calls.filter(([c]) => c === cmd).map(([, args]) => args);

describe("ask a language model instead", () => {
  it("is offered only when the offline recipes did not understand, and goes when the question changes", async () => {
    await actions.generate();
    expect(store.get().askModelOffer).toBe(true);
    actions.setGoal("weather on venus");
    expect(store.get().askModelOffer).toBe(false);
    store.set({ provider: "openai", settings: { ...SETTINGS, provider: "openai" } });
    await actions.generate();
    expect(store.get().askModelOffer).toBe(false);
  });

  it("with no model saved, opens Settings on the model fields and sends nothing", async () => {
    await actions.generate();
    await actions.askModelInstead();
    expect(store.get().view).toBe("settings");
    expect(store.get().modelSetup).toBe(true);
    expect(callsOf("preview_prompt")).toEqual([]);
    expect(callsOf("generate_code")).toHaveLength(1);
  });

  it("with a model saved, shows what would be sent first, then asks that model for the same question", async () => {
    store.set({ settings: { ...SETTINGS, provider: "anthropic" } });
    expect(configuredModel(store.get())).toBe("anthropic");
    await actions.generate();
    await actions.askModelInstead();
    expect(callsOf("preview_prompt")).toEqual([{ goal: "weather on mars", files: ["/d/shop.csv"], provider: "anthropic" }]);
    expect(store.get().modelAsk).toEqual({ provider: "anthropic", goal: "weather on mars", sent: `{"model": "m", "messages": []}`, error: null });
    expect(callsOf("generate_code").map((a) => a.provider)).toEqual(["offline"]);
    await actions.sendModelAsk();
    expect(callsOf("generate_code").at(-1)).toEqual({ goal: "weather on mars", files: ["/d/shop.csv"], provider: "anthropic" });
    expect(store.get().provider).toBe("anthropic");
    expect(store.get().modelAsk).toBeNull();
    // The setting "show me the code first" is on here: the code opens.
    expect(store.get().view).toBe("review");
  });

  it("from an answer, takes that answer's question to the Question screen", async () => {
    store.set({ view: "result", goal: "", settings: { ...SETTINGS, provider: "openai" } });
    await actions.askModelInstead("what is the weather on mars");
    expect(store.get().view).toBe("ask");
    expect(store.get().goal).toBe("what is the weather on mars");
    expect(callsOf("preview_prompt")[0]).toMatchObject({ goal: "what is the weather on mars", provider: "openai" });
    actions.closeModelAsk();
    expect(store.get().modelAsk).toBeNull();
    expect(callsOf("generate_code")).toEqual([]);
  });
});
