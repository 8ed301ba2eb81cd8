// Generated from the Rust types by src-tauri/src/bindings.rs (ts-rs). Do not edit:
// run `GLOVEBOX_BLESS=1 cargo test -p glovebox-app bindings` after changing them.

export type Verdict = "allow" | "review" | "deny";

export type Finding = { 
/**
 * Rule id (`import_denied`, `private_attribute`, ...).
 */
rule: string, 
/**
 * 1-based line.
 */
line: number, 
/**
 * Plain-language message in the goal's language.
 */
message: string, 
/**
 * What this finding asks for.
 */
severity: Verdict, };

export type PolicyReport = { 
/**
 * The strongest severity found.
 */
verdict: Verdict, 
/**
 * Findings in line order.
 */
findings: Array<Finding>, };

export type ColumnKind = "integer" | "decimal" | "date" | "boolean" | "text" | "empty";

export type Column = { 
/**
 * The name pandas gives the column: the header text (spaces kept),
 * `Unnamed: N` for an empty one, `name.1` for a repeated one; or
 * `column_N` without a header.
 */
name: string, 
/**
 * Inferred type.
 */
kind: ColumnKind, 
/**
 * Empty cells seen.
 */
empty_cells: number, 
/**
 * Distinct values of a text or boolean column in the sampled rows,
 * sorted; empty when there are more than `MAX_CATEGORY_VALUES`.
 */
values?: Array<string>, 
/**
 * The currency of a column of numbers, when the file says it: its
 * header names one or its numbers carry one (`currency`); `EUR`,
 * `USD`, `$`...
 */
currency?: string, };

export type InputFormat = "csv" | "csv_gzip" | "csv_zip" | "xlsx" | "xls" | "ods" | "parquet" | "json_records" | "json_lines";

export type SheetInfo = { 
/**
 * The sheet's name.
 */
name: string, 
/**
 * Every worksheet of the workbook, in order (for a sheet picker).
 */
sheets: Array<string>, 
/**
 * Rows of the sheet above the header (a title, blank rows), skipped;
 * without a header, above the first row of data.
 */
header_row: number, 
/**
 * The column names are given to the reader (header cells merged
 * across columns, or no header at all) instead of read from the
 * header row.
 */
names_given: boolean, };

export type InputDescription = { 
/**
 * File name (as seen at `/input/<name>`).
 */
name: string, 
/**
 * Host path.
 */
path: string, 
/**
 * Size in bytes.
 */
size_bytes: number, 
/**
 * sha256 of the bytes, hex.
 */
sha256: string, 
/**
 * Encoding name (`UTF-8`, `windows-1252`, `UTF-16LE`...).
 */
encoding: string, 
/**
 * A byte-order mark starts the file.
 */
bom: boolean, 
/**
 * Field delimiter.
 */
delimiter: string, 
/**
 * Numbers use a decimal comma (`3,5`).
 */
decimal_comma: boolean, 
/**
 * The first row names the columns.
 */
has_header: boolean, 
/**
 * Columns.
 */
columns: Array<Column>, 
/**
 * Data rows (header excluded).
 */
row_count: number, 
/**
 * First rows, as text.
 */
preview: Array<Array<string>>, 
/**
 * What a person should know about how the file is read: columns
 * renamed the way pandas names them (no name, a repeated name), names
 * with spaces around them, numbers written with thousands separators.
 */
notes?: Array<string>, 
/**
 * How the file is read: a CSV (written as before: no field), a
 * workbook, Parquet, JSON, a compressed CSV.
 */
format?: InputFormat, 
/**
 * The sheet read, for a workbook.
 */
sheet?: SheetInfo, };

export type Table = { 
/**
 * Name.
 */
name: string, 
/**
 * Column names.
 */
columns: Array<string>, 
/**
 * Rows (at most `MAX_ROWS` kept by the module).
 */
rows: Array<Array<number | string | boolean | null>>, 
/**
 * Rows in the whole table.
 */
total_rows: number, };

