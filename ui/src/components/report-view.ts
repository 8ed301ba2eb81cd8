// A run report as people read it: the question and how it was read, the
// answer in large type (or why the run stopped: a cancel or a limit as a
// calm note with the way to raise the limit, a Python error as a sentence
// with its raw text behind a toggle, rephrasings to ask), the explanation,
// tables, the chart (engine SVG inserted safely), and "How this was
// computed", folded: words first (files read, network, time and memory
// against their limits, the code check), the engineering details and the
// code behind further toggles. Used for a fresh run and for a run opened
// from history.

import { t, type MessageKey } from "../i18n";
import type { DrawnChart, RunReport, Table, UiLanguage } from "../ipc";
import { el } from "../lib/dom";
import { formatBytes, formatCell, formatDuration, formatNumber } from "../lib/format";
import { cleanSuggestions, withoutAskList } from "../lib/suggestions";
import { isCalmStop, stopShape, type PythonError, type StopShape } from "../lib/stop";
import { safeSvg } from "../lib/svg";
import { readingBlock, suggestionsBlock } from "./reading";

/** Tables the offline recipes add for the explanation (engine/src/validate.rs INTERNAL_TABLES). */
export const INTERNAL_TABLES = ["rows_used", "row_counts", "date_range", "joined"];
const MAX_TABLE_ROWS = 200;

export interface Limits {
  timeLimitMs: number;
  memoryLimitBytes: number;
}

export interface ReportOptions {
  /** The question the run was for, when the screen knows it. */
  question?: string | null;
  /** Asks a suggested rephrasing; without it a stop reason keeps its own list. */
  onSuggestion?: (goal: string) => void;
  /** Asks and runs the question rephrased without one of its assumptions. */
  onInstead?: (goal: string) => void;
  /** "Ask a language model instead", offered for a question the offline
   * recipes did not understand. */
  onAskModel?: () => void;
  /** Opens the settings (to raise a limit); without it the sentence alone says where. */
  onSettings?: () => void;
}

/** Why a run stopped, as shown: without its "You could ask: …" sentence when
 * the rephrasings are shown as buttons. */
export function stopReasonText(r: RunReport, suggestionsShown: boolean): string {
  const reason = r.stop_reason ?? t("result.noAnswer");
  return suggestionsShown ? withoutAskList(reason, cleanSuggestions(r.suggestions)) : reason;
}

function statusTitle(r: RunReport): string {
  return r.status === "answered" ? t("result.answered") : r.status === "blocked" ? t("result.blocked") : t("result.stopped");
}

/** A value with its unit: "12.5 %", "1 250 EUR"; counts and rates bare. */
export function valueWithUnit(value: unknown, unit: string | undefined, lang: UiLanguage): string {
  const shown = formatCell(value as number | string | boolean | null, lang);
  if (!unit || unit === "count" || unit === "rate") return shown;
  return unit === "percent" || unit === "%" ? `${shown} %` : `${shown} ${unit}`;
}

/** The answer's values in the result's order, with units; a run recorded
 * before items existed has only the name → value map. */
export function answerValues(r: RunReport): Array<{ name: string; value: unknown; unit?: string }> {
  if (r.answer.items && r.answer.items.length > 0) return r.answer.items;
  return Object.entries(r.answer.values ?? {}).map(([name, value]) => ({ name, value }));
}

function answerBlock(r: RunReport, lang: UiLanguage, opts: ReportOptions): HTMLElement {
  const values = answerValues(r);
  if (r.status !== "answered") {
    const shape = stopShape(r);
    if (shape.kind !== "other") return stopBlock(r, shape, lang, opts);
    const suggestions = opts.onSuggestion ? suggestionsBlock(r.suggestions, opts.onSuggestion) : null;
    return el("div", { class: `answer answer-${r.status}`, role: "status", "data-stop": "other" },
      el("p", { class: "answer-status" }, statusTitle(r)),
      el("p", { class: "stop-reason" }, stopReasonText(r, suggestions !== null)),
      suggestions,
      r.stop_kind === "goal" && opts.onAskModel ? askModelBlock(opts.onAskModel) : null,
      r.policy.findings.length > 0
        ? el("ul", { class: "findings" }, r.policy.findings.map((f) =>
          el("li", { class: `finding finding-${f.severity}` }, `${t("review.line", { line: f.line })} · ${f.message}`)))
        : null);
  }
  return el("div", { class: "answer answer-answered", "data-testid": "answer" },
    values.length > 0
      ? el("dl", { class: "answer-values" }, values.map(({ name, value, unit }) => el("div", { class: "answer-value" },
        el("dt", {}, name),
        el("dd", {}, valueWithUnit(value, unit, lang)))))
      : el("p", { class: "answer-text" }, r.answer.text || t("result.noAnswer")));
}

/** "Ask a language model instead", with why. */
function askModelBlock(onAskModel: () => void): HTMLElement {
  return el("div", { class: "ask-model", "data-testid": "ask-model-offer" },
    el("p", { class: "muted small" }, t("model.insteadHint")),
    el("button", { type: "button", "data-testid": "ask-model", onclick: onAskModel }, t("model.instead")));
}

