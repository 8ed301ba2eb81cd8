// The history as a notebook: runs grouped by the local day they started
// ("Today", "Yesterday", then dates in the UI language), each follow-up
// nested under the run it refines (the chain's first run in the list), and
// a search over the question, the file names and the date (as written in
// the UI language, or as 2026-12-04). Pure functions: the screen draws them.

import type { RunSummary, UiLanguage } from "../ipc/types";
import { locale } from "./format";

/** A run and the follow-ups that refine it (oldest first), as shown. */
export interface Thread {
  run: RunSummary;
  /** The run itself does not match the search or filter: it is shown only
   * because some of its follow-ups do (as their context). */
  context: boolean;
  followUps: RunSummary[];
}

/** The threads that began on one local day, newest first. */
export interface DayGroup {
  /** `YYYY-MM-DD`, in local time. */
  day: string;
  threads: Thread[];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Formats of a calendar day per language, made once (a search formats
 * every run). They format the day in UTC: the local day is worked out
 * before, so they hold for any time zone. */
const FORMATS = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: UiLanguage, style: "long" | "short"): Intl.DateTimeFormat {
  const key = `${lang}:${style}`;
  let f = FORMATS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale(lang), style === "long"
      ? { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }
      : { dateStyle: "short", timeZone: "UTC" });
    FORMATS.set(key, f);
  }
  return f;
}

/** `YYYY-MM-DD` of a date in local time. */
export function dayKeyOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local day an RFC 3339 time falls on; null when it does not parse. */
export function localDay(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dayKeyOf(date);
}

/** The local day before `day` (`YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return dayKeyOf(new Date(y, m - 1, d - 1));
}

/** "today", "yesterday" or null for an older (or later) day. */
export function relativeDay(day: string, now: Date): "today" | "yesterday" | null {
  const today = dayKeyOf(now);
  if (day === today) return "today";
  return day === dayBefore(today) ? "yesterday" : null;
}

/** A day as people write it in `lang`: "Friday 4 December 2026". */
export function longDate(day: string, lang: UiLanguage): string {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return dateFormat(lang, "long").format(new Date(Date.UTC(y, m - 1, d)));
}

/** Lower case, accents off: "Décembre" finds "decembre" and the other way round. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** What a search looks through for one run: the question, the file names,
 * its local day (2026-12-04), that day in the UI language, its local time
 * (16:45) and the words for today or yesterday when `dayWords` names them.
 * Not the time as recorded (UTC): its day may not be the one shown. */
export function searchText(run: RunSummary, lang: UiLanguage, dayWords: Partial<Record<"today" | "yesterday", string>> = {}, now = new Date()): string {
  const day = localDay(run.started_at);
  const parts = [run.goal, ...run.files];
  if (!day) parts.push(run.started_at);
  else {
    const date = new Date(run.started_at);
    const [y, m, d] = day.split("-").map(Number);
    parts.push(day, longDate(day, lang), dateFormat(lang, "short").format(new Date(Date.UTC(y, m - 1, d))),
      `${pad(date.getHours())}:${pad(date.getMinutes())}`);
    const rel = relativeDay(day, now);
    if (rel && dayWords[rel]) parts.push(dayWords[rel] as string);
  }
  return fold(parts.join("\n"));
}

/** Every word of `query` is in `haystack` (folded); a number alone must
 * be a whole number there ("4 décembre" is not found in 14:03 of the 1st);
 * true for a blank query. */
export function matchesWords(haystack: string, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  let numbers: Set<string> | null = null;
  return words.every((w) => {
    if (!/^\d+$/.test(w)) return haystack.includes(w);
    numbers ??= new Set(haystack.split(/[^\p{L}\p{N}]+/u).flatMap((tok) => tok.match(/\d+/g) ?? []).map((n) => String(Number(n))));
    return numbers.has(String(Number(w)));
  });
}

/** Follow-ups under the first run of their chain that is in the list; a
 * follow-up whose run is not listed (older, or searched away by the shell)
 * stands on its own, as does each run of a loop. Threads newest first (by their first run), follow-ups
 * oldest first, as they were asked. */
export function threads(runs: readonly RunSummary[]): Array<{ run: RunSummary; followUps: RunSummary[] }> {
  const byId = new Map(runs.map((r) => [r.run_id, r]));
  const rootOf = (r: RunSummary): RunSummary => {
    const seen = new Set<string>([r.run_id]);
    let at = r;
    while (at.follows) {
      const parent = byId.get(at.follows);
      if (!parent) break;
      // A loop of follows (a damaged log): each run of it stands alone.
      if (seen.has(parent.run_id)) return r;
      seen.add(parent.run_id);
      at = parent;
    }
    return at;
  };
  const order = [...runs].sort((a, b) => b.started_at.localeCompare(a.started_at));
  const out = new Map<string, { run: RunSummary; followUps: RunSummary[] }>();
  for (const r of order) {
    const root = rootOf(r);
    if (root === r) out.set(r.run_id, { run: r, followUps: out.get(r.run_id)?.followUps ?? [] });
    else {
      const thread = out.get(root.run_id) ?? { run: root, followUps: [] };
      thread.followUps.push(r);
      out.set(root.run_id, thread);
    }
  }
  for (const thread of out.values()) thread.followUps.sort((a, b) => a.started_at.localeCompare(b.started_at));
  return [...out.values()].sort((a, b) => b.run.started_at.localeCompare(a.run.started_at));
}

/** The notebook for `runs`: threads whose run or a follow-up passes `keep`,
 * grouped by the local day their first run started, newest day first. */
export function notebook(runs: readonly RunSummary[], keep: (r: RunSummary) => boolean): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const th of threads(runs)) {
    const followUps = th.followUps.filter(keep);
    const runKept = keep(th.run);
    if (!runKept && followUps.length === 0) continue;
    const day = localDay(th.run.started_at) ?? th.run.started_at;
    let group = groups.find((g) => g.day === day);
    if (!group) groups.push((group = { day, threads: [] }));
    group.threads.push({ run: th.run, context: !runKept, followUps });
  }
  return groups.sort((a, b) => b.day.localeCompare(a.day));
}