export type ChartRequest = { 
/**
 * `bar`, `line`, `scatter`, `pie`, `histogram`.
 */
kind: string, 
/**
 * Table name.
 */
table: string, 
/**
 * Column for x.
 */
x: string, 
/**
 * Columns for y.
 */
y: Array<string>, 
/**
 * Title.
 */
title: string | null, };

export type DrawnChart = { 
/**
 * `bar`, `line`, `scatter`, `pie` or `histogram`; `figure` for one the
 * code drew.
 */
kind: string, 
/**
 * Title.
 */
title: string, 
/**
 * The table it was drawn from (a figure: the files it came from).
 */
table: string, 
/**
 * Drawn by the code (a figure it saved or showed), not by the host
 * (absent when false: a host chart's JSON is as before).
 */
drawn_by_code?: boolean, 
/**
 * SVG document.
 */
svg: string, };

export type Attempt = { 
/**
 * 1-based.
 */
number: number, 
/**
 * Policy verdict of this attempt's code (none when the model's reply
 * had no code).
 */
verdict?: Verdict, 
/**
 * Why it failed, if it did.
 */
failure: string | null, };

export type MemoryFrom = "input" | "you";

export type SandboxReport = { 
/**
 * Exit code.
 */
exit_code: number | null, 
/**
 * Signal.
 */
signal: number | null, 
/**
 * The wall-clock backstop was reached (the code waited rather than
 * computed).
 */
timed_out: boolean, 
/**
 * The CPU-time limit (the time limit) was reached.
 */
cpu_limit_hit: boolean, 
/**
 * Memory limit reached.
 */
oom_killed: boolean, 
/**
 * Wall time.
 */
wall_ms: number, 
/**
 * The wall-clock backstop it ran under (0: not recorded).
 */
wall_limit_ms: number, 
/**
 * CPU time, all processes of the code together.
 */
cpu_ms: number, 
/**
 * The CPU-time limit it ran under (0: not recorded).
 */
cpu_limit_ms: number, 
/**
 * Peak memory.
 */
peak_memory_bytes: number, 
/**
 * The memory limit it ran under (absent for runs recorded before it
 * was reported).
 */
memory_limit_bytes?: number, 
/**
 * Who chose that limit: estimated from the inputs (`input`) or set by
 * the person (`you`); absent for runs recorded before the estimate.
 */
memory_limit_from?: MemoryFrom, 
/**
 * Files read (seen by the sandbox): the inputs the job opened, as the
 * sandbox saw them from outside the job. Where the sandbox could not
 * observe reads (rootless), the code's own audit hook's list, and
 * `cross_check` says so.
 */
files_read: Array<string>, 
/**
 * Network attempts: seen by the sandbox (seccomp) and by the audit hook.
 */
network_attempts: Array<Record<string, unknown>>, 
/**
 * Image digest.
 */
image_digest: string, 
/**
 * Sandbox mode.
 */
mode: string, 
/**
 * Disagreement between what the sandbox saw and what the code's own
 * audit hook reported (a sign the code tampered with the hook).
 */
cross_check: string | null, 
/**
 * Log printed by the code (stdout), truncated.
 */
stdout: string, 
/**
 * Errors printed by the code (stderr), truncated.
 */
stderr: string, };

export type RunStatus = "answered" | "blocked" | "stopped";

export type StopKind = "input" | "goal" | "no_generator" | "setup" | "model" | "policy" | "review" | "sandbox" | "result" | "cancelled" | "interrupted" | "running";

export type Stage = "plan" | "generate" | "check" | "run" | "validate" | "explain";

export type AnswerItem = { 
/**
 * Name.
 */
name: string, 
/**
 * A number or a text.
 */
value: number | string, 
/**
 * Unit or kind (`count`, `rate`, `percent`, a currency…), if given.
 */
unit?: string, };

export type Answer = { 
/**
 * Name -> number or text, as the code reported it.
 */
values: Record<string, number | string | boolean | null>, 
/**
 * `name: value unit; …`.
 */
text: string, 
/**
 * The values in the result's order, with their units (runs recorded
 * before this field have only `values`).
 */
items?: Array<AnswerItem>, };

