// How the engine read a question, restated above its answer: the question,
// the reading ("Computed the total revenue in shop.csv for each region…"),
// each choice the question did not state, and the clauses set aside. And the
// rephrasings offered when a question was not understood, as buttons that ask
// them. The engine's words are in the question's language, the labels in the
// UI's; all of it is text (lib/dom), never HTML.

import { t } from "../i18n";
import type { Interpretation, Lang } from "../ipc";
import { el } from "../lib/dom";
import { cleanSuggestions } from "../lib/suggestions";

/** One line of the restated reading, as shown. */
export type ReadingLine =
  | { kind: "question"; label: string; text: string }
  | { kind: "sentence"; label: string; text: string }
  | { kind: "assumption"; label: string; text: string; instead: string | null }
  | { kind: "context"; text: string };

const clean = (items: readonly string[] | null | undefined): string[] =>
  (items ?? []).map((s) => s.trim()).filter((s) => s !== "");

/** The lines to show for a question and its reading, in order; none when
 * neither is known (code written by a model or by hand has no reading). */
export function readingLines(question: string | null | undefined, reading: Interpretation | null | undefined): ReadingLine[] {
  const lines: ReadingLine[] = [];
  const asked = (question ?? "").trim();
  if (asked !== "") lines.push({ kind: "question", label: t("reading.question"), text: asked });
  if (!reading) return lines;
  const sentence = reading.sentence.trim();
  if (sentence !== "") lines.push({ kind: "sentence", label: t("reading.readAs"), text: sentence });
  for (const a of reading.assumptions ?? []) {
    const text = a.text.trim();
    const instead = a.instead?.trim() || null;
    if (text !== "") lines.push({ kind: "assumption", label: t("reading.assumption"), text, instead });
  }
  const context = clean(reading.context);
  if (context.length > 0) {
    const clauses = context.map((c) => t("reading.quote", { text: c })).join(", ");
    lines.push({ kind: "context", text: t("reading.notUsed", { clauses }) });
  }
  return lines;
}

/** The question and how it was read, or null when there is nothing to say.
 * `lang` is the question's language: the engine's sentences are in it. An
 * assumption that can be taken back has a "Not this" button when `onInstead`
 * is given: it asks the question rephrased to say the other choice. */
export function readingBlock(
  question: string | null | undefined, reading: Interpretation | null | undefined, lang: Lang,
  onInstead?: (goal: string) => void,
): HTMLElement | null {
  const lines = readingLines(question, reading);
  if (lines.length === 0) return null;
  const label = (text: string) => el("span", { class: "reading-label" }, text);
  const assumptions = lines.filter((l) => l.kind === "assumption");
  return el("section", { class: "reading", "aria-label": t("reading.title"), "data-testid": "reading" },
    lines.map((l) => {
      switch (l.kind) {
        case "question":
          return el("p", { class: "reading-question", "data-testid": "reading-question" }, label(l.label), " ", el("span", { lang }, l.text));
        case "sentence":
          return el("p", { class: "reading-sentence", "data-testid": "reading-sentence" }, label(l.label), " ", el("span", { lang }, l.text));
        case "context":
          return el("p", { class: "reading-context muted", "data-testid": "reading-context" }, l.text);
        case "assumption":
          // All of them in one list, where the first one is.
          return l === assumptions[0]
            ? el("ul", { class: "reading-assumptions", "data-testid": "reading-assumptions" }, assumptions.map((a) =>
              el("li", { class: "assumption" }, el("span", { class: "assumption-tag" }, a.label), " ", el("span", { lang }, a.text),
                a.instead && onInstead ? [" ", insteadButton(a.instead, onInstead)] : null)))
            : null;
      }
    }));
}

/** "Not this": asks `goal`, the question rephrased without the assumption. */
function insteadButton(goal: string, onInstead: (goal: string) => void): HTMLElement {
  return el("button", {
    type: "button", class: "assumption-undo", "data-testid": "assumption-undo",
    title: t("reading.insteadHint", { goal }), onclick: () => onInstead(goal),
  }, t("reading.instead"));
}

/** "You could ask:" and one button per rephrasing; clicking asks it. Null
 * when there is none. */
export function suggestionsBlock(suggestions: readonly string[] | null | undefined, onPick: (goal: string) => void, disabled = false): HTMLElement | null {
  const list = cleanSuggestions(suggestions);
  if (list.length === 0) return null;
  return el("div", { class: "suggestions", "data-testid": "suggestions" },
    el("p", { class: "suggestions-label" }, t("suggest.title")),
    el("div", { class: "suggestion-list" }, list.map((s) =>
      el("button", { type: "button", class: "suggestion", disabled, title: t("suggest.hint"), onclick: () => onPick(s) }, s))));
}
