// "History": runs from the audit log, searchable by goal, file or date (the
// shell searches), filtered by status, openable in the same report view; and
// a button that verifies the audit chain.

import { exportBar } from "../components/export-bar";
import { reportView } from "../components/report-view";
import { errorText, t } from "../i18n";
import { call, toIpcError, type RunSummary } from "../ipc";
import { debounce } from "../lib/debounce";
import { el, replace } from "../lib/dom";
import { formatDateTime, formatNumber } from "../lib/format";
import { limitsOf } from "./result";
import { screenHeading, type Screen, type ScreenContext } from "./screen";

const STATUSES = ["answered", "blocked", "stopped", "interrupted"] as const;
export const HISTORY_LIMIT = 200;

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
      runs = await call("list_runs", { query: { query: search.value.trim(), limit: HISTORY_LIMIT } });
    } catch (raw) {
      const e = toIpcError(raw);
      runs = [];
      store.set({ notice: errorText(e.code, e.message) });
    }
    loading = false;
    drawList();
  }
  const loadSoon = debounce(() => void load(), 250);
  search.addEventListener("input", () => loadSoon());
  search.addEventListener("keydown", (e) => { if (e.key === "Enter") loadSoon.flush(); });
  status.addEventListener("change", () => drawList());

  function drawList(): void {
    const lang = store.get().lang;
    const shown = runs.filter((r) => !status.value || r.status === status.value);
    if (loading) return replace(list, el("p", { class: "muted" }, t("history.loading")));
    if (shown.length === 0) return replace(list, el("p", { class: "muted" }, t("history.empty")));
    replace(list, el("table", { class: "history-table" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col" }, t("history.when")), el("th", { scope: "col" }, t("history.goal")),
        el("th", { scope: "col" }, t("history.files")), el("th", { scope: "col" }, t("history.status")), el("th", { scope: "col" }))),
      el("tbody", {}, shown.map((r) => el("tr", { "data-run": r.run_id },
        el("td", {}, formatDateTime(r.started_at, lang)),
        el("td", { class: "goal-cell" }, r.goal),
        el("td", {}, r.files.join(", ")),
        el("td", {}, el("span", { class: `badge status-${r.status}` }, t(`status.${r.status}`))),
        el("td", {}, el("button", { type: "button", "aria-label": `${t("history.open")}: ${r.goal}`, onclick: () => void actions.openRun(r.run_id) }, t("history.open"))))))));
  }

  function drawOpened(): void {
    const s = store.get();
    listPart.hidden = s.opened !== null;
    if (!s.opened) return replace(opened);
    const back = el("button", { type: "button", "data-testid": "back", onclick: () => actions.closeRun() }, `← ${t("history.back")}`);
    const question = runs.find((r) => r.run_id === s.opened?.run_id)?.goal ?? null;
    replace(opened, el("div", { class: "actions" }, back),
      reportView(s.opened, s.lang, limitsOf(s), { question, onSuggestion: (goal) => void actions.askSuggestion(goal),
        onInstead: (goal) => void actions.askInstead(goal), onSettings: () => actions.navigate("settings") }),
      exportBar(s.opened.run_id, actions));
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
    },
  };
}
