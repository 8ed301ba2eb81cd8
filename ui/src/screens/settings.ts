// "Settings": provider, model, base URL, API key (sent to the keyring through
// the shell and never shown again, only its last characters), limits within
// safe bounds, UI language and light/dark; how many rows of the person's
// data a model may see (none by default).

import { errorText, LANGUAGES, t } from "../i18n";
import { toIpcError, type Provider, type Settings, type Theme, type UiLanguage } from "../ipc";
import { el } from "../lib/dom";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

/** Safe bounds of the run limits (the sandbox's defaults: 60 s, 1 GiB). */
export const TIME_LIMIT_S = { min: 5, max: 600 };
export const MEMORY_LIMIT_MB = { min: 128, max: 8192 };
/** Rows of each file a model may see: none by default, at most the engine's 10. */
export const SAMPLE_ROWS = { min: 0, max: 10 };

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
  const model = el("input", { id: "set-model", type: "text", autocomplete: "off", spellcheck: "false" }) as HTMLInputElement;
  const baseUrl = el("input", { id: "set-base-url", type: "url", autocomplete: "off", spellcheck: "false", "aria-describedby": "set-base-url-hint" }) as HTMLInputElement;
  const keyState = el("p", { class: "muted small", "data-testid": "key-state" });
  const apiKey = el("input", { id: "set-api-key", type: "password", autocomplete: "off", spellcheck: "false" }) as HTMLInputElement;
  const saveKey = el("button", { type: "button", onclick: () => void storeKey() }, t("settings.apiKeySave"));
  const time = el("input", { id: "set-time", type: "number", min: TIME_LIMIT_S.min, max: TIME_LIMIT_S.max, step: 1, "aria-describedby": "set-time-hint" }) as HTMLInputElement;
  const memory = el("input", { id: "set-memory", type: "number", min: MEMORY_LIMIT_MB.min, max: MEMORY_LIMIT_MB.max, step: 1, "aria-describedby": "set-memory-hint" }) as HTMLInputElement;
  const sampleRows = el("input", { id: "set-sample-rows", type: "number", min: SAMPLE_ROWS.min, max: SAMPLE_ROWS.max, step: 1, "aria-describedby": "set-sample-rows-hint" }) as HTMLInputElement;
  const language = el("select", { id: "set-language" }, LANGUAGES.map((l) => el("option", { value: l }, t(`lang.${l}`)))) as HTMLSelectElement;
  const theme = el("select", { id: "set-theme" }, THEMES.map((th) => el("option", { value: th }, t(`theme.${th}`)))) as HTMLSelectElement;
  const message = el("p", { role: "status", "aria-live": "polite", "data-testid": "settings-message" });
  const save = el("button", { type: "submit", class: "primary" }, t("settings.save"));

  const form = el("form", { class: "settings-form", novalidate: true },
    el("fieldset", {}, el("legend", {}, t("settings.modelSection")),
      field("set-provider", t("ask.provider"), provider),
      field("set-model", t("settings.model"), model),
      field("set-base-url", t("settings.baseUrl"), baseUrl, t("settings.baseUrlHint")),
      el("div", { class: "field" }, el("label", { for: "set-api-key" }, t("settings.apiKey")), keyState,
        el("div", { class: "inline" }, apiKey, saveKey))),
    el("fieldset", {}, el("legend", {}, t("settings.privacy")),
      field("set-sample-rows", t("settings.sampleRows"), sampleRows, t("settings.sampleRowsHint", SAMPLE_ROWS))),
    el("fieldset", {}, el("legend", {}, t("settings.limits")),
      field("set-time", t("settings.timeLimit"), time, t("settings.between", TIME_LIMIT_S)),
      field("set-memory", t("settings.memoryLimit"), memory, t("settings.between", MEMORY_LIMIT_MB))),
    el("fieldset", {}, el("legend", {}, t("settings.display")),
      field("set-language", t("settings.language"), language),
      field("set-theme", t("settings.theme"), theme)),
    el("div", { class: "actions" }, save), message);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void saveAll();
  });
  const root = el("section", { class: "screen screen-settings" }, screenHeading(t("settings.title")), form);

  function fillForm(s: Settings | null): void {
    if (!s) return;
    provider.value = s.provider;
    model.value = s.model;
    baseUrl.value = s.base_url;
    time.value = String(Math.round(s.time_limit_ms / 1000));
    memory.value = String(Math.round(s.memory_limit_bytes / (1024 * 1024)));
    sampleRows.value = String(s.sample_rows ?? 0);
    language.value = s.language ?? store.get().lang;
    theme.value = s.theme;
    drawKey(s);
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
    try {
      await actions.saveSettings({
        ...current, provider: provider.value as Provider, model: model.value.trim(), base_url: baseUrl.value.trim(),
        time_limit_ms: seconds * 1000, memory_limit_bytes: megabytes * 1024 * 1024,
        language: language.value as UiLanguage, theme: theme.value as Theme,
        sample_rows: rows,
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
  return {
    el: root,
    update(s, prev) {
      if (s.settings !== prev.settings) {
        // Keep what the person is typing; refresh the key line only, unless first load.
        if (!prev.settings) fillForm(s.settings);
        else if (s.settings) drawKey(s.settings);
      }
    },
  };
}
