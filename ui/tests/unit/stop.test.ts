// Why a run stopped, as a person reads it (issue 20, item 3): a cancel or a
// limit is a calm note that says how to raise the limit; a Python error is
// a sentence first, its raw text (the engine's sentence, the traceback)
// kept for "Technical details".
import { beforeEach, describe, expect, it } from "vitest";
import { errorSentence, stopTexts } from "../../src/components/report-view";
import { setLanguage } from "../../src/i18n";
import type { RunReport } from "../../src/ipc";
import { isCalmStop, pythonError, stopShape, technicalDetails } from "../../src/lib/stop";
import answered from "../fixtures/answered.json";
import stopped from "../fixtures/stopped.json";

const ANSWERED = answered as unknown as RunReport;
const STOPPED = stopped as unknown as RunReport;
const TRACEBACK = `Traceback (most recent call last):
  File "/job/main.py", line 6, in <module>
    data = pd.read_csv("/input/ventes_fr.csv")
FileNotFoundError: [Errno 2] No such file or directory: '/input/ventes_fr.csv'`;

/** A run of the sample that stopped: `stop` over the answered report's sandbox facts. */
function stoppedRun(stop: Partial<RunReport>, sandbox: Partial<RunReport["sandbox"]> = {}): RunReport {
  return { ...ANSWERED, status: "stopped", answer: { values: {}, text: "" } as RunReport["answer"], ...stop, sandbox: { ...ANSWERED.sandbox, ...sandbox } };
}

beforeEach(() => setLanguage("en"));

describe("pythonError", () => {
  it("reads the class, the quoted name and the line from the engine's sentence", () => {
    expect(pythonError("the calculation failed at line 6: FileNotFoundError: [Errno 2] No such file or directory: '/input/ventes_fr.csv'"))
      .toEqual({ name: "FileNotFoundError", subject: "/input/ventes_fr.csv", line: 6, family: "missing_file" });
    expect(pythonError("the calculation failed: ModuleNotFoundError: No module named 'sklearn'"))
      .toEqual({ name: "ModuleNotFoundError", subject: "sklearn", line: null, family: "missing_module" });
  });

  it("in French and Spanish, and after several attempts (the last error counts)", () => {
    expect(pythonError("le calcul a échoué à la ligne 12 : KeyError: 'revnue'")).toEqual({ name: "KeyError", subject: "revnue", line: 12, family: "missing_key" });
    expect(pythonError("el cálculo falló en la línea 3: ZeroDivisionError: division by zero")?.line).toBe(3);
    expect(pythonError("stopped after 3 attempts that did not work; the last one: the calculation failed at line 9: TypeError: unsupported operand type(s) for +: 'int' and 'str'"))
      .toEqual({ name: "TypeError", subject: "int", line: 9, family: "value" });
  });

  it("a sentence that names no exception is not a Python error", () => {
    expect(pythonError(STOPPED.stop_reason ?? "")).toBeNull();
    expect(pythonError("the calculation took longer than 60 seconds and was stopped")).toBeNull();
  });

  it("an unknown class is 'other'", () => {
    expect(pythonError("the calculation failed at line 2: RecursionError: maximum recursion depth exceeded")?.family).toBe("other");
  });
});

