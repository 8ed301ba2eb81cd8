// Sizes, durations and numbers as people read them, per UI language.
import { describe, expect, it } from "vitest";
import { formatBytes, formatCell, formatDuration, formatNumber } from "../../src/lib/format";

const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formatNumber", () => {
  it("uses each language's separators", () => {
    expect(formatNumber(6109.2, "en")).toBe("6,109.2");
    expect(nb(formatNumber(6109.2, "fr"))).toBe("6 109,2");
    expect(formatNumber(16109.25, "es")).toBe("16.109,25");
    expect(formatNumber(1 / 3, "en", 2)).toBe("0.33");
    expect(formatNumber(Number.NaN, "en")).toBe("NaN");
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "en", "0 bytes"], [1023, "en", "1,023 bytes"], [6050, "en", "5.9 KB"],
    [47718400, "en", "46 MB"], [1073741824, "en", "1 GB"], [6050, "fr", "5,9 Ko"], [512, "fr", "512 octets"], [47718400, "es", "46 MB"],
  ] as const)("%d in %s is %s", (bytes, lang, text) => expect(nb(formatBytes(bytes, lang))).toBe(text));
});

describe("formatDuration", () => {
  it.each([
    [45, "en", "45 ms"], [948, "en", "948 ms"], [1500, "en", "1.5 s"], [1500, "fr", "1,5 s"],
    [12_000, "en", "12 s"], [60_000, "en", "1 min"], [61_000, "es", "1 min 1 s"], [90_000, "fr", "1 min 30 s"],
  ] as const)("%d ms in %s is %s", (ms, lang, text) => expect(formatDuration(ms, lang)).toBe(text));
});

describe("formatCell", () => {
  it("formats numbers, keeps text, empties null", () => {
    expect(formatCell(5394.6, "en")).toBe("5,394.6");
    expect(formatCell("North", "fr")).toBe("North");
    expect(formatCell(null, "es")).toBe("");
  });
});
