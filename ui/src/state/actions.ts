// What the person can do, as functions over the store that call the shell.
// Screens call these; they never call IPC themselves.

import { errorText, language, t } from "../i18n";
import { call, IpcError, on, toIpcError, type ConnectionReport, type LocalServer, type Provider, type RunReport, type Settings } from "../ipc";
import { debounce } from "../lib/debounce";
import { splitPath } from "../lib/path";
import { withoutAskList } from "../lib/suggestions";
import { afterDraft, configuredModel, staleness, usableFiles, waitAfter, type AppStore, type FileEntry, type View } from "./app-state";
import { isActive, next, type RunEvent } from "./run-machine";

export const CHECK_DEBOUNCE_MS = 400;
/** Errors of code generation that asking again may get past: Retry is offered. */
export const RETRYABLE = new Set(["model", "cancelled", "busy"]);
/** Errors a model's key or settings fix: no key, or a key refused or settings
 * wrong (`setup`); their way out is the key field, never a command to type. */
export const NEEDS_KEY_SETTINGS = new Set(["no_key", "setup"]);

/** A report written: where, and the sentence that says so. */
export interface ExportDone {
  path: string;
  text: string;
}

export interface Actions {
  navigate(view: View): void;
  addFiles(paths: string[]): Promise<void>;
  removeFile(path: string): void;
  /** Reads another sheet of the workbook added as `path`: the card, the
   * preview, the code and the run then read `book.xlsx#Sheet`. */
  chooseSheet(path: string, sheet: string): Promise<void>;
  /** "Try with an example": adds the example file the app carries. */
  trySample(): Promise<void>;
  setGoal(goal: string): void;
  setProvider(provider: Provider): void;
  /** Asks the question on screen: writes the code, checks it, and runs it
   * at once when the policy allows it (the answer then shows); code that
   * needs approval or is refused, or that the person asked to see first
   * (`codeFirst`, or the setting), opens on the Code step instead. */
  generate(opts?: { codeFirst?: boolean }): Promise<void>;
  /** Stops waiting for the model (generate() then ends with `cancelled`). */
  cancelGeneration(): Promise<void>;
  /** A suggested rephrasing clicked: it becomes the question, asked at once. */
  askSuggestion(goal: string): Promise<void>;
  /** Asks `goal` (a question rephrased without one of the last answer's
   * assumptions), as any question is asked: answered at once when its code
   * is allowed. */
  askInstead(goal: string): Promise<void>;
  /** "Ask a language model instead" for `goal` (the question on screen when
   * not given): with a model set up in Settings, what would be sent to it is
   * shown on the Question screen first (`sendModelAsk` sends it); without
   * one, Settings open on the model fields. */
  askModelInstead(goal?: string): Promise<void>;
  /** Sends the question shown in `modelAsk` to its model: the code is written by it. */
  sendModelAsk(): Promise<void>;
  closeModelAsk(): void;
  /** Opens Settings on the model fields. */
  openModelSetup(): void;
  /** A follow-up of the answer on screen ("same for 2023", "now per product"): asked at once, on the same files, refining that run's plan. */
  askFollowUp(goal: string): Promise<void>;
  /** A follow-up of a run opened from history: asked on the files that run
   * read (they replace the files on screen when they differ). */
  askFollowUpOf(report: RunReport, goal: string): Promise<void>;
  editCode(code: string): void;
  restoreCode(): void;
  checkNow(): Promise<void>;
  startRun(approveReview: boolean): Promise<void>;
  cancelRun(): Promise<void>;
  openRun(runId: string): Promise<void>;
  /** Asks where to save, then writes the signed report; the message to show ("" when the person closed the dialog). */
  /** Asks where, writes the signed report; null when the person closed the dialog. */
  exportReport(runId: string, format: "pdf" | "html"): Promise<ExportDone | null>;
  /** Opens a report saved in this session with the system's default app. */
  openReport(path: string): Promise<void>;
  closeRun(): void;
  runDoctor(): Promise<void>;
  loadSettings(): Promise<void>;
  saveSettings(settings: Settings): Promise<void>;
  setApiKey(provider: Provider, key: string): Promise<void>;
  /** Model servers found on this computer ([] when the shell cannot look). */
  detectLocalModels(): Promise<LocalServer[]>;
  /** Whether the service on screen answers (its model list only); throws IpcError for bad settings. */
  testConnection(provider: Provider, model: string, baseUrl: string): Promise<ConnectionReport>;
  /** Opens the settings with the key field of `provider` shown and focused. */
  openKeyField(provider: Provider): void;
  listenToShell(): Promise<void>;
}