describe("stopShape", () => {
  it("a cancel is the person's choice, not an error", () => {
    const shape = stopShape(stoppedRun({ stop_kind: "cancelled", stop_reason: "the calculation was cancelled" }));
    expect(shape).toEqual({ kind: "cancelled" });
    expect(isCalmStop(shape)).toBe(true);
    expect(stopTexts({ kind: "cancelled" }, "en").title).toBe("You stopped this run");
  });

  it("a time-limit stop says how long it ran and where to raise the limit", () => {
    const shape = stopShape(stoppedRun(
      { stop_kind: "result", stop_reason: "the calculation took longer than 60 seconds and was stopped; to give it more time, raise the time limit (in the app's Settings, or with --time-limit SECONDS)" },
      { timed_out: true, wall_ms: 60_412 }));
    expect(shape).toEqual({ kind: "time_limit", wallMs: 60_412 });
    expect(isCalmStop(shape)).toBe(true);
    const texts = stopTexts(shape as { kind: "time_limit"; wallMs: number }, "en");
    expect(texts.title).toBe("The calculation ran out of time");
    expect(texts.sentence).toBe("It was stopped after 1 min, its time limit. To give it more time, raise the time limit in Settings, then ask again.");
  });

  it("a memory-limit stop is calm too", () => {
    const shape = stopShape(stoppedRun({ stop_kind: "result", stop_reason: "the calculation needed more than 1 GiB" }, { oom_killed: true }));
    expect(shape).toEqual({ kind: "memory_limit" });
    expect(isCalmStop(shape)).toBe(true);
  });

  it("a memory stop names the limit it had and the next step, in the units of the other sizes", () => {
    const GB = 1024 ** 3;
    const shape = stopShape(stoppedRun({ stop_kind: "result", stop_reason: "x" }, { oom_killed: true, memory_limit_bytes: GB, memory_limit_from: "input" }));
    expect(shape).toEqual({ kind: "memory_limit", limitBytes: GB, nextBytes: 2 * GB });
    const texts = stopTexts(shape as Exclude<typeof shape, { kind: "other" }>, "en");
    expect(texts.sentence).toBe("It was stopped when it reached its memory limit, 1 GB. 2 GB would likely be enough: set the memory limit in Settings to 2048, then ask again.");
    // At the largest limit Settings accept, no next step: the plain sentence.
    const top = stopShape(stoppedRun({ stop_kind: "result", stop_reason: "x" }, { oom_killed: true, memory_limit_bytes: 8 * GB }));
    expect(top).toEqual({ kind: "memory_limit", limitBytes: 8 * GB });
    expect(stopTexts(top as Exclude<typeof top, { kind: "other" }>, "en").sentence).toMatch(/^It was stopped when it reached its memory limit\. To allow it more/);
  });

  it("a Python error: the sentence first, the engine's sentence and the traceback kept for details", () => {
    const reason = "the calculation failed at line 6: FileNotFoundError: [Errno 2] No such file or directory: '/input/ventes_fr.csv'";
    const run = stoppedRun({ stop_kind: "result", stop_reason: reason }, { stderr: `${TRACEBACK}\n`, exit_code: 1 });
    const shape = stopShape(run);
    expect(shape.kind).toBe("code_error");
    expect(isCalmStop(shape)).toBe(false);
    expect(technicalDetails(run)).toBe(`${reason}\n\n${TRACEBACK}`);
    const texts = stopTexts(shape as Extract<typeof shape, { kind: "code_error" }>, "en");
    expect(texts.title).toBe("The calculation stopped on an error");
    expect(texts.sentence).toBe("The code tried to read a file that is not one of your files. It happened at line 6 of the code.");
    expect(texts.sentence).not.toContain("FileNotFoundError");
  });

  it("a question not understood keeps the engine's own sentence (with its rephrasings)", () => {
    expect(stopShape(STOPPED)).toEqual({ kind: "other" });
  });

  it("an answered run is not a stop", () => {
    expect(stopShape(ANSWERED)).toEqual({ kind: "other" });
  });
});

describe("errorSentence", () => {
  it("names the module or the column when the error quotes it", () => {
    expect(errorSentence({ name: "ModuleNotFoundError", subject: "sklearn", line: null, family: "missing_module" }))
      .toBe("The code needs a Python module the sandbox does not have: sklearn.");
    expect(errorSentence({ name: "KeyError", subject: "revnue", line: 4, family: "missing_key" }))
      .toBe("The code looked for a column or value that is not in your data: revnue. It happened at line 4 of the code.");
    expect(errorSentence({ name: "KeyError", subject: null, line: null, family: "missing_key" }))
      .toBe("The code looked for a column or value that is not in your data.");
  });

  it("in the UI's language", () => {
    setLanguage("fr");
    expect(errorSentence({ name: "ZeroDivisionError", subject: null, line: 2, family: "zero_division" })).toBe("Le code a divisé par zéro. C'est arrivé à la ligne 2 du code.");
  });
});