export type Assumption = { 
/**
 * The choice, in the goal's language.
 */
text: string, 
/**
 * The goal rephrased to say the other choice, planned before it is
 * offered (it reads without this assumption); none when there is no
 * other reading to offer.
 */
instead?: string, };

export type Interpretation = { 
/**
 * What was computed, on which rows of which file.
 */
sentence: string, 
/**
 * The file read.
 */
file: string, 
/**
 * What is computed, in words ("mean of Fare").
 */
measures: Array<string>, 
/**
 * The columns used.
 */
columns: Array<string>, 
/**
 * The conditions on rows, in words; empty: every row.
 */
filters: Array<string>, 
/**
 * The grouping column, if any.
 */
grouping: string | null, 
/**
 * Choices the goal did not state.
 */
assumptions: Array<Assumption>, 
/**
 * Clauses set aside because they ask nothing, as written.
 */
context: Array<string>, };

export type FollowUp = { 
/**
 * The run followed.
 */
run_id: string, 
/**
 * The goals this one builds on, oldest first (the followed run's goal
 * last); empty when the run followed is not in the log.
 */
goals: Array<string>, };

export type PolicySummary = { 
/**
 * The strongest severity found.
 */
verdict: Verdict | null, 
/**
 * Findings in line order.
 */
findings: Array<Finding>, };

export type AuditRef = { 
/**
 * Hash of the run's last entry so far (a report's anchor).
 */
entry_hash: string, 
/**
 * Its position in the log.
 */
seq: number, };

export type Lang = "en" | "fr" | "es";

export type RunReport = { 
/**
 * Run id.
 */
run_id: string, 
/**
 * Outcome.
 */
status: RunStatus, 
/**
 * `values` (name -> number or text) and `text`.
 */
answer: Answer, 
/**
 * Tables.
 */
tables: Array<Table>, 
/**
 * Charts.
 */
charts: Array<ChartRequest>, 
/**
 * Plain-language explanation: built from the plan and the checked
 * result for offline recipes; the code's own notes otherwise.
 */
explanation: string, 
/**
 * Notes the code added.
 */
notes: Array<string>, 
/**
 * Charts drawn by the host from the checked tables (SVG; PNG bytes are
 * not serialized).
 */
drawn_charts: Array<DrawnChart>, 
/**
 * Charts that could not be drawn, and why.
 */
chart_problems: Array<string>, 
/**
 * Files the code wrote to `/output` (copied when an output folder was given).
 */
output_files: Array<string>, 
/**
 * The same files with their sizes and copies (absent when none).
 */
files_written?: Array<WrittenFile>, 
/**
 * Entries of `/output` the sandbox left out, each with why ("a\u{202e}b:
 * the name holds a control or direction character"); names shown
 * escaped.
 */
output_left_out?: Array<string>, 
/**
 * The code that ran (or was refused).
 */
code: string, 
/**
 * Attempts.
 */
attempts: Array<Attempt>, 
/**
 * Why the run stopped, in plain words.
 */
stop_reason: string | null, 
/**
 * What kind of stop.
 */
stop_kind: StopKind | null, 
/**
 * How the goal was read (offline planner), restated.
 */
interpretation: Interpretation | null, 
/**
 * Rephrasings that would run as written, when the goal was not clear.
 */
suggestions: Array<string>, 
/**
 * Policy verdict and findings of the last attempt.
 */
policy: PolicySummary, 
/**
 * Sandbox outcome of the last attempt.
 */
sandbox: SandboxReport, 
/**
 * Audit: the run's last entry.
 */
audit: AuditRef, 
/**
 * The inputs as described.
 */
inputs: Array<InputDescription>, 
/**
 * The goal's language.
 */
lang: Lang, 
/**
 * The run this one follows up, and the goals it builds on.
 */
follows?: FollowUp, };

