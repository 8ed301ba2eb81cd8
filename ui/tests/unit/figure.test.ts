// A figure the code drew is shown through <img> from a data URI: its SVG text is
// never parsed into the page, and the URI carries it exactly.
import { describe, expect, it } from "vitest";
import { figureSrc } from "../../src/components/report-view";
import { en } from "../../src/i18n/en";
import { es } from "../../src/i18n/es";
import { fr } from "../../src/i18n/fr";

describe("figures drawn by the code", () => {
  it("travel as an SVG data URI that decodes to the same text", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><text>a < b & "c" # 100% €</text></svg>`;
    const src = figureSrc(svg);
    const prefix = "data:image/svg+xml;charset=utf-8,";
    expect(src.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(src.slice(prefix.length))).toBe(svg);
    // Nothing that would end the attribute or start markup survives unescaped.
    expect(/[<>"# ]/.test(src.slice(prefix.length))).toBe(false);
  });
  it("are labelled in every language", () => {
    for (const m of [en, fr, es]) expect(m["result.drawnByCode"]).toContain("{title}");
    expect(fr["result.drawnByCode"]).not.toBe(en["result.drawnByCode"]);
    expect(es["result.drawnByCode"]).not.toBe(en["result.drawnByCode"]);
  });
});
