// The Code step's "What the code will do" is the question's restated
// reading, not the question repeated; and who wrote the code is said in
// words, not as an internal id (issue 20, item 1).
import { beforeEach, describe, expect, it } from "vitest";
import { originText, planLines } from "../../src/components/plan-view";
import { setLanguage } from "../../src/i18n";
import type { Interpretation, RunReport } from "../../src/ipc";
import answered from "../fixtures/answered.json";

const READING = (answered as unknown as RunReport).interpretation as Interpretation;

beforeEach(() => setLanguage("en"));

describe("planLines", () => {
  it("restates the reading of the sample's question (real engine reading): steps, columns, filters", () => {
    expect(planLines({ plan: "Goal: total revenue per region", reading: READING })).toEqual([
      { label: "In words", text: "Computed the total revenue in shop.csv for each region, over all 120 rows, no filter" },
      { label: "File", text: "shop.csv" },
      { label: "Computes", text: "total revenue" },
      { label: "For each", text: "region" },
      { label: "Rows", text: "all rows, no filter" },
      { label: "Columns used", text: "revenue, region" },
    ]);
  });

  it("lists the filters and marks the choices the question did not state", () => {
    const reading: Interpretation = {
      ...READING, grouping: null, filters: ["region is North", "units over 3"],
      assumptions: [{ text: "the total of revenue (no operation was named)" }],
    };
    const lines = planLines({ plan: "", reading });
    expect(lines.find((l) => l.label === "Rows")?.text).toBe("region is North; units over 3");
    expect(lines.some((l) => l.label === "For each")).toBe(false);
    expect(lines.at(-1)).toEqual({ label: "Assumption", text: "the total of revenue (no operation was named)", assumption: true });
  });

  it("without a reading (a model's code), the code's own notes, not the question again", () => {
    expect(planLines({ plan: "Goal: total revenue per region\nGroup the rows by region\nAdd up revenue", reading: null })).toEqual([
      { label: "Note", text: "Group the rows by region" },
      { label: "Note", text: "Add up revenue" },
    ]);
    expect(planLines({ plan: "Goal: only the question", reading: null })).toEqual([]);
  });
});

describe("originText", () => {
  it("says the offline recipes in words", () => {
    expect(originText("offline", null)).toBe("Written by Glovebox's own recipes, on this computer: no language model was used and nothing was sent.");
  });

  it("names the model service, and the model when the settings name it", () => {
    expect(originText("openai", { provider: "openai", model: "gpt-4o-mini" })).toBe("Written by a language model: gpt-4o-mini (OpenAI-compatible model).");
    expect(originText("anthropic", { provider: "openai", model: "gpt-4o-mini" })).toBe("Written by a language model (Anthropic model).");
  });

  it("anything else is shown as it is", () => {
    expect(originText("edited", null)).toBe("Written by: edited");
  });
});

describe("encodingName", () => {
  it("names the encodings people meet by the names they know, in the UI's language", async () => {
    const { encodingName } = await import("../../src/components/file-card");
    expect(encodingName("windows-1252")).toBe("Windows (Western European)");
    expect(encodingName("UTF-16LE")).toBe("UTF-16 (Unicode)");
    expect(encodingName("UTF-8")).toBe("UTF-8");
    setLanguage("fr");
    expect(encodingName("windows-1252")).toBe("Windows (Europe de l'Ouest)");
  });
});
