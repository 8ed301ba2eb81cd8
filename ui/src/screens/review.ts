// "Check the code": who wrote the code (in words), what it will do (the
// question's restated reading), the generated code in a CodeMirror editor, the policy's
// findings inline and listed (re-checked while editing, debounced), the
// verdict, a diff against the generated code, and Run / Run anyway.
// A `review` verdict runs only through "Run anyway" (recorded as approval);
// a `deny` verdict cannot run. The code runs only for the question, files
// and provider it was written for: once any of them changes, Run is off and
// a sentence says what changed.

import { codeEditor, type CodeEditor } from "../components/code-editor";
import { diffView } from "../components/diff-view";
import { originText, planBlock } from "../components/plan-view";
import { t } from "../i18n";
import { el, replace } from "../lib/dom";
import { canRun, staleness } from "../state/app-state";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

export function reviewScreen({ store, actions }: ScreenContext): Screen {
  let editor: CodeEditor | null = null;
  let showDiff = false;
  const origin = el("p", { class: "muted" });
  const question = el("p", { class: "muted", "data-testid": "drafted-question" });
  const staleText = el("span", {});
  const rewrite = el("button", { type: "button", class: "link", onclick: () => {
    actions.navigate("ask");
    void actions.generate({ codeFirst: true });
  } }, t("review.rewrite"));
  const staleNote = el("p", { class: "error-text", role: "alert", "data-testid": "stale", hidden: true }, staleText, " ", rewrite);
  const plan = el("div", { class: "plan-box" });
  const editorBox = el("div", { class: "editor", "data-testid": "editor" });
  const verdict = el("p", { class: "verdict", role: "status", "aria-live": "polite", "data-testid": "verdict" });
  const findings = el("ul", { class: "findings", "aria-label": t("review.findings") });
  const diffBox = el("div", { class: "diff-box", hidden: true });
  const diffToggle = el("button", { type: "button", "aria-expanded": "false", onclick: () => {
    showDiff = !showDiff;
    drawDiff();
  } }, t("review.showDiff"));
  const restore = el("button", { type: "button", onclick: () => actions.restoreCode() }, t("review.restore"));
  const run = el("button", { type: "button", class: "primary", "data-testid": "run", onclick: () => void actions.startRun(false) }, t("review.run"));
  const runAnyway = el("button", { type: "button", class: "warning", "data-testid": "run-anyway", onclick: () => void actions.startRun(true) }, t("review.runAnyway"));
  const approveNote = el("p", { class: "muted small" }, t("review.approveNote"));
  const sandboxNote = el("p", { class: "error-text", "data-testid": "no-sandbox" }, t("review.noSandbox"));
  const root = el("section", { class: "screen screen-review" },
    screenHeading(t("review.title")),
    el("p", { class: "muted" }, t("review.intro")),
    question, origin, plan, editorBox,
    el("div", { class: "review-side" }, verdict, findings),
    el("div", { class: "actions" }, run, runAnyway, diffToggle, restore),
    staleNote, approveNote, sandboxNote, diffBox);

  function drawDiff(): void {
    const s = store.get();
    diffToggle.textContent = showDiff ? t("review.hideDiff") : t("review.showDiff");
    diffToggle.setAttribute("aria-expanded", String(showDiff));
    diffBox.hidden = !showDiff;
    if (showDiff) replace(diffBox, el("h3", {}, t("review.diffTitle")), diffView(s.generated?.code ?? "", s.code));
  }

  function drawGenerated(): void {
    const s = store.get();
    editor?.destroy();
    editor = null;
    replace(editorBox);
    question.textContent = s.draftedFor ? t("review.question", { goal: s.draftedFor.goal }) : "";
    if (!s.generated) return replace(plan);
    origin.textContent = originText(s.generated.origin, s.settings);
    replace(plan, planBlock(s.generated));
    editor = codeEditor(s.code, t("review.editor"), (code) => actions.editCode(code));
    editorBox.appendChild(editor.dom);
  }

  function drawCheck(): void {
    const s = store.get();
    const p = s.policy;
    if (s.code.trim() === "") verdict.textContent = t("review.empty");
    else if (s.checking || !p) verdict.textContent = t("review.checking");
    else verdict.textContent = t(`review.${p.verdict ?? "allow"}`);
    verdict.dataset.verdict = s.checking || !p ? "checking" : p.verdict ?? "allow";
    replace(findings, (p?.findings ?? []).map((f) => el("li", { class: `finding finding-${f.severity}` },
      el("span", { class: "finding-line" }, t("review.line", { line: f.line })),
      el("span", { class: "finding-severity" }, t(`severity.${f.severity}`)),
      el("span", { class: "finding-message" }, f.message))));
    editor?.setFindings(p?.findings ?? []);
    const review = !s.checking && p?.verdict === "review";
    const ok = canRun(s);
    run.hidden = review;
    run.disabled = !ok;
    runAnyway.hidden = !review;
    runAnyway.disabled = !ok;
    approveNote.hidden = !review;
    sandboxNote.hidden = s.doctor?.ready !== false;
    const stale = staleness(s);
    staleNote.hidden = stale === null;
    staleText.textContent = stale ? t(`review.stale.${stale}`) : "";
    restore.disabled = s.code === s.generated?.code;
    if (showDiff) drawDiff();
  }

  drawGenerated();
  drawCheck();
  drawDiff();
  return {
    el: root,
    update(s, prev) {
      if (s.generated !== prev.generated) drawGenerated();
      else if (s.code !== prev.code) editor?.setCode(s.code);
      if (s.policy !== prev.policy || s.checking !== prev.checking || s.code !== prev.code || s.doctor !== prev.doctor || s.run.phase !== prev.run.phase || s.files !== prev.files ||
        s.generated !== prev.generated || s.goal !== prev.goal || s.provider !== prev.provider) drawCheck();
    },
    destroy() {
      editor?.destroy();
    },
  };
}
