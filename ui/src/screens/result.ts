// "Answer": the report of the run that just ended, with the next steps at
// the top: ask another question, see and edit the code, save the signed
// report, ask a follow-up; then the files and the time it was asked
// (`answerMeta`, shared with a run opened from history), and the report.

import { exportBar } from "../components/export-bar";
import { reportView } from "../components/report-view";
import { t } from "../i18n";
import { el, replace } from "../lib/dom";
import { formatDateTime } from "../lib/format";
import type { RunReport, UiLanguage } from "../ipc";
import type { AppState } from "../state/app-state";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

export function limitsOf(s: AppState) {
  return s.settings ? { timeLimitMs: s.settings.time_limit_ms, memoryLimitBytes: s.settings.memory_limit_bytes } : null;
}

/** The files a run read and when it was asked ("shop.csv · 4 Dec 2026,
 * 16:45"), and the question it follows up, if any; text only. */
export function answerMeta(r: RunReport, startedAt: string | null, lang: UiLanguage): HTMLElement {
  const files = r.inputs.map((f) => f.name).join(", ");
  const parent = r.follows?.goals.at(-1)?.trim();
  return el("div", { class: "answer-meta muted", "data-testid": "answer-meta" },
    el("p", {}, files ? t("result.metaFiles", { files }) : null,
      files && startedAt ? " · " : null,
      startedAt ? el("time", { datetime: startedAt }, formatDateTime(startedAt, lang)) : null),
    parent ? el("p", { "data-testid": "answer-follows" }, t("result.followsUp", { goal: parent })) : null);
}

/** "Ask a follow-up": a line and Ask; `onAsk` gets what was typed. */
export function followUpForm(onAsk: (goal: string) => void, id = "follow-up"): HTMLFormElement {
  const input = el("input", { id, type: "text", "data-testid": "follow-up", placeholder: t("result.followUpPlaceholder") }) as HTMLInputElement;
  return el("form", { class: "follow-up", "data-testid": "follow-up-form", onsubmit: (e: Event) => {
    e.preventDefault();
    const goal = input.value;
    input.value = "";
    onAsk(goal);
  } },
  el("label", { for: id }, t("result.followUp")), input,
  el("button", { type: "submit", "data-testid": "follow-up-ask" }, t("result.followUpAsk")));
}

export function resultScreen({ store, actions }: ScreenContext): Screen {
  const body = el("div", { class: "result-body" });
  const exportBox = el("div", { class: "result-export" });
  const followForm = followUpForm((goal) => void actions.askFollowUp(goal));
  const editCode = el("button", { type: "button", "data-testid": "see-code", onclick: () => actions.navigate("review") }, t("result.editCode"));
  const root = el("section", { class: "screen screen-result" },
    screenHeading(t("result.title")),
    el("div", { class: "actions result-actions" },
      el("button", { type: "button", class: "primary", onclick: () => actions.navigate("ask") }, t("result.again")),
      editCode, exportBox),
    followForm, body);
  function draw(): void {
    const s = store.get();
    const report = s.run.report;
    followForm.hidden = !report || report.status !== "answered";
    // The code of this run is one click away while it is still the draft on screen.
    editCode.hidden = s.generated === null;
    replace(exportBox, report ? exportBar(report.run_id, actions) : null);
    replace(body, report ? answerMeta(report, s.runAt, s.lang) : null, report ? reportView(report, s.lang, limitsOf(s), {
      question: s.runGoal, onSuggestion: (goal) => void actions.askSuggestion(goal),
      onInstead: (goal) => void actions.askInstead(goal), onSettings: () => actions.navigate("settings"),
      onAskModel: () => void actions.askModelInstead(s.runGoal ?? undefined),
    }) : null);
  }
  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.run.report !== prev.run.report || s.settings !== prev.settings || s.runGoal !== prev.runGoal || s.runAt !== prev.runAt || s.generated !== prev.generated) draw();
    },
  };
}
