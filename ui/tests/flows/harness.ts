// The mocked Tauri shell for the browser flows. Bundled (IIFE) and injected
// before the app loads: `GloveboxMock.install(scenario)` answers every command
// of the IPC contract from the engine's real reports in tests/fixtures, and
// emits run events like the shell would. Calls are recorded for assertions.

import { mockIPC, mockWindows } from "@tauri-apps/api/mocks";
import type { DoctorReport, Finding, InputDescription, LocalServer, RunReport, RunSummary, Settings, StartRunRequest } from "../../src/ipc/types";
import { destination } from "../../src/lib/destination";
import { STAGES } from "../../src/ipc/types";
import { safeSvg } from "../../src/lib/svg";
import answered from "../fixtures/answered.json";
import answeredFr from "../fixtures/answered-fr.json";
import blocked from "../fixtures/blocked.json";
import followUp from "../fixtures/follow-up.json";
import promptBody from "../fixtures/prompt-openai.json";
import reviewApproved from "../fixtures/review-approved.json";
import reviewBlocked from "../fixtures/review-blocked.json";
import stopped from "../fixtures/stopped.json";

export interface Scenario {
  doctorReady?: boolean;
  /** Milliseconds between stages; a run never ends by itself when `hang` is set. */
  stepMs?: number;
  hang?: boolean;
  language?: "en" | "fr" | "es" | null;
  /** Which report a run ends with (the answered one unless said), and fields laid over it. */
  finish?: "answered" | "stopped";
  reportPatch?: Partial<RunReport>;
  /** How each model generation goes, in turn (offline answers at once): it
   * never answers, fails after three ticks, or writes the code in pieces.
   * `write` when the list is used up. */
  generations?: ("hang" | "fail" | "write" | "refused")[];
  /** The last characters of a key already in the keyring (none unless said). */
  apiKeyHint?: string;
  /** Milliseconds between the `generation_progress` ticks (each one says a second more). */
  tickMs?: number;
  /** The setting "always show me the code first" (off unless said). */
  codeFirst?: boolean;
  /** The saved provider and model (offline, no model, unless said). */
  provider?: Settings["provider"];
  model?: string;
  /** Model servers "found on this computer" (two unless said). */
  localServers?: LocalServer[];
}

const LOCAL_SERVERS: LocalServer[] = [
  { kind: "ollama", base_url: "http://127.0.0.1:11434/v1", models: ["llama3.1:8b", "qwen2.5-coder:7b"], more_models: 0 },
  { kind: "llama_cpp", base_url: "http://127.0.0.1:8080/v1", models: ["Qwen2.5-7B-Instruct-Q4_K_M.gguf"], more_models: 0 },
];

/** Like the shell: a model service needs a key unless it is on this computer. */
function needsKey(s: Settings, provider: Settings["provider"]): boolean {
  return provider !== "offline" && s.api_key_hint === null && destination(provider, provider === "openai" ? s.base_url : "").kind !== "local";
}

/** A model service that keeps failing, as the engine words it. */
export const MODEL_FAILED = "the language model could not write the code: the model service kept failing and did not answer within 60 s (3 tries; the last: HTTP 503: overloaded)";

/** Where the shell puts the example file ("Try with an example"). */
export const SAMPLE_PATH = "/home/ada/.local/share/glovebox/samples/shop.csv";

const ANSWERED = answered as unknown as RunReport;
/** Code the mock policy holds for review: it evaluates a text expression. */
const REVIEW_CODE = 'import pandas as pd\nimport glovebox\n\ndata = pd.read_csv("/input/shop.csv")\ncondition = "revenue > " + str(100)\nbig = data.query(condition)\nglovebox.answer("rows with revenue over 100", len(big))\n';
const STOPPED = stopped as unknown as RunReport;
const SHOP = ANSWERED.inputs[0];
const REPORTS: RunReport[] = [answered, followUp, answeredFr, blocked, stopped, reviewApproved] as unknown as RunReport[];
const GOALS = ["total revenue per region", "as a bar chart", "chiffre d'affaires mensuel", "total revenue per region", "what is the weather on mars", "how many rows have revenue over 100"];
/** `days` before today (UTC, the flows' time zone) at `hh:mm`. */
function daysAgo(days: number, hh: number, mm: number): string {
  const d = new Date();
  d.setUTCHours(hh, mm, 0, 0);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().replace(/\.000Z$/, "Z");
}
/** Today: the sample's answer and a follow-up of it; yesterday: a French
 * question; then older days. */
const DATES = [daysAgo(0, 9, 30), daysAgo(0, 9, 34), daysAgo(1, 16, 10), daysAgo(3, 14, 3), daysAgo(20, 8, 30), daysAgo(40, 17, 45)];