export type Provider = "offline" | "openai" | "anthropic";

export type Theme = "light" | "dark" | "system";

export type UiLanguage = "en" | "fr" | "es";

export type Settings = { 
/**
 * Code generator.
 */
provider: Provider, 
/**
 * Model name; empty = the provider's default.
 */
model: string, 
/**
 * Service address; empty = the provider's default.
 */
base_url: string, 
/**
 * Last 4 characters of the stored key for `provider`, or null when none
 * is stored (filled in when read, never saved).
 */
api_key_hint: string | null, 
/**
 * Time limit of a calculation: the processor time it may use (its
 * wall-clock backstop follows, see `Limits`).
 */
time_limit_ms: number, 
/**
 * Memory limit of a calculation.
 */
memory_limit_bytes: number, 
/**
 * UI language; null = from the system locale.
 */
language: UiLanguage | null, 
/**
 * Light or dark.
 */
theme: Theme, 
/**
 * Rows of each file a model may see (0, the default: none leaves the
 * machine, only the schema); a file saved before it existed reads as 0.
 */
sample_rows: number, 
/**
 * Seconds a model may take to start answering, retries included; past
 * it the question ends with a plain error and Retry. A file saved
 * before it existed reads as [`DEFAULT_MODEL_WAIT_S`].
 */
model_wait_s: number, 
/**
 * Show the code before it runs, every time ("always show me the
 * code first"). Off (the default): a question whose code the policy
 * allows runs at once and lands on its answer; code that needs
 * approval or is refused always opens first. A file saved before it
 * existed reads as off.
 */
show_code_first: boolean, };

export type GeneratedCode = { 
/**
 * Python code.
 */
code: string, 
/**
 * Who wrote it.
 */
origin: string, 
/**
 * The code's own notes: the comment lines it starts with (empty when
 * it has none); shown when there is no `reading`.
 */
plan: string, 
/**
 * How the question was read, restated (steps, columns, filters,
 * assumptions): the plan the offline recipes wrote the code from;
 * none for code a model wrote.
 */
reading: Interpretation | null, 
/**
 * The run the code was drafted in (recorded in the audit log with the
 * inputs and any model request); `start_run` runs it on that run.
 */
run_id: string, };

export type StartRunRequest = { 
/**
 * Input files (host paths).
 */
files: Array<string>, 
/**
 * The question.
 */
goal: string, 
/**
 * The code to run, as the person left it in the editor.
 */
code: string, 
/**
 * Who wrote the code.
 */
provider: Provider, 
/**
 * The person pressed "Run anyway" on a `review` verdict.
 */
approve_review: boolean, 
/**
 * The run whose drafted code this is (`GeneratedCode.run_id`): the run
 * goes on under that id, for the question and files it was drafted
 * for; none for code that was not generated.
 */
draft?: string, };

export type RunProgress = { 
/**
 * The run.
 */
run_id: string, 
/**
 * `plan generate check run validate explain`.
 */
stage: Stage, 
/**
 * Time since the run started.
 */
elapsed_ms: number, 
/**
 * The calculation's time limit.
 */
time_limit_ms: number, };

export type RunOutput = { 
/**
 * The run.
 */
run_id: string, 
/**
 * `stdout` or `stderr`.
 */
stream: "stdout" | "stderr", 
/**
 * The new text.
 */
text: string, };

export type RunFinished = { 
/**
 * The run.
 */
run_id: string, 
/**
 * Its report.
 */
report: RunReport, };

export type RunFailed = { 
/**
 * The run.
 */
run_id: string, 
/**
 * What kind of error (`internal` when the record itself failed).
 */
code: ErrorCode, 
/**
 * Plain-language message.
 */
message: string, };

export type RunSummary = { 
/**
 * The run.
 */
run_id: string, 
/**
 * RFC 3339.
 */
started_at: string, 
/**
 * `answered`, `blocked`, `stopped`, `interrupted` (a process died
 * during it) or `running`.
 */
status: RunStatus | "interrupted" | "running", 
/**
 * The question.
 */
goal: string, 
/**
 * File names.
 */
files: Array<string>, 
/**
 * The run this one follows up ("Ask a follow-up"), if it is one: the
 * history nests it under that run.
 */
follows: string | null, };

