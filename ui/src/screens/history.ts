// "History" as a notebook: runs grouped by the local day they started
// ("Today", "Yesterday", then the date in the UI language), each titled by
// its question, with the follow-ups asked from its answer nested under it; a
// search over the question, the file names and the date (lib/history.ts),
// a status filter, a run opened in the same answer view as a fresh one
// (`answerMeta` and the report view), and a button that verifies the audit
// chain. Questions and file names are text, never HTML.

import { exportBar } from "../components/export-bar";
import { reportView } from "../components/report-view";
import { errorText, t } from "../i18n";
import { call, toIpcError, type RunSummary } from "../ipc";
import { debounce } from "../lib/debounce";
import { el, replace } from "../lib/dom";
import { formatDateTime, formatNumber, formatTime } from "../lib/format";
import { localDay, longDate, matchesWords, notebook, relativeDay, searchText, type Thread } from "../lib/history";
import { answerMeta, followUpForm, limitsOf } from "./result";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

const STATUSES = ["answered", "blocked", "stopped", "interrupted"] as const;
/** The most recent runs listed (the engine's most); the search looks through them. */
export const HISTORY_LIMIT = 1_000;

export function historyScreen({ store, actions }: ScreenContext): Screen {
  let runs: RunSummary[] = [];
  let loading = true;
  const search = el("input", { type: "search", id: "history-search", placeholder: t("history.search"), "aria-label": t("history.search") }) as HTMLInputElement;
  const status = el("select", { id: "history-status", "aria-label": t("history.status") },
    el("option", { value: "" }, t("history.all")),
    STATUSES.map((s) => el("option", { value: s }, t(`status.${s}`)))) as HTMLSelectElement;
  const verify = el("button", { type: "button", "data-testid": "verify", onclick: () => void verifyAudit() }, t("history.verify"));
  const verifyResult = el("p", { role: "status", "aria-live": "polite", "data-testid": "verify-result" });
  const list = el("div", { class: "history-list" });
  const opened = el("div", { class: "opened" });
  const listPart = el("div", {},
    el("div", { class: "toolbar" }, search, status, verify), verifyResult, list);
  const root = el("section", { class: "screen screen-history" }, screenHeading(t("history.title")), listPart, opened);

  async function verifyAudit(): Promise<void> {
    verify.disabled = true;
    verifyResult.textContent = t("history.verifying");
    try {
      const r = await call("verify_audit", {});
      verifyResult.textContent = r.ok
        ? t("history.verifyOk", { n: formatNumber(r.entries, store.get().lang, 0) })
        : t("history.verifyBroken", { seq: r.first_break ?? "?" });
      verifyResult.className = r.ok ? "ok-text" : "error-text";
    } catch (raw) {
      const e = toIpcError(raw);
      verifyResult.textContent = errorText(e.code, e.message);
      verifyResult.className = "error-text";
    } finally {
      verify.disabled = false;
    }
  }

  async function load(): Promise<void> {
    loading = true;
    drawList();
    try {
      runs = await call("list_runs", { query: { query: "", limit: HISTORY_LIMIT } });
    } catch (raw) {
      const e = toIpcError(raw);
      runs = [];
      store.set({ notice: errorText(e.code, e.message) });
    }
    loading = false;
    drawList();
  }
  // The search runs here, over the listed runs: dates as the UI writes them.
  const drawSoon = debounce(() => drawList(), 150);
  search.addEventListener("input", () => drawSoon());
  search.addEventListener("keydown", (e) => { if (e.key === "Enter") drawSoon.flush(); });
  status.addEventListener("change", () => drawList());

  function drawList(): void {
    const lang = store.get().lang;
    if (loading) return replace(list, el("p", { class: "muted" }, t("history.loading")));
    const now = new Date();
    const words = { today: t("history.today"), yesterday: t("history.yesterday") };
    const query = search.value;
    const keep = (r: RunSummary) => (!status.value || r.status === status.value) && matchesWords(searchText(r, lang, words, now), query);
    const days = notebook(runs, keep);
    if (days.length === 0) return replace(list, el("p", { class: "muted", "data-testid": "history-empty" }, t("history.empty")));
    replace(list, days.map((g) => {
      const rel = relativeDay(g.day, now);
      const title = rel ? t(`history.${rel}`) : longDate(g.day, lang);
      return el("section", { class: "history-day", "data-day": g.day, "aria-label": title },
        el("h3", { class: "history-day-title" }, title),
        el("ol", { class: "history-threads" }, g.threads.map((th) => threadItem(th, g.day))));
    }));
  }

  function threadItem(th: Thread, day: string): HTMLElement {
    return el("li", { class: "history-thread" },
      runEntry(th.run, day, th.context ? "context" : "run"),
      th.followUps.length > 0
        ? el("ol", { class: "history-followups", "aria-label": t("history.followUps") }, th.followUps.map((f) => el("li", {}, runEntry(f, day, "follow-up"))))
        : null);
  }

  /** One run: its question as the title (the button that opens it), then
   * when, on which files, and how it ended. */
  function runEntry(r: RunSummary, day: string, kind: "run" | "context" | "follow-up"): HTMLElement {
    const lang = store.get().lang;
    // A follow-up asked on another day than its run says its date.
    const when = localDay(r.started_at) === day ? formatTime(r.started_at, lang) : formatDateTime(r.started_at, lang);
    return el("div", { class: `history-entry history-${kind}`, "data-run": r.run_id },
      kind === "follow-up" ? el("span", { class: "history-followup-mark", "aria-hidden": "true" }, "↳") : null,
      el("div", { class: "history-entry-main" },
        el("button", { type: "button", class: "history-open link", title: t("history.open"), onclick: () => void actions.openRun(r.run_id) }, r.goal),
        el("p", { class: "history-entry-facts muted small" },
          el("time", { datetime: r.started_at }, when), " · ", r.files.join(", "), " ",
          el("span", { class: `badge status-${r.status}` }, t(`status.${r.status}`)))));
  }

  function drawOpened(): void {
    const s = store.get();
    listPart.hidden = s.opened !== null;
    if (!s.opened) return replace(opened);
    const back = el("button", { type: "button", "data-testid": "back", onclick: () => actions.closeRun() }, `← ${t("history.back")}`);
    const summary = runs.find((r) => r.run_id === s.opened?.run_id);
    // The same answer view as a fresh answer: its actions at the top, the
    // question, files and date, then the report.
    const report = s.opened;
    replace(opened, el("div", { class: "actions result-actions" }, back, exportBar(s.opened.run_id, actions)),
      // As on a fresh answer: a follow-up, asked on the files this run read.
      report.status === "answered" ? followUpForm((goal) => void actions.askFollowUpOf(report, goal), "history-follow-up") : null,
      answerMeta(s.opened, summary?.started_at ?? null, s.lang),
      reportView(s.opened, s.lang, limitsOf(s), { question: summary?.goal ?? null, onSuggestion: (goal) => void actions.askSuggestion(goal),
        onInstead: (goal) => void actions.askInstead(goal), onSettings: () => actions.navigate("settings"),
        onAskModel: () => void actions.askModelInstead(summary?.goal) }));
    back.focus();
  }

  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && store.get().opened) actions.closeRun();
  });
  void load();
  drawOpened();
  return {
    el: root,
    update(s, prev) {
      if (s.opened !== prev.opened) drawOpened();
      if (s.view === "history" && prev.view !== "history") void load();
      if (s.lang !== prev.lang) drawList();
    },
  };
}
