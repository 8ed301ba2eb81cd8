// The engine's real --json reports (tests/fixtures) match the TypeScript types
// the UI reads, and IPC errors turn into {code, message}.
import { describe, expect, it } from "vitest";
import { IpcError, toIpcError, type RunReport } from "../../src/ipc";
import { checkedLimit, MEMORY_LIMIT_MB, TIME_LIMIT_S } from "../../src/screens/settings";
import answered from "../fixtures/answered.json";
import answeredFr from "../fixtures/answered-fr.json";
import blocked from "../fixtures/blocked.json";
import inputError from "../fixtures/input-error.json";
import reviewApproved from "../fixtures/review-approved.json";
import reviewBlocked from "../fixtures/review-blocked.json";
import stopped from "../fixtures/stopped.json";
import bindings from "../../src/ipc/bindings.ts?raw";

const all: Record<string, unknown> = { answered, answeredFr, blocked, inputError, reviewApproved, reviewBlocked, stopped };
const REPORT_KEYS = ["run_id", "status", "answer", "tables", "charts", "explanation", "notes", "drawn_charts", "code", "attempts", "stop_reason", "stop_kind", "policy", "sandbox", "audit", "inputs", "lang"];
const SANDBOX_KEYS = ["exit_code", "signal", "timed_out", "oom_killed", "wall_ms", "cpu_ms", "peak_memory_bytes", "files_read", "network_attempts", "image_digest", "mode", "cross_check", "stdout", "stderr"];

describe("fixtures from the engine", () => {
  for (const [name, raw] of Object.entries(all)) {
    it(`${name} has every field the UI reads`, () => {
      const r = raw as RunReport;
      for (const key of REPORT_KEYS) expect(r, key).toHaveProperty(key);
      for (const key of SANDBOX_KEYS) expect(r.sandbox, key).toHaveProperty(key);
      expect(["answered", "blocked", "stopped"]).toContain(r.status);
      expect(Array.isArray(r.policy.findings)).toBe(true);
      for (const f of r.policy.findings) expect(Object.keys(f).sort()).toEqual(["line", "message", "rule", "severity"]);
      for (const input of r.inputs) {
        for (const key of ["name", "path", "size_bytes", "sha256", "encoding", "bom", "delimiter", "decimal_comma", "has_header", "columns", "row_count", "preview"]) expect(input, key).toHaveProperty(key);
      }
    });
  }
  it("statuses and verdicts are as expected", () => {
    expect((answered as RunReport).drawn_charts[0].svg.startsWith("<svg")).toBe(true);
    expect((blocked as RunReport).policy.verdict).toBe("deny");
    expect((reviewBlocked as RunReport).stop_kind).toBe("review");
    expect((reviewApproved as RunReport).status).toBe("answered");
    expect((stopped as RunReport).stop_kind).toBe("goal");
    expect((inputError as RunReport).stop_kind).toBe("input");
    expect((answeredFr as RunReport).lang).toBe("fr");
  });
});

describe("IPC errors", () => {
  it("keeps code and message from the shell", () => {
    const e = toIpcError({ code: "no_sandbox", message: "cgroup v2 is missing" });
    expect(e).toBeInstanceOf(IpcError);
    expect([e.code, e.message]).toEqual(["no_sandbox", "cgroup v2 is missing"]);
  });
  it("wraps strings and errors as internal", () => {
    expect(toIpcError("boom").code).toBe("internal");
    expect(toIpcError(new Error("x")).message).toBe("x");
  });
});

describe("limits within safe bounds", () => {
  it("accepts whole numbers within bounds only", () => {
    expect(checkedLimit("60", TIME_LIMIT_S)).toBe(60);
    expect(checkedLimit(" 5 ", TIME_LIMIT_S)).toBe(5);
    expect(checkedLimit("4", TIME_LIMIT_S)).toBeNull();
    expect(checkedLimit("601", TIME_LIMIT_S)).toBeNull();
    expect(checkedLimit("1.5", TIME_LIMIT_S)).toBeNull();
    expect(checkedLimit("", MEMORY_LIMIT_MB)).toBeNull();
    expect(checkedLimit("abc", MEMORY_LIMIT_MB)).toBeNull();
    expect(checkedLimit("1024", MEMORY_LIMIT_MB)).toBe(1024);
  });
});

describe("stage names from the shell", () => {
  it("the UI's stages are the engine's, in the engine's order", async () => {
    const generated = /export type Stage = ([^;]+);/.exec(bindings)?.[1] ?? "";
    const engine = [...generated.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
    const { STAGES } = await import("../../src/ipc/types");
    expect(engine).toEqual([...STAGES]);
  });
});

describe("verdict wording in a report", () => {
  it("a review verdict is an approval only when the code ran", async () => {
    const { verdictKey } = await import("../../src/components/report-view");
    expect(verdictKey("review", "answered")).toBe("how.verdict.review");
    expect(verdictKey("review", "stopped")).toBe("how.verdict.review");
    expect(verdictKey("review", "blocked")).toBe("how.verdict.reviewPending");
    expect(verdictKey(null, "stopped")).toBe("how.verdict.none");
    expect(verdictKey("deny", "blocked")).toBe("how.verdict.deny");
  });
});