/** The title and first sentence of a stop that is not the engine's own sentence. */
export function stopTexts(shape: Exclude<StopShape, { kind: "other" }>, lang: UiLanguage): { title: string; sentence: string } {
  switch (shape.kind) {
    case "cancelled":
      return { title: t("stop.cancelled.title"), sentence: t("stop.cancelled.text") };
    case "time_limit":
      return { title: t("stop.time.title"), sentence: t("stop.time.text", { time: formatDuration(shape.wallMs, lang) }) };
    case "memory_limit":
      return {
        title: t("stop.memory.title"),
        sentence: shape.limitBytes && shape.nextBytes
          ? t("stop.memory.textNext", { limit: formatBytes(shape.limitBytes, lang), next: formatBytes(shape.nextBytes, lang), mb: String(shape.nextBytes / (1024 * 1024)) })
          : t("stop.memory.text"),
      };
    case "code_error":
      return { title: t("stop.error.title"), sentence: errorSentence(shape.error) };
  }
}

/** The plain sentence for a Python error: what happened, by its kind, and where. */
export function errorSentence(e: PythonError): string {
  const subject = e.subject ?? "";
  const what = e.family === "missing_module" && subject ? t("stop.error.missing_module", { name: subject })
    : e.family === "missing_key" && subject ? t("stop.error.missing_key", { name: subject })
      : e.family === "missing_module" || e.family === "missing_key" ? t(`stop.error.${e.family}Bare`)
        : t(`stop.error.${e.family}` as MessageKey);
  return e.line ? `${what} ${t("stop.error.line", { line: e.line })}` : what;
}

/** A cancel or a limit (calm, with the way to raise the limit), or a
 * Python error (the sentence, then the raw text behind a toggle). */
function stopBlock(r: RunReport, shape: Exclude<StopShape, { kind: "other" }>, lang: UiLanguage, opts: ReportOptions): HTMLElement {
  const { title, sentence } = stopTexts(shape, lang);
  const calm = isCalmStop(shape);
  const raise = shape.kind === "time_limit" ? t("stop.raiseTime") : shape.kind === "memory_limit" ? t("stop.raiseMemory") : null;
  const suggestions = shape.kind === "code_error" && opts.onSuggestion ? suggestionsBlock(r.suggestions, opts.onSuggestion) : null;
  return el("div", { class: `answer ${calm ? "answer-calm" : `answer-${r.status}`}`, role: "status", "data-stop": shape.kind, "data-testid": "stop" },
    el("p", { class: "answer-status" }, title),
    el("p", { class: "stop-reason" }, sentence),
    shape.kind === "code_error" ? el("p", { class: "stop-next" }, t("stop.error.next")) : null,
    raise && opts.onSettings ? el("div", { class: "actions" },
      el("button", { type: "button", "data-testid": "raise-limit", onclick: opts.onSettings }, raise)) : null,
    suggestions,
    shape.kind === "code_error" ? el("details", { class: "stop-details", "data-testid": "stop-details" },
      el("summary", {}, t("stop.details")),
      el("pre", { class: "traceback", tabindex: 0 }, shape.details)) : null);
}

function tableBlock(table: Table, lang: UiLanguage): HTMLElement {
  const shown = table.rows.slice(0, MAX_TABLE_ROWS);
  return el("figure", { class: "result-table" },
    el("figcaption", {}, table.name, " · ",
      t("result.rowsShown", { shown: formatNumber(shown.length, lang, 0), total: formatNumber(table.total_rows, lang, 0) })),
    el("div", { class: "table-scroll", tabindex: 0 },
      el("table", {},
        el("thead", {}, el("tr", {}, table.columns.map((c) => el("th", { scope: "col" }, c)))),
        el("tbody", {}, shown.map((row) => el("tr", {}, row.map((cell) =>
          el("td", { class: typeof cell === "number" ? "num" : "" }, formatCell(cell, lang)))))))));
}

function chartBlock(chart: DrawnChart): HTMLElement {
  if (chart.drawn_by_code) return figureBlock(chart);
  const svg = safeSvg(chart.svg);
  if (svg) svg.setAttribute("aria-label", chart.title);
  return el("figure", { class: "chart" }, svg ?? el("p", { class: "muted" }, t("result.chartUnreadable")));
}

/** A figure the code drew (checked and re-serialised by the engine) is shown as an
 * image: an SVG loaded by <img> runs nothing and fetches nothing. */
export function figureSrc(svgText: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
}

function figureBlock(chart: DrawnChart): HTMLElement {
  return el("figure", { class: "chart figure" },
    el("img", { src: figureSrc(chart.svg), alt: chart.title }),
    el("figcaption", { class: "muted" }, t("result.drawnByCode", { title: chart.title })));
}

/** A `review` verdict means "approved" only when the code then ran. */
export function verdictKey(verdict: string | null, status: string): MessageKey {
  if (verdict === "review" && status === "blocked") return "how.verdict.reviewPending";
  return `how.verdict.${verdict ?? "none"}` as MessageKey;
}

