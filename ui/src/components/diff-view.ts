// Shows the line diff between the generated and the edited code.

import { t } from "../i18n";
import { diffLines, hasChanges } from "../lib/diff";
import { el } from "../lib/dom";

export function diffView(generated: string, edited: string): HTMLElement {
  const diff = diffLines(generated, edited);
  if (!hasChanges(diff)) return el("p", { class: "muted diff-none" }, t("review.noChanges"));
  return el("pre", { class: "diff", "aria-label": t("review.diffTitle"), tabindex: 0 },
    diff.map((d) => el("div", { class: `diff-line diff-${d.kind}` },
      el("span", { class: "diff-num", "aria-hidden": "true" }, d.oldLine ? String(d.oldLine) : ""),
      el("span", { class: "diff-num", "aria-hidden": "true" }, d.newLine ? String(d.newLine) : ""),
      el("span", { class: "diff-mark" }, d.kind === "added" ? "+" : d.kind === "removed" ? "−" : " "),
      el("span", { class: "diff-text" }, d.text))));
}
