// How a question was read, restated above its answer, and the rephrasings
// offered when it was not understood: the text each helper gives to the
// screens (issue 15, items 2 and 3).
import { beforeEach, describe, expect, it } from "vitest";
import { readingLines } from "../../src/components/reading";
import { stopReasonText } from "../../src/components/report-view";
import { setLanguage } from "../../src/i18n";
import { toIpcError, type Interpretation, type RunReport } from "../../src/ipc";
import { cleanSuggestions, withoutAskList } from "../../src/lib/suggestions";
import answered from "../fixtures/answered.json";
import answeredFr from "../fixtures/answered-fr.json";
import blocked from "../fixtures/blocked.json";
import stopped from "../fixtures/stopped.json";

const STOPPED = stopped as unknown as RunReport;
const READING = (answered as unknown as RunReport).interpretation as Interpretation;
const HOSTILE = "<img src=x onerror=alert(1)>";

beforeEach(() => setLanguage("en"));

describe("the message without its list of rephrasings", () => {
  it("cuts the engine's own 'You could ask: …' sentence (real stopped run)", () => {
    const reason = STOPPED.stop_reason ?? "";
    expect(reason).toContain("You could ask:");
    const cut = withoutAskList(reason, STOPPED.suggestions);
    expect(cut.startsWith("the offline recipes did not understand what to compute")).toBe(true);
    expect(cut.endsWith("customer_age (numbers), returned (yes/no).")).toBe(true);
    expect(cut).not.toContain("You could ask");
    for (const s of STOPPED.suggestions) expect(cut).not.toContain(s);
  });

  it("in French and Spanish too, non-breaking spaces included", () => {
    const fr = "la question n'est pas claire. Colonnes de vos fichiers : ville (texte). Vous pourriez demander : « total de ventes par ville », « moyenne de ventes ».";
    expect(withoutAskList(fr, ["total de ventes par ville", "moyenne de ventes"])).toBe("la question n'est pas claire. Colonnes de vos fichiers : ville (texte).");
    const frNbsp = "pas clair. Vous pourriez demander\u00a0: « moyenne de ventes ».";
    expect(withoutAskList(frNbsp, ["moyenne de ventes"])).toBe("pas clair.");
    const es = "no se entendió. Columnas de sus archivos: ciudad (texto). Podría preguntar: « media de ventas ».";
    expect(withoutAskList(es, ["media de ventas"])).toBe("no se entendió. Columnas de sus archivos: ciudad (texto).");
  });

  it("leaves the message whole without suggestions, or without the sentence", () => {
    expect(withoutAskList(STOPPED.stop_reason ?? "", [])).toBe(STOPPED.stop_reason);
    expect(withoutAskList("the file is not a table.", ["average of units"])).toBe("the file is not a table.");
  });

  it("cuts at the list itself, not at the words inside a column name or a suggestion", () => {
    const column = "not clear. Columns in your files: You could ask: me (text), units (numbers). You could ask: “average of units”.";
    expect(withoutAskList(column, ["average of units"])).toBe("not clear. Columns in your files: You could ask: me (text), units (numbers).");
    const inside = "not clear. You could ask: “total of You could ask: x”, “average of units”.";
    expect(withoutAskList(inside, ["total of You could ask: x", "average of units"])).toBe("not clear.");
    // A list that does not hold every suggestion is not the list: nothing is cut.
    expect(withoutAskList("not clear. You could ask: “a”.", ["a", "b"])).toBe("not clear. You could ask: “a”.");
  });

  it("a stopped run's reason loses its list only when the buttons are shown", () => {
    expect(stopReasonText(STOPPED, true)).toBe(withoutAskList(STOPPED.stop_reason ?? "", STOPPED.suggestions));
    expect(stopReasonText(STOPPED, false)).toBe(STOPPED.stop_reason);
    expect(stopReasonText({ ...STOPPED, stop_reason: null }, true)).toBe("No answer.");
    const blockedRun = blocked as unknown as RunReport;
    expect(stopReasonText(blockedRun, true)).toBe(blockedRun.stop_reason);
  });
});