/** The engine's real request body (`--show-prompt` on the sample), for `goal` and `model`. */
function sentBody(goal: string, model: string): string {
  const body = structuredClone(promptBody);
  body.model = model;
  for (const m of body.messages) m.content = m.content.replace("what is the weather on mars", goal);
  return JSON.stringify(body, null, 2);
}

function describe(path: string): InputDescription {
  const name = path.split("/").pop() ?? path;
  if (name.startsWith("bad")) throw { code: "input", message: `${name}: line 2 has 3 fields where the first line has 2` };
  if (name.startsWith("big")) return { ...SHOP, name, path, size_bytes: 52_000_000, row_count: 1_000_000, sha256: "0".repeat(64) };
  if (name.startsWith("book.xlsx")) return workbook(path);
  // Parquet: no rows on the host; a long JSON file: its first rows only.
  if (name.endsWith(".parquet")) return { ...SHOP, name, path, format: "parquet", preview: [], row_count: 5000 };
  if (name.endsWith(".jsonl")) return { ...SHOP, name, path, format: "json_lines", row_count: 5000 };
  return { ...SHOP, name, path };
}

/** A workbook of three sheets: the first, or the one named after `#`. */
function workbook(asked: string): InputDescription {
  const [path, chosen] = asked.split("#");
  const sheets = ["Notes", "Sales", "Quarters"];
  const name = chosen ?? sheets[0];
  const text = (n: string) => ({ name: n, kind: "text" as const, empty_cells: 0 });
  const columns = name === "Sales"
    ? [text("region"), { name: "amount", kind: "decimal" as const, empty_cells: 0 }]
    : [text("about"), text("value")];
  const preview = name === "Sales" ? [["North", "120.5"], ["South", "80.0"]] : [["made by", "make.py"]];
  return {
    ...SHOP, name: "book.xlsx", path, format: "xlsx", encoding: "UTF-8", columns, preview, row_count: preview.length,
    sheet: { name, sheets, header_row: 0, names_given: false },
  };
}

function rows(path: string, start: number, count: number): string[][] {
  const d = describe(path);
  const out: string[][] = [];
  for (let i = start; i < Math.min(d.row_count, start + count); i++) {
    const base = SHOP.preview[i % SHOP.preview.length];
    out.push(d.row_count > 1000 ? [`row ${i + 1}`, ...base.slice(1)] : base);
  }
  return out;
}

