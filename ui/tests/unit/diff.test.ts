// The line diff between generated and edited code.
import { describe, expect, it } from "vitest";
import { diffLines, hasChanges } from "../../src/lib/diff";

const compact = (a: string, b: string) => diffLines(a, b).map((d) => `${d.kind[0]}${d.oldLine ?? "-"}:${d.newLine ?? "-"} ${d.text}`);

describe("diffLines", () => {
  it("no change", () => {
    const d = diffLines("a\nb\n", "a\nb\n");
    expect(hasChanges(d)).toBe(false);
    expect(d).toHaveLength(2);
  });
  it("an added line in the middle", () => {
    expect(compact("a\nb\nc", "a\nb\nx\nc")).toEqual(["s1:1 a", "s2:2 b", "a-:3 x", "s3:4 c"]);
  });
  it("a removed line and a replaced line", () => {
    expect(compact("import pandas as pd\nx = 1\ny = 2\n", "import pandas as pd\nimport socket\ny = 2\n")).toEqual([
      "s1:1 import pandas as pd", "a-:2 import socket", "r2:- x = 1", "s3:3 y = 2",
    ]);
  });
  it("from empty and to empty", () => {
    expect(compact("", "a\nb")).toEqual(["a-:1 a", "a-:2 b"]);
    expect(compact("a\nb", "")).toEqual(["r1:- a", "r2:- b"]);
  });
  it("CRLF and LF lines compare equal", () => {
    expect(hasChanges(diffLines("a\r\nb\r\n", "a\nb\n"))).toBe(false);
  });
  it("every old and new line appears once, in order", () => {
    const a = Array.from({ length: 300 }, (_, i) => `line ${i}`);
    const b = a.filter((_, i) => i % 7 !== 0).map((l, i) => (i % 11 === 0 ? `${l} changed` : l));
    const d = diffLines(a.join("\n"), b.join("\n"));
    expect(d.filter((x) => x.kind !== "added").map((x) => x.text)).toEqual(a);
    expect(d.filter((x) => x.kind !== "removed").map((x) => x.text)).toEqual(b);
  });
});