describe("suggestions from the shell", () => {
  it("keeps strings, once each, without blanks", () => {
    expect(cleanSuggestions(["a", " a ", "", "  ", 3, null, "b"])).toEqual(["a", "b"]);
    expect(cleanSuggestions(undefined)).toEqual([]);
    expect(cleanSuggestions("average of units")).toEqual([]);
  });

  it("an IPC error carries them; other errors have none", () => {
    const e = toIpcError({ code: "goal", message: STOPPED.stop_reason, suggestions: STOPPED.suggestions });
    expect(e.code).toBe("goal");
    expect(e.suggestions).toEqual(["average of units", "total of units per region", "average of unit_price"]);
    expect(toIpcError({ code: "model", message: "no answer" }).suggestions).toEqual([]);
    expect(toIpcError("boom").suggestions).toEqual([]);
  });
});

describe("the reading restated", () => {
  it("nothing without a question or a reading (code by a model or by hand)", () => {
    expect(readingLines(null, null)).toEqual([]);
    expect(readingLines("  ", undefined)).toEqual([]);
    expect(readingLines(null, (blocked as unknown as RunReport).interpretation)).toEqual([]);
  });

  it("the question alone when the reading is unknown", () => {
    expect(readingLines(" total revenue per region ", null)).toEqual([
      { kind: "question", label: "You asked:", text: "total revenue per region" },
    ]);
  });

  it("the question, then the engine's sentence (real answered run)", () => {
    expect(readingLines("total revenue per region", READING)).toEqual([
      { kind: "question", label: "You asked:", text: "total revenue per region" },
      { kind: "sentence", label: "Read as:", text: "Computed the total revenue in shop.csv for each region, over all 120 rows, no filter" },
    ]);
  });

  it("each assumption marked as one, then the context set aside", () => {
    const reading = {
      ...READING,
      assumptions: [
        { text: "\"how many\" read as the total of units", instead: " how many rows " },
        { text: " " },
        { text: "the year read from date", instead: "  " },
      ],
      context: ["I'm preparing the board meeting", "for my boss"],
    };
    expect(readingLines(null, reading)).toEqual([
      { kind: "sentence", label: "Read as:", text: READING.sentence },
      { kind: "assumption", label: "Assumption", text: "\"how many\" read as the total of units", instead: "how many rows" },
      { kind: "assumption", label: "Assumption", text: "the year read from date", instead: null },
      { kind: "context", text: "Not used: “I'm preparing the board meeting”, “for my boss”" },
    ]);
  });

  it("labels in the UI's language, the engine's words as they are", () => {
    const fr = (answeredFr as unknown as RunReport).interpretation as Interpretation;
    const reading = { ...fr, assumptions: [{ text: "« combien » lu comme le total de units" }], context: ["je prépare le conseil"] };
    setLanguage("fr");
    expect(readingLines("chiffre d'affaires mensuel", reading)).toEqual([
      { kind: "question", label: "Votre question :", text: "chiffre d'affaires mensuel" },
      { kind: "sentence", label: "Comprise comme :", text: fr.sentence },
      { kind: "assumption", label: "Hypothèse", text: "« combien » lu comme le total de units", instead: null },
      { kind: "context", text: "Non utilisé : « je prépare le conseil »" },
    ]);
    setLanguage("es");
    expect(readingLines(null, reading).map((l) => ("label" in l ? l.label : l.text))).toEqual([
      "Entendida como:", "Supuesto", "No usado: «je prépare le conseil»",
    ]);
  });

  it("hostile text stays text, unchanged", () => {
    const reading = { ...READING, sentence: `Computed ${HOSTILE}`, assumptions: [{ text: HOSTILE, instead: HOSTILE }], context: ["<script>alert(2)</script>"] };
    const lines = readingLines(HOSTILE, reading);
    expect(lines.map((l) => l.text)).toEqual([HOSTILE, `Computed ${HOSTILE}`, HOSTILE, "Not used: “<script>alert(2)</script>”"]);
  });
});