/** A small stand-in for the engine's policy, enough for the flows. */
function check(code: string): { verdict: "allow" | "review" | "deny"; findings: Finding[] } {
  const findings: Finding[] = [];
  code.split("\n").forEach((line, i) => {
    const m = line.match(/^\s*(?:import|from)\s+(socket|os|subprocess|urllib)\b/);
    if (m) findings.push({ rule: "import_denied", line: i + 1, severity: "deny", message: `the code imports ${m[1]}, which can reach the system, the network or other programs` });
    if (/\.query\(\s*[a-z_]/.test(line)) findings.push({ rule: "query_eval", line: i + 1, severity: "review", message: "the code evaluates a text expression (query) that can reach variables or run Python" });
  });
  const verdict = findings.some((f) => f.severity === "deny") ? "deny" : findings.length > 0 ? "review" : "allow";
  return { verdict, findings };
}

export function install(scenario: Scenario = {}): void {
  const calls: { cmd: string; args: unknown }[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>[]>();
  let settings: Settings = {
    provider: scenario.provider ?? "offline", model: scenario.model ?? "", base_url: "", api_key_hint: scenario.apiKeyHint ?? null,
    time_limit_ms: 60_000, memory_limit_bytes: 1024 * 1024 * 1024, language: scenario.language ?? null, theme: "light",
    sample_rows: 0, model_wait_s: 60, show_code_first: scenario.codeFirst ?? false,
  };
  let doctor: DoctorReport = scenario.doctorReady === false
    ? { ready: false, mode: null, reason: "this computer has neither root rights nor cgroup v2 with a systemd user session, so limits cannot be enforced", fix: "Log in to a desktop session with systemd (cgroup v2), or ask your administrator to enable user namespaces:\n  sudo sysctl -w kernel.unprivileged_userns_clone=1" }
    : { ready: true, mode: "rootless (cgroup v2, systemd)", reason: null, fix: null };
  let seq = 0;
  const generations = [...(scenario.generations ?? [])];
  let stopGeneration: (() => void) | null = null;
  /** The question of each run started here (the shell names its report after it). */
  const RUN_GOALS = new Map<string, string>();

  let releaseReading = () => {};
  const emit = (event: string, payload: unknown) =>
    (window as any).__TAURI_INTERNALS__.invoke("plugin:event|emit", { event, payload });

  function startRun(request: StartRunRequest): string {
    const runId = `run-mock-${++seq}`;
    RUN_GOALS.set(runId, request.goal);
    const step = scenario.stepMs ?? 150;
    const list: ReturnType<typeof setTimeout>[] = [];
    STAGES.forEach((stage, i) => {
      list.push(setTimeout(() => {
        void emit("run_progress", { run_id: runId, stage, elapsed_ms: (i + 1) * 700, time_limit_ms: settings.time_limit_ms });
        if (stage === "run") void emit("run_output", { run_id: runId, stream: "stdout", text: "reading /input/shop.csv\n120 rows\n" });
      }, step * (i + 1)));
    });
    if (!scenario.hang) {
      list.push(setTimeout(() => {
        const base = request.approve_review ? (reviewApproved as unknown as RunReport) : scenario.finish === "stopped" ? STOPPED : ANSWERED;
        void emit("run_finished", { run_id: runId, report: { ...base, ...scenario.reportPatch, run_id: runId, code: request.code } });
      }, step * (STAGES.length + 1)));
    }
    timers.set(runId, list);
    return runId;
  }

  /** A model asked for code: ticks every `tickMs`, as the shell relays them. */
  function modelGeneration(answer: unknown): Promise<unknown> {
    const mode = generations.shift() ?? "write";
    // A key the service refuses: the engine's setup stop, at once.
    if (mode === "refused") {
      return Promise.reject({ code: "setup", message: "the model service refused the API key (HTTP 401): invalid key; set another with `glovebox key set --provider openai`" });
    }
    const tick = scenario.tickMs ?? 120;
    const code = ANSWERED.code;
    const pieces = [0, 1, 2, 3].map((i) => code.slice((i * code.length) >> 2, ((i + 1) * code.length) >> 2));
    return new Promise((resolve, reject) => {
      let n = 0;
      let received = 0;
      void emit("generation_progress", { elapsed_ms: 0, received: 0, text: "" });
      const timer = setInterval(() => {
        n += 1;
        const text = mode === "write" && n >= 2 ? pieces.shift() ?? "" : "";
        received += text.length;
        void emit("generation_progress", { elapsed_ms: n * 1000, received, text });
        const done = mode === "fail" ? n >= 3 : mode === "write" ? n >= 6 : false;
        if (done) {
          clearInterval(timer);
          stopGeneration = null;
          if (mode === "fail") reject({ code: "model", message: MODEL_FAILED });
          else resolve(answer);
        }
      }, tick);
      stopGeneration = () => {
        clearInterval(timer);
        setTimeout(() => reject({ code: "cancelled", message: "the calculation was cancelled" }), 30);
      };
    });
  }

  function cancel(runId: string): void {
    for (const t of timers.get(runId) ?? []) clearTimeout(t);
    setTimeout(() => void emit("run_finished", {
      run_id: runId,
      report: { ...(stopped as unknown as RunReport), run_id: runId, status: "stopped", stop_kind: "cancelled", stop_reason: "you stopped the run; the sandbox was shut down" },
    }), 50);
  }

  function summaries(query: string): RunSummary[] {
    const q = query.toLowerCase();
    return REPORTS.map((r, i) => ({
      run_id: r.run_id, started_at: DATES[i], status: r.status,
      goal: (r.run_id === "run-h0571e" ? null : r.code.match(/# Goal: (.*)/)?.[1]) ?? GOALS[i] ?? "how many rows have revenue over 100",
      files: r.inputs.map((f) => f.name), follows: r.follows?.run_id ?? null,
    })).filter((s) => !q || s.goal.toLowerCase().includes(q) || s.files.some((f) => f.toLowerCase().includes(q)) || s.started_at.includes(q));
  }

  mockWindows("main");
  mockIPC((cmd, raw) => {
    const args = (raw ?? {}) as any;
    calls.push({ cmd, args });
    switch (cmd) {
      case "initial_files": return [];
      case "app_ready": return 0;
      case "describe_files": {
        const paths = args.paths as string[];
        // A large file: read until the flow says it is done, telling how far.
        if (paths[0].includes("/slow-")) {
          void emit("describe_progress", { path: paths[0], read: 450 * 1024 * 1024, total: 1024 * 1024 * 1024 });
          return new Promise((resolve) => { releaseReading = () => resolve(paths.map(describe)); });
        }
        return paths.map(describe);
      }
      case "preview_rows": return rows(args.path, args.start, args.count);
      case "generate_code":
        if (needsKey(settings, args.provider)) throw { code: "no_key", message: `no API key is stored for ${args.provider}; add it in the settings` };
        // A question not understood: the engine's own refusal, with its rephrasings.
        if (args.provider === "offline" && /mars/i.test(args.goal)) throw { code: "goal", message: STOPPED.stop_reason, suggestions: STOPPED.suggestions };
        if (/hostile/i.test(args.goal)) {
          throw {
            code: "goal", message: "<b>not understood</b>. You could ask: “<img src=x onerror=alert(1)> total”, “<script>alert(2)</script>”.",
            suggestions: ["<img src=x onerror=alert(1)> total", "<script>alert(2)</script>"],
          };
        }
        // A question whose code the policy holds for review (a text expression evaluated).
        if (/over 100/.test(args.goal)) {
          return { code: REVIEW_CODE, origin: "offline", plan: "", reading: null, run_id: "run-draft0002" };
        }
        if (args.provider !== "offline") return modelGeneration({ code: ANSWERED.code, origin: args.provider, plan: "", reading: null, run_id: `run-draft${++seq}` });
        return { code: ANSWERED.code, origin: "offline", plan: "Goal: total revenue per region", reading: ANSWERED.interpretation, run_id: "run-draft0001" };
      case "cancel_generation":
        stopGeneration?.();
        stopGeneration = null;
        return null;
      case "check_code": return check(args.code);
      case "preview_prompt": return sentBody(args.goal, settings.model);
      case "start_run":
        if (!doctor.ready) throw { code: "no_sandbox", message: doctor.reason };
        return startRun(args.request);
      case "cancel_run": return cancel(args.runId);
      case "list_runs": return summaries(args.query.query).slice(0, args.query.limit);
      case "get_run": {
        const r = REPORTS.find((x) => x.run_id === args.runId);
        if (!r) throw { code: "not_found", message: `no run ${args.runId}` };
        return r;
      }
      case "verify_audit": return { ok: true, entries: 25, first_break: null };
      case "doctor": return doctor;
      case "get_settings": return settings;
      case "set_settings": settings = { ...args.settings, api_key_hint: settings.api_key_hint }; return null;
      case "set_api_key": settings = { ...settings, api_key_hint: String(args.key).slice(-4) }; return null;
      case "detect_local_models": return scenario.localServers ?? LOCAL_SERVERS;
      case "test_connection": {
        const onScreen = { ...settings, base_url: args.baseUrl };
        if (args.provider === "offline") throw { code: "setup", message: "the offline recipes need no connection" };
        if (needsKey(onScreen, args.provider)) return { connected: false, message: "No API key is stored for this service.", outcome: { outcome: "no_key" } };
        const server = (scenario.localServers ?? LOCAL_SERVERS).find((s) => s.base_url === args.baseUrl);
        if (destination(args.provider, args.baseUrl).kind === "local" && !server) {
          const address = new URL(args.baseUrl).host;
          return { connected: false, message: `No answer from ${address}.`, outcome: { outcome: "no_answer", address } };
        }
        const models = server ? server.models.length : 12;
        return { connected: true, message: `Connected: ${models} models.`, outcome: { outcome: "connected", models, missing_model: null } };
      }
      case "sample_file": return SAMPLE_PATH;
      case "plugin:dialog|open": return ["/home/ada/Documents/shop.csv"];
      case "report_file_name": {
        const past = REPORTS.findIndex((r) => r.run_id === args.runId);
        const goal = RUN_GOALS.get(args.runId) ?? (past >= 0 ? GOALS[past] : undefined);
        if (goal === undefined) throw { code: "not_found", message: `there is no run ${args.runId} in the audit log` };
        const slug = goal.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
        return `/home/ada/Documents/${slug}-2026-12-04.${args.format}`;
      }
      case "open_report": return null;
      case "plugin:dialog|save": return args.options.defaultPath;
      case "export_report": return { path: args.path, fingerprint: "3f9a0c1de2b4f5a6", bytes: 164000 };
      default: throw { code: "internal", message: `unknown command ${cmd}` };
    }
  }, { shouldMockEvents: true });

  (window as any).__mock = {
    calls, emit, safeSvg,
    finishReading() { releaseReading(); },
    setDoctor(d: DoctorReport) { doctor = d; },
    addRun(name: "review-blocked" | "hostile") {
      if (name === "review-blocked") { REPORTS.push(reviewBlocked as unknown as RunReport); DATES.push(daysAgo(60, 10, 0)); }
      // A question and a file name made of markup, today.
      if (name === "hostile") {
        const hostile = { ...ANSWERED, run_id: "run-h0571e", inputs: [{ ...SHOP, name: "<script>alert(2)</script>.csv" }] };
        REPORTS.push(hostile as unknown as RunReport);
        GOALS.push("<img src=x onerror=alert(1)> total");
        DATES.push(daysAgo(0, 11, 0));
      }
    },
  };
}
