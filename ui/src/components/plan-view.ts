// The Code step's "What the code will do": the engine's restated reading of
// the question (in words, the file, what is computed, for each what, which
// rows, the columns used, the choices the question did not state), not the
// question repeated; for code a model wrote (no reading), the code's own
// opening notes. And who wrote the code, in words a person understands.
// All of it is text (lib/dom), never HTML.

import { t } from "../i18n";
import type { GeneratedCode, Interpretation, Provider, Settings } from "../ipc";
import { el } from "../lib/dom";

/** One line of the plan, as shown: a label and its text. */
export interface PlanLine {
  label: string;
  text: string;
  /** An assumption the question did not state (marked apart). */
  assumption?: boolean;
}

const nonBlank = (xs: readonly string[] | null | undefined): string[] =>
  (xs ?? []).map((x) => x.trim()).filter((x) => x !== "");

/** The plan of `generated`: its reading's parts when there is one, else the
 * code's notes one per line (skipping a "Goal:" line, the question itself). */
export function planLines(generated: Pick<GeneratedCode, "plan" | "reading">): PlanLine[] {
  const r: Interpretation | null | undefined = generated.reading;
  if (r) {
    const lines: PlanLine[] = [];
    const push = (label: string, text: string) => { if (text.trim() !== "") lines.push({ label, text: text.trim() }); };
    push(t("plan.readAs"), r.sentence);
    push(t("plan.file"), r.file);
    push(t("plan.computes"), nonBlank(r.measures).join(", "));
    if (r.grouping) push(t("plan.grouping"), r.grouping);
    const filters = nonBlank(r.filters);
    push(t("plan.rows"), filters.length > 0 ? filters.join("; ") : t("plan.allRows"));
    push(t("plan.columns"), nonBlank(r.columns).join(", "));
    for (const a of r.assumptions ?? []) {
      if (a.text.trim() !== "") lines.push({ label: t("reading.assumption"), text: a.text.trim(), assumption: true });
    }
    return lines;
  }
  return generated.plan
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !/^(goal|question|objectif|objetivo)\s*:/i.test(l))
    .map((text) => ({ label: t("plan.note"), text }));
}

/** "What the code will do", open; null when there is nothing to say. */
export function planBlock(generated: Pick<GeneratedCode, "plan" | "reading">): HTMLElement | null {
  const lines = planLines(generated);
  if (lines.length === 0) return null;
  return el("details", { class: "plan card", open: true, "data-testid": "plan" },
    el("summary", {}, t("review.plan")),
    el("dl", { class: "plan-lines" }, lines.map((l) => el("div", { class: l.assumption ? "plan-line plan-assumption" : "plan-line" },
      el("dt", {}, l.label), el("dd", {}, l.text)))));
}

const PROVIDERS: Provider[] = ["offline", "openai", "anthropic"];

/** Who wrote the code, in words: Glovebox's own recipes (nothing sent), or
 * a language model by its service and, when the settings name it, its model. */
export function originText(origin: string, settings: Pick<Settings, "provider" | "model"> | null): string {
  if (origin === "offline") return t("review.origin.offline");
  if ((PROVIDERS as string[]).includes(origin)) {
    const service = t(`provider.${origin as Provider}`);
    const model = settings && settings.provider === origin ? settings.model.trim() : "";
    return model ? t("review.origin.model", { model, service }) : t("review.origin.service", { service });
  }
  return t("review.origin", { origin });
}
