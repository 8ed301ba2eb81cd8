// Line diff between the generated code and the edited code (longest common
// subsequence; code here is a few hundred lines at most). Output is a list of
// lines marked same / added / removed, with line numbers on each side.

export type DiffKind = "same" | "added" | "removed";

export interface DiffLine {
  kind: DiffKind;
  text: string;
  /** 1-based line in the old text (absent for added lines). */
  oldLine?: number;
  /** 1-based line in the new text (absent for removed lines). */
  newLine?: number;
}

function lines(text: string): string[] {
  if (text === "") return [];
  const parts = text.split(/\r\n|\n|\r/);
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}

export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = lines(oldText);
  const b = lines(newText);
  // Trim the common head and tail so the table stays small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  // lcs[i][j] = LCS length of a[head+i..] and b[head+j..] (middle part only).
  const lcs: Uint32Array[] = [];
  for (let i = 0; i <= n; i++) lcs.push(new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = a[head + i] === b[head + j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: DiffLine[] = [];
  for (let k = 0; k < head; k++) out.push({ kind: "same", text: a[k], oldLine: k + 1, newLine: k + 1 });
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[head + i] === b[head + j]) {
      out.push({ kind: "same", text: a[head + i], oldLine: head + i + 1, newLine: head + j + 1 });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push({ kind: "added", text: b[head + j], newLine: head + j + 1 });
      j++;
    } else {
      out.push({ kind: "removed", text: a[head + i], oldLine: head + i + 1 });
      i++;
    }
  }
  for (let k = 0; k < tail; k++) {
    out.push({ kind: "same", text: a[a.length - tail + k], oldLine: a.length - tail + k + 1, newLine: b.length - tail + k + 1 });
  }
  return out;
}

/** True when the two texts differ in any line. */
export function hasChanges(diff: DiffLine[]): boolean {
  return diff.some((d) => d.kind !== "same");
}
