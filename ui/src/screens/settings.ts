// "Settings": provider, model, base URL, API key (sent to the keyring through
// the shell and never shown again, only its last characters), limits within
// safe bounds, UI language and light/dark. The model fields show only for a
// model provider, with where requests go (this computer or another host),
// example model names, the model servers found on this computer as choices,
// "Test connection", and how many rows of the person's data a model may see
// (none by default); and "Always show me the code before it runs" (off: a
// question whose code the check allows is answered at once).

import { errorText, LANGUAGES, t } from "../i18n";
import { toIpcError, type LocalServer, type Provider, type Settings, type Theme, type UiLanguage } from "../ipc";
import { destinationBadge, localServersList, serverLabel } from "../components/local-models";
import { destination, modelExamples } from "../lib/destination";
import { el, replace } from "../lib/dom";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

/** Safe bounds of the run limits (the sandbox's defaults: 60 s, 1 GiB). */
export const TIME_LIMIT_S = { min: 5, max: 600 };
export const MEMORY_LIMIT_MB = { min: 128, max: 8192 };
/** Rows of each file a model may see: none by default, at most the engine's 10. */
export const SAMPLE_ROWS = { min: 0, max: 10 };
/** The shell's bounds of the wait for a model, in seconds (`settings.rs`). */
export const MODEL_WAIT_S = { min: 10, max: 600 };

/** A limit value within bounds, or null when out of range or not a number. */
export function checkedLimit(raw: string, bounds: { min: number; max: number }): number | null {
  const value = Number(raw.trim());
  if (raw.trim() === "" || !Number.isFinite(value) || !Number.isInteger(value)) return null;
  return value >= bounds.min && value <= bounds.max ? value : null;
}

const PROVIDERS: Provider[] = ["offline", "openai", "anthropic"];
const THEMES: Theme[] = ["system", "light", "dark"];

