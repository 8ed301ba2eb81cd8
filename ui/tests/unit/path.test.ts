// A saved report's path said as a name in a folder.
import { describe, expect, it } from "vitest";
import { splitPath } from "../../src/lib/path";

describe("splitPath", () => {
  it.each([
    ["/home/ada/Documents/total-revenue-per-region-2026-12-04.pdf", "total-revenue-per-region-2026-12-04.pdf", "/home/ada/Documents"],
    ["C:\\Users\\ada\\Documents\\report.html", "report.html", "C:\\Users\\ada\\Documents"],
    ["/report.pdf", "report.pdf", "/"],
    ["report.pdf", "report.pdf", "."],
  ])("%s", (path, name, folder) => {
    expect(splitPath(path)).toEqual({ name, folder });
  });
});
