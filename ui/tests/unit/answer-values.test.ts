import { describe, expect, it } from "vitest";
import { answerValues, valueWithUnit } from "../../src/components/report-view";
import type { RunReport } from "../../src/ipc";
import answered from "../fixtures/answered.json";

const base = answered as unknown as RunReport;

describe("answer tiles", () => {
  it("keep the result's order, even for names a map would sort or hoist", () => {
    const r = {
      ...base,
      answer: {
        text: "",
        values: { "10": 1, a: 2, b: 3 },
        items: [
          { name: "b", value: 3 },
          { name: "10", value: 1 },
          { name: "a", value: 2, unit: "percent" },
        ],
      },
    } as RunReport;
    expect(answerValues(r).map((v) => v.name)).toEqual(["b", "10", "a"]);
  });

  it("fall back to the name → value map for runs recorded before items", () => {
    const r = { ...base, answer: { text: "", values: { total: 4 } } } as RunReport;
    expect(answerValues(r)).toEqual([{ name: "total", value: 4 }]);
  });

  it("keep their unit: percent and currencies shown, counts and rates bare", () => {
    expect(valueWithUnit(12.5, "percent", "en")).toBe("12.5 %");
    expect(valueWithUnit(-3, "percent", "en")).toBe("-3 %");
    expect(valueWithUnit(1250, "EUR", "en")).toBe("1,250 EUR");
    expect(valueWithUnit(7, "count", "en")).toBe("7");
    expect(valueWithUnit("North, South", undefined, "en")).toBe("North, South");
  });
});
