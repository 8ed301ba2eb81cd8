// "What do you want to know?": the goal box (examples in the UI language as
// placeholder), the provider selector (offline by default), "Answer" (the
// code is written, checked and, when the check allows it, run at once: the
// answer shows) and "Show me the code first" (the code opens before it runs).
// A question not understood gets its reason and, when the engine has some,
// rephrasings as buttons that ask them. While a model writes the code, a
// panel tells the wait (seconds, the reply so far) with Cancel; a model that
// failed, or a cancel, gets its message with Retry. With the example file
// loaded, a few questions about it (checked to be answered offline) are
// offered as buttons that ask them.

import { errorText, t } from "../i18n";
import { call, toIpcError, type Provider } from "../ipc";
import { sampleLoaded, usableFiles, type ModelWait } from "../state/app-state";
import { formatNumber } from "../lib/format";
import type { UiLanguage } from "../ipc/types";
import { suggestionsBlock } from "../components/reading";
import { el, replace } from "../lib/dom";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

const PROVIDERS: Provider[] = ["offline", "openai", "anthropic"];
/** Questions about the example file, each answered offline (checked with
 * `glovebox run assets/samples/shop.csv --goal …` in the three languages). */
export const EXAMPLES = ["ask.example1", "ask.example2", "ask.example3"] as const;

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
  const submit = el("button", { type: "button", class: "primary", "data-testid": "answer-button", onclick: () => void actions.generate() }, t("ask.submit"));
  const codeFirst = el("button", { type: "button", "data-testid": "code-first", onclick: () => void actions.generate({ codeFirst: true }) }, t("ask.codeFirst"));
  const error = el("p", { class: "error-text", role: "alert" });
  // A missing key: a way to the key field, never a command to type.
  const addKey = el("button", { type: "button", "data-testid": "add-key", hidden: true, onclick: () => {
    const needed = store.get().askNeedsKey;
    if (needed) actions.openKeyField(needed);
  } }, t("ask.addKey"));
  const retry = el("button", { type: "button", "data-testid": "retry", hidden: true, onclick: () => void actions.generate() }, t("wait.retry"));
  const wait = modelWaitPanel(() => void actions.cancelGeneration());
  const suggestions = el("div", { class: "ask-suggestions" });
  const examples = el("div", { class: "suggestions ask-examples", "data-testid": "ask-examples" },
    el("p", { class: "suggestions-label" }, t("ask.examples")),
    el("div", { class: "suggestion-list" }, EXAMPLES.map((key) =>
      el("button", { type: "button", class: "suggestion", title: t("suggest.hint"), onclick: () => void actions.askSuggestion(t(key)) }, t(key)))));
  const context = el("p", { class: "muted", "data-testid": "ask-context" });
  const root = el("section", { class: "screen screen-ask" },
    screenHeading(t("ask.title")), context,
    el("label", { for: "goal" }, t("ask.goal")), goal,
    el("p", { class: "muted small", id: "goal-hint" }, t("ask.hint")), examples,
    el("div", { class: "actions" }, submit, codeFirst), wait.el, error, addKey, el("div", { class: "actions" }, retry), suggestions,
    el("label", { for: "provider" }, t("ask.provider")), provider, providerNote, showSent, sentBox);

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
    codeFirst.disabled = s.generating;
    // With the setting on, every question opens its code first: one button says so.
    codeFirst.hidden = s.settings?.show_code_first === true;
    submit.textContent = s.generating ? t("ask.writing") : t("ask.submit");
    wait.draw(s.generating ? s.modelWait : null, s.lang);
    error.textContent = s.askError ?? "";
    addKey.hidden = s.askNeedsKey === null;
    retry.hidden = !s.askError || !s.askRetry || s.generating;
    examples.hidden = !sampleLoaded(s);
    for (const b of examples.querySelectorAll("button")) b.disabled = s.generating;
    replace(suggestions, suggestionsBlock(s.askSuggestions, (g) => void actions.askSuggestion(g), s.generating));
  }
  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.files !== prev.files || s.goal !== prev.goal || s.provider !== prev.provider || s.generating !== prev.generating || s.modelWait !== prev.modelWait || s.askError !== prev.askError || s.askSuggestions !== prev.askSuggestions || s.askNeedsKey !== prev.askNeedsKey || s.settings !== prev.settings || s.samplePath !== prev.samplePath) draw();
    },
  };
}

/** "Waiting for the model… 12 s", then "The model is writing…" with the end
 * of its reply, and Cancel. Only the state change is announced (a live
 * region ticking every second would talk over everything). */
function modelWaitPanel(onCancel: () => void): { el: HTMLElement; draw(w: ModelWait | null, lang: UiLanguage): void } {
  const status = el("span", { role: "status", "data-testid": "wait-status" });
  const seconds = el("span", { class: "muted", "data-testid": "wait-seconds" });
  const reply = el("pre", { class: "model-reply", "aria-label": t("wait.replyLabel"), hidden: true });
  const cancel = el("button", { type: "button", onclick: onCancel }, t("wait.cancel"));
  const root = el("div", { class: "card model-wait", "data-testid": "model-wait", hidden: true },
    el("p", {}, status, " ", seconds), reply, el("div", { class: "actions" }, cancel));
  return {
    el: root,
    draw(w, lang) {
      root.hidden = w === null;
      if (w === null) return;
      const said = w.cancelling ? t("wait.cancelling") : w.received > 0 ? t("wait.writing") : t("wait.waiting");
      if (status.textContent !== said) status.textContent = said;
      const secs = formatNumber(Math.floor(w.elapsedMs / 1000), lang, 0);
      seconds.textContent = w.received > 0
        ? t("wait.secondsChars", { seconds: secs, chars: formatNumber(w.received, lang, 0) })
        : t("wait.seconds", { seconds: secs });
      reply.hidden = w.text === "";
      if (reply.textContent !== w.text) {
        reply.textContent = w.text;
        reply.scrollTop = reply.scrollHeight;
      }
      cancel.disabled = w.cancelling;
    },
  };
}
