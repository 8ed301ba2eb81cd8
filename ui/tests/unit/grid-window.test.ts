// Row window math of the virtualised preview grid.
import { describe, expect, it } from "vitest";
import { blocksFor, MAX_SCROLL_PX, rowWindow } from "../../src/lib/grid-window";

describe("rowWindow", () => {
  it("top of a small file draws every row", () => {
    expect(rowWindow(0, 240, 28, 10)).toEqual({ first: 0, last: 10, offsetPx: 0, totalPx: 280 });
  });
  it("middle of a long file draws the visible rows plus overscan", () => {
    const w = rowWindow(28 * 1000, 240, 28, 100_000, 5);
    expect(w.first).toBe(995);
    expect(w.last).toBe(1000 + Math.ceil(240 / 28) + 1 + 5);
    expect(w.offsetPx).toBeCloseTo(995 * 28, 6);
    expect(w.totalPx).toBe(2_800_000);
  });
  it("end of the file stops at the last row", () => {
    const w = rowWindow(28 * 100_000, 240, 28, 100_000);
    expect(w.last).toBe(100_000);
    expect(w.first).toBeLessThan(100_000);
  });
  it("a million rows fits the browser's height cap and reaches the last row", () => {
    const total = 2_000_000;
    const top = rowWindow(0, 240, 28, total);
    expect(top.totalPx).toBe(MAX_SCROLL_PX);
    const end = rowWindow(MAX_SCROLL_PX - 240, 240, 28, total, 0);
    expect(end.last).toBe(total);
    expect(end.offsetPx).toBeLessThanOrEqual(MAX_SCROLL_PX);
  });
  it("negative scroll and empty files are safe", () => {
    expect(rowWindow(-50, 240, 28, 0)).toEqual({ first: 0, last: 0, offsetPx: 0, totalPx: 0 });
  });
});

describe("blocksFor", () => {
  it("covers the window with aligned blocks", () => {
    expect(blocksFor(0, 10, 200)).toEqual([0]);
    expect(blocksFor(195, 215, 200)).toEqual([0, 200]);
    expect(blocksFor(1000, 1000, 200)).toEqual([]);
  });
});