export type ListRunsQuery = { 
/**
 * Words to find in the goal, file names or date; empty = all.
 */
query: string, 
/**
 * Most runs returned.
 */
limit: number, };

export type AuditCheck = { 
/**
 * The chain is intact.
 */
ok: boolean, 
/**
 * Entries checked.
 */
entries: number, 
/**
 * Sequence number of the first broken entry, null when intact.
 */
first_break: number | null, };

export type DoctorReport = { 
/**
 * Runs can start.
 */
ready: boolean, 
/**
 * The sandbox mode in words (e.g. "rootless (cgroup v2, systemd)").
 */
mode: string | null, 
/**
 * Why the machine cannot sandbox, in plain words (null when ready).
 */
reason: string | null, 
/**
 * How to fix it, in plain words (null when ready).
 */
fix: string | null, };

export type ExportedReport = { 
/**
 * The report file.
 */
path: string, 
/**
 * Fingerprint of the key that signed it (`glovebox key export-public`
 * prints the whole public key to share).
 */
fingerprint: string, 
/**
 * Its size.
 */
bytes: number, };

export type ErrorCode = "input" | "goal" | "no_generator" | "setup" | "model" | "keyring" | "no_sandbox" | "not_found" | "unfinished" | "busy" | "settings" | "export" | "stale_code" | "cancelled" | "internal" | "no_key";

export type IpcErrorPayload = { 
/**
 * What kind of error.
 */
code: ErrorCode, 
/**
 * Plain-language message.
 */
message: string, 
/**
 * Complete rephrasings that would run as written (a question not
 * understood); the app offers them as buttons.
 */
suggestions?: Array<string>, };

export type ServerKind = "ollama" | "llama_cpp" | "lm_studio" | "vllm" | "openai_compatible";

export type LocalServer = { 
/**
 * What answered.
 */
kind: ServerKind, 
/**
 * Its OpenAI-compatible base URL (`http://127.0.0.1:11434/v1`).
 */
base_url: string, 
/**
 * Its models, sorted, at most [`MAX_MODELS_PER_SERVER`].
 */
models: Array<string>, 
/**
 * Models left out by that limit.
 */
more_models: number, };

export type Connection = { "outcome": "connected", 
/**
 * How many.
 */
models: number, 
/**
 * The configured model, if it is not among them (and there are some).
 */
missing_model: string | null, } | { "outcome": "no_key" } | { "outcome": "key_refused" } | { "outcome": "no_answer", 
/**
 * `host:port`.
 */
address: string, } | { "outcome": "refused", 
/**
 * The status.
 */
status: number, } | { "outcome": "not_a_model_service", 
/**
 * `host:port`.
 */
address: string, };

export type ConnectionReport = { 
/**
 * The service answered and accepted the key.
 */
connected: boolean, 
/**
 * What happened, for people.
 */
message: string, 
/**
 * The outcome, to branch on (`no_key`: show the key field).
 */
outcome: Connection, };

export type GenerationProgress = { 
/**
 * Time since the request left.
 */
elapsed_ms: number, 
/**
 * Characters of the reply received so far.
 */
received: number, 
/**
 * The reply's words since the last event (often empty).
 */
text: string, };

export type DescribeProgress = { 
/**
 * The file, as `describe_files` was given it.
 */
path: string, 
/**
 * Bytes read so far.
 */
read: number, 
/**
 * The file's size in bytes.
 */
total: number, };

export type WrittenFile = { 
/**
 * Its path under `/output` (control and direction characters cannot
 * occur: the sandbox refuses such names).
 */
name: string, 
/**
 * Size in bytes.
 */
size_bytes: number, 
/**
 * Where the copy is, with an output folder (`--out DIR`: `DIR/files/…`).
 */
copy: string | null, };
