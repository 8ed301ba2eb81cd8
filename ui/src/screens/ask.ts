// "What do you want to know?": the goal box (examples in the UI language as
// placeholder), the provider selector (offline by default), "Answer" (the
// code is written, checked and, when the check allows it, run at once: the
// answer shows) and "Show me the code first" (the code opens before it runs).
// A question not understood gets its reason and, when the engine has some,
// rephrasings as buttons that ask them. While a model writes the code, a
// panel tells the wait (seconds, the reply so far) with Cancel; a model that
// failed, or a cancel, gets its message with Retry. With the example file
// loaded, a few questions about it (checked to be answered offline) are
// offered as buttons that ask them. A question the offline recipes did not
// understand also gets "Ask a language model instead": with a model set up
// in Settings, what would be sent to it shows first (readable sections,
// `sent-view.ts`) with "Send and write the code"; without one, Settings open
// on the model fields. "Show exactly what will be sent" uses the same view.

import { errorText, t } from "../i18n";
import { call, toIpcError, type Provider } from "../ipc";
import { sampleLoaded, usableFiles, type ModelWait } from "../state/app-state";
import { formatNumber } from "../lib/format";
import type { UiLanguage } from "../ipc/types";
import { suggestionsBlock } from "../components/reading";
import { sentView } from "../components/sent-view";
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
  const sentBox = el("div", { class: "sent-box", hidden: true });
  const showSent = el("button", { type: "button", class: "link", onclick: async () => {
    const s = store.get();
    try {
      const body = await call("preview_prompt", { goal: s.goal.trim(), files: usableFiles(s), provider: s.provider });
      replace(sentBox, sentView(body, s.provider, s.settings?.base_url ?? ""));
    } catch (raw) {
      const e = toIpcError(raw);
      replace(sentBox, el("p", { class: "error-text", "data-testid": "sent" }, errorText(e.code, e.message)));
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
  const askModel = el("div", { class: "ask-model", "data-testid": "ask-model-offer", hidden: true },
    el("p", { class: "muted small" }, t("model.insteadHint")),
    el("button", { type: "button", "data-testid": "ask-model", onclick: () => void actions.askModelInstead() }, t("model.instead")));
  const modelPanel = el("div", { class: "card model-ask", "data-testid": "model-ask", hidden: true });
  let drawnAsk: unknown = undefined;
  const examples = el("div", { class: "ask-examples", "data-testid": "ask-examples" },
    el("p", { class: "examples-label" }, t("ask.examples")),
    el("div", { class: "suggestion-list" }, EXAMPLES.map((key) =>
      el("button", { type: "button", class: "suggestion", title: t("suggest.hint"), onclick: () => void actions.askSuggestion(t(key)) }, t(key)))));
  const context = el("p", { class: "muted", "data-testid": "ask-context" });
  const root = el("section", { class: "screen screen-ask" },
    screenHeading(t("ask.title")), context,
    el("label", { for: "goal" }, t("ask.goal")), goal,
    el("p", { class: "muted small", id: "goal-hint" }, t("ask.hint")), examples,
    el("div", { class: "actions" }, submit, codeFirst), wait.el, error, addKey, el("div", { class: "actions" }, retry), suggestions, askModel, modelPanel,
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
    askModel.hidden = !s.askModelOffer || s.generating || s.modelAsk !== null;
    if (drawnAsk !== s.modelAsk) drawModelAsk(s);
    for (const b of examples.querySelectorAll("button")) b.disabled = s.generating;
    replace(suggestions, suggestionsBlock(s.askSuggestions, (g) => void actions.askSuggestion(g), s.generating));
  }
  /** What would be sent to the model, then Send or Cancel. */
  function drawModelAsk(s: ReturnType<typeof store.get>): void {
    drawnAsk = s.modelAsk;
    const ask = s.modelAsk;
    modelPanel.hidden = ask === null;
    if (!ask) return replace(modelPanel);
    const send = el("button", { type: "button", class: "primary", "data-testid": "model-ask-send", disabled: ask.sent === null,
      onclick: () => void actions.sendModelAsk() }, t("model.send"));
    replace(modelPanel,
      el("h3", {}, t("ask.sentTitle")),
      ask.error !== null ? el("p", { class: "error-text", role: "alert" }, ask.error)
        : ask.sent === null ? el("p", { class: "muted", role: "status" }, t("sent.preparing"))
          : sentView(ask.sent, ask.provider, s.settings?.base_url ?? ""),
      el("div", { class: "actions" }, send,
        el("button", { type: "button", "data-testid": "model-ask-cancel", onclick: () => actions.closeModelAsk() }, t("wait.cancel"))));
    if (ask.sent !== null) send.focus();
  }

  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.files !== prev.files || s.goal !== prev.goal || s.provider !== prev.provider || s.generating !== prev.generating || s.modelWait !== prev.modelWait || s.askError !== prev.askError || s.askSuggestions !== prev.askSuggestions || s.askNeedsKey !== prev.askNeedsKey || s.settings !== prev.settings || s.samplePath !== prev.samplePath || s.askModelOffer !== prev.askModelOffer || s.modelAsk !== prev.modelAsk) draw();
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
