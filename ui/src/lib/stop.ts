// Why a run stopped, as a person reads it: a cancel or a limit reached is
// not an error (a calm note, and the way to raise the limit); a Python
// error is said in a sentence first, by the kind of error, and its raw
// text (the engine's sentence and the traceback) stays behind a toggle.
// Pure: the report in, what to show out; the screens draw it.

import type { RunReport } from "../ipc";
import { MEMORY_LIMIT_MB } from "../screens/settings";

/** How a stopped run is shown. */
export type StopShape =
  /** The person pressed Cancel. */
  | { kind: "cancelled" }
  /** The time limit stopped it; `wallMs` is how long it ran. */
  | { kind: "time_limit"; wallMs: number }
  /** The memory limit stopped it: the limit it had and the next step
   * (twice it, at most what Settings allow), when the report says. */
  | { kind: "memory_limit"; limitBytes?: number; nextBytes?: number }
  /** The code raised a Python error: its class, what it names, the line. */
  | { kind: "code_error"; error: PythonError; details: string }
  /** Anything else: the engine's own sentence is the message. */
  | { kind: "other" };

/** A Python exception read from the engine's sentence. */
export interface PythonError {
  /** The class (`FileNotFoundError`), or null when the sentence names none. */
  name: string | null;
  /** The first quoted name in its message (`'sklearn'`, `'/input/x.csv'`, a column), or null. */
  subject: string | null;
  /** The line of the code, when the engine gave it (> 0). */
  line: number | null;
  /** The kind of plain sentence that explains it. */
  family: ErrorFamily;
}

export type ErrorFamily = "missing_file" | "missing_module" | "missing_key" | "value" | "zero_division" | "mistake" | "other";

/** Exception classes, by the sentence that explains them. */
const FAMILIES: Array<[ErrorFamily, RegExp]> = [
  ["missing_file", /^(FileNotFoundError|IsADirectoryError|NotADirectoryError|PermissionError)$/],
  ["missing_module", /^(ModuleNotFoundError|ImportError)$/],
  ["missing_key", /^(KeyError|IndexError)$/],
  ["value", /^(ValueError|TypeError|OverflowError|ParserError|DateParseError|OutOfBoundsDatetime)$/],
  ["zero_division", /^ZeroDivisionError$/],
  ["mistake", /^(SyntaxError|IndentationError|TabError|NameError|AttributeError|UnboundLocalError|AssertionError)$/],
];

/** `… line 6: FileNotFoundError: [Errno 2] No such file …` in the engine's three languages. */
const EXCEPTION = /\b([A-Z][A-Za-z]*(?:Error|Exception))\b(?::\s*(.*))?/g;
const LINE = /\b(?:line|ligne|línea)\s+(\d+)/i;
const QUOTED = /'([^']{1,200})'|"([^"]{1,200})"/;

/** The Python error a stop sentence tells of; null when it names none. */
export function pythonError(sentence: string): PythonError | null {
  let last: RegExpExecArray | null = null;
  for (const m of sentence.matchAll(EXCEPTION)) last = m;
  if (!last) return null;
  const name = last[1];
  const message = last[2] ?? "";
  const quoted = QUOTED.exec(message);
  const lineMatch = LINE.exec(sentence.slice(0, last.index));
  const line = lineMatch ? Number(lineMatch[1]) : null;
  const family = FAMILIES.find(([, re]) => re.test(name))?.[0] ?? "other";
  return { name, subject: quoted ? (quoted[1] ?? quoted[2]) : null, line: line && line > 0 ? line : null, family };
}

const MIB = 1024 * 1024;

/** A memory stop at `limit` bytes: the next step is twice it, at most the
 * largest limit Settings accept; none when it is there already or the
 * report predates the limit. */
export function memoryStop(limit: number | undefined): StopShape {
  if (!limit) return { kind: "memory_limit" };
  const next = Math.min(2 * limit, MEMORY_LIMIT_MB.max * MIB);
  return next > limit ? { kind: "memory_limit", limitBytes: limit, nextBytes: next } : { kind: "memory_limit", limitBytes: limit };
}

/** How the stopped (or blocked) run `r` is shown; `other` for an answered run. */
export function stopShape(r: RunReport): StopShape {
  if (r.status === "answered") return { kind: "other" };
  if (r.stop_kind === "cancelled") return { kind: "cancelled" };
  if (r.sandbox.timed_out) return { kind: "time_limit", wallMs: r.sandbox.wall_ms };
  if (r.sandbox.oom_killed) return memoryStop(r.sandbox.memory_limit_bytes);
  if (r.stop_kind === "result" || r.stop_kind === "sandbox") {
    const error = pythonError(r.stop_reason ?? "");
    if (error) return { kind: "code_error", error, details: technicalDetails(r) };
  }
  return { kind: "other" };
}

/** The raw text behind "Technical details": the engine's sentence, then
 * what the code printed on its error stream (the traceback), when any. */
export function technicalDetails(r: RunReport): string {
  const parts = [r.stop_reason ?? "", r.sandbox.stderr.trim()].filter((p) => p !== "");
  return parts.join("\n\n");
}

/** A stop that is the person's choice or a limit, not a failure: not shown as an error. */
export function isCalmStop(shape: StopShape): boolean {
  return shape.kind === "cancelled" || shape.kind === "time_limit" || shape.kind === "memory_limit";
}
