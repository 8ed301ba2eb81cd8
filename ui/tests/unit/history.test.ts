// The history as a notebook (lib/history.ts): local days, follow-ups under
// the run they refine, and the search. Days are checked in two time zones
// whose local day differs from UTC's; the expected days are worked out by
// hand from the zone's fixed December offset (New York UTC−5, Auckland
// UTC+13), not with the code under test.
import { afterAll, describe, expect, it, vi } from "vitest";

import type { RunSummary } from "../../src/ipc/types";
import { dayBefore, fold, localDay, longDate, matchesWords, notebook, relativeDay, searchText, threads } from "../../src/lib/history";

const run = (run_id: string, started_at: string, extra: Partial<RunSummary> = {}): RunSummary => ({
  run_id, started_at, status: "answered", goal: `question ${run_id}`, files: ["shop.csv"], follows: null, ...extra,
});

/** Node reads TZ again whenever it changes. */
const useZone = (tz: string) => { vi.stubEnv("TZ", tz); };
afterAll(() => { vi.unstubAllEnvs(); });

describe("local days", () => {
  it("a day starts at local midnight, not at UTC's (New York, UTC−5 in December)", () => {
    useZone("America/New_York");
    // 05:00 UTC is midnight in New York; one minute before is still the 3rd.
    expect(localDay("2026-12-04T05:00:00Z")).toBe("2026-12-04");
    expect(localDay("2026-12-04T04:59:00Z")).toBe("2026-12-03");
    expect(localDay("2026-12-03T04:59:59Z")).toBe("2026-12-02");
    expect(localDay("not a date")).toBeNull();
  });

  it("Today and Yesterday are counted from now's local day (Auckland, UTC+13)", () => {
    useZone("Pacific/Auckland");
    const now = new Date("2026-12-04T02:00:00Z"); // 15:00 on the 4th in Auckland
    // 11:00 UTC on the 3rd is midnight on the 4th in Auckland: today there, the 3rd in UTC.
    expect(relativeDay(localDay("2026-12-03T11:00:00Z")!, now)).toBe("today");
    expect(relativeDay(localDay("2026-12-03T10:59:00Z")!, now)).toBe("yesterday");
    expect(relativeDay(localDay("2026-12-02T10:59:00Z")!, now)).toBeNull();
  });

  it("the day before crosses months, years and a change of clocks", () => {
    useZone("America/New_York");
    expect(dayBefore("2027-01-01")).toBe("2026-12-31");
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    expect(dayBefore("2028-03-01")).toBe("2028-02-29");
    // Clocks go forward in New York on 8 March 2026.
    expect(dayBefore("2026-03-09")).toBe("2026-03-08");
    expect(dayBefore("2026-03-08")).toBe("2026-03-07");
  });

  it("older days are written in the UI language", () => {
    useZone("America/New_York");
    expect(longDate("2026-12-02", "en")).toMatch(/^Wednesday,? 2 December 2026$/);
    expect(longDate("2026-12-02", "fr")).toBe("mercredi 2 décembre 2026");
    expect(longDate("2026-12-02", "es")).toMatch(/^miércoles, 2 de diciembre de 2026$/);
  });
});

