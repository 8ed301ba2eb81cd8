// "What do you want to know?": the goal box (examples in the UI language as
// placeholder), the provider selector (offline by default), and "Write the code".
// A question not understood gets its reason and, when the engine has some,
// rephrasings as buttons that ask them.

import { errorText, t } from "../i18n";
import { call, toIpcError, type Provider } from "../ipc";
import { usableFiles } from "../state/app-state";
import { suggestionsBlock } from "../components/reading";
import { el, replace } from "../lib/dom";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

const PROVIDERS: Provider[] = ["offline", "openai", "anthropic"];

export function askScreen({ store, actions }: ScreenContext): Screen {
  const s0 = store.get();
  const goal = el("textarea", {
    id: "goal", rows: 3, placeholder: t("ask.placeholder"), "aria-describedby": "goal-hint",
  }) as HTMLTextAreaElement;
  goal.value = s0.goal;
  goal.addEventListener("input", () => actions.setGoal(goal.value));
  goal.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void actions.generate();
    }
  });
  const provider = el("select", { id: "provider" },
    PROVIDERS.map((p) => el("option", { value: p }, t(`provider.${p}`)))) as HTMLSelectElement;
  provider.value = s0.provider;
  provider.addEventListener("change", () => actions.setProvider(provider.value as Provider));
  const providerNote = el("p", { class: "muted", id: "provider-note" });
  const sentBox = el("pre", { class: "sent", tabindex: 0, "aria-label": t("ask.sentTitle"), "data-testid": "sent", hidden: true });
  const showSent = el("button", { type: "button", class: "link", onclick: async () => {
    const s = store.get();
    try {
      sentBox.textContent = await call("preview_prompt", { goal: s.goal.trim(), files: usableFiles(s), provider: s.provider });
    } catch (raw) {
      const e = toIpcError(raw);
      sentBox.textContent = errorText(e.code, e.message);
    }
    sentBox.hidden = false;
  } }, t("ask.showSent"));
  const submit = el("button", { type: "button", class: "primary", onclick: () => void actions.generate() }, t("ask.submit"));
  const error = el("p", { class: "error-text", role: "alert" });
  // A missing key: a way to the key field, never a command to type.
  const addKey = el("button", { type: "button", "data-testid": "add-key", hidden: true, onclick: () => {
    const needed = store.get().askNeedsKey;
    if (needed) actions.openKeyField(needed);
  } }, t("ask.addKey"));
  const suggestions = el("div", { class: "ask-suggestions" });
  const context = el("p", { class: "muted", "data-testid": "ask-context" });
  const root = el("section", { class: "screen screen-ask" },
    screenHeading(t("ask.title")), context,
    el("label", { for: "goal" }, t("ask.goal")), goal,
    el("p", { class: "muted small", id: "goal-hint" }, t("ask.hint")),
    el("label", { for: "provider" }, t("ask.provider")), provider, providerNote, showSent, sentBox,
    el("div", { class: "actions" }, submit), error, addKey, suggestions);

  function draw(): void {
    const s = store.get();
    if (goal.value !== s.goal) goal.value = s.goal;
    const described = s.files.flatMap((f) => (f.description ? [f.description] : []));
    context.textContent = described.length === 0 ? t("ask.noFiles") : t("ask.context", {
      files: described.map((d) => d.name).join(", "),
      columns: [...new Set(described.flatMap((d) => d.columns.map((c) => c.name)))].join(", "),
    });
    provider.value = s.provider;
    providerNote.textContent = s.provider === "offline" ? t("ask.offlineNote") : t("ask.remoteNote");
    showSent.hidden = s.provider === "offline";
    if (s.provider === "offline") sentBox.hidden = true;
    submit.disabled = s.generating;
    submit.textContent = s.generating ? t("ask.writing") : t("ask.submit");
    error.textContent = s.askError ?? "";
    addKey.hidden = s.askNeedsKey === null;
    replace(suggestions, suggestionsBlock(s.askSuggestions, (g) => void actions.askSuggestion(g), s.generating));
  }
  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.files !== prev.files || s.goal !== prev.goal || s.provider !== prev.provider || s.generating !== prev.generating || s.askError !== prev.askError || s.askSuggestions !== prev.askSuggestions || s.askNeedsKey !== prev.askNeedsKey) draw();
    },
  };
}