function ofLimit(value: string, limit: string | null): string {
  return limit ? t("how.ofLimit", { value, limit }) : value;
}

function howBlock(r: RunReport, lang: UiLanguage, limits: Limits | null): HTMLElement {
  const s = r.sandbox;
  const verdict = r.policy.verdict;
  const row = (label: string, value: Node | string, testid?: string) =>
    el("div", { class: "how-row" }, el("dt", {}, label), el("dd", testid ? { "data-testid": testid } : {}, value));
  const limitHits = [s.timed_out ? t("how.timedOut") : null, s.oom_killed ? t("how.oom") : null].filter(Boolean).join(", ");
  // Words first: what was read, what left, time and memory against their limits.
  return el("details", { class: "how card", "data-testid": "how" },
    el("summary", {}, t("how.title")),
    el("dl", { class: "how-facts" },
      row(t("how.files"), s.files_read.length > 0 ? el("ul", {}, s.files_read.map((f) => el("li", {}, el("code", {}, f)))) : t("how.filesNone")),
      r.output_files.length > 0
        ? row(t("how.outputs"), el("ul", {}, r.output_files.map((f) => el("li", {}, el("code", {}, f)))), "outputs")
        : null,
      (r.output_left_out ?? []).length > 0
        ? row(t("how.outputsLeftOut"), el("ul", {}, (r.output_left_out ?? []).map((f) => el("li", {}, f))), "outputs-left-out")
        : null,
      row(t("how.network"), s.network_attempts.length === 0 ? t("how.networkNone") : t("how.networkSome", { n: s.network_attempts.length }), "network"),
      row(t("how.wall"), ofLimit(formatDuration(s.wall_ms, lang), limits ? formatDuration(limits.timeLimitMs, lang) : null), "time"),
      row(t("how.memory"), ofLimit(formatBytes(s.peak_memory_bytes, lang), s.memory_limit_bytes ? formatBytes(s.memory_limit_bytes, lang) : limits ? formatBytes(limits.memoryLimitBytes, lang) : null), "memory"),
      limitHits ? row(t("how.limitsHit"), limitHits) : null,
      row(t("how.policy"), t(verdictKey(verdict, r.status))),
    ),
    el("details", { class: "how-details", "data-testid": "how-details" },
      el("summary", {}, t("how.details")),
      el("dl", { class: "how-facts" },
        row(t("how.cpu"), ofLimit(formatDuration(s.cpu_ms, lang), limits ? formatDuration(limits.timeLimitMs, lang) : null)),
        row(t("how.exit"), s.exit_code === null ? "—" : String(s.exit_code)),
        row(t("how.attempts"), el("ul", {}, r.attempts.map((a) => el("li", {},
          t("how.attempt", { n: a.number, verdict: t(verdictKey(a.verdict ?? null, a.failure ? "blocked" : r.status)) }),
          a.failure ? ` — ${a.failure}` : "")))),
        row(t("how.image"), el("code", { class: "digest" }, s.image_digest || "—")),
        row(t("how.mode"), s.mode || "—"),
        row(t("how.audit"), el("code", { class: "digest" }, r.audit.entry_hash ?? "—")),
      )),
    el("details", { class: "how-code", "data-testid": "how-code" },
      el("summary", {}, t("how.code")),
      el("pre", { class: "code-ran", tabindex: 0 }, el("code", {}, r.code))));
}

export function reportView(r: RunReport, lang: UiLanguage, limits: Limits | null, opts: ReportOptions = {}): HTMLElement {
  const tables = r.tables.filter((tb) => !INTERNAL_TABLES.includes(tb.name));
  return el("div", { class: "report", "data-run": r.run_id, "data-status": r.status },
    readingBlock(opts.question, r.interpretation ?? null, r.lang, opts.onInstead),
    answerBlock(r, lang, opts),
    r.explanation ? el("section", { class: "explanation" },
      el("h3", {}, t("result.explanation")), el("p", {}, r.explanation)) : null,
    r.notes.length > 0 ? el("section", {}, el("h3", {}, t("result.notes")), el("ul", {}, r.notes.map((n) => el("li", {}, n)))) : null,
    r.drawn_charts.length > 0 ? el("section", { class: "charts" },
      el("h3", {}, t("result.charts")), r.drawn_charts.map((c) => chartBlock(c))) : null,
    (r.chart_problems ?? []).length > 0 ? el("section", {},
      el("h3", {}, t("result.chartProblems")), el("ul", {}, (r.chart_problems ?? []).map((p) => el("li", {}, p)))) : null,
    tables.length > 0 ? el("section", { class: "tables" },
      el("h3", {}, t("result.tables")), tables.map((tb) => tableBlock(tb, lang))) : null,
    r.sandbox.stdout.trim() !== "" ? el("section", { class: "printed", "data-testid": "printed" },
      el("h3", {}, t("result.printed")), el("pre", { class: "output", tabindex: 0 }, r.sandbox.stdout.trimEnd())) : null,
    howBlock(r, lang, limits));
}
