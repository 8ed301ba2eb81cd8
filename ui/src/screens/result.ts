// "Answer": the report of the run that just ended, with the next steps at
// the top: ask another question, see and edit the code, save the signed
// report, ask a follow-up.

import { exportBar } from "../components/export-bar";
import { reportView } from "../components/report-view";
import { t } from "../i18n";
import { el, replace } from "../lib/dom";
import type { AppState } from "../state/app-state";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

export function limitsOf(s: AppState) {
  return s.settings ? { timeLimitMs: s.settings.time_limit_ms, memoryLimitBytes: s.settings.memory_limit_bytes } : null;
}

export function resultScreen({ store, actions }: ScreenContext): Screen {
  const body = el("div", { class: "result-body" });
  const exportBox = el("div", { class: "result-export" });
  const followUp = el("input", { id: "follow-up", type: "text", "data-testid": "follow-up", placeholder: t("result.followUpPlaceholder") }) as HTMLInputElement;
  const ask = (): void => {
    const goal = followUp.value;
    followUp.value = "";
    void actions.askFollowUp(goal);
  };
  const followForm = el("form", { class: "follow-up", "data-testid": "follow-up-form", onsubmit: (e: Event) => { e.preventDefault(); ask(); } },
    el("label", { for: "follow-up" }, t("result.followUp")), followUp,
    el("button", { type: "submit", "data-testid": "follow-up-ask" }, t("result.followUpAsk")));
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
    replace(body, report ? reportView(report, s.lang, limitsOf(s), {
      question: s.runGoal, onSuggestion: (goal) => void actions.askSuggestion(goal),
      onInstead: (goal) => void actions.askInstead(goal), onSettings: () => actions.navigate("settings"),
    }) : null);
  }
  draw();
  return {
    el: root,
    update(s, prev) {
      if (s.run.report !== prev.run.report || s.settings !== prev.settings || s.runGoal !== prev.runGoal || s.generated !== prev.generated) draw();
    },
  };
}