export function createActions(store: AppStore): Actions {
  const dispatch = (e: RunEvent) => store.set({ run: next(store.get().run, e) });
  let cancelSentFor: string | null = null;
  async function sendCancel(runId: string): Promise<void> {
    if (cancelSentFor === runId) return;
    cancelSentFor = runId;
    try {
      await call("cancel_run", { runId });
    } catch (raw) {
      const e = toIpcError(raw);
      store.set({ notice: errorText(e.code, e.message) });
    }
  }
  let checkSeq = 0;

  async function checkNow(): Promise<void> {
    const seq = ++checkSeq;
    const code = store.get().code;
    if (code.trim() === "") {
      store.set({ policy: { verdict: "deny", findings: [] }, checking: false });
      return;
    }
    store.set({ checking: true });
    try {
      const policy = await call("check_code", { code, lang: language() });
      if (seq === checkSeq) store.set({ policy, checking: false });
    } catch (raw) {
      const e = toIpcError(raw);
      if (seq === checkSeq) store.set({ checking: false, notice: errorText(e.code, e.message) });
    }
  }
  const checkSoon = debounce(() => void checkNow(), CHECK_DEBOUNCE_MS);

  /** Forgets the drafted code, its verdict and any check still under way. */
  function dropDraft(): void {
    checkSoon.cancel();
    checkSeq++;
    store.set({ generated: null, draftedFor: null, code: "", policy: null, checking: false });
  }

  /** Asks `goal` as a follow-up of the run `runId`, on the files on screen. */
  async function askFollowing(runId: string, goal: string): Promise<void> {
    const s = store.get();
    if (s.generating || goal.trim() === "") return;
    if (s.view !== "ask") actions.navigate("ask");
    store.set({ goal: goal.trim(), follows: runId, askError: null, askSuggestions: [], askNeedsKey: null, askModelOffer: false, modelAsk: null });
    await actions.generate();
  }

  const actions: Actions = {
    navigate(view) {
      store.set({ view, notice: null });
    },

    async addFiles(paths) {
      const known = new Set(store.get().files.map((f) => f.path));
      const fresh = paths.filter((p) => !known.has(p));
      if (fresh.length === 0) return;
      // A card per file at once, reading until its description comes.
      const placeholders = fresh.map((path) => ({ path, description: null, error: null, progress: null }));
      store.set({ reading: true, files: [...store.get().files, ...placeholders] });
      const settle = (entry: FileEntry) =>
        store.set({ files: store.get().files.map((f) => (f.path === entry.path && !f.description && !f.error ? entry : f)) });
      // One call per file, so one bad file does not hide the good ones.
      await Promise.all(
        fresh.map(async (path) => {
          try {
            const [description] = await call("describe_files", { paths: [path] });
            settle({ path, description, error: null });
          } catch (raw) {
            const e = toIpcError(raw);
            settle({ path, description: null, error: { code: e.code, message: e.message } });
          }
        }),
      );
      store.set({ reading: false });
    },

    async trySample() {
      try {
        const path = await call("sample_file", {});
        store.set({ samplePath: path });
        await actions.addFiles([path]);
      } catch (raw) {
        const e = toIpcError(raw);
        store.set({ notice: errorText(e.code, e.message) });
      }
    },

    removeFile(path) {
      store.set({ files: store.get().files.filter((f) => f.path !== path) });
    },

    async chooseSheet(path, sheet) {
      const entry = store.get().files.find((f) => f.path === path);
      if (!entry?.description) return;
      const chosen = `${entry.description.path}#${sheet}`;
      if (chosen === path) return;
      store.set({ reading: true });
      try {
        const [description] = await call("describe_files", { paths: [chosen] });
        const files = store.get().files.map((f) => (f.path === path ? { path: chosen, description, error: null } : f));
        store.set({ files, reading: false });
      } catch (raw) {
        const e = toIpcError(raw);
        store.set({ reading: false, notice: errorText(e.code, e.message) });
      }
    },

    setGoal(goal) {
      store.set({ goal, follows: null, askError: null, askSuggestions: [], askNeedsKey: null, askModelOffer: false, modelAsk: null });
    },

    setProvider(provider) {
      store.set({ provider });
    },

    async generate(opts = {}) {
      const s = store.get();
      if (s.generating) return;
      const files = usableFiles(s);
      if (files.length === 0) return store.set({ askError: t("ask.needFiles") });
      const goal = s.goal.trim();
      if (goal === "") return store.set({ askError: t("ask.needGoal") });
      const provider = s.provider;
      // The shell replaces its draft with the new one: the code on screen
      // goes now, and does not come back if the new question is refused.
      dropDraft();
      store.set({ generating: true, modelWait: null, askError: null, askRetry: false, askSuggestions: [], askNeedsKey: null, askModelOffer: false, modelAsk: null });
      try {
        const follows = s.follows;
        const generated = await call("generate_code", follows ? { goal, files, provider, follows } : { goal, files, provider });
        store.set({ modelWait: null, generated, draftedFor: { goal, files, provider }, code: generated.code, policy: null });
        await checkNow();
        const now = store.get();
        store.set({ generating: false });
        // Another question replaced this one, or the person went elsewhere
        // while it was written: the code waits on the Code step.
        if (now.generated !== generated || now.view !== "ask") return;
        if (afterDraft(now, opts.codeFirst === true) === "run") await actions.startRun(false);
        else store.set({ view: "review" });
      } catch (raw) {
        const e = toIpcError(raw);
        dropDraft();
        // Rephrasings are offered only for a question not understood, as
        // buttons: the message then stops before its own list of them.
        const suggestions = e.code === "goal" ? e.suggestions : [];
        const askError = e.code === "cancelled" ? t("wait.cancelled") : errorText(e.code, withoutAskList(e.message, suggestions));
        store.set({
          generating: false, modelWait: null, askError, askRetry: RETRYABLE.has(e.code), askSuggestions: suggestions,
          askNeedsKey: NEEDS_KEY_SETTINGS.has(e.code) && provider !== "offline" ? provider : null,
          // Not understood by the offline recipes: a model may write it.
          askModelOffer: e.code === "goal" && provider === "offline",
        });
      }
    },

    async cancelGeneration() {
      const s = store.get();
      if (!s.generating || s.modelWait?.cancelling) return;
      if (s.modelWait) store.set({ modelWait: { ...s.modelWait, cancelling: true } });
      try {
        await call("cancel_generation", {});
      } catch (raw) {
        const e = toIpcError(raw);
        store.set({ notice: errorText(e.code, e.message) });
      }
    },

    async askSuggestion(goal) {
      if (store.get().generating) return;
      // On the question screen, where the question box, the wait and any new
      // refusal are; on success generate() goes on to the answer (or the code).
      if (store.get().view !== "ask") actions.navigate("ask");
      actions.setGoal(goal);
      await actions.generate();
    },

    async askFollowUp(goal) {
      const runId = store.get().run.report?.run_id;
      if (runId) await askFollowing(runId, goal);
    },

    async askFollowUpOf(report, goal) {
      if (store.get().generating || goal.trim() === "") return;
      const paths = report.inputs.map((f) => f.path);
      const now = usableFiles(store.get());
      if (paths.length !== now.length || paths.some((p, i) => p !== now[i])) {
        store.set({ files: [] });
        await actions.addFiles(paths);
      }
      store.set({ opened: null });
      await askFollowing(report.run_id, goal);
    },

    async askModelInstead(goal) {
      const s = store.get();
      if (s.generating) return;
      if (goal !== undefined && goal.trim() !== "") actions.setGoal(goal.trim());
      const provider = configuredModel(store.get());
      if (!provider) return actions.openModelSetup();
      if (store.get().view !== "ask") actions.navigate("ask");
      const asked = store.get().goal.trim();
      const files = usableFiles(store.get());
      if (files.length === 0) return store.set({ askError: t("ask.needFiles") });
      store.set({ modelAsk: { provider, goal: asked, sent: null, error: null } });
      let sent: string | null = null;
      let error: string | null = null;
      try {
        sent = await call("preview_prompt", { goal: asked, files, provider });
      } catch (raw) {
        const e = toIpcError(raw);
        error = errorText(e.code, e.message);
        if (NEEDS_KEY_SETTINGS.has(e.code)) store.set({ askNeedsKey: provider });
      }
      const now = store.get().modelAsk;
      if (now && now.goal === asked && now.provider === provider) store.set({ modelAsk: { ...now, sent, error } });
    },

    async sendModelAsk() {
      const ask = store.get().modelAsk;
      if (!ask || ask.sent === null || store.get().generating) return;
      // The question goes to the model as any question does (its request
      // recorded before it leaves); the selector says who writes the code.
      store.set({ modelAsk: null, provider: ask.provider, goal: ask.goal });
      await actions.generate();
    },

    closeModelAsk() {
      store.set({ modelAsk: null });
    },

    openModelSetup() {
      store.set({ view: "settings", modelSetup: true, keyFor: null, notice: null });
    },

    async askInstead(goal) {
      await actions.askSuggestion(goal);
    },

    editCode(code) {
      if (code === store.get().code) return;
      store.set({ code, checking: true });
      checkSoon();
    },

    restoreCode() {
      const generated = store.get().generated;
      if (!generated) return;
      checkSoon.cancel();
      store.set({ code: generated.code });
      void checkNow();
    },

    checkNow,

    async startRun(approveReview) {
      const s = store.get();
      if (isActive(s.run)) return;
      // Code runs only for the question, files and provider it was written
      // for: never under what the screen says now if that differs.
      const drafted = s.draftedFor;
      const stale = staleness(s);
      if (!s.generated || !drafted || stale) {
        store.set({ notice: stale ? t(`review.stale.${stale}`) : t("review.empty") });
        return;
      }
      dispatch({ type: "start" });
      store.set({ view: "run", runGoal: drafted.goal, runAt: new Date().toISOString() });
      try {
        const runId = await call("start_run", {
          request: {
            files: drafted.files, goal: drafted.goal, code: s.code, provider: drafted.provider,
            approve_review: approveReview, draft: s.generated.run_id,
          },
        });
        dispatch({ type: "started", runId });
        if (store.get().run.phase === "cancelling") await sendCancel(runId);
      } catch (raw) {
        const e = toIpcError(raw);
        dispatch({ type: "start_failed", code: e.code, message: errorText(e.code, e.message) });
        if (e.code === "no_sandbox") await actions.runDoctor();
      }
    },

    async cancelRun() {
      const run = store.get().run;
      if (!isActive(run)) return;
      dispatch({ type: "cancel" });
      // Before the shell has said the run's id, the cancel waits for it
      // (startRun and run_progress send it then).
      if (run.runId) await sendCancel(run.runId);
    },

    async openRun(runId) {
      try {
        const opened = await call("get_run", { runId });
        store.set({ opened });
      } catch (raw) {
        const e = toIpcError(raw);
        store.set({ notice: errorText(e.code, e.message) });
      }
    },

    async exportReport(runId, format) {
      // The question as the file name, in Documents (the run id if the shell cannot say).
      const defaultPath = await call("report_file_name", { runId, format })
        .catch(() => `glovebox-${runId}.${format}`);
      const path = await call("plugin:dialog|save", {
        options: {
          defaultPath,
          filters: [{ name: format === "pdf" ? "PDF" : "HTML", extensions: [format] }],
        },
      });
      if (!path) return null;
      const done = await call("export_report", { runId, format, path });
      const { name, folder } = splitPath(done.path);
      return { path: done.path, text: t("export.saved", { name, folder, key: done.fingerprint }) };
    },

    async openReport(path) {
      await call("open_report", { path });
    },

    closeRun() {
      store.set({ opened: null });
    },

    async runDoctor() {
      try {
        store.set({ doctor: await call("doctor", {}) });
      } catch (raw) {
        const e = toIpcError(raw);
        store.set({ doctor: { ready: false, mode: null, reason: e.message, fix: null } });
      }
    },

    async loadSettings() {
      try {
        const settings = await call("get_settings", {});
        store.set({ settings, provider: settings.provider });
      } catch (raw) {
        const e = toIpcError(raw);
        store.set({ notice: errorText(e.code, e.message) });
      }
    },

    async saveSettings(settings) {
      await call("set_settings", { settings });
      const saved = await call("get_settings", {});
      store.set({ settings: saved, provider: saved.provider });
    },

    async setApiKey(provider, key) {
      await call("set_api_key", { provider, key });
      store.set({ settings: await call("get_settings", {}) });
      if (store.get().askNeedsKey === provider) store.set({ askNeedsKey: null, askError: null });
    },

    async detectLocalModels() {
      try {
        return await call("detect_local_models", {});
      } catch {
        return [];
      }
    },

    async testConnection(provider, model, baseUrl) {
      return await call("test_connection", { provider, model, baseUrl, lang: language() });
    },

    openKeyField(provider) {
      store.set({ view: "settings", keyFor: provider, notice: null });
    },

    async listenToShell() {
      await on("run_progress", (p) => {
        dispatch({ type: "progress", runId: p.run_id, stage: p.stage, elapsedMs: p.elapsed_ms, timeLimitMs: p.time_limit_ms });
        if (store.get().run.phase === "cancelling" && store.get().run.runId === p.run_id) void sendCancel(p.run_id);
      });
      await on("generation_progress", (p) => {
        const s = store.get();
        if (s.generating) store.set({ modelWait: waitAfter(s.modelWait, p) });
      });
      await on("describe_progress", (p) => {
        const files = store.get().files;
        if (!files.some((f) => f.path === p.path && !f.description && !f.error)) return;
        const progress = { read: p.read, total: p.total };
        store.set({ files: files.map((f) => (f.path === p.path && !f.description && !f.error ? { ...f, progress } : f)) });
      });
      await on("run_output", (p) => dispatch({ type: "output", runId: p.run_id, text: p.text }));
      await on("run_finished", (p) => {
        const before = store.get().run;
        dispatch({ type: "finished", runId: p.run_id, report: p.report });
        const after = store.get().run;
        if (after !== before && after.phase === "finished" && store.get().view === "run") store.set({ view: "result" });
      });
      await on("run_failed", (p) => {
        dispatch({ type: "failed", runId: p.run_id, code: p.code, message: errorText(p.code, p.message) });
      });
      await on("tauri://drag-drop", (p) => {
        document.body.classList.remove("dragging");
        void actions.addFiles(p.paths ?? []);
      });
      await on("tauri://drag-enter", () => document.body.classList.add("dragging"));
      await on("tauri://drag-leave", () => document.body.classList.remove("dragging"));
    },
  };
  return actions;
}

export { IpcError };