describe("grouping", () => {
  it("groups threads by their first run's local day, newest day first", () => {
    useZone("America/New_York");
    const runs = [
      run("a", "2026-12-04T15:00:00Z"),
      run("b", "2026-12-04T05:00:00Z"),
      run("c", "2026-12-04T04:59:00Z"),
      run("d", "2026-12-02T12:00:00Z"),
    ];
    const days = notebook(runs, () => true);
    expect(days.map((g) => g.day)).toEqual(["2026-12-04", "2026-12-03", "2026-12-02"]);
    expect(days[0].threads.map((t) => t.run.run_id)).toEqual(["a", "b"]);
    expect(days[1].threads.map((t) => t.run.run_id)).toEqual(["c"]);
  });

  it("nests follow-ups (and follow-ups of follow-ups) under the run they refine, oldest first", () => {
    useZone("UTC");
    const runs = [
      run("f2", "2026-12-05T09:00:00Z", { follows: "f1" }), // the next day: still under r1
      run("f1", "2026-12-04T10:05:00Z", { follows: "r1" }),
      run("g1", "2026-12-04T10:03:00Z", { follows: "r1" }),
      run("r2", "2026-12-04T10:02:00Z"),
      run("r1", "2026-12-04T10:00:00Z"),
      run("lost", "2026-12-04T09:00:00Z", { follows: "not-listed" }),
    ];
    const list = threads(runs);
    expect(list.map((t) => t.run.run_id)).toEqual(["r2", "r1", "lost"]);
    expect(list[1].followUps.map((r) => r.run_id)).toEqual(["g1", "f1", "f2"]);
    expect(list[0].followUps).toEqual([]);
    expect(list[2].followUps).toEqual([]);
    const days = notebook(runs, () => true);
    expect(days.map((g) => g.day)).toEqual(["2026-12-04"]);
  });

  it("a loop of follows does not hang and loses no run", () => {
    const runs = [run("x", "2026-12-04T10:00:00Z", { follows: "y" }), run("y", "2026-12-04T11:00:00Z", { follows: "x" })];
    const list = threads(runs);
    expect(list.flatMap((t) => [t.run.run_id, ...t.followUps.map((f) => f.run_id)]).sort()).toEqual(["x", "y"]);
    expect(list.every((t) => t.followUps.length === 0)).toBe(true);
  });

  it("keeps a run that does not match as the context of a follow-up that does", () => {
    useZone("UTC");
    const runs = [
      run("f1", "2026-12-04T10:05:00Z", { follows: "r1", goal: "now per product" }),
      run("f2", "2026-12-04T10:06:00Z", { follows: "r1", goal: "same for 2025" }),
      run("r1", "2026-12-04T10:00:00Z", { goal: "total revenue per region" }),
      run("r2", "2026-12-04T09:00:00Z", { goal: "average units" }),
    ];
    const hay = (r: RunSummary) => searchText(r, "en");
    const [day] = notebook(runs, (r) => matchesWords(hay(r), "product"));
    expect(day.threads).toHaveLength(1);
    expect(day.threads[0].run.run_id).toBe("r1");
    expect(day.threads[0].context).toBe(true);
    expect(day.threads[0].followUps.map((f) => f.run_id)).toEqual(["f1"]);
    const [whole] = notebook(runs, (r) => matchesWords(hay(r), "region"));
    expect(whole.threads[0].context).toBe(false);
    expect(whole.threads[0].followUps).toEqual([]);
    expect(notebook(runs, () => false)).toEqual([]);
  });
});

describe("search", () => {
  it("finds a run by question, file name, recorded date, and the date in the UI language", () => {
    useZone("America/New_York");
    const r = run("r", "2026-12-03T04:30:00Z", { goal: "Chiffre d'affaires par région", files: ["ventes_fr.csv"] });
    const fr = searchText(r, "fr");
    const en = searchText(r, "en");
    expect(matchesWords(fr, "region")).toBe(true); // accents folded
    expect(matchesWords(fr, "RÉGION chiffre")).toBe(true);
    expect(matchesWords(fr, "ventes_fr")).toBe(true);
    // 04:30 UTC on the 3rd is 23:30 on the 2nd in New York.
    expect(matchesWords(fr, "2 décembre")).toBe(true);
    expect(matchesWords(fr, "decembre")).toBe(true);
    expect(matchesWords(en, "2 december")).toBe(true);
    expect(matchesWords(en, "2026-12-02")).toBe(true);
    expect(matchesWords(en, "wednesday")).toBe(true);
    expect(matchesWords(en, "thursday")).toBe(false);
    // A number alone is a whole number: not the 3 of 2026-12-03T04:30 nor of 30.
    expect(matchesWords(en, "3 december")).toBe(false);
    expect(matchesWords(en, "02 december")).toBe(true);
    expect(matchesWords(en, "23:30")).toBe(true);
    expect(matchesWords(en, "region mars")).toBe(false);
    expect(matchesWords(en, "   ")).toBe(true);
  });

  it("finds today's runs by the word for today", () => {
    useZone("UTC");
    const now = new Date("2026-12-04T18:00:00Z");
    const words = { today: "Today", yesterday: "Yesterday" };
    expect(matchesWords(searchText(run("a", "2026-12-04T08:00:00Z"), "en", words, now), "today")).toBe(true);
    expect(matchesWords(searchText(run("b", "2026-12-03T08:00:00Z"), "en", words, now), "today")).toBe(false);
    expect(matchesWords(searchText(run("b", "2026-12-03T08:00:00Z"), "en", words, now), "yesterday")).toBe(true);
  });

  it("folds case and accents alike on both sides", () => {
    expect(fold("Année ÉTÉ")).toBe("annee ete");
  });
});