export function settingsScreen({ store, actions }: ScreenContext): Screen {
  const field = (id: string, label: string, input: HTMLElement, hint?: string) =>
    el("div", { class: "field" }, el("label", { for: id }, label), input, hint ? el("p", { class: "muted small", id: `${id}-hint` }, hint) : null);
  const provider = el("select", { id: "set-provider" }, PROVIDERS.map((p) => el("option", { value: p }, t(`provider.${p}`)))) as HTMLSelectElement;
  const model = el("input", { id: "set-model", type: "text", autocomplete: "off", spellcheck: "false", "aria-describedby": "set-model-hint" }) as HTMLInputElement;
  const modelHint = el("p", { class: "muted small", id: "set-model-hint" });
  const badge = el("p", { class: "destination" });
  const localStatus = el("p", { class: "muted small", role: "status", "data-testid": "local-status" });
  const localList = el("div");
  const lookAgain = el("button", { type: "button", class: "link", onclick: () => void lookForServers() }, t("settings.localAgain"));
  const localBox = el("div", { class: "local-models", "data-testid": "local-models" },
    el("h3", {}, t("settings.localTitle")), localStatus, localList, lookAgain);
  const testButton = el("button", { type: "button", "data-testid": "test-connection", onclick: () => void testConnection() }, t("settings.testConnection"));
  const testResult = el("p", { role: "status", "aria-live": "polite", "data-testid": "connection-result" });
  const baseUrl = el("input", { id: "set-base-url", type: "url", autocomplete: "off", spellcheck: "false", "aria-describedby": "set-base-url-hint" }) as HTMLInputElement;
  const keyState = el("p", { class: "muted small", "data-testid": "key-state" });
  const apiKey = el("input", { id: "set-api-key", type: "password", autocomplete: "off", spellcheck: "false" }) as HTMLInputElement;
  const saveKey = el("button", { type: "button", onclick: () => void storeKey() }, t("settings.apiKeySave"));
  const time = el("input", { id: "set-time", type: "number", min: TIME_LIMIT_S.min, max: TIME_LIMIT_S.max, step: 1, "aria-describedby": "set-time-hint" }) as HTMLInputElement;
  const memory = el("input", { id: "set-memory", type: "number", min: MEMORY_LIMIT_MB.min, max: MEMORY_LIMIT_MB.max, step: 1, "aria-describedby": "set-memory-hint" }) as HTMLInputElement;
  const modelWait = el("input", { id: "set-model-wait", type: "number", min: MODEL_WAIT_S.min, max: MODEL_WAIT_S.max, step: 1, "aria-describedby": "set-model-wait-hint" }) as HTMLInputElement;
  const sampleRows = el("input", { id: "set-sample-rows", type: "number", min: SAMPLE_ROWS.min, max: SAMPLE_ROWS.max, step: 1, "aria-describedby": "set-sample-rows-hint" }) as HTMLInputElement;
  const language = el("select", { id: "set-language" }, LANGUAGES.map((l) => el("option", { value: l }, t(`lang.${l}`)))) as HTMLSelectElement;
  const codeFirst = el("input", { id: "set-code-first", type: "checkbox", "aria-describedby": "set-code-first-hint" }) as HTMLInputElement;
  const theme = el("select", { id: "set-theme" }, THEMES.map((th) => el("option", { value: th }, t(`theme.${th}`)))) as HTMLSelectElement;
  const message = el("p", { role: "status", "aria-live": "polite", "data-testid": "settings-message" });
  const save = el("button", { type: "submit", class: "primary" }, t("settings.save"));
  const setupNote = el("p", { class: "notice-inline", "data-testid": "model-setup-note", hidden: true }, t("model.setupNote"));

  const form = el("form", { class: "settings-form", novalidate: true },
    el("fieldset", {}, el("legend", {}, t("settings.modelSection")), setupNote,
      field("set-provider", t("ask.provider"), provider),
      el("div", { class: "model-fields", "data-testid": "model-fields" }, localBox,
        el("div", { class: "field" }, el("label", { for: "set-model" }, t("settings.model")), model, modelHint),
        field("set-base-url", t("settings.baseUrl"), baseUrl, t("settings.baseUrlHint")), badge,
        el("div", { class: "field" }, el("label", { for: "set-api-key" }, t("settings.apiKey")), keyState,
          el("div", { class: "inline" }, apiKey, saveKey)),
        el("div", { class: "field" }, testButton, testResult, el("p", { class: "muted small" }, t("settings.testHint"))))),
    el("fieldset", { "data-testid": "privacy-fields" }, el("legend", {}, t("settings.privacy")),
      field("set-sample-rows", t("settings.sampleRows"), sampleRows, t("settings.sampleRowsHint", SAMPLE_ROWS)),
      field("set-model-wait", t("settings.modelWait"), modelWait, t("settings.modelWaitHint", MODEL_WAIT_S))),
    el("fieldset", {}, el("legend", {}, t("settings.limits")),
      field("set-time", t("settings.timeLimit"), time, t("settings.between", TIME_LIMIT_S)),
      field("set-memory", t("settings.memoryLimit"), memory, t("settings.memoryHint", MEMORY_LIMIT_MB))),
    el("fieldset", {}, el("legend", {}, t("settings.answers")),
      el("div", { class: "field check" }, el("label", { for: "set-code-first", class: "check-label" }, codeFirst, " ", t("settings.codeFirst")),
        el("p", { class: "muted small", id: "set-code-first-hint" }, t("settings.codeFirstHint")))),
    el("fieldset", {}, el("legend", {}, t("settings.display")),
      field("set-language", t("settings.language"), language),
      field("set-theme", t("settings.theme"), theme)),
    el("div", { class: "actions" }, save), message);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void saveAll();
  });
  const root = el("section", { class: "screen screen-settings" }, screenHeading(t("settings.title")), form);
  provider.addEventListener("change", () => {
    testResult.textContent = "";
    drawModel();
  });
  baseUrl.addEventListener("input", drawModel);
  model.addEventListener("input", drawLocal);

  let servers: LocalServer[] | null = null;
  let looking = false;
  /** Only what the chosen provider needs: nothing for offline. */
  function drawModel(): void {
    const p = provider.value as Provider;
    const examples = modelExamples(p, baseUrl.value);
    model.placeholder = examples[0] ?? "";
    modelHint.textContent = examples.length > 0 ? t("settings.modelExamples", { examples: examples.join(", ") }) : "";
    replace(badge, destinationBadge(destination(p, baseUrl.value)));
    (form.querySelector("[data-testid=model-fields]") as HTMLElement).hidden = p === "offline";
    (form.querySelector("[data-testid=privacy-fields]") as HTMLElement).hidden = p === "offline";
    localBox.hidden = p !== "openai";
    if (p === "openai" && servers === null && !looking) void lookForServers();
    drawLocal();
  }
  function drawLocal(): void {
    localStatus.textContent = looking ? t("settings.localLooking") : servers?.length === 0 ? t("settings.localNone") : "";
    replace(localList, servers && servers.length > 0
      ? localServersList(servers, { baseUrl: baseUrl.value.trim(), model: model.value.trim() }, pickLocal) : null);
    lookAgain.hidden = looking;
  }
  async function lookForServers(): Promise<void> {
    looking = true;
    drawLocal();
    servers = await actions.detectLocalModels();
    looking = false;
    drawLocal();
  }
  function pickLocal(server: LocalServer, name: string): void {
    baseUrl.value = server.base_url;
    model.value = name;
    drawModel();
    testResult.textContent = "";
    message.textContent = t("settings.localPicked", { model: name, server: serverLabel(server.kind) });
    message.className = "ok-text";
  }
  async function testConnection(): Promise<void> {
    testButton.disabled = true;
    testResult.textContent = t("settings.testing");
    testResult.className = "muted";
    try {
      const r = await actions.testConnection(provider.value as Provider, model.value.trim(), baseUrl.value.trim());
      testResult.textContent = r.message;
      testResult.className = r.connected ? "ok-text" : "error-text";
      if (r.outcome.outcome === "no_key") apiKey.focus();
    } catch (raw) {
      const e = toIpcError(raw);
      testResult.textContent = errorText(e.code, e.message);
      testResult.className = "error-text";
    } finally {
      testButton.disabled = false;
    }
  }
  /** Arrived from "Ask a language model instead" with no model set up: a
   * model provider chosen (not saved yet), its fields shown, the model
   * field focused, and what to do said. */
  function showModelFields(): void {
    if (provider.value === "offline") provider.value = "openai";
    drawModel();
    setupNote.hidden = false;
    queueMicrotask(() => {
      model.focus();
      store.set({ modelSetup: false });
    });
  }

  /** Arrived from "Add your key": that provider's key field, focused once the screen is shown. */
  function showKeyField(p: Provider): void {
    provider.value = p;
    drawModel();
    queueMicrotask(() => {
      apiKey.focus();
      store.set({ keyFor: null });
    });
  }

  function fillForm(s: Settings | null): void {
    if (!s) return;
    provider.value = s.provider;
    model.value = s.model;
    baseUrl.value = s.base_url;
    time.value = String(Math.round(s.time_limit_ms / 1000));
    memory.value = String(Math.round(s.memory_limit_bytes / (1024 * 1024)));
    sampleRows.value = String(s.sample_rows ?? 0);
    modelWait.value = String(s.model_wait_s ?? 60);
    language.value = s.language ?? store.get().lang;
    theme.value = s.theme;
    codeFirst.checked = s.show_code_first === true;
    drawKey(s);
    drawModel();
  }
  function drawKey(s: Settings): void {
    keyState.textContent = s.api_key_hint ? t("settings.apiKeyStored", { hint: s.api_key_hint }) : t("settings.apiKeyNone");
  }

  function fail(text: string): void {
    message.textContent = text;
    message.className = "error-text";
  }

  async function saveAll(): Promise<void> {
    const current = store.get().settings;
    if (!current) return;
    const seconds = checkedLimit(time.value, TIME_LIMIT_S);
    if (seconds === null) return fail(t("settings.outOfRange", { field: t("settings.timeLimit"), ...TIME_LIMIT_S }));
    const megabytes = checkedLimit(memory.value, MEMORY_LIMIT_MB);
    if (megabytes === null) return fail(t("settings.outOfRange", { field: t("settings.memoryLimit"), ...MEMORY_LIMIT_MB }));
    const rows = checkedLimit(sampleRows.value, SAMPLE_ROWS);
    if (rows === null) return fail(t("settings.outOfRange", { field: t("settings.sampleRows"), ...SAMPLE_ROWS }));
    const waitS = checkedLimit(modelWait.value, MODEL_WAIT_S);
    if (waitS === null) return fail(t("settings.outOfRange", { field: t("settings.modelWait"), ...MODEL_WAIT_S }));
    try {
      await actions.saveSettings({
        ...current, provider: provider.value as Provider, model: model.value.trim(), base_url: baseUrl.value.trim(),
        time_limit_ms: seconds * 1000, memory_limit_bytes: megabytes * 1024 * 1024,
        language: language.value as UiLanguage, theme: theme.value as Theme,
        sample_rows: rows, model_wait_s: waitS, show_code_first: codeFirst.checked,
      });
      message.textContent = t("settings.saved");
      message.className = "ok-text";
    } catch (raw) {
      const e = toIpcError(raw);
      fail(errorText(e.code, e.message));
    }
  }

  async function storeKey(): Promise<void> {
    const key = apiKey.value.trim();
    if (key === "") return;
    try {
      await actions.setApiKey(provider.value as Provider, key);
      apiKey.value = "";
      message.textContent = t("settings.apiKeySaved");
      message.className = "ok-text";
    } catch (raw) {
      const e = toIpcError(raw);
      fail(errorText(e.code, e.message));
    }
  }

  fillForm(store.get().settings);
  drawModel();
  const keyFor = store.get().keyFor;
  if (keyFor) showKeyField(keyFor);
  else if (store.get().modelSetup) showModelFields();
  return {
    el: root,
    update(s, prev) {
      if (s.settings !== prev.settings) {
        // Keep what the person is typing; refresh the key line only, unless first load.
        if (!prev.settings) fillForm(s.settings);
        else if (s.settings) drawKey(s.settings);
      }
      if (s.keyFor && s.keyFor !== prev.keyFor) showKeyField(s.keyFor);
      if (s.modelSetup && !prev.modelSetup) showModelFields();
    },
  };
}
